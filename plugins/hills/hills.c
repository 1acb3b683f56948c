/* hills.c: the hill rule of Hills & Sheep (doc/rules.md section 3.7 item 2 and section 5.4).
 *
 * The plugin brings no tiles: its rule applies to every piece tagged `hill` that a game's
 * other expansions bring (today the hill half tile of halftiles, which joins the half tiles
 * only in a game with this expansion: its tag `needs=hills`).
 *
 * - placing a hill piece buries the next tile of the draw pile under it (out of the game);
 * - in a tie for a feature, the tied players with a follower of that feature in a cell that
 *   holds a hill piece win the tie alone (if there are any).
 */
#include "config.h"

#include <carcassonne.h>

static void
hills_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  if (carc_tile_type_get_tag (info->tile, "hill"))
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

/* Hill tie-break: tied players with a follower of the feature in a cell with a hill win. */
static guint
hills_tie_break (CarcGame *game, gpointer data, const CarcScoring *scoring, guint winners)
{
  guint scored = carc_game_get_piece_feature_id (game, scoring->piece, scoring->segment);
  if (scored == G_MAXUINT)
    return winners;
  guint on_hill = 0;
  for (guint i = 0; i < carc_game_get_n_followers (game); i++)
    {
      CarcFollowerInfo fw;
      if (!carc_game_get_follower (game, i, &fw) || !((winners >> fw.player) & 1))
        continue;
      if (carc_game_get_piece_feature_id (game, fw.piece, fw.segment) == scored
          && cell_has_hill (game, fw.x, fw.y))
        on_hill |= 1u << fw.player;
    }
  return on_hill ? on_hill : winners;
}

static gboolean
hills_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks
      = { .size = sizeof (CarcHooks), .placed = hills_placed, .tie_break = hills_tie_break };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("hills", "Hills & Sheep hills: a hill buries a tile and wins ties", VERSION,
                    CARC_PLUGIN_PRIORITY_DEFAULT, hills_init, NULL)
