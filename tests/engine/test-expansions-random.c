/* test-expansions-random.c: thousands of seeded random games with the expansion plugins on
 * (abbey, halftiles, inns-cathedrals, mayor, river, traders-builders, vineyards, winter; 2 to 6
 * players; the draft option, the hills expansion, one of the rivers and the builder's optional
 * extra part in some), every kind of move chosen at random, and the invariants checked after every
 * move (the list is in expansion-games.c).
 *
 * (doc/rules.md rules 3, 4, 25-27, sections 3.2, 3.6, 4; ARCHITECTURE.md section 8.) A failing
 * seed is printed; replay it with CARC_TEST_SEED=<seed>. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include "carcassonne.h"
#include "check-run.h"
#include "expansion-games.h"
#include "random-player.h"

#define N_GAMES 2000

/* What the random games did that the invariants should have seen: wagons moved, barns
 * deployed, the builder's optional extra part decided (so the test fails if the mix stops
 * reaching them). */
typedef struct
{
  guint wagon_moves;
  guint barns;
  guint builder_choices;
} Coverage;

static void
count_coverage (const CarcMove *moves, guint n_moves, Coverage *seen)
{
  for (guint i = 0; i < n_moves; i++)
    {
      seen->wagon_moves += g_strcmp0 (carc_move_get_name (&moves[i]), "wagon-move") == 0;
      seen->barns += moves[i].type == CARC_MOVE_DEPLOY && g_strcmp0 (moves[i].figure, "barn") == 0;
      seen->builder_choices += g_strcmp0 (carc_move_get_name (&moves[i]), "extra-part") == 0
                               || g_strcmp0 (carc_move_get_name (&moves[i]), "no-extra-part") == 0;
    }
}

static gboolean
random_move (CarcGame *game, gpointer data, GError **error)
{
  return random_player_move (game, data, error);
}

static void
play_one (CarcTileSet *base, guint64 seed, Coverage *seen)
{
  CarcRng rng;
  carc_rng_init (&rng, seed, 7);
  gboolean hill, river;
  g_autoptr (CarcGameConfig) config = expansion_game_config (base, seed, &rng, &hill, &river);
  g_autoptr (CarcGame) game = expansion_game_play (config, hill, river, seed, random_move, &rng);
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  count_coverage (moves, n_moves, seen);
}

START_TEST (test_random_games_all_expansions)
{
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (NULL);
  const char *one = g_getenv ("CARC_TEST_SEED");
  Coverage seen = { 0 };
  if (one)
    {
      play_one (base, g_ascii_strtoull (one, NULL, 10), &seen);
      return;
    }
  for (guint64 seed = 1; seed <= N_GAMES; seed++)
    play_one (base, seed, &seen);
  ck_assert_uint_gt (seen.wagon_moves, 0);
  ck_assert_uint_gt (seen.barns, 0);
  ck_assert_uint_gt (seen.builder_choices, 0);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("expansions-random");
  TCase *tc = tcase_create ("invariants");
  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_random_games_all_expansions);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
