/* test-random.c: thousands of seeded random games (2 to 6 players) with the invariants
 * checked after every move, and seed + move log replays.
 *
 * Invariants (doc/rules.md section 7 rules 3, 4, 8, 25-27, 35; decisions D1, D3, D4):
 * tiles are conserved (placed + discarded + in play + left = the set's 72); followers are
 * conserved (supply + on the board = 7 per player); every touching edge matches; every
 * placed tile shares an edge with an earlier one; a follower is only ever deployed into an
 * unoccupied feature; scores never decrease; the game ends with the draw pile empty. For one
 * game in ten the legal placements offered are compared with a brute-force search over the
 * board. A failing seed is printed; replay it with CARC_TEST_SEED=<seed>. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include "carcassonne.h"
#include "check-run.h"
#include "random-player.h"

#define N_GAMES 10000

/* Check's ck_assert_* talk to the runner on every call; in the hot loops only a failure may. */
#define EXPECT(cond, ...)                                                                          \
  do                                                                                               \
    {                                                                                              \
      if (G_UNLIKELY (!(cond)))                                                                    \
        ck_abort_msg (__VA_ARGS__);                                                                \
    }                                                                                              \
  while (0)

typedef struct
{
  guint64 seed;
  guint deployed_into_occupied;
  guint discarded;
  guint scored_events;
} Watch;

static void
watch_event (CarcGame *game, const CarcEvent *ev, gpointer data)
{
  Watch *w = data;
  if (ev->type == CARC_EVENT_TILE_DISCARDED)
    w->discarded++;
  else if (ev->type == CARC_EVENT_FEATURE_SCORED)
    w->scored_events++;
  else if (ev->type == CARC_EVENT_FOLLOWER_DEPLOYED)
    {
      /* Rule 8: right after deployment (before scoring) the feature holds exactly it. */
      CarcFeatureInfo fi;
      EXPECT (carc_game_get_feature (game, ev->x, ev->y, ev->segment, &fi), "no feature");
      guint total = 0;
      for (guint p = 0; p < ev->n_players; p++)
        total += fi.followers[p];
      if (total != 1)
        w->deployed_into_occupied++;
    }
}

static CarcEdgeKind
edge_on_board (const CarcPieceInfo *p, guint side)
{
  return carc_tile_type_get_edge (p->tile, (side + 4 - p->rotation) & 3);
}

static const int dx[4] = { 0, 1, 0, -1 };
static const int dy[4] = { -1, 0, 1, 0 };

/* An independent check of the landscape: every piece's touching edges match its
 * neighbours', and every piece but the start tile had a neighbour when it was placed. */
static void
check_board (CarcGame *game, guint64 seed)
{
  guint n = carc_game_get_n_pieces (game);
  for (guint i = 0; i < n; i++)
    {
      CarcPieceInfo p, q;
      EXPECT (carc_game_get_piece (game, i, &p), "no piece %u", i);
      gboolean earlier_neighbour = FALSE;
      for (guint s = 0; s < 4; s++)
        {
          if (!carc_game_get_piece_at (game, p.x + dx[s], p.y + dy[s], &q))
            continue;
          EXPECT (edge_on_board (&p, s) == edge_on_board (&q, (s + 2) & 3),
                  "seed %" G_GUINT64_FORMAT ": edge mismatch between (%d,%d) and (%d,%d)", seed,
                  p.x, p.y, q.x, q.y);
          for (guint j = 0; j < i; j++)
            {
              CarcPieceInfo e;
              carc_game_get_piece (game, j, &e);
              if (e.x == q.x && e.y == q.y)
                earlier_neighbour = TRUE;
            }
        }
      EXPECT (i == 0 || earlier_neighbour,
              "seed %" G_GUINT64_FORMAT ": piece %u at (%d,%d) shares no edge", seed, i, p.x, p.y);
    }
}

/* Brute force: every cell in the bounding box (plus a margin) and every rotation. */
static void
check_placements (CarcGame *game, guint64 seed)
{
  guint n;
  const CarcPlacement *pl = carc_game_get_placements (game, &n);
  const CarcTileType *t = carc_game_get_current_tile (game);
  gint x0, y0, x1, y1;
  carc_game_get_bounds (game, &x0, &y0, &x1, &y1);
  guint found = 0;
  for (gint y = y0 - 1; y <= y1 + 1; y++)
    for (gint x = x0 - 1; x <= x1 + 1; x++)
      for (guint r = 0; r < 4; r++)
        {
          CarcPieceInfo q;
          if (carc_game_get_piece_at (game, x, y, &q))
            continue;
          gboolean touches = FALSE, fits = TRUE;
          for (guint s = 0; s < 4; s++)
            if (carc_game_get_piece_at (game, x + dx[s], y + dy[s], &q))
              {
                touches = TRUE;
                fits &= carc_tile_type_get_edge (t, (s + 4 - r) & 3)
                        == edge_on_board (&q, (s + 2) & 3);
              }
          gboolean legal = touches && fits;
          gboolean listed = FALSE;
          for (guint k = 0; k < n; k++)
            listed |= pl[k].x == x && pl[k].y == y && pl[k].rotation == r;
          EXPECT (legal == listed,
                  "seed %" G_GUINT64_FORMAT ": (%d,%d) rot %u legal %d but listed %d", seed, x, y,
                  r, legal, listed);
          EXPECT (carc_game_can_place (game, x, y, r) == legal,
                  "can_place disagrees at (%d,%d) rot %u", x, y, r);
          found += legal;
        }
  EXPECT (found == n, "seed %" G_GUINT64_FORMAT ": %u legal, %u listed", seed, found, n);
  /* The k-th placement found directly is the k-th of the list. */
  EXPECT (carc_game_get_n_placements (game) == n, "seed %" G_GUINT64_FORMAT ": count differs",
          seed);
  for (guint k = 0; k < n; k++)
    {
      CarcPlacement one;
      EXPECT (carc_game_get_placement (game, k, &one) && one.x == pl[k].x && one.y == pl[k].y
                  && one.rotation == pl[k].rotation,
              "seed %" G_GUINT64_FORMAT ": placement %u differs from the list", seed, k);
    }
  CarcPlacement none;
  EXPECT (!carc_game_get_placement (game, n, &none), "placement %u should not exist", n);
}

/* Every segment on the board, grouped by feature id: each group has as many segments as its
 * feature says, one kind, one follower count. */
static void
check_features (CarcGame *game, guint64 seed)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  guint n_segments = 0;
  for (guint i = 0; i < carc_game_get_n_pieces (game); i++)
    {
      CarcPieceInfo p;
      carc_game_get_piece (game, i, &p);
      for (guint s = 0; s < carc_tile_type_get_n_segments (p.tile); s++)
        {
          CarcFeatureInfo fi;
          EXPECT (carc_game_get_feature (game, p.x, p.y, s, &fi), "no feature");
          EXPECT (fi.kind == carc_tile_type_get_segment_kind (p.tile, s),
                  "seed %" G_GUINT64_FORMAT ": segment and feature kinds differ", seed);
          /* carc_game_get_piece_feature_id() (plugin ABI 2.2) is the same id, unmeasured */
          EXPECT (carc_game_get_piece_feature_id (game, i, s) == fi.id,
                  "seed %" G_GUINT64_FORMAT ": piece %u segment %u: feature id %u, not %u", seed, i,
                  s, carc_game_get_piece_feature_id (game, i, s), fi.id);
          guint count = GPOINTER_TO_UINT (g_hash_table_lookup (seen, GUINT_TO_POINTER (fi.id + 1)));
          g_hash_table_insert (seen, GUINT_TO_POINTER (fi.id + 1), GUINT_TO_POINTER (count + 1));
          n_segments++;
        }
    }
  GHashTableIter it;
  gpointer key, value;
  guint total = 0;
  g_hash_table_iter_init (&it, seen);
  while (g_hash_table_iter_next (&it, &key, &value))
    total += GPOINTER_TO_UINT (value);
  EXPECT (total == n_segments, "lost segments");
  guint n_pieces = carc_game_get_n_pieces (game);
  CarcPieceInfo last;
  carc_game_get_piece (game, n_pieces - 1, &last);
  EXPECT (carc_game_get_piece_feature_id (game, n_pieces, 0) == G_MAXUINT,
          "a feature id for a piece not on the board");
  EXPECT (
      carc_game_get_piece_feature_id (game, n_pieces - 1, carc_tile_type_get_n_segments (last.tile))
          == G_MAXUINT,
      "a feature id for a segment the tile does not have");
  for (guint i = 0; i < carc_game_get_n_pieces (game); i++)
    {
      CarcPieceInfo p;
      carc_game_get_piece (game, i, &p);
      for (guint s = 0; s < carc_tile_type_get_n_segments (p.tile); s++)
        {
          CarcFeatureInfo fi;
          carc_game_get_feature (game, p.x, p.y, s, &fi);
          EXPECT (GPOINTER_TO_UINT (g_hash_table_lookup (seen, GUINT_TO_POINTER (fi.id + 1)))
                      == fi.segments,
                  "seed %" G_GUINT64_FORMAT ": feature %u says %u segments", seed, fi.id,
                  fi.segments);
        }
    }
}

static void
play_checked (CarcTileSet *tiles, guint64 seed)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  guint np = 2 + (guint)(seed % 5);
  carc_game_config_set_n_players (config, np);
  carc_game_config_set_seed (config, seed);
  g_autoptr (GError) error = NULL;
  Watch w = { seed, 0, 0, 0 };
  g_autoptr (CarcGame) game = carc_game_new_full (config, watch_event, &w, NULL, &error);
  EXPECT (game != NULL, "seed %" G_GUINT64_FORMAT ": %s", seed, error ? error->message : "");
  CarcRng rng;
  carc_rng_init (&rng, seed, 99);
  guint last[CARC_MAX_PLAYERS] = { 0 };
  gboolean brute = seed % 10 == 0;

  while (carc_game_get_phase (game) == CARC_PHASE_PLACE)
    {
      if (brute)
        check_placements (game, seed);
      random_player_turn (game, &rng, &error);
      EXPECT (error == NULL,
              "seed %" G_GUINT64_FORMAT ": a move the engine offered was refused: %s", seed,
              error ? error->message : "");
      gboolean over = carc_game_get_phase (game) == CARC_PHASE_OVER;
      guint on_board[CARC_MAX_PLAYERS] = { 0 };
      for (guint i = 0; i < carc_game_get_n_followers (game); i++)
        {
          CarcFollowerInfo fi;
          EXPECT (carc_game_get_follower (game, i, &fi), "no follower %u", i);
          on_board[fi.player]++;
        }
      for (guint p = 0; p < np; p++)
        {
          EXPECT (carc_game_get_score (game, p) >= last[p],
                  "seed %" G_GUINT64_FORMAT ": score of %u decreased", seed, p);
          last[p] = carc_game_get_score (game, p);
          if (!over)
            EXPECT (carc_game_get_supply (game, p) + on_board[p] == 7,
                    "seed %" G_GUINT64_FORMAT ": followers of %u not conserved", seed, p);
        }
      guint in_play = over ? 0 : 1;
      EXPECT (carc_game_get_n_pieces (game) + w.discarded + in_play
                      + carc_game_get_tiles_left (game)
                  == 72,
              "seed %" G_GUINT64_FORMAT ": tiles not conserved", seed);
    }
  EXPECT (carc_game_get_phase (game) == CARC_PHASE_OVER && carc_game_get_tiles_left (game) == 0,
          "seed %" G_GUINT64_FORMAT ": the game did not end with an empty pile", seed);
  EXPECT (w.deployed_into_occupied == 0,
          "seed %" G_GUINT64_FORMAT ": a follower went into an occupied feature", seed);
  check_board (game, seed);
  if (brute)
    check_features (game, seed);

  /* Seed + move log replays the game exactly. */
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  g_autoptr (CarcGame) again = carc_game_replay (config, moves, n_moves, &error);
  EXPECT (again != NULL, "seed %" G_GUINT64_FORMAT ": replay failed: %s", seed,
          error ? error->message : "");
  EXPECT (carc_game_get_phase (again) == CARC_PHASE_OVER
              && carc_game_get_n_pieces (again) == carc_game_get_n_pieces (game),
          "seed %" G_GUINT64_FORMAT ": the replay ended elsewhere", seed);
  for (guint p = 0; p < np; p++)
    EXPECT (carc_game_get_score (again, p) == carc_game_get_score (game, p),
            "seed %" G_GUINT64_FORMAT ": replayed score of %u differs", seed, p);
  for (guint i = 0; i < carc_game_get_n_pieces (game); i++)
    {
      CarcPieceInfo a, b;
      carc_game_get_piece (game, i, &a);
      carc_game_get_piece (again, i, &b);
      EXPECT (a.tile == b.tile && a.x == b.x && a.y == b.y && a.rotation == b.rotation,
              "seed %" G_GUINT64_FORMAT ": replayed piece %u differs", seed, i);
    }
}

START_TEST (test_random_games_invariants)
{
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  const char *one = g_getenv ("CARC_TEST_SEED");
  if (one)
    {
      play_checked (tiles, g_ascii_strtoull (one, NULL, 10));
      return;
    }
  guint n = g_getenv ("CARC_RANDOM_GAMES") ? (guint)atoi (g_getenv ("CARC_RANDOM_GAMES")) : N_GAMES;
  for (guint64 seed = 1; seed <= n; seed++)
    play_checked (tiles, seed);
}
END_TEST

/* The same seed gives the same deck and so the same game; another seed another deck. */
START_TEST (test_seed_determines_deck)
{
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  carc_game_config_set_seed (config, 1234);
  g_autoptr (CarcGame) a = carc_game_new (config, NULL);
  g_autoptr (CarcGame) b = carc_game_new (config, NULL);
  carc_game_config_set_seed (config, 1235);
  g_autoptr (CarcGame) c = carc_game_new (config, NULL);
  CarcRng r1, r2, r3;
  carc_rng_init (&r1, 5, 5);
  carc_rng_init (&r2, 5, 5);
  carc_rng_init (&r3, 5, 5);
  guint same_as_c = 0, turns = 0;
  while (carc_game_get_phase (a) == CARC_PHASE_PLACE)
    {
      ck_assert_ptr_eq (carc_game_get_current_tile (a), carc_game_get_current_tile (b));
      if (carc_game_get_phase (c) == CARC_PHASE_PLACE)
        same_as_c += carc_game_get_current_tile (a) == carc_game_get_current_tile (c);
      turns++;
      random_player_turn (a, &r1, NULL);
      random_player_turn (b, &r2, NULL);
      random_player_turn (c, &r3, NULL);
    }
  ck_assert_uint_lt (same_as_c, turns / 2);
  ck_assert_uint_eq (carc_game_get_score (a, 0), carc_game_get_score (b, 0));
  ck_assert_uint_eq (carc_game_get_score (a, 1), carc_game_get_score (b, 1));
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("random");
  TCase *tc = tcase_create ("games");
  tcase_set_timeout (tc, 1200);
  tcase_add_test (tc, test_random_games_invariants);
  tcase_add_test (tc, test_seed_determines_deck);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
