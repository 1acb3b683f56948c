# gui-common.sh: sourced by the Xvfb tests of carcassonne-gtk (tests/frontend/test-*.sh):
# an X display, the daemon and the window of the build tree, and the window's --test-report.
# Skips (exit 77) without the client (configure --enable-frontend), Xvfb or xdotool.
. "${TOP_SRCDIR:?set TOP_SRCDIR to the source tree (make check does)}/tests/common/require.sh"
: "${TOP_BUILDDIR:?set TOP_BUILDDIR to the build tree (make check does)}"
: "${DBUS_SESSION_BUS_ADDRESS:?run under dbus-run-session (make check does)}"
gui=$TOP_BUILDDIR/frontend/carcassonne-gtk
[ -x "$gui" ] || skip "carcassonne-gtk not built (configure --enable-frontend: GTK 4 and librsvg)"
require_program Xvfb "xvfb"
require_program xdotool "xdotool"
require_program gdbus "libglib2.0-bin"

bus_name=org.carcassonne.Engine1
scale=${CARCD_TEST_TIME_SCALE:-1}
name=$(basename "$0" .sh)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
report=$tmp/report
daemon_pid= xvfb_pid= gui_pid= wid=
cleanup () {
  for p in $gui_pid $daemon_pid $xvfb_pid; do
    kill "$p" 2>/dev/null || :
    wait "$p" 2>/dev/null || :
  done
  [ -n "${KEEP_TMP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

fail () {
  echo "$name: $*" >&2
  for f in report debug.log gui.log daemon.log; do
    [ -f "$tmp/$f" ] && { echo "--- $f" >&2; tail -n 30 "$tmp/$f" >&2; }
  done
  exit 1
}

# start_display: an X display of our own (Xvfb writes the number it took to -displayfd's pipe)
start_display () {
  exec 3>"$tmp/display"
  Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
  xvfb_pid=$!
  exec 3>&-
  i=0
  while [ ! -s "$tmp/display" ]; do
    i=$((i + 1))
    [ $i -le $((100 * scale)) ] || fail "Xvfb did not start"
    sleep 0.1
  done
  DISPLAY=:$(cat "$tmp/display")
  export DISPLAY GDK_BACKEND=x11 GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1
  # the client keeps its tokens and the daemon its games under the state directory
  export XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config"
}

start_daemon () {
  "${CARCASSONNED:-$TOP_BUILDDIR/core/daemon/carcassonned}" --nodetach >>"$tmp/daemon.log" 2>&1 &
  daemon_pid=$!
  gdbus wait --session --timeout $((10 * scale)) "$bus_name" || fail "the daemon did not start"
}

stop_daemon () {
  kill -TERM "$daemon_pid"
  wait "$daemon_pid" || fail "the daemon exited with status $? on SIGTERM"
  daemon_pid=
}

# start_gui ARGUMENTS...: the window, reporting to $report, logging to $tmp/debug.log
start_gui () {
  rm -f "$report" "$tmp/now"
  "$gui" "$@" --test-report "$report" --debug-log "$tmp/debug.log" >>"$tmp/gui.log" 2>&1 &
  gui_pid=$!
  wid=$(xdotool search --sync --onlyvisible --name '^Carcassonne ' | head -n 1)
  [ -n "$wid" ] || fail "no window"
  xdotool windowfocus --sync "$wid" 2>/dev/null || :
}

stop_gui () {
  kill "$gui_pid"
  wait "$gui_pid" 2>/dev/null || :
  gui_pid=
}

# read_report, then get KEY: the value of KEY in the report as last read; the window replaces
# the file whole, so the values read together are of one moment
read_report () {
  cp "$report" "$tmp/now" 2>/dev/null || :
}
get () {
  sed -n "s/^$1=//p" "$tmp/now" 2>/dev/null | head -n 1
}

# wait_change SERIAL: until the window reports again (or 5 s pass)
wait_change () {
  i=0
  read_report
  while [ "$(get serial)" = "$1" ] && [ $i -lt $((50 * scale)) ]; do
    sleep 0.1
    i=$((i + 1))
    read_report
  done
}

# wait_turn [TURN]: until the report shows the seat to move in a turn after TURN (default 0),
# or the game over; fails after 20 s
wait_turn () {
  i=0
  read_report
  while { [ "$(get my_turn)" != 1 ] || [ "$(get turn)" -le "${1:-0}" ]; } && [ "$(get state)" != 3 ]; do
    i=$((i + 1))
    [ $i -le $((200 * scale)) ] || fail "the seat's turn did not come"
    sleep 0.1
    read_report
  done
}

# click_centre: a click on the middle of the board, where Tab put the selected placement
click_centre () {
  sleep 0.05
  read_report
  set -- $(get board_centre)
  xdotool mousemove --window "$wid" "$1" "$2" click 1
}
