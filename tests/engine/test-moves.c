/* test-moves.c: moves as data (issue 16, Moves; doc/engine-model.md, "Moves"): the legal-move
 * list, the one apply, a plugin's move type and phase, records of plugin moves.
 *
 * The fixture is tests/common/ring-bell.c, built in: after each scored turn a player who has
 * not rung holds the "bell" phase, with the moves "ring-bell" (1 point, once per game) and
 * "no-bell". Board: the start tile D at (0, 0); the pile is W, A (the figures test's board A).
 */
#include "config.h"

#include <check.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"
#include "scenario.h"

#define TILES(...)               ((const char *const[]){ __VA_ARGS__, NULL })
#define ck_assert_error(e, d, c) ck_assert (g_error_matches ((e), (d), (c)))

extern const CarcPluginDesc carc_plugin_desc; /* ring-bell.c */

static Scenario *
new_game (void)
{
  test_plugin_host_add_static (&carc_plugin_desc, 1);
  return scenario_new_expansions (2, "ring-bell", TILES ("W", "A"), NULL);
}

/* The moves as "name args" lines. */
static char *
moves_text (CarcGame *g, guint player, guint max)
{
  g_autoptr (GPtrArray) moves = carc_game_list_moves (g, player);
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < moves->len && i < max; i++)
    {
      const CarcMove *m = moves->pdata[i];
      g_autoptr (GVariant) args = g_variant_ref_sink (carc_move_to_args (m));
      g_autofree char *a = g_variant_print (args, FALSE);
      g_string_append_printf (s, "%s%s %s", s->len ? "\n" : "", carc_move_get_name (m), a);
    }
  if (moves->len > max)
    g_string_append_printf (s, "\n... %u", moves->len);
  return g_string_free (s, FALSE);
}

static guint
n_recorded (CarcGame *g)
{
  guint n;
  carc_game_get_moves (g, &n);
  return n;
}

static void
play (CarcGame *g, const char *name, GVariant *args)
{
  g_autoptr (GError) error = NULL;
  CarcMove m;
  g_autoptr (GVariant) owned = args ? g_variant_ref_sink (args) : NULL;
  ck_assert_msg (carc_move_init_from_args (&m, name, owned, &error), "%s", error->message);
  ck_assert_msg (carc_game_apply_move (g, &m, &error), "%s", error->message);
}

static void
assert_moves (CarcGame *g, guint player, guint max, const char *want)
{
  g_autofree char *got = moves_text (g, player, max);
  ck_assert_str_eq (got, want);
}

/* Each phase lists exactly its moves, in order; the plugin phase only the plugin's. */
START_TEST (test_list_per_phase)
{
  g_autoptr (Scenario) sc = new_game ();
  CarcGame *g = sc->game;
  ck_assert_str_eq (carc_game_get_phase_name (g), "place");
  ck_assert_ptr_null (carc_game_get_phase_owner (g));
  /* place: the placements, as carc_game_get_placements() */
  guint n;
  const CarcPlacement *pl = carc_game_get_placements (g, &n);
  g_autoptr (GPtrArray) all = carc_game_list_moves (g, 0);
  ck_assert_uint_eq (all->len, n);
  for (guint i = 0; i < n; i++)
    {
      const CarcMove *m = all->pdata[i];
      ck_assert_int_eq (m->type, CARC_MOVE_PLACE);
      ck_assert_int_eq (m->x, pl[i].x);
      ck_assert_int_eq (m->y, pl[i].y);
      ck_assert_uint_eq (m->rotation, pl[i].rotation);
    }
  /* not player 1's turn: nothing */
  assert_moves (g, 1, 10, "");
  play (g, "place", g_variant_new_parsed ("{'x': <1>, 'y': <0>, 'rotation': <uint32 0>}"));
  /* deploy: W's 3 road arms and 3 fields, followers only (the ringer stands only on
   * cloisters), then skip */
  assert_moves (g, 0, 10,
                "deploy {'segment': <uint32 0>, 'figure': <'follower'>}\n"
                "deploy {'segment': <uint32 1>, 'figure': <'follower'>}\n"
                "deploy {'segment': <uint32 2>, 'figure': <'follower'>}\n"
                "deploy {'segment': <uint32 3>, 'figure': <'follower'>}\n"
                "deploy {'segment': <uint32 4>, 'figure': <'follower'>}\n"
                "deploy {'segment': <uint32 5>, 'figure': <'follower'>}\n"
                "skip {}");
  play (g, "skip", NULL);
  /* the plugin's phase, still player 0's: only its moves */
  ck_assert_int_eq (carc_game_get_phase (g), CARC_PHASE_PLUGIN);
  ck_assert_str_eq (carc_game_get_phase_name (g), "bell");
  ck_assert_str_eq (carc_game_get_phase_owner (g), "ring-bell");
  ck_assert_uint_eq (carc_game_get_current_player (g), 0);
  assert_moves (g, 0, 10, "ring-bell {}\nno-bell {}");
  play (g, "ring-bell", NULL);
  ck_assert_uint_eq (carc_game_get_score (g, 0), 1);
  ck_assert_int_eq (carc_game_get_phase (g), CARC_PHASE_PLACE);
  ck_assert_uint_eq (carc_game_get_current_player (g), 1);
}
END_TEST

/* Refusals change nothing and say why: the exact errors. */
START_TEST (test_refusals)
{
  g_autoptr (Scenario) sc = new_game ();
  CarcGame *g = sc->game;
  g_autoptr (GError) error = NULL;
  CarcMove m;
  /* a plugin move outside its phase: the plugin's refusal */
  ck_assert (carc_move_init_from_args (&m, "ring-bell", NULL, &error));
  ck_assert (!carc_game_apply_move (g, &m, &error));
  ck_assert_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE);
  ck_assert_str_eq (error->message, "the bell rings only after a turn");
  g_clear_error (&error);
  ck_assert_uint_eq (n_recorded (g), 0);
  /* an unknown move name */
  ck_assert (!carc_move_init_from_args (&m, "jump", NULL, &error));
  ck_assert_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE);
  ck_assert_str_eq (error->message, "'jump' is not a move");
  g_clear_error (&error);
  /* a long name quoted in part, cut between two characters, never inside one: the message
   * goes to D-Bus, which takes valid UTF-8 only (found by the D-Bus fuzzer: the daemon
   * aborted in libdbus on a name cut inside a 2-byte character) */
  g_autofree char *accented = g_strconcat ("x",
                                           "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
                                           "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9",
                                           NULL);
  ck_assert (!carc_move_init_from_args (&m, accented, NULL, &error));
  ck_assert (g_utf8_validate (error->message, -1, NULL));
  ck_assert_str_eq (error->message, "'x\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
                                    "\u00e9\u00e9\u00e9\u00e9\u00e9' is not a move");
  g_clear_error (&error);
  /* arguments: unknown, of the wrong type, missing, extra */
  g_autoptr (GVariant) bad_key = g_variant_ref_sink (g_variant_new_parsed ("{'z': <1>}"));
  ck_assert (!carc_move_init_from_args (&m, "place", bad_key, &error));
  ck_assert_str_eq (error->message, "no move takes an argument 'z'");
  g_clear_error (&error);
  g_autoptr (GVariant) bad_type = g_variant_ref_sink (g_variant_new_parsed ("{'x': <uint32 1>}"));
  ck_assert (!carc_move_init_from_args (&m, "place", bad_type, &error));
  ck_assert_str_eq (error->message, "move argument 'x' must be of type i, not u");
  g_clear_error (&error);
  g_autoptr (GVariant) no_y = g_variant_ref_sink (g_variant_new_parsed ("{'x': <1>}"));
  ck_assert (!carc_move_init_from_args (&m, "place", no_y, &error));
  ck_assert_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT);
  ck_assert_str_eq (error->message, "a place move needs 'y'");
  g_clear_error (&error);
  ck_assert (!carc_move_init_from_args (&m, "skip", no_y, &error));
  ck_assert_str_eq (error->message, "a skip move takes no 'x'");
  g_clear_error (&error);
  /* a plugin move with arguments its type has not */
  ck_assert (carc_move_init_from_args (&m, "ring-bell", no_y, &error));
  ck_assert (!carc_game_apply_move (g, &m, &error));
  ck_assert_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT);
  ck_assert_str_eq (error->message, "a ring-bell move takes no arguments");
  g_clear_error (&error);
  /* in the plugin's phase the built-in moves are refused */
  scenario_place (sc, 1, 0, 0);
  scenario_skip (sc);
  ck_assert (!carc_game_skip (g, &error));
  ck_assert_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE);
  ck_assert_str_eq (error->message,
                    "the bell phase of expansion ring-bell is on; make one of its moves");
  g_clear_error (&error);
  ck_assert_uint_eq (n_recorded (g), 2);
}
END_TEST

/* A plugin move is recorded as {"move": "<type>"}, replays through apply, and the record
 * reads back to the same game (same state hash). */
START_TEST (test_record_round_trip)
{
  g_autoptr (Scenario) sc = new_game ();
  CarcGame *g = sc->game;
  scenario_place (sc, 1, 0, 0);
  scenario_skip (sc);
  play (g, "no-bell", NULL);
  scenario_place (sc, -1, 0, 3);
  scenario_skip (sc);
  play (g, "ring-bell", NULL);
  ck_assert_int_eq (carc_game_get_phase (g), CARC_PHASE_OVER);
  guint n;
  const CarcMove *moves = carc_game_get_moves (g, &n);
  ck_assert_uint_eq (n, 6);
  g_autofree char *json = carc_move_to_json (&moves[2], NULL, 0);
  ck_assert_str_eq (json, "{\"move\":\"no-bell\"}");
  g_autofree char *json5 = carc_move_to_json (&moves[5], NULL, 0);
  ck_assert_str_eq (json5, "{\"move\":\"ring-bell\"}");
  g_autoptr (GError) error = NULL;
  CarcMove back;
  ck_assert (carc_move_from_json (json5, -1, &back, &error));
  ck_assert_int_eq (back.type, CARC_MOVE_PLUGIN);
  ck_assert_str_eq (back.name, "ring-bell");
  g_autofree char *record = carc_game_to_record (g, NULL);
  ck_assert_ptr_nonnull (strstr (record, "{\"move\":\"ring-bell\",\"scores\":[0,1]}"));
  g_autoptr (CarcRecord) r
      = carc_record_parse (record, -1, carc_game_config_get_tiles (carc_game_get_config (g)),
                           test_plugin_host (), &error);
  ck_assert_msg (r != NULL, "%s", error ? error->message : "");
  g_autoptr (CarcGame) again = carc_record_replay (r, G_MAXUINT, NULL, NULL, NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "");
  g_autofree char *h1 = carc_game_get_state_hash (g);
  g_autofree char *h2 = carc_game_get_state_hash (again);
  ck_assert_str_eq (h1, h2);
  ck_assert_uint_eq (carc_game_get_score (again, 1), 1);
  /* and carc_game_replay() of the move log */
  g_autoptr (CarcGame) replayed = carc_game_replay (carc_game_get_config (g), moves, n, &error);
  ck_assert_msg (replayed != NULL, "%s", error ? error->message : "");
  g_autofree char *h3 = carc_game_get_state_hash (replayed);
  ck_assert_str_eq (h1, h3);
}
END_TEST

/* The phase is in the state hash: a game in the bell phase differs from one past it. */
START_TEST (test_phase_in_hash)
{
  g_autoptr (Scenario) a = new_game ();
  g_autoptr (Scenario) b = new_game ();
  scenario_place (a, 1, 0, 0);
  scenario_skip (a);
  scenario_place (b, 1, 0, 0);
  scenario_skip (b);
  play (b->game, "no-bell", NULL);
  g_autofree char *ha = carc_game_get_state_hash (a->game);
  g_autofree char *hb = carc_game_get_state_hash (b->game);
  ck_assert_str_ne (ha, hb);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("moves");
  TCase *tc = tcase_create ("moves");
  tcase_add_test (tc, test_list_per_phase);
  tcase_add_test (tc, test_refusals);
  tcase_add_test (tc, test_record_round_trip);
  tcase_add_test (tc, test_phase_in_hash);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
