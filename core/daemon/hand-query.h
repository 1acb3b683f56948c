/* hand-query.h: the Game methods about hands.
 *
 * Each is a method handler (CdbusMethodFunc) whose user data is the CarcdSession. */
#pragma once
#include <dbus/dbus.h>

#include "session.h"

/* GetHand(o player): as */
DBusMessage *carcd_game_get_hand (DBusConnection *c, DBusMessage *msg, gpointer session);
/* GetPiecePlacements(u index): a(iiu) */
DBusMessage *carcd_game_get_piece_placements (DBusConnection *c, DBusMessage *msg,
                                              gpointer session);
