# The story of a Little Wars game from `tinwar play`'s event lines (make demo): one line a game
# move in which something happened (shots, men killed by gunfire, melees and their outcome,
# prisoners), then how the game ended and by which rule. Reads the clause ids the engine cites.
function flush() {
	if (move == "" ) return
	s = ""
	if (shots) s = s sprintf("%d shot%s", shots, shots > 1 ? "s" : "")
	if (killed) s = s (s ? ", " : "") sprintf("%d killed by gunfire", killed)
	if (s != "" || nmel) {
		if (s == "") s = nmel == 1 ? "a melee, no firing" : sprintf("%d melees, no firing", nmel)
		printf "  Move %s (%s): %s\n", move, mover, s
		for (i = 1; i <= nmel; i++) printf "      %s\n", mel[i]
	}
	shots = killed = nmel = 0
}
/\[LW\.MV\.6\] Game move/ {
	flush()
	match($0, /Game move [0-9]+/); move = substr($0, RSTART + 10, RLENGTH - 10)
	match($0, /: [a-z]+ moves/); mover = substr($0, RSTART + 2, RLENGTH - 8)
	next
}
/\[LW\.MV\.1\] .* wins the toss/ { sub(/^ *\[LW\.MV\.1\] /, ""); print "  The toss: " $0 " (LW.MV.1)"; next }
/\[LW\.MOB\.6\] .* fires shot/ { shots++; next }
/\[LW\.FIRE\.[14]\] .*: dead/ { killed++; next }
/\[LW\.MEL\.[5-9]\] Melee [0-9]+:/ { l = $0; sub(/^ */, "", l); mel[++nmel] = l; next }
/\[LW\.VAR\.[0-9]+\] (Drawn|.* wins)/ { flush(); l = $0; sub(/^ */, "", l); end = l; next }
/\[LW\.VAR\.2\] .* scores/ { l = $0; sub(/^ *\[LW\.VAR\.2\] /, "", l); score = score (score ? ", " : "") l; next }
END {
	flush()
	if (end != "") print "  The end: " end
	if (score != "") print "  Points (LW.VAR.2): " score
	if (end ~ /Drawn: both sides are down to fewer than/ && score != "")
		print "  Why a draw whatever the points: the game ended under LW.VAR.3 (both sides below the\n" \
		      "  threshold: 15 men, or 10 in a small game by LW.VAR.4), which makes it a draw and splits\n" \
		      "  the 100 victory points 50/50; the rest of the points (men, guns, prisoners) are kept for\n" \
		      "  the record and for a campaign (LW.CAMP.2)."
	else if (end ~ /wins/ && score != "")
		print "  The winner scores the 100 for victory on top of men, guns and prisoners (LW.VAR.2)."
}
