#!/bin/sh
# gi-python.sh: examples/engine-game.py against the C engine (tests/gi/gi-examples.sh).
exec "$(dirname "$0")/gi-examples.sh" python
