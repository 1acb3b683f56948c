/* halftiles.c: Halflings, the triangular half tiles (doc/rules.md section 3; decisions D5-D8, D13).
 *
 * The engine's board already knows half tiles: a cell holds one square tile or one or two
 * half tiles on the same diagonal; legs are tile edges, the long side meets only the long side
 * of the other half; a triangular gap leaves ports open (roads and cities into it stay
 * incomplete, fields end there); roads, cities and cloisters count occupied cells (D5); a
 * cloister is complete when its 8 neighbouring cells are occupied. This plugin brings the 24
 * half tiles (a documented stand-in set, D13), hands them out and adds the end-of-game rule:
 *
 * - setup (D8): each player gets `hand` half tiles (default 3) drawn face down from those
 *   without expansion symbols; the vineyard half joins when `vineyards` is on, the hill half
 *   with the `hill` option. With `draft`, all of them lie face up and the players pick in
 *   turn, the last player first, counter-clockwise.
 * - a turn: instead of drawing, place a half tile from the hand (the engine's choose phase);
 *   a follower may go only on the half tile just placed (D7).
 * - end (D6): once the draw pile is empty, play goes on while the active player can place a
 *   half tile; the first player who can place nothing ends the game.
 * - hill (option, doc/rules.md section 3.7): placing the hill half buries the next tile of the
 *   draw pile under it; in a tie, a player with a follower in the feature in the hill's cell wins.
 */
#include "config.h"

#include <carcassonne.h>
#include <string.h>

static const char halftiles_tiles[] =
#include "plugins/halftiles/halftiles-tiles.h"
    ;

/* Symbol tiles (D8) and when they join. */
static const char *const symbols[] = { "vineyard", "hill", "sheep", "crop_circle" };

typedef struct
{
  gboolean hill;
} HalfGame;

static gboolean
symbol_wanted (CarcSetup *setup, const CarcTileType *t, gboolean *is_symbol)
{
  *is_symbol = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (symbols); i++)
    if (carc_tile_type_get_tag (t, symbols[i]))
      {
        *is_symbol = TRUE;
        if (i == 0)
          return carc_setup_has_expansion (setup, "vineyards");
        if (i == 1)
          return carc_setup_get_option (setup, "hill") != 0;
        return FALSE; /* sheep need Hills & Sheep's flocks; crop circles are not implemented */
      }
  return TRUE;
}

static gpointer
halftiles_setup (CarcSetup *setup, GError **error)
{
  CarcTileSet *tiles = carc_setup_get_tiles (setup);
  CarcGame *game = carc_setup_get_game (setup);
  guint n_players = carc_game_get_n_players (game);
  guint hand = carc_setup_get_option (setup, "hand");
  gboolean draft = carc_setup_get_option (setup, "draft");
  g_autoptr (GPtrArray) pool = g_ptr_array_new ();
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      gboolean symbol;
      if (!symbol_wanted (setup, t, &symbol))
        continue;
      for (guint k = 0; k < carc_tile_type_get_count (t); k++)
        g_ptr_array_add (pool, (gpointer)t);
    }
  if (draft)
    {
      for (guint i = 0; i < pool->len; i++)
        carc_setup_add_to_pool (setup, g_ptr_array_index (pool, i));
      carc_setup_set_draft (setup, hand);
    }
  else
    {
      /* Deal face down: a shuffled pool, one at a time round the table. */
      for (guint i = pool->len; i > 1; i--)
        {
          guint j = carc_setup_random (setup, i);
          gpointer tmp = pool->pdata[i - 1];
          pool->pdata[i - 1] = pool->pdata[j];
          pool->pdata[j] = tmp;
        }
      for (guint i = 0; i < MIN (pool->len, hand * n_players); i++)
        carc_setup_give (setup, i % n_players, g_ptr_array_index (pool, i));
    }
  HalfGame *hg = g_new0 (HalfGame, 1);
  hg->hill = carc_setup_get_option (setup, "hill") != 0;
  return hg;
}

/* D6: after the last tile, the game goes on while the active player can place a half tile. */
static CarcEndVerdict
halftiles_end_turn (CarcGame *game, gpointer data, guint player)
{
  return carc_game_hand_can_place (game, player, CARC_SHAPE_HALF) ? CARC_END_REQUIRE
                                                                  : CARC_END_STOP;
}

static void
halftiles_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  HalfGame *hg = data;
  if (hg->hill && carc_tile_type_get_tag (info->tile, "hill"))
    carc_game_bury_next_tile (game);
}

static gboolean
cell_has_hill (CarcGame *game, gint x, gint y)
{
  CarcPieceInfo pieces[2];
  guint n = carc_game_get_pieces_at (game, x, y, pieces);
  for (guint i = 0; i < n; i++)
    if (carc_tile_type_get_tag (pieces[i].tile, "hill"))
      return TRUE;
  return FALSE;
}

/* Hill tie-break (doc/rules.md section 3.7 item 2): tied players with a follower of the feature in
 * a cell with the hill win the tie. */
static guint
halftiles_tie_break (CarcGame *game, gpointer data, const CarcScoring *scoring, guint winners)
{
  HalfGame *hg = data;
  if (!hg->hill)
    return winners;
  CarcFeatureInfo scored;
  if (!carc_game_get_piece_feature (game, scoring->piece, scoring->segment, &scored))
    return winners;
  guint on_hill = 0;
  for (guint i = 0; i < carc_game_get_n_followers (game); i++)
    {
      CarcFollowerInfo fw;
      CarcFeatureInfo feature;
      if (!carc_game_get_follower (game, i, &fw) || !((winners >> fw.player) & 1))
        continue;
      if (carc_game_get_piece_feature (game, fw.piece, fw.segment, &feature)
          && feature.id == scored.id && cell_has_hill (game, fw.x, fw.y))
        on_hill |= 1u << fw.player;
    }
  return on_hill ? on_hill : winners;
}

static gboolean
halftiles_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = halftiles_setup,
                                   .free_data = g_free,
                                   .placed = halftiles_placed,
                                   .tie_break = halftiles_tie_break,
                                   .end_turn = halftiles_end_turn };
  static const CarcOptionDef hand = { .name = "hand",
                                      .type = CARC_OPTION_UINT,
                                      .description = "half tiles each player gets",
                                      .default_value = 3,
                                      .min = 1,
                                      .max = 8 };
  static const CarcOptionDef draft = { .name = "draft",
                                       .type = CARC_OPTION_BOOLEAN,
                                       .description = "open draft: pick face-up half tiles in turn",
                                       .default_value = 0,
                                       .min = 0,
                                       .max = 1 };
  static const CarcOptionDef hill = { .name = "hill",
                                      .type = CARC_OPTION_BOOLEAN,
                                      .description = "include the hill half tile and its rules",
                                      .default_value = 0,
                                      .min = 0,
                                      .max = 1 };
  if (!carc_plugin_add_tiles (plugin, halftiles_tiles, -1, error))
    return FALSE;
  CarcTileSet *tiles = carc_plugin_get_tiles (plugin);
  for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
    if (carc_tile_type_get_shape (carc_tile_set_get_type_at (tiles, i)) != CARC_SHAPE_HALF)
      {
        g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "halftiles.tiles: %s is not a half tile",
                     carc_tile_type_get_id (carc_tile_set_get_type_at (tiles, i)));
        return FALSE;
      }
  carc_plugin_add_option (plugin, &hand);
  carc_plugin_add_option (plugin, &draft);
  carc_plugin_add_option (plugin, &hill);
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("halftiles", "Halflings: triangular half tiles placed instead of drawing",
                    VERSION, CARC_PLUGIN_PRIORITY_DEFAULT, halftiles_init, NULL)
