/* board-query.h: the replies that describe a game's board, features and tiles. */
#pragma once
#include <dbus/dbus.h>

#include "session.h"

/* GetBoard: (a(iisuo) tiles, a(oiiuu) followers) */
DBusMessage *carcd_reply_board (CarcdSession *session, DBusMessage *msg);
/* GetFeatures: a(uubuuaua(iiu)) */
DBusMessage *carcd_reply_features (CarcdSession *session, DBusMessage *msg);
/* GetTileTypes: a(saua(uasb)a{ss}) */
DBusMessage *carcd_reply_tile_types (CarcTileSet *tiles, DBusMessage *msg);
