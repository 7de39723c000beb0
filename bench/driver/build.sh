#!/bin/sh
# Builds bench/driver/perf_check against a build directory's libraries (default build/release).
set -e
cd "$(dirname "$0")/../.."
B=${1:-build/release}
LIBS="$B/libtinwar.a"
for l in rules ai render physics core; do
	[ -f "$B/libtinwar_$l.a" ] && LIBS="$LIBS $B/libtinwar_$l.a"
done
${CC:-gcc} -O2 -g -std=c17 -D_DEFAULT_SOURCE -Iinclude -Isrc bench/driver/perf_check.c -o "$B/perf_check" \
	$LIBS $(pkg-config --libs jansson sqlite3 ode lua5.4 cairo) $(pkg-config --libs libsodium 2>/dev/null) -lpthread -lm
