#!/bin/sh
# Browser tests of `tinwar serve`: Playwright (playwright-core from npm) drives Debian's chromium
# headless. Installs what it needs, builds, starts the server on a loopback port, runs the tests
# and stops the server. Usage: tools/web_test.sh [BUILD_DIR]
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build/web}
PORT=${TW_WEB_PORT:-18199}
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo
if [ ! -x /usr/bin/chromium ]; then
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get install -y -qq chromium >/dev/null 2>&1 || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null; }
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
	$SUDO apt-get install -y -qq nodejs npm >/dev/null
fi
if [ ! -d tests/web/node_modules/playwright-core ]; then
	(cd tests/web && { npm ci --no-audit --no-fund || npm install --no-audit --no-fund; })
fi
# TW_PREPARE_ONLY=1: install what the suite needs and stop (make test with TW_WEB_PARTS=2 does
# it once before it runs two parts of the suite at once, so that two installs never race).
[ "${TW_PREPARE_ONLY:-0}" = 1 ] && exit 0
# TW_SERVE names an already built tinwar-serve (make test passes the ASan+UBSan one).
SERVE=${TW_SERVE:-}
if [ -z "$SERVE" ]; then
	cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=Debug -DTINWAR_TESTS=OFF >/dev/null
	cmake --build "$BUILD" -j2 --target tinwar_serve >/dev/null
	SERVE="$BUILD/tinwar-serve"
fi
DB=$(mktemp /tmp/tinwar-web-XXXXXX.db)
rm -f "$DB"
# Our own server, on the first free port from PORT: a server that cannot listen exits, and we
# try the next port rather than testing whatever else answers on that one.
PID=""
trap 'if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi; rm -f "$DB" "$DB-wal" "$DB-shm" "$DB.key" "$DB-series"' EXIT INT TERM
tries=0
while :; do
	# A port something already answers on is not ours.
	while curl -s -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null && [ $tries -lt 20 ]; do
		PORT=$((PORT + 1))
		tries=$((tries + 1))
	done
	# The suite creates some 30 games from one address, most left unfinished: more than the 20 a
	# single address may hold by default (--max-games-per-addr).
	# TW_SERVE_LOG=FILE: the server's log (not --quiet) into FILE, for a failure's story.
	if [ -n "${TW_SERVE_LOG:-}" ]; then
		"$SERVE" --port "$PORT" --db "$DB" --max-games-per-addr 200 2>>"$TW_SERVE_LOG" &
	else
		"$SERVE" --port "$PORT" --db "$DB" --max-games-per-addr 200 --quiet &
	fi
	PID=$!
	i=0
	up=0
	while kill -0 "$PID" 2>/dev/null; do
		if curl -sf "http://127.0.0.1:$PORT/api/rulesets" >/dev/null 2>&1; then
			up=1
			break
		fi
		i=$((i + 1))
		[ $i -lt 100 ] || break
		sleep 0.1
	done
	sleep 0.2
	[ $up = 1 ] && kill -0 "$PID" 2>/dev/null && break
	kill "$PID" 2>/dev/null || true
	wait "$PID" 2>/dev/null || true
	PID=""
	tries=$((tries + 1))
	[ $tries -lt 20 ] || { echo "web_test: the server did not start (ports $((PORT - tries + 1))..$PORT)" >&2; exit 1; }
	PORT=$((PORT + 1))
done
set +e
TW_URL="http://127.0.0.1:$PORT" TW_SHOTS="${TW_SHOTS:-$BUILD/web-screenshots}" node tests/web/table.test.js
rc=$?
# The server stops on SIGTERM and exits 0; anything else (a sanitizer's report at exit, a crash)
# fails the run.
kill -TERM "$PID" 2>/dev/null
wait "$PID"
src=$?
trap - EXIT INT TERM
rm -f "$DB" "$DB-wal" "$DB-shm" "$DB.key" "$DB-series"
if [ "$src" -ne 0 ]; then
	echo "web_test: the server exited with status $src" >&2
	[ "$rc" -ne 0 ] || rc=1
fi
exit "$rc"
