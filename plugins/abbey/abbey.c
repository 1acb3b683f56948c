/* abbey.c: the abbey of Abbey & Mayor (doc/rules.md section 4, decisions D9 and D10).
 *
 * Setup hands each player one abbey. On a turn, instead of drawing, a player may place it
 * into a hole: an empty cell whose 4 neighbouring cells are all occupied (with half tiles, a
 * cell holding one half counts, even when its triangular gap faces the hole). Its wall edges
 * (abbey.tiles) fit anything and close every road and city they meet, so several features may
 * complete at once; it adds no tile to them and has no field. A monk may go on it; it scores
 * as a cloister. After the last tile, each player still holding an abbey may place it once,
 * in turn order from the player after the one who placed the last tile. */
#include "config.h"

#include <carcassonne.h>

static const char abbey_tiles[] =
#include "plugins/abbey/abbey-tiles.h"
    ;

typedef struct
{
  const CarcTileType *abbey;
  guint asked; /* players the end-of-game round has come to (bit p) */
} AbbeyGame;

static gpointer
abbey_setup (CarcSetup *setup, GError **error)
{
  const CarcTileType *abbey = carc_tile_set_lookup (carc_setup_get_tiles (setup), "abbey");
  CarcGame *game = carc_setup_get_game (setup);
  for (guint p = 0; p < carc_game_get_n_players (game); p++)
    carc_setup_give (setup, p, abbey);
  AbbeyGame *ag = g_new0 (AbbeyGame, 1);
  ag->abbey = abbey;
  return ag;
}

static CarcPlaceVerdict
abbey_check_place (CarcGame *game, gpointer data, const CarcTileType *tile, gint x, gint y,
                   guint rotation, const char **reason)
{
  AbbeyGame *ag = data;
  if (tile != ag->abbey)
    return CARC_PLACE_DEFAULT;
  for (guint s = 0; s < 4; s++)
    {
      static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
      if (!carc_game_is_occupied (game, x + dx[s], y + dy[s]))
        {
          *reason = "an abbey goes only into a hole, an empty cell with 4 occupied neighbours";
          return CARC_PLACE_VETO;
        }
    }
  return CARC_PLACE_ALLOW;
}

/* Whether a player the abbey round has not come to yet holds an abbey that fits now. */
static gboolean
abbey_owed (CarcGame *game, const AbbeyGame *ag)
{
  for (guint p = 0; p < carc_game_get_n_players (game); p++)
    if (!(ag->asked & (1u << p)) && carc_game_hand_can_place (game, p, CARC_SHAPE_SQUARE))
      return TRUE;
  return FALSE;
}

/* The end-of-game abbey round (D10): one turn for each player holding an abbey with a hole to
 * put it in, once round the table. A player with no abbey to place is skipped only while a
 * later player of the round still has one (doc/rules.md, "D6 with D10"): SKIP keeps the game
 * going whatever the other expansions say, so it is answered only when the abbey round owes
 * someone a turn; otherwise STOP, and D6 (or the end of the round) ends the game. */
static CarcEndVerdict
abbey_end_turn (CarcGame *game, gpointer data, guint player)
{
  AbbeyGame *ag = data;
  if (ag->asked & (1u << player))
    return CARC_END_STOP;
  ag->asked |= 1u << player;
  if (carc_game_hand_can_place (game, player, CARC_SHAPE_SQUARE))
    return CARC_END_OFFER;
  return abbey_owed (game, ag) ? CARC_END_SKIP : CARC_END_STOP;
}

/* The players the final round has reached (public: who may still place an abbey), little-endian;
 * nothing before that round, or once the game is over (no future depends on it), so the hashes
 * of those states are what they were before plugins digested their state. */
static void
abbey_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes)
{
  const AbbeyGame *ag = data;
  if (ag->asked == 0 || carc_game_get_phase (game) == CARC_PHASE_OVER)
    return;
  carc_digest_add_u32 (bytes, ag->asked);
}

/* A game copy's own data (carc_game_copy()). */
static gpointer
abbey_copy_data (CarcGame *copy, gconstpointer data)
{
  return g_memdup2 (data, sizeof (AbbeyGame));
}

static gboolean
abbey_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = abbey_setup,
                                   .free_data = g_free,
                                   .copy_data = abbey_copy_data,
                                   .check_place = abbey_check_place,
                                   .end_turn = abbey_end_turn,
                                   .digest = abbey_digest,
                                   .check_place_tag = "abbey",
                                   .check_place_near = 4 };
  if (!carc_plugin_add_tiles (plugin, abbey_tiles, -1, error))
    return FALSE;
  if (!carc_tile_set_lookup (carc_plugin_get_tiles (plugin), "abbey"))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "abbey.tiles has no tile 'abbey'");
      return FALSE;
    }
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("abbey", "Abbey & Mayor abbeys: fill a hole instead of drawing", VERSION,
                    CARC_PLUGIN_PRIORITY_DEFAULT, abbey_init, NULL)
