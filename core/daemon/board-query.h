/* board-query.h: the Game methods that describe a game's board, features and tiles.
 *
 * Each is a method handler (CdbusMethodFunc) whose user data is the CarcdSession. */
#pragma once
#include <dbus/dbus.h>

#include "session.h"

/* GetBoard: (a(iisuo) tiles, a(oiiuuu) followers) */
DBusMessage *carcd_game_get_board (DBusConnection *c, DBusMessage *msg, gpointer session);
/* GetPieces: (a(uiisuo) pieces, a(ouuu) followers) */
DBusMessage *carcd_game_get_pieces (DBusConnection *c, DBusMessage *msg, gpointer session);
/* GetFeatures: a(uubuuaua(iiuu)): segments as (x, y, piece, segment) */
DBusMessage *carcd_game_get_features (DBusConnection *c, DBusMessage *msg, gpointer session);
/* GetTileTypes: a(saua(uasb)a{ss}): the base set's, then the game's expansions' */
DBusMessage *carcd_game_get_tile_types (DBusConnection *c, DBusMessage *msg, gpointer session);
/* GetFigures: a(ouus): (player, piece, segment, figure kind) in GetPieces' followers' order */
DBusMessage *carcd_game_get_figures (DBusConnection *c, DBusMessage *msg, gpointer session);
/* GetSegmentAttributes: a(sua{ss}): (tile id, segment, attributes) for every segment with any */
DBusMessage *carcd_game_get_segment_attributes (DBusConnection *c, DBusMessage *msg,
                                                gpointer session);
/* Appends GetPieces' two arrays: a(uiisuo) pieces, a(ouuu) followers. */
gboolean carcd_append_pieces (CarcdSession *session, DBusMessageIter *iter);
/* GetBoardPicture: s, the board as SVG (carc_game_to_svg()) */
DBusMessage *carcd_game_get_board_picture (DBusConnection *c, DBusMessage *msg, gpointer session);
/* GetTilePicture(s tile, u rotation): s, a tile type of the game as SVG */
DBusMessage *carcd_game_get_tile_picture (DBusConnection *c, DBusMessage *msg, gpointer session);
/* GetSegmentGeometry(s tile, u rotation): a(uuddbs), per segment of a tile type of the game
 * (segment, feature kind, anchor x, y, line, path data) */
DBusMessage *carcd_game_get_segment_geometry (DBusConnection *c, DBusMessage *msg,
                                              gpointer session);
/* What a reply about one tile type appends: @type turned by @rotation. */
typedef gboolean (*CarcdTileAppend) (DBusMessageIter *iter, const CarcTileType *type,
                                     guint rotation);
/* "s": the SVG of carc_tile_type_to_svg() */
gboolean carcd_append_tile_picture (DBusMessageIter *iter, const CarcTileType *type,
                                    guint rotation);
/* "a(uuddbs)": carc_tile_type_get_segment_anchor() and _get_segment_path() of each segment */
gboolean carcd_append_segment_geometry (DBusMessageIter *iter, const CarcTileType *type,
                                        guint rotation);
/* The reply to a call (s tile, u rotation) about one tile type: tile looked up in @sets in
 * order, answered by @append; UnknownTile ("@owner 'ID'"), InvalidArgs for a rotation above
 * 3. Manager.GetTilePicture and GetSegmentGeometry use it too. */
DBusMessage *carcd_reply_tile (DBusMessage *msg, CarcTileSet *const *sets, guint n_sets,
                               const char *owner, CarcdTileAppend append);
