/* test-daemon-rules.c: the core's rule options over D-Bus (doc/dbus-manager.md, RuleOptions
 * and CreateGame; doc/rules.md section 13; RULES-next.md section 8): the daemon lists them
 * with their defaults and allowed values, CreateGame takes them and refuses a value they do
 * not allow with the documented message, Game.Options shows them, and a record carries them
 * through ExportRecord and ImportGame. */
#include "config.h"

#include <check.h>
#include <string.h>
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"

/* Manager.RuleOptions, exactly. */
START_TEST (test_rule_options_listed)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autoptr (GVariant) rules = get_property (c, ROOT_PATH, MANAGER_IFACE, "RuleOptions");
  g_autofree char *text = g_variant_print (rules, FALSE);
  ck_assert_str_eq (
      text,
      "[('farmers', 'followers may go on fields as farmers: 1 on, 0 off', 1, [1, 0]), "
      "('field-scoring', 'farm scoring by edition: 3 per field 3 per city (D2), 2 the same but "
      "each city once per player, 1 per city 4 to the majority of the farmers of all its "
      "fields', 3, [3, 2, 1]), ('tiny-city-scoring', 'a completed city of 2 tiles: 4 scores 2 "
      "per tile and shield (D37), 2 scores 1 per tile and shield', 4, [4, 2])]");
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A value a rule option does not allow, or of the wrong type, is InvalidArgs with the
 * documented message, and creates nothing. */
START_TEST (test_rule_option_refused)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  static const struct
  {
    const char *options, *message;
  } cases[] = {
    { "{'tiny-city-scoring': <uint32 3>}",
      "Option \"tiny-city-scoring\" is 3; it must be 4 or 2 (Manager.RuleOptions)" },
    { "{'field-scoring': <uint32 0>}",
      "Option \"field-scoring\" is 0; it must be 3, 2 or 1 (Manager.RuleOptions)" },
    { "{'field-scoring': <true>}", "Option \"field-scoring\" must be of type u, not b" },
    { "{'field-scoring': <uint32 2>, 'field-scoring': <uint32 1>}",
      "Option \"field-scoring\" given twice" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      GVariant *options = g_variant_new_parsed (cases[i].options);
      g_autoptr (GVariant) r = call (c, ROOT_PATH, MANAGER_IFACE, "CreateGame",
                                     g_variant_new_tuple (&options, 1), &error);
      ck_assert_msg (r == NULL, "CreateGame took %s", cases[i].options);
      g_autofree char *remote = g_dbus_error_get_remote_error (error);
      ck_assert_str_eq (remote, E ("InvalidArgs"));
      g_dbus_error_strip_remote_error (error);
      ck_assert_str_eq (error->message, cases[i].message);
    }
  g_autoptr (GVariant) games = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
  g_autofree char *listed = g_variant_print (games, FALSE);
  ck_assert_str_eq (listed, "([],)");
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* CreateGame's rule options reach Game.Options (the defaults when not given), the record
 * ExportRecord writes of a bots' game, and the game ImportGame makes of it. */
START_TEST (test_rule_options_in_game_and_record)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *plain = create_game (c, "{}");
  g_autofree char *game = create_game (c, "{'bots': <uint32 2>, 'seed': <@t 3>, 'field-scoring': "
                                          "<uint32 1>, 'tiny-city-scoring': <uint32 2>}");
  {
    g_autoptr (GVariant) o = get_property (c, plain, GAME_IFACE, "Options");
    guint32 field, tiny;
    ck_assert (g_variant_lookup (o, "field-scoring", "u", &field));
    ck_assert (g_variant_lookup (o, "tiny-city-scoring", "u", &tiny));
    ck_assert_uint_eq (field, 3);
    ck_assert_uint_eq (tiny, 4);
  }
  g_autoptr (GVariant) o = get_property (c, game, GAME_IFACE, "Options");
  g_autofree char *text = g_variant_print (o, FALSE);
  ck_assert_str_eq (text, "{'players': <uint32 2>, 'followers': <uint32 7>, 'farmers': <true>, "
                          "'field-scoring': <uint32 1>, 'tiny-city-scoring': <uint32 2>, "
                          "'bot-delay': <uint32 0>, 'expansions': <@as []>}");
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (get_uint (c, game, GAME_IFACE, "State") == 3); /* over: anyone may export it */
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "ExportRecord", NO_OPTIONS);
  const char *record;
  g_variant_get (r, "(&s)", &record);
  ck_assert_ptr_nonnull (
      strstr (record, "\"rules\":{\"field-scoring\":1,\"tiny-city-scoring\":2}"));
  g_autoptr (GVariant) imported
      = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ImportGame",
                 g_variant_new ("(s@a{sv})", record, g_variant_new_parsed ("@a{sv} {}")));
  const char *copy;
  g_variant_get (imported, "(&o&s)", &copy, NULL);
  g_autoptr (GVariant) again = get_property (c, copy, GAME_IFACE, "Options");
  g_autofree char *again_text = g_variant_print (again, FALSE);
  ck_assert_str_eq (again_text, text);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A game's rule options survive the daemon's death: its journal brings them back
 * (doc/persistence.md). */
START_TEST (test_rule_options_restart)
{
  g_autofree char *dir = state_dir_new ();
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'field-scoring': <uint32 2>}");
  g_autoptr (GVariant) before = get_property (c, game, GAME_IFACE, "Options");
  g_autofree char *want = g_variant_print (before, FALSE);
  ck_assert_ptr_nonnull (strstr (want, "'field-scoring': <uint32 2>"));
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  g_autoptr (GVariant) after = get_property (c, game, GAME_IFACE, "Options");
  g_autofree char *got = g_variant_print (after, FALSE);
  ck_assert_str_eq (got, want);
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (dir);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-rules");
  TCase *tc = tcase_create ("rules");
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_rule_options_listed);
  tcase_add_test (tc, test_rule_option_refused);
  tcase_add_test (tc, test_rule_options_in_game_and_record);
  tcase_add_test (tc, test_rule_options_restart);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
