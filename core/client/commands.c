/* commands.c: the one-shot commands; the interactive prompt runs the same functions. */
#include "config.h"

#include <string.h>
#include "bus.h"
#include "game.h"
#include "watch.h"

static gboolean
parse_uint (const char *what, const char *text, guint64 max, guint64 *out, GError **error)
{
  if (!g_ascii_string_to_unsigned (text, 10, 0, max, out, NULL))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                   "%s: '%s' is not a number from 0 to %" G_GUINT64_FORMAT, what, text, max);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_int (const char *what, const char *text, gint32 *out, GError **error)
{
  gint64 v;
  if (!g_ascii_string_to_signed (text, 10, G_MININT32, G_MAXINT32, &v, NULL))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "%s: '%s' is not a whole number", what, text);
      return FALSE;
    }
  *out = (gint32)v;
  return TRUE;
}

char *
ctl_resolve_game (Ctl *ctl, const char *arg, GError **error)
{
  if (arg)
    return ctl_game_path (arg, error);
  if (ctl->game)
    return g_strdup (ctl->game);
  g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
               "no game in view: give one, or choose one with 'watch GAME' or 'join GAME NAME'");
  return NULL;
}

gboolean
ctl_take_seat (Ctl *ctl, const char *game, const CtlOptions *opts, GError **error)
{
  if (!opts->token)
    return TRUE;
  g_autoptr (GVariant) reply = ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Rejoin",
                                         g_variant_new ("(s)", opts->token), error);
  if (reply && ctl->interactive && g_strcmp0 (game, ctl->game) == 0)
    {
      g_free (ctl->player);
      g_variant_get (reply, "(o)", &ctl->player);
    }
  return reply != NULL;
}

/* A one-word call on a game, after taking the seat when --token was given. */
static gboolean
simple_call (Ctl *ctl, const CtlOptions *opts, const char *arg, const char *method, GError **error)
{
  g_autofree char *game = ctl_resolve_game (ctl, arg, error);
  if (!game || !ctl_take_seat (ctl, game, opts, error))
    return FALSE;
  g_autoptr (GVariant) reply = ctl_call (ctl->conn, game, CTL_IFACE_GAME, method, NULL, error);
  return reply != NULL;
}

static void
on_watch_event (CtlWatch *w, const char *member, GVariant *args, gpointer data)
{
  Ctl *ctl = data;
  if (g_str_equal (member, "GameOver"))
    {
      ctl->status = 0;
      g_main_loop_quit (ctl->loop);
    }
  else if (g_str_equal (member, "Lost"))
    {
      const char *why;
      g_variant_get (args, "(&s)", &why);
      g_printerr ("carcassonnectl: %s\n", why);
      ctl->status = 1;
      g_main_loop_quit (ctl->loop);
    }
}

/* Follows @w until the game is over (exit status 0) or lost (1). */
static gboolean
watch_to_the_end (Ctl *ctl, CtlWatch *w, GError **error)
{
  ctl_watch_set_func (w, on_watch_event, ctl);
  ctl->status = 0;
  g_main_loop_run (ctl->loop);
  if (ctl->status)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "the game was not watched to its end");
      return FALSE;
    }
  return TRUE;
}

/* CreateGame's a{sv} from the options; @bots and @players as asked (players 0: the default). */
static GVariant *
game_options (const CtlOptions *opts, guint64 *bots, guint64 *players, GError **error)
{
  g_auto (GVariantBuilder) b = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  guint64 v;
  *bots = *players = 0;
  if (opts->bots)
    {
      if (!parse_uint ("--bots", opts->bots, G_MAXUINT32, bots, error))
        return NULL;
      g_variant_builder_add (&b, "{sv}", "bots", g_variant_new_uint32 ((guint32)*bots));
    }
  if (opts->players)
    {
      if (!parse_uint ("--players", opts->players, G_MAXUINT32, players, error))
        return NULL;
    }
  else if (*bots > 2)
    *players = *bots; /* --bots 4 alone: a game of four bots */
  if (*players)
    g_variant_builder_add (&b, "{sv}", "players", g_variant_new_uint32 ((guint32)*players));
  if (opts->seed)
    {
      if (!parse_uint ("--seed", opts->seed, G_MAXUINT64, &v, error))
        return NULL;
      g_variant_builder_add (&b, "{sv}", "seed", g_variant_new_uint64 (v));
    }
  if (opts->tile_order)
    {
      g_auto (GStrv) ids = g_strsplit (opts->tile_order, ",", -1);
      g_variant_builder_add (&b, "{sv}", "tile-order",
                             g_variant_new_strv ((const char *const *)ids, -1));
    }
  if (opts->followers)
    {
      if (!parse_uint ("--followers", opts->followers, G_MAXUINT32, &v, error))
        return NULL;
      g_variant_builder_add (&b, "{sv}", "followers", g_variant_new_uint32 ((guint32)v));
    }
  if (opts->bot_delay)
    {
      if (!parse_uint ("--bot-delay", opts->bot_delay, G_MAXUINT32, &v, error))
        return NULL;
      g_variant_builder_add (&b, "{sv}", "bot-delay", g_variant_new_uint32 ((guint32)v));
    }
  if (opts->no_farmers)
    g_variant_builder_add (&b, "{sv}", "farmers", g_variant_new_boolean (FALSE));
  if (opts->name)
    g_variant_builder_add (&b, "{sv}", "name", g_variant_new_string (opts->name));
  return g_variant_builder_end (&b);
}

gboolean
ctl_cmd_new (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  guint64 bots, players;
  GVariant *options = game_options (opts, &bots, &players, error);
  if (!options)
    return FALSE;
  if (!players)
    players = 2;
  g_autoptr (GVariant) reply = ctl_call (ctl->conn, CTL_MANAGER_PATH, CTL_IFACE_MANAGER,
                                         "CreateGame", g_variant_new_tuple (&options, 1), error);
  if (!reply)
    return FALSE;
  g_autofree char *game = NULL;
  g_variant_get (reply, "(o)", &game);
  ctl_outf ("%s\n", game);

  /* A waiting game lives while its creator or a seated player is on the bus: join and start
   * before this process leaves, and the token takes the seat back later. */
  if (ctl->interactive && !ctl_interactive_view (ctl, game, error))
    return FALSE;
  if (opts->join)
    {
      char *words[] = { game, opts->join, NULL };
      if (!ctl_cmd_join (ctl, opts, words, 2, error))
        return FALSE;
    }
  /* Watch first, then start: the first turns are not missed. */
  gboolean start = opts->start || (opts->watch && bots >= players && !opts->join);
  if (ctl->interactive)
    return !start || simple_call (ctl, opts, game, "Start", error);
  g_autoptr (CtlWatch) w = NULL;
  if (opts->watch)
    {
      w = ctl_watch_new (ctl->conn, game, ctl->render, opts->board, error);
      if (!w)
        return FALSE;
    }
  if (start && !simple_call (ctl, opts, game, "Start", error))
    return FALSE;
  return !w || watch_to_the_end (ctl, w, error);
}

gboolean
ctl_cmd_list (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autoptr (GVariant) reply
      = ctl_call (ctl->conn, CTL_MANAGER_PATH, CTL_IFACE_MANAGER, "ListGames", NULL, error);
  if (!reply)
    return FALSE;
  g_autofree const char **games = NULL;
  g_variant_get (reply, "(^a&o)", &games);
  for (guint i = 0; games[i]; i++)
    {
      g_autoptr (GVariant) p = ctl_get_all (ctl->conn, games[i], CTL_IFACE_GAME, error);
      if (!p)
        return FALSE;
      guint32 state = 0, seats = 0, turn = 0;
      const char *name = "";
      g_autofree const char **players = NULL;
      g_variant_lookup (p, "State", "u", &state);
      g_variant_lookup (p, "Seats", "u", &seats);
      g_variant_lookup (p, "Turn", "u", &turn);
      g_variant_lookup (p, "Name", "&s", &name);
      if (!g_variant_lookup (p, "Players", "^a&o", &players))
        players = g_new0 (const char *, 1);
      g_autofree char *line = g_strdup_printf ("%s  %-9s  %u/%u players  turn %-3u  %s", games[i],
                                               ctl_state_name (state),
                                               g_strv_length ((char **)players), seats, turn, name);
      ctl_outf ("%s\n", g_strchomp (line));
    }
  return TRUE;
}

gboolean
ctl_cmd_join (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  const char *name = args[n_args - 1];
  g_autofree char *game = ctl_resolve_game (ctl, n_args == 2 ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  g_autoptr (GVariant) reply
      = ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Join",
                  g_variant_new ("(s@a{sv})", name, g_variant_new ("a{sv}", NULL)), error);
  if (!reply)
    return FALSE;
  const char *player, *token;
  g_variant_get (reply, "(&o&s)", &player, &token);
  ctl_outf ("%s %s\n", player, token);
  if (ctl->interactive)
    {
      if (!ctl_interactive_view (ctl, game, error))
        return FALSE;
      g_free (ctl->player);
      ctl->player = g_strdup (player);
    }
  return TRUE;
}

gboolean
ctl_cmd_rejoin (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *game = ctl_resolve_game (ctl, n_args == 2 ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  if (ctl->interactive && !ctl_interactive_view (ctl, game, error))
    return FALSE;
  CtlOptions with_token = *opts;
  with_token.token = args[n_args - 1];
  if (!ctl_take_seat (ctl, game, &with_token, error))
    return FALSE;
  if (ctl->player)
    ctl_outf ("%s\n", ctl->player);
  return TRUE;
}

static void
print_options (GVariant *options)
{
  GVariantIter iter;
  const char *key;
  GVariant *value;
  if (!options)
    return;
  ctl_out ("options:");
  g_variant_iter_init (&iter, options);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      g_autofree char *text = g_variant_print (value, FALSE);
      ctl_outf (" %s %s", key, text);
      g_variant_unref (value);
    }
  ctl_out ("\n");
}

void
ctl_print_tile_in_play (Ctl *ctl, const CtlGame *g)
{
  const CtlTileType *t = ctl_game_tile_type (g, g->tile);
  if (!t)
    return;
  g_autofree char *pic = ctl_tile_render (t, ctl->render);
  ctl_outf ("tile in play: %s\n%s", g->tile, pic);
}

gboolean
ctl_cmd_show (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *path = ctl_resolve_game (ctl, n_args ? args[0] : NULL, error);
  if (!path)
    return FALSE;
  g_autoptr (CtlGame) g = ctl_game_new (ctl->conn, path, error);
  if (!g)
    return FALSE;
  ctl_outf ("game %s%s%s%s\n", g->path, *g->name ? " \"" : "", g->name, *g->name ? "\"" : "");
  ctl_outf ("state: %s, turn %u, %u tiles left", ctl_state_name (g->state), g->turn, g->tiles_left);
  if (g->tile && *g->tile)
    ctl_outf (", tile in play %s", g->tile);
  gint active = ctl_game_seat (g, g->active);
  if (active >= 0 && g->state != CTL_STATE_OVER)
    {
      g_autofree char *who = ctl_game_player_label (g, active, ctl->render);
      ctl_outf (", %s to %s", who, g->state == CTL_STATE_DEPLOYING ? "deploy" : "place");
    }
  ctl_out ("\n");
  print_options (g->options);
  ctl_out ("players:\n");
  for (guint i = 0; i < g->n_players; i++)
    {
      const CtlPlayer *pl = &g->players[i];
      if (!g->player_paths[i])
        {
          ctl_outf ("  %u (free seat)\n", i);
          continue;
        }
      g_autofree char *who = ctl_player_label (pl, (gint)i, ctl->render);
      ctl_outf ("  %u %-6s %s: %u points, %u followers%s%s  %s\n", i, pl->colour, who, pl->score,
                pl->followers, pl->bot ? ", bot" : "",
                !pl->bot && !pl->connected ? ", disconnected" : "", g->player_paths[i]);
    }
  CtlBoard b = ctl_game_board (g, NULL, 0);
  g_autofree char *text = ctl_board_render (&b, ctl->render | CTL_RENDER_LEGEND);
  ctl_out (text);
  ctl_print_tile_in_play (ctl, g);
  return TRUE;
}

gboolean
ctl_cmd_place (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  gint32 x, y, rot;
  guint first = n_args == 4 ? 1 : 0;
  if (n_args == 1 || n_args == 2)
    {
      /* At the prompt: "place N", the N-th placement of the last listing. */
      guint64 k;
      if (!ctl->interactive || n_args != 1)
        {
          g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "place takes GAME X Y ROTATION");
          return FALSE;
        }
      if (!ctl->placements || !ctl->placements->len)
        {
          g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                       "no placements listed this turn: 'placements' lists them");
          return FALSE;
        }
      if (!parse_uint ("placement", args[0], G_MAXUINT32, &k, error))
        return FALSE;
      if (k < 1 || k > ctl->placements->len / 3)
        {
          g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                       "no placement %s in the last list (1..%u): 'placements' lists them", args[0],
                       ctl->placements->len / 3);
          return FALSE;
        }
      x = g_array_index (ctl->placements, gint, 3 * (k - 1));
      y = g_array_index (ctl->placements, gint, 3 * (k - 1) + 1);
      rot = g_array_index (ctl->placements, gint, 3 * (k - 1) + 2);
    }
  else if (!parse_int ("X", args[first], &x, error) || !parse_int ("Y", args[first + 1], &y, error)
           || !parse_int ("ROTATION", args[first + 2], &rot, error))
    return FALSE;
  if (rot < 0 || rot > 3)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "ROTATION is 0..3 (clockwise quarter turns)");
      return FALSE;
    }
  if (!ctl->interactive && n_args != 4)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "place takes GAME X Y ROTATION");
      return FALSE;
    }
  g_autofree char *game = ctl_resolve_game (ctl, n_args == 4 ? args[0] : NULL, error);
  if (!game || !ctl_take_seat (ctl, game, opts, error))
    return FALSE;
  g_autoptr (GVariant) reply = ctl_call (
      ctl->conn, game, CTL_IFACE_GAME, "Place",
      g_variant_new ("(iiu@a{sv})", x, y, (guint32)rot, g_variant_new ("a{sv}", NULL)), error);
  if (!reply)
    return FALSE;
  if (ctl->placements)
    g_array_set_size (ctl->placements, 0);
  return ctl_print_deployments (ctl, game, error);
}

gboolean
ctl_print_deployments (Ctl *ctl, const char *game, GError **error)
{
  g_autoptr (GVariant) reply
      = ctl_call (ctl->conn, game, CTL_IFACE_GAME, "GetDeployments", NULL, error);
  if (!reply)
    return FALSE;
  g_autoptr (GVariant) list = g_variant_get_child_value (reply, 0);
  if (!g_variant_n_children (list))
    return TRUE;
  GString *s = g_string_new ("deploy a follower on:");
  for (guint i = 0; i < g_variant_n_children (list); i++)
    {
      guint32 segment, kind;
      g_autofree const char **locations = NULL;
      g_variant_get_child (list, i, "(uu^a&s)", &segment, &kind, &locations);
      g_autofree char *where = g_strjoinv (",", (char **)locations);
      g_string_append_printf (s, "%s %u %s%s%s%s", i ? "," : "", segment,
                              ctl_feature_kind_name (kind), *where ? " (" : "", where,
                              *where ? ")" : "");
    }
  g_string_append (s, "; or skip\n");
  ctl_out (s->str);
  g_string_free (s, TRUE);
  return TRUE;
}

gboolean
ctl_cmd_deploy (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  const char *what = args[n_args - 1];
  guint64 segment = 0;
  if (!ctl->interactive && n_args != 2)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "deploy takes GAME SEGMENT (or skip)");
      return FALSE;
    }
  gboolean skip = g_str_equal (what, "skip");
  if (!skip && !parse_uint ("SEGMENT", what, G_MAXUINT32, &segment, error))
    return FALSE;
  g_autofree char *game = ctl_resolve_game (ctl, n_args == 2 ? args[0] : NULL, error);
  if (!game || !ctl_take_seat (ctl, game, opts, error))
    return FALSE;
  g_autoptr (GVariant) reply = skip
                                   ? ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Skip", NULL, error)
                                   : ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Deploy",
                                               g_variant_new ("(u@a{sv})", (guint32)segment,
                                                              g_variant_new ("a{sv}", NULL)),
                                               error);
  return reply != NULL;
}

gboolean
ctl_cmd_watch (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *game = ctl_resolve_game (ctl, n_args ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  if (ctl->interactive)
    return ctl_interactive_view (ctl, game, error);
  g_autoptr (CtlWatch) w = ctl_watch_new (ctl->conn, game, ctl->render, opts->board, error);
  if (!w)
    return FALSE;
  CtlGame *g = ctl_watch_get_game (w);
  ctl_outf ("watching %s%s%s%s: %s, turn %u\n", game, *g->name ? " \"" : "", g->name,
            *g->name ? "\"" : "", ctl_state_name (g->state), g->turn);
  if (opts->board && g->n_tiles && !ctl_watch_print_board (w, FALSE, NULL, 0, error))
    return FALSE;
  if (g->state == CTL_STATE_OVER)
    {
      GVariantBuilder b;
      g_variant_builder_init (&b, G_VARIANT_TYPE ("au"));
      for (guint i = 0; i < g->n_players; i++)
        g_variant_builder_add (&b, "u", g->players[i].score);
      g_autoptr (GVariant) scores = g_variant_ref_sink (g_variant_builder_end (&b));
      g_autofree char *line = ctl_watch_format_scores (w, scores);
      ctl_outf ("%s\n", line);
      return TRUE;
    }
  return watch_to_the_end (ctl, w, error);
}

gboolean
ctl_cmd_start (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  return simple_call (ctl, opts, n_args ? args[0] : NULL, "Start", error);
}

gboolean
ctl_cmd_leave (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  if (!simple_call (ctl, opts, n_args ? args[0] : NULL, "Leave", error))
    return FALSE;
  if (ctl->interactive)
    g_clear_pointer (&ctl->player, g_free);
  return TRUE;
}

gboolean
ctl_cmd_delete (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  return simple_call (ctl, opts, n_args ? args[0] : NULL, "Delete", error);
}

gboolean
ctl_cmd_bot (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *game = ctl_resolve_game (ctl, n_args == 2 ? args[0] : NULL, error);
  if (!game || !ctl_take_seat (ctl, game, opts, error))
    return FALSE;
  g_autoptr (GVariant) reply = ctl_call (
      ctl->conn, game, CTL_IFACE_GAME, "AddBot",
      g_variant_new ("(s@a{sv})", args[n_args - 1], g_variant_new ("a{sv}", NULL)), error);
  if (!reply)
    return FALSE;
  const char *player;
  g_variant_get (reply, "(&o)", &player);
  ctl_outf ("%s\n", player);
  return TRUE;
}
