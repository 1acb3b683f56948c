/* options.h: decoding the a{sv} options of the daemon's methods.
 *
 * Every decoder takes a DBusMessageIter on an a{sv} (the caller has already checked the
 * method's signature), checks every key, type and range, and either fills its result whole
 * or fails with a CARCD_ERROR naming the key. They read nothing but their arguments, so the
 * fuzz target can feed them any message.
 */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

#include "carc-tile.h"

/* Caps on what one call may ask for. */
#define CARCD_MAX_NAME_BYTES   64
#define CARCD_MAX_TILE_ORDER   1000
#define CARCD_MAX_EXPANSIONS   16
#define CARCD_MAX_BOT_DELAY_MS 10000
#define CARCD_MAX_FOLLOWERS    255

/* What CreateGame asked for. */
typedef struct
{
  guint players;
  guint bots;
  guint bot_delay;
  gboolean has_seed;
  guint64 seed;
  GStrv tile_order; /* NULL: a shuffled deck */
  GStrv expansions; /* never NULL */
  guint followers;
  gboolean farmers;
  char *name;
} CarcdGameOptions;

void carcd_game_options_clear (CarcdGameOptions *options);

/* Decodes CreateGame's options; tile ids are checked against @tiles (UnknownTile). */
gboolean carcd_game_options_parse (DBusMessageIter *dict, CarcTileSet *tiles,
                                   CarcdGameOptions *options, GError **error);

/* For methods whose a{sv} defines no key yet: any entry is InvalidArgs. */
gboolean carcd_options_expect_empty (DBusMessageIter *dict, const char *method, GError **error);

/* A player's name: 1..CARCD_MAX_NAME_BYTES bytes of UTF-8 without control characters. */
gboolean carcd_check_name (const char *name, gboolean allow_empty, GError **error);
