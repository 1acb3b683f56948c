#!/bin/sh
# example-first-moves.sh: examples/first-moves.sh plays two turns with gdbus and carcassonnectl.
set -eu
exec "$TOP_SRCDIR/tests/examples/run-example.sh" \
  -e "^\(objectpath '/org/carcassonne/Engine1/game/1/player/0', '[0-9a-f]+'\)$" \
  -e '^== Our turn 2: ' \
  -e '\.FollowerDeployed \(objectpath .*/player/0' \
  -e "\.TurnStarted \(uint32 3, objectpath '/org/carcassonne/Engine1/game/1/player/0'" \
  -e '\.GameOver \(\[uint32 [0-9]+, [0-9]+\], uint64 [0-9]+\)$' \
  -- "$TOP_SRCDIR/examples/first-moves.sh" 42
