#!/usr/bin/python3
"""Writes the seed corpus of fuzz-dbus-args: D-Bus messages in wire format, as clients send
them to carcassonned (CreateGame options with expansions and their options, ImportGame's
record and options, Join names, moves with options, game paths), good and bad.
Run from tests/fuzz/: ./make-dbus-args-corpus.py corpus-dbus-args"""
import os
import sys

from gi.repository import Gio, GLib

V = GLib.Variant
HERE = os.path.dirname(os.path.abspath(__file__))


def record(name):
    with open(os.path.join(HERE, "corpus-record", name), encoding="utf-8") as f:
        return f.read()


ROOT = "/org/carcassonne/Engine1"
# (member, body) on the Manager at ROOT, or (member, body, path, interface)
CASES = {
    "create-empty": ("CreateGame", V("(a{sv})", ({},))),
    "create-full": ("CreateGame", V("(a{sv})", ({
        "players": V("u", 4), "bots": V("u", 2), "bot-delay": V("u", 100),
        "seed": V("t", 7), "followers": V("u", 5), "farmers": V("b", False),
        "name": V("s", "Friday game"), "expansions": V("as", []),
    },))),
    "create-tile-order": ("CreateGame", V("(a{sv})", ({
        "tile-order": V("as", ["A", "B", "C", "D", "E", "U", "V", "X"])},))),
    "create-unknown-tile": ("CreateGame", V("(a{sv})", ({"tile-order": V("as", ["Q9"])},))),
    "create-wrong-type": ("CreateGame", V("(a{sv})", ({"players": V("s", "four")},))),
    "create-out-of-range": ("CreateGame", V("(a{sv})", ({"players": V("u", 7)},))),
    "create-unknown-key": ("CreateGame", V("(a{sv})", ({"colour": V("s", "red")},))),
    "create-expansion": ("CreateGame", V("(a{sv})", ({"expansions": V("as", ["winter"])},))),
    "create-nested": ("CreateGame", V("(a{sv})", ({"name": V("v", V("v", V("s", "x")))},))),
    "create-long-name": ("CreateGame", V("(a{sv})", ({"name": V("s", "n" * 65)},))),
    "join": ("Join", V("(sa{sv})", ("Ann", {}))),
    "join-control": ("Join", V("(sa{sv})", ("A\tnn", {}))),
    "join-option": ("Join", V("(sa{sv})", ("Ann", {"seat": V("u", 1)}))),
    "place": ("Place", V("(iiua{sv})", (0, -1, 3, {}))),
    "deploy": ("Deploy", V("(ua{sv})", (2, {"kind": V("s", "monk")}))),
    # expansions and their options ("<expansion>.<option>", checked once all are read)
    "create-expansions": ("CreateGame", V("(a{sv})", ({
        "expansions": V("as", ["halftiles", "winter"]), "halftiles.hand": V("u", 4),
        "halftiles.draft": V("b", True), "tile-order": V("as", ["WI-CR", "A", "D"]),
    },))),
    "create-half-tile-order": ("CreateGame", V("(a{sv})", ({
        "expansions": V("as", ["halftiles"]), "tile-order": V("as", ["A", "HT-II-10"])},))),
    "create-expansion-option-range": ("CreateGame", V("(a{sv})", ({
        "expansions": V("as", ["halftiles"]), "halftiles.hand": V("u", 9)},))),
    "create-expansion-option-type": ("CreateGame", V("(a{sv})", ({
        "expansions": V("as", ["halftiles"]), "halftiles.draft": V("u", 1)},))),
    "create-option-without-expansion": ("CreateGame", V("(a{sv})", ({
        "winter.snow": V("b", True)},))),
    "create-expansion-twice": ("CreateGame", V("(a{sv})", ({
        "expansions": V("as", ["abbey", "abbey", "vineyards"])},))),
    # ImportGame: a record and its options
    "import": ("ImportGame", V("(sa{sv})", (record("base-short"), {
        "moves": V("u", 3), "name": V("s", "again"), "bots": V("u", 1),
        "bot-delay": V("u", 10)}))),
    "import-expansion": ("ImportGame", V("(sa{sv})", (record("options-hands-order"), {}))),
    "import-too-many-moves": ("ImportGame", V("(sa{sv})", (record("base-short"), {
        "moves": V("u", 1000)}))),
    "import-bad-option": ("ImportGame", V("(sa{sv})", ("{}", {"moves": V("i", -1),
                                                              "speed": V("u", 1)}))),
    "import-twice": ("ImportGame", V("(sa{sv})", ("{}", {"name": V("s", "a"),
                                                         "name ": V("s", "b")}))),
    # paths: a game, a player below it, look-alikes
    "hand-of": ("GetHand", V("(oa{sv})", (ROOT + "/game/7/player/1", {})), ROOT + "/game/7",
                "org.carcassonne.Engine1.Game"),
    "path-zeros": ("Start", V("(a{sv})", ({},)), ROOT + "/game/0007",
                   "org.carcassonne.Engine1.Game"),
    "path-huge": ("Start", V("(a{sv})", ({},)), ROOT + "/game/4294967296",
                  "org.carcassonne.Engine1.Game"),
    "path-max": ("Leave", V("(a{sv})", ({},)), ROOT + "/game/4294967295/player/0",
                 "org.carcassonne.Engine1.Player"),
    # a call's token: a string, of another type, twice, beside another key
    "token": ("Skip", V("(a{sv})", ({"token": V("s", "0123456789abcdef0123456789abcdef")},)),
              ROOT + "/game/1", "org.carcassonne.Engine1.Game"),
    "token-type": ("Skip", V("(a{sv})", ({"token": V("u", 7)},)), ROOT + "/game/1",
                   "org.carcassonne.Engine1.Game"),
    "token-and-more": ("Delete", V("(a{sv})", ({"token": V("s", ""), "force": V("b", True)},)),
                       ROOT + "/game/1", "org.carcassonne.Engine1.Game"),
    # strategies (issue 19): AddBot's, GetHint's and CreateGame's "bot-options"
    "create-bot-options": ("CreateGame", V("(a{sv})", ({"bots": V("u", 2), "bot-options": V(
        "a{sv}", {"strategy": V("s", "mcts"), "ms": V("u", 200), "threads": V("u", 2)})},))),
    "create-bot-options-bad": ("CreateGame", V("(a{sv})", ({"bots": V("u", 1), "bot-options": V(
        "a{sv}", {"strategy": V("s", "greedy"), "depth": V("u", 2)})},))),
    "addbot-mcts": ("AddBot", V("(sa{sv})", ("Mcts", {
        "token": V("s", "0123456789abcdef0123456789abcdef"), "strategy": V("s", "mcts"),
        "iterations": V("u", 50), "depth": V("u", 0), "c": V("u", 1001)})), ROOT + "/game/1",
                    "org.carcassonne.Engine1.Game"),
    "hint-types": ("GetHint", V("(a{sv})", ({"strategy": V("u", 1), "ms": V("s", "200"),
                                             "prior": V("i", -1)},)), ROOT + "/game/1",
                   "org.carcassonne.Engine1.Game"),
    "property-set": ("Set", V("(ssv)", ("org.carcassonne.Engine1.Game", "Name",
                                        V("s", "mine"))), ROOT + "/game/1",
                     "org.freedesktop.DBus.Properties"),
}

out = sys.argv[1] if len(sys.argv) > 1 else "corpus-dbus-args"
os.makedirs(out, exist_ok=True)
for name, case in CASES.items():
    member, body = case[:2]
    path, iface = case[2:] if len(case) > 2 else (ROOT, "org.carcassonne.Engine1.Manager")
    msg = Gio.DBusMessage.new_method_call("org.carcassonne.Engine1", path, iface, member)
    if body is not None:
        msg.set_body(body)
    msg.set_serial(1)
    with open(os.path.join(out, name), "wb") as f:
        f.write(msg.to_blob(Gio.DBusCapabilityFlags.NONE))
