/* fe-lobby.c: the ways into a game: create one (players, bots and their strategy
 * (fe-strategy.c), the expansions the daemon loaded and their options, read from the
 * Expansion objects), join a waiting one, rejoin one
 * with the token kept from before (fe-tokens.c: also after a restart of the daemon or of the
 * client), or watch any; and the lobby window that offers them. */
#include "fe-lobby.h"

#include "fe-strategy.h"
#include "fe-tokens.h"
#include "fe-window.h"
#include <string.h>

#define BUS_NAME     "org.carcassonne.Engine1"
#define MANAGER_PATH "/org/carcassonne/Engine1"

static GVariant *
token_option (const char *token)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  if (token)
    g_variant_builder_add (&b, "{sv}", "token", g_variant_new_string (token));
  return g_variant_builder_end (&b);
}

static GVariant *
no_options (void)
{
  return token_option (NULL);
}

static CarcRemoteGame *
game_proxy (GDBusConnection *bus, const char *path, GError **error)
{
  return carc_remote_game_proxy_new_sync (bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, path, NULL,
                                          error);
}

/* the game is full once every seat is taken: the creator starts it */
static gboolean
start_if_full (CarcRemoteGame *game, const char *creator_token, GError **error)
{
  const char *const *players = carc_remote_game_get_players (game);
  guint taken = players ? g_strv_length ((char **)players) : 0;
  if (carc_remote_game_get_state (game) != FE_STATE_WAITING
      || taken < carc_remote_game_get_seats (game))
    return TRUE;
  return carc_remote_game_call_start_sync (game, token_option (creator_token), NULL, error);
}

/**
 * fe_lobby_create:
 * @options: CreateGame's a{sv}
 * @name: the seat's name
 * @creator_token: (out) (transfer full): the creator's token
 *
 * Creates a game, takes a seat in it and starts it when the bots fill the other seats; the
 * tokens are kept (fe-tokens.c).
 *
 * Returns: (transfer full) (nullable): the game, seated
 */
FeGame *
fe_lobby_create (GDBusConnection *bus, GVariant *options, const char *name, char **creator_token,
                 GError **error)
{
  g_autoptr (CarcRemoteManager) manager = NULL;
  g_autofree char *path = NULL, *token = NULL;

  g_variant_ref_sink (options);
  manager = carc_remote_manager_proxy_new_sync (bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME,
                                                MANAGER_PATH, NULL, error);
  gboolean created
      = manager
        && carc_remote_manager_call_create_game_sync (manager, options, &path, &token, NULL, error);
  g_variant_unref (options);
  if (!created)
    return NULL;
  FeTokenEntry entry = { .game = path, .creator = token };
  fe_tokens_save (&entry, NULL);
  FeGame *game = fe_lobby_join (bus, path, name, error);
  if (!game)
    return NULL;
  /* the proxy's properties may lag the Join reply by a PropertiesChanged: read them now */
  g_autoptr (CarcRemoteGame) fresh = game_proxy (bus, path, error);
  if (!fresh || !start_if_full (fresh, token, error))
    {
      fe_game_free (game);
      return NULL;
    }
  *creator_token = g_steal_pointer (&token);
  return game;
}

FeGame *
fe_lobby_join (GDBusConnection *bus, const char *path, const char *name, GError **error)
{
  g_autoptr (CarcRemoteGame) proxy = game_proxy (bus, path, error);
  g_autofree char *player = NULL, *token = NULL;

  if (!proxy
      || !carc_remote_game_call_join_sync (proxy, name, no_options (), &player, &token, NULL,
                                           error))
    return NULL;
  FeTokenEntry entry = { .game = (char *)path, .seat = token, .name = (char *)name };
  fe_tokens_save (&entry, NULL);
  return fe_game_new (bus, path, player, token, error);
}

/**
 * fe_lobby_rejoin:
 * @creator_token: (out) (transfer full) (nullable): the creator's token kept, if any
 *
 * Takes the seat kept for @path back (Game.Rejoin with its token).
 */
FeGame *
fe_lobby_rejoin (GDBusConnection *bus, const char *path, char **creator_token, GError **error)
{
  g_autoptr (FeTokenEntry) entry = fe_tokens_lookup (path);
  g_autoptr (CarcRemoteGame) proxy = NULL;
  g_autofree char *player = NULL;

  if (!entry || !entry->seat)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "no seat's token is kept for %s", path);
      return NULL;
    }
  proxy = game_proxy (bus, path, error);
  if (!proxy || !carc_remote_game_call_rejoin_sync (proxy, entry->seat, &player, NULL, error))
    return NULL;
  *creator_token = g_strdup (entry->creator);
  return fe_game_new (bus, path, player, entry->seat, error);
}

FeGame *
fe_lobby_watch (GDBusConnection *bus, const char *path, GError **error)
{
  return fe_game_new (bus, path, NULL, NULL, error);
}

/* The lobby window. */

typedef struct
{
  GtkApplication *app;
  GDBusConnection *bus;
  char *report;
  GtkWidget *window, *players, *bots, *strategy, *name, *games, *error;
  GPtrArray *expansions; /* of GtkCheckButton, "name" set */
  GPtrArray *options;    /* of option widgets, "key" and "expansion" set */
} Lobby;

static void
lobby_free (gpointer data)
{
  Lobby *l = data;
  g_object_unref (l->bus);
  g_free (l->report);
  g_ptr_array_unref (l->expansions);
  g_ptr_array_unref (l->options);
  g_free (l);
}

static void
show_error (Lobby *l, const GError *error)
{
  gtk_label_set_text (GTK_LABEL (l->error), error->message);
}

static void
open_game (Lobby *l, FeGame *game, const char *creator_token)
{
  fe_window_new (l->app, game, creator_token, l->report);
  gtk_window_destroy (GTK_WINDOW (l->window));
}

static const char *
expansion_of (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "expansion");
}

static gboolean
expansion_chosen (Lobby *l, const char *name)
{
  for (guint i = 0; i < l->expansions->len; i++)
    if (g_str_equal (g_object_get_data (l->expansions->pdata[i], "name"), name))
      return gtk_check_button_get_active (l->expansions->pdata[i]);
  return FALSE;
}

static GVariant *
create_options (Lobby *l)
{
  GVariantBuilder b, names;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_init (&names, G_VARIANT_TYPE_STRING_ARRAY);
  guint players = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (l->players));
  guint bots = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (l->bots));
  g_variant_builder_add (&b, "{sv}", "players", g_variant_new_uint32 (players));
  g_variant_builder_add (&b, "{sv}", "bots", g_variant_new_uint32 (MIN (bots, players - 1)));
  GVariant *strategy = bots ? fe_strategy_chooser_get_options (l->strategy) : NULL;
  if (strategy)
    g_variant_builder_add (&b, "{sv}", "bot-options", strategy);
  for (guint i = 0; i < l->expansions->len; i++)
    if (gtk_check_button_get_active (l->expansions->pdata[i]))
      g_variant_builder_add (&names, "s",
                             (const char *)g_object_get_data (l->expansions->pdata[i], "name"));
  g_variant_builder_add (&b, "{sv}", "expansions", g_variant_builder_end (&names));
  for (guint i = 0; i < l->options->len; i++)
    {
      GtkWidget *w = l->options->pdata[i];
      const char *key = g_object_get_data (G_OBJECT (w), "key");
      if (!expansion_chosen (l, expansion_of (w)))
        continue;
      if (GTK_IS_CHECK_BUTTON (w))
        g_variant_builder_add (
            &b, "{sv}", key,
            g_variant_new_boolean (gtk_check_button_get_active (GTK_CHECK_BUTTON (w))));
      else
        g_variant_builder_add (
            &b, "{sv}", key,
            g_variant_new_uint32 (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (w))));
    }
  return g_variant_builder_end (&b);
}

static void
create_clicked (GtkButton *button, gpointer data)
{
  Lobby *l = data;
  g_autoptr (GError) error = NULL;
  g_autofree char *creator = NULL;
  FeGame *game = fe_lobby_create (l->bus, create_options (l),
                                  gtk_editable_get_text (GTK_EDITABLE (l->name)), &creator, &error);
  if (game)
    open_game (l, game, creator);
  else
    show_error (l, error);
}

static void
game_clicked (GtkButton *button, gpointer data)
{
  Lobby *l = data;
  const char *path = g_object_get_data (G_OBJECT (button), "path");
  const char *how = g_object_get_data (G_OBJECT (button), "how");
  g_autoptr (GError) error = NULL;
  g_autofree char *creator = NULL;
  FeGame *game = NULL;

  if (g_str_equal (how, "join"))
    game = fe_lobby_join (l->bus, path, gtk_editable_get_text (GTK_EDITABLE (l->name)), &error);
  else if (g_str_equal (how, "rejoin"))
    game = fe_lobby_rejoin (l->bus, path, &creator, &error);
  else
    game = fe_lobby_watch (l->bus, path, &error);
  if (game)
    open_game (l, game, creator);
  else
    show_error (l, error);
}

static void
add_game_button (Lobby *l, GtkWidget *row, const char *path, const char *label, const char *how)
{
  GtkWidget *button = gtk_button_new_with_label (label);
  g_object_set_data_full (G_OBJECT (button), "path", g_strdup (path), g_free);
  g_object_set_data (G_OBJECT (button), "how", (gpointer)how);
  g_signal_connect (button, "clicked", G_CALLBACK (game_clicked), l);
  gtk_box_append (GTK_BOX (row), button);
}

static void
list_games (GtkButton *button, gpointer data)
{
  Lobby *l = data;
  g_autoptr (CarcRemoteManager) manager = NULL;
  g_auto (GStrv) games = NULL;
  g_autoptr (GError) error = NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (l->games)))
    gtk_box_remove (GTK_BOX (l->games), child);
  manager = carc_remote_manager_proxy_new_sync (l->bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME,
                                                MANAGER_PATH, NULL, &error);
  if (!manager || !carc_remote_manager_call_list_games_sync (manager, &games, NULL, &error))
    {
      show_error (l, error);
      return;
    }
  for (char **g = games; *g; g++)
    {
      g_autoptr (CarcRemoteGame) game = game_proxy (l->bus, *g, NULL);
      g_autoptr (FeTokenEntry) entry = fe_tokens_lookup (*g);
      static const char *const states[]
          = { "waiting", "playing", "playing", "over", "playing", "playing", "playing" };
      guint state = game ? carc_remote_game_get_state (game) : 0;
      g_autofree char *text = g_strdup_printf ("%s %s (%s)", strrchr (*g, '/') + 1,
                                               game ? carc_remote_game_get_name (game) : "",
                                               states[MIN (state, G_N_ELEMENTS (states) - 1)]);
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
      GtkWidget *label = gtk_label_new (text);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (GTK_BOX (row), label);
      if (state == FE_STATE_WAITING)
        add_game_button (l, row, *g, "Join", "join");
      if (entry && entry->seat)
        add_game_button (l, row, *g, "Rejoin", "rejoin");
      add_game_button (l, row, *g, "Watch", "watch");
      gtk_box_append (GTK_BOX (l->games), row);
    }
}

static GtkWidget *
option_widget (Lobby *l, const char *expansion, const char *name, const char *type, GVariant *value,
               guint min, guint max)
{
  GtkWidget *w;
  if (g_str_equal (type, "b"))
    {
      w = gtk_check_button_new_with_label (name);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (w),
                                   g_variant_is_of_type (value, G_VARIANT_TYPE_BOOLEAN)
                                       && g_variant_get_boolean (value));
    }
  else
    {
      w = gtk_spin_button_new_with_range (min, max, 1);
      if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
        gtk_spin_button_set_value (GTK_SPIN_BUTTON (w), g_variant_get_uint32 (value));
    }
  g_object_set_data_full (G_OBJECT (w), "key", g_strdup_printf ("%s.%s", expansion, name), g_free);
  g_object_set_data_full (G_OBJECT (w), "expansion", g_strdup (expansion), g_free);
  g_ptr_array_add (l->options, w);
  return w;
}

/* one expansion: a check button, and its options from its Expansion object */
static GtkWidget *
expansion_row (Lobby *l, const char *name)
{
  g_autofree char *object = g_strdup_printf (MANAGER_PATH "/expansion/%s", name);
  g_strdelimit (object + strlen (MANAGER_PATH), "-", '_');
  g_autoptr (CarcRemoteExpansion) expansion = carc_remote_expansion_proxy_new_sync (
      l->bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, object, NULL, NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *label = g_strdup_printf (
      "%s \u2014 %s", name, expansion ? carc_remote_expansion_get_description (expansion) : "");
  GtkWidget *check = gtk_check_button_new_with_label (label);
  g_object_set_data_full (G_OBJECT (check), "name", g_strdup (name), g_free);
  g_ptr_array_add (l->expansions, check);
  gtk_box_append (GTK_BOX (box), check);

  GVariant *options = expansion ? carc_remote_expansion_get_options (expansion) : NULL;
  GVariantIter iter;
  const char *option, *type, *description;
  GVariant *value;
  guint min, max;
  if (!options)
    return box;
  g_variant_iter_init (&iter, options);
  while (
      g_variant_iter_next (&iter, "(&s&s&svuu)", &option, &type, &description, &value, &min, &max))
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      gtk_widget_set_margin_start (row, 24);
      GtkWidget *w = option_widget (l, name, option, type, value, min, max);
      gtk_widget_set_tooltip_text (w, description);
      if (!GTK_IS_CHECK_BUTTON (w))
        gtk_box_append (GTK_BOX (row), gtk_label_new (option));
      gtk_box_append (GTK_BOX (row), w);
      gtk_box_append (GTK_BOX (box), row);
      g_object_bind_property (check, "active", row, "sensitive", G_BINDING_SYNC_CREATE);
      g_variant_unref (value);
    }
  return box;
}

static GtkWidget *
labelled (const char *text, GtkWidget *widget)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (row), gtk_label_new (text));
  gtk_box_append (GTK_BOX (row), widget);
  return row;
}

/* the strategy is the bots': live while there are bots */
static void
bots_changed (GtkSpinButton *bots, gpointer data)
{
  gtk_widget_set_sensitive (data, gtk_spin_button_get_value_as_int (bots) > 0);
}

static GtkWidget *
new_game_box (Lobby *l)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  g_autoptr (CarcRemoteManager) manager = carc_remote_manager_proxy_new_sync (
      l->bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, MANAGER_PATH, NULL, NULL);
  const char *const *names = manager ? carc_remote_manager_get_expansions (manager) : NULL;

  l->name = gtk_entry_new ();
  gtk_editable_set_text (GTK_EDITABLE (l->name),
                         g_get_real_name ()[0] ? g_get_real_name () : g_get_user_name ());
  l->players = gtk_spin_button_new_with_range (2, 6, 1);
  l->bots = gtk_spin_button_new_with_range (0, 5, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (l->bots), 1);
  gtk_box_append (GTK_BOX (box), labelled ("Your name", l->name));
  gtk_box_append (GTK_BOX (box), labelled ("Players", l->players));
  gtk_box_append (GTK_BOX (box), labelled ("Bots", l->bots));
  /* Alt+P creates: the chooser's mnemonics leave P alone */
  l->strategy = fe_strategy_chooser_new (l->bus, "p");
  g_signal_connect_object (l->bots, "value-changed", G_CALLBACK (bots_changed), l->strategy, 0);
  gtk_box_append (GTK_BOX (box), l->strategy);
  for (guint i = 0; names && names[i]; i++)
    gtk_box_append (GTK_BOX (box), expansion_row (l, names[i]));
  GtkWidget *create = gtk_button_new_with_mnemonic ("Create and _play");
  g_signal_connect (create, "clicked", G_CALLBACK (create_clicked), l);
  gtk_box_append (GTK_BOX (box), create);
  return box;
}

/**
 * fe_lobby_window_new:
 *
 * Returns: (transfer none): the lobby, shown
 */
GtkWidget *
fe_lobby_window_new (GtkApplication *app, GDBusConnection *bus, const char *report)
{
  Lobby *l = g_new0 (Lobby, 1);
  l->app = app;
  l->bus = g_object_ref (bus);
  l->report = g_strdup (report);
  l->expansions = g_ptr_array_new ();
  l->options = g_ptr_array_new ();
  l->window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (l->window), "Carcassonne");
  gtk_window_set_default_size (GTK_WINDOW (l->window), 640, 560);
  g_object_set_data_full (G_OBJECT (l->window), "fe-lobby", l, lobby_free);

  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 12);
  GtkWidget *title = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (title), "<b>New game</b>");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), new_game_box (l));
  GtkWidget *games_title = gtk_label_new (NULL);
  gtk_label_set_markup (GTK_LABEL (games_title), "<b>Games on this daemon</b>");
  gtk_box_append (GTK_BOX (box), games_title);
  l->games = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_box_append (GTK_BOX (box), l->games);
  GtkWidget *refresh = gtk_button_new_with_label ("Refresh the list");
  g_signal_connect (refresh, "clicked", G_CALLBACK (list_games), l);
  gtk_box_append (GTK_BOX (box), refresh);
  l->error = gtk_label_new ("");
  gtk_box_append (GTK_BOX (box), l->error);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_window_set_child (GTK_WINDOW (l->window), scroller);
  list_games (NULL, l);
  gtk_window_present (GTK_WINDOW (l->window));
  return l->window;
}
