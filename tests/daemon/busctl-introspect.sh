#!/bin/sh
# busctl-introspect.sh: what busctl, a generic client, shows of the daemon's properties.
#
# Issue 14: "busctl --user introspect shows const where it should": the properties that never
# change while their object exists carry org.freedesktop.DBus.Property.EmitsChangedSignal
# "const" (introspection/*.xml), every other one announces its changes (busctl's
# "emits-change"). Run by make check: the script starts the daemon through
# tests/examples/run-example.sh, which runs it again with --check; the check compares
# busctl's flags of every property of the Manager, a Game, a Player, an Expansion and a
# Strategy with the list below, exactly.
set -eu

if [ "${1:-}" != --check ]; then
  exec "$TOP_SRCDIR/tests/examples/run-example.sh" -e '^busctl-introspect: ok$' -- "$0" --check
fi

command -v busctl >/dev/null || { echo "busctl-introspect: no busctl" >&2; exit 1; }
service=org.carcassonne.Engine1
root=/org/carcassonne/Engine1

# "<property> <flags>" for each property of INTERFACE at PATH, as busctl lists them
flags () {
  busctl --user introspect "$service" "$1" "$service.$2" | awk '$2 == "property" { print $1, $NF }'
}

busctl --user call "$service" "$root" "$service.Manager" CreateGame 'a{sv}' 1 bots u 1 >/dev/null

expected=$(cat <<'LIST'
Manager
.Expansions const
.RefusedPlugins const
.RuleOptions const
.Strategies const
.Version const
Game
.ActivePlayer emits-change
.CanDraw emits-change
.CanPass emits-change
.Name const
.Options const
.Players emits-change
.Scores emits-change
.Seats const
.Sequence emits-change
.State emits-change
.StateHash emits-change
.Tile emits-change
.TilesLeft emits-change
.Turn emits-change
Player
.Bot emits-change
.Colour const
.Connected emits-change
.Figures emits-change
.Followers emits-change
.Game const
.HandSize emits-change
.Name const
.Score emits-change
.Seat const
.Sequence emits-change
.Strategy const
Expansion
.Description const
.Name const
.Options const
.Priority const
.Tiles const
.Version const
Strategy
.Description const
.Name const
.Options const
LIST
)
actual=$(
  echo Manager; flags "$root" Manager
  echo Game; flags "$root/game/1" Game
  echo Player; flags "$root/game/1/player/0" Player
  echo Expansion; flags "$root/expansion/winter" Expansion
  echo Strategy; flags "$root/strategy/mcts" Strategy
)
if [ "$actual" != "$expected" ]; then
  echo "busctl-introspect: busctl shows" >&2
  echo "$actual" >&2
  echo "busctl-introspect: the list says" >&2
  echo "$expected" >&2
  exit 1
fi
echo "busctl-introspect: ok"
