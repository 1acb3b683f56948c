/* test-session-turn.c: carcd_session_check_turn(), the daemon's rule that a move needs the
 * active seat's holder (issue 15, "A phantom seat"), checked on a session built by hand: the
 * engine's game, and seats some of which are missing, as a restore gone wrong would leave
 * them. */
#include "config.h"

#include <check.h>

#include "check-run.h"
#include "errors.h"
#include "session.h"

typedef struct
{
  CarcdSession session;
  CarcdSeat seats[2];
  CarcTileSet *tiles;
} Turn;

/* A started 2-player game (seat 0 to move) with both seats, or only seat 1 when @phantom. */
static void
turn_setup (Turn *t, gboolean phantom)
{
  g_autoptr (CarcGameConfig) config = NULL;

  memset (t, 0, sizeof *t);
  t->tiles = carc_tile_set_new_base (NULL);
  ck_assert_ptr_nonnull (t->tiles);
  config = carc_game_config_new (t->tiles);
  carc_game_config_set_n_players (config, 2);
  carc_game_config_set_seed (config, 3);
  t->session.game = carc_game_new (config, NULL);
  ck_assert_ptr_nonnull (t->session.game);
  ck_assert_uint_eq (carc_game_get_current_player (t->session.game), 0);
  t->session.options.players = 2;
  for (guint i = 0; i < 2; i++)
    {
      t->seats[i].session = &t->session;
      t->seats[i].index = i;
      if (i > 0 || !phantom)
        t->session.seats[i] = &t->seats[i];
    }
}

static void
turn_teardown (Turn *t)
{
  g_clear_object (&t->session.game);
  g_clear_object (&t->tiles);
}

/* The active seat's holder may move, another may not. */
START_TEST (test_active_seat)
{
  Turn t;
  g_autoptr (GError) error = NULL;

  turn_setup (&t, FALSE);
  ck_assert (carcd_session_check_turn (&t.session, &t.seats[0], NULL));
  ck_assert (!carcd_session_check_turn (&t.session, &t.seats[1], &error));
  ck_assert (g_error_matches (error, CARCD_ERROR, CARCD_ERROR_NOT_YOUR_TURN));
  ck_assert_str_eq (error->message, "It is seat 0's turn, not seat 1's");
  turn_teardown (&t);
}
END_TEST

/* The active seat has nobody in it: nobody may move for it (before issue 15, any seated
 * client could). */
START_TEST (test_phantom_seat)
{
  Turn t;
  g_autoptr (GError) error = NULL;

  turn_setup (&t, TRUE);
  ck_assert_ptr_null (carcd_session_active_seat (&t.session));
  ck_assert (!carcd_session_check_turn (&t.session, &t.seats[1], &error));
  ck_assert (g_error_matches (error, CARCD_ERROR, CARCD_ERROR_NOT_YOUR_TURN));
  ck_assert_str_eq (error->message, "It is seat 0's turn, not seat 1's");
  turn_teardown (&t);
}
END_TEST

/* Not in play (waiting): the turn is no question; the callers refuse by the phase. */
START_TEST (test_not_in_play)
{
  Turn t;

  turn_setup (&t, TRUE);
  g_clear_object (&t.session.game);
  ck_assert (carcd_session_check_turn (&t.session, &t.seats[1], NULL));
  turn_teardown (&t);
}
END_TEST

static Suite *
turn_suite (void)
{
  Suite *s = suite_create ("session-turn");
  TCase *tc = tcase_create ("turn");

  tcase_add_test (tc, test_active_seat);
  tcase_add_test (tc, test_phantom_seat);
  tcase_add_test (tc, test_not_in_play);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (turn_suite ());
}
