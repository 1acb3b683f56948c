#!/bin/sh
# bench-gui.sh: what the GTK client's latency is, as `make bench` figures (issue 18; doc/frontend.md,
# "Latency"): under Xvfb on the private bus `make bench` gives it (dbus-run-session), the daemon
# and carcassonne-gtk of the build tree play a whole game (abbey and vineyards, one bot at full
# speed, a fixed seed) driven by xdotool as tests/frontend/test-gui-game.sh drives it (the same
# gui-common.sh), then the window's --debug-log gives
#   gui.signal_to_redraw.{median,p90}_ms  a Game signal or PropertiesChanged arriving, to the
#                                         board drawn with what it changed (the refresh's
#                                         calls, GetSnapshot and the moves, included)
#   gui.click_to_reply.{median,p90}_ms    a click or key that sends a move (the call made in
#                                         its handler), to the move's reply
# Asserts nothing. Without the client, Xvfb or xdotool it says so and exits 77 (make bench goes
# on). BENCH_GUI_ARGS replaces the game's options.
set -eu
. "${TOP_SRCDIR:?set TOP_SRCDIR to the source tree (make bench does)}/tests/frontend/gui-common.sh"

start_display
start_daemon
# shellcheck disable=SC2086
start_gui --create --players 2 --bots 1 ${BENCH_GUI_ARGS:---seed 20261201 -x abbey -x vineyards} --name Bench
play_game

# figure NAME LABEL: the median and the 90th percentile (nearest rank) of the numbers on stdin
figure () {
  sort -n | awk -v name="$1" -v label="$2" '
    { v[NR] = $1 }
    END {
      if (!NR) { printf "# %s: no samples\n", name; exit }
      p90 = int((NR * 9 + 9) / 10)
      printf "%s.median_ms %.2f ms # %s, %d samples, one game through the window\n", name, v[int((NR + 1) / 2)], label, NR
      printf "%s.p90_ms %.2f ms # %s, 90th percentile; max %.2f ms\n", name, v[p90], label, v[NR]
    }'
}
signal_latencies | figure gui.signal_to_redraw "a signal to the board redrawn"
move_latencies | figure gui.click_to_reply "a click or key to the move's reply"
