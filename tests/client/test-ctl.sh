#!/bin/sh
# test-ctl.sh: carcassonnectl's one-shot commands as a script uses them, against the real
# daemon on the test bus (started by run-example.sh, which also checks it exits cleanly).
# Seats outlive a run of carcassonnectl: join prints a token, later runs pass --token.
set -eu
if [ "${1:-}" != --inner ]; then
  # the daemon loads the shipped plugins and the fixture tests/common/ring-bell.c (a move type
  # and a phase of its own: issue 16, Moves), from a directory of links the inner run removes
  CTL_PLUGIN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/test-ctl-plugins.XXXXXX")
  ln -s "${CARCASSONNE_PLUGIN_DIR:?}"/*.so "${TOP_BUILDDIR:?}/tests/daemon/.libs/ring-bell.so" \
    "$CTL_PLUGIN_DIR/"
  CARCASSONNE_PLUGIN_DIR=$CTL_PLUGIN_DIR
  export CARCASSONNE_PLUGIN_DIR CTL_PLUGIN_DIR
  exec "${TOP_SRCDIR:?}/tests/examples/run-example.sh" -e '^PASS: carcassonnectl$' -- "$0" --inner
fi
rm -rf "${CTL_PLUGIN_DIR:?}"

ctl () { "$CARCASSONNECTL" --color=never "$@"; }
fail () { echo "FAIL: $*"; exit 1; }

# expect STATUS ERRORNAME COMMAND...: the command exits with STATUS and names ERRORNAME
expect () {
  status=$1 name=$2
  shift 2
  set +e
  err=$(ctl "$@" 2>&1 >/dev/null)
  got=$?
  set -e
  [ "$got" -eq "$status" ] || fail "carcassonnectl $* exited $got, not $status ($err)"
  case $err in *"$name"*) ;; *) fail "carcassonnectl $*: expected $name, got: $err" ;; esac
}

# new prints the game and the creator's token
set -- $(ctl new --players 2 --seed 11 --name "ctl test")
game=$1
[ "$game" = /org/carcassonne/Engine1/game/1 ] || fail "new printed $game"
[ ${#2} -eq 32 ] || fail "new printed the creator token $2"
set -- $(ctl join 1 Ann)
[ "$1" = /org/carcassonne/Engine1/game/1/player/0 ] || fail "join printed $1"
token=$2
[ ${#token} -eq 32 ] || fail "token $token"

# the seat waits for its token: another run is not seated
expect 1 NotSeated leave 1
ctl bot 1 Robot --token "$token" >/dev/null
expect 1 InvalidToken start 1 --token 00000000000000000000000000000000
ctl start 1 --token "$token"
ctl list | grep -q '^/org/carcassonne/Engine1/game/1 .*placing' || fail "list: $(ctl list)"
ctl show 1 | grep -q 'Ann' || fail "show lacks Ann"
ctl show 1 | grep -q 'Robot' || fail "show lacks Robot"

# Ann moves first (seat 0); a placement off the board is refused and changes nothing
expect 1 IllegalPlacement place 1 40 40 0 --token "$token"
expect 1 NotSeated place 1 0 1 0
expect 1 WrongPhase deploy 1 skip --token "$token"
first=$(gdbus call --session -d org.carcassonne.Engine1 -o "$game" \
  -m org.carcassonne.Engine1.Game.GetPlacements | sed -n 's/^(\[(\(-\{0,1\}[0-9]*\), \(-\{0,1\}[0-9]*\), uint32 \([0-3]\)).*/\1 \2 \3/p')
[ -n "$first" ] || fail "no placement parsed"
# shellcheck disable=SC2086
ctl place 1 $first --token "$token"
ctl deploy 1 skip --token "$token"
# the bot moved at once; it is Ann's turn again
turn=$(gdbus call --session -d org.carcassonne.Engine1 -o "$game" \
  -m org.freedesktop.DBus.Properties.Get org.carcassonne.Engine1.Game Turn)
[ "$turn" = "(<uint32 3>,)" ] || fail "turn after one round: $turn"

# usage errors exit 2
expect 2 "" place 1 0
expect 2 "" no-such-command

# a game of bots, watched to its end
out=$(ctl new --bots 2 --seed 7 --watch)
echo "$out" | grep -q '^game over: ' || fail "watch did not reach the end"
[ "$(echo "$out" | grep -c ' draws ')" -ge 71 ] || fail "watch missed turns"
# issue 18: each scoring line shows the breakdown of the points: "Bot 1 +4 (4 for 2 tiles)"
echo "$out" | grep -Eq ' scores: .*\+[0-9]+ \([0-9]+ for [0-9]+ tiles(, [0-9]+ for [0-9]+ [a-z]+)*\)' ||
  fail "watch shows no breakdown: $(echo "$out" | grep -m3 ' scores: ')"
echo "$out" | grep ' scores: ' | grep -v ' nothing$' | grep -Evq '\+[0-9]+ \(' &&
  fail "a scoring line without its breakdown: $(echo "$out" | grep ' scores: ' | grep -Ev '\+[0-9]+ \(' | head -1)"

# --- expansions -------------------------------------------------------------------------
bus () { gdbus call --session -d org.carcassonne.Engine1 "$@"; }
TMPDIR_CTL=$(mktemp -d "${TMPDIR:-/tmp}/test-ctl.XXXXXX")
trap 'rm -rf "$TMPDIR_CTL"' EXIT
# prop PATH INTERFACE NAME: the value, without gdbus' brackets, type and quotes
prop () {
  bus -o "$1" -m org.freedesktop.DBus.Properties.Get "org.carcassonne.Engine1.$2" "$3" 2>/dev/null |
    sed "s/^(<\(uint32 \|objectpath \)\{0,1\}'\{0,1\}\([^'>]*\)'\{0,1\}>,)$/\2/"
}
# the first (x, y, rotation) of a GetPlacements answer, as "X Y ROT"
first_placement () {
  bus -o "$1" -m org.carcassonne.Engine1.Game.GetPlacements |
    sed -n 's/^(\[(\(-\{0,1\}[0-9]*\), \(-\{0,1\}[0-9]*\), uint32 \([0-3]\)).*/\1 \2 \3/p'
}

out=$(ctl expansions)
echo "$out" | grep -q '^halftiles ' || fail "expansions: $out"
echo "$out" | grep -q '^abbey ' || fail "expansions lacks the abbey: $out"
echo "$out" | grep -q -- '--option halftiles.hand=1\.\.8  (default 3)' || fail "expansions: $out"
expect 2 "" new --option hand=4
expect 2 "" new --expansions halftiles --option halftiles.hand=many
expect 2 "" new --expansions halftiles --option halftiles.draft=4
expect 1 UnknownExpansion new --expansions no-such-expansion
expect 1 InvalidArgs new --expansions abbey --option abbey.no_such_option=1
# the core's rule options (Manager.RuleOptions): listed, taken by new, refused out of range
echo "$out" | grep -q -- '^  --rule tiny-city-scoring=4|2  (default 4)  ' ||
  fail "expansions lacks the rule options: $out"
echo "$out" | grep -q -- '^  --rule field-scoring=3|2|1  (default 3)  ' ||
  fail "expansions lacks field-scoring: $out"
expect 2 "" new --rule tiny-city-scoring
expect 1 'it must be 4 or 2' new --rule tiny-city-scoring=3
# shellcheck disable=SC2046
set -- $(ctl new --rule field-scoring=2 --rule tiny-city-scoring=2)
options=$(ctl show "${1##*/}")
echo "$options" | grep -q "field-scoring 2 tiny-city-scoring 2" ||
  fail "show lacks the rule options: $options"

# Ann against a bot with the abbey and 2 half tiles each
# shellcheck disable=SC2046
set -- $(ctl new --players 2 --seed 5 --expansions abbey,halftiles --option halftiles.hand=2 \
  --option halftiles.draft=false)
game=$1
n=${game##*/}
# shellcheck disable=SC2046
set -- $(ctl join "$n" Ann)
ann=$1 token=$2
ctl bot "$n" Robot --token "$token" >/dev/null
options=$(ctl show "$n")
echo "$options" | grep -q "expansions \['abbey', 'halftiles'\] halftiles.hand 2" ||
  fail "show lacks the options: $options"
# a game nobody holds on the bus goes once it is over: watch it from the start to its end
ctl watch "$n" --board >"$TMPDIR_CTL/watch" 2>&1 &
watcher=$!
tries=0
until grep -q '^watching ' "$TMPDIR_CTL/watch"; do
  tries=$((tries + 1))
  [ "$tries" -lt $((100 * ${CARCD_TEST_TIME_SCALE:-1})) ] ||
    fail "watch did not start: $(cat "$TMPDIR_CTL/watch")"
  sleep 0.1
done
ctl start "$n" --token "$token"

# Ann's first turn starts choosing; show lists her hand (the abbey and 2 half tiles), only
# the size of Robot's
out=$(ctl show "$n" --token "$token")
echo "$out" | grep -q '^state: choosing, turn 1, .*Ann (red) to draw or play a piece$' ||
  fail "show: $out"
echo "$out" | grep -q 'Robot: 0 points, 7 followers, 3 pieces in hand, bot' || fail "show: $out"
echo "$out" | grep -q '^your hand' || fail "show lacks the hand: $out"
echo "$out" | grep -q ' abbey  ' || fail "the hand lacks the abbey: $out"
half=$(echo "$out" | sed -n 's/^.*\([0-9]\) \(HT-[IV]*-[0-9]*\).*$/\1 \2/p' | head -n 1)
[ -n "$half" ] || fail "no half tile in the hand: $out"
# shellcheck disable=SC2086
set -- $half
index=$1 id=$2
ctl show "$n" | grep -q '^your hand' && fail "show without the seat shows a hand"
expect 1 NotSeated pieces "$n" "$index"
expect 1 NoPiece pieces "$n" 9 --token "$token"
expect 1 NoPiece piece "$n" 9 0 1 0 --token "$token"
expect 2 "" piece "$n" "$index" 0 1 4 --token "$token"
expect 1 WrongPhase pass "$n" --token "$token"
# no draft in this game: 'moves' offers no pick (issue 16: the draft is an expansion's phase)
ctl moves "$n" --token "$token" | grep -q '^[0-9]*\. pick ' && fail "a pick offered while choosing"

# the half tile goes where pieces says it fits; GetPieces has it there
where=$(ctl pieces "$n" "$index" --token "$token" | head -n 1)
[ -n "$where" ] || fail "pieces listed nothing for $id"
# shellcheck disable=SC2086
ctl piece "$n" "$index" $where --token "$token" | grep -q '^deploy a follower on: ' ||
  fail "piece printed no deployments"
ctl deploy "$n" skip --token "$token"
# shellcheck disable=SC2086
set -- $where
bus -o "$game" -m org.carcassonne.Engine1.Game.GetPieces |
  grep -q "(1, $1, $2, '$id', $3, '$ann')" ||
  fail "GetPieces lacks $id at $where: $(bus -o "$game" -m org.carcassonne.Engine1.Game.GetPieces)"
# the legend names the long side when the board shows a half tile (tests/client/test-board-render.c
# checks the drawing itself)
ctl show "$n" | grep -q '  ╲ long side  ' || fail "the board shows no half tile: $(ctl show "$n")"

# board GAME --svg FILE: the picture GetBoardPicture gives (issue 18), with every piece of the
# game; "-" writes it to standard output; without --svg, the board as text
g=$game
ctl board "$g" --svg "$TMPDIR_CTL/board.svg"
head -c 5 "$TMPDIR_CTL/board.svg" | grep -q '^<?xml' || fail "board --svg wrote no SVG"
pieces=$(bus -o "$g" -m org.carcassonne.Engine1.Game.GetPieces | grep -o "'HT-[IV]*-[0-9]*'\\|'abbey'\\|'[A-X]'" | wc -l)
[ "$pieces" -gt 1 ] && [ "$(grep -o '<g id="piece-[0-9]*" class="piece"' "$TMPDIR_CTL/board.svg" | wc -l)" -eq "$pieces" ] ||
  fail "board --svg: not the $pieces pieces of the game"
grep -q 'class="segment city seg-0"' "$TMPDIR_CTL/board.svg" || fail "board --svg: no city drawn"
ctl board "$g" --svg - | cmp -s - "$TMPDIR_CTL/board.svg" || fail "board --svg - differs"
ctl board "$g" | grep -q '  ╲ long side  ' || fail "board: no text board: $(ctl board "$g")"
expect 1 NoSuchGame board 999 --svg "$TMPDIR_CTL/none.svg"
[ ! -e "$TMPDIR_CTL/none.svg" ] || fail "board --svg of no game wrote a file"

# the rest of the game: draw and place, and once the pile is empty place what the hand
# holds where it fits, or pass
drew=0 turns=0
while state=$(prop "$game" Game State) && [ -n "$state" ] && [ "$state" != 3 ]; do
  turns=$((turns + 1))
  [ "$turns" -lt 5000 ] || fail "the game does not end: $(ctl show "$n" --token "$token")"
  [ "$(prop "$game" Game ActivePlayer)" = "$ann" ] || continue
  case $(prop "$game" Game State) in
    1)
      # shellcheck disable=SC2046
      ctl place "$n" $(first_placement "$game") --token "$token" >/dev/null ;;
    2) ctl deploy "$n" skip --token "$token" ;;
    4)
      if [ "$(prop "$game" Game TilesLeft)" -gt 0 ]; then
        ctl draw "$n" --token "$token" | grep -q '^tile in play: ' && drew=$((drew + 1))
        continue
      fi
      placed=
      i=0
      while [ "$i" -lt "$(prop "$ann" Player HandSize)" ] && [ -z "$placed" ]; do
        where=$(ctl pieces "$n" "$i" --token "$token" | head -n 1)
        if [ -n "$where" ]; then
          # shellcheck disable=SC2086
          ctl piece "$n" "$i" $where --token "$token" >/dev/null
          placed=yes
        fi
        i=$((i + 1))
      done
      [ -n "$placed" ] || ctl pass "$n" --token "$token" ;;
  esac
done
[ "$drew" -ge 20 ] || fail "Ann drew $drew tiles"
wait "$watcher" || fail "watch failed: $(cat "$TMPDIR_CTL/watch")"
out=$(cat "$TMPDIR_CTL/watch")
echo "$out" | grep -q '^game over: Ann (red) [0-9]*, Robot (blue) [0-9]*; winner: ' ||
  fail "watch did not see the end: $out"
echo "$out" | grep -q "^turn 1: Ann (red) to play (" || fail "watch: $out"
echo "$out" | grep -q "^  Ann (red) places $id at ($1, $2), [a-z]*-[a-z]* corner$" ||
  fail "watch did not see Ann's half tile: $out"
echo "$out" | grep -q '^  Ann (red) draws [A-X] ([0-9]* left)$' || fail "no TileDrawn: $out"
# the final board: half tiles, the abbeys (grep -e with the glyphs themselves: a bracket
# would match their bytes one by one)
echo "$out" | grep -q '  ╲ long side  ' || fail "the final board shows no half tile: $out"
echo "$out" | grep -q "^  Ann (red) places abbey at " || fail "Ann kept her abbey: $out"
echo "$out" | grep -q -e '█  ✚  █' -e '█  [0-9]  █' || fail "the final board shows no abbey: $out"

# a plugin's figure has a supply of its own: a large follower that comes back is no follower
# (the watch's count of followers once the game is over, every figure back home)
out=$(ctl new --bots 2 --seed 7 --expansions inns-cathedrals --watch)
echo "$out" | grep -q 'puts a large-follower on ' || fail "no large follower deployed: $out"
[ "$(echo "$out" | grep -c '^  [01] [a-z]* *Bot [12] .* 7 followers  (bot)$')" -eq 2 ] ||
  fail "the large follower was counted as a follower: $(echo "$out" | grep ' followers  (bot)$')"

# Traders & Builders through the daemon with no code for it in the client or the bot: the
# builder and the pig are deployed, goods are handed out and their majority scores at the end
# (PointsAwarded), the game ends
out=$(ctl new --bots 3 --seed 4 --expansions traders-builders --watch)
echo "$out" | grep -q '^game over: ' || fail "the traders-builders game did not end: $out"
echo "$out" | grep -q 'puts a builder on ' || fail "no builder deployed: $out"
echo "$out" | grep -q 'puts a pig on ' || fail "no pig deployed: $out"
echo "$out" | grep -q ' +0 for [0-9]* \(wine\|grain\|cloth\)$' || fail "no goods: $out"
echo "$out" | grep -q ' +10 for [a-z]*-majority$' || fail "no goods majority: $out"

# bots only, watched: the signals of a game with hands, and the final board
out=$(ctl new --bots 2 --seed 7 --expansions abbey,halftiles --watch)
echo "$out" | grep -q '^game over: ' || fail "watch did not reach the end"
echo "$out" | grep -q '^turn [0-9]*: Bot 1 (red) to play ([0-9]* left)$' || fail "watch: $out"
echo "$out" | grep -q '^turn [0-9]*: Bot 2 (blue) draws [A-X] ([0-9]* left)$' || fail "watch: $out"
echo "$out" | grep -q '^  Bot [12] ([a-z]*) places HT-[IV]*-[0-9]* at (-\{0,1\}[0-9]*, -\{0,1\}[0-9]*), [a-z]*-[a-z]* corner$' ||
  fail "no half tile placed: $out"
echo "$out" | grep -q '^  Bot [12] ([a-z]*) places abbey at ' || fail "no abbey placed: $out"
echo "$out" | grep -q -e '█  ✚  █' -e '█  [0-9]  █' || fail "the final board shows no abbey: $out"

# a draft (doc/rules.md section 3.3): Robot picks first (it plays last), then Cy, from the pool
# 'moves' lists (issue 16: the halftiles expansion's phase, State 6; its moves "pick")
out=$(ctl new --players 2 --expansions halftiles --option halftiles.draft=true \
  --option halftiles.hand=1 --join Cy)
game=$(echo "$out" | sed -n '1s/ .*//p')
# shellcheck disable=SC2046
set -- $(echo "$out" | sed -n 2p)
cy=$1 token=$2 n=${game##*/}
ctl bot "$n" Robot --token "$token" >/dev/null
ctl start "$n" --token "$token"
tries=0
until [ "$(prop "$game" Game ActivePlayer)" = "$cy" ]; do
  tries=$((tries + 1))
  [ "$tries" -lt 100 ] || fail "Robot did not pick"
  sleep 0.1
done
out=$(ctl show "$n" --token "$token")
echo "$out" | grep -q "^state: in an expansion's phase, .*Cy (red) to make one of 'moves'$" ||
  fail "show: $out"
echo "$out" | grep -q 'Robot: .*, 1 piece in hand' || fail "show: $out"
[ "$(prop "$game" Game State)" = 6 ] || fail "not drafting: $(prop "$game" Game State)"
# the pool Robot left: 19 picks, each naming its piece and tile
out=$(ctl moves "$n" --token "$token")
[ "$(echo "$out" | grep -c '^[0-9]*\. pick piece=[0-9]* tile=HT-[IV]*-[0-9]*$')" = 19 ] ||
  fail "moves (the draft): $out"
echo "$out" | grep -q '^1\. pick piece=0 tile=' || fail "moves (the draft): $out"
first=$(echo "$out" | sed -n '1s/.* tile=//p')
expect 2 "no move 99" move "$n" 99 --token "$token"
ctl move "$n" 1 --token "$token"
[ "$(prop "$cy" Player HandSize)" = 1 ] || fail "Cy's pick is not in her hand"
# the hands are open: anyone sees that Cy holds the tile move 1 named
bus -o "$game" -m org.carcassonne.Engine1.Game.GetHand "$cy" '{}' | grep -q "'$first'" ||
  fail "Cy's hand lacks $first"
[ "$(prop "$game" Game State)" = 4 ] || fail "still drafting after every pick"

# --- game records: save, replay, load -----------------------------------------------------
rec=$TMPDIR_CTL/game.json
# a finished game goes from the bus once nobody holds it: the prompt on a pipe keeps its
# creator there until it is saved ('save FILE': the game in view)
# ('board --svg FILE' and 'board' at the prompt: the game in view's picture and board)
printf 'new --bots 2 --seed 7 --start\nwait\nsave %s\nboard --svg %s\nboard\nquit\n' "$rec" \
  "$TMPDIR_CTL/prompt.svg" | ctl >"$TMPDIR_CTL/prompt" 2>&1 ||
  fail "the prompt failed: $(cat "$TMPDIR_CTL/prompt")"
grep -q '<g id="piece-0" class="piece"' "$TMPDIR_CTL/prompt.svg" || fail "board --svg at the prompt"
grep -q '^  · field ' "$TMPDIR_CTL/prompt" || fail "board at the prompt: $(cat "$TMPDIR_CTL/prompt")"
over=$(grep '^game over: ' "$TMPDIR_CTL/prompt") || fail "the bots' game did not end"
head -n 2 "$rec" | grep -q '"format": "carcassonned-record"' || fail "save wrote: $(head "$rec")"
moves=$(grep -c '^ *{"move":' "$rec")
# replay: every move, the events as watch prints them, the daemon's final scores
out=$(ctl replay "$rec")
[ "$(echo "$out" | grep -c "^move [0-9]*/$moves: ")" = "$moves" ] || fail "replay: $out"
[ "$(echo "$out" | grep '^game over: ')" = "$over" ] || fail "replay ends '$(echo "$out" | grep '^game over: ')', the daemon '$over'"
echo "$out" | grep -q '^  Bot 1 (red) places [A-X] at ' || fail "replay: $out"
# --to N: stops there, draws the board once (each move with --board), prints the state hash
out=$(ctl replay "$rec" --to 20)
echo "$out" | grep -q "^after move 20 of $moves: " || fail "replay --to 20: $out"
echo "$out" | grep -q '^move 21/' && fail "replay --to 20 went on: $out"
[ "$(echo "$out" | grep -c '^  · field ')" = 1 ] || fail "replay --to 20 drew not one board: $out"
hash=$(echo "$out" | sed -n 's/^state hash: \([0-9a-f]\{16\}\)$/\1/p')
[ -n "$hash" ] || fail "replay --to 20 printed no state hash: $out"
[ "$(ctl replay "$rec" --to 3 --board --step </dev/null | grep -c '^  · field ')" = 4 ] ||
  fail "replay --board: not a board before the first move and after each"
# load --moves N: a waiting game in the position replay --to N reaches
# shellcheck disable=SC2046
set -- $(ctl load "$rec" --moves 20)
game=$1 creator=$2
[ "$(prop "$game" Game StateHash)" = "$hash" ] ||
  fail "load --moves 20: StateHash $(prop "$game" Game StateHash), replay --to 20: $hash"
ctl show "$game" | grep -q "^state hash: $hash$" || fail "show: $(ctl show "$game")"
expect 1 PermissionDenied save "$game" "$TMPDIR_CTL/not-ours.json"
[ ! -e "$TMPDIR_CTL/not-ours.json" ] || fail "a refused save wrote a file"
# issue 14: the creator's token (printed by load) gives the creator's rights to a later run
ctl save "$game" "$TMPDIR_CTL/ours.json" --token "$creator" --svg "$TMPDIR_CTL/ours.svg"
[ -s "$TMPDIR_CTL/ours.json" ] || fail "save with the creator's token wrote nothing"
# save --svg: the board's picture too, the game loaded at move 20 (issue 18)
ctl board "$game" --svg - | cmp -s - "$TMPDIR_CTL/ours.svg" || fail "save --svg: not the board's picture"
expect 1 InvalidToken delete "$game" --token 0123456789abcdef0123456789abcdef
ctl list | grep -q "^$game " || fail "a refused delete removed the game"
ctl delete "$game" --token "$creator"
ctl list | grep -q "^$game " && fail "delete with the creator's token left the game"
expect 1 InvalidArgs load "$rec" --moves $((moves + 1))
expect 2 "" replay "$rec" --to many
# a corrupted record: the engine's error, naming the place, from replay and from the daemon
line=$(awk 'NR > 20 && /"move":"place"/ { print NR; exit }' "$rec")
i=$((line - 8))
sed "${line}s/\"x\":/\"x\":\"/; ${line}s/,\"y\"/\",\"y\"/" "$rec" >"$TMPDIR_CTL/bad.json"
set +e
err=$(ctl replay "$TMPDIR_CTL/bad.json" 2>&1 >/dev/null)
status=$?
set -e
[ "$status" = 1 ] || fail "replay of a bad record exited $status"
[ "$err" = "carcassonnectl: $TMPDIR_CTL/bad.json: moves[$i].x: not an integer" ] ||
  fail "replay of a bad record: $err"
expect 1 "InvalidRecord: moves[$i].x: not an integer" load "$TMPDIR_CTL/bad.json"
# --- a plugin's move: listed and played with no per-type code (issue 16, Moves) -------------
# ring-bell: after each scored turn a player who has not rung holds its "bell" phase
out=$(ctl new --players 2 --expansions ring-bell --tile-order W,A --join Di)
game=$(echo "$out" | sed -n '1s/ .*//p')
# shellcheck disable=SC2046
set -- $(echo "$out" | sed -n 2p)
di=$1 token=$2 n=${game##*/}
ctl bot "$n" Robot --token "$token" >/dev/null
ctl start "$n" --token "$token"
out=$(ctl moves "$n" --token "$token")
echo "$out" | grep -q '^1\. place x=-\{0,1\}[0-9]* y=-\{0,1\}[0-9]* rotation=[0-3]$' || fail "moves: $out"
ctl move "$n" 1 --token "$token"
out=$(ctl moves "$n" --token "$token")
last=$(echo "$out" | tail -n 1)
echo "$out" | grep -q '^1\. deploy segment=0 figure=follower$' || fail "moves (deploying): $out"
[ "${last#*. }" = skip ] || fail "the last move is not skip: $out"
ctl move "$n" "${last%%.*}" --token "$token"
[ "$(prop "$game" Game State)" = 6 ] || fail "not in the bell phase: $(prop "$game" Game State)"
out=$(ctl moves "$n" --token "$token")
[ "$out" = "1. ring-bell
2. no-bell" ] || fail "moves (the bell phase): $out"
expect 2 "no move 3" move "$n" 3 --token "$token"
ctl move "$n" 1 --token "$token"
[ "$(prop "$di" Player Score)" = 1 ] || fail "Di's score: $(prop "$di" Player Score)"

# --- the mayor's wagon phase and barn, from 'moves' and 'move N' alone (issue 17, "D-Bus and
# clients"): carcassonnectl has no code for either
# play SEAT-TOKEN MOVE: plays the move 'moves' lists as exactly MOVE ("place x=1 y=0 rotation=1")
play () {
  line=$(ctl moves "$n" --token "$1" | grep -x "[0-9]*\. $2") || fail "no move '$2' in: $(ctl moves "$n" --token "$1")"
  ctl move "$n" "${line%%.*}" --token "$1"
}
# red_blue TILES: a started mayor game of Red (seat 0) and Blue with the tile order TILES:
# sets game, n, red, rt (Red's token) and bt (Blue's)
red_blue () {
  out=$(ctl new --players 2 --expansions mayor --tile-order "$1" --join Red)
  game=$(echo "$out" | sed -n '1s/ .*//p')
  # shellcheck disable=SC2046
  set -- $(echo "$out" | sed -n 2p)
  red=$1 rt=$2 n=${game##*/}
  # shellcheck disable=SC2046
  set -- $(ctl join "$n" Blue)
  bt=$2
  ctl start "$n" --token "$rt"
}
# RULES-next AM-6 (D25, C2): Red's wagon on U east of D; Blue's W at (2,0); Red's W at (-1,0)
# completes the road, Red 4; then Red's wagon phase: to the start tile's city, the east or
# south road of (2,0), or home
wagon_phase () {
  red_blue U,W,W,B
  play "$rt" "place x=1 y=0 rotation=1"
  play "$rt" "deploy segment=0 figure=wagon"
  play "$bt" "place x=2 y=0 rotation=0"
  play "$bt" skip
  play "$rt" "place x=-1 y=0 rotation=0"
  play "$rt" skip
  [ "$(prop "$game" Game State)" = 6 ] || fail "not in the wagon phase: $(prop "$game" Game State)"
}
wagon_phase
[ "$(prop "$red" Player Score)" = 4 ] || fail "Red's score: $(prop "$red" Player Score)"
out=$(ctl moves "$n" --token "$rt")
[ "$out" = "1. wagon-move segment=0 piece=0
2. wagon-move segment=0 piece=2
3. wagon-move segment=1 piece=2
4. wagon-pass" ] || fail "moves (the wagon phase): $out"
expect 2 "no move 5" move "$n" 5 --token "$rt"
# to the south road of (2,0): Blue's turn, the wagon drawn there (seat 0, W)
ctl move "$n" 3 --token "$rt"
[ "$(prop "$game" Game State)" = 1 ] || fail "the wagon phase did not end: $(prop "$game" Game State)"
out=$(ctl show "$n" --ascii)
echo "$out" | grep -q -x ' 0 ---o--------------------o---' || fail "show (the wagon): $out"
echo "$out" | grep -q -x '   ...|....................0W..' || fail "show (the wagon): $out"
echo "$out" | grep -q -x '  \. field .*  0-5 follower (seat)  W wagon' || fail "show (legend): $out"

# RULES-next AM-10's board (D27): Red's farmer on E north of D; E at (0,-2), (0,-3), (1,-2);
# Red's E at (1,-1) may take the barn to its north-west corner, where four fields meet
red_blue E,E,E,E,E,B
play "$rt" "place x=0 y=-1 rotation=2"
play "$rt" "deploy segment=1 figure=follower"
play "$bt" "place x=0 y=-2 rotation=0"
play "$bt" skip
play "$rt" "place x=0 y=-3 rotation=2"
play "$rt" skip
play "$bt" "place x=1 y=-2 rotation=0"
play "$bt" skip
play "$rt" "place x=1 y=-1 rotation=1"
out=$(ctl moves "$n" --token "$rt")
# no follower on the field: Red's farmer holds it; the barn may go there
[ "$out" = "1. deploy segment=0 figure=follower
2. deploy segment=0 figure=mayor
3. deploy segment=0 figure=wagon
4. deploy segment=1 figure=barn
5. skip" ] || fail "moves (the barn): $out"
ctl move "$n" 4 --token "$rt"
# AM-10 (D28): the barn arrives in the farmer's field: the farmer scores 6 and goes home, the
# barn stays, drawn on its field as seat 0's B
[ "$(prop "$game" Game Scores)" = "[uint32 6, 0]" ] || fail "scores: $(prop "$game" Game Scores)"
out=$(ctl show "$n" --ascii)
echo "$out" | grep -q -x -- '-1 ..........0B##' || fail "show (the barn): $out"
echo "$out" | grep -q -x '  \. field .*  0-5 follower (seat)  B barn' || fail "show (legend): $out"
# the daemon's word for it: GetFigures names the kind, by piece and segment
out=$(bus -o "$game" -m org.carcassonne.Engine1.Game.GetFigures)
[ "$out" = "([(objectpath '$game/player/0', uint32 5, uint32 1, 'barn')],)" ] ||
  fail "GetFigures: $out"
# GetSegmentAttributes: the tile data's attributes, with no meaning in the daemon
out=$(ctl new --players 2 --expansions inns-cathedrals)
g2=${out%% *}
out=$(bus -o "$g2" -m org.carcassonne.Engine1.Game.GetSegmentAttributes)
[ "$out" = "([('IC-Cccc.c', uint32 0, {'cathedral': ''}), ('IC-RCc.i', 1, {'inn': ''}), \
('IC-RrC.i', 1, {'inn': ''}), ('IC-CcRr+.i', 1, {'inn': ''}), ('IC-RRR.i', 0, {'inn': ''}), \
('IC-RFr.i', 0, {'inn': ''}), ('IC-Rr.i', 0, {'inn': ''})],)" ] || fail "GetSegmentAttributes: $out"

# --- the same wagon phase at the prompt: Red plays with 'moves' and 'move N' on a pipe, Blue
# with one-shot commands; the phase's moves show by themselves when it is Red's
fifo=$TMPDIR_CTL/prompt.fifo
mkfifo "$fifo"
ctl <"$fifo" >"$TMPDIR_CTL/wagon" 2>&1 &
prompt_pid=$!
exec 3>"$fifo"
seen=0 # the prompt's output lines already looked at
# await REGEX: waits (at most 20 s) for a new line of the prompt's output matching REGEX,
# sets got to it and looks past it (not in a subshell: seen must move on)
await () {
  i=0
  while :; do
    line=$(tail -n +$((seen + 1)) "$TMPDIR_CTL/wagon" | grep -n -E -m 1 -- "$1") && break
    i=$((i + 1))
    [ $i -lt 200 ] || fail "the prompt never printed '$1': $(cat "$TMPDIR_CTL/wagon")"
    sleep 0.1
  done
  seen=$((seen + ${line%%:*}))
  got=${line#*:}
}
# prompt_play MOVE: 'moves' at the prompt, then 'move N' for the line that is exactly MOVE
prompt_play () {
  echo moves >&3
  await "^[0-9]+\. $1\$"
  echo "move ${got%%.*}" >&3
}
# expect_line REGEX LINE: the prompt's next line matching REGEX is LINE
expect_line () {
  await "$1"
  [ "$got" = "$2" ] || fail "the prompt printed '$got', not '$2': $(cat "$TMPDIR_CTL/wagon")"
}
echo "new --players 2 --expansions mayor --tile-order U,W,W,B --join Red" >&3
await '^/org/carcassonne/Engine1/game/[0-9]+ '
game=${got%% *} n=${game##*/}
# shellcheck disable=SC2046
set -- $(ctl join "$n" Blue)
bt=$2
echo start >&3
await '^your turn:$'
prompt_play "place x=1 y=0 rotation=1"
prompt_play "deploy segment=0 figure=wagon"
await '^turn 2: '
play "$bt" "place x=2 y=0 rotation=0"
play "$bt" skip
await '^your turn:$'
prompt_play "place x=-1 y=0 rotation=0"
prompt_play skip
expect_line 'scores: ' '  road at (1, 0) scores: Red (red) +4 (4 for 4 tiles)'
expect_line '^your move:$' 'your move:'
expect_line '^[0-9]+\. wagon-' '1. wagon-move segment=0 piece=0'
expect_line '^[0-9]+\. wagon-' '2. wagon-move segment=0 piece=2'
expect_line '^[0-9]+\. wagon-' '3. wagon-move segment=1 piece=2'
expect_line '^[0-9]+\. wagon-' '4. wagon-pass'
expect_line '^move N$' 'move N'
echo "move 3" >&3
echo quit >&3
exec 3>&-
wait "$prompt_pid" || fail "the prompt failed: $(cat "$TMPDIR_CTL/wagon")"
[ "$(prop "$game" Game State)" = 1 ] ||
  fail "the wagon phase did not end at the prompt: $(cat "$TMPDIR_CTL/wagon")"

# --- strategy bots and hints (issue 19; doc/bot-dbus: AddBot's and CreateGame's strategy,
# Manager.Strategies, GetHint) --------------------------------------------------------------
# expect_msg STATUS LINE COMMAND...: exits STATUS and the first line on stderr is exactly LINE
expect_msg () {
  want=$2
  expect "$@"
  [ "$(echo "$err" | head -n 1)" = "carcassonnectl: $want" ] ||
    fail "carcassonnectl $*: said '$err', not '$want'"
}
out=$(ctl strategies)
for s in random greedy mcts; do
  echo "$out" | grep -q "^$s: [A-Za-z]" || fail "strategies lacks $s: $out"
done
# mcts's options as --strategy takes them; the budgets are unset unless given (their default
# below their range), random and greedy take none
echo "$out" | grep -q -- '^  --strategy mcts:iterations=1\.\.100000000  (default unset)  [a-z]' ||
  fail "strategies: mcts iterations: $out"
echo "$out" | grep -q -- '^  --strategy mcts:ms=1\.\.3600000  (default unset)  [a-z]' ||
  fail "strategies: mcts ms: $out"
echo "$out" | grep -q -- '^  --strategy mcts:threads=1\.\.256  (default 1)  [a-z]' ||
  fail "strategies: mcts threads: $out"
echo "$out" | grep -q -- '^  --strategy \(random\|greedy\):' && fail "strategies: $out"

# Ann and Bob, and bots of each strategy: bot --strategy SPEC sends AddBot's "strategy" and u
# options; Player.Strategy is the spec the daemon seated (carc_bot_to_spec())
out=$(ctl new --players 5 --seed 9 --join Ann)
game=$(echo "$out" | sed -n '1s/ .*//p') ct=$(echo "$out" | sed -n '1s/.* //p')
n=${game##*/}
# shellcheck disable=SC2046
set -- $(echo "$out" | sed -n 2p)
ann=$1 at=$2
# shellcheck disable=SC2046
set -- $(ctl join "$n" Bob)
bt=$2
[ "$(ctl bot "$n" Randy --token "$ct")" = "$game/player/2" ] || fail "bot: not seat 2"
ctl bot "$n" Greta --strategy greedy --token "$ct" >/dev/null
ctl bot "$n" Monty --strategy mcts:iterations=40,threads=1 --token "$ct" >/dev/null
[ "$(prop "$game/player/2" Player Strategy)" = random ] || fail "Randy: $(prop "$game/player/2" Player Strategy)"
[ "$(prop "$game/player/3" Player Strategy)" = greedy ] || fail "Greta: $(prop "$game/player/3" Player Strategy)"
[ "$(prop "$game/player/4" Player Strategy)" = mcts:iterations=40,threads=1,k=5,reply=2 ] ||
  fail "Monty: $(prop "$game/player/4" Player Strategy)"
[ "$(prop "$ann" Player Strategy)" = "" ] || fail "Ann has a strategy: $(prop "$ann" Player Strategy)"
# show names each bot's strategy
out=$(ctl show "$n")
echo "$out" | grep -q ' Greta: 0 points, 7 followers, bot greedy  ' || fail "show: $out"
echo "$out" | grep -q ' Monty: 0 points, 7 followers, bot mcts:iterations=40,threads=1,k=5,reply=2  ' ||
  fail "show: $out"
echo "$out" | grep -q ' Ann: 0 points, 7 followers, disconnected  ' || fail "show: $out"
# a spec that does not parse is a usage error naming it, before any call
expect_msg 2 "--strategy 'mcts:ms': 'ms' is not OPTION=NUMBER (a whole number from 0 to 4294967295)" \
  bot "$n" X --strategy mcts:ms --token "$ct"
expect_msg 2 "--strategy 'mcts:ms=fast': 'ms=fast' is not OPTION=NUMBER (a whole number from 0 to 4294967295)" \
  bot "$n" X --strategy mcts:ms=fast --token "$ct"
expect_msg 2 "--strategy ':ms=9': no strategy named (STRATEGY[:OPTION=NUMBER,...], e.g. greedy or mcts:ms=200; 'strategies' lists them)" \
  bot "$n" X --strategy :ms=9 --token "$ct"
expect_msg 2 "--strategy 'mcts:': no options after ':'" bot "$n" X --strategy mcts: --token "$ct"
expect_msg 2 "--strategy 'mcts:ms=1,ms=2': 'ms' is given twice" bot "$n" X --strategy mcts:ms=1,ms=2 --token "$ct"
expect_msg 2 "--strategy 'mcts:strategy=1': 'strategy' is not a strategy's option" \
  bot "$n" X --strategy mcts:strategy=1 --token "$ct"
expect_msg 2 "--strategy does not apply to moves" moves "$n" --strategy greedy
expect_msg 2 "--bot-strategy is the strategy of the --bots seats: give --bots N too" new --bot-strategy greedy
expect_msg 2 "--bot-strategy 'greedy:x': 'x' is not OPTION=NUMBER (a whole number from 0 to 4294967295)" \
  new --bots 1 --bot-strategy greedy:x
# what the daemon refuses (carc_bot_new()'s words) is its InvalidArgs, shown as it is
expect_msg 1 "InvalidArgs: no bot strategy 'nope' (random, greedy, mcts)" bot "$n" X --strategy nope --token "$ct"
expect_msg 1 "InvalidArgs: bot strategy 'greedy' has no option 'ms'" bot "$n" X --strategy greedy:ms=5 --token "$ct"
expect_msg 1 "InvalidArgs: bot option 'ms' is an unsigned number (u) from 1 to 3600000" bot "$n" X --strategy mcts:ms=0 --token "$ct"
expect_msg 1 "InvalidArgs: Option \"bot-options\": no bot strategy 'nope' (random, greedy, mcts)" new --bots 1 --bot-strategy nope
# ... and changes nothing: still the five seats
[ "$(bus -o "$game" -m org.freedesktop.DBus.Properties.Get org.carcassonne.Engine1.Game Players | grep -o "player/" | wc -l)" = 5 ] ||
  fail "a refused bot changed the seats"
# a hint before the start
expect 1 WrongPhase hint "$n" --token "$at"
ctl start "$n" --token "$ct"
# new --bots N --bot-strategy SPEC: CreateGame's bot-options, for every bot seat
# shellcheck disable=SC2046
set -- $(ctl new --players 3 --bots 2 --bot-strategy mcts:iterations=5)
[ "$(prop "$1/player/0" Player Strategy)" = mcts:iterations=5,threads=1,k=5,reply=2 ] &&
  [ "$(prop "$1/player/1" Player Strategy)" = mcts:iterations=5,threads=1,k=5,reply=2 ] ||
  fail "new --bot-strategy: $(prop "$1/player/0" Player Strategy), $(prop "$1/player/1" Player Strategy)"

# load --bots N --bot-strategy SPEC: ImportGame's bot-options, for every bot seat; more bots
# than the record's seats is ImportGame's InvalidArgs, and no game is made
# shellcheck disable=SC2046
set -- $(ctl load "$rec" --moves 20 --bots 2 --bot-strategy greedy)
[ "$(prop "$1/player/0" Player Strategy) $(prop "$1/player/1" Player Strategy)" = "greedy greedy" ] &&
  [ "$(prop "$1/player/1" Player Name)" = "Bot 2" ] ||
  fail "load --bot-strategy: $(ctl show "$1")"
games=$(ctl list | wc -l)
expect 1 InvalidArgs load "$rec" --bots 3 --bot-strategy greedy
[ "$(ctl list | wc -l)" = "$games" ] || fail "a refused load --bot-strategy left a game: $(ctl list)"
expect_msg 2 "--bot-strategy is the strategy of the --bots seats: give --bots N too" \
  load "$rec" --bot-strategy greedy

# hint: the move of 'moves' a strategy would make (greedy by default), numbered as there; it
# changes nothing; 'move N' plays it
[ "$(prop "$game" Game State)" = 1 ] || fail "Ann's turn does not start placing"
hint=$(ctl hint "$n" --token "$at")
echo "$hint" | grep -q -x '[0-9]*\. place x=-\{0,1\}[0-9]* y=-\{0,1\}[0-9]* rotation=[0-3]' || fail "hint: $hint"
ctl moves "$n" --token "$at" | grep -q -x -F "$hint" || fail "hint $hint is not that move of: $(ctl moves "$n" --token "$at")"
mcts=$(ctl hint "$n" --token "$at" --strategy mcts:iterations=60,threads=2)
ctl moves "$n" --token "$at" | grep -q -x -F "$mcts" || fail "the mcts hint $mcts is not in 'moves'"
[ "$(prop "$game" Game State)" = 1 ] && [ "$(prop "$game" Game Turn)" = 1 ] || fail "a hint moved the game"
expect 1 NotSeated hint "$n"
expect 1 NotYourTurn hint "$n" --token "$bt"
expect_msg 1 "InvalidArgs: no bot strategy 'nope' (random, greedy, mcts)" hint "$n" --token "$at" --strategy nope
expect 2 "is not OPTION=NUMBER" hint "$n" --token "$at" --strategy greedy:c
ctl move "$n" "${hint%%.*}" --token "$at"
set -- $(echo "$hint" | sed 's/^[0-9]*\. place x=\(-\{0,1\}[0-9]*\) y=\(-\{0,1\}[0-9]*\) rotation=\([0-3]\)$/\1 \2 \3/')
bus -o "$game" -m org.carcassonne.Engine1.Game.GetPieces | grep -q "(1, $1, $2, '[A-X]', $3, '$ann')" ||
  fail "move ${hint%%.*} did not place the hint $hint: $(bus -o "$game" -m org.carcassonne.Engine1.Game.GetPieces)"
# deploying: the hint is a deployment or skip, again one of 'moves'
hint=$(ctl hint "$n" --token "$at")
echo "$hint" | grep -q -x '[0-9]*\. \(deploy segment=[0-9]* figure=follower\|skip\)' || fail "hint (deploying): $hint"
ctl moves "$n" --token "$at" | grep -q -x -F "$hint" || fail "hint $hint is not in 'moves' (deploying)"
# at the prompt: hint for the game in view and our seat, GAME and --token left out
out=$(printf 'rejoin %s %s\nhint\nquit\n' "$n" "$at" | ctl)
[ "$out" = "in view: $game, deploying, turn 1
$ann
$hint" ] || fail "hint at the prompt: '$out', not '$hint'"
ctl move "$n" "${hint%%.*}" --token "$at"
# an expansion's phase (the mayor's wagon, State 6): the hint is one of its moves, with no
# code for it here (RULES-next AM-6's position, as above)
wagon_phase
hint=$(ctl hint "$n" --token "$rt")
echo "$hint" | grep -q -x '[1-4]\. wagon-\(move segment=[01] piece=[02]\|pass\)' || fail "hint (the wagon phase): $hint"
ctl moves "$n" --token "$rt" | grep -q -x -F "$hint" || fail "hint $hint is not in 'moves' (the wagon phase)"

echo "PASS: carcassonnectl"
