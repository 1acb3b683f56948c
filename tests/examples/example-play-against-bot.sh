#!/bin/sh
# example-play-against-bot.sh: examples/play-against-bot.py plays a whole game against the bot,
# a greedy one (issue 19: CreateGame's bot-options; the seat's Player.Strategy names it).
set -eu
. "$TOP_SRCDIR/tests/common/require.sh"
PYTHON3=${PYTHON3:-python3}
require_python_module "$PYTHON3" "import dbus, dbus.mainloop.glib" "python3-dbus"
require_python_module "$PYTHON3" "from gi.repository import GLib" "python3-gi (PyGObject)"
exec "$TOP_SRCDIR/tests/examples/run-example.sh" \
  -e '^seat 0: Bot 1 \(bot: greedy\)$' \
  -e '^seat 1: Python \(us\)$' \
  -e '^turn [0-9]+: tile [A-Z]+ at \(-?[0-9]+, -?[0-9]+\) rotation [0-3], ' \
  -e '^  final scoring: ' \
  -e '^final scores: Bot 1 [0-9]+, Python [0-9]+$' \
  -- "$PYTHON3" "$TOP_SRCDIR/examples/play-against-bot.py" --seed 7 --strategy greedy
