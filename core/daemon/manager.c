/* manager.c: the org.carcassonne.Engine1.Manager interface. */
#include "config.h"

#include "cdbus.h"
#include "dbus-args.h"
#include "board-query.h"
#include "errors.h"
#include "carcassonne.h"
#include "session.h"

static gint
compare_ids (gconstpointer a, gconstpointer b)
{
  guint x = GPOINTER_TO_UINT (*(gconstpointer *)a), y = GPOINTER_TO_UINT (*(gconstpointer *)b);
  return x < y ? -1 : x > y;
}

/* A new game for the caller of @msg with @options (taken) and @config (NULL: from the
 * options), or @imported (taken: a game replayed from a record, waiting for Start): its seats,
 * its creator's token, its journal, the reply with its path and the token. */
static DBusMessage *
new_game (CarcdDaemon *daemon, DBusMessage *msg, CarcdGameOptions *options,
          const CarcGameConfig *config, CarcGame *imported)
{
  g_autoptr (CarcGame) game = imported;
  g_autoptr (GError) error = NULL;
  const char *sender = dbus_message_get_sender (msg);
  CarcdClient *client;
  CarcdSession *s;
  DBusMessage *reply;
  const char *token;
  CarcdGameOptions o = *options;

  memset (options, 0, sizeof *options);
  options = &o;
  if (sender == NULL)
    sender = "";
  /* daemon-wide caps first: many connections of one user are many clients (issue 15) */
  if (g_hash_table_size (daemon->games) >= daemon->limits.max_games)
    {
      carcd_game_options_clear (options);
      return carcd_error (msg, CARCD_ERROR_LIMIT_EXCEEDED, "The daemon holds %u games already",
                          daemon->limits.max_games);
    }
  if (daemon->next_game_id > G_MAXUINT32)
    {
      /* never wrap: a number used again would be another game at a path clients know */
      carcd_game_options_clear (options);
      return carcd_error (msg, CARCD_ERROR_LIMIT_EXCEEDED,
                          "No game number is left: games are numbered 1 to %u, and %u is taken",
                          G_MAXUINT32, G_MAXUINT32);
    }
  /* (counted only when there are games enough: a walk over them all) */
  if (g_hash_table_size (daemon->games) >= daemon->limits.max_waiting_games
      && carcd_daemon_count_waiting (daemon) >= daemon->limits.max_waiting_games)
    {
      carcd_game_options_clear (options);
      return carcd_error (msg, CARCD_ERROR_LIMIT_EXCEEDED,
                          "The daemon holds %u games not started already",
                          daemon->limits.max_waiting_games);
    }
  client = carcd_daemon_get_client (daemon, sender, TRUE);
  if (client->n_games >= daemon->limits.max_games_per_client)
    {
      carcd_game_options_clear (options);
      carcd_daemon_release_client (daemon, client);
      return carcd_error (msg, CARCD_ERROR_LIMIT_EXCEEDED, "A client may create at most %u games",
                          daemon->limits.max_games_per_client);
    }
  s = carcd_session_new_full (daemon, (guint)daemon->next_game_id, options, config, sender, &error);
  if (s == NULL)
    {
      carcd_game_options_clear (options);
      carcd_daemon_release_client (daemon, client);
      return carcd_error_reply (msg, error);
    }
  daemon->next_game_id++;
  client->n_games++;
  g_hash_table_insert (daemon->games, GUINT_TO_POINTER (s->id), s);
  if (game)
    {
      s->imported = TRUE;
      s->imported_game = g_steal_pointer (&game);
      carcd_session_sync_properties (s);
    }
  /* the seats and the creator's token are there before the journal begins: its first lines
   * hold them */
  if (!carcd_session_issue_creator_token (s, sender, &error)
      || !carcd_session_add_initial_bots (s, &error) || !carcd_session_journal_create (s, &error))
    {
      carcd_daemon_remove_game (daemon, s);
      return carcd_error_reply (msg, error);
    }
  reply = dbus_message_new_method_return (msg);
  token = s->creator_token;
  if (reply
      && !dbus_message_append_args (reply, DBUS_TYPE_OBJECT_PATH, &s->path, DBUS_TYPE_STRING,
                                    &token, DBUS_TYPE_INVALID))
    g_clear_pointer (&reply, dbus_message_unref);
  g_debug ("%s created by %s", s->path, sender);
  return reply;
}

static DBusMessage *
manager_create_game (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdDaemon *daemon = data;
  g_autoptr (GError) error = NULL;
  CarcdGameOptions options;
  DBusMessageIter it, dict;

  dbus_message_iter_init (msg, &it);
  dbus_message_iter_recurse (&it, &dict);
  if (!carcd_game_options_parse (&dict, daemon->tiles, daemon->plugins, &options, &error))
    return carcd_error_reply (msg, error);
  return new_game (daemon, msg, &options, NULL, NULL);
}

/* ImportGame: the record checked whole (InvalidRecord), replayed to the move asked for, a new
 * game waiting for its seats from there. */
static DBusMessage *
manager_import_game (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdDaemon *daemon = data;
  g_autoptr (GError) error = NULL;
  CarcdImport import = { 0 };
  DBusMessageIter it, dict;
  DBusMessage *reply;
  const char *text;

  dbus_message_iter_init (msg, &it);
  dbus_message_iter_get_basic (&it, &text);
  dbus_message_iter_next (&it);
  dbus_message_iter_recurse (&it, &dict);
  if (!carcd_import_parse (text, &dict, daemon->tiles, daemon->plugins, &import, &error))
    return carcd_error_reply (msg, error);
  reply = new_game (daemon, msg, &import.options, carc_record_get_config (import.record),
                    g_steal_pointer (&import.game));
  carcd_import_clear (&import);
  return reply;
}

/* The games' paths in creation order. */
static GPtrArray *
game_paths (CarcdDaemon *daemon)
{
  g_autoptr (GPtrArray) ids = g_ptr_array_sized_new (g_hash_table_size (daemon->games));
  GPtrArray *paths = g_ptr_array_sized_new (g_hash_table_size (daemon->games));
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, daemon->games);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (ids, key);

  g_ptr_array_sort (ids, compare_ids);
  for (guint i = 0; i < ids->len; i++)
    {
      CarcdSession *s = g_hash_table_lookup (daemon->games, g_ptr_array_index (ids, i));
      g_ptr_array_add (paths, s->path);
    }
  return paths;
}

static DBusMessage *
manager_list_games (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  g_autoptr (GPtrArray) paths = game_paths (data);
  DBusMessage *reply = dbus_message_new_method_return (msg);
  DBusMessageIter it;

  if (reply == NULL)
    return NULL;
  dbus_message_iter_init_append (reply, &it);
  if (!carcd_append_path_array (&it, (const char *const *)paths->pdata, paths->len))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

static gboolean
get_version (DBusMessageIter *it, gpointer data)
{
  const char *version = PACKAGE_VERSION;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &version);
}

static gboolean
get_expansions (DBusMessageIter *it, gpointer data)
{
  CarcdDaemon *daemon = data;
  guint n = carc_plugin_host_get_n_plugins (daemon->plugins);
  g_autofree const char **names = g_new (const char *, MAX (n, 1));

  for (guint i = 0; i < n; i++)
    names[i] = carc_plugin_get_name (carc_plugin_host_get_plugin (daemon->plugins, i));
  return carcd_append_string_array (it, names, n);
}

/* The library's bot strategies, in its order. */
static gboolean
get_strategies (DBusMessageIter *it, gpointer data)
{
  const char *const *names = carc_bot_list_strategies ();
  return carcd_append_string_array (it, names, g_strv_length ((char **)names));
}

/* (name, file, reason) of every plugin file refused at start. */
static gboolean
get_refused_plugins (DBusMessageIter *it, gpointer data)
{
  CarcdDaemon *daemon = data;
  DBusMessageIter array, st;
  const char *name, *path, *reason;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(sss)", &array);

  for (guint i = 0;
       ok && (name = carc_plugin_host_get_refused (daemon->plugins, i, &path, &reason)); i++)
    ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
         && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &name)
         && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &path)
         && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &reason)
         && dbus_message_iter_close_container (&array, &st);
  return ok && dbus_message_iter_close_container (it, &array);
}

/* (name, description, default, allowed values) of every core rule option. */
static gboolean
get_rule_options (DBusMessageIter *it, gpointer data)
{
  DBusMessageIter array, st, values;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(ssuau)", &array);

  for (guint i = 0; ok && i < carc_rule_get_n (); i++)
    {
      const char *name = carc_rule_get_name (i), *description = carc_rule_get_description (i);
      dbus_uint32_t def = carc_rule_get_default (i);
      guint n;
      const guint32 *allowed = carc_rule_get_values (i, &n);

      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &name)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &description)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &def)
           && dbus_message_iter_open_container (&st, DBUS_TYPE_ARRAY, "u", &values)
           && dbus_message_iter_append_fixed_array (&values, DBUS_TYPE_UINT32, &allowed, (int)n)
           && dbus_message_iter_close_container (&st, &values)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

/* The daemon's tile sets: the base set's, then every loaded plugin's in Expansions order. */
static DBusMessage *
reply_manager_tile (CarcdDaemon *daemon, DBusMessage *msg, CarcdTileAppend append)
{
  guint n = carc_plugin_host_get_n_plugins (daemon->plugins);
  g_autofree CarcTileSet **sets = g_new (CarcTileSet *, n + 1);
  sets[0] = daemon->tiles;
  for (guint i = 0; i < n; i++)
    sets[i + 1] = carc_plugin_get_tiles (carc_plugin_host_get_plugin (daemon->plugins, i));
  return carcd_reply_tile (msg, sets, n + 1,
                           "neither the base set nor an expansion has a tile type", append);
}

static DBusMessage *
manager_get_tile_picture (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  return reply_manager_tile (data, msg, carcd_append_tile_picture);
}

static DBusMessage *
manager_get_segment_geometry (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  return reply_manager_tile (data, msg, carcd_append_segment_geometry);
}

static const CdbusArg create_in[] = { { "options", "a{sv}" }, { NULL } };
static const CdbusArg create_out[] = { { "game", "o" }, { "token", "s" }, { NULL } };
static const CdbusArg list_out[] = { { "games", "ao" }, { NULL } };
static const CdbusArg import_in[] = { { "record", "s" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg tile_picture_in[] = { { "tile", "s" }, { "rotation", "u" }, { NULL } };
static const CdbusArg picture_out[] = { { "svg", "s" }, { NULL } };
static const CdbusArg geometry_out[] = { { "segments", "a(uuddbs)" }, { NULL } };

static const CdbusMethod manager_methods[] = {
  { "CreateGame", create_in, create_out, manager_create_game },
  { "ListGames", NULL, list_out, manager_list_games },
  { "ImportGame", import_in, create_out, manager_import_game },
  { "GetTilePicture", tile_picture_in, picture_out, manager_get_tile_picture },
  { "GetSegmentGeometry", tile_picture_in, geometry_out, manager_get_segment_geometry },
  { NULL },
};

static const CdbusProperty manager_properties[] = {
  { "Version", "s", get_version, CDBUS_PROPERTY_CONST },
  { "Expansions", "as", get_expansions, CDBUS_PROPERTY_CONST },
  { "RefusedPlugins", "a(sss)", get_refused_plugins, CDBUS_PROPERTY_CONST },
  { "RuleOptions", "a(ssuau)", get_rule_options, CDBUS_PROPERTY_CONST },
  { "Strategies", "as", get_strategies, CDBUS_PROPERTY_CONST },
  { NULL },
};

static const CdbusInterface manager_interface = {
  CARCD_MANAGER_INTERFACE, manager_methods, NULL, manager_properties, NULL,
};

gboolean
carcd_manager_register (CarcdDaemon *daemon)
{
  return cdbus_set_object_manager (daemon->connection, CARCD_ROOT_PATH)
         && cdbus_register_interface (daemon->connection, CARCD_ROOT_PATH, &manager_interface,
                                      daemon, NULL)
         && carcd_expansion_objects_register (daemon) && carcd_strategy_objects_register (daemon);
}
