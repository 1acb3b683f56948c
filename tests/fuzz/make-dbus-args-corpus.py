#!/usr/bin/python3
"""Writes the seed corpus of fuzz-dbus-args: D-Bus messages in wire format, as clients send
them to carcassonned (CreateGame options, Join names, moves with options), good and bad.
Run from tests/fuzz/: ./make-dbus-args-corpus.py corpus-dbus-args"""
import os
import sys

from gi.repository import Gio, GLib

V = GLib.Variant
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
}

out = sys.argv[1] if len(sys.argv) > 1 else "corpus-dbus-args"
os.makedirs(out, exist_ok=True)
for name, (member, body) in CASES.items():
    msg = Gio.DBusMessage.new_method_call(
        "org.carcassonne.Engine1", "/org/carcassonne/Engine1",
        "org.carcassonne.Engine1.Manager", member)
    msg.set_body(body)
    msg.set_serial(1)
    with open(os.path.join(out, name), "wb") as f:
        f.write(msg.to_blob(Gio.DBusCapabilityFlags.NONE))
