#!/usr/bin/env bash
# make demo: the battle of Hook's Farm, computer against computer, with physical gunfire;
# then the battle report. Everything it writes goes under build/demo/.
set -euo pipefail
cd "$(dirname "$0")/.."
tw=build/tinwar
out=build/demo
mkdir -p "$out"
seed=${SEED:-1913}
echo "== Hook's Farm (H. G. Wells, Little Wars), computer against computer, seed $seed"
"$tw" play scenarios/littlewars/hooks-farm.json --red ai --blue lw-concentrate --seed "$seed" \
	--log "$out/hooks-farm-log.json" --save "$out/hooks-farm-final.json" > "$out/hooks-farm-play.txt"
grep -E "^\s+\[LW\.(MEL\.[5-7]|CAP\.1|VAR\.[1-6])\]" "$out/hooks-farm-play.txt" | head -n 12 || true
echo "   ..."
tail -n 3 "$out/hooks-farm-play.txt"
echo
"$tw" replay "$out/hooks-farm-log.json"
"$tw" render "$out/hooks-farm-final.json" -o "$out/hooks-farm-final.png" > /dev/null
"$tw" report "$out/hooks-farm-log.json" -o "$out/hooks-farm-report.html"
echo
echo "Every event, with the rule that decided it:  $out/hooks-farm-play.txt"
echo "The game log (replay: $tw replay $out/hooks-farm-log.json):  $out/hooks-farm-log.json"
echo "The final position:  $out/hooks-farm-final.png"
echo "The battle report, move by move:  $out/hooks-farm-report.html"
