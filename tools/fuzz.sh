#!/usr/bin/env bash
# Runs each libFuzzer target for N seconds on its seed corpus; prints executions.
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-15}
status=0
for f in build/fuzz/fuzz_*; do
  [ -x "$f" ] || continue
  name=$(basename "$f")
  corpus=build/fuzz/corpus-$name
  mkdir -p "$corpus"
  seeds=fuzz/seeds/${name#fuzz_}
  dict=fuzz/${name#fuzz_}.dict # a fuzzer's own dictionary, if it has one
  [ -f "$dict" ] || dict=fuzz/tinwar.dict
  out=$("$f" -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -dict="$dict" "$corpus" ${seeds:+$( [ -d "$seeds" ] && echo "$seeds")} 2>&1)
  rc=$?
  execs=$(printf '%s\n' "$out" | grep -oE 'Done [0-9]+ runs' | tail -1)
  echo "$name: ${execs:-no summary} (exit $rc)"
  if [ $rc -ne 0 ]; then printf '%s\n' "$out" | tail -40; status=1; fi
done
exit $status
