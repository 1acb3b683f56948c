#!/bin/sh
# first-moves.sh: a game's first moves from the shell, against the built-in bot.
#
# Usage: first-moves.sh [SEED]      (carcassonned must be running on the session bus)
#
# What it shows: the read-only calls and the game's setup with plain `gdbus call`, the
# game's signals with `gdbus monitor`, and the moves with carcassonnectl.
#
# A seat belongs to the bus connection that took it, and every `gdbus call` (or
# `dbus-send`, `busctl call`) is a process of its own with a connection of its own, closed
# when it exits. Join hands out a token that stands for the seat: a move carries it in its
# options ({'token': <'...'>}), from any connection of the same Unix user, and
# `carcassonnectl --token TOKEN place ...` does the same. (one-shot-gdbus.sh plays with
# `gdbus call` alone; a client that stays connected, such as play-against-bot.py, needs no
# token at all.) CreateGame likewise returns the creator's token, for Delete and GetSeed
# once the creating connection is gone. At the end this script leaves the seat, the bot
# plays it to the end, and the daemon removes the finished game.
set -eu

seed=${1:-42}
ctl=${CARCASSONNECTL:-carcassonnectl}
dest=org.carcassonne.Engine1
root=/org/carcassonne/Engine1
game_iface=org.carcassonne.Engine1.Game
props_iface=org.freedesktop.DBus.Properties

# call OBJECT METHOD [ARGUMENT]...: one method call, shown with its reply
call () {
  object=$1
  method=$2
  shift 2
  echo "\$ gdbus call ... --object-path $object --method $method $*" >&2
  gdbus call --session --dest "$dest" --object-path "$object" --method "$method" "$@"
}

# ctl ARGUMENT...: carcassonnectl with the seat's token, shown as it runs
ctl () {
  echo "\$ carcassonnectl --token \$token $*" >&2
  "$ctl" --token "$token" "$@"
}

# The monitor prints every signal of the daemon's objects, one line each, to a file.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/first-moves.XXXXXX")
monitor=
cleanup () {
  [ -z "$monitor" ] || kill "$monitor" 2>/dev/null || :
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
gdbus monitor --session --dest "$dest" >"$tmp/signals" &
monitor=$!

# wait_signal REGEX [N]: waits until the N-th (default first) signal line matching REGEX
# has arrived, for up to 10 s. The monitor writes a line as it receives the signal, so this
# reads a file, not the bus.
wait_signal () {
  tries=0
  while [ "$(grep -E -c -e "$1" "$tmp/signals")" -lt "${2:-1}" ]; do
    tries=$((tries + 1))
    if [ "$tries" -gt 100 ]; then
      echo "first-moves: no signal matching $1 within 10 s" >&2
      exit 1
    fi
    sleep 0.1
  done
}

# The monitor prints this once it has found the daemon on the bus.
wait_signal "is owned by"

echo "== The daemon and its games"
call "$root" $props_iface.Get org.carcassonne.Engine1.Manager Version
call "$root" org.carcassonne.Engine1.Manager.ListGames

echo "== A seeded game for two, created and joined with gdbus"
# a{sv} options in GVariant text: the types must be written out (uint32, uint64)
reply=$(call "$root" org.carcassonne.Engine1.Manager.CreateGame \
  "{'players': <uint32 2>, 'seed': <uint64 $seed>, 'name': <'first moves'>}")
echo "$reply"
# (objectpath '/org/carcassonne/Engine1/game/1', '<creator token>')
game=$(echo "$reply" | sed -n "s/^(objectpath '\([^']*\)', '[0-9a-f]*')\$/\1/p")
[ -n "$game" ]
# Once the monitor has seen the new game appear (ObjectManager's InterfacesAdded), it is
# surely subscribed: none of the game's signals can pass it by from here on.
wait_signal "InterfacesAdded \\(objectpath '$game'"

reply=$(call "$game" $game_iface.Join Alice "{}")
# (objectpath '/org/carcassonne/Engine1/game/1/player/0', '<token>'): the token is a secret
# in real use; printed here to show what came back
echo "$reply"
me=$(echo "$reply" | sed -n "s/^(objectpath '\([^']*\)', '[^']*')\$/\1/p")
token=$(echo "$reply" | sed -n "s/^(objectpath '[^']*', '\([^']*\)')\$/\1/p")
[ -n "$me" ] && [ -n "$token" ]

echo "== The bot takes seat 1 and the game starts (seated callers only: carcassonnectl)"
ctl bot "$game" Robot
ctl start "$game"
call "$game" $props_iface.GetAll $game_iface

# my_turn N deploy|skip: waits for the N-th TurnStarted of our seat, then shows the turn's
# options and plays it: the first legal placement, then a follower on the first segment
# offered (deploy) or none (skip).
my_turn () {
  wait_signal "\\.TurnStarted \\(uint32 [0-9]+, objectpath '$me'" "$1"
  echo "== Our turn $1: where the tile fits"
  call "$game" $props_iface.Get $game_iface Tile
  reply=$(call "$game" $game_iface.GetPlacements)
  echo "$reply"
  # ([(0, -1, uint32 2), (1, 0, 0), ...],): x, y and rotation of the first placement
  read -r x y rotation <<END
$(echo "$reply" | sed -n 's/^(\[(\(-\{0,1\}[0-9]*\), \(-\{0,1\}[0-9]*\), \(uint32 \)\{0,1\}\([0-9]*\)).*/\1 \2 \4/p')
END
  [ -n "$rotation" ]
  ctl place "$game" "$x" "$y" "$rotation"
  reply=$(call "$game" $game_iface.GetDeployments)
  echo "$reply"
  # ([('follower', uint32 0, uint32 2, ['S']), ...],): the first segment (a follower's: the
  # follower comes first); (@a(suuas) [],) when none
  segment=$(echo "$reply" | sed -n "s/^(\[('follower', \(uint32 \)\{0,1\}\([0-9]*\),.*/\2/p")
  if [ "$2" = deploy ] && [ -n "$segment" ]; then
    ctl deploy "$game" "$segment"
  else
    ctl deploy "$game" skip
  fi
}

my_turn 1 deploy
my_turn 2 skip

echo "== The board after our second turn"
call "$game" $game_iface.GetBoard
call "$game" $props_iface.Get $game_iface Scores

echo "== The signals so far (gdbus monitor)"
grep -E '\.(TurnStarted|TilePlaced|FollowerDeployed|FeatureScored|TurnEnded) ' "$tmp/signals"

echo "== Leaving: the bot plays our seat to the end"
ctl leave "$game"
wait_signal '\.GameOver '
# the final scores per seat; the daemon removes the game now that nobody holds it
grep -E '\.GameOver ' "$tmp/signals"
