/* move-object.h: Game.GetMoves and Game.Play, the generic moves (doc/dbus-game.md, "Moves"). */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

DBusMessage *carcd_game_get_moves (DBusConnection *c, DBusMessage *msg, gpointer data);
DBusMessage *carcd_game_play (DBusConnection *c, DBusMessage *msg, gpointer data);
