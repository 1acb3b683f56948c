/* test-bots.c: the computer players (doc/bots.md) and the game copy they search.
 *
 * - a copy plays on exactly as the original (the same state hash after the same moves) and
 *   independently of it, with every shipped expansion (their copy_data hooks);
 * - dealing the hidden part again keeps the public hash and depends only on what is public:
 *   two games that differ only in the order of the draw pile are dealt into the same state;
 * - bots see only what a player sees: in two such games every strategy chooses the same move;
 * - every strategy plays whole games with every shipped expansion through the move list,
 *   under the invariants of test-expansions-random (expansion-games.c);
 * - bad strategies and options, a finished game and an expansion that cannot be copied are
 *   refused with the documented errors. */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "expansion-games.h"
#include "nocopy-plugin.h"
#include "plugin-host.h"
#include "random-player.h"

static gboolean
same_move (const CarcMove *a, const CarcMove *b)
{
  return a->type == b->type && a->x == b->x && a->y == b->y && a->rotation == b->rotation
         && a->segment == b->segment && a->piece == b->piece
         && g_strcmp0 (a->figure, b->figure) == 0 && g_strcmp0 (a->name, b->name) == 0;
}

static void
assert_same_state (CarcGame *a, CarcGame *b)
{
  g_autofree char *ha = carc_game_get_state_hash (a);
  g_autofree char *hb = carc_game_get_state_hash (b);
  ck_assert_str_eq (ha, hb);
}

/* A game of every shipped expansion (expansion-games.c) for @seed. */
static CarcGame *
expansion_game (guint64 seed)
{
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (NULL);
  CarcRng rng;
  carc_rng_init (&rng, seed, 7);
  gboolean hill, river;
  g_autoptr (CarcGameConfig) config = expansion_game_config (base, seed, &rng, &hill, &river);
  g_autoptr (GError) error = NULL;
  CarcGame *game = carc_game_new (config, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  return game;
}

/* A move chosen from the list with @rng; FALSE at the end of the game. */
static gboolean
next_move (CarcGame *game, CarcRng *rng, CarcMove *move)
{
  g_autoptr (GPtrArray) moves = carc_game_list_moves (game, carc_game_get_current_player (game));
  if (moves->len == 0)
    return FALSE;
  *move = *(CarcMove *)moves->pdata[carc_rng_below (rng, moves->len)];
  return TRUE;
}

/* A copy made before every move plays that move into the same state as the original; a
 * copy left alone keeps its state while the original moves on. */
START_TEST (test_copy_plays_on)
{
  for (guint64 seed = 1; seed <= 6; seed++)
    {
      g_autoptr (CarcGame) game = expansion_game (seed);
      g_autoptr (GError) error = NULL;
      g_autoptr (CarcGame) copy = carc_game_copy (game, &error);
      ck_assert_msg (copy != NULL, "%s", error ? error->message : "");
      CarcRng rng;
      carc_rng_init (&rng, seed, 11);
      CarcMove move;
      guint n = 0;
      while (next_move (game, &rng, &move))
        {
          g_autoptr (CarcGame) frozen = carc_game_copy (game, NULL);
          g_autofree char *before = carc_game_get_state_hash (frozen);
          assert_same_state (frozen, game);
          ck_assert (carc_game_apply_move (game, &move, NULL));
          ck_assert (carc_game_apply_move (copy, &move, NULL));
          assert_same_state (copy, game);
          g_autofree char *after = carc_game_get_state_hash (frozen);
          ck_assert_str_eq (before, after); /* independent of the original */
          if (n++ % 7 == 0) /* a copy of a copy plays on too (it takes frozen's reference) */
            {
              g_clear_object (&copy);
              copy = g_steal_pointer (&frozen);
            }
          if (n % 7 == 1)
            ck_assert (carc_game_apply_move (copy, &move, NULL));
        }
      ck_assert_int_eq (carc_game_get_phase (copy), CARC_PHASE_OVER);
      for (guint p = 0; p < carc_game_get_n_players (game); p++)
        ck_assert_uint_eq (carc_game_get_score (copy, p), carc_game_get_score (game, p));
      guint n_moves, n_copy;
      carc_game_get_moves (game, &n_moves);
      carc_game_get_moves (copy, &n_copy);
      ck_assert_uint_eq (n_copy, n_moves);
    }
}
END_TEST

/* The base game's land tiles, start tile first, the rest in an order drawn from @seed but
 * the first @fixed after the start, which come from @fixed_seed. */
static char **
tile_order (guint64 fixed_seed, guint fixed, guint64 seed)
{
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (NULL);
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  const CarcTileType *start = carc_tile_set_get_start (base);
  gboolean skipped = FALSE;
  for (guint i = 0; i < carc_tile_set_get_n_types (base); i++)
    {
      const CarcTileType *t = carc_tile_set_get_type_at (base, i);
      for (guint k = 0; k < carc_tile_type_get_count (t); k++)
        if (t == start && !skipped)
          skipped = TRUE;
        else
          g_ptr_array_add (ids, (gpointer)carc_tile_type_get_id (t));
    }
  CarcRng rng;
  carc_rng_init (&rng, fixed_seed, 3);
  for (guint i = 0; i < ids->len; i++)
    {
      if (i == fixed)
        carc_rng_init (&rng, seed, 3);
      guint j = i + carc_rng_below (&rng, ids->len - i);
      gpointer t = ids->pdata[i];
      ids->pdata[i] = ids->pdata[j];
      ids->pdata[j] = t;
    }
  char **order = g_new0 (char *, ids->len + 1);
  for (guint i = 0; i < ids->len; i++)
    order[i] = g_strdup (ids->pdata[i]);
  return order;
}

static CarcGame *
ordered_game (char **order)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  carc_game_config_set_n_players (config, 2);
  carc_game_config_set_tile_order (config, (const char *const *)order);
  return carc_game_new (config, NULL);
}

/* Two games whose draw piles differ only past the first 8 tiles. */
static void
twin_games (CarcGame **a, CarcGame **b)
{
  g_auto (GStrv) order_a = tile_order (5, 8, 100);
  g_auto (GStrv) order_b = tile_order (5, 8, 200);
  g_autofree char *joined_a = g_strjoinv (",", order_a);
  g_autofree char *joined_b = g_strjoinv (",", order_b);
  ck_assert_str_ne (joined_a, joined_b);
  *a = ordered_game (order_a);
  *b = ordered_game (order_b);
  ck_assert (*a && *b);
}

/* carc_game_redeal_hidden() keeps the public state and depends only on it and the
 * generator: twin games are dealt into the same state. */
START_TEST (test_redeal_depends_on_public_only)
{
  CarcGame *a, *b;
  twin_games (&a, &b);
  CarcRng rng;
  carc_rng_init (&rng, 1, 1);
  CarcMove move;
  for (guint i = 0; i < 10 && next_move (a, &rng, &move); i++)
    {
      ck_assert (carc_game_apply_move (a, &move, NULL));
      ck_assert (carc_game_apply_move (b, &move, NULL));
    }
  g_autofree char *public_a = carc_game_get_public_hash (a);
  g_autofree char *public_b = carc_game_get_public_hash (b);
  ck_assert_str_eq (public_a, public_b);
  g_autofree char *state_a = carc_game_get_state_hash (a);
  g_autofree char *state_b = carc_game_get_state_hash (b);
  ck_assert_str_ne (state_a, state_b);

  g_autoptr (CarcGame) ca = carc_game_copy (a, NULL);
  g_autoptr (CarcGame) cb = carc_game_copy (b, NULL);
  CarcRng ra, rb;
  carc_rng_init (&ra, 42, 0);
  carc_rng_init (&rb, 42, 0);
  carc_game_redeal_hidden (ca, 0, &ra);
  carc_game_redeal_hidden (cb, 0, &rb);
  assert_same_state (ca, cb);
  g_autofree char *public_ca = carc_game_get_public_hash (ca);
  ck_assert_str_eq (public_ca, public_a);
  ck_assert_uint_eq (carc_game_get_tiles_left (ca), carc_game_get_tiles_left (a));
  /* the original is untouched */
  g_autofree char *state_a2 = carc_game_get_state_hash (a);
  ck_assert_str_eq (state_a, state_a2);
  g_object_unref (a);
  g_object_unref (b);
}
END_TEST

/* Bots see only what a player sees (doc/bots.md): in twin games, at every decision of the
 * first turns, each strategy (one thread, a budget in iterations) makes the same choice. */
START_TEST (test_bots_see_only_public)
{
  static const char *const specs[] = { "random",
                                       "greedy",
                                       "mcts:iterations=150,depth=4,k=0",
                                       "mcts:iterations=40,depth=100000,k=0",
                                       "mcts:iterations=60,prior=5,k=0",
                                       "mcts:iterations=30,k=4",
                                       "mcts:iterations=30,k=4,threads=2",
                                       "mcts:iterations=20,k=3,reply=2" };
  CarcGame *a, *b;
  twin_games (&a, &b);
  CarcRng rng;
  carc_rng_init (&rng, 2, 1);
  CarcMove move;
  guint decisions = 0;
  while (carc_game_get_turn (a) < 6 && next_move (a, &rng, &move))
    {
      for (guint s = 0; s < G_N_ELEMENTS (specs); s++)
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (CarcBot) bot_a = carc_bot_new_from_spec (specs[s], 9, &error);
          g_autoptr (CarcBot) bot_b = carc_bot_new_from_spec (specs[s], 9, &error);
          ck_assert_msg (bot_a && bot_b, "%s", error ? error->message : "");
          CarcMove ma, mb;
          ck_assert (carc_bot_choose (bot_a, a, &ma, NULL));
          ck_assert (carc_bot_choose (bot_b, b, &mb, NULL));
          ck_assert_msg (same_move (&ma, &mb), "%s chose differently at decision %u", specs[s],
                         decisions);
        }
      decisions++;
      ck_assert (carc_game_apply_move (a, &move, NULL));
      ck_assert (carc_game_apply_move (b, &move, NULL));
    }
  ck_assert_uint_ge (decisions, 10);
  g_object_unref (a);
  g_object_unref (b);
}
END_TEST

/* One move of the bot for the current player; FALSE at the end. */
static gboolean
bot_move (CarcGame *game, gpointer data, GError **error)
{
  if (carc_game_get_phase (game) == CARC_PHASE_OVER)
    return FALSE;
  CarcMove move;
  return carc_bot_choose (data, game, &move, error) && carc_game_apply_move (game, &move, error);
}

/* Every strategy plays whole games with every shipped expansion (every move kind: draws,
 * hand pieces, passes, draft picks, deployments of both figure kinds) under the
 * invariants of test-expansions-random. */
START_TEST (test_strategies_play_expansions)
{
  static const char *const specs[] = { "random",
                                       "greedy",
                                       "mcts:iterations=12,depth=0,k=0",
                                       "mcts:iterations=6,k=0",
                                       "mcts:iterations=12,threads=2,k=0",
                                       "mcts:iterations=12,prior=3,k=0",
                                       "mcts:iterations=4,k=2,reply=1,threads=2",
                                       "mcts:iterations=2,k=2,reply=1",
                                       "mcts:cpu-ms=1,k=2,reply=0" };
  g_autoptr (CarcTileSet) base = carc_tile_set_new_base (NULL);
  const char *spec = specs[_i];
  /* a decision of Sequential Halving (mcts but k=0) costs several of greedy's: fewer games */
  guint64 games = strstr (spec, "mcts") && !strstr (spec, "k=0") ? 2 : 4;
  for (guint64 seed = 1; seed <= games; seed++)
    {
      CarcRng rng;
      carc_rng_init (&rng, seed, 7);
      gboolean hill, river;
      g_autoptr (CarcGameConfig) config = expansion_game_config (base, seed, &rng, &hill, &river);
      g_autoptr (CarcBot) bot = carc_bot_new_from_spec (spec, seed, NULL);
      ck_assert (bot != NULL);
      g_autoptr (CarcGame) game = expansion_game_play (config, hill, river, seed, bot_move, bot);
    }
}
END_TEST

/* The Sequential Halving search (option k, doc/bots.md "mcts") with a budget in iterations
 * is deterministic, in one thread and in two (their sums are added in a fixed order): two
 * bots of one seed choose alike at every decision of 40 of a base game; a move list of one
 * is played without a search (no playout counted). */
START_TEST (test_halving_deterministic)
{
  static const char *const specs[]
      = { "mcts:iterations=24,k=4", "mcts:iterations=24,k=4,threads=2" };
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  carc_game_config_set_seed (config, 5);
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  g_autoptr (CarcBot) a = carc_bot_new_from_spec (specs[_i], 3, NULL);
  g_autoptr (CarcBot) b = carc_bot_new_from_spec (specs[_i], 3, NULL);
  guint decisions = 0, searched = 0;
  while (carc_game_get_phase (game) != CARC_PHASE_OVER && decisions < 40)
    {
      g_autoptr (GPtrArray) legal
          = carc_game_list_moves (game, carc_game_get_current_player (game));
      CarcMove ma, mb;
      guint64 before = carc_bot_get_playouts (a);
      ck_assert (carc_bot_choose (a, game, &ma, NULL));
      ck_assert (carc_bot_choose (b, game, &mb, NULL));
      ck_assert_msg (same_move (&ma, &mb), "%s chose differently at decision %u", specs[_i],
                     decisions);
      /* a move list of one is played without a search */
      if (legal->len == 1)
        ck_assert_uint_eq (carc_bot_get_playouts (a), before);
      else
        searched++;
      ck_assert (carc_game_apply_move (game, &ma, NULL));
      decisions++;
    }
  ck_assert_uint_ge (searched, 10);
}
END_TEST

static void
assert_refused (const char *spec, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcBot) bot = carc_bot_new_from_spec (spec, 1, &error);
  ck_assert_ptr_null (bot);
  ck_assert_msg (g_error_matches (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT), "%s", spec);
  ck_assert_str_eq (error->message, message);
}

static void
assert_spec (const char *spec, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcBot) bot = carc_bot_new_from_spec (spec, 1, &error);
  ck_assert_msg (bot != NULL, "%s: %s", spec, error ? error->message : "");
  g_autofree char *written = carc_bot_to_spec (bot);
  ck_assert_str_eq (written, expected);
}

/* k and reply not given grow with a budget above 200 ms (doc/bots.md, "Sequential Halving"):
 * k = 5 f^0.3, reply = 2 + log2 f rounded, f the smallest budget over 200 ms, at most 20
 * and 10; given, they are kept; the tree (k=0) has none. */
START_TEST (test_halving_scales_with_budget)
{
  assert_spec ("mcts:ms=100", "mcts:ms=100,threads=1,k=5,reply=2");
  assert_spec ("mcts:cpu-ms=200", "mcts:cpu-ms=200,threads=1,k=5,reply=2");
  assert_spec ("mcts:cpu-ms=1000", "mcts:cpu-ms=1000,threads=1,k=8,reply=4");
  assert_spec ("mcts:ms=1000,threads=2", "mcts:ms=1000,threads=2,k=8,reply=4");
  assert_spec ("mcts:ms=5000,iterations=400", "mcts:iterations=400,ms=5000,threads=1,k=6,reply=3");
  assert_spec ("mcts:cpu-ms=1000,k=3", "mcts:cpu-ms=1000,threads=1,k=3,reply=4");
  assert_spec ("mcts:cpu-ms=1000,reply=1", "mcts:cpu-ms=1000,threads=1,k=8,reply=1");
  assert_spec ("mcts:ms=100000", "mcts:ms=100000,threads=1,k=20,reply=10");
  assert_spec ("mcts:ms=1000,k=0", "mcts:ms=1000,threads=1,depth=4,c=30,k=0");
}
END_TEST

START_TEST (test_refusals)
{
  assert_refused ("best", "no bot strategy 'best' (random, greedy, mcts)");
  assert_refused ("greedy:ms=5", "bot strategy 'greedy' has no option 'ms'");
  assert_refused ("mcts:ms=0", "bot option 'ms' is an unsigned number (u) from 1 to 3600000");
  assert_refused ("mcts:threads=many",
                  "bot option 'threads' is an unsigned number (u) from 1 to 256");
  assert_refused ("mcts:threads", "bot option 'threads' is not key=value");
  assert_refused ("mcts:cpu-ms=0",
                  "bot option 'cpu-ms' is an unsigned number (u) from 1 to 3600000");
  assert_refused ("mcts:cpu-ms=fast",
                  "bot option 'cpu-ms' is an unsigned number (u) from 1 to 3600000");
  assert_refused ("mcts:k=1001", "bot option 'k' is an unsigned number (u) from 0 to 1000");
  assert_refused ("mcts:reply=1001", "bot option 'reply' is an unsigned number (u) from 0 to 1000");
  assert_refused ("greedy:k=5", "bot strategy 'greedy' has no option 'k'");

  g_autoptr (GError) error = NULL;
  g_autoptr (CarcBot) bot = carc_bot_new_from_spec ("mcts:iterations=5,threads=2,k=0", 1, &error);
  ck_assert (bot != NULL);
  g_autofree char *spec = carc_bot_to_spec (bot);
  ck_assert_str_eq (spec, "mcts:iterations=5,threads=2,depth=4,c=30,k=0");
  g_autoptr (CarcBot) halving = carc_bot_new_from_spec ("mcts:cpu-ms=200,k=6,threads=2", 1, &error);
  ck_assert (halving != NULL);
  g_autofree char *halving_spec = carc_bot_to_spec (halving);
  ck_assert_str_eq (halving_spec, "mcts:cpu-ms=200,threads=2,k=6,reply=2");
  assert_spec ("mcts", "mcts:iterations=1000,threads=1,k=8,reply=4");

  /* a game that is over */
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  static const char *const one[] = { "D", NULL };
  carc_game_config_set_tile_order (config, one);
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  CarcRng rng;
  carc_rng_init (&rng, 1, 1);
  random_player_play (game, &rng);
  CarcMove move;
  ck_assert (!carc_bot_choose (bot, game, &move, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_GAME_OVER));
  g_clear_error (&error);

  /* an expansion without copy_data: random still plays, search cannot */
  g_autoptr (CarcPlugin) plugin = nocopy_plugin_new ();
  g_autoptr (CarcGameConfig) with = carc_game_config_new_base (NULL);
  ck_assert (carc_game_config_add_expansion (with, plugin, NULL));
  g_autoptr (CarcGame) g2 = carc_game_new (with, NULL);
  ck_assert (!carc_game_copy (g2, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_PLUGIN));
  ck_assert_str_eq (error->message,
                    "expansion no-copy keeps per-game data and has no copy_data hook");
  g_clear_error (&error);
  ck_assert (!carc_bot_choose (bot, g2, &move, &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_PLUGIN));
  g_autoptr (CarcBot) random = carc_bot_new ("random", NULL, 1, NULL);
  ck_assert (carc_bot_choose (random, g2, &move, NULL));
  ck_assert (carc_game_apply_move (g2, &move, NULL));
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("bots");
  TCase *tc = tcase_create ("bots");
  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_copy_plays_on);
  tcase_add_test (tc, test_redeal_depends_on_public_only);
  tcase_add_test (tc, test_bots_see_only_public);
  tcase_add_loop_test (tc, test_strategies_play_expansions, 0, 9);
  tcase_add_loop_test (tc, test_halving_deterministic, 0, 2);
  tcase_add_test (tc, test_halving_scales_with_budget);
  tcase_add_test (tc, test_refusals);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
