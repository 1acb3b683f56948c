#!/bin/sh
# example-one-shot-gdbus.sh: examples/one-shot-gdbus.sh plays three turns with `gdbus call`
# alone, every call on a connection of its own (issue 14: seats usable from one-shot tools),
# is refused a wrong token with InvalidToken, and deletes the game with the creator's token
# after the connection that created it is gone; its bot is greedy (CreateGame's bot-options,
# issue 19) and GetHint answers a placement in GetMoves/Play form.
set -eu
exec "$TOP_SRCDIR/tests/examples/run-example.sh" \
  -e "^\(objectpath '/org/carcassonne/Engine1/game/1', '[0-9a-f]{32}'\)$" \
  -e "^\(objectpath '/org/carcassonne/Engine1/game/1/player/1', '[0-9a-f]{32}'\)$" \
  -e "^\(<'greedy'>,\)$" \
  -e "^\('place', \{'x': <-?[0-9]+>, 'y': <-?[0-9]+>, 'rotation': <uint32 [0-3]>\}\)$" \
  -e '^== Our turn 3: tile ' \
  -e '^Deploy [0-9]+$' \
  -e '^== After 3 turns: scores \(<\[uint32 [0-9]+, [0-9]+\]>,\)$' \
  -e 'org\.carcassonne\.Engine1\.Error\.InvalidToken: The token is not valid for /org/carcassonne/Engine1/game/1' \
  -e '^\(uint64 42,\)$' \
  -e '^\(@ao \[\],\)$' \
  -- "$TOP_SRCDIR/examples/one-shot-gdbus.sh" 42 3
