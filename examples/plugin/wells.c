/* wells.c: an example expansion plugin, village wells (doc/plugin-guide.md walks through it).
 *
 * The rules, an invented expansion that shows one of each thing a plugin can bring:
 *
 * - tile data: the 4 tiles of wells.tiles join the draw pile (72 + 4 = 76 tiles). Each has
 *   a well, the segment attribute `:well` on a road or a city segment.
 * - a figure: the bucket, 1 per player, stands on roads and cities only, and counts 2 in a
 *   majority (a follower counts 1).
 * - a move in a phase of its own: after a turn in which a player placed a tile with a well,
 *   that player holds the "well" phase and either draws water from it ("draw-water") or
 *   lets it be ("leave-well").
 * - a scoring hook: a feature completed with drawn wells in it scores `bonus` points
 *   (option, default 2) more for each, as a "wells" item of its own.
 * - per-game data with a digest: which wells were drawn, and the well waiting for the
 *   phase, go into the game's state hashes.
 *
 * Build: a libtool module, like the shipped plugins (examples/Makefile.inc). On its own,
 * against an installed libcarcassonne (the guide's "Building" section):
 *   sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$/\\n"/' wells.tiles > wells-tiles.h
 *   cc -shared -fPIC -I. -o wells.so wells.c $(pkg-config --cflags --libs carcassonne-1)
 */
#include <carcassonne.h>
#include <string.h>

/* The tile data, as a C string made from wells.tiles at build time. */
static const char wells_tiles[] =
#include "wells-tiles.h"
    ;

/* A well on the board: the piece and the segment that carries the `well` attribute. */
typedef struct
{
  guint piece;
  guint segment;
} Well;

/* Per-game data: what setup returns, every other hook receives as @data. */
typedef struct
{
  guint bonus;      /* option "bonus" */
  gboolean waiting; /* a well was placed this turn: the "well" phase comes */
  Well placed;      /* that well */
  GArray *drawn;    /* Well: the wells drawn from, in order */
} WellsGame;

/* The segment of @tile with a well, or -1. Any tile may carry one, another expansion's too. */
static gint
well_segment (const CarcTileType *tile)
{
  for (guint s = 0; s < carc_tile_type_get_n_segments (tile); s++)
    if (carc_tile_type_get_segment_attribute (tile, s, "well"))
      return (gint)s;
  return -1;
}

static gpointer
wells_setup (CarcSetup *setup, GError **error)
{
  /* With an explicit tile order (tests, replays) this adds nothing: the order is the pile. */
  carc_setup_add_all_to_deck (setup);
  WellsGame *wg = g_new0 (WellsGame, 1);
  wg->bonus = carc_setup_get_option (setup, "bonus");
  wg->drawn = g_array_new (FALSE, FALSE, sizeof (Well));
  return wg;
}

/* A copy of the game (carc_game_copy(), for search) gets a copy of the data, its own. */
static gpointer
wells_copy_data (CarcGame *copy, gconstpointer data)
{
  const WellsGame *wg = data;
  WellsGame *c = g_memdup2 (wg, sizeof *wg);
  c->drawn = g_array_copy (wg->drawn);
  return c;
}

static void
wells_free_data (gpointer data)
{
  WellsGame *wg = data;
  g_array_unref (wg->drawn);
  g_free (wg);
}

/* A piece with a well was placed: its phase comes once the turn is scored. */
static void
wells_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  WellsGame *wg = data;
  gint segment = well_segment (info->tile);
  if (segment < 0)
    return;
  wg->waiting = TRUE;
  wg->placed = (Well){ info->index, (guint)segment };
}

/* After a turn with a new well, its player holds the "well" phase. */
static const char *
wells_claim_phase (CarcGame *game, gpointer data, CarcPhasePoint point)
{
  WellsGame *wg = data;
  return point == CARC_PHASE_POINT_TURN_END && wg->waiting ? "well" : NULL;
}

static gboolean
in_well_phase (CarcGame *game)
{
  const char *owner = carc_game_get_phase_owner (game);
  return owner && strcmp (owner, "wells") == 0;
}

static void
list_draw_water (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  if (in_well_phase (game))
    carc_move_list_add (moves, &(CarcMove){ .name = "draw-water" });
}

static void
list_leave_well (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  if (in_well_phase (game))
    carc_move_list_add (moves, &(CarcMove){ .name = "leave-well" });
}

/* Both moves end the phase; draw-water also marks the well drawn. Outside the phase they
 * are refused, and nothing changes. */
static gboolean
apply_well_move (CarcGame *game, gpointer data, const CarcMove *move, GError **error)
{
  WellsGame *wg = data;
  if (!in_well_phase (game))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE,
                   "water is drawn only right after placing a well");
      return FALSE;
    }
  if (strcmp (move->name, "draw-water") == 0)
    g_array_append_val (wg->drawn, wg->placed);
  wg->waiting = FALSE;
  carc_game_end_phase (game);
  return TRUE;
}

/* Stage ADJUST: a complete feature gets a "wells" item for the drawn wells in it, for every
 * winner, on top of the engine's items and of whatever another expansion adds. */
static void
wells_score_adjust (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  WellsGame *wg = data;
  CarcFeatureInfo feature, other;
  if (!scoring->complete
      || !carc_game_get_piece_feature (game, scoring->piece, scoring->segment, &feature))
    return;
  guint n = 0;
  for (guint i = 0; i < wg->drawn->len; i++)
    {
      const Well *w = &g_array_index (wg->drawn, Well, i);
      if (carc_game_get_piece_feature (game, w->piece, w->segment, &other)
          && other.id == feature.id)
        n++;
    }
  if (n > 0)
    carc_scoring_add_item_to_winners (scoring, "wells", n, n * wg->bonus);
}

/* The state hashes: the well waiting for its phase and the wells drawn decide the game's
 * future, and the board does not show them. Every player knows them, so the public hash gets
 * the same bytes. Nothing at all while no well waits and none was drawn, as at the start. */
static void
wells_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes)
{
  WellsGame *wg = data;
  if (!wg->waiting && wg->drawn->len == 0)
    return;
  carc_digest_add_u32 (bytes, wg->waiting ? wg->placed.piece + 1 : 0);
  for (guint i = 0; i < wg->drawn->len; i++)
    carc_digest_add_u32 (bytes, g_array_index (wg->drawn, Well, i).piece);
}

static gboolean
wells_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = wells_setup,
                                   .free_data = wells_free_data,
                                   .copy_data = wells_copy_data,
                                   .placed = wells_placed,
                                   .score_adjust = wells_score_adjust,
                                   .digest = wells_digest,
                                   .claim_phase = wells_claim_phase };
  static const CarcFigureDef bucket
      = { .name = "bucket",
          .supply = 1,
          .stands = CARC_STANDS_ON (CARC_FEATURE_ROAD) | CARC_STANDS_ON (CARC_FEATURE_CITY),
          .strength = 2 };
  static const CarcMoveDef draw_water
      = { .name = "draw-water", .list = list_draw_water, .apply = apply_well_move };
  static const CarcMoveDef leave_well
      = { .name = "leave-well", .list = list_leave_well, .apply = apply_well_move };
  static const CarcOptionDef bonus = { .name = "bonus",
                                       .type = CARC_OPTION_UINT,
                                       .description = "points a drawn well adds to its feature",
                                       .default_value = 2,
                                       .min = 1,
                                       .max = 5 };
  if (!carc_plugin_add_tiles (plugin, wells_tiles, -1, error))
    return FALSE;
  /* Refuse to start on broken data rather than play a game without wells. */
  CarcTileSet *tiles = carc_plugin_get_tiles (plugin);
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    if (well_segment (carc_tile_set_get_type_at (tiles, i)) < 0)
      {
        g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "wells.tiles: tile %s has no well",
                     carc_tile_type_get_id (carc_tile_set_get_type_at (tiles, i)));
        return FALSE;
      }
  carc_plugin_set_hooks (plugin, &hooks);
  carc_plugin_add_figure (plugin, &bucket);
  carc_plugin_add_move (plugin, &draw_water);
  carc_plugin_add_move (plugin, &leave_well);
  carc_plugin_add_option (plugin, &bonus);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("wells", "Example: village wells, a bucket and water drawn for points", "1.0",
                    CARC_PLUGIN_PRIORITY_DEFAULT, wells_init, NULL)
