#!/bin/sh
# bench-instructions.sh: instructions per complete random 2-player base game, counted by
# callgrind (deterministic, unlike wall time on a shared machine): the difference between a run
# of N+1 games and a run of 1 game, divided by N. Usage: bench-instructions.sh [N] (default 1000).
set -eu
n=${1:-1000}
if ! command -v valgrind >/dev/null 2>&1; then
  echo "# engine.base.instructions_per_game skipped: valgrind not installed"
  exit 0
fi
count () {
  ./libtool --mode=execute valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    tests/bench/bench-engine "$1" 1 games 2>&1 >/dev/null | sed -n 's/.*Collected : *\([0-9]*\).*/\1/p;s/.*I *refs: *\([0-9,]*\).*/\1/p' | tr -d , | head -1
}
one=$(count 1)
many=$(count $((n + 1)))
echo "engine.base.instructions_per_game $(( (many - one) / n )) instructions # callgrind, random 2-player base games, the difference of $((n + 1)) and 1 games over $n"
