/* replay.c: `replay FILE`: a game record (doc/game-records.md) replayed in this process with
 * libcarcassonne, no daemon needed. The engine's events print as `watch` prints the daemon's
 * signals (the same code, fed the same arguments), and the board is drawn from the engine's
 * pieces and followers. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "carcassonne.h"
#include "bus.h"
#include "watch.h"

#define REPLAY_PATH "/replay"

static const char *const colours[CARC_MAX_PLAYERS]
    = { "red", "blue", "yellow", "green", "black", "grey" };

typedef struct
{
  CtlWatch *watch;
  CtlGame *view;    /* owned by the watch */
  guint64 sequence; /* the signals' sequence numbers, as the daemon counts them */
} Replay;

/* The renderer's description of an engine tile type. */
/* The names of segment @s's attributes, NULL-terminated (NULL for none), owned by @g. */
static const char *const *
attribute_names (CtlGame *g, const CarcTileType *t, guint s)
{
  guint n = carc_tile_type_get_segment_n_attributes (t, s);
  if (!n)
    return NULL;
  const char **names = g_new0 (const char *, n + 1);
  for (guint k = 0; k < n; k++)
    names[k] = g_string_chunk_insert_const (
        g->strings, carc_tile_type_get_segment_attribute_at (t, s, k, NULL));
  g_ptr_array_add (g->attribute_lists, names);
  return names;
}

static void
add_tile_type (CtlGame *g, const CarcTileType *t)
{
  const char *id = carc_tile_type_get_id (t);
  if (ctl_game_tile_type (g, id))
    return;
  g->types = g_renew (CtlTileType, g->types, g->n_types + 1);
  CtlTileType *c = &g->types[g->n_types++];
  memset (c, 0, sizeof *c);
  c->id = g_string_chunk_insert_const (g->strings, id);
  guint n_sides = MIN (carc_tile_type_get_n_sides (t), 4);
  for (guint e = 0; e < n_sides; e++)
    c->edges[e] = carc_tile_type_get_edge (t, e);
  c->half = carc_tile_type_get_shape (t) == CARC_SHAPE_HALF;
  c->n_segments = carc_tile_type_get_n_segments (t);
  CtlSegment *segs = g_new0 (CtlSegment, c->n_segments);
  for (guint s = 0; s < c->n_segments; s++)
    {
      /* By name, as the daemon sends them: the renderer's bits are its own. */
      g_autofree char *names
          = carc_location_to_string (carc_tile_type_get_segment_location (t, s, 0));
      g_auto (GStrv) v = g_strsplit (names, ",", -1);
      segs[s].kind = carc_tile_type_get_segment_kind (t, s);
      segs[s].locations = ctl_location_parse ((const char *const *)v);
      segs[s].shield = carc_tile_type_get_segment_shield (t, s);
      segs[s].attributes = attribute_names (g, t, s);
    }
  c->segments = segs;
  ctl_tile_types_mark_attributes (g->types, g->n_types, g->strings);
}

static void
add_tile_set (CtlGame *g, CarcTileSet *set)
{
  for (guint i = 0; i < carc_tile_set_get_n_types (set); i++)
    add_tile_type (g, carc_tile_set_get_type_at (set, i));
}

/* The game as the watch code knows one: players (named as in the record), tile types. */
static CtlGame *
view_new (CarcRecord *record, CarcTileSet *base)
{
  const CarcGameConfig *config = carc_record_get_config (record);
  CtlGame *g = g_new0 (CtlGame, 1);
  g->path = g_strdup (REPLAY_PATH);
  g->strings = g_string_chunk_new (1024);
  g->attribute_lists = g_ptr_array_new_with_free_func (g_free);
  g->name = "";
  g->tile = "";
  g->active = CTL_NO_PLAYER;
  g->n_players = g->seats = carc_game_config_get_n_players (config);
  g->players = g_new0 (CtlPlayer, g->n_players);
  g->player_paths = g_new0 (const char *, g->n_players);
  g->hand_sizes = g_new0 (guint, g->n_players);
  for (guint i = 0; i < g->n_players; i++)
    {
      const char *name = carc_record_get_player_name (record, i);
      g_autofree char *fallback = g_strdup_printf ("Player %u", i + 1);
      g_autofree char *path = g_strdup_printf (REPLAY_PATH "/player/%u", i);
      g->players[i].name = g_string_chunk_insert_const (g->strings, name ? name : fallback);
      g->players[i].colour = colours[i % G_N_ELEMENTS (colours)];
      g->players[i].connected = TRUE;
      g->player_paths[i] = g_string_chunk_insert_const (g->strings, path);
    }
  add_tile_set (g, base);
  for (guint i = 0; i < carc_game_config_get_n_expansions (config); i++)
    add_tile_set (g, carc_plugin_get_tiles (carc_game_config_get_expansion (config, i)));
  return g;
}

static const char *
player_path (const CtlGame *g, gint player)
{
  return player >= 0 && (guint)player < g->n_players ? g->player_paths[player] : CTL_NO_PLAYER;
}

/* The view's board, scores, supplies and turn as the engine has them. */
static void
view_sync (CtlGame *g, CarcGame *game)
{
  static const guint states[] = {
    [CARC_PHASE_PLACE] = CTL_STATE_PLACING, [CARC_PHASE_DEPLOY] = CTL_STATE_DEPLOYING,
    [CARC_PHASE_OVER] = CTL_STATE_OVER,     [CARC_PHASE_CHOOSE] = CTL_STATE_CHOOSING,
    [CARC_PHASE_PLUGIN] = CTL_STATE_PLUGIN,
  };
  CarcPhase phase = carc_game_get_phase (game);
  g->state = (guint)phase < G_N_ELEMENTS (states) ? states[phase] : CTL_STATE_PLACING;
  g->turn = carc_game_get_turn (game);
  g->tiles_left = carc_game_get_tiles_left (game);
  const CarcTileType *tile = carc_game_get_current_tile (game);
  g->tile = tile ? g_string_chunk_insert_const (g->strings, carc_tile_type_get_id (tile)) : "";
  guint current = carc_game_get_current_player (game);
  g->active = phase == CARC_PHASE_OVER ? CTL_NO_PLAYER : player_path (g, (gint)current);
  for (guint i = 0; i < g->n_players; i++)
    {
      g->players[i].score = carc_game_get_score (game, i);
      g->players[i].followers = carc_game_get_supply (game, i);
      g->players[i].active = phase != CARC_PHASE_OVER && i == current;
      g->hand_sizes[i] = carc_game_get_hand_size (game, i);
    }

  g->n_tiles = carc_game_get_n_pieces (game);
  g->tiles = g_renew (CtlPlacedTile, g->tiles, g->n_tiles);
  for (guint i = 0; i < g->n_tiles; i++)
    {
      CarcPieceInfo p = { 0 };
      carc_game_get_piece (game, i, &p);
      add_tile_type (g, p.tile); /* a tile of no set we know: drawn all the same */
      g->tiles[i] = (CtlPlacedTile){
        p.x, p.y, g_string_chunk_insert_const (g->strings, carc_tile_type_get_id (p.tile)),
        p.rotation
      };
    }
  g->n_followers = carc_game_get_n_followers (game);
  g->followers = g_renew (CtlFollower, g->followers, g->n_followers);
  for (guint i = 0; i < g->n_followers; i++)
    {
      CarcFollowerInfo f = { 0 };
      carc_game_get_follower (game, i, &f);
      const char *figure = carc_game_get_figure_name (game, f.figure);
      g->followers[i] = (CtlFollower){
        (gint)f.player, f.x,         f.y,
        f.segment,      f.piece + 1, g_string_chunk_insert_const (g->strings, figure)
      };
    }
}

static GVariant *
points_variant (const CarcEvent *e)
{
  return g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, e->points, e->n_players,
                                    sizeof (guint32));
}

/* @e's breakdown as FeatureScored's a(usuu): (seat, item, count, points), seats in order. */
static GVariant *
breakdown_variant (const CarcEvent *e)
{
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(usuu)"));
  for (guint p = 0; p < e->n_players; p++)
    for (guint i = 0; i < carc_event_get_n_items (e, p); i++)
      {
        const CarcScoreItem *item = carc_event_get_item (e, p, i);
        g_variant_builder_add (&b, "(usuu)", p, item->name, item->count, item->points);
      }
  return g_variant_builder_end (&b);
}

/* The feature's segments as FeatureScored's a(iiuu): (x, y, piece, segment). */
static GVariant *
segments_variant (CarcGame *game, const CarcEvent *e)
{
  GVariantBuilder b;
  g_autofree guint *pieces = NULL, *segments = NULL;
  guint n = 0;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a(iiuu)"));
  if (carc_game_get_feature_segments (game, e->piece, e->segment, &pieces, &segments, &n))
    for (guint i = 0; i < n; i++)
      {
        CarcPieceInfo p = { 0 };
        carc_game_get_piece (game, pieces[i], &p);
        g_variant_builder_add (&b, "(iiuu)", p.x, p.y, pieces[i], segments[i]);
      }
  return g_variant_builder_end (&b);
}

/* The engine's event as the daemon's signal (core/daemon/session-events.c), printed. */
static void
on_event (CarcGame *game, const CarcEvent *e, gpointer data)
{
  Replay *r = data;
  CtlGame *g = r->view;
  const char *player = player_path (g, e->player);
  const char *tile = e->tile ? carc_tile_type_get_id (e->tile) : "";
  const char *member = NULL;
  GVariant *args = NULL;
  guint64 sequence = ++r->sequence;
  switch (e->type)
    {
      case CARC_EVENT_TURN_STARTED:
      case CARC_EVENT_TILE_DRAWN:
        member = e->type == CARC_EVENT_TURN_STARTED ? "TurnStarted" : "TileDrawn";
        args = g_variant_new ("(uosut)", e->turn, player, tile, carc_game_get_tiles_left (game),
                              sequence);
        break;
      case CARC_EVENT_TILE_DISCARDED:
      case CARC_EVENT_PIECE_GIVEN:
        member = e->type == CARC_EVENT_TILE_DISCARDED ? "TileDiscarded" : "PieceGiven";
        if (e->type == CARC_EVENT_PIECE_GIVEN && !carc_game_get_hands_open (game))
          tile = ""; /* as the daemon: a face-down hand's piece is its holder's */
        args = g_variant_new ("(ost)", player, tile, sequence);
        break;
      case CARC_EVENT_TILE_PLACED:
        member = "TilePlaced";
        args = g_variant_new ("(osiiuut)", player, tile, e->x, e->y, e->rotation, e->piece,
                              sequence);
        break;
      case CARC_EVENT_FOLLOWER_DEPLOYED:
        {
          g_autofree char *names = carc_location_to_string (e->location);
          g_auto (GStrv) v = g_strsplit (names, ",", -1);
          member = "FollowerDeployed";
          args = g_variant_new ("(oiiuuu^asst)", player, e->x, e->y, e->piece, e->segment,
                                (guint)e->kind, v, carc_game_get_figure_name (game, e->figure),
                                sequence);
          break;
        }
      case CARC_EVENT_FEATURE_SCORED:
        member = "FeatureScored";
        args = g_variant_new ("(iiuuub@au@a(usuu)@a(iiuu)t)", e->x, e->y, e->piece, e->segment,
                              (guint)e->kind, e->final, points_variant (e), breakdown_variant (e),
                              segments_variant (game, e), sequence);
        break;
      case CARC_EVENT_POINTS_AWARDED:
        {
          const CarcScoreItem *item = carc_event_get_item (e, (guint)e->player, 0);
          member = "PointsAwarded";
          args = g_variant_new ("(osuut)", player, item ? item->name : "", item ? item->count : 0,
                                item ? item->points : 0, sequence);
          break;
        }
      case CARC_EVENT_FOLLOWER_RETURNED:
        member = "FollowerReturned";
        args = g_variant_new ("(oiiuust)", player, e->x, e->y, e->piece, e->segment,
                              carc_game_get_figure_name (game, e->figure), sequence);
        break;
      case CARC_EVENT_GAME_OVER:
        member = "GameOver";
        args = g_variant_new ("(@aut)", points_variant (e), sequence);
        view_sync (g, game); /* the final board as the engine has it */
        break;
      case CARC_EVENT_TURN_PASSED:
        member = "TurnPassed";
        args = g_variant_new ("(uot)", e->turn, player, sequence);
        break;
      default:
        return;
    }
  g_variant_ref_sink (args);
  ctl_watch_print_event (r->watch, member, args);
  g_variant_unref (args);
}

/* A move as the command that makes it: "place 3 1 2", "deploy 0", "skip"... */
static char *
move_text (const CarcMove *m)
{
  switch (m->type)
    {
      case CARC_MOVE_PLACE:
        return g_strdup_printf ("place %d %d %u", m->x, m->y, m->rotation);
      case CARC_MOVE_DEPLOY:
        return g_strdup_printf ("deploy %u", m->segment);
      case CARC_MOVE_SKIP:
        return g_strdup ("skip");
      case CARC_MOVE_DRAW:
        return g_strdup ("draw");
      case CARC_MOVE_PLACE_PIECE:
        return g_strdup_printf ("piece %u %d %d %u", m->piece, m->x, m->y, m->rotation);
      case CARC_MOVE_PASS:
        return g_strdup ("pass");
      case CARC_MOVE_PLUGIN:
        {
          /* as 'moves' lists it: its name and key=value arguments */
          g_autoptr (GVariant) args = g_variant_ref_sink (carc_move_to_args (m));
          g_autofree char *text = ctl_move_args_text (args);
          return g_strdup_printf ("%s%s", m->name, text);
        }
      default:
        return g_strdup ("?");
    }
}

/* The record's expansions: from --plugin-dir, else $CARCASSONNE_PLUGIN_DIR or the installed
 * plugins (none there is no error: a record of the base game needs none). */
static CarcPluginHost *
plugin_host (const CtlOptions *opts, const char *dir, GError **error)
{
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  if (g_file_test (dir, G_FILE_TEST_IS_DIR))
    carc_plugin_host_load_dir (host, dir, NULL, NULL);
  else if (opts->plugin_dir)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "--plugin-dir %s: not a directory", dir);
      return NULL;
    }
  return g_steal_pointer (&host);
}

/* --step on a terminal: waits for Enter; FALSE when the user typed q (or input ended). */
static gboolean
wait_for_enter (void)
{
  char line[64];
  ctl_out ("-- Enter: next move, q: stop -- ");
  if (!fgets (line, sizeof line, stdin))
    {
      ctl_out ("\n");
      return FALSE;
    }
  return g_strstrip (line)[0] != 'q';
}

static void
print_scores (CtlGame *g, CtlRenderFlags flags)
{
  GString *s = g_string_new ("scores:");
  for (guint i = 0; i < g->n_players; i++)
    {
      g_autofree char *who = ctl_game_player_label (g, (gint)i, flags);
      g_string_append_printf (s, "%s %s %u", i ? "," : "", who, g->players[i].score);
    }
  ctl_outf ("%s\n", s->str);
  g_string_free (s, TRUE);
}

gboolean
ctl_cmd_replay (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  const char *file = args[0];
  guint64 to = G_MAXUINT;
  if (opts->to && !g_ascii_string_to_unsigned (opts->to, 10, 0, G_MAXUINT, &to, NULL))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "--to: '%s' is not a move number", opts->to);
      return FALSE;
    }
  gboolean stepping = opts->step && isatty (STDIN_FILENO);
  if (stepping && ctl->interactive)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "--step works from the command line only");
      return FALSE;
    }
  const char *dir = opts->plugin_dir ? opts->plugin_dir : carc_plugin_host_get_default_dir ();
  g_autoptr (CarcPluginHost) host = plugin_host (opts, dir, error);
  if (!host)
    return FALSE;
  g_autofree char *data = NULL;
  gsize length;
  if (!ctl_read_file (ctl, file, &data, &length, error))
    return FALSE;
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (error);
  if (!base)
    return FALSE;
  g_autoptr (GError) local = NULL;
  g_autoptr (CarcRecord) record = carc_record_parse (data, (gssize)length, base, host, &local);
  guint n_moves = record ? carc_record_get_n_moves (record) : 0;
  to = MIN (to, n_moves);
  /* The whole replay is checked first (moves, recorded scores): a bad record is reported
   * with the engine's words and nothing else printed. */
  g_autoptr (CarcGame) check
      = record ? carc_record_replay (record, (guint)to, NULL, NULL, NULL, &local) : NULL;
  gboolean unknown = !check && g_error_matches (local, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION);
  if (!check)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "%s: %s%s%s%s", file, local->message,
                   unknown ? " (plugins from " : "", unknown ? dir : "",
                   unknown ? "; --plugin-dir DIR loads others)" : "");
      return FALSE;
    }
  g_clear_object (&check);

  Replay r = { 0 };
  r.view = view_new (record, base);
  g_autoptr (CtlWatch) watch = ctl_watch_new_offline (r.view, ctl->render, FALSE);
  r.watch = watch;
  ctl_outf ("replaying %s: %u players, %u moves\n", file, r.view->n_players, n_moves);
  g_autoptr (CarcGame) game = carc_record_replay (record, 0, on_event, &r, NULL, error);
  if (!game)
    return FALSE;
  view_sync (r.view, game);
  gboolean each = opts->board || stepping;
  if (each)
    ctl_watch_print_board (watch, FALSE, NULL, 0, NULL);
  guint done = 0;
  while (done < to)
    {
      if (stepping && !wait_for_enter ())
        break;
      const CarcMove *m = carc_record_get_move (record, done);
      g_autofree char *what = move_text (m);
      ctl_outf ("move %u/%u: %s\n", done + 1, n_moves, what);
      if (!carc_game_apply_move (game, m, error))
        return FALSE; /* checked above: not reached */
      done++;
      view_sync (r.view, game);
      /* the final board is drawn with the final scores */
      if (each && carc_game_get_phase (game) != CARC_PHASE_OVER)
        ctl_watch_print_board (watch, FALSE, NULL, 0, NULL);
    }
  if (carc_game_get_phase (game) != CARC_PHASE_OVER)
    {
      if (!each)
        ctl_watch_print_board (watch, FALSE, NULL, 0, NULL);
      ctl_outf ("after move %u of %u: turn %u, %u tiles left\n", done, n_moves, r.view->turn,
                r.view->tiles_left);
      print_scores (r.view, ctl->render);
    }
  /* the public hash: the one a daemon shows as StateHash */
  g_autofree char *hash = carc_game_get_public_hash (game);
  ctl_outf ("state hash: %s\n", hash);
  return TRUE;
}
