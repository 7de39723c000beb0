#!/bin/sh
# Checks that an Open MPI study equals the single-process study, byte for byte (JSON output).
# usage: tools/mpi_check.sh [MPI_TINWAR [PLAIN_TINWAR [RANKS [GAMES]]]]
#   MPI_TINWAR: a tinwar built with -DTINWAR_MPI=ON (default build/mpi/tinwar)
#   PLAIN_TINWAR: any tinwar (default: the same binary run without mpirun, i.e. one rank)
set -eu
MPI_BIN=${1:-build/mpi/tinwar}
PLAIN_BIN=${2:-$MPI_BIN}
RANKS=${3:-3}
GAMES=${4:-12}
SCEN=${SCEN:-scenarios/littlewars/hooks-farm.json}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
args="sim $SCEN --games $GAMES --seed 77 --red lw-default --blue random --json --quiet"
"$PLAIN_BIN" $args --jobs 2 > "$tmp/one.json"
mpirun --oversubscribe -n "$RANKS" "$MPI_BIN" $args --jobs 1 > "$tmp/mpi.json"
if ! grep -q '"red_wins"' "$tmp/one.json"; then
	echo "mpi_check: no study output" >&2
	exit 1
fi
if cmp -s "$tmp/one.json" "$tmp/mpi.json"; then
	echo "mpi_check: $RANKS ranks give the same $GAMES-game study as one process"
else
	echo "mpi_check: DIFFERENT" >&2
	diff "$tmp/one.json" "$tmp/mpi.json" >&2 || true
	exit 1
fi
