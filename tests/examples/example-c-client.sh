#!/bin/sh
# example-c-client.sh: examples/c-client plays a whole game against the bot on libdbus-1.
set -eu
exec "$TOP_SRCDIR/tests/examples/run-example.sh" \
  -e '^we are /org/carcassonne/Engine1/game/1/player/1$' \
  -e '^turn 2: tile [A-Z]+ at ' \
  -e '^final scores: Bot 1 [0-9]+, C client [0-9]+$' \
  -- "$TOP_BUILDDIR/examples/c-client" 7
