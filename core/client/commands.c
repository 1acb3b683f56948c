/* commands.c: the one-shot commands; the interactive prompt runs the same functions. */
#include "config.h"

#include <stdio.h>
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
  /* One-shot: the seat of this run; at the prompt: the seat in the game in view. */
  if (reply && (!ctl->interactive || g_strcmp0 (game, ctl->game) == 0))
    {
      g_free (ctl->player);
      g_variant_get (reply, "(o)", &ctl->player);
    }
  return reply != NULL;
}

const char *
ctl_our_player (Ctl *ctl, const char *game)
{
  gsize n = strlen (game);
  if (ctl->player && strncmp (ctl->player, game, n) == 0 && ctl->player[n] == '/')
    return ctl->player;
  return NULL;
}

static void
add_token (GVariantBuilder *b, const CtlOptions *opts)
{
  if (opts && opts->token)
    g_variant_builder_add (b, "{sv}", "token", g_variant_new_string (opts->token));
}

/* The a{sv} options of a call that acts for a seat or the creator: the --token, if given
 * (floating). */
static GVariant *
token_options (const CtlOptions *opts)
{
  g_auto (GVariantBuilder) b = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  add_token (&b, opts);
  return g_variant_builder_end (&b);
}

GVariant *
ctl_strategy_call_options (const CtlOptions *opts, GError **error)
{
  g_auto (GVariantBuilder) b = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  add_token (&b, opts);
  if (opts->strategy && !ctl_strategy_options ("--strategy", opts->strategy, &b, error))
    return NULL;
  return g_variant_builder_end (&b);
}

/* A token the seats refuse may be the creator's: the calls carry it in their options
 * (token_options()), and the daemon says InvalidToken if it is neither. */
char *
ctl_seated_game (Ctl *ctl, const CtlOptions *opts, const char *arg, GError **error)
{
  g_autofree char *game = ctl_resolve_game (ctl, arg, error);
  g_autoptr (GError) local = NULL;
  if (!game)
    return NULL;
  if (!ctl_take_seat (ctl, game, opts, &local)
      && !g_str_has_prefix (local->message, "InvalidToken:"))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  return g_steal_pointer (&game);
}

/* A call on a game that takes only options, after taking the seat when --token was given. */
static gboolean
simple_call (Ctl *ctl, const CtlOptions *opts, const char *arg, const char *method, GError **error)
{
  g_autofree char *game = ctl_seated_game (ctl, opts, arg, error);
  if (!game)
    return FALSE;
  g_autoptr (GVariant) reply = ctl_call (ctl->conn, game, CTL_IFACE_GAME, method,
                                         g_variant_new ("(@a{sv})", token_options (opts)), error);
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

/* Adds @key (u) to @b when the option @name was given as @text; @out (nullable) gets its
 * value, 0 when not given. */
static gboolean
add_uint_option (GVariantBuilder *b, const char *key, const char *name, const char *text,
                 guint64 *out, GError **error)
{
  guint64 v = 0;
  if (text && !parse_uint (name, text, G_MAXUINT32, &v, error))
    return FALSE;
  if (text)
    g_variant_builder_add (b, "{sv}", key, g_variant_new_uint32 ((guint32)v));
  if (out)
    *out = v;
  return TRUE;
}

/* --bot-strategy SPEC as the a{sv} of the --bots seats' strategy (@out: NULL without it). */
static gboolean
bot_strategy (const CtlOptions *opts, guint64 bots, GVariant **out, GError **error)
{
  *out = NULL;
  if (!opts->bot_strategy)
    return TRUE;
  if (!bots)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                   "--bot-strategy is the strategy of the --bots seats: give --bots N too");
      return FALSE;
    }
  g_auto (GVariantBuilder) bot = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  if (!ctl_strategy_options ("--bot-strategy", opts->bot_strategy, &bot, error))
    return FALSE;
  *out = g_variant_ref_sink (g_variant_builder_end (&bot));
  return TRUE;
}

/* --bot-strategy SPEC as CreateGame's and ImportGame's "bot-options", for the --bots seats. */
static gboolean
bot_strategy_option (const CtlOptions *opts, guint64 bots, GVariantBuilder *b, GError **error)
{
  g_autoptr (GVariant) strategy = NULL;
  if (!bot_strategy (opts, bots, &strategy, error))
    return FALSE;
  if (strategy)
    g_variant_builder_add (b, "{sv}", "bot-options", strategy);
  return TRUE;
}

/* CreateGame's a{sv} from the options; @bots and @players as asked (players 0: the default). */
static GVariant *
game_options (Ctl *ctl, const CtlOptions *opts, guint64 *bots, guint64 *players, GError **error)
{
  g_auto (GVariantBuilder) b = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  guint64 v;
  *players = 0;
  if (!add_uint_option (&b, "bots", "--bots", opts->bots, bots, error))
    return NULL;
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
  if (!add_uint_option (&b, "followers", "--followers", opts->followers, NULL, error)
      || !add_uint_option (&b, "bot-delay", "--bot-delay", opts->bot_delay, NULL, error))
    return NULL;
  if (opts->no_farmers)
    g_variant_builder_add (&b, "{sv}", "farmers", g_variant_new_boolean (FALSE));
  if (opts->name)
    g_variant_builder_add (&b, "{sv}", "name", g_variant_new_string (opts->name));
  if (!ctl_expansion_options (ctl, opts, &b, error) || !ctl_rule_options (opts, &b, error)
      || !bot_strategy_option (opts, *bots, &b, error))
    return NULL;
  return g_variant_builder_end (&b);
}

/* After CreateGame or ImportGame: prints the path and the creator's @token, then --join,
 * --watch, --start (@start). */
static gboolean
game_created (Ctl *ctl, const CtlOptions *opts, char *game, const char *token, gboolean start,
              GError **error)
{
  ctl_outf ("%s %s\n", game, token);
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
ctl_cmd_new (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  guint64 bots, players;
  GVariant *options = game_options (ctl, opts, &bots, &players, error);
  if (!options)
    return FALSE;
  if (!players)
    players = 2;
  g_autoptr (GVariant) reply = ctl_call (ctl->conn, CTL_MANAGER_PATH, CTL_IFACE_MANAGER,
                                         "CreateGame", g_variant_new_tuple (&options, 1), error);
  if (!reply)
    return FALSE;
  g_autofree char *game = NULL;
  const char *token;
  g_variant_get (reply, "(o&s)", &game, &token);
  gboolean start = opts->start || (opts->watch && bots >= players && !opts->join);
  return game_created (ctl, opts, game, token, start, error);
}

gboolean
ctl_read_file (Ctl *ctl, const char *file, char **data, gsize *length, GError **error)
{
  if (g_str_equal (file, "-") && ctl->interactive)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                   "- (standard input) does not work at the prompt");
      return FALSE;
    }
  if (!g_str_equal (file, "-"))
    return g_file_get_contents (file, data, length, error);
  GString *s = g_string_new (NULL);
  char buf[65536];
  size_t n;
  while ((n = fread (buf, 1, sizeof buf, stdin)) > 0)
    g_string_append_len (s, buf, (gssize)n);
  if (ferror (stdin))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "reading stdin failed");
      g_string_free (s, TRUE);
      return FALSE;
    }
  *length = s->len;
  *data = g_string_free (s, FALSE);
  return TRUE;
}

gboolean
ctl_cmd_load (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *record = NULL;
  gsize length;
  if (!ctl_read_file (ctl, args[0], &record, &length, error))
    return FALSE;
  if (!g_utf8_validate (record, (gssize)length, NULL))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "%s: not UTF-8 text", args[0]);
      return FALSE;
    }
  g_auto (GVariantBuilder) b = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  guint64 bots = 0;
  if (!add_uint_option (&b, "moves", "--moves", opts->moves, NULL, error)
      || !add_uint_option (&b, "bots", "--bots", opts->bots, &bots, error)
      || !add_uint_option (&b, "bot-delay", "--bot-delay", opts->bot_delay, NULL, error)
      || !bot_strategy_option (opts, bots, &b, error))
    return FALSE;
  if (opts->name)
    g_variant_builder_add (&b, "{sv}", "name", g_variant_new_string (opts->name));
  g_autoptr (GVariant) reply
      = ctl_call (ctl->conn, CTL_MANAGER_PATH, CTL_IFACE_MANAGER, "ImportGame",
                  g_variant_new ("(s@a{sv})", record, g_variant_builder_end (&b)), error);
  if (!reply)
    return FALSE;
  g_autofree char *game = NULL;
  const char *token;
  g_variant_get (reply, "(o&s)", &game, &token);
  /* As new: --watch alone starts a game whose seats the bots fill. */
  gboolean start = opts->start;
  if (!start && opts->watch && !opts->join && bots)
    {
      g_autoptr (GVariant) props = ctl_get_all (ctl->conn, game, CTL_IFACE_GAME, error);
      guint32 seats = 0;
      if (!props)
        return FALSE;
      g_variant_lookup (props, "Seats", "u", &seats);
      start = bots >= seats;
    }
  return game_created (ctl, opts, game, token, start, error);
}

/* The one string a Game method answers (@args as ctl_call() takes them), written to @file:
 * standard output for "-", else atomically (the old file or the new one, never half). */
static gboolean
save_reply (Ctl *ctl, const char *game, const char *method, GVariant *args, const char *file,
            GError **error)
{
  g_autoptr (GVariant) reply = ctl_call_typed (ctl->conn, game, method, args, "(s)", error);
  if (!reply)
    return FALSE;
  const char *text;
  g_variant_get (reply, "(&s)", &text);
  if (g_str_equal (file, "-"))
    {
      ctl_out (text);
      return TRUE;
    }
  return g_file_set_contents (file, text, -1, error);
}

gboolean
ctl_cmd_save (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  const char *file = args[n_args - 1];
  g_autofree char *game = ctl_resolve_game (ctl, n_args == 2 ? args[0] : NULL, error);
  return game
         && save_reply (ctl, game, "ExportRecord", g_variant_new ("(@a{sv})", token_options (opts)),
                        file, error)
         && (!opts->svg || save_reply (ctl, game, "GetBoardPicture", NULL, opts->svg, error));
}

gboolean
ctl_write_board (Ctl *ctl, const char *arg, const char *svg_file, GError **error)
{
  g_autofree char *game = ctl_resolve_game (ctl, arg, error);
  if (!game)
    return FALSE;
  if (svg_file)
    return save_reply (ctl, game, "GetBoardPicture", NULL, svg_file, error);
  g_autoptr (CtlGame) g = ctl_game_new (ctl->conn, game, error);
  if (!g)
    return FALSE;
  CtlBoard b = ctl_game_board (g, NULL, 0);
  g_autofree char *text = ctl_board_render (&b, ctl->render | CTL_RENDER_LEGEND);
  ctl_out (text);
  return TRUE;
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
  if (ctl->interactive && ctl->player)
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

/* Pieces side by side under "INDEX ID" labels, after @heading. */
static void
print_pieces (Ctl *ctl, const CtlGame *g, const char *const *ids, const char *heading)
{
  guint n = g_strv_length ((char **)ids);
  g_autofree const CtlTileType **types = g_new0 (const CtlTileType *, n + 1);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    {
      types[i] = ctl_game_tile_type (g, ids[i]);
      g_ptr_array_add (labels, g_strdup_printf ("%u %s", i, ids[i]));
    }
  g_autofree char *pic
      = ctl_tiles_render (types, NULL, (const char *const *)labels->pdata, n, 0, ctl->render);
  ctl_outf ("%s\n%s", heading, pic);
}

gboolean
ctl_print_hand (Ctl *ctl, const CtlGame *g, const char *player, GError **error)
{
  g_auto (GStrv) hand = ctl_game_get_hand (ctl->conn, g->path, player, error);
  if (!hand)
    return FALSE;
  if (*hand)
    print_pieces (ctl, g, (const char *const *)hand,
                  "your hand ('piece INDEX X Y ROT' places one, 'pieces INDEX' lists where;\n"
                  "a triangular piece's ROT is the corner it holds: 0 NE, 1 SE, 2 SW, 3 NW):");
  return TRUE;
}

/* What the active player does now. */
static const char *
turn_verb (const CtlGame *g)
{
  switch (g->state)
    {
      case CTL_STATE_DEPLOYING:
        return "deploy";
      case CTL_STATE_CHOOSING:
        return g->tiles_left ? "draw or play a piece" : "play a piece or pass";
      case CTL_STATE_PLUGIN:
        return "make one of 'moves'";
      default:
        return "place";
    }
}

gboolean
ctl_cmd_show (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *path = ctl_seated_game (ctl, opts, n_args ? args[0] : NULL, error);
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
      ctl_outf (", %s to %s", who, turn_verb (g));
    }
  ctl_out ("\n");
  if (*g->state_hash)
    ctl_outf ("state hash: %s\n", g->state_hash);
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
      g_autofree char *hand = g->hand_sizes[i]
                                  ? g_strdup_printf (", %u piece%s in hand", g->hand_sizes[i],
                                                     g->hand_sizes[i] == 1 ? "" : "s")
                                  : g_strdup ("");
      const char *strategy = g->strategies[i] ? g->strategies[i] : "";
      g_autofree char *bot = g_strdup_printf (", bot%s%s", *strategy ? " " : "", strategy);
      ctl_outf ("  %u %-6s %s: %u points, %u followers%s%s%s  %s\n", i, pl->colour, who, pl->score,
                pl->followers, hand, pl->bot ? bot : "",
                !pl->bot && !pl->connected ? ", disconnected" : "", g->player_paths[i]);
    }
  CtlBoard b = ctl_game_board (g, NULL, 0);
  g_autofree char *text = ctl_board_render (&b, ctl->render | CTL_RENDER_LEGEND);
  ctl_out (text);
  ctl_print_tile_in_play (ctl, g);
  const char *us = ctl_our_player (ctl, path);
  return !us || g->state == CTL_STATE_WAITING || g->state == CTL_STATE_OVER
         || ctl_print_hand (ctl, g, us, error);
}

gboolean
ctl_list_placements (Ctl *ctl, const char *game, gint piece, gboolean print, GError **error)
{
  g_autoptr (GVariant) reply
      = piece < 0
            ? ctl_call_typed (ctl->conn, game, "GetPlacements", NULL, "(a(iiu))", error)
            : ctl_call_typed (ctl->conn, game, "GetPiecePlacements",
                              g_variant_new ("(ua{sv})", (guint32)piece, NULL), "(a(iiu))", error);
  if (!reply)
    return FALSE;
  g_autoptr (GVariant) list = g_variant_get_child_value (reply, 0);
  g_clear_pointer (&ctl->placements, g_array_unref);
  ctl->placements = g_array_new (FALSE, FALSE, sizeof (gint));
  ctl->placements_piece = piece;
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < g_variant_n_children (list); i++)
    {
      gint32 x, y;
      guint32 rot;
      g_variant_get_child (list, i, "(iiu)", &x, &y, &rot);
      gint triple[3] = { x, y, (gint)rot };
      g_array_append_vals (ctl->placements, triple, 3);
      g_autofree char *item = g_strdup_printf ("%u) %d %d %u", i + 1, x, y, rot);
      g_string_append_printf (s, i % 6 == 5 ? "%s\n" : "%-14s", item);
    }
  g_strchomp (s->str);
  g_string_set_size (s, strlen (s->str));
  if (s->len)
    g_string_append_c (s, '\n');
  if (print && !s->len)
    ctl_outf ("no placements (%s)\n", piece < 0 ? "not placing now" : "the piece fits nowhere");
  else if (print && piece < 0)
    ctl_outf ("placements (X Y ROT; 'place N' takes the N-th):\n%s", s->str);
  else if (print)
    ctl_outf ("placements of piece %d (X Y ROT; 'piece %d N' takes the N-th):\n%s", piece, piece,
              s->str);
  g_string_free (s, TRUE);
  return TRUE;
}

/* A placement from @args: X Y ROT, or at the prompt N, the N-th of the last listing for
 * @piece (-1: the tile in play). @usage is the command's usage line. */
static gboolean
placement_args (Ctl *ctl, char **args, guint n_args, gint piece, const char *usage, gint32 *x,
                gint32 *y, guint32 *rot, GError **error)
{
  gint32 r;
  if (n_args == 1 && ctl->interactive)
    {
      guint64 k;
      g_autofree char *again
          = piece < 0 ? g_strdup ("placements") : g_strdup_printf ("pieces %d", piece);
      if (!ctl->placements || !ctl->placements->len || ctl->placements_piece != piece)
        {
          g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                       "no placements listed for it this turn: '%s' lists them", again);
          return FALSE;
        }
      if (!parse_uint ("placement", args[0], G_MAXUINT32, &k, error))
        return FALSE;
      if (k < 1 || k > ctl->placements->len / 3)
        {
          g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                       "no placement %s in the last list (1..%u): '%s' lists them", args[0],
                       ctl->placements->len / 3, again);
          return FALSE;
        }
      *x = g_array_index (ctl->placements, gint, 3 * (k - 1));
      *y = g_array_index (ctl->placements, gint, 3 * (k - 1) + 1);
      *rot = (guint32)g_array_index (ctl->placements, gint, 3 * (k - 1) + 2);
      return TRUE;
    }
  if (n_args != 3)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "usage: %s", usage);
      return FALSE;
    }
  if (!parse_int ("X", args[0], x, error) || !parse_int ("Y", args[1], y, error)
      || !parse_int ("ROTATION", args[2], &r, error))
    return FALSE;
  if (r < 0 || r > 3)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                   "ROTATION is 0..3 (clockwise quarter turns; a triangular piece's corner)");
      return FALSE;
    }
  *rot = (guint32)r;
  return TRUE;
}

/* After a tile went down: the listing is spent; the segments a follower may take. */
static gboolean
placed (Ctl *ctl, const char *game, GError **error)
{
  if (ctl->placements)
    g_array_set_size (ctl->placements, 0);
  return ctl_print_deployments (ctl, game, error);
}

gboolean
ctl_cmd_place (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  gint32 x, y;
  guint32 rot;
  /* GAME X Y ROT; at the prompt also X Y ROT or N */
  guint first = n_args == 4 ? 1 : 0;
  if (!placement_args (ctl, args + first, n_args - first, -1,
                       ctl->interactive ? "place [GAME] X Y ROT, or place N" : "place GAME X Y ROT",
                       &x, &y, &rot, error))
    return FALSE;
  g_autofree char *game = ctl_seated_game (ctl, opts, first ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  g_autoptr (GVariant) reply
      = ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Place",
                  g_variant_new ("(iiu@a{sv})", x, y, rot, token_options (opts)), error);
  return reply && placed (ctl, game, error);
}

static gboolean
parse_index (const char *text, guint32 *index, GError **error)
{
  guint64 v;
  if (!parse_uint ("INDEX", text, G_MAXUINT32, &v, error))
    return FALSE;
  *index = (guint32)v;
  return TRUE;
}

gboolean
ctl_cmd_piece (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  gint32 x, y;
  guint32 rot, index;
  /* GAME INDEX X Y ROT; at the prompt also INDEX X Y ROT or INDEX N */
  guint first = n_args == 5 ? 1 : 0;
  if (!parse_index (args[first], &index, error))
    return FALSE;
  if (!placement_args (ctl, args + first + 1, n_args - first - 1, (gint)index,
                       ctl->interactive ? "piece [GAME] INDEX X Y ROT, or piece INDEX N"
                                        : "piece GAME INDEX X Y ROT",
                       &x, &y, &rot, error))
    return FALSE;
  g_autofree char *game = ctl_seated_game (ctl, opts, first ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  g_autoptr (GVariant) reply
      = ctl_call (ctl->conn, game, CTL_IFACE_GAME, "PlacePiece",
                  g_variant_new ("(uiiu@a{sv})", index, x, y, rot, token_options (opts)), error);
  return reply && placed (ctl, game, error);
}

gboolean
ctl_cmd_pieces (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  guint32 index;
  if (!parse_index (args[n_args - 1], &index, error))
    return FALSE;
  g_autofree char *game = ctl_seated_game (ctl, opts, n_args == 2 ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  if (ctl->interactive)
    return ctl_list_placements (ctl, game, (gint)index, TRUE, error);
  /* For scripts: one placement a line. */
  if (!ctl_list_placements (ctl, game, (gint)index, FALSE, error))
    return FALSE;
  for (guint i = 0; i + 2 < ctl->placements->len; i += 3)
    ctl_outf ("%d %d %d\n", g_array_index (ctl->placements, gint, i),
              g_array_index (ctl->placements, gint, i + 1),
              g_array_index (ctl->placements, gint, i + 2));
  return TRUE;
}

gboolean
ctl_cmd_draw (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *game = ctl_seated_game (ctl, opts, n_args ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  g_autoptr (GVariant) reply = ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Draw",
                                         g_variant_new ("(@a{sv})", token_options (opts)), error);
  if (!reply)
    return FALSE;
  /* At the prompt TileDrawn shows the turn; a script gets the tile drawn. */
  if (ctl->interactive)
    return TRUE;
  g_autoptr (CtlGame) g = ctl_game_new (ctl->conn, game, error);
  if (!g)
    return FALSE;
  ctl_print_tile_in_play (ctl, g);
  return TRUE;
}

gboolean
ctl_cmd_pass (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  return simple_call (ctl, opts, n_args ? args[0] : NULL, "Pass", error);
}

/* A move's arguments as " key=value ...": numbers bare, strings as they are. */
char *
ctl_move_args_text (GVariant *args)
{
  GString *s = g_string_new (NULL);
  GVariantIter iter;
  const char *key;
  GVariant *value;
  g_variant_iter_init (&iter, args);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      g_autofree char *text = g_variant_is_of_type (value, G_VARIANT_TYPE_STRING)
                                  ? g_variant_dup_string (value, NULL)
                                  : g_variant_print (value, FALSE);
      g_string_append_printf (s, " %s=%s", key, text);
      g_variant_unref (value);
    }
  return g_string_free (s, FALSE);
}

void
ctl_print_move (guint n, const char *type, GVariant *args)
{
  g_autofree char *text = ctl_move_args_text (args);
  ctl_outf ("%u. %s%s\n", n, type, text);
}

GVariant *
ctl_get_moves (Ctl *ctl, const CtlOptions *opts, const char *game, GError **error)
{
  g_autoptr (GVariant) reply
      = ctl_call_typed (ctl->conn, game, "GetMoves",
                        g_variant_new ("(@a{sv})", token_options (opts)), "(a(sa{sv}))", error);
  return reply ? g_variant_get_child_value (reply, 0) : NULL;
}

/* The caller's legal moves in @game, numbered from 1 (what 'move N' takes). */
gboolean
ctl_print_moves (Ctl *ctl, const CtlOptions *opts, const char *game, GError **error)
{
  g_autoptr (GVariant) moves = ctl_get_moves (ctl, opts, game, error);
  if (!moves)
    return FALSE;
  for (guint i = 0; i < g_variant_n_children (moves); i++)
    {
      const char *type;
      g_autoptr (GVariant) margs = NULL;
      g_variant_get_child (moves, i, "(&s@a{sv})", &type, &margs);
      ctl_print_move (i + 1, type, margs);
    }
  return TRUE;
}

/* moves: the legal moves, numbered from 1, whatever their types (issue 16, Moves). */
gboolean
ctl_cmd_moves (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autofree char *game = ctl_seated_game (ctl, opts, n_args ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  return ctl_print_moves (ctl, opts, game, error);
}

/* move N: plays move N of the list 'moves' prints (Game.Play), listed afresh. */
gboolean
ctl_cmd_move (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  guint64 n;
  if (!parse_uint ("N", args[n_args - 1], G_MAXUINT32, &n, error))
    return FALSE;
  g_autofree char *game = ctl_seated_game (ctl, opts, n_args == 2 ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  g_autoptr (GVariant) moves = ctl_get_moves (ctl, opts, game, error);
  if (!moves)
    return FALSE;
  if (n == 0 || n > g_variant_n_children (moves))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                   "no move %" G_GUINT64_FORMAT ": 'moves' lists %zu", n,
                   g_variant_n_children (moves));
      return FALSE;
    }
  const char *type;
  g_autoptr (GVariant) margs = NULL;
  g_variant_get_child (moves, n - 1, "(&s@a{sv})", &type, &margs);
  g_autoptr (GVariant) reply
      = ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Play",
                  g_variant_new ("(s@a{sv}@a{sv})", type, margs, token_options (opts)), error);
  return reply != NULL;
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
  /* a follower's deployment as SEGMENT, another figure kind's as KIND:SEGMENT, as typed */
  GString *s = g_string_new ("deploy a follower on:");
  for (guint i = 0; i < g_variant_n_children (list); i++)
    {
      const char *figure;
      guint32 segment, kind;
      g_autofree const char **locations = NULL;
      g_variant_get_child (list, i, "(&suu^a&s)", &figure, &segment, &kind, &locations);
      g_autofree char *where = g_strjoinv (",", (char **)locations);
      gboolean follower = g_str_equal (figure, "follower");
      g_string_append_printf (s, "%s %s%s%u %s%s%s%s", i ? "," : "", follower ? "" : figure,
                              follower ? "" : ":", segment, ctl_feature_kind_name (kind),
                              *where ? " (" : "", where, *where ? ")" : "");
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
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                   "deploy takes GAME [FIGURE:]SEGMENT (or skip)");
      return FALSE;
    }
  gboolean skip = g_str_equal (what, "skip");
  /* SEGMENT deploys a follower; FIGURE:SEGMENT a figure of that kind */
  const char *colon = strchr (what, ':');
  g_autofree char *figure = colon ? g_strndup (what, (gsize)(colon - what)) : g_strdup ("follower");
  if (!skip && !parse_uint ("SEGMENT", colon ? colon + 1 : what, G_MAXUINT32, &segment, error))
    return FALSE;
  g_autofree char *game = ctl_seated_game (ctl, opts, n_args == 2 ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  GVariant *options = token_options (opts);
  g_autoptr (GVariant) reply
      = skip ? ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Skip",
                         g_variant_new ("(@a{sv})", options), error)
             : ctl_call (ctl->conn, game, CTL_IFACE_GAME, "Deploy",
                         g_variant_new ("(su@a{sv})", figure, (guint32)segment, options), error);
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
  g_autofree char *game = ctl_seated_game (ctl, opts, n_args == 2 ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  GVariant *options = ctl_strategy_call_options (opts, error);
  if (!options)
    return FALSE;
  g_autoptr (GVariant) reply
      = ctl_call (ctl->conn, game, CTL_IFACE_GAME, "AddBot",
                  g_variant_new ("(s@a{sv})", args[n_args - 1], options), error);
  if (!reply)
    return FALSE;
  const char *player;
  g_variant_get (reply, "(&o)", &player);
  ctl_outf ("%s\n", player);
  return TRUE;
}
