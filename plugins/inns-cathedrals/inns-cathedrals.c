/* inns-cathedrals.c: Inns & Cathedrals (doc/rules.md section 9; RULES-next.md section 2, D14-D17).
 *
 * Setup adds the expansion's 18 tiles to the draw pile (72 + 18 = 90 tiles); every player has
 * one large follower (figure kind "large-follower", D14): it stands wherever a follower may,
 * weighs 2 in every majority and scores like one follower, never double. Its inns and
 * cathedrals are segment attributes of the tile data (`R:...:inn`, `C:...:cathedral`,
 * doc/tile-data.md), read on every piece placed in the game, whichever expansion brought the
 * tile: Winter's fox tile marks its lake road `:inn` too, so with this expansion in play that
 * lake is an inn (D17), and without it nothing reads the attribute (D12).
 *
 * - A completed road with at least one inn scores 2 per tile (an "inn" item of 1 per tile on
 *   top of the engine's "tiles"); a completed city with at least one cathedral 3 per tile and
 *   3 per shield (a "cathedral" item of 1 per tile and shield on top of "tiles" and
 *   "shields"). Several inns or cathedrals in one feature do not stack (D15). A tile is a
 *   counting unit, so with half tiles an occupied cell (D5, D36); an abbey adds none.
 * - Incomplete at the end of the game, such a road or city scores 0: one "inn" or
 *   "cathedral" item of 0 points (D16), unless the option `final-zero` is off (the fork's
 *   `inn-and-cathedral-final-scoring=ignore`: it then scores as a plain incomplete feature).
 *
 * The item names and values are JCloisterZone's (tests/data/conformance/README.md, Part 2),
 * so the conformance tool compares our breakdowns with its. */
#include "config.h"

#include <carcassonne.h>

static const char ic_tiles[] =
#include "plugins/inns-cathedrals/inns-cathedrals-tiles.h"
    ;

/* A segment with an inn or a cathedral on a piece of the board. */
typedef struct
{
  guint piece;
  guint segment;
  CarcFeatureKind kind; /* CARC_FEATURE_ROAD: an inn; CARC_FEATURE_CITY: a cathedral */
} IcMark;

typedef struct
{
  gboolean final_zero; /* option "final-zero" (D16) */
  GArray *marks;       /* IcMark, in the order the pieces were placed */
} IcGame;

static gpointer
ic_setup (CarcSetup *setup, GError **error)
{
  /* With an explicit tile order (tests, replays) this adds nothing: the order is the pile. */
  carc_setup_add_all_to_deck (setup);
  IcGame *ic = g_new0 (IcGame, 1);
  ic->final_zero = carc_setup_get_option (setup, "final-zero") != 0;
  /* room for the inns and cathedrals of a whole game (about 10 marks): the list need not grow */
  ic->marks = g_array_sized_new (FALSE, FALSE, sizeof (IcMark), 16);
  return ic;
}

static void
ic_free_data (gpointer data)
{
  IcGame *ic = data;
  g_array_unref (ic->marks);
  g_free (ic);
}

/* A game copy's own data (carc_game_copy()): its own list of marks. */
static gpointer
ic_copy_data (CarcGame *copy, gconstpointer data)
{
  const IcGame *ic = data;
  IcGame *c = g_memdup2 (ic, sizeof *ic);
  c->marks = g_array_copy (ic->marks);
  return c;
}

/* The attribute that makes a segment of @kind special here: an inn on a road, a cathedral
 * in a city; NULL for the other kinds. */
static const char *
ic_attribute (CarcFeatureKind kind)
{
  switch (kind)
    {
      case CARC_FEATURE_ROAD:
        return "inn";
      case CARC_FEATURE_CITY:
        return "cathedral";
      default:
        return NULL;
    }
}

/* Remembers the inn roads and cathedral cities of every piece placed, of any expansion. */
static void
ic_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  IcGame *ic = data;
  /* the roads and cities with an attribute: most segments carry none, no lookup by name then */
  guint32 kinds = (1u << CARC_FEATURE_ROAD) | (1u << CARC_FEATURE_CITY);
  for (guint32 m = carc_tile_type_get_segments (info->tile, kinds, TRUE); m; m &= m - 1)
    {
      guint s = (guint)__builtin_ctz (m);
      CarcFeatureKind kind = carc_tile_type_get_segment_kind (info->tile, s);
      if (carc_tile_type_get_segment_attribute (info->tile, s, ic_attribute (kind)))
        {
          IcMark mark = { info->index, s, kind };
          g_array_append_val (ic->marks, mark);
        }
    }
}

/* Whether the feature being scored holds an inn (a road) or a cathedral (a city): one of the
 * marked segments of its kind belongs to it. */
static gboolean
ic_marked (CarcGame *game, const IcGame *ic, const CarcScoring *scoring)
{
  if (!ic_attribute (scoring->kind))
    return FALSE;
  guint id = carc_game_get_piece_feature_id (game, scoring->piece, scoring->segment);
  if (id == G_MAXUINT)
    return FALSE;
  for (guint i = 0; i < ic->marks->len; i++)
    {
      const IcMark *m = &g_array_index (ic->marks, IcMark, i);
      if (m->kind == scoring->kind
          && carc_game_get_piece_feature_id (game, m->piece, m->segment) == id)
        return TRUE;
    }
  return FALSE;
}

/* Stage ADJUST (D15): a completed inn road 2 per tile, a completed cathedral city 3 per tile
 * and shield; the engine's items already give 1 per road tile and 2 per city tile and shield,
 * this adds the rest as one item with no count, as JCZ does. */
static void
ic_score_adjust (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  IcGame *ic = data;
  if (!scoring->complete || !ic_marked (game, ic, scoring))
    return;
  if (scoring->kind == CARC_FEATURE_ROAD)
    carc_scoring_add_item_to_winners (scoring, "inn", 0, scoring->units);
  else
    carc_scoring_add_item_to_winners (scoring, "cathedral", 0, scoring->units + scoring->shields);
}

/* Stage OVERRIDE (D16): an inn road or cathedral city left incomplete at the end scores 0,
 * whatever the engine and any expansion's adjust hook made of it. */
static void
ic_score_override (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  IcGame *ic = data;
  if (!ic->final_zero || scoring->complete || !scoring->final || !ic_marked (game, ic, scoring))
    return;
  carc_scoring_replace_items (scoring, ic_attribute (scoring->kind), 0, 0);
}

static gboolean
ic_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = ic_setup,
                                   .free_data = ic_free_data,
                                   .copy_data = ic_copy_data,
                                   .placed = ic_placed,
                                   .score_adjust = ic_score_adjust,
                                   .score_override = ic_score_override };
  static const CarcFigureDef large
      = { .name = "large-follower", .supply = 1, .stands = CARC_STANDS_ANYWHERE, .strength = 2 };
  static const CarcOptionDef final_zero
      = { .name = "final-zero",
          .type = CARC_OPTION_BOOLEAN,
          .description = "an inn road or cathedral city incomplete at the end scores 0 (D16)",
          .default_value = 1,
          .min = 0,
          .max = 1 };
  if (!carc_plugin_add_tiles (plugin, ic_tiles, -1, error))
    return FALSE;
  carc_plugin_add_figure (plugin, &large);
  carc_plugin_add_option (plugin, &final_zero);
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("inns-cathedrals",
                    "Inns & Cathedrals: inns, cathedrals, the large follower and 18 tiles", VERSION,
                    CARC_PLUGIN_PRIORITY_DEFAULT, ic_init, NULL)
