#!/bin/sh
# test-arena.sh: carcassonne-arena (doc/arena.md). A tiny run, random against greedy, 10 base
# games: the same output and the same records twice for the same seeds, and that output
# exactly (greedy wins every game; a change to the engine's rules or to a strategy shows up
# here); records named by set and game, with the bots as player names; --from-records on them
# prints that output again and refuses a record that is not the plan's game (a seat's bot,
# the setup), naming the file (exit 1); --jobs 3 prints
# the same and writes the same records as one job; usage errors exit 2.
set -eu
ARENA=${TOP_BUILDDIR:?}/core/arena/carcassonne-arena
fail () { echo "FAIL: $*"; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/test-arena.XXXXXX")
trap 'rm -rf "$dir"' EXIT

"$ARENA" --bot random --bot greedy --games 10 --seed 1 --records "$dir/a" >"$dir/out-a" 2>/dev/null
"$ARENA" --bot random --bot greedy --games 10 --seed 1 --records "$dir/b" >"$dir/out-b" 2>/dev/null
cmp -s "$dir/out-a" "$dir/out-b" || fail "two runs printed different results"
diff -r "$dir/a" "$dir/b" >/dev/null || fail "two runs wrote different records"
"$ARENA" --bot random --bot greedy --games 10 --seed 1 --jobs 3 --records "$dir/c" \
  >"$dir/out-c" 2>/dev/null
cmp -s "$dir/out-a" "$dir/out-c" || fail "--jobs 3 printed different results"
diff -r "$dir/a" "$dir/c" >/dev/null || fail "--jobs 3 wrote different records"

cat >"$dir/expected" <<'END'
expansions none: 10 games, 2 players, seeds 1..10
  bot                           games    wins   win%          95% CI avg score    Elo
  random                           10     0.0    0.0   [  0.0,  27.8]      16.1     +0
  greedy                           10    10.0  100.0   [ 72.2, 100.0]      92.0   +529
END
diff -u "$dir/expected" "$dir/out-a" || fail "the results are not the expected ones"

[ "$(ls "$dir/a" | wc -l)" -eq 10 ] || fail "not 10 records"
for i in 0000 0009; do
  f=$dir/a/none-$i.json
  [ -f "$f" ] || fail "no record $f"
  grep -q '"carcassonned-record"' "$f" || fail "$f is not a game record"
  grep -q '"greedy"' "$f" && grep -q '"random"' "$f" || fail "$f does not name the bots"
done

# --from-records (carcassonne-arena-dask's statistics): the records' output is the run's
"$ARENA" --bot random --bot greedy --games 10 --seed 1 --from-records "$dir/a" >"$dir/out-r" 2>/dev/null
diff -u "$dir/out-a" "$dir/out-r" || fail "--from-records printed other statistics"
# a record that is not the plan's game is refused, with the file and the reason (exit 1)
set +e
msg=$("$ARENA" --bot random --bot greedy --games 10 --seed 2 --from-records "$dir/a" 2>&1 >/dev/null); st=$?
set -e
[ "$st" -eq 1 ] || fail "another seed exited $st"
case $msg in *"none-0000.json: its setup is "*"not game 0 of set none"*) ;;
  *) fail "another seed: $msg" ;; esac
sed -i 's/"players": \["random"/"players": ["greedy"/' "$dir/b/none-0000.json"
set +e
msg=$("$ARENA" --bot random --bot greedy --games 10 --seed 1 --from-records "$dir/b" 2>&1 >/dev/null); st=$?
set -e
[ "$st" -eq 1 ] || fail "a changed seat exited $st"
case $msg in *"none-0000.json: seat 0 is 'greedy', not the bot 'random' the plan seats there"*) ;;
  *) fail "changed seat: $msg" ;; esac
set +e
msg=$("$ARENA" --bot random --bot greedy --games 11 --seed 1 --from-records "$dir/a" 2>&1 >/dev/null); st=$?
set -e
[ "$st" -eq 1 ] || fail "a missing record exited $st"
case $msg in *"none-0010.json"*) ;; *) fail "missing record: $msg" ;; esac

# usage errors: exit 2 and a message naming what is wrong
set +e
msg=$("$ARENA" --bot random --bot greedy --records "$dir/x" --from-records "$dir/a" 2>&1); st=$?
set -e
[ "$st" -eq 2 ] || fail "--records with --from-records exited $st"
case $msg in *"give one"*) ;; *) fail "--records with --from-records: $msg" ;; esac
set +e
msg=$("$ARENA" --bot greedy 2>&1); st=$?
set -e
[ "$st" -eq 2 ] || fail "one bot exited $st"
case $msg in *"give 2 to 16 bots"*) ;; *) fail "one bot: $msg" ;; esac
set +e
msg=$("$ARENA" --bot greedy --bot mcts:speed=9 2>&1); st=$?
set -e
[ "$st" -eq 2 ] || fail "a bad option exited $st"
case $msg in *"bot strategy 'mcts' has no option 'speed'"*) ;; *) fail "bad option: $msg" ;; esac
set +e
msg=$("$ARENA" --bot greedy --bot random --jobs 0 2>&1); st=$?
set -e
[ "$st" -eq 2 ] || fail "--jobs 0 exited $st"
case $msg in *"bad --games, --seed or --jobs"*) ;; *) fail "--jobs 0: $msg" ;; esac
echo "PASS: carcassonne-arena"
