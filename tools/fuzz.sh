#!/usr/bin/env bash
# Runs each libFuzzer target for N seconds on its seed corpus; prints executions.
# Usage: tools/fuzz.sh [SECONDS] [JOBS]. JOBS fuzzers run at once (default 1): each libFuzzer
# process is one thread, so `make test` runs as many as there are cores (tools/test.sh), and
# every fuzzer still has its SECONDS of a core to itself; the summaries print in name order.
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-15}
jobs=${2:-1}
status=0
outdir=$(mktemp -d /tmp/tinwar-fuzz-XXXXXX)
trap 'rm -rf "$outdir"' EXIT
one() { # fuzzer path; writes its output and exit status into $outdir
  local f=$1 name corpus seeds dict rc
  name=$(basename "$f")
  corpus=build/fuzz/corpus-$name
  mkdir -p "$corpus"
  seeds=fuzz/seeds/${name#fuzz_}
  dict=fuzz/${name#fuzz_}.dict # a fuzzer's own dictionary, if it has one
  [ -f "$dict" ] || dict=fuzz/tinwar.dict
  "$f" -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -dict="$dict" "$corpus" \
    ${seeds:+$( [ -d "$seeds" ] && echo "$seeds")} >"$outdir/$name.out" 2>&1
  rc=$?
  echo "$rc" >"$outdir/$name.rc"
}
names=()
running=0
for f in build/fuzz/fuzz_*; do
  [ -x "$f" ] || continue
  names+=("$(basename "$f")")
  if [ "$running" -ge "$jobs" ]; then
    wait -n
    running=$((running - 1))
  fi
  one "$f" &
  running=$((running + 1))
done
wait
for name in "${names[@]}"; do
  out=$(cat "$outdir/$name.out" 2>/dev/null)
  rc=$(cat "$outdir/$name.rc" 2>/dev/null || echo 1)
  execs=$(printf '%s\n' "$out" | grep -oE 'Done [0-9]+ runs' | tail -1)
  echo "$name: ${execs:-no summary} (exit $rc)"
  if [ "$rc" -ne 0 ]; then printf '%s\n' "$out" | tail -40; status=1; fi
done
exit $status
