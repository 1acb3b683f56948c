/* test-gobject.c: the GObject face of the engine that bindings use, from C: the enum GTypes
 * and their nicks, the "event" signal (the same events as the callback, detailed by type),
 * boxed copies that keep their tile set alive, the binding-friendly accessors, configs
 * with expansions by name. tests/gi/gi-api.py checks the same through PyGObject. */
#include "config.h"

#include <check.h>
#include "carcassonne.h"
#include "check-run.h"
#include "random-player.h"

static void
play (CarcGame *game, guint64 seed)
{
  CarcRng rng;
  carc_rng_init (&rng, seed, 1);
  random_player_play (game, &rng);
}

static CarcGame *
base_game (guint64 seed, guint players)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (&error);
  ck_assert_ptr_nonnull (config);
  carc_game_config_set_seed (config, seed);
  carc_game_config_set_n_players (config, players);
  CarcGame *game = carc_game_new_with_signals (config, &error);
  ck_assert_ptr_nonnull (game);
  return game;
}

START_TEST (test_enum_nicks)
{
  g_autoptr (GEnumClass) events = g_type_class_ref (CARC_TYPE_EVENT_TYPE);
  for (guint t = CARC_EVENT_TURN_STARTED; t <= CARC_EVENT_TURN_PASSED; t++)
    ck_assert_str_eq (g_enum_get_value (events, (gint)t)->value_nick,
                      carc_event_type_to_string (t));
  g_autoptr (GEnumClass) kinds = g_type_class_ref (CARC_TYPE_FEATURE_KIND);
  for (guint k = CARC_FEATURE_FIELD; k <= CARC_FEATURE_CLOISTER; k++)
    ck_assert_str_eq (g_enum_get_value (kinds, (gint)k)->value_nick,
                      carc_feature_kind_to_string (k));
  g_autoptr (GEnumClass) errors = g_type_class_ref (CARC_TYPE_ERROR);
  ck_assert_int_eq (errors->n_values, CARC_ERROR_ILLEGAL_MOVE + 1);
  ck_assert_str_eq (g_quark_to_string (CARC_ERROR), "carc-error-quark");
  ck_assert (G_TYPE_IS_ENUM (CARC_TYPE_PHASE) && G_TYPE_IS_ENUM (CARC_TYPE_MOVE_TYPE));
  ck_assert (G_TYPE_IS_BOXED (CARC_TYPE_TILE_TYPE) && G_TYPE_IS_BOXED (CARC_TYPE_EVENT));
}
END_TEST

/* An event as a row of numbers, to compare what the callback and the signal saw. */
static void
log_event (GArray *log, const CarcEvent *ev)
{
  guint row[8] = { ev->type,     (guint)ev->player, ev->turn,  (guint)ev->x,
                   (guint)ev->y, ev->segment,       ev->piece, ev->points[0] + ev->points[1] };
  g_array_append_vals (log, row, G_N_ELEMENTS (row));
}

static void
on_callback (CarcGame *game, const CarcEvent *ev, gpointer data)
{
  log_event (data, ev);
}

static void
on_signal (CarcGame *game, CarcEvent *ev, gpointer data)
{
  log_event (data, ev);
}

static void
on_game_over (CarcGame *game, CarcEvent *ev, gpointer data)
{
  guint n;
  g_autofree guint *scores = carc_game_get_scores (game, &n);
  const guint *points = carc_event_get_points (ev, &n);
  ck_assert_int_eq (ev->type, CARC_EVENT_GAME_OVER);
  for (guint p = 0; p < n; p++)
    ck_assert_uint_eq (points[p], scores[p]);
  (*(guint *)data)++;
}

START_TEST (test_signal_is_the_callback)
{
  g_autoptr (CarcGame) game = base_game (17, 3);
  g_autoptr (GArray) by_callback = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) by_signal = g_array_new (FALSE, FALSE, sizeof (guint));
  guint over = 0;
  carc_game_set_event_func (game, on_callback, by_callback, NULL);
  g_signal_connect (game, "event", G_CALLBACK (on_signal), by_signal);
  g_signal_connect (game, "event::game-over", G_CALLBACK (on_game_over), &over);
  play (game, 17);
  ck_assert_uint_gt (by_signal->len, 8 * 200);
  ck_assert_uint_eq (by_signal->len, by_callback->len);
  ck_assert_mem_eq (by_signal->data, by_callback->data, by_signal->len * sizeof (guint));
  ck_assert_uint_eq (over, 1);
}
END_TEST

/* In C, carc_game_new() games emit no "event" signal until asked: the callback is the cheap
 * way there. */
START_TEST (test_signals_off_in_c)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (&error);
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  g_autoptr (GArray) log = g_array_new (FALSE, FALSE, sizeof (guint));
  g_signal_connect (game, "event", G_CALLBACK (on_signal), log);
  ck_assert (!carc_game_get_event_signals (game));
  CarcRng rng;
  carc_rng_init (&rng, 3, 1);
  ck_assert (random_player_turn (game, &rng, NULL));
  ck_assert_uint_eq (log->len, 0);
  carc_game_set_event_signals (game, TRUE);
  ck_assert (random_player_turn (game, &rng, NULL));
  ck_assert_uint_gt (log->len, 0);
}
END_TEST

START_TEST (test_blocked_handler)
{
  g_autoptr (CarcGame) game = base_game (3, 2);
  g_autoptr (GArray) log = g_array_new (FALSE, FALSE, sizeof (guint));
  gulong id = g_signal_connect (game, "event", G_CALLBACK (on_signal), log);
  CarcRng rng;
  carc_rng_init (&rng, 3, 1);
  ck_assert (random_player_turn (game, &rng, NULL));
  guint seen = log->len;
  ck_assert_uint_gt (seen, 0);
  g_signal_handler_block (game, id);
  ck_assert (random_player_turn (game, &rng, NULL));
  ck_assert_uint_eq (log->len, seen);
  g_signal_handler_unblock (game, id);
  ck_assert (random_player_turn (game, &rng, NULL));
  ck_assert_uint_gt (log->len, seen);
}
END_TEST

static void
set_gone (gpointer data, GObject *where)
{
  *(gboolean *)data = TRUE;
}

START_TEST (test_boxed_copies_keep_the_set)
{
  CarcGame *game = base_game (5, 2);
  play (game, 5);
  CarcPieceInfo info;
  ck_assert (carc_game_get_piece (game, 10, &info));
  CarcPieceInfo *copy = carc_piece_info_copy (&info);
  const CarcTileType *tile = g_boxed_copy (CARC_TYPE_TILE_TYPE, info.tile);
  gboolean gone = FALSE;
  g_object_weak_ref (G_OBJECT (carc_tile_type_get_tile_set (tile)), set_gone, &gone);
  g_object_unref (game);
  ck_assert (!gone);
  ck_assert_str_eq (carc_tile_type_get_id (copy->tile), carc_tile_type_get_id (tile));
  carc_piece_info_free (copy);
  ck_assert (!gone);
  g_boxed_free (CARC_TYPE_TILE_TYPE, (gpointer)tile);
  ck_assert (gone);
}
END_TEST

START_TEST (test_accessors)
{
  g_autoptr (CarcGame) game = base_game (9, 4);
  guint n = 99;
  g_autofree guint *scores = carc_game_get_scores (game, &n);
  ck_assert_uint_eq (n, 4);
  ck_assert_uint_eq (scores[0] + scores[1] + scores[2] + scores[3], 0);
  CarcPieceInfo **pieces = carc_game_list_pieces_at (game, 0, 0, &n);
  ck_assert_uint_eq (n, 1);
  ck_assert_int_eq (pieces[0]->player, -1);
  ck_assert_str_eq (carc_tile_type_get_id (carc_piece_info_get_tile (pieces[0])), "D");
  ck_assert_ptr_null (pieces[1]);
  carc_piece_info_free (pieces[0]);
  g_free (pieces);
  pieces = carc_game_list_pieces_at (game, 3, 3, &n);
  ck_assert_uint_eq (n, 0);
  ck_assert_ptr_null (pieces[0]);
  g_free (pieces);
  CarcFeatureInfo feature;
  ck_assert (carc_game_get_feature (game, 0, 0, 0, &feature));
  ck_assert_ptr_eq (carc_feature_info_get_followers (&feature, &n), feature.followers);
  ck_assert_uint_eq (n, CARC_MAX_PLAYERS);
  g_autoptr (CarcRng) rng = carc_rng_new (9, 1);
  CarcRng same;
  carc_rng_init (&same, 9, 1);
  ck_assert_uint_eq (carc_rng_next (rng), carc_rng_next (&same));
}
END_TEST

START_TEST (test_expansions_by_name)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new_default ();
  ck_assert_uint_eq (carc_plugin_host_get_n_plugins (host), 9);
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (&error);
  ck_assert (carc_game_config_add_expansion_by_name (config, host, "abbey", &error));
  ck_assert (!carc_game_config_add_expansion_by_name (config, host, "abbey", &error));
  g_clear_error (&error);
  ck_assert (!carc_game_config_add_expansion_by_name (config, host, "dragons", &error));
  ck_assert (g_error_matches (error, CARC_ERROR, CARC_ERROR_UNKNOWN_EXPANSION));
  ck_assert_uint_eq (carc_game_config_get_n_expansions (config), 1);
  ck_assert_ptr_eq (
      carc_game_config_get_tiles (config),
      carc_tile_type_get_tile_set (carc_tile_set_get_start (carc_game_config_get_tiles (config))));
}
END_TEST

/* Issue 14: a game copies its config at creation (doc/engine-api.md), so changing the config
 * afterwards changes nothing in a running game: turning farmers off used to take the field
 * deployments away, and setting 5 players made a 2-player game's record say 5. */
START_TEST (test_config_frozen_at_creation)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (&error);
  ck_assert_ptr_nonnull (config);
  carc_game_config_set_tile_order (config, (const char *const[]){ "B", "U", NULL });
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  ck_assert_ptr_nonnull (game);
  carc_game_config_set_farmers (config, FALSE);
  carc_game_config_set_n_players (config, 5);
  carc_game_config_set_tile_order (config, (const char *const[]){ "C", NULL });

  ck_assert_uint_eq (carc_game_get_tiles_left (game), 1);
  /* The cloister tile B: a monk on the cloister (segment 0) or a farmer on its field (1). */
  ck_assert_str_eq (carc_tile_type_get_id (carc_game_get_current_tile (game)), "B");
  CarcPlacement at;
  ck_assert (carc_game_get_placement (game, 0, &at));
  ck_assert (carc_game_place (game, at.x, at.y, at.rotation, &error));
  guint n = 0;
  const CarcDeployment *d = carc_game_get_deployments (game, &n);
  ck_assert_uint_eq (n, 2);
  ck_assert_int_eq (d[0].kind, CARC_FEATURE_CLOISTER);
  ck_assert_int_eq (d[1].kind, CARC_FEATURE_FIELD);
  ck_assert (carc_game_deploy (game, d[1].figure, d[1].segment, &error));

  /* The record says 2 players, farmers on and the tile order the game was made with. */
  g_autofree char *text = carc_game_to_record (game, NULL);
  g_autoptr (CarcRecord) record
      = carc_record_parse (text, -1, carc_game_config_get_tiles (config), NULL, &error);
  ck_assert_msg (record != NULL, "%s", error ? error->message : "?");
  const CarcGameConfig *recorded = carc_record_get_config (record);
  ck_assert_uint_eq (carc_game_config_get_n_players (recorded), 2);
  ck_assert (carc_game_config_get_farmers (recorded));
  g_autoptr (CarcGame) again = carc_record_replay (record, G_MAXUINT, NULL, NULL, NULL, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "?");
  ck_assert_uint_eq (carc_game_get_n_players (again), 2);
  ck_assert_str_eq (carc_tile_type_get_id (carc_game_get_current_tile (again)), "U");
  /* carc_game_get_config() is the game's copy, unchanged too. */
  const CarcGameConfig *kept = carc_game_get_config (game);
  ck_assert_ptr_ne (kept, config);
  ck_assert (carc_game_config_get_farmers (kept));
  ck_assert_uint_eq (carc_game_config_get_n_players (kept), 2);
}
END_TEST

static guint criticals;

static void
count_criticals (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  if (level & G_LOG_LEVEL_CRITICAL)
    criticals++;
}

/* Issue 14: every public entry point checks its arguments in the GLib manner: a NULL game,
 * config or out-pointer logs a critical and gets a neutral answer, nothing crashes. */
START_TEST (test_preconditions)
{
  g_log_set_default_handler (count_criticals, NULL);
  guint n = 7;
  ck_assert_int_eq (carc_game_get_phase (NULL), CARC_PHASE_OVER);
  ck_assert_uint_eq (carc_game_get_n_players (NULL), 0);
  ck_assert_ptr_null (carc_game_get_placements (NULL, &n));
  ck_assert (!carc_game_can_place (NULL, 0, 0, 0));
  ck_assert (!carc_game_place (NULL, 0, 1, 0, NULL));
  ck_assert_uint_eq (criticals, 5);
  ck_assert_ptr_null (carc_game_new (NULL, NULL));
  ck_assert_uint_eq (carc_game_config_get_n_players (NULL), 0);
  ck_assert_ptr_null (carc_tile_set_lookup (NULL, "D"));
  ck_assert_ptr_null (carc_tile_type_get_id (NULL));
  ck_assert_ptr_null (carc_record_get_config (NULL));
  ck_assert_uint_eq (criticals, 10);
  /* A real game with a NULL out-pointer: refused, and the game is unchanged. */
  g_autoptr (CarcGame) game = base_game (3, 2);
  ck_assert_ptr_null (carc_game_get_placements (game, NULL));
  ck_assert (!carc_game_get_placement (game, 0, NULL));
  ck_assert (!carc_game_get_piece (game, 0, NULL));
  ck_assert_uint_eq (criticals, 13);
  ck_assert_int_eq (carc_game_get_phase (game), CARC_PHASE_PLACE);
  ck_assert_uint_eq (carc_game_get_n_pieces (game), 1);
  ck_assert_uint_eq (n, 7);
  ck_assert_uint_eq (criticals, 13);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("gobject");
  TCase *tc = tcase_create ("gobject");
  tcase_add_test (tc, test_enum_nicks);
  tcase_add_test (tc, test_signal_is_the_callback);
  tcase_add_test (tc, test_blocked_handler);
  tcase_add_test (tc, test_signals_off_in_c);
  tcase_add_test (tc, test_boxed_copies_keep_the_set);
  tcase_add_test (tc, test_accessors);
  tcase_add_test (tc, test_expansions_by_name);
  tcase_add_test (tc, test_config_frozen_at_creation);
  tcase_add_test (tc, test_preconditions);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
