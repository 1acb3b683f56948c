/* move-object.h: Game.GetMoves and Game.Play, the generic moves (doc/dbus-game.md, "Moves"). */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

#include "carcassonne.h"

/* Appends @m's type and a{sv} arguments (s, a{sv}), as GetMoves lists it and Play takes it. */
gboolean carcd_append_move_type_and_args (DBusMessageIter *iter, const CarcMove *m);

DBusMessage *carcd_game_get_moves (DBusConnection *c, DBusMessage *msg, gpointer data);
DBusMessage *carcd_game_play (DBusConnection *c, DBusMessage *msg, gpointer data);
/* PreviewDeployments: the deployments a move would offer, without making it. */
DBusMessage *carcd_game_preview_deployments (DBusConnection *c, DBusMessage *msg, gpointer data);
/* PlaceAndDeploy: a placement and its deployment, both or neither. */
DBusMessage *carcd_game_place_and_deploy (DBusConnection *c, DBusMessage *msg, gpointer data);
/* GetHistory: a(uosa{sv}s), every move so far with its turn, player and public tile. */
DBusMessage *carcd_game_get_history (DBusConnection *c, DBusMessage *msg, gpointer data);
