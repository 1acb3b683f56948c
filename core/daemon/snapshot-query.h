/* snapshot-query.h: Game.GetSnapshot, everything a client joining a game needs at once. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

/* GetSnapshot: (t sequence, a{sv} properties, a(oa{sv}) players, a(uiisuo) pieces,
 * a(ouuu) followers, as hand), all valid at that sequence number. */
DBusMessage *carcd_game_get_snapshot (DBusConnection *c, DBusMessage *msg, gpointer session);
