/* vineyards.c: the 8 vineyard tiles of Hills & Sheep (doc/rules.md section 5.2, decision D11).
 *
 * Setup adds them to the draw pile. When a cloister-like feature (a monastery or an abbey)
 * is completed during the game, its owners get 3 more points for every vineyard on the
 * pieces of its own cell and the 8 cells around it (a vineyard half tile may share the
 * monastery's cell). Incomplete ones get nothing for vineyards at the end. */
#include "config.h"

#include <carcassonne.h>

static const char vineyards_tiles[] =
#include "plugins/vineyards/vineyards-tiles.h"
    ;

static gpointer
vineyards_setup (CarcSetup *setup, GError **error)
{
  carc_setup_add_all_to_deck (setup);
  return NULL;
}

/* Vineyards on the pieces of the 3x3 cells centred on (x, y). */
static guint
vineyards_around (CarcGame *game, gint x, gint y)
{
  guint n = 0;
  for (gint dy = -1; dy <= 1; dy++)
    for (gint dx = -1; dx <= 1; dx++)
      {
        CarcPieceInfo pieces[2];
        guint k = carc_game_get_pieces_at (game, x + dx, y + dy, pieces);
        for (guint i = 0; i < k; i++)
          n += carc_tile_type_get_tag (pieces[i].tile, "vineyard") != NULL;
      }
  return n;
}

/* Stage ADJUST: a "vineyards" item, 3 points each, for every winner of a completed cloister
 * during the game. */
static void
vineyards_score_adjust (CarcGame *game, gpointer data, CarcScoring *scoring)
{
  if (scoring->kind != CARC_FEATURE_CLOISTER || scoring->final || !scoring->complete)
    return;
  guint n = vineyards_around (game, scoring->x, scoring->y);
  if (n)
    carc_scoring_add_item_to_winners (scoring, "vineyards", n, 3 * n);
}

static gboolean
vineyards_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = vineyards_setup,
                                   .score_adjust = vineyards_score_adjust };
  if (!carc_plugin_add_tiles (plugin, vineyards_tiles, -1, error))
    return FALSE;
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("vineyards",
                    "Hills & Sheep vineyards: +3 per vineyard by a completed monastery", VERSION,
                    CARC_PLUGIN_PRIORITY_DEFAULT, vineyards_init, NULL)
