#!/bin/sh
# test-gui-game.sh: carcassonne-gtk plays a whole game through its window, driven by synthetic
# input, against the real daemon's bot with two expansions (doc/frontend.md, "The test").
#
# Under Xvfb, on the private bus of the test (make check runs it under dbus-run-session), it
# starts the daemon from the build tree and the window with --create (abbey and vineyards,
# a fixed seed, one bot), then plays every turn of its seat with xdotool as a player would:
# Tab lights the next legal placement and centres it, a click on the board's middle places
# the tile there; the number key 1 deploys on the first spot (every other turn) or S skips;
# D draws, P passes, H takes the hand's piece when the turn starts choosing; M makes an
# expansion's first move in its phase (State 6). The window
# writes what it shows to --test-report's file after every change. The test passes when the
# window shows the game over and the scores it shows are the daemon's (Game.Scores), and the
# debug log shows the clicks placed tiles and deployed.
#
# GUI_ARGS (words) replaces the game's options (default: the two expansions and the seed);
# SCREENSHOT=FILE.png with SCREENSHOT_TURN=N saves the screen (ImageMagick's import) when the
# seat deploys in turn N or later: tools/frontend-screenshots makes doc/pictures/ that way;
# SCREENSHOT_SCORED=FILE.png saves it the first time from then that a scoring is lit.
#
# Skips (exit 77) without Xvfb, xdotool or the client (gui-common.sh).
set -eu
. "${TOP_SRCDIR:?set TOP_SRCDIR to the source tree (make check does)}/tests/frontend/gui-common.sh"

start_display
start_daemon
# shellcheck disable=SC2086
start_gui --create --players 2 --bots 1 ${GUI_ARGS:---seed 20261201 -x abbey -x vineyards} --name Tester

# doc/dbus-game.md, "Joining a game in progress" (issue 18): the window keeps its board as one
# snapshot plus the numbered signals after it; at the start of each of its turns (nothing
# moves then) its board is GetPieces', once the signals queued before it are applied
checked=0
turn_hook () {
  [ "$state" = 1 ] || [ "$state" = 4 ] || return 0
  want=$(gdbus call --session --dest "$bus_name" --object-path "$(get game)" \
    --method org.carcassonne.Engine1.Game.GetPieces)
  i=0
  while [ "$(get board)" != "$want" ]; do
    i=$((i + 1))
    [ $i -le $((30 * scale)) ] ||
      fail "turn $(get turn): the window's board is $(get board), GetPieces says $want"
    sleep 0.1
    read_report
  done
  checked=$((checked + 1))
  check_figures
}
# issue 18, "an anchor point where a figure is drawn": the window draws every figure at the
# anchor GetBoardPicture gives its segment (data-anchor, to the tenth its numbers have)
figures_checked=0
check_figures () {
  figures=$(get figures)
  [ -n "$figures" ] || return 0
  gdbus call --session --dest "$bus_name" --object-path "$(get game)" \
    --method org.carcassonne.Engine1.Game.GetBoardPicture >"$tmp/board.svg"
  for f in $figures; do
    ref=${f%%:*} at=${f#*:}
    want=$(grep -o "id=\"piece-${ref%.*}-seg-${ref#*.}\"[^>]*" "$tmp/board.svg" |
      sed -n 's/.*data-anchor="\([^"]*\)".*/\1/p')
    [ -n "$want" ] || fail "turn $(get turn): no data-anchor for piece ${ref%.*} segment ${ref#*.}"
    echo "$at $want" | awk -F'[ ,]' '{ d = $1 - $3; e = $2 - $4; exit !(d * d < 0.0036 && e * e < 0.0036) }' ||
      fail "turn $(get turn): the window draws the figure on ${ref} at $at, the engine at $want"
    figures_checked=$((figures_checked + 1))
  done
}
play_game
# the window's last report, after GameOver's properties arrived
sleep 0.5
read_report
game=$(get game)
shown=$(get scores)
daemon=$(gdbus call --session --dest "$bus_name" --object-path "$game" \
  --method org.freedesktop.DBus.Properties.Get org.carcassonne.Engine1.Game Scores |
  sed 's/.*\[//; s/\].*//; s/uint32 //g; s/,//g')
# the clicks that placed, as the window logged them: the loop's own count of its place turns
# misses the clicks made in a turn the window reported late (a slow build's), which play_game()
# then takes in another branch
clicks=$(grep -c ' click place ' "$tmp/debug.log" || :)
echo "test-gui-game: $clicks placements by click ($turns in place turns), $deployed deployments; window shows '$shown', daemon says '$daemon'"
[ "$(get status)" = "Game over" ] || fail "the window says '$(get status)', not Game over"
[ -n "$shown" ] && [ "$shown" = "$daemon" ] || fail "the window shows scores '$shown', the daemon '$daemon'"
[ "$clicks" -ge 20 ] || fail "only $clicks placements by click"
placed=$(grep -c 'reply place .*ms$' "$tmp/debug.log" || :)
[ "$placed" -ge 20 ] || fail "only $placed placements were accepted"
grep -E -q "reply (deploy |place .* and deploy '[^']+').*ms$" "$tmp/debug.log" ||
  fail "no deployment was accepted"
# issue 18: a FeatureScored lights its feature's segments with their outlines (the daemon's
# GetSegmentGeometry), not the cells
grep -q 'lit [1-9][0-9]* segments of' "$tmp/debug.log" ||
  fail "no scored feature's segments were lit"
snapshots=$(grep -c ' snapshot at ' "$tmp/debug.log" || :)
applied=$(grep -c ' signal ' "$tmp/debug.log" || :)
echo "test-gui-game: the board equalled GetPieces at $checked looks at its turns; $snapshots snapshots for $applied signals"
[ "$checked" -ge 20 ] || fail "the board was compared $checked times only"
echo "test-gui-game: $figures_checked figures drawn at the engine's anchors"
[ "$figures_checked" -ge 10 ] || fail "only $figures_checked figures were checked"
[ "$snapshots" -ge 1 ] && [ "$snapshots" -le 5 ] ||
  fail "$snapshots snapshots: the window does not follow the numbered signals"
if grep -q 'ms (error)$' "$tmp/debug.log"; then
  fail "a move the window sent was refused"
fi
# the latencies (printed, never asserted): a signal to the board drawn with it, and a click or
# key to the move's reply, in ms (doc/frontend.md, "Latency"; tests/bench/bench-gui.sh gives
# them as make bench figures)
stats () { # LABEL: count, median and maximum of the numbers on stdin
  sort -n | awk -v label="$1" '{ v[NR] = $1 } END { if (NR) printf "test-gui-game: %s: %d, median %.2f ms, max %.2f ms\n", label, NR, v[int((NR + 1) / 2)], v[NR] }'
}
signal_latencies | stats "signal to drawn"
move_latencies | stats "move to reply"
echo "test-gui-game: PASS"
