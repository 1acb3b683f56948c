#!/usr/bin/python3
"""play-against-bot.py: a whole game against carcassonned's built-in bot.

Usage: play-against-bot.py [--seed N] [--name NAME] [--strategy SPEC]

carcassonned must be running on the session bus. The script creates a
seeded game for two with one bot seat (playing SPEC, e.g. greedy or
mcts:ms=200: CreateGame's "bot-options"; default the daemon's, random),
joins it, starts it and then
reacts to the game's signals: on each TurnStarted that names its own
seat it places the tile in play at a random legal place, and half of
the time puts a follower on a random free segment. It prints its
moves, every FeatureScored event with the points per player and their
breakdown, and the final scores.

Exit status: 0 if the game ended (State 3) with the Scores property
equal to the GameOver signal's scores and to the sum of the
FeatureScored and PointsAwarded events, and every FeatureScored
breakdown added up to its points; 1 otherwise.

Written with dbus-python and the GLib main loop; PyGObject's Gio would
do as well.
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
PLAYER_IFACE = "org.carcassonne.Engine1.Player"
PROPS_IFACE = "org.freedesktop.DBus.Properties"

# Feature kinds as the API numbers them (the Game interface's XML).
KINDS = ("field", "road", "city", "cloister")
STATE_OVER = 3
TIMEOUT_SECONDS = 120


def no_options():
    """The empty a{sv} of Join, Start, the moves and Delete.

    This client stays connected, so its bus name holds its seat and its
    game: it needs no token. A one-shot tool puts its seat's (or the
    creator's) token there instead: {"token": TOKEN}."""
    return dbus.Dictionary({}, signature="sv")


def describe(items):
    """A seat's breakdown as " (8 for 4 tiles, 4 for 2 shields)", "" if empty."""
    parts = ["%d for %d %s" % (p, c, n) if c else "%d for %s" % (p, n)
             for n, c, p in items]
    return " (%s)" % ", ".join(parts) if parts else ""


class Game:
    """One game on the bus, seen from our seat."""

    def __init__(self, bus, path, rng):
        self.bus = bus
        self.rng = rng
        proxy = bus.get_object(BUS_NAME, path)
        self.game = dbus.Interface(proxy, GAME_IFACE)
        self.props = dbus.Interface(proxy, PROPS_IFACE)
        self.me = None  # our Player object path, once joined
        self.names = []  # player names in seat order
        self.scored = []  # points per seat, from FeatureScored and PointsAwarded
        self.bad_breakdowns = 0  # FeatureScored whose items did not add up
        self.final_scores = None  # from GameOver
        self.failed = False
        self.loop = GLib.MainLoop()

        # Subscribe before Start, so that no signal of the game is missed.
        self.game.connect_to_signal("TurnStarted", self.on_turn_started)
        self.game.connect_to_signal("TileDiscarded", self.on_tile_discarded)
        self.game.connect_to_signal("FeatureScored", self.on_feature_scored)
        self.game.connect_to_signal("PointsAwarded", self.on_points_awarded)
        self.game.connect_to_signal("GameOver", self.on_game_over)

    def player_property(self, path, name):
        player = self.bus.get_object(BUS_NAME, path)
        return str(player.Get(PLAYER_IFACE, name, dbus_interface=PROPS_IFACE))

    def join_and_start(self, name):
        # Join answers with our seat's Player object and a token. The
        # token would take the seat back with Rejoin after a disconnect;
        # this client stays connected throughout and needs no token.
        self.me, _token = self.game.Join(name, no_options())
        players = self.props.Get(GAME_IFACE, "Players")
        self.names = [self.player_property(p, "Name") for p in players]
        self.scored = [0] * len(players)
        for seat, (path, name) in enumerate(zip(players, self.names)):
            # a bot's Strategy is its spec as the daemon seated it
            strategy = self.player_property(path, "Strategy")
            print("seat %d: %s%s" % (seat, name, " (us)" if path == self.me
                                     else " (bot: %s)" % strategy if strategy
                                     else ""))
        self.game.Start(no_options())

    def run(self):
        GLib.timeout_add_seconds(TIMEOUT_SECONDS, self.on_timeout)
        self.loop.run()

    def fail(self, message):
        print("error:", message, file=sys.stderr)
        self.failed = True
        self.loop.quit()

    def on_timeout(self):
        self.fail("the game did not end within %d s" % TIMEOUT_SECONDS)
        return GLib.SOURCE_REMOVE

    # The signal handlers. TurnStarted names the player whose turn it
    # is, so it is all a player needs to know when to move (the
    # ActivePlayer and State properties, announced by PropertiesChanged,
    # say the same). Every Game signal ends in its sequence number
    # (doc/dbus-game.md, "Sequence numbers"): a client that joins late
    # uses it with GetSnapshot; this one listens from the start.

    def on_turn_started(self, turn, player, tile, tiles_left, sequence):
        if player != self.me:
            return  # the bot's turn: the daemon plays it
        try:
            self.play_turn(turn, tile)
        except dbus.DBusException as e:
            self.fail("turn %d: %s: %s" % (turn, e.get_dbus_name(),
                                           e.get_dbus_message()))

    def play_turn(self, turn, tile):
        # GetPlacements lists every legal (x, y, rotation) for the tile
        # in play; the daemon discards tiles that fit nowhere, so there
        # is always at least one.
        x, y, rotation = self.rng.choice(self.game.GetPlacements())
        self.game.Place(x, y, rotation, no_options())
        move = "turn %d: tile %s at (%d, %d) rotation %d" % (
            turn, tile, x, y, rotation)

        # The turn now waits for a follower (Deploy) or none (Skip).
        # GetDeployments lists the (figure kind, segment) pairs we may
        # deploy: none when our supplies are empty or every feature is
        # taken. A base game has one kind, "follower".
        deployments = self.game.GetDeployments()
        if deployments and self.rng.random() < 0.5:
            figure, segment, kind, locations = self.rng.choice(deployments)
            self.game.Deploy(figure, segment, no_options())
            move += ", %s on %s segment %d (%s)" % (
                figure, KINDS[kind], segment, " ".join(locations) or "middle")
        else:
            self.game.Skip(no_options())
            move += ", no follower"
        print(move)

    def on_tile_discarded(self, player, tile, sequence):
        print("tile %s fits nowhere: discarded" % tile)

    def on_feature_scored(self, x, y, piece, segment, kind, final, points,
                          breakdown, segments, sequence):
        self.scored = [s + p for s, p in zip(self.scored, points)]
        # breakdown: (seat, item, count, points) for every item of every seat
        items = [[] for _ in points]
        for seat, item, count, item_points in breakdown:
            items[seat].append((str(item), int(count), int(item_points)))
        if [sum(i[2] for i in own) for own in items] != [int(p) for p in points]:
            self.bad_breakdowns += 1
        print("  %s%s at (%d, %d) scores: %s" % (
            "final scoring: " if final else "", KINDS[kind], x, y,
            ", ".join("%s %d%s" % (n, p, describe(own))
                      for n, p, own in zip(self.names, points, items))))

    def on_points_awarded(self, player, item, count, points, sequence):
        # a Player object's path ends in its seat: .../player/<seat>
        seat = int(player.rsplit("/", 1)[1])
        self.scored[seat] += int(points)
        print("  %s +%d for %s" % (self.names[seat], points, item))

    def on_game_over(self, scores, sequence):
        self.final_scores = [int(s) for s in scores]
        self.loop.quit()

    def check_end(self):
        """Prints the final scores; True if everything agrees."""
        state = self.props.Get(GAME_IFACE, "State")
        scores = [int(s) for s in self.props.Get(GAME_IFACE, "Scores")]
        print("final scores: " + ", ".join(
            "%s %d" % (n, s) for n, s in zip(self.names, scores)))
        problems = []
        if state != STATE_OVER:
            problems.append("State is %d, not %d" % (state, STATE_OVER))
        if scores != self.final_scores:
            problems.append("GameOver said %s" % self.final_scores)
        if scores != self.scored:
            problems.append("FeatureScored added up to %s" % self.scored)
        if self.bad_breakdowns:
            problems.append("%d breakdowns did not add up to their points"
                            % self.bad_breakdowns)
        for problem in problems:
            print("error: Scores %s, but %s" % (scores, problem),
                  file=sys.stderr)
        return not problems


def bot_options(spec):
    """A strategy spec, "mcts:ms=200,threads=2", as the a{sv} AddBot and
    CreateGame's "bot-options" take: "strategy" and each option as u."""
    name, _, items = spec.partition(":")
    options = {"strategy": dbus.String(name)}
    for item in filter(None, items.split(",")):
        key, _, value = item.partition("=")
        if not key or not value.isdigit():
            raise ValueError("%r is not OPTION=NUMBER" % item)
        options[key] = dbus.UInt32(int(value))
    return dbus.Dictionary(options, signature="sv")


def main():
    parser = argparse.ArgumentParser(
        description="Plays a whole game against carcassonned's bot.")
    parser.add_argument("--seed", type=int, default=1,
                        help="the deck's seed and our moves' (default 1)")
    parser.add_argument("--name", default="Python",
                        help="our player's name (default Python)")
    parser.add_argument("--strategy", metavar="SPEC",
                        help="the bot's strategy, e.g. greedy or mcts:ms=200 "
                        "(default: the daemon's, random)")
    args = parser.parse_args()
    try:
        bot = bot_options(args.strategy) if args.strategy else None
    except ValueError as e:
        parser.error("--strategy %s: %s" % (args.strategy, e))

    # dbus-python delivers signals through the GLib main loop: set it up
    # before connecting.
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    manager = dbus.Interface(bus.get_object(BUS_NAME, MANAGER_PATH),
                             MANAGER_IFACE)

    # Options are a{sv}: give numbers their D-Bus type (a plain int goes
    # as int32, which the daemon refuses with InvalidArgs). "bots": 1
    # seats the built-in bot at once, in seat 0; we join seat 1.
    # CreateGame returns the game and the creator's token (unused here:
    # this connection is the creator while it stays).
    options = {
        "players": dbus.UInt32(2),
        "bots": dbus.UInt32(1),
        "seed": dbus.UInt64(args.seed),
        "name": dbus.String("play-against-bot.py"),
    }
    if bot:
        options["bot-options"] = bot
    path, _token = manager.CreateGame(dbus.Dictionary(options, signature="sv"))
    print("game", path)

    game = Game(bus, path, random.Random(args.seed))
    game.join_and_start(args.name)
    game.run()
    ok = not game.failed and game.check_end()
    # We created the game, so we may delete it; the daemon would remove
    # it anyway once nobody holds it.
    game.game.Delete(no_options())
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
