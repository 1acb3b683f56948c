/* halftiles.c: Halflings, the triangular half tiles (doc/rules.md section 3; decisions D5-D8, D13).
 *
 * The engine's board already knows half tiles: a cell holds one square tile or one or two
 * half tiles on the same diagonal; legs are tile edges, the long side meets only the long side
 * of the other half; a triangular gap leaves ports open (roads and cities into it stay
 * incomplete, fields end there); roads, cities and cloisters count occupied cells (D5); a
 * cloister is complete when its 8 neighbouring cells are occupied. This plugin brings the 24
 * half tiles (a documented stand-in set, D13), hands them out and adds the end-of-game rule:
 *
 * - setup (D8): each player gets `hand` half tiles (default 3) drawn face down; a symbol tile
 *   joins only when the game has the expansion its `needs=<expansion>` tag names (each symbol
 *   half carries one): the plugin knows no expansion by name. With `draft`, all of them
 *   lie face up and the players pick in turn, the last player first, counter-clockwise: the
 *   plugin's phase "draft" and its move "pick" (draft.c).
 * - a turn: instead of drawing, place a half tile from the hand (the engine's choose phase);
 *   a follower may go only on the half tile just placed (D7).
 * - end (D6): once the draw pile is empty, play goes on while the active player can place a
 *   half tile; the first player who can place nothing ends the game.
 * The symbols' own rules belong to their expansions (the hill's: plugins/hills). The `hill`
 * option is retired (doc/game-records.md): it must be off, and stays only so that records and
 * journals written with it still read.
 */
#include "config.h"

#include <carcassonne.h>
#include <string.h>
#include "draft.h"

static const char halftiles_tiles[] =
#include "plugins/halftiles/halftiles-tiles.h"
    ;

/* D8: a tile tagged `needs=<expansion>` joins only a game with that expansion. */
static gboolean
tile_wanted (CarcSetup *setup, const CarcTileType *t)
{
  const char *needs = carc_tile_type_get_tag (t, "needs");
  return !needs || carc_setup_has_expansion (setup, needs);
}

static gpointer
halftiles_setup (CarcSetup *setup, GError **error)
{
  CarcTileSet *tiles = carc_setup_get_tiles (setup);
  CarcGame *game = carc_setup_get_game (setup);
  guint n_players = carc_game_get_n_players (game);
  guint hand = carc_setup_get_option (setup, "hand");
  gboolean draft = carc_setup_get_option (setup, "draft");
  if (carc_setup_get_option (setup, "hill"))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "option hill is retired: the hill rule is an expansion of its own now");
      return NULL;
    }
  /* The pool in one allocation, sized by the set's tile count: setup runs for every game, and
   * growing a GPtrArray one tile at a time cost as much as the rest of it. */
  guint n_types = carc_tile_set_get_n_types (tiles), n = 0;
  g_autofree const CarcTileType **pool
      = g_new (const CarcTileType *, MAX (carc_tile_set_get_n_tiles (tiles), 1u));
  for (guint i = 0; i < n_types; i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
      if (!tile_wanted (setup, t))
        continue;
      for (guint k = carc_tile_type_get_count (t); k > 0; k--)
        pool[n++] = t;
    }
  if (draft)
    return halftiles_draft_new (setup, pool, n, hand);
  /* Deal face down: a shuffled pool, one at a time round the table. */
  for (guint i = n; i > 1; i--)
    {
      guint j = carc_setup_random (setup, i);
      const CarcTileType *tmp = pool[i - 1];
      pool[i - 1] = pool[j];
      pool[j] = tmp;
    }
  for (guint i = 0; i < MIN (n, hand * n_players); i++)
    carc_setup_give (setup, i % n_players, pool[i]);
  return NULL;
}

/* D6: after the last tile, the game goes on while the active player can place a half tile. */
static CarcEndVerdict
halftiles_end_turn (CarcGame *game, gpointer data, guint player)
{
  return carc_game_hand_can_place (game, player, CARC_SHAPE_HALF) ? CARC_END_REQUIRE
                                                                  : CARC_END_STOP;
}

static gboolean
halftiles_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = halftiles_setup,
                                   .free_data = halftiles_draft_free,
                                   .copy_data = halftiles_draft_copy,
                                   .end_turn = halftiles_end_turn,
                                   .digest = halftiles_draft_digest,
                                   .claim_phase = halftiles_draft_claim,
                                   /* the draft is held at the start alone */
                                   .claim_phase_points = 1u << CARC_PHASE_POINT_BEGIN };
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
                                      .description = "retired, must be off: the hill half "
                                                     "and its rules come with the hills expansion",
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
  carc_plugin_add_move (plugin, &halftiles_pick_move);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("halftiles", "Halflings: triangular half tiles placed instead of drawing",
                    VERSION, CARC_PLUGIN_PRIORITY_DEFAULT, halftiles_init, NULL)
