/* interactive.c: the prompt. Lines from stdin run the same commands as the command line (GAME
 * may be left out: the game in view), on one bus connection, so a seat taken with join stays
 * ours; the game's signals print as they come, and our turn shows the board, the tile in play
 * and where it fits. stdin may be a pipe: `wait` holds the input back until our turn. */
#include "config.h"

#include <string.h>
#include <unistd.h>
#include "bus.h"
#include "game.h"
#include "watch.h"

/* Prints the signals already on the connection: what the daemon sent before its last reply
 * comes before the next command, even while stdin keeps the main loop busy. */
static void
drain (Ctl *ctl)
{
  do
    dbus_connection_read_write (ctl->conn, 0);
  while (dbus_connection_dispatch (ctl->conn) == DBUS_DISPATCH_DATA_REMAINS);
}

static void
prompt (Ctl *ctl)
{
  if (!ctl->prompt || ctl->waiting)
    return;
  const char *slash = ctl->game ? strrchr (ctl->game, '/') : NULL;
  if (slash)
    ctl_outf ("game %s%s> ", slash + 1, ctl->player ? " (seated)" : "");
  else
    ctl_out ("> ");
}

static void resume_input (Ctl *ctl);

/* The board with the cells the tile in play fits marked, and the tile in its rotations. */
static gboolean
show_board (Ctl *ctl, gboolean with_tile, GError **error)
{
  if (!ctl->watch)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "no game in view: 'watch GAME' or 'join'");
      return FALSE;
    }
  if (!ctl_list_placements (ctl, ctl->game, -1, FALSE, error))
    return FALSE;
  g_autoptr (GArray) marks = g_array_new (FALSE, FALSE, sizeof (gint));
  for (guint i = 0; i + 2 < ctl->placements->len; i += 3)
    {
      gint x = g_array_index (ctl->placements, gint, i);
      gint y = g_array_index (ctl->placements, gint, i + 1);
      if (i >= 3 && x == g_array_index (ctl->placements, gint, i - 3)
          && y == g_array_index (ctl->placements, gint, i - 2))
        continue;
      g_array_append_val (marks, x);
      g_array_append_val (marks, y);
    }
  if (!ctl_watch_print_board (ctl->watch, TRUE, (const gint *)(gpointer)marks->data, marks->len / 2,
                              error))
    return FALSE;
  if (with_tile)
    ctl_print_tile_in_play (ctl, ctl_watch_get_game (ctl->watch));
  return TRUE;
}

/* Our turn with a tile to place: where it fits, in which rotations. */
static void
show_placing (Ctl *ctl)
{
  g_autoptr (GError) error = NULL;
  if (!show_board (ctl, TRUE, &error) || !ctl_list_placements (ctl, ctl->game, -1, TRUE, &error))
    g_printerr ("carcassonnectl: %s\n", error->message);
  else
    ctl_out ("place X Y ROT, or place N\n");
}

/* Our turn before drawing: the board and our hand. */
static void
show_choosing (Ctl *ctl)
{
  g_autoptr (GError) error = NULL;
  CtlGame *g = ctl_watch_get_game (ctl->watch);
  if (!ctl_watch_print_board (ctl->watch, TRUE, NULL, 0, &error)
      || !ctl_print_hand (ctl, g, ctl->player, &error))
    g_printerr ("carcassonnectl: %s\n", error->message);
  else if (g->tiles_left)
    ctl_out ("draw, or piece INDEX X Y ROT ('pieces INDEX' numbers where it fits)\n");
  else
    ctl_out ("piece INDEX X Y ROT ('pieces INDEX' numbers where it fits), or pass\n");
}

/* Our move in an expansion's phase: what we hold and the moves it offers, whatever they
 * are (issue 16, Moves). */
static void
show_phase_moves (Ctl *ctl)
{
  g_autoptr (GError) error = NULL;
  CtlGame *g = ctl_watch_get_game (ctl->watch);
  ctl_out ("\nyour move:\n");
  if (!ctl_print_hand (ctl, g, ctl->player, &error)
      || !ctl_print_moves (ctl, NULL, ctl->game, &error))
    g_printerr ("carcassonnectl: %s\n", error->message);
  else
    ctl_out ("move N\n");
}

static gboolean
is_us (Ctl *ctl, GVariant *args, guint child)
{
  const char *player;
  g_variant_get_child (args, child, "&o", &player);
  return ctl->player && g_str_equal (player, ctl->player);
}

static void
on_event (CtlWatch *w, const char *member, GVariant *args, gpointer data)
{
  Ctl *ctl = data;
  CtlGame *g = ctl_watch_get_game (w);
  if (g_str_equal (member, "TurnStarted"))
    {
      const char *tile;
      g_variant_get_child (args, 2, "&s", &tile);
      g_clear_pointer (&ctl->placements, g_array_unref); /* "place N" means this turn's */
      if (!is_us (ctl, args, 1))
        return;
      ctl_out ("\nyour turn:\n");
      if (*tile)
        show_placing (ctl);
      else
        show_choosing (ctl);
      resume_input (ctl);
    }
  else if (g_str_equal (member, "TileDrawn"))
    {
      g_clear_pointer (&ctl->placements, g_array_unref);
      if (is_us (ctl, args, 1))
        show_placing (ctl);
    }
  else if (g_str_equal (member, "PropertiesChanged"))
    {
      /* An expansion's phase has no signal of its own: our move in it is shown once, when
       * State and ActivePlayer say it is ours, until it is someone else's. */
      gboolean ours
          = ctl->player && g->state == CTL_STATE_PLUGIN && g_strcmp0 (g->active, ctl->player) == 0;
      if (ours && !ctl->phase_shown)
        {
          ctl->phase_shown = TRUE;
          show_phase_moves (ctl);
          resume_input (ctl);
        }
      else if (!ours)
        ctl->phase_shown = FALSE;
    }
  else if (g_str_equal (member, "GameOver"))
    {
      ctl_out ("(the game is over; 'new', 'list' or 'quit')\n");
      resume_input (ctl);
    }
  else if (g_str_equal (member, "Lost"))
    {
      const char *why;
      g_variant_get (args, "(&s)", &why);
      g_printerr ("carcassonnectl: %s\n", why);
      resume_input (ctl);
    }
}

gboolean
ctl_interactive_view (Ctl *ctl, const char *game, GError **error)
{
  if (ctl->watch && g_strcmp0 (ctl->game, game) == 0)
    return TRUE;
  CtlWatch *w = ctl_watch_new (ctl->conn, game, ctl->render, FALSE, error);
  if (!w)
    return FALSE;
  g_clear_pointer (&ctl->watch, ctl_watch_free);
  g_clear_pointer (&ctl->placements, g_array_unref);
  g_clear_pointer (&ctl->player, g_free);
  ctl->phase_shown = FALSE;
  g_free (ctl->game);
  ctl->game = g_strdup (game);
  ctl->watch = w;
  ctl_watch_set_func (w, on_event, ctl);
  CtlGame *g = ctl_watch_get_game (w);
  ctl_outf ("in view: %s%s%s%s, %s, turn %u\n", game, *g->name ? " \"" : "", g->name,
            *g->name ? "\"" : "", ctl_state_name (g->state), g->turn);
  return TRUE;
}

static gboolean on_input (GIOChannel *channel, GIOCondition condition, gpointer data);

static void
resume_input (Ctl *ctl)
{
  gboolean was_waiting = ctl->waiting;
  ctl->waiting = FALSE;
  if (!ctl->input_id && ctl->input)
    ctl->input_id = g_io_add_watch (ctl->input, G_IO_IN | G_IO_HUP | G_IO_ERR, on_input, ctl);
  if (was_waiting || ctl->prompt)
    prompt (ctl);
}

static void
run_line (Ctl *ctl, const char *line)
{
  g_auto (GStrv) argv = NULL;
  g_auto (GStrv) words = NULL;
  g_auto (CtlOptions) opts = { 0 };
  g_autoptr (GError) error = NULL;
  int argc;
  g_autofree char *full = g_strdup_printf ("carcassonnectl %s", line);
  if (!g_shell_parse_argv (full, &argc, &argv, &error)
      || !ctl_options_parse (&opts, argc, argv, FALSE, &words, &error))
    {
      g_printerr ("carcassonnectl: %s\n", error->message);
      return;
    }
  if (!words[0])
    return;
  const CtlCommand *cmd = ctl_command_lookup (words[0]);
  if (!cmd)
    {
      g_printerr ("carcassonnectl: unknown command '%s' ('help' lists them)\n", words[0]);
      return;
    }
  if (!ctl_command_run (ctl, cmd, &opts, words + 1, &error))
    g_printerr ("carcassonnectl: %s\n", error->message);
}

static gboolean
on_input (GIOChannel *channel, GIOCondition condition, gpointer data)
{
  Ctl *ctl = data;
  g_autofree char *line = NULL;
  gsize terminator;
  g_autoptr (GError) error = NULL;
  GIOStatus status = g_io_channel_read_line (channel, &line, NULL, &terminator, &error);
  if (status == G_IO_STATUS_AGAIN)
    return G_SOURCE_CONTINUE;
  if (status != G_IO_STATUS_NORMAL)
    {
      if (error)
        g_printerr ("carcassonnectl: %s\n", error->message);
      if (ctl->prompt)
        ctl_out ("\n");
      ctl->input_id = 0;
      g_main_loop_quit (ctl->loop);
      return G_SOURCE_REMOVE;
    }
  line[terminator] = '\0';
  g_strstrip (line);
  drain (ctl);
  if (*line && *line != '#')
    run_line (ctl, line);
  drain (ctl);
  if (ctl->waiting || !g_main_loop_is_running (ctl->loop))
    {
      ctl->input_id = 0;
      return G_SOURCE_REMOVE;
    }
  prompt (ctl);
  return G_SOURCE_CONTINUE;
}

int
ctl_interactive_run (Ctl *ctl, const char *game, const char *name)
{
  ctl->interactive = TRUE;
  ctl->prompt = isatty (STDIN_FILENO);
  ctl->status = 0;
  if (ctl->prompt)
    ctl_out ("carcassonnectl: 'help' lists the commands; GAME may be left out once a game is "
             "in view.\n");
  if (game)
    {
      g_autoptr (GError) error = NULL;
      char *words[] = { (char *)game, (char *)name, NULL };
      CtlOptions none = { 0 };
      if (!ctl_cmd_join (ctl, &none, words, 2, &error))
        {
          g_printerr ("carcassonnectl: %s\n", error->message);
          return 1;
        }
    }
  ctl->input = g_io_channel_unix_new (STDIN_FILENO);
  g_io_channel_set_encoding (ctl->input, NULL, NULL);
  resume_input (ctl);
  g_main_loop_run (ctl->loop);
  if (ctl->input_id)
    g_source_remove (ctl->input_id);
  g_clear_pointer (&ctl->input, g_io_channel_unref);
  g_clear_pointer (&ctl->watch, ctl_watch_free);
  g_clear_pointer (&ctl->placements, g_array_unref);
  g_clear_pointer (&ctl->game, g_free);
  g_clear_pointer (&ctl->player, g_free);
  return ctl->status;
}

gboolean
ctl_cmd_interactive (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  if (ctl->interactive)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "already at the prompt");
      return FALSE;
    }
  ctl->status = ctl_interactive_run (ctl, NULL, NULL);
  return TRUE;
}

gboolean
ctl_cmd_play (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  if (ctl->interactive)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "at the prompt: join GAME NAME");
      return FALSE;
    }
  g_autofree char *game = ctl_game_path (args[0], error);
  if (!game)
    return FALSE;
  ctl->status = ctl_interactive_run (ctl, game, n_args > 1 ? args[1] : g_get_user_name ());
  return TRUE;
}

gboolean
ctl_cmd_help (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  guint n;
  const CtlCommand *cmds = ctl_commands (&n);
  for (guint i = 0; i < n; i++)
    if (cmds[i].func != ctl_cmd_interactive && cmds[i].func != ctl_cmd_play)
      {
        g_autofree char *left = g_strdup_printf ("%s %s", cmds[i].name, cmds[i].synopsis);
        ctl_outf ("  %-28s %s\n", left, cmds[i].help);
      }
  ctl_out ("GAME may be left out: the game in view (set by new, join, watch GAME).\n"
           "place N takes the N-th of the numbered placements, piece INDEX N the N-th listed\n"
           "by pieces INDEX; hint suggests a move, numbered as moves numbers it (move N makes\n"
           "it); options as on the command line.\n");
  return TRUE;
}

/* board GAME: at the prompt with the places the tile fits; --svg FILE: the picture. */
gboolean
ctl_cmd_board (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  if (opts->svg || !ctl->interactive)
    return ctl_write_board (ctl, n_args ? args[0] : NULL, opts->svg, error);
  if (n_args && !ctl_interactive_view (ctl, args[0], error))
    return FALSE;
  return show_board (ctl, FALSE, error);
}

gboolean
ctl_cmd_tile (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *game = ctl_resolve_game (ctl, n_args ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  g_autoptr (CtlGame) g = ctl_game_new (ctl->conn, game, error);
  if (!g)
    return FALSE;
  if (!ctl_game_tile_type (g, g->tile))
    ctl_out ("no tile in play\n");
  ctl_print_tile_in_play (ctl, g);
  return TRUE;
}

gboolean
ctl_cmd_placements (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  if (n_args && !ctl_interactive_view (ctl, args[0], error))
    return FALSE;
  if (!ctl->game)
    return ctl_resolve_game (ctl, NULL, error) != NULL;
  return ctl_list_placements (ctl, ctl->game, -1, TRUE, error);
}

gboolean
ctl_cmd_skip (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  char *words[] = { n_args ? args[0] : NULL, (char *)"skip", NULL };
  return n_args ? ctl_cmd_deploy (ctl, opts, words, 2, error)
                : ctl_cmd_deploy (ctl, opts, words + 1, 1, error);
}

gboolean
ctl_cmd_wait (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  if (!ctl->watch)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "no game in view to wait for");
      return FALSE;
    }
  drain (ctl);
  g_autoptr (GVariant) props = ctl_get_all (ctl->conn, ctl->game, CTL_IFACE_GAME, error);
  if (!props)
    return FALSE;
  drain (ctl);
  guint32 state = 0;
  const char *active = "/";
  g_variant_lookup (props, "State", "u", &state);
  g_variant_lookup (props, "ActivePlayer", "&o", &active);
  if (state == CTL_STATE_OVER || (ctl->player && g_str_equal (active, ctl->player)))
    return TRUE;
  ctl->waiting = TRUE;
  return TRUE;
}

gboolean
ctl_cmd_quit (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_main_loop_quit (ctl->loop);
  return TRUE;
}
