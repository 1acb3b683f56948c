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

#include "bot-options.h"
#include "carcassonne.h"

/* Caps on what one call may ask for. */
#define CARCD_MAX_NAME_BYTES   64
#define CARCD_MAX_TILE_ORDER   1000
#define CARCD_MAX_EXPANSIONS   16
#define CARCD_MAX_BOT_DELAY_MS 10000
#define CARCD_MAX_FOLLOWERS    255
#define CARCD_MAX_GAME_OPTIONS 32 /* entries in CreateGame's a{sv} */
#define CARCD_MAX_RULES        16 /* the core's rule options (carc_rule_get_n()) */
/* The largest record ImportGame reads: a long game with every expansion is tens of kB; the cap
 * keeps one call from making the daemon parse and hold a record as large as the bus allows. */
#define CARCD_MAX_RECORD_BYTES (1024 * 1024)

/* An expansion a game uses: the plugin and the value of each of its options. */
typedef struct
{
  CarcPlugin *plugin; /* a reference */
  guint32 *values;    /* one per carc_plugin_get_option() index */
} CarcdExpansion;

/* What CreateGame asked for. */
typedef struct
{
  guint players;
  guint bots;
  CarcdBotSpec bot_spec; /* "bot-options": the strategy of the "bots" seats */
  guint bot_delay;
  gboolean has_seed;
  guint64 seed;
  GStrv tile_order;                                /* NULL: a shuffled deck */
  CarcdExpansion expansions[CARCD_MAX_EXPANSIONS]; /* in hook order */
  guint n_expansions;
  guint followers;
  gboolean farmers;
  guint32 rules[CARCD_MAX_RULES]; /* by carc_rule_get_name() index; "farmers" is @farmers */
  char *name;
} CarcdGameOptions;

void carcd_game_options_clear (CarcdGameOptions *options);
/* Every rule option at its default. */
void carcd_game_options_init_rules (CarcdGameOptions *options);

/* Decodes CreateGame's options: expansion names are looked up in @plugins
 * (UnknownExpansion, ExpansionUnavailable), "<expansion>.<option>" keys checked against the
 * game's expansions, tile ids against @tiles and the expansions' tiles (UnknownTile). */
gboolean carcd_game_options_parse (DBusMessageIter *dict, CarcTileSet *tiles,
                                   CarcPluginHost *plugins, CarcdGameOptions *options,
                                   GError **error);

/* What ImportGame asked for. */
typedef struct
{
  gboolean has_moves;
  guint moves; /* replay only the first moves */
  guint bots;
  guint bot_delay;
  char *name;            /* NULL if not given */
  CarcdBotSpec bot_spec; /* "bot-options": the strategy of the "bots" seats */
} CarcdImportOptions;

/* Decodes ImportGame's options: "moves", "name", "bots", "bot-delay", "bot-options".
 * @options->name and @options->bot_spec are the caller's to free (carcd_import_options_clear()). */
gboolean carcd_import_options_parse (DBusMessageIter *dict, CarcdImportOptions *options,
                                     GError **error);
void carcd_import_options_clear (CarcdImportOptions *options);

/* What ImportGame's arguments decode to. */
typedef struct
{
  CarcdGameOptions options; /* as the record's game has them, with the import options' name,
                             * bots and bot delay */
  CarcRecord *record;       /* its config is the new game's */
  CarcGame *game;           /* the record replayed to the move asked for */
} CarcdImport;

/* Decodes ImportGame's arguments whole: the options (carcd_import_options_parse()), the record
 * @text (LimitExceeded past CARCD_MAX_RECORD_BYTES) checked and replayed (InvalidRecord) to the
 * move asked for, and the options that follow
 * from its config (InvalidArgs when "bots" exceeds its seats, ExpansionUnavailable). */
gboolean carcd_import_parse (const char *text, DBusMessageIter *dict, CarcTileSet *tiles,
                             CarcPluginHost *plugins, CarcdImport *import, GError **error);
void carcd_import_clear (CarcdImport *import);

/* For methods whose a{sv} defines no key yet: any entry is InvalidArgs. */
gboolean carcd_options_expect_empty (DBusMessageIter *dict, const char *method, GError **error);

/* A player's name: 1..CARCD_MAX_NAME_BYTES bytes of UTF-8 without control characters. */
gboolean carcd_check_name (const char *name, gboolean allow_empty, GError **error);
