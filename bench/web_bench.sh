#!/bin/sh
# The page's benchmark (`make bench`): starts `tinwar serve` on a free loopback port with a
# scratch database and runs tests/web/bench.js in headless Chromium (Debian's chromium and
# playwright-core from npm, as the browser tests). Skips, saying why, when either is missing.
# Usage: bench/web_bench.sh TINWAR_SERVE
set -eu
cd "$(dirname "$0")/.."
SERVE=${1:-build/release/tinwar-serve}
PORT=${TW_WEB_PORT:-18299}
CHROMIUM=${TW_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$CHROMIUM" ]; then
	echo "page bench: skipped: no Chromium at $CHROMIUM (Debian's chromium package; tools/web_test.sh installs it)"
	exit 0
fi
if ! command -v node >/dev/null || [ ! -d tests/web/node_modules/playwright-core ]; then
	echo "page bench: skipped: node or playwright-core missing (tools/web_test.sh installs them: cd tests/web && npm ci)"
	exit 0
fi
if [ ! -x "$SERVE" ]; then
	echo "page bench: skipped: no server at $SERVE"
	exit 0
fi
DB=$(mktemp /tmp/tinwar-bench-XXXXXX.db)
rm -f "$DB"
PID=""
trap 'if [ -n "$PID" ]; then kill "$PID" 2>/dev/null || true; wait "$PID" 2>/dev/null || true; fi; rm -f "$DB" "$DB-wal" "$DB-shm" "$DB.key"' EXIT INT TERM
tries=0
while :; do
	while curl -s -o /dev/null "http://127.0.0.1:$PORT/" 2>/dev/null && [ $tries -lt 20 ]; do
		PORT=$((PORT + 1))
		tries=$((tries + 1))
	done
	"$SERVE" --port "$PORT" --db "$DB" --quiet >/dev/null &
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
	[ $up = 1 ] && kill -0 "$PID" 2>/dev/null && break
	kill "$PID" 2>/dev/null || true
	wait "$PID" 2>/dev/null || true
	PID=""
	tries=$((tries + 1))
	[ $tries -lt 20 ] || { echo "page bench: the server did not start" >&2; exit 1; }
	PORT=$((PORT + 1))
done
TW_URL="http://127.0.0.1:$PORT" node tests/web/bench.js
