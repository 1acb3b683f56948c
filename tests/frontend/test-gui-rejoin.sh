#!/bin/sh
# test-gui-rejoin.sh: carcassonne-gtk takes its seat back with the token it kept, after the
# client and the daemon were both restarted (doc/frontend.md, "Tokens"; doc/persistence.md).
#
# The window creates a game against the bot (base game, fixed seed) and places its first
# tile by Tab and a click, and skips; then the client and the daemon stop (SIGTERM), the
# daemon starts again on the same state directory, and `carcassonne-gtk --rejoin PATH` must
# find the seat's token in $XDG_STATE_HOME/carcassonne-gtk/tokens.ini (mode 0600), take the
# seat back (Game.Rejoin), show the board as it was (the same pieces) with the seat to move,
# and place the next tile by click with the move accepted.
set -eu
. "${TOP_SRCDIR:?set TOP_SRCDIR to the source tree (make check does)}/tests/frontend/gui-common.sh"

start_display
start_daemon
start_gui --create --players 2 --bots 1 --seed 7 --name Tester

wait_turn
[ "$(get state)" = 1 ] || fail "the first turn of the seat is in state $(get state), not 1"
game=$(get game)
turn=$(get turn)
serial=$(get serial)
xdotool key Tab
click_centre
wait_change "$serial"
[ "$(get state)" = 2 ] || [ "$(get composing)" = 1 ] || fail "the click did not place the tile (state $(get state))"
serial=$(get serial)
xdotool key s
wait_turn "$turn"
sleep 0.5 # the refreshes the last signals scheduled
read_report
pieces=$(get pieces)
echo "$name: $game, $pieces pieces, the seat to move; restarting the client and the daemon"

tokens=$XDG_STATE_HOME/carcassonne-gtk/tokens.ini
[ -f "$tokens" ] || fail "no $tokens"
[ "$(stat -c %a "$tokens")" = 600 ] || fail "$tokens has mode $(stat -c %a "$tokens"), not 600"
grep -q "^\[$game\]" "$tokens" || fail "$tokens keeps nothing for $game"

stop_gui
stop_daemon
start_daemon
: >"$tmp/debug.log"
start_gui --rejoin "$game"
wait_turn
[ "$(get game)" = "$game" ] || fail "the window shows $(get game), not $game"
[ "$(get state)" = 1 ] || fail "after the rejoin the state is $(get state), not 1"
[ "$(get pieces)" = "$pieces" ] || fail "after the rejoin the board has $(get pieces) pieces, not $pieces"
serial=$(get serial)
xdotool key Tab
click_centre
wait_change "$serial"
[ "$(get state)" = 2 ] || [ "$(get composing)" = 1 ] ||
  fail "after the rejoin the click did not place the tile (state $(get state))"
xdotool key s # a composed placement goes out with its skip (PlaceAndDeploy)
sleep 1
grep -q 'reply place .*ms$' "$tmp/debug.log" || fail "no placement was accepted after the rejoin"
echo "$name: PASS"
