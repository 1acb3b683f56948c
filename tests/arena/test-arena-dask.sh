#!/bin/sh
# test-arena-dask.sh: carcassonne-arena-dask (doc/arena.md, "Dask") on a LocalCluster of 2
# workers against carcassonne-arena in-process, for the same bots and seeds (random, greedy
# and mcts with a budget in iterations: all deterministic), 3 seats, the base game, a set of
# two expansions and "all" (every plugin of the build tree): the records are byte-identical
# (each seat's bot and bot seed, each game's seed and setup, as doc/arena.md "Seats and
# seeds" says; the file names with the set's comma as '+') and the statistics output, which
# carcassonne-arena --from-records prints from the gathered records, is the same. Usage errors
# exit 2 with the C arena's message before any cluster starts; a game that fails in a worker
# exits 1 naming it; a scheduler no worker joins ends the run after --worker-timeout (exit 1).
# Without PyGObject, Dask (python3-distributed) or the typelib (configured without
# introspection, as tools/sanitize does): skipped (exit 77, tests/common/require.sh).
set -eu
top_srcdir=${TOP_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
top_builddir=${TOP_BUILDDIR:-$(pwd)}
. "$top_srcdir/tests/common/require.sh"
PY=${PYTHON3:-python3}
require_python_module "$PY" "import gi" "python3-gi (PyGObject)"
require_python_module "$PY" "import distributed" "python3-distributed (Dask)"
[ -f "$top_builddir/introspection/Carcassonne-1.0.typelib" ] ||
  skip "no introspection/Carcassonne-1.0.typelib (configured without GObject Introspection)"
GI_TYPELIB_PATH=$top_builddir/introspection${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}
LD_LIBRARY_PATH=$top_builddir/core/engine/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
CARCASSONNE_PLUGIN_DIR=${CARCASSONNE_PLUGIN_DIR:-$top_builddir/plugins/.libs}
ARENA=$top_builddir/core/arena/carcassonne-arena
CARCASSONNE_ARENA=$ARENA
export GI_TYPELIB_PATH LD_LIBRARY_PATH CARCASSONNE_PLUGIN_DIR CARCASSONNE_ARENA
dask () { "$PY" "$top_builddir/core/arena/carcassonne-arena-dask" "$@"; }
fail () { echo "FAIL: $*"; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/test-arena-dask.XXXXXX")
trap 'rm -rf "$dir"' EXIT

set -- --bot random --bot greedy --bot mcts:iterations=20,depth=2 --games 4 --seed 40 \
  --players 3 --expansions none --expansions inns-cathedrals,winter --expansions all
"$ARENA" "$@" --records "$dir/c" >"$dir/out-c" 2>/dev/null
# chunks of 2 games: 6 tasks over the 2 workers, records arriving out of order
dask --workers 2 --chunk 2 "$@" --records "$dir/d" >"$dir/out-d" 2>"$dir/err-d" ||
  { cat "$dir/err-d"; fail "carcassonne-arena-dask failed"; }
[ "$(ls "$dir/c" | wc -l)" -eq 12 ] || fail "the C arena wrote $(ls "$dir/c" | wc -l) records, not 12"
diff -r "$dir/c" "$dir/d" || fail "the Dask run's records differ from the in-process run's"
diff -u "$dir/out-c" "$dir/out-d" || fail "the Dask run's statistics differ from the in-process run's"
for set in none inns-cathedrals,winter all; do
  grep -q "^expansions $set: 4 games, 3 players, seeds 40..43\$" "$dir/out-d" ||
    fail "no set $set in: $(cat "$dir/out-d")"
done
[ -f "$dir/d/inns-cathedrals+winter-0003.json" ] || fail "no record inns-cathedrals+winter-0003.json"
grep -q 'dask: .* 12 games in 6 tasks on 2 worker threads' "$dir/err-d" ||
  fail "not 6 tasks on 2 workers: $(cat "$dir/err-d")"

# a game that fails in a worker (no such plugin there) ends the run: its set, its index and
# the engine's message, exit 1, no statistics
mkdir "$dir/no-plugins"
set +e
msg=$(dask --workers 1 --bot random --bot greedy --games 2 --expansions abbey \
  --plugin-dir "$dir/no-plugins" 2>&1 >"$dir/out-f"); st=$?
set -e
[ "$st" -eq 1 ] || fail "a failed game exited $st: $msg"
case $msg in *"carcassonne-arena-dask: abbey game "[01]": no expansion called 'abbey' in the set 'abbey'"*) ;;
  *) fail "failed game: $msg" ;; esac
[ ! -s "$dir/out-f" ] || fail "statistics after a failed game: $(cat "$dir/out-f")"

# a scheduler with no worker (workers that cannot start, or none joined): the run gives up
# after --worker-timeout, exit 1, naming it, no statistics; a real dask-scheduler on loopback
if command -v dask-scheduler >/dev/null 2>&1; then
  dask-scheduler --host 127.0.0.1 --port 0 --no-dashboard --scheduler-file "$dir/sched.json" \
    >"$dir/sched.log" 2>&1 &
  sched=$!
  trap 'kill $sched 2>/dev/null || true; rm -rf "$dir"' EXIT
  i=0
  while [ ! -s "$dir/sched.json" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
  address=$("$PY" -c 'import json, sys; print(json.load(open(sys.argv[1]))["address"])' "$dir/sched.json") ||
    fail "dask-scheduler did not start: $(cat "$dir/sched.log")"
  set +e
  msg=$(dask --scheduler "$address" --worker-timeout 2 --bot random --bot greedy --games 2 \
    2>&1 >"$dir/out-s"); st=$?
  set -e
  [ "$st" -eq 1 ] || fail "no worker at the scheduler exited $st: $msg"
  case $msg in *"carcassonne-arena-dask: 0 of 1 workers at $address after 2 s (--worker-timeout)"*) ;;
    *) fail "no worker at the scheduler: $msg" ;; esac
  [ ! -s "$dir/out-s" ] || fail "statistics without a worker: $(cat "$dir/out-s")"
  kill $sched
  wait $sched 2>/dev/null || true
  trap 'rm -rf "$dir"' EXIT
else
  echo "no dask-scheduler: the --worker-timeout check is not run"
fi

# usage errors: exit 2 and the C arena's message, before any cluster starts
set +e
msg=$(dask --bot greedy 2>&1); st=$?
set -e
[ "$st" -eq 2 ] || fail "one bot exited $st"
case $msg in *"carcassonne-arena-dask: give 2 to 16 bots"*) ;; *) fail "one bot: $msg" ;; esac
set +e
msg=$(dask --bot greedy --bot mcts:speed=9 2>&1); st=$?
set -e
[ "$st" -eq 2 ] || fail "a bad option exited $st"
case $msg in *"bot strategy 'mcts' has no option 'speed'"*) ;; *) fail "bad option: $msg" ;; esac
set +e
msg=$(dask --bot greedy --bot random --worker-timeout 0 2>&1); st=$?
set -e
[ "$st" -eq 2 ] || fail "--worker-timeout 0 exited $st"
case $msg in *"--worker-timeout above 0"*) ;; *) fail "--worker-timeout 0: $msg" ;; esac
echo "PASS: carcassonne-arena-dask"
