#!/bin/sh
# test-arena.sh: carcassonne-arena (doc/arena.md). A tiny run, random against greedy, 10 base
# games: the same output and the same records twice for the same seeds, and that output
# exactly (greedy wins every game; a change to the engine's rules or to a strategy shows up
# here); records named by set and game, with the bots as player names; usage errors exit 2.
set -eu
ARENA=${TOP_BUILDDIR:?}/core/arena/carcassonne-arena
fail () { echo "FAIL: $*"; exit 1; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/test-arena.XXXXXX")
trap 'rm -rf "$dir"' EXIT

"$ARENA" --bot random --bot greedy --games 10 --seed 1 --records "$dir/a" >"$dir/out-a" 2>/dev/null
"$ARENA" --bot random --bot greedy --games 10 --seed 1 --records "$dir/b" >"$dir/out-b" 2>/dev/null
cmp -s "$dir/out-a" "$dir/out-b" || fail "two runs printed different results"
diff -r "$dir/a" "$dir/b" >/dev/null || fail "two runs wrote different records"

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

# usage errors: exit 2 and a message naming what is wrong
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
echo "PASS: carcassonne-arena"
