#!/bin/sh
# bench-arena-dask.sh: the arena's games per second in-process (carcassonne-arena) and over a
# LocalCluster of 2 Dask workers (carcassonne-arena-dask), the same games: greedy against
# greedy, 2 players, base game. The Dask figure counts from the cluster being up to the last
# record gathered (the cluster's start is its own line). Wall time on a shared machine: read
# it with the load (doc/arena.md, "Dask"). Usage: bench-arena-dask.sh [GAMES] (default 40).
# Run by `make bench` in the build tree; without Dask or PyGObject it says so and exits 0.
set -eu
n=${1:-40}
PY=${PYTHON3:-python3}
if ! "$PY" -c "import gi, distributed" >/dev/null 2>&1 ||
  [ ! -f introspection/Carcassonne-1.0.typelib ]; then
  echo "# arena.dask.games_per_s skipped: no python3-distributed, PyGObject or typelib"
  exit 0
fi
GI_TYPELIB_PATH=$PWD/introspection LD_LIBRARY_PATH=$PWD/core/engine/.libs
CARCASSONNE_PLUGIN_DIR=$PWD/plugins/.libs CARCASSONNE_ARENA=$PWD/core/arena/carcassonne-arena
export GI_TYPELIB_PATH LD_LIBRARY_PATH CARCASSONNE_PLUGIN_DIR CARCASSONNE_ARENA
set -- --bot greedy --bot greedy --games "$n" --seed 1
load=$(cut -d' ' -f1 /proc/loadavg)
c=$(core/arena/carcassonne-arena "$@" 2>&1 >/dev/null | sed -n 's/.* \([0-9.]*\) games\/s$/\1/p')
d=$("$PY" core/arena/carcassonne-arena-dask --workers 2 "$@" 2>&1 >/dev/null | sed -n \
  's/^dask: cluster up in \([0-9.]*\) s;.*s, \([0-9.]*\) games\/s$/\1 \2/p')
echo "arena.games_per_s $c games/s # carcassonne-arena in-process, greedy v greedy, $n base games, load $load"
echo "arena.dask.games_per_s ${d#* } games/s # carcassonne-arena-dask, LocalCluster of 2 workers, the same games"
echo "arena.dask.startup_s ${d% *} s # the LocalCluster of 2 workers up"
