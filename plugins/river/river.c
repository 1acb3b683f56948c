/* river.c: The River, River I and River II (doc/rules.md section 12; RULES-next.md section 5,
 * decisions D29-D35).
 *
 * - The spring RI-s is the start tile, at (0, 0) rotation 0, its river flowing east; the tile
 *   set's own start tile goes into the land tiles, or out of the game with the option
 *   `start-in-pile` off (D29).
 * - The river tiles are drawn before every land tile: River II's fork first, then the other
 *   river tiles shuffled (River II's city end among them), the lake last (D30), through the
 *   draw pile's sections (carc_setup_add_to_deck_section()). The option `set` chooses River I
 *   (1), River II (2) or both (3: one spring, River I's lake left out, 22 river tiles, D33).
 * - A river tile must continue the river and may not turn back on itself (D31, JCZ's test):
 *   some river edge of it faces a placed tile (the engine makes water meet only water), and
 *   for each river edge facing an empty cell C in direction d, the cells beside C, the cell
 *   beyond C and the two beside that one are all empty. A tile that fits nowhere is discarded
 *   by the engine, and the next one drawn (D32).
 * - No piece from a hand (a half tile, an abbey) while river tiles are still to be drawn
 *   (D36; carc_setup_set_draw_first()): the river is laid first.
 * - The rest is tile data: no figure stands on water (the engine), the fields wrap round the
 *   spring and the lake (D35), River II's bridge road is an inn road for Inns & Cathedrals
 *   (D34). River II's pig herd and volcano do nothing here (no plugin plays them yet). */
#include "config.h"

#include <string.h>
#include <carcassonne.h>

static const char river_tiles[] =
#include "plugins/river/river-tiles.h"
    ;

/* The option `set`: which rivers are in the game. */
enum
{
  RIVER_SET_ONE = 1,
  RIVER_SET_TWO = 2,
  RIVER_SET_BOTH = 3,
};

/* Sections of the draw pile (D30): the land tiles are in section 0. */
enum
{
  SECTION_FORK = -3,
  SECTION_COURSE = -2,
  SECTION_LAKE = -1,
};

static const gint river_dx[4] = { 0, 1, 0, -1 }, river_dy[4] = { -1, 0, 1, 0 }; /* N, E, S, W */

/* A game's river data: the river edges (bit s for side s, canonical orientation) of the last
 * tile asked about, since a listing asks about one tile many times. */
typedef struct
{
  const CarcTileType *tile;
  guint water;
} RiverData;

/* Which river set (1 or 2) the tile belongs to, by its id; 0 for the shared spring. */
static guint
river_set_of (const CarcTileType *tile)
{
  const char *id = carc_tile_type_get_id (tile);
  if (g_str_has_prefix (id, "RI.1-"))
    return 1;
  if (g_str_has_prefix (id, "RI.2-"))
    return 2;
  return 0;
}

/* The draw-pile section of @tile (a river tile of a chosen set) in a game of rivers @set,
 * or 0 when it stays out of the game (the spring: the start tile; River I's lake with both
 * rivers, D33). */
static gint
river_section (const CarcTileType *tile, guint set)
{
  const char *role = carc_tile_type_get_tag (tile, "river");
  if (!role || strcmp (role, "spring") == 0)
    return 0;
  if (strcmp (role, "fork") == 0)
    return SECTION_FORK;
  if (strcmp (role, "lake") == 0)
    return set == RIVER_SET_BOTH && river_set_of (tile) == 1 ? 0 : SECTION_LAKE;
  return SECTION_COURSE;
}

static gpointer
river_setup (CarcSetup *setup, GError **error)
{
  CarcTileSet *tiles = carc_setup_get_tiles (setup);
  guint set = carc_setup_get_option (setup, "set");
  const CarcTileType *spring = carc_tile_set_lookup (tiles, "RI-s");
  carc_setup_set_start_tile (setup, spring, carc_setup_get_option (setup, "start-in-pile") != 0);
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      gint section = river_section (t, set);
      if (section != 0 && (river_set_of (t) & set))
        carc_setup_add_to_deck_section (setup, t, carc_tile_type_get_count (t), section);
    }
  carc_setup_set_draw_first (setup, 0); /* D36: no piece from a hand during the river */
  return g_new0 (RiverData, 1);
}

static gpointer
river_copy_data (CarcGame *copy, gconstpointer data)
{
  return g_memdup2 (data, sizeof (RiverData));
}

/* The river edges of @tile (bit s for side s, canonical orientation), remembered in @rd. */
static guint
river_water (RiverData *rd, const CarcTileType *tile)
{
  if (rd->tile != tile)
    {
      rd->water = 0;
      for (guint side = 0; side < carc_tile_type_get_n_sides (tile); side++)
        if (carc_tile_type_get_edge (tile, side) == CARC_EDGE_WATER)
          rd->water |= 1u << side;
      rd->tile = tile;
    }
  return rd->water;
}

/* Whether the river leaving (x, y) towards side @d finds room: the cell C it flows into is
 * empty (the caller checked), and so are the cells beside C, the cell beyond C and the two
 * beside that one (D31). */
static gboolean
river_end_free (CarcGame *game, gint x, gint y, guint d)
{
  guint left = (d + 3) & 3, right = (d + 1) & 3;
  gint cx = x + river_dx[d], cy = y + river_dy[d];
  gint fx = cx + river_dx[d], fy = cy + river_dy[d];
  return !carc_game_is_occupied (game, cx + river_dx[left], cy + river_dy[left])
         && !carc_game_is_occupied (game, cx + river_dx[right], cy + river_dy[right])
         && !carc_game_is_occupied (game, fx, fy)
         && !carc_game_is_occupied (game, fx + river_dx[left], fy + river_dy[left])
         && !carc_game_is_occupied (game, fx + river_dx[right], fy + river_dy[right]);
}

/* D31: a river tile continues the river and leaves its open ends room. Asked only about
 * tiles tagged "river"; the engine has already matched the edges (water meets only water). */
static CarcPlaceVerdict
river_check_place (CarcGame *game, gpointer data, const CarcTileType *tile, gint x, gint y,
                   guint rotation, const char **reason)
{
  gboolean joined = FALSE;
  /* the river edges as the board sees them: canonical side s lies at board side s + rotation */
  guint water = river_water (data, tile) << (rotation & 3);
  for (water = (water | (water >> 4)) & 15; water; water &= water - 1)
    {
      guint side = (guint)__builtin_ctz (water);
      if (carc_game_is_occupied (game, x + river_dx[side], y + river_dy[side]))
        joined = TRUE;
      else if (!river_end_free (game, x, y, side))
        {
          *reason = "the river may not turn back towards itself (no U-turn)";
          return CARC_PLACE_VETO;
        }
    }
  if (!joined)
    {
      *reason = "a river tile must continue the river";
      return CARC_PLACE_VETO;
    }
  return CARC_PLACE_DEFAULT;
}

static gboolean
river_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = river_setup,
                                   .free_data = g_free,
                                   .copy_data = river_copy_data,
                                   .check_place = river_check_place,
                                   .check_place_tag = "river" };
  static const CarcOptionDef set
      = { .name = "set",
          .type = CARC_OPTION_UINT,
          .description = "the rivers: 1 River I, 2 River II, 3 both (D33)",
          .default_value = RIVER_SET_ONE,
          .min = RIVER_SET_ONE,
          .max = RIVER_SET_BOTH };
  static const CarcOptionDef start_in_pile
      = { .name = "start-in-pile",
          .type = CARC_OPTION_BOOLEAN,
          .description = "the base start tile goes into the land tiles; off: out of the game (D29)",
          .default_value = 1,
          .min = 0,
          .max = 1 };
  if (!carc_plugin_add_tiles (plugin, river_tiles, -1, error))
    return FALSE;
  const CarcTileType *spring = carc_tile_set_lookup (carc_plugin_get_tiles (plugin), "RI-s");
  if (!spring || carc_tile_type_get_shape (spring) != CARC_SHAPE_SQUARE)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "river.tiles has no square tile 'RI-s'");
      return FALSE;
    }
  carc_plugin_add_option (plugin, &set);
  carc_plugin_add_option (plugin, &start_in_pile);
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("river", "The River I and II: the spring starts, river tiles first", VERSION,
                    CARC_PLUGIN_PRIORITY_DEFAULT, river_init, NULL)
