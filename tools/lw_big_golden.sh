#!/bin/sh
# Writes the large Country's and the Kriegspiel's golden replays (issue 18, lw-gen):
# tests/golden/lw-large-country-12.log.json and lw-kriegspiel-12.log.json, lw-big against lw-big
# for 12 game moves (the bundled scenario with max_moves 12), seed 3, unsigned. test_lw_big_works
# replays them and pins their final hashes: when a rule change moves a hash, say why, run this
# with the new build (tools/lw_big_golden.sh build/debug/tinwar) and re-pin.
set -e
cd "$(dirname "$0")/.."
T=${1:-build/debug/tinwar}
tmp=$(mktemp -d)
for f in large-country kriegspiel; do
	python3 - "$f" "$tmp" <<'PY'
import json, sys
f, tmp = sys.argv[1], sys.argv[2]
d = json.load(open('scenarios/littlewars/%s.json' % f))
d['params']['max_moves'] = 12
json.dump(d, open('%s/%s-12.json' % (tmp, f), 'w'))
PY
	"$T" play "$tmp/$f-12.json" --red lw-big --blue lw-big --seed 3 --log "tests/golden/lw-$f-12.log.json" --no-sign --quiet
	"$T" replay "tests/golden/lw-$f-12.log.json"
done
rm -rf "$tmp"
