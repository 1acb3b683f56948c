#!/bin/sh
# example-play-moves.sh: examples/play-moves.py plays a whole game of each loaded expansion
# alone (Manager.Expansions: a new plugin is included with no change here), then one with all of
# them, from GetMoves and Play only (issue 17, "D-Bus and clients"); each reaches GameOver with
# Scores equal to GameOver's and to the sum of the scoring events (the script checks).
set -eu
. "$TOP_SRCDIR/tests/common/require.sh"
PYTHON3=${PYTHON3:-python3}
require_python_module "$PYTHON3" "import dbus, dbus.mainloop.glib" "python3-dbus"
require_python_module "$PYTHON3" "from gi.repository import GLib" "python3-gi (PyGObject)"
# one line per shipped plugin: the test fails if one is not loaded or not played
set --
for so in "${CARCASSONNE_PLUGIN_DIR:?}"/*.so; do
  name=$(basename "$so" .so)
  set -- "$@" -e "^game $name: [0-9]+ moves, final scores: Bot 1 [0-9]+, Python [0-9]+\$"
done
[ $# -gt 0 ] || { echo "no plugin in $CARCASSONNE_PLUGIN_DIR" >&2; exit 1; }
exec "$TOP_SRCDIR/tests/examples/run-example.sh" "$@" \
  -e '^game [a-z-]+(,[a-z-]+)+: [0-9]+ moves, final scores: Bot 1 [0-9]+, Python [0-9]+$' \
  -- "$PYTHON3" "$TOP_SRCDIR/examples/play-moves.py" --seed 5 --expansions each
