/* fe-main.c: carcassonne-gtk, the GTK 4 client of carcassonned (doc/frontend.md).
 *
 * Without options it opens the lobby; --create, --join, --rejoin and --watch open a game's
 * window at once (the Xvfb test uses --create). */
#include "config.h"

#include "fe-game.h"
#include "fe-lobby.h"
#include "fe-window.h"
#include <stdlib.h>
#include <string.h>

static gboolean opt_create;
static int opt_players = 2, opt_bots = 1, opt_bot_delay = -1;
static char **opt_expansions, **opt_options;
static char *opt_seed, *opt_name, *opt_join, *opt_rejoin, *opt_watch, *opt_report, *opt_log;

static const GOptionEntry entries[] = {
  { "create", 0, 0, G_OPTION_ARG_NONE, &opt_create, "Create a game, take a seat and start it",
    NULL },
  { "players", 0, 0, G_OPTION_ARG_INT, &opt_players, "Seats of the game created (2)", "N" },
  { "bots", 0, 0, G_OPTION_ARG_INT, &opt_bots, "Bots among them (1)", "N" },
  { "bot-delay", 0, 0, G_OPTION_ARG_INT, &opt_bot_delay,
    "Milliseconds a bot waits before each move", "MS" },
  { "expansion", 'x', 0, G_OPTION_ARG_STRING_ARRAY, &opt_expansions,
    "An expansion of the game created", "NAME" },
  { "option", 'o', 0, G_OPTION_ARG_STRING_ARRAY, &opt_options,
    "An expansion's option (true, false or a number)", "EXPANSION.OPTION=VALUE" },
  { "seed", 0, 0, G_OPTION_ARG_STRING, &opt_seed, "The deck's seed", "SEED" },
  { "name", 0, 0, G_OPTION_ARG_STRING, &opt_name, "The name to play under", "NAME" },
  { "join", 0, 0, G_OPTION_ARG_STRING, &opt_join, "Join the game with this object path", "PATH" },
  { "rejoin", 0, 0, G_OPTION_ARG_STRING, &opt_rejoin, "Take back a seat with its kept token",
    "PATH" },
  { "watch", 0, 0, G_OPTION_ARG_STRING, &opt_watch, "Watch the game with this object path",
    "PATH" },
  { "test-report", 0, 0, G_OPTION_ARG_FILENAME, &opt_report, "Write what the window shows to FILE",
    "FILE" },
  { "debug-log", 0, 0, G_OPTION_ARG_FILENAME, &opt_log,
    "Log signals, calls, replies and draws with times", "FILE" },
  { NULL },
};

static gboolean
add_option (GVariantBuilder *b, const char *text, GError **error)
{
  const char *eq = strchr (text, '=');
  char *end;
  if (!eq || eq == text)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--option %s: want EXPANSION.OPTION=VALUE", text);
      return FALSE;
    }
  g_autofree char *key = g_strndup (text, eq - text);
  const char *value = eq + 1;
  if (g_str_equal (value, "true") || g_str_equal (value, "false"))
    {
      g_variant_builder_add (b, "{sv}", key, g_variant_new_boolean (g_str_equal (value, "true")));
      return TRUE;
    }
  guint64 n = g_ascii_strtoull (value, &end, 10);
  if (!*value || *end || n > G_MAXUINT32)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--option %s: not true, false or a number", text);
      return FALSE;
    }
  g_variant_builder_add (b, "{sv}", key, g_variant_new_uint32 ((guint32)n));
  return TRUE;
}

static GVariant *
create_options (GError **error)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "players", g_variant_new_uint32 (opt_players));
  g_variant_builder_add (&b, "{sv}", "bots", g_variant_new_uint32 (opt_bots));
  if (opt_bot_delay >= 0)
    g_variant_builder_add (&b, "{sv}", "bot-delay", g_variant_new_uint32 (opt_bot_delay));
  if (opt_seed)
    g_variant_builder_add (&b, "{sv}", "seed",
                           g_variant_new_uint64 (g_ascii_strtoull (opt_seed, NULL, 10)));
  if (opt_expansions)
    g_variant_builder_add (&b, "{sv}", "expansions",
                           g_variant_new_strv ((const char *const *)opt_expansions, -1));
  for (char **o = opt_options; o && *o; o++)
    if (!add_option (&b, *o, error))
      {
        g_variant_builder_clear (&b);
        return NULL;
      }
  return g_variant_builder_end (&b);
}

/* the game the options name, or NULL for the lobby */
static FeGame *
open_from_options (GDBusConnection *bus, char **creator, GError **error)
{
  const char *name = opt_name ? opt_name : g_get_user_name ();
  if (opt_create)
    {
      GVariant *options = create_options (error);
      return options ? fe_lobby_create (bus, options, name, creator, error) : NULL;
    }
  if (opt_join)
    return fe_lobby_join (bus, opt_join, name, error);
  if (opt_rejoin)
    return fe_lobby_rejoin (bus, opt_rejoin, creator, error);
  if (opt_watch)
    return fe_lobby_watch (bus, opt_watch, error);
  return NULL;
}

static void
activate (GtkApplication *app, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_autofree char *creator = NULL;
  int *status = data;

  if (!bus)
    {
      g_printerr ("carcassonne-gtk: %s\n", error->message);
      *status = 1;
      return;
    }
  FeGame *game = open_from_options (bus, &creator, &error);
  if (game)
    fe_window_new (app, game, creator, opt_report);
  else if (error)
    {
      g_printerr ("carcassonne-gtk: %s\n", error->message);
      *status = 1;
    }
  else
    fe_lobby_window_new (app, bus, opt_report);
}

int
main (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = g_option_context_new ("- play Carcassonne on carcassonned");
  g_autoptr (GError) error = NULL;
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("carcassonne-gtk: %s\n", error->message);
      return 2;
    }
  if (opt_log)
    fe_log_open (opt_log);
  g_autoptr (GtkApplication) app
      = gtk_application_new ("org.carcassonne.Gtk", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), &status);
  int run = g_application_run (G_APPLICATION (app), 1, argv);
  return status ? status : run;
}
