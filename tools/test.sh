#!/usr/bin/env bash
# Runs every test suite; prints a closing "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=${1:-15}
pass=0; fail=0
run() { # name, command...
  local name=$1; shift
  echo "== $name"
  if "$@"; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAILED: $name"; fi
}
J=$(nproc 2>/dev/null || echo 2)
run "unit+conformance (gcc Debug)" ctest --test-dir build/debug --output-on-failure -j"$J"
run "unit+conformance (gcc Release)" ctest --test-dir build/release --output-on-failure -j"$J"
run "unit+conformance (clang Release)" ctest --test-dir build/clang --output-on-failure -j"$J"
run "ASan+UBSan (clang Debug)" env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
    ctest --test-dir build/asan --output-on-failure -j"$J"
run "browser table (Playwright, headless chromium)" env TW_SERVE=build/debug/tinwar-serve \
    TW_SHOTS=build/debug/web-screenshots tools/web_test.sh
# The same browser suite against the ASan+UBSan server, with the stacks it has in use: civetweb's
# workers as Debian built them, the work threads at tw_server_opts.stack_kib (issue 13). Two
# whole-game blocks of many browser contexts (1.5 minutes of the run) are played on the Debug
# server only: their server paths run under ASan in ctest (test_server_series: a whole SvL series
# through the WebSocket; test_server_roles: per-arm seats, three players a side at once), and
# every other block, each rule set's panels included, runs here too.
run "browser table on the ASan+UBSan server" env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
    TW_SERVE=build/asan/tinwar-serve TW_SHOTS=build/asan/web-screenshots TW_WEB_PORT=18198 \
    TW_SKIP='^(svl whole game|lw-gen kriegspiel: two teams of three)' \
    tools/web_test.sh
run "fuzzers (${fuzz_seconds}s each)" tools/fuzz.sh "$fuzz_seconds"
echo
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
