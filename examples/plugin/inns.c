/* inns.c: an example expansion plugin, wayside inns (doc/plugin-guide.md walks through it).
 *
 * The rules, after the inns of Inns & Cathedrals (the placement rule is this example's own):
 *
 * - setup: the 4 inn tiles of inns.tiles join the draw pile (72 + 4 = 76 tiles).
 * - check_place: an inn stands by a road that is already there: an inn tile may only be
 *   placed where its inn's road continues a road on the board.
 * - placed: the plugin remembers every piece with an inn, in its per-game data.
 * - score_adjust: a complete road with at least one inn scores `bonus` points a tile
 *   (option, default 2) instead of 1: an "inn" item of (bonus - 1) a tile on top of the
 *   engine's "tiles".
 * - score_override: left incomplete at the end, a road with an inn scores nothing (option
 *   `penalty`, on by default): its items are replaced by one "inn" item of 0 points.
 *   Other roads score as always.
 *
 * Build: a libtool module, like the shipped plugins (examples/Makefile.inc). On its own,
 * against an installed libcarcassonne (the guide's "Building" section):
 *   sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$/\\n"/' inns.tiles > inns-tiles.h
 *   cc -shared -fPIC -I. -o inns.so inns.c $(pkg-config --cflags --libs carcassonne-1)
 */
#include <carcassonne.h>

/* The tile data, as a C string made from inns.tiles at build time. */
static const char inns_tiles[] =
#include "inns-tiles.h"
    ;

/* An inn on the board: the piece and the segment (a road) the inn stands by. */
typedef struct
{
  guint piece;
  guint segment;
} Inn;

/* Per-game data: what setup returns, every other hook receives as @data. */
typedef struct
{
  guint bonus;      /* option "bonus" */
  gboolean penalty; /* option "penalty" */
  GArray *inns;     /* Inn, in the order they were placed */
} InnsGame;

/* The road segment a tile's inn stands by (its `inn=<segment>` tag), or -1 for a tile with
 * no inn. Any tile may carry the tag, another expansion's too; one that names no road
 * segment has no inn. */
static gint
inn_segment (const CarcTileType *tile)
{
  const char *value = carc_tile_type_get_tag (tile, "inn");
  if (!value || !g_ascii_isdigit (value[0]))
    return -1;
  char *end;
  guint64 segment = g_ascii_strtoull (value, &end, 10);
  if (*end || segment >= carc_tile_type_get_n_segments (tile)
      || carc_tile_type_get_segment_kind (tile, (guint)segment) != CARC_FEATURE_ROAD)
    return -1;
  return (gint)segment;
}

static gpointer
inns_setup (CarcSetup *setup, GError **error)
{
  /* With an explicit tile order (tests, replays) this adds nothing: the order is the pile. */
  carc_setup_add_all_to_deck (setup);
  InnsGame *ig = g_new0 (InnsGame, 1);
  ig->bonus = carc_setup_get_option (setup, "bonus");
  ig->penalty = carc_setup_get_option (setup, "penalty") != 0;
  ig->inns = g_array_new (FALSE, FALSE, sizeof (Inn));
  return ig;
}

static void
inns_free_data (gpointer data)
{
  InnsGame *ig = data;
  g_array_unref (ig->inns);
  g_free (ig);
}

/* The edge the piece in the cell beyond side @side of (x, y) shows towards (x, y), or -1 if
 * no edge touches there (an empty cell, or the gap beside a half tile). */
static gint
edge_facing (CarcGame *game, gint x, gint y, guint side)
{
  static const gint dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
  CarcPieceInfo pieces[2];
  guint n = carc_game_get_pieces_at (game, x + dx[side], y + dy[side], pieces);
  for (guint i = 0; i < n; i++)
    {
      /* The neighbour's side that faces us, as it was before the piece was turned. */
      guint local = (side + 2 + 4 - pieces[i].rotation) % 4;
      if (carc_tile_type_get_shape (pieces[i].tile) == CARC_SHAPE_SQUARE || local <= 1)
        return (gint)carc_tile_type_get_edge (pieces[i].tile, local);
    }
  return -1;
}

/* Called for every placement the engine considers, of every tile: cheap, and no side
 * effects. The engine has already checked that the cell is free and every touching edge
 * matches; this hook only adds a refusal, so it never says ALLOW. */
static CarcPlaceVerdict
inns_check_place (CarcGame *game, gpointer data, const CarcTileType *tile, gint x, gint y,
                  guint rotation, const char **reason)
{
  gint segment = inn_segment (tile);
  if (segment < 0)
    return CARC_PLACE_DEFAULT;
  guint32 where = carc_tile_type_get_segment_location (tile, (guint)segment, rotation);
  for (guint side = 0; side < 4; side++)
    if ((where & CARC_LOC_SIDE (side)) && edge_facing (game, x, y, side) == CARC_EDGE_ROAD)
      return CARC_PLACE_DEFAULT;
  *reason = "an inn's road must continue a road already on the board";
  return CARC_PLACE_VETO;
}

static void
inns_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  InnsGame *ig = data;
  gint segment = inn_segment (info->tile);
  if (segment >= 0)
    {
      Inn inn = { info->index, (guint)segment };
      g_array_append_val (ig->inns, inn);
    }
}

/* TRUE if an inn stands by the road being scored: the feature of one of the inns' segments
 * is the feature of the segment @scoring names. */
static gboolean
road_has_inn (CarcGame *game, InnsGame *ig, const CarcScoring *scoring)
{
  CarcFeatureInfo road, other;
  if (!carc_game_get_piece_feature (game, scoring->piece, scoring->segment, &road))
    return FALSE;
  for (guint i = 0; i < ig->inns->len; i++)
    {
      const Inn *inn = &g_array_index (ig->inns, Inn, i);
      if (carc_game_get_piece_feature (game, inn->piece, inn->segment, &other)
          && other.id == road.id)
        return TRUE;
    }
  return FALSE;
}

/* Stage ADJUST: adds to the points, never replaces them: a complete road gets an "inn"
 * item of (bonus - 1) a tile on top of the engine's "tiles" and of whatever another
 * expansion adds, for every winner. */
static void
inns_score_adjust (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  InnsGame *ig = data;
  if (scoring->kind != CARC_FEATURE_ROAD || !scoring->complete || ig->bonus < 2
      || !road_has_inn (game, ig, scoring))
    return;
  carc_scoring_add_item_to_winners (scoring, "inn", 0, (ig->bonus - 1) * scoring->units);
}

/* Stage OVERRIDE: an incomplete road with an inn (only final scoring sees those) scores
 * nothing, whatever the engine and the ADJUST hooks of any expansion made of it: the
 * override stage runs after every adjust hook, so no priority is needed. The winners keep
 * one "inn" item of 0 points, so that a client can show why. */
static void
inns_score_override (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  InnsGame *ig = data;
  if (scoring->kind != CARC_FEATURE_ROAD || scoring->complete || !scoring->final || !ig->penalty
      || !road_has_inn (game, ig, scoring))
    return;
  carc_scoring_replace_items (scoring, "inn", 0, 0);
}

static gboolean
inns_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = inns_setup,
                                   .free_data = inns_free_data,
                                   .check_place = inns_check_place,
                                   .placed = inns_placed,
                                   .score_adjust = inns_score_adjust,
                                   .score_override = inns_score_override };
  static const CarcOptionDef bonus
      = { .name = "bonus",
          .type = CARC_OPTION_UINT,
          .description = "points a tile of a complete road with an inn",
          .default_value = 2,
          .min = 1,
          .max = 5 };
  static const CarcOptionDef penalty
      = { .name = "penalty",
          .type = CARC_OPTION_BOOLEAN,
          .description = "an incomplete road with an inn scores nothing",
          .default_value = 1,
          .min = 0,
          .max = 1 };
  if (!carc_plugin_add_tiles (plugin, inns_tiles, -1, error))
    return FALSE;
  /* Refuse to start on broken data rather than play a game without inns. */
  CarcTileSet *tiles = carc_plugin_get_tiles (plugin);
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      if (inn_segment (t) < 0)
        {
          g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN,
                       "inns.tiles: tile %s has no inn=<road segment> tag",
                       carc_tile_type_get_id (t));
          return FALSE;
        }
    }
  carc_plugin_add_option (plugin, &bonus);
  carc_plugin_add_option (plugin, &penalty);
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

/* The default priority: the scoring stages, not the hook order, give the penalty the last
 * word (inns_score_override()). */
CARC_PLUGIN_DEFINE ("inns", "Example: wayside inns, double points for a complete road", "1.0",
                    CARC_PLUGIN_PRIORITY_DEFAULT, inns_init, NULL)
