#!/bin/sh
# test-ctl.sh: carcassonnectl's one-shot commands as a script uses them, against the real
# daemon on the test bus (started by run-example.sh, which also checks it exits cleanly).
# Seats outlive a run of carcassonnectl: join prints a token, later runs pass --token.
set -eu
if [ "${1:-}" != --inner ]; then
  exec "${TOP_SRCDIR:?}/tests/run-example.sh" -e '^PASS: carcassonnectl$' -- "$0" --inner
fi

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

game=$(ctl new --players 2 --seed 11 --name "ctl test")
[ "$game" = /org/carcassonne/Engine1/game/1 ] || fail "new printed $game"
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
echo "PASS: carcassonnectl"
