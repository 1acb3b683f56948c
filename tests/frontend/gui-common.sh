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

# turn_hook: called by play_game at each step that is the seat's to move ($state); a test may
# define its own after sourcing this file
turn_hook () {
  :
}

# play_game: plays the seat's every turn through the window until the game is over, as a
# player would (test-gui-game.sh tells how); sets turns (placements by click) and deployed.
# SCREENSHOT, SCREENSHOT_SCORED and SCREENSHOT_TURN save the screen on the way.
play_game () {
  turns=0 deployed=0 steps=0
  while :; do
    steps=$((steps + 1))
    [ $steps -le 3000 ] || fail "the game did not end in 3000 steps"
    read_report
    serial=$(get serial)
    state=$(get state)
    if [ -n "${SCREENSHOT_SCORED:-}" ] && [ "$(get turn)" -ge "${SCREENSHOT_TURN:-20}" ] &&
      sed -n 's/.* lit \([0-9]*\) segments of.*/\1/p' "$tmp/debug.log" | tail -n 1 | grep -q '^[1-9]'; then
      import -window root "$SCREENSHOT_SCORED"
      echo "test-gui-game: screenshot of a scoring in turn $(get turn) in $SCREENSHOT_SCORED"
      SCREENSHOT_SCORED=
    fi
    [ "$state" = 3 ] && break
    if [ "$(get my_turn)" != 1 ]; then
      sleep 0.05
      continue
    fi
    types=$(get move_types)
    turn_hook
    # a daemon with PlaceAndDeploy: the placement waits for its figure as in State 2
    [ "$(get composing)" = 1 ] && state=2
    case $state in
      1)
        # Tab: the next legal placement, centred; a click on the board's middle places it
        xdotool key Tab
        click_centre
        turns=$((turns + 1))
        ;;
      2)
        if [ -n "${SCREENSHOT:-}" ] && [ "$(get turn)" -ge "${SCREENSHOT_TURN:-20}" ]; then
          sleep 0.3
          import -window root "$SCREENSHOT"
          echo "test-gui-game: screenshot of turn $(get turn) in $SCREENSHOT"
          SCREENSHOT=
        fi
        if [ "$(get spots)" -gt 0 ] && [ $((turns % 2)) -eq 0 ]; then
          xdotool key 1
          deployed=$((deployed + 1))
        else
          xdotool key s
        fi
        ;;
      4)
        case $types in
          *draw,*) xdotool key d ;;
          *pass,*) xdotool key p ;;
          *) # only the hand's pieces: take the first, then place it as a tile
            xdotool key h
            sleep 0.05
            xdotool key Tab
            click_centre
            ;;
        esac
        ;;
      6)
        # an expansion's phase: its first move, as the first of the Moves buttons
        xdotool key m
        ;;
      *)
        fail "state $state: this test plays no such turn (moves: $types)"
        ;;
    esac
    wait_change "$serial"
  done
}

# signal_latencies, move_latencies: from the window's debug log, in ms, one a line: a signal
# to the board drawn with it; a click or key (the move's call sent) to the move's reply
signal_latencies () {
  sed -n 's/.*latency signal->drawn \([0-9.]*\) ms$/\1/p' "$tmp/debug.log"
}
move_latencies () {
  sed -n 's/.*reply \(place\|deploy\|skip\).*: \([0-9.]*\) ms$/\2/p' "$tmp/debug.log"
}
