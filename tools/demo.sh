#!/usr/bin/env bash
# make demo: the battle of Hook's Farm, computer against computer, with physical gunfire, told
# as a short story; then the battle report. Everything it writes goes under build/demo/ (the
# build's own output goes to build/demo/build.log and is shown only if the build fails).
set -euo pipefail
cd "$(dirname "$0")/.."
tw=build/tinwar
out=build/demo
mkdir -p "$out"
echo "Building tinwar (Release; the log is $out/build.log) ..."
if ! { tools/deps.sh && make --no-print-directory release; } > "$out/build.log" 2>&1; then
	tail -n 40 "$out/build.log"
	echo "make demo: the build failed; the whole log is $out/build.log" >&2
	exit 1
fi
seed=${SEED:-1913}
echo
echo "The battle of Hook's Farm (H. G. Wells, Little Wars, 1913): Red, the computer's default"
echo "general, against Blue, the computer's 'concentrate' general; every shot flies as physics."
echo "Seed $seed. Each rule the engine applies is cited by its clause id (LW.MV.1 and so on)."
echo
"$tw" play scenarios/littlewars/hooks-farm.json --red ai --blue lw-concentrate --seed "$seed" \
	--log "$out/hooks-farm-log.json" --save "$out/hooks-farm-final.json" > "$out/hooks-farm-play.txt"
awk -f tools/demo_story.awk "$out/hooks-farm-play.txt"
echo
"$tw" replay "$out/hooks-farm-log.json" | sed 's/^/  Replay: /'
"$tw" render "$out/hooks-farm-final.json" -o "$out/hooks-farm-final.png" > /dev/null
"$tw" report "$out/hooks-farm-log.json" -o "$out/hooks-farm-report.html" > /dev/null
echo
echo "Every event, with the rule that decided it:  $out/hooks-farm-play.txt"
echo "The game log (replay: $tw replay $out/hooks-farm-log.json):  $out/hooks-farm-log.json"
echo "The final position:  $out/hooks-farm-final.png"
echo "The battle report, move by move, with pictures -- open it in a browser:"
echo "  $out/hooks-farm-report.html"
