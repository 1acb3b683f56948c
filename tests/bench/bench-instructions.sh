#!/bin/sh
# bench-instructions.sh: instructions per complete random 2-player base game, counted by
# callgrind (deterministic, unlike wall time on a shared machine): the difference between a run
# of N+1 games and a run of 1 game, divided by N. Usage: bench-instructions.sh [N [all]]
# (default 1000; "all": games with every plugin found in $CARCASSONNE_PLUGIN_DIR instead).
set -eu
n=${1:-1000}
mode=games
name=engine.base.instructions_per_game
what="random 2-player base games"
if [ "${2:-}" = all ]; then
  mode=all
  name=engine.all.instructions_per_game
  what="random 2-player games with every plugin found"
fi
if ! command -v valgrind >/dev/null 2>&1; then
  echo "# $name skipped: valgrind not installed"
  exit 0
fi
count () {
  ./libtool --mode=execute valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    tests/bench/bench-engine "$1" 1 $mode 2>&1 >/dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p;s/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d , | head -1
}
one=$(count 1)
many=$(count $((n + 1)))
echo "$name $(( (many - one) / n )) instructions # callgrind, $what, the difference of $((n + 1)) and 1 games over $n"
