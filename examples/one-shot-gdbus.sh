#!/bin/sh
# one-shot-gdbus.sh: a few turns against a greedy bot, and a hint, with `gdbus call` alone.
#
# Usage: one-shot-gdbus.sh [SEED] [TURNS]   (carcassonned must be running on the session bus)
#
# Every `gdbus call` is a process with a bus connection of its own, gone when it exits, so
# no call here holds anything by its bus name. The tokens do instead: CreateGame returns the
# creator's token, Join the seat's, and a call that acts for the creator or the seat carries
# it in its a{sv} options: {'token': <'...'>}. The same works with busctl and dbus-send.
#
# Tokens are secrets of the Unix user they were issued to: the daemon refuses them from
# another user, but a bus monitor sees them in the replies, and on the command line they
# show in ps (doc/persistence.md, "Threat model"). Printed here only to show them.
set -eu

seed=${1:-42}
turns=${2:-3}
dest=org.carcassonne.Engine1
root=/org/carcassonne/Engine1
iface=org.carcassonne.Engine1.Game
props=org.freedesktop.DBus.Properties

# call OBJECT METHOD [ARGUMENT]...: one method call on a connection of its own
call () {
  object=$1
  method=$2
  shift 2
  gdbus call --session --dest "$dest" --object-path "$object" --method "$method" "$@"
}
# prop NAME: a property of the game, as gdbus prints it: (<uint32 1>,)
prop () { call "$game" $props.Get $iface "$1"; }
# field N TEXT: the N-th '...'-quoted string of a gdbus reply
field () { echo "$2" | cut -d "'" -f $((2 * $1)); }

echo "== CreateGame: a greedy bot takes seat 0 (bot-options: the strategy and its options, as"
echo "   AddBot takes them); the reply holds the creator's token"
reply=$(call $root org.carcassonne.Engine1.Manager.CreateGame \
  "{'players': <uint32 2>, 'bots': <uint32 1>, 'seed': <uint64 $seed>,
    'bot-options': <{'strategy': <'greedy'>}>}")
echo "$reply"
game=$(field 1 "$reply")
creator=$(field 2 "$reply")
echo "== The bot's Player.Strategy"
call "$game/player/0" $props.Get org.carcassonne.Engine1.Player Strategy

echo "== Join: seat 1 and its token"
reply=$(call "$game" $iface.Join Alice "{}")
echo "$reply"
me=$(field 1 "$reply")
token=$(field 2 "$reply")
mine="{'token': <'$token'>}"

echo "== Start, as the creator (its connection is long gone)"
call "$game" $iface.Start "{'token': <'$creator'>}"

# wait_turn: until the tile waits for our seat (the bot moves at once), for up to 10 s
wait_turn () {
  tries=0
  until [ "$(prop State)" = "(<uint32 1>,)" ] &&
    [ "$(prop ActivePlayer)" = "(<objectpath '$me'>,)" ]; do
    tries=$((tries + 1))
    [ "$tries" -le 100 ] || { echo "one-shot-gdbus: not our turn within 10 s" >&2; exit 1; }
    sleep 0.1
  done
}

turn=1
while [ "$turn" -le "$turns" ]; do
  wait_turn
  echo "== Our turn $turn: tile $(prop Tile)"
  # ([(0, -1, uint32 2), ...],): the first legal placement
  read -r x y rotation <<END
$(call "$game" $iface.GetPlacements |
    sed -n 's/^(\[(\(-\{0,1\}[0-9]*\), \(-\{0,1\}[0-9]*\), \(uint32 \)\{0,1\}\([0-9]*\)).*/\1 \2 \4/p')
END
  echo "Place $x $y $rotation"
  call "$game" $iface.Place -- "$x" "$y" "$rotation" "$mine"
  # the first deployment offered (figure kind, segment), on odd turns; none on even ones
  set -- $(call "$game" $iface.GetDeployments |
    sed -n "s/^(\[('\([a-z0-9-]*\)', \(uint32 \)\{0,1\}\([0-9]*\),.*/\1 \3/p")
  figure=${1:-} segment=${2:-}
  if [ $((turn % 2)) -eq 1 ] && [ -n "$segment" ]; then
    echo "Deploy $segment"
    call "$game" $iface.Deploy "$figure" "$segment" "$mine"
  else
    echo "Skip"
    call "$game" $iface.Skip "$mine"
  fi
  turn=$((turn + 1))
done
echo "== After $turns turns: scores $(prop Scores)"

echo "== GetHint: what mcts (500 iterations) would play now, in GetMoves/Play form, not played"
wait_turn
call "$game" $iface.GetHint "{'token': <'$token'>, 'strategy': <'mcts'>, 'iterations': <uint32 500>}"

echo "== A wrong token is refused and changes nothing"
wait_turn
if out=$(call "$game" $iface.Skip "{'token': <'0123456789abcdef0123456789abcdef'>}" 2>&1); then
  echo "one-shot-gdbus: a wrong token was taken" >&2
  exit 1
fi
echo "$out"

echo "== GetSeed and Delete, as the creator"
call "$game" $iface.GetSeed "{'token': <'$creator'>}"
call "$game" $iface.Delete "{'token': <'$creator'>}"
call $root org.carcassonne.Engine1.Manager.ListGames
