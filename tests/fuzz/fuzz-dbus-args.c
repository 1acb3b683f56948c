/* fuzz-dbus-args.c: libFuzzer target for the daemon's D-Bus argument decoders.
 *
 * The input is a whole D-Bus message in wire format, as a hostile client could send it
 * (libdbus-1 validates it on demarshalling, as it does on receiving). It goes through every
 * decoder of the daemon that reads more than a fixed-type argument (the method table's
 * signature check and dbus_message_get_args() do the rest), with the four shipped expansions
 * compiled in (static-plugins.c) so that expansion names and "<expansion>.<option>" keys
 * resolve:
 *
 * - every a{sv}: CreateGame's options, ImportGame's options, the "no options yet" check of
 *   Join, a strategy and its options (AddBot, GetHint, CreateGame's "bot-options": the bot
 *   it makes), and the "token" of every other call's options with the check that they hold
 *   nothing else;
 * - a string followed by an a{sv} (ImportGame's signature): the whole ImportGame decoder, the
 *   record parsed and replayed;
 * - every string: the name check of Join, AddBot and the options' "name";
 * - the message's path and every object path or string: the game path lookup that tells
 *   NoSuchGame from UnknownObject.
 *
 * Each must accept with a consistent result or refuse with a CARCD_ERROR; never crash or leak.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>
#include <dbus/dbus.h>

#include "carcassonne.h"
#include "daemon.h"
#include "errors.h"
#include "options.h"
#include "static-plugins.h"
#include "token.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The games the path lookup knows: their ids, each its own value. */
static const guint game_ids[] = { 1, 2, 7, 10, G_MAXUINT };

static gboolean
plugin_in_host (CarcPluginHost *plugins, CarcPlugin *plugin)
{
  for (guint i = 0; i < carc_plugin_host_get_n_plugins (plugins); i++)
    if (carc_plugin_host_get_plugin (plugins, i) == plugin)
      return TRUE;
  return FALSE;
}

static void
check_options (const CarcdGameOptions *o, CarcPluginHost *plugins)
{
  g_assert_cmpuint (o->players, >=, 2);
  g_assert_cmpuint (o->players, <=, CARC_MAX_PLAYERS);
  g_assert_cmpuint (o->bots, <=, o->players);
  g_assert_cmpuint (o->bot_delay, <=, CARCD_MAX_BOT_DELAY_MS);
  g_assert_cmpuint (o->followers, >=, 1);
  g_assert_cmpuint (o->followers, <=, CARCD_MAX_FOLLOWERS);
  g_assert_nonnull (o->name);
  g_assert_cmpuint (strlen (o->name), <=, CARCD_MAX_NAME_BYTES);
  g_assert_cmpuint (o->n_expansions, <=, CARCD_MAX_EXPANSIONS);
  for (guint i = 0; i < o->n_expansions; i++)
    {
      g_assert_true (plugin_in_host (plugins, o->expansions[i].plugin));
      g_assert_nonnull (o->expansions[i].values);
      for (guint k = 0; k < i; k++)
        g_assert_true (o->expansions[k].plugin != o->expansions[i].plugin);
    }
}

/* A tile of the tile order is a land tile of the base set or of one of the game's expansions. */
static void
check_tile_order (const CarcdGameOptions *o, CarcTileSet *tiles)
{
  g_assert_cmpuint (g_strv_length (o->tile_order), <=, CARCD_MAX_TILE_ORDER);
  for (guint i = 0; o->tile_order[i]; i++)
    {
      const CarcTileType *t = carc_tile_set_lookup (tiles, o->tile_order[i]);

      for (guint k = 0; t == NULL && k < o->n_expansions; k++)
        t = carc_tile_set_lookup (carc_plugin_get_tiles (o->expansions[k].plugin),
                                  o->tile_order[i]);
      g_assert_nonnull (t);
      g_assert_true (carc_tile_type_get_shape (t) == CARC_SHAPE_SQUARE);
    }
}

static void
check_refused (gboolean ok, GError *error)
{
  if (ok)
    g_assert_no_error (error);
  else
    g_assert_true (error != NULL && error->domain == CARCD_ERROR);
}

static void
check_dict (DBusMessageIter *arg, CarcTileSet *tiles, CarcPluginHost *plugins)
{
  DBusMessageIter dict;
  CarcdGameOptions o;
  CarcdImportOptions import;
  gboolean ok;

  {
    g_autoptr (GError) error = NULL;

    dbus_message_iter_recurse (arg, &dict);
    ok = carcd_game_options_parse (&dict, tiles, plugins, &o, &error);
    check_refused (ok, error);
    if (ok)
      {
        check_options (&o, plugins);
        if (o.tile_order)
          check_tile_order (&o, tiles);
        carcd_game_options_clear (&o);
      }
  }
  {
    g_autoptr (GError) error = NULL;

    dbus_message_iter_recurse (arg, &dict);
    ok = carcd_import_options_parse (&dict, &import, &error);
    check_refused (ok, error);
    if (ok)
      {
        g_assert_cmpuint (import.bots, <=, CARC_MAX_PLAYERS);
        g_assert_cmpuint (import.bot_delay, <=, CARCD_MAX_BOT_DELAY_MS);
        g_assert_true (import.has_moves || import.moves == 0);
        g_assert_true (import.name == NULL || strlen (import.name) <= CARCD_MAX_NAME_BYTES);
        /* a strategy read is one the library takes */
        g_assert_true (import.bot_spec.strategy == NULL
                       || carc_bot_get_strategy_description (import.bot_spec.strategy) != NULL);
        carcd_import_options_clear (&import);
      }
  }
  {
    g_autoptr (GError) error = NULL;

    dbus_message_iter_recurse (arg, &dict);
    ok = carcd_options_expect_empty (&dict, "Fuzz", &error);
    check_refused (ok, error);
  }
  for (guint skip_token = 0; skip_token < 2; skip_token++)
    {
      g_autoptr (GError) error = NULL;
      CarcdBotSpec spec = { NULL };

      dbus_message_iter_recurse (arg, &dict);
      ok = carcd_bot_spec_read (&dict, skip_token, "greedy", &spec, &error);
      check_refused (ok, error);
      if (ok)
        {
          g_autoptr (CarcBot) bot = carcd_bot_spec_new_bot (&spec, 1, NULL);
          g_assert_nonnull (spec.strategy);
          g_assert_nonnull (bot);
        }
      carcd_bot_spec_clear (&spec);
    }
  {
    g_autoptr (GError) error = NULL;
    const char *token = NULL;

    /* the token of a call's options, and the check that they hold nothing else */
    dbus_message_iter_recurse (arg, &dict);
    ok = carcd_options_get_token (&dict, &token, &error);
    check_refused (ok, error);
    g_assert_true (ok || token == NULL);
    if (ok)
      {
        g_clear_error (&error);
        ok = carcd_options_expect_only_token (&dict, "Fuzz", &error);
        check_refused (ok, error);
      }
  }
}

/* ImportGame (sa{sv}): @text the record, @arg on the options. */
static void
check_import (const char *text, DBusMessageIter *arg, CarcTileSet *tiles, CarcPluginHost *plugins)
{
  g_autoptr (GError) error = NULL;
  CarcdImport import = { 0 };
  DBusMessageIter dict;
  gboolean ok;

  dbus_message_iter_recurse (arg, &dict);
  ok = carcd_import_parse (text, &dict, tiles, plugins, &import, &error);
  check_refused (ok, error);
  if (!ok)
    return;
  check_options (&import.options, plugins);
  g_assert_nonnull (import.record);
  g_assert_nonnull (import.game);
  g_assert_cmpuint (carc_game_get_n_players (import.game), ==, import.options.players);
  carcd_import_clear (&import);
}

/* The lookup finds a game exactly for "<prefix><decimal id>" or "<prefix><decimal id>/...". */
static void
check_path (CarcdDaemon *daemon, const char *path)
{
  CarcdSession *s = carcd_daemon_lookup_path (daemon, path);
  const char *p;
  guint64 id = 0;

  if (s == NULL)
    return;
  g_assert_true (g_str_has_prefix (path, CARCD_GAME_PATH_PREFIX));
  p = path + strlen (CARCD_GAME_PATH_PREFIX);
  g_assert_true (g_ascii_isdigit (*p));
  for (; g_ascii_isdigit (*p); p++)
    {
      id = id * 10 + (guint64)(*p - '0');
      g_assert_cmpuint (id, <=, G_MAXUINT);
    }
  g_assert_true (*p == '\0' || *p == '/');
  g_assert_true (s == GUINT_TO_POINTER ((guint)id));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static CarcTileSet *tiles;      /* read-only after the first input */
  static CarcPluginHost *plugins; /* the four shipped expansions */
  static CarcdDaemon daemon;      /* only its games table: the path lookup's */
  DBusError err = DBUS_ERROR_INIT;
  DBusMessage *msg;
  DBusMessageIter arg;
  const char *last_string = NULL;

  if (tiles == NULL)
    {
      tiles = carc_tile_set_new_base (NULL);
      plugins = static_plugin_host ();
      daemon.games = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < G_N_ELEMENTS (game_ids); i++)
        g_hash_table_insert (daemon.games, GUINT_TO_POINTER (game_ids[i]),
                             GUINT_TO_POINTER (game_ids[i]));
    }
  if (size > (1 << 20))
    return 0;
  msg = dbus_message_demarshal ((const char *)data, (int)size, &err);
  if (msg == NULL)
    {
      dbus_error_free (&err);
      return 0;
    }
  if (dbus_message_get_path (msg))
    check_path (&daemon, dbus_message_get_path (msg));
  if (dbus_message_iter_init (msg, &arg))
    do
      {
        g_autofree char *signature = dbus_message_iter_get_signature (&arg);
        int type = dbus_message_iter_get_arg_type (&arg);

        if (g_str_equal (signature, "a{sv}"))
          {
            check_dict (&arg, tiles, plugins);
            if (last_string)
              check_import (last_string, &arg, tiles, plugins);
          }
        last_string = NULL;
        if (type == DBUS_TYPE_STRING || type == DBUS_TYPE_OBJECT_PATH)
          {
            const char *s;
            g_autoptr (GError) error = NULL;

            dbus_message_iter_get_basic (&arg, &s);
            check_path (&daemon, s);
            if (type == DBUS_TYPE_STRING)
              {
                gboolean ok = carcd_check_name (s, FALSE, &error);

                check_refused (ok, error);
                last_string = s;
              }
          }
      }
    while (dbus_message_iter_next (&arg));
  dbus_message_unref (msg);
  return 0;
}
