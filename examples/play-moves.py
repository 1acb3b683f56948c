#!/usr/bin/python3
"""play-moves.py: whole games against the bot, playing only GetMoves/Play.

Usage: play-moves.py [--seed N] [--expansions LIST|all|none|each]

carcassonned must be running on the session bus. For each game the
script creates a seeded game for two with one bot seat and the
expansions asked for, joins it and starts it; whenever the daemon lists
moves for its seat (GetMoves) it plays one of them at random (Play),
whatever their type: placing a tile, deploying any figure kind, a
draft pick, an expansion's own move. It has no code for any expansion:
what a plugin adds reaches it through the move list.

--expansions takes a comma-separated list of Manager.Expansions names,
"all" (every loaded expansion in one game, the default), "none" (the
base game) or "each" (one game per loaded expansion alone, then one
with all of them).

Per game it prints one line:
  game EXPANSIONS: N moves, final scores: Bot 1 S0, Python S1
and the move types it played.
Exit status: 0 if every game reached GameOver (State 3) with the Scores
property equal to GameOver's scores and to the sum of the FeatureScored
and PointsAwarded events; 1 otherwise.
"""

import argparse
import random
import sys

import dbus
import dbus.mainloop.glib
from gi.repository import GLib

BUS_NAME = "org.carcassonne.Engine1"
MANAGER_PATH = "/org/carcassonne/Engine1"
MANAGER_IFACE = "org.carcassonne.Engine1.Manager"
GAME_IFACE = "org.carcassonne.Engine1.Game"
PROPS_IFACE = "org.freedesktop.DBus.Properties"
STATE_OVER = 3
TIMEOUT_SECONDS = 300
OPTIONS = dbus.Dictionary({}, signature="sv")


class MovePlayer:
    """One game, played from the move list alone."""

    def __init__(self, bus, path, rng):
        self.rng = rng
        proxy = bus.get_object(BUS_NAME, path)
        self.game = dbus.Interface(proxy, GAME_IFACE)
        self.props = dbus.Interface(proxy, PROPS_IFACE)
        self.moves = 0
        self.types = set()  # the move types played
        self.scored = [0, 0]  # per seat, from FeatureScored and PointsAwarded
        self.final = None  # GameOver's scores
        self.error = None
        self.pending = False  # a look at the move list is scheduled
        self.loop = GLib.MainLoop()
        # Every signal of the game may mean our turn (or phase) came:
        # look at the move list once the burst of signals is over.
        bus.add_signal_receiver(self.on_signal, dbus_interface=GAME_IFACE,
                                path=path, member_keyword="member")

    def on_signal(self, *args, member=None):
        if member == "FeatureScored":
            self.scored = [s + int(p) for s, p in zip(self.scored, args[6])]
        elif member == "PointsAwarded":
            self.scored[int(args[0].rsplit("/", 1)[1])] += int(args[3])
        elif member == "GameOver":
            self.final = [int(s) for s in args[0]]
            self.loop.quit()
            return
        self.schedule()

    def schedule(self):
        if not self.pending:
            self.pending = True
            GLib.idle_add(self.play)

    def play(self):
        self.pending = False
        try:
            moves = self.game.GetMoves(OPTIONS)
            if moves:
                kind, args = self.rng.choice(moves)
                self.game.Play(kind, args, OPTIONS)
                self.moves += 1
                self.types.add(str(kind))
                self.schedule()
        except dbus.DBusException as e:
            self.error = "%s: %s" % (e.get_dbus_name(), e.get_dbus_message())
            self.loop.quit()
        return GLib.SOURCE_REMOVE

    def on_timeout(self):
        self.error = "the game did not end within %d s" % TIMEOUT_SECONDS
        self.loop.quit()
        return GLib.SOURCE_REMOVE

    def run(self):
        self.game.Join("Python", OPTIONS)
        self.game.Start(OPTIONS)
        self.schedule()
        GLib.timeout_add_seconds(TIMEOUT_SECONDS, self.on_timeout)
        self.loop.run()

    def problems(self):
        if self.error:
            return [self.error]
        state = int(self.props.Get(GAME_IFACE, "State"))
        scores = [int(s) for s in self.props.Get(GAME_IFACE, "Scores")]
        found = []
        if state != STATE_OVER:
            found.append("State is %d, not %d" % (state, STATE_OVER))
        if scores != self.final:
            found.append("Scores %s, GameOver %s" % (scores, self.final))
        if scores != self.scored:
            found.append("Scores %s, the events add up to %s"
                         % (scores, self.scored))
        return found


def play_one(bus, manager, expansions, seed):
    """Plays one game with @expansions; True if it ended as it should."""
    path, _token = manager.CreateGame(dbus.Dictionary({
        "players": dbus.UInt32(2),
        "bots": dbus.UInt32(1),
        "seed": dbus.UInt64(seed),
        "expansions": dbus.Array(expansions, signature="s"),
        "name": dbus.String("play-moves.py"),
    }, signature="sv"))
    game = MovePlayer(bus, path, random.Random(seed))
    game.run()
    label = ",".join(expansions) or "none"
    problems = game.problems()
    if not problems:
        scores = [int(s) for s in game.props.Get(GAME_IFACE, "Scores")]
        print("game %s: %d moves, final scores: Bot 1 %d, Python %d"
              % (label, game.moves, scores[0], scores[1]))
        print("  move types: " + ", ".join(sorted(game.types)))
    for problem in problems:
        print("error: game %s: %s" % (label, problem), file=sys.stderr)
    game.game.Delete(OPTIONS)
    return not problems


def games(choice, loaded):
    """The expansion lists to play for --expansions @choice."""
    if choice == "each":
        return [[name] for name in loaded] + [loaded]
    if choice == "all":
        return [loaded]
    if choice == "none":
        return [[]]
    return [choice.split(",")]


def main():
    parser = argparse.ArgumentParser(
        description="Plays whole games against the bot from the move list.")
    parser.add_argument("--seed", type=int, default=1,
                        help="the deck's seed and our moves' (default 1)")
    parser.add_argument("--expansions", default="all",
                        help="LIST, all (default), none or each")
    args = parser.parse_args()

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    manager_proxy = bus.get_object(BUS_NAME, MANAGER_PATH)
    manager = dbus.Interface(manager_proxy, MANAGER_IFACE)
    loaded = [str(e) for e in manager_proxy.Get(
        MANAGER_IFACE, "Expansions", dbus_interface=PROPS_IFACE)]
    print("expansions loaded: " + (", ".join(loaded) or "none"))
    ok = True
    for expansions in games(args.expansions, loaded):
        ok = play_one(bus, manager, expansions, args.seed) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
