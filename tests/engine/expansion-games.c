/* expansion-games.c: whole games with every shipped expansion plugin and the invariants
 * checked after every move; the moves come from a caller's function (the random player in
 * test-expansions-random, the bots in test-bots). What is checked:
 *
 * - tiles are conserved: pieces on the board + discarded + buried under hills + left in the
 *   draw pile + in play + in hands + in the draft pool (read from the move list: its picks) =
 *   what the game started with (less what the draft leaves in the box);
 * - figures are conserved: the supplies of every kind + on the board = 7 followers, 1 large
 *   follower, 1 mayor, 1 wagon, 1 barn, 1 builder and 1 pig per player (D14, RULES-next 3.1 and
 *   4.1: one each), whatever the wagons' moves and the barns' scorings did;
 * - every touching edge matches (legs like tile edges, walls fit anything), two pieces share a
 *   cell only as complementary half tiles whose long sides match;
 * - scores never decrease; the game ends with the draw pile empty; a river game starts with the
 *   spring (D29);
 * - seed + move log replays the game to the same scores.
 *
 * (doc/rules.md rules 3, 4, 25-27, sections 3.2, 3.6, 4; ARCHITECTURE.md section 8.) */
#include "config.h"

#include <check.h>
#include "expansion-games.h"
#include "plugin-host.h"
#include "pool-moves.h"

#define EXPECT(cond, ...)                                                                          \
  do                                                                                               \
    {                                                                                              \
      if (G_UNLIKELY (!(cond)))                                                                    \
        ck_abort_msg (__VA_ARGS__);                                                                \
    }                                                                                              \
  while (0)

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };

typedef struct
{
  guint discarded;
} Watch;

static void
watch_event (CarcGame *game, const CarcEvent *ev, gpointer data)
{
  Watch *w = data;
  if (ev->type == CARC_EVENT_TILE_DISCARDED)
    w->discarded++;
}

/* The edge a piece shows on board side @side; -1 for a half tile's triangular gap. */
static gint
edge_on_side (const CarcPieceInfo *p, guint side)
{
  guint local = (side + 4 - p->rotation) & 3;
  if (carc_tile_type_get_shape (p->tile) == CARC_SHAPE_HALF && local > 1)
    return -1;
  return (gint)carc_tile_type_get_edge (p->tile, local);
}

static gboolean
edges_match (gint a, gint b)
{
  return a < 0 || b < 0 || a == b || a == CARC_EDGE_WALL || b == CARC_EDGE_WALL;
}

static void
check_board (CarcGame *game, guint64 seed)
{
  guint n = carc_game_get_n_pieces (game);
  for (guint i = 0; i < n; i++)
    {
      CarcPieceInfo p, cell[2], nb[2];
      carc_game_get_piece (game, i, &p);
      guint k = carc_game_get_pieces_at (game, p.x, p.y, cell);
      EXPECT (k >= 1, "seed %" G_GUINT64_FORMAT ": piece %u not in its cell", seed, i);
      if (k == 2)
        {
          EXPECT (carc_tile_type_get_shape (cell[0].tile) == CARC_SHAPE_HALF
                      && carc_tile_type_get_shape (cell[1].tile) == CARC_SHAPE_HALF
                      && cell[1].rotation == ((cell[0].rotation + 2) & 3),
                  "seed %" G_GUINT64_FORMAT ": cell (%d,%d) holds two pieces that are not "
                  "complementary halves",
                  seed, p.x, p.y);
          EXPECT (carc_tile_type_get_edge (cell[0].tile, 2)
                      == carc_tile_type_get_edge (cell[1].tile, 2),
                  "seed %" G_GUINT64_FORMAT ": long sides differ in (%d,%d)", seed, p.x, p.y);
        }
      for (guint s = 0; s < 4; s++)
        {
          gint mine = edge_on_side (&p, s);
          guint m = carc_game_get_pieces_at (game, p.x + dx[s], p.y + dy[s], nb);
          for (guint j = 0; j < m; j++)
            EXPECT (edges_match (mine, edge_on_side (&nb[j], (s + 2) & 3)),
                    "seed %" G_GUINT64_FORMAT ": edge mismatch between (%d,%d) and (%d,%d)", seed,
                    p.x, p.y, nb[j].x, nb[j].y);
        }
    }
}

static guint
hands_total (CarcGame *game)
{
  guint n = pool_size (game);
  for (guint p = 0; p < carc_game_get_n_players (game); p++)
    n += carc_game_get_hand_size (game, p);
  return n;
}

static guint
in_play (CarcGame *game)
{
  return carc_game_get_phase (game) == CARC_PHASE_PLACE;
}

/* A game of 2 to 6 players (drawn from @rng) with the expansions of test-expansions-random:
 * hills in one game of four (*@hill), a river in one of three (*@river), and the options
 * that test draws. */
CarcGameConfig *
expansion_game_config (CarcTileSet *base, guint64 seed, CarcRng *rng, gboolean *hill,
                       gboolean *river)
{
  guint n_players = CARC_MIN_PLAYERS + carc_rng_below (rng, CARC_MAX_PLAYERS - 1);
  CarcGameConfig *config = carc_game_config_new (base);
  carc_game_config_set_n_players (config, n_players);
  carc_game_config_set_seed (config, seed);
  static const char *const names[]
      = { "abbey",     "halftiles", "inns-cathedrals", "mayor", "traders-builders",
          "vineyards", "winter" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      CarcPlugin *plugin = carc_plugin_host_lookup (test_plugin_host (), names[i]);
      EXPECT (plugin != NULL, "plugin %s not loaded", names[i]);
      EXPECT (carc_game_config_add_expansion (config, plugin, NULL), "add %s", names[i]);
    }
  *hill = carc_rng_below (rng, 4) == 0; /* the hill half and its rule */
  if (*hill)
    EXPECT (carc_game_config_add_expansion_by_name (config, test_plugin_host (), "hills", NULL),
            "add hills");
  *river = carc_rng_below (rng, 3) == 0; /* River I, II or both (D33) */
  if (*river)
    {
      EXPECT (carc_game_config_add_expansion_by_name (config, test_plugin_host (), "river", NULL),
              "add river");
      carc_game_config_set_option (config, "river", "set", 1 + carc_rng_below (rng, 3), NULL);
    }
  carc_game_config_set_option (config, "halftiles", "draft", carc_rng_below (rng, 4) == 0, NULL);
  carc_game_config_set_option (config, "halftiles", "hand", 1 + carc_rng_below (rng, 4), NULL);
  carc_game_config_set_option (config, "traders-builders", "optional-extra",
                               carc_rng_below (rng, 4) == 0, NULL);

  return config;
}

/* Plays a game of @config to its end with @move, checking the invariants after every move;
 * @hill, @river: the game has the hills, the river expansion. A failure names @seed.
 * Returns the finished game. */
CarcGame *
expansion_game_play (CarcGameConfig *config, gboolean hill, gboolean river, guint64 seed,
                     ExpansionMoveFunc move, gpointer data)
{
  guint n_players = carc_game_config_get_n_players (config);
  Watch w = { 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) game = carc_game_new_full (config, watch_event, &w, NULL, &error);
  EXPECT (game != NULL, "seed %" G_GUINT64_FORMAT ": %s", seed, error ? error->message : "?");
  CarcPieceInfo start;
  EXPECT (carc_game_get_piece (game, 0, &start)
              && g_str_equal (carc_tile_type_get_id (start.tile), river ? "RI-s" : "D"),
          "seed %" G_GUINT64_FORMAT ": the start tile (D29)", seed);
  guint buried = 0;
  guint total = carc_game_get_n_pieces (game) + w.discarded + carc_game_get_tiles_left (game)
                + in_play (game) + hands_total (game);
  guint followers = 13 * n_players;
  EXPECT (carc_game_get_n_figures (game) == 7
              && g_str_equal (carc_game_get_figure_name (game, 1), "large-follower")
              && g_str_equal (carc_game_get_figure_name (game, 4), "barn")
              && g_str_equal (carc_game_get_figure_name (game, 5), "builder")
              && g_str_equal (carc_game_get_figure_name (game, 6), "pig"),
          "seed %" G_GUINT64_FORMAT ": figure kinds", seed);
  guint last_score[CARC_MAX_PLAYERS] = { 0 };
  for (;;)
    {
      guint left_before = carc_game_get_tiles_left (game);
      guint pool_before = pool_size (game);
      if (!move (game, data, &error))
        {
          EXPECT (error == NULL,
                  "seed %" G_GUINT64_FORMAT ": the engine refused a move it offered: %s", seed,
                  error->message);
          break;
        }
      /* The draft's last pick sends the rest of the pool back to the box (doc/rules.md
       * section 3.3). */
      if (pool_before && !pool_in_draft (game))
        total -= pool_before - 1;
      guint n_moves;
      const CarcMove *last = carc_game_get_moves (game, &n_moves) + n_moves - 1;
      CarcPieceInfo placed;
      if (hill && last->type == CARC_MOVE_PLACE_PIECE
          && carc_game_get_piece (game, carc_game_get_n_pieces (game) - 1, &placed)
          && carc_tile_type_get_tag (placed.tile, "hill"))
        buried += left_before - carc_game_get_tiles_left (game);
      guint now = carc_game_get_n_pieces (game) + w.discarded + buried
                  + carc_game_get_tiles_left (game) + in_play (game) + hands_total (game);
      EXPECT (now == total, "seed %" G_GUINT64_FORMAT ": tiles %u, started with %u", seed, now,
              total);
      guint on_board = carc_game_get_n_followers (game);
      /* carc_game_find_follower() (plugin ABI 2.3) numbers them as carc_game_get_follower() */
      for (guint i = 0; i < on_board; i++)
        {
          CarcFollowerInfo fw;
          EXPECT (carc_game_get_follower (game, i, &fw), "seed %" G_GUINT64_FORMAT ": no figure %u",
                  seed, i);
          EXPECT (carc_game_find_follower (game, i, (gint)fw.figure, (gint)fw.player) == (gint)i
                      && carc_game_find_follower (game, i, -1, -1) == (gint)i,
                  "seed %" G_GUINT64_FORMAT ": figure %u not found at its index", seed, i);
        }
      EXPECT (carc_game_find_follower (game, on_board, -1, -1) == -1,
              "seed %" G_GUINT64_FORMAT ": a figure found past the last", seed);
      /* carc_game_is_piece_feature_complete() (plugin ABI 2.4) says what the measure says, on
       * every segment; each feature measured once (its id's entry: complete + 1). The first
       * 100 seeds only: measuring every feature after every move costs 7 times the game. */
      g_autoptr (GHashTable) measured = g_hash_table_new (NULL, NULL);
      guint n_pieces = seed <= 100 ? carc_game_get_n_pieces (game) : 0;
      for (guint i = 0; i < n_pieces; i++)
        {
          CarcPieceInfo p;
          carc_game_get_piece (game, i, &p);
          guint n_segments = carc_tile_type_get_n_segments (p.tile);
          for (guint s = 0; s < n_segments; s++)
            {
              gpointer id = GUINT_TO_POINTER (carc_game_get_piece_feature_id (game, i, s) + 1);
              guint complete = GPOINTER_TO_UINT (g_hash_table_lookup (measured, id));
              if (complete == 0)
                {
                  CarcFeatureInfo fi;
                  EXPECT (carc_game_get_piece_feature (game, i, s, &fi),
                          "seed %" G_GUINT64_FORMAT ": no feature", seed);
                  complete = fi.complete ? 2 : 1;
                  g_hash_table_insert (measured, id, GUINT_TO_POINTER (complete));
                }
              EXPECT (carc_game_is_piece_feature_complete (game, i, s) == (complete == 2),
                      "seed %" G_GUINT64_FORMAT ": piece %u segment %u: complete %d, measured %d",
                      seed, i, s, carc_game_is_piece_feature_complete (game, i, s), complete == 2);
            }
          EXPECT (!carc_game_is_piece_feature_complete (game, i, n_segments),
                  "seed %" G_GUINT64_FORMAT ": a segment the tile does not have is complete", seed);
        }
      EXPECT (!carc_game_is_piece_feature_complete (game, carc_game_get_n_pieces (game), 0),
              "seed %" G_GUINT64_FORMAT ": a piece not on the board is complete", seed);
      for (guint p = 0; p < n_players; p++)
        {
          for (guint f = 0; f < carc_game_get_n_figures (game); f++)
            on_board += carc_game_get_figure_supply (game, f, p);
          guint score = carc_game_get_score (game, p);
          EXPECT (score >= last_score[p], "seed %" G_GUINT64_FORMAT ": score of %u went down", seed,
                  p);
          last_score[p] = score;
        }
      EXPECT (on_board == followers, "seed %" G_GUINT64_FORMAT ": %u figures, not %u", seed,
              on_board, followers);
    }
  check_board (game, seed);
  EXPECT (carc_game_get_tiles_left (game) == 0, "seed %" G_GUINT64_FORMAT ": ended with tiles left",
          seed);

  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  g_autoptr (CarcGame) again = carc_game_replay (config, moves, n_moves, &error);
  EXPECT (again != NULL, "seed %" G_GUINT64_FORMAT ": replay: %s", seed,
          error ? error->message : "?");
  EXPECT (carc_game_get_phase (again) == CARC_PHASE_OVER,
          "seed %" G_GUINT64_FORMAT ": replay not over", seed);
  for (guint p = 0; p < n_players; p++)
    EXPECT (carc_game_get_score (again, p) == carc_game_get_score (game, p),
            "seed %" G_GUINT64_FORMAT ": replayed score of %u differs", seed, p);
  return g_steal_pointer (&game);
}
