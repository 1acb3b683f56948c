#!/bin/sh
# test-gui-bots.sh: carcassonne-gtk seats a strategy bot from its create-game box and shows a
# hint for its own seat (issue 19: "the GTK client can pick a strategy"; doc/frontend.md).
#
# Under Xvfb, the daemon of the build tree, the window opened without options (the lobby).
# With the keys alone (each label of the strategy chooser has a mnemonic, fe-strategy.c):
# Alt+M chooses the mcts strategy, Alt+I takes its "iterations" spin button, 30 is typed
# there, Alt+P creates the game (one bot, the default). The bot the daemon seated must play
# exactly "mcts:iterations=30,threads=1,k=5,reply=2" (Player.Strategy, carc_bot_to_spec()):
# the strategy chosen, the budget typed, every other option left to the daemon. Then on the
# seat's first turn the I key asks for a hint (Game.GetHint): the debug log gets it, the game
# does not move (same turn, still ours), and Enter then places exactly the placement the hint
# named (the board selected it as Tab would), skip ends the turn.
#
# LOBBY_SCREENSHOT=FILE.png saves the lobby with mcts chosen, HINT_SCREENSHOT=FILE.png the
# window with the hint lit (ImageMagick's import).
# Skips (exit 77) without Xvfb, xdotool or the client (gui-common.sh).
set -eu
. "${TOP_SRCDIR:?set TOP_SRCDIR to the source tree (make check does)}/tests/frontend/gui-common.sh"

start_display
start_daemon
"$gui" --test-report "$report" --debug-log "$tmp/debug.log" >>"$tmp/gui.log" 2>&1 &
gui_pid=$!
lobby=$(xdotool search --sync --onlyvisible --name '^Carcassonne$' | head -n 1)
[ -n "$lobby" ] || fail "no lobby window"
xdotool windowfocus --sync "$lobby" 2>/dev/null || :
sleep 0.5
xdotool key alt+m
xdotool key alt+i
xdotool key ctrl+a
xdotool type 30
xdotool key Tab
if [ -n "${LOBBY_SCREENSHOT:-}" ]; then
  sleep 0.3
  import -window "$lobby" "$LOBBY_SCREENSHOT"
  echo "test-gui-bots: the lobby in $LOBBY_SCREENSHOT"
fi
xdotool key alt+p
wid=$(xdotool search --sync --onlyvisible --name '^Carcassonne ' | head -n 1)
[ -n "$wid" ] || fail "no game window after Alt+P: $(cat "$tmp/gui.log")"
xdotool windowfocus --sync "$wid" 2>/dev/null || :

wait_turn
game=$(get game)
prop () { # OBJECT INTERFACE NAME
  gdbus call --session --dest "$bus_name" --object-path "$1" \
    --method org.freedesktop.DBus.Properties.Get "org.carcassonne.Engine1.$2" "$3"
}
bot=$(prop "$game/player/0" Player Strategy)
[ "$bot" = "(<'mcts:iterations=30,threads=1,k=5,reply=2'>,)" ] ||
  fail "the bot plays $bot, not the mcts of the lobby"
me=$(prop "$game/player/1" Player Strategy)
[ "$me" = "(<''>,)" ] || fail "our seat has the strategy $me"

# the hint: asked, shown, not played
[ "$(get state)" = 1 ] || fail "the seat's first turn is in state $(get state), not 1"
turn=$(get turn) serial=$(get serial)
xdotool key i
i=0
until hint=$(grep -m 1 '^[0-9.]* hint ' "$tmp/debug.log"); do
  i=$((i + 1))
  [ $i -le $((200 * scale)) ] || fail "no hint arrived"
  sleep 0.1
done
hint=$(echo "$hint" | sed 's/^[0-9.]* //')
echo "test-gui-bots: $hint"
set -- $(echo "$hint" | sed -n 's/^hint place x=\(-\{0,1\}[0-9]*\) y=\(-\{0,1\}[0-9]*\) rotation=\(uint32 \)\{0,1\}\([0-3]\): .* ms$/\1 \2 \4/p')
[ $# = 3 ] || fail "the hint is not a placement: $hint"
sleep 0.3
if [ -n "${HINT_SCREENSHOT:-}" ]; then
  import -window "$wid" "$HINT_SCREENSHOT"
  echo "test-gui-bots: the hint in $HINT_SCREENSHOT"
fi
read_report
[ "$(get turn)" = "$turn" ] && [ "$(get my_turn)" = 1 ] && [ "$(get state)" = 1 ] ||
  fail "the hint moved the game: turn $(get turn), my_turn $(get my_turn), state $(get state)"
grep -q ' call place' "$tmp/debug.log" && fail "a placement was sent before Enter"
# Enter places what the board selected: the hint's placement
xdotool key Return
sleep 0.3
xdotool key s
wait_turn "$turn"
grep -q " call place $1,$2 r$3\\( and deploy '' 0\\)\\{0,1\\}$" "$tmp/debug.log" ||
  fail "Enter did not place the hint's $1,$2 r$3: $(grep ' call ' "$tmp/debug.log")"
if grep -q 'ms (error)$' "$tmp/debug.log"; then
  fail "a move the window sent was refused"
fi
echo "test-gui-bots: PASS"
