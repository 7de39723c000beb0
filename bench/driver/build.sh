#!/bin/sh
# Builds bench/driver/perf_check against a build directory's libtinwar.a (default build/release).
set -e
cd "$(dirname "$0")/../.."
B=${1:-build/release}
${CC:-gcc} -O2 -g -std=c17 -D_DEFAULT_SOURCE -Iinclude -Isrc bench/driver/perf_check.c -o "$B/perf_check" \
	"$B/libtinwar.a" $(pkg-config --libs jansson sqlite3 ode lua5.4 cairo) -lpthread -lm
