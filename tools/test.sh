#!/usr/bin/env bash
# Runs every test suite; prints a closing "N passed, N failed" line.
#
# What runs where (docs/design.md, "The test command's time": make test, clean builds included,
# stays under about 20 minutes on a 2-core machine):
# - gcc Debug (the checking build: the state's invariants after every order) and gcc Release:
#   every ctest program, with the full counts of random cases and games.
# - clang Release: the `golden` label only, the programs that check pinned hashes and golden
#   pictures (the determinism promise: the same hash on every build); make test builds only
#   those there (`make clang-golden`, CMake's tw_golden). clang compiles every file, warnings as
#   errors, in the ASan+UBSan tree; the other programs' Release behaviour is gcc Release's.
# - ASan+UBSan (clang Debug): every program; the many-games tests play the first of their games
#   (tests/support/test_scale.h).
# - ctest runs one program more than there are cores: some programs mostly wait (a real-time
#   clock, a server's poll, a watchdog: test_sv_term, test_server, test_lw_big_server,
#   test_server_load, test_lua_watchdog, about 60 s of each tree's run) and a core would idle.
# - The browser suite once, every block, against the ASan+UBSan server (a Debug build: it checks
#   the state's invariants as the gcc Debug server did, and memory and undefined behaviour
#   besides); TW_WEB_PARTS=2 runs it in two parts at once. It ran twice before, whole, on the
#   gcc Debug server and then (less two blocks) on the ASan one.
# - The fuzzers as many at once as there are cores (each is one thread), each for its seconds.
set -uo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=${1:-15}
pass=0; fail=0
t_all=$SECONDS
run() { # name, command... (each part's time is printed: CI's log says where the minutes go)
  local name=$1 t0=$SECONDS; shift
  echo "== $name"
  if "$@"; then pass=$((pass+1)); echo "-- $name: passed in $((SECONDS - t0)) s"
  else fail=$((fail+1)); echo "FAILED: $name (after $((SECONDS - t0)) s)"; fi
}
J=$(nproc 2>/dev/null || echo 2)
C=$((J + 1))
run "unit+conformance (gcc Debug)" ctest --test-dir build/debug --output-on-failure -j"$C"
run "unit+conformance (gcc Release)" ctest --test-dir build/release --output-on-failure -j"$C"
run "golden hashes (clang Release)" ctest --test-dir build/clang --output-on-failure -j"$C" -L golden
run "ASan+UBSan (clang Debug)" env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
    ctest --test-dir build/asan --output-on-failure -j"$C"
# The browser suite on the ASan+UBSan server, with the stacks it has in use: civetweb's workers
# as Debian built them, the work threads at tw_server_opts.stack_kib (issue 13). Every block,
# the whole-game ones of many browser contexts included, in one run (about 300 s).
# TW_WEB_PARTS=2 runs it in two parts at once instead, each with its own server, database and
# browsers: the SvL, lw-gen and ll-rest blocks (151 s of blocks on make test's last run), and
# the others (148 s), each part keeping its blocks' order. Not the default: on this shared
# machine (load 14-24) the two parts took 250 s in all where one run took 300 s idle, but a
# block of six browser contexts ran out of its 10 s waits in both tries (design.md).
browser_part() { # log file, port, TW_ONLY or TW_SKIP=regex
  env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 TW_SERVE=build/asan/tinwar-serve \
      TW_SHOTS=build/asan/web-screenshots TW_WEB_PORT="$2" "$3" tools/web_test.sh >"$1" 2>&1
}
browser() {
  if [ "${TW_WEB_PARTS:-1}" != 2 ]; then
    env ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 TW_SERVE=build/asan/tinwar-serve \
        TW_SHOTS=build/asan/web-screenshots TW_WEB_PORT=18198 tools/web_test.sh
    return
  fi
  local part='^(svl |lw-gen |ll-rest: )' a b ra rb pa pb
  TW_PREPARE_ONLY=1 tools/web_test.sh || return 1 # one install, not two racing
  a=$(mktemp /tmp/tinwar-web-a-XXXXXX); b=$(mktemp /tmp/tinwar-web-b-XXXXXX)
  browser_part "$a" 18198 "TW_SKIP=$part" & pa=$!
  browser_part "$b" 18298 "TW_ONLY=$part" & pb=$!
  wait "$pa"; ra=$?; wait "$pb"; rb=$?
  echo "-- the other blocks"; grep -v '^skip .* (TW_SKIP)$' "$a"
  echo "-- the SvL, lw-gen and ll-rest blocks"; cat "$b"
  rm -f "$a" "$b"
  [ "$ra" -eq 0 ] && [ "$rb" -eq 0 ]
}
run "browser table on the ASan+UBSan server (Playwright, headless chromium)" browser
run "fuzzers (${fuzz_seconds}s each, $J at once)" tools/fuzz.sh "$fuzz_seconds" "$J"
echo
echo "$pass passed, $fail failed ($((SECONDS - t_all)) s of tests, the builds before them not counted)"
[ "$fail" -eq 0 ]
