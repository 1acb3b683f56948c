#!/bin/sh
# example-play-against-bot.sh: examples/play-against-bot.py plays a whole game against the bot.
set -eu
if [ -z "${PYTHON3:-}" ]; then
  echo "example-play-against-bot: configure found no python3; skipped"
  exit 77
fi
exec "$TOP_SRCDIR/tests/examples/run-example.sh" \
  -e '^seat 1: Python \(us\)$' \
  -e '^turn [0-9]+: tile [A-Z]+ at \(-?[0-9]+, -?[0-9]+\) rotation [0-3], ' \
  -e '^  final scoring: ' \
  -e '^final scores: Bot 1 [0-9]+, Python [0-9]+$' \
  -- "$PYTHON3" "$TOP_SRCDIR/examples/play-against-bot.py" --seed 7
