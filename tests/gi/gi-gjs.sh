#!/bin/sh
# gi-gjs.sh: examples/engine-game.js against the C engine (tests/gi/gi-examples.sh).
exec "$(dirname "$0")/gi-examples.sh" gjs
