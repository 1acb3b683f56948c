/* test-daemon-lifetime.c: when the daemon removes a game, and what clients see of it.
 *
 * doc/dbus-game.md ("When a game goes away"): a game nobody on the bus holds goes at once when
 * it is over, otherwise after --abandon-timeout seconds nobody held it in a row; a seat taken
 * back restarts the count; the game's last property changes are sent before it goes.
 */
#include "config.h"

#include <check.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

static gboolean
game_exists (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) r = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
  GVariantIter iter;
  const char *path;

  g_variant_iter_init (&iter, list);
  while (g_variant_iter_next (&iter, "&o", &path))
    if (g_str_equal (path, game))
      return TRUE;
  return FALSE;
}

/* Sleeps while the main context runs. */
static void
run_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE) || (g_usleep (1000), TRUE);
}

/* issue 3 / doc/dbus-game.md: an abandoned game waits for its tokens for the whole timeout,
 * counted from the last time someone held it. */
START_TEST (test_abandon_timeout_restarts_on_rejoin)
{
  const char *args[] = { "--abandon-timeout=2", NULL };
  GPid pid = daemon_start (args);
  g_autoptr (GDBusConnection) watcher = client_new ();
  GDBusConnection *c = client_new ();
  g_autofree char *game = create_game (c, "{'players': <uint32 2>}");
  g_autofree char *token = NULL;
  g_autofree char *player = join_game (c, game, "Ann", &token);
  g_autofree char *back = NULL;
  g_autoptr (GVariant) r = NULL;

  /* abandoned at t=0 */
  g_dbus_connection_close_sync (c, NULL, NULL);
  g_object_unref (c);
  run_for (1200);
  ck_assert (game_exists (watcher, game));
  /* held again at t=1.2 for a moment: the count starts again when it is let go */
  c = client_new ();
  r = call_ok (c, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", token));
  g_variant_get (r, "(o)", &back);
  ck_assert_str_eq (back, player);
  g_dbus_connection_close_sync (c, NULL, NULL);
  g_object_unref (c);
  /* t=2.4: 1.2 s abandoned, not 2 */
  run_for (1200);
  ck_assert_msg (game_exists (watcher, game), "removed before 2 s of abandonment");
  WAIT_FOR (!game_exists (watcher, game));
  ck_assert (!game_exists (watcher, game));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A held game stays past the timeout. */
START_TEST (test_held_game_stays)
{
  const char *args[] = { "--abandon-timeout=1", NULL };
  GPid pid = daemon_start (args);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{}");

  run_for (1500);
  ck_assert (game_exists (c, game));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

typedef struct
{
  char *game;
  gboolean over_seen; /* State 3 in a PropertiesChanged */
  gboolean removed_after_over;
  gboolean removed;
} Watch;

static void
on_signal (GDBusConnection *c, const char *sender, const char *path, const char *iface,
           const char *member, GVariant *args, gpointer data)
{
  Watch *w = data;

  if (g_str_equal (member, "PropertiesChanged") && g_str_equal (path, w->game))
    {
      g_autoptr (GVariant) changed = g_variant_get_child_value (args, 1);
      guint32 state;
      if (g_variant_lookup (changed, "State", "u", &state) && state == 3)
        w->over_seen = TRUE;
    }
  else if (g_str_equal (member, "InterfacesRemoved"))
    {
      const char *removed;
      g_variant_get_child (args, 0, "&o", &removed);
      if (g_str_equal (removed, w->game))
        {
          w->removed = TRUE;
          w->removed_after_over = w->over_seen;
        }
    }
}

/* doc/dbus-game.md: a finished game nobody holds goes at once, and a spectator still sees its
 * final State before InterfacesRemoved. */
START_TEST (test_last_changes_before_removal)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) spectator = client_new ();
  GDBusConnection *c = client_new ();
  Watch w = { 0 };
  guint sub;

  w.game = create_game (c, "{'bots': <uint32 2>, 'seed': <@t 99>, 'bot-delay': <uint32 5>}");
  sub = g_dbus_connection_signal_subscribe (spectator, NULL, NULL, NULL, NULL, NULL,
                                            G_DBUS_SIGNAL_FLAGS_NONE, on_signal, &w, NULL);
  g_variant_unref (call_ok (spectator, ROOT_PATH, "org.freedesktop.DBus.Peer", "Ping", NULL));
  g_variant_unref (call_ok (c, w.game, GAME_IFACE, "Start", NO_OPTIONS));
  /* the creator goes: the bots play on, and the end removes the game */
  g_dbus_connection_close_sync (c, NULL, NULL);
  g_object_unref (c);
  WAIT_FOR (w.removed);
  ck_assert_msg (w.removed, "the finished game was not removed");
  ck_assert_msg (w.removed_after_over, "State 3 was not announced before the game went");
  g_dbus_connection_signal_unsubscribe (spectator, sub);
  g_free (w.game);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

typedef struct
{
  char *game;
  gint tiles_left; /* last TilesLeft in a PropertiesChanged, -1: none */
} TilesWatch;

static void
on_tiles (GDBusConnection *c, const char *sender, const char *path, const char *iface,
          const char *member, GVariant *args, gpointer data)
{
  TilesWatch *w = data;
  g_autoptr (GVariant) changed = g_variant_get_child_value (args, 1);
  guint32 n;

  if (g_str_equal (path, w->game) && g_variant_lookup (changed, "TilesLeft", "u", &n))
    w->tiles_left = (gint)n;
}

/* issue 3: a client follows TilesLeft from PropertiesChanged alone, from its first value. */
START_TEST (test_tiles_left_announced_from_start)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  TilesWatch w = { NULL, -1 };
  g_autofree char *token = NULL, *player = NULL;
  guint sub;

  w.game = create_game (c, "{'tile-order': <['A', 'B']>}");
  player = join_game (c, w.game, "Ann", &token);
  g_variant_unref (
      call_ok (c, w.game, GAME_IFACE, "AddBot", g_variant_new ("(sa{sv})", "Bot", NULL)));
  ck_assert_uint_eq (get_uint (c, w.game, GAME_IFACE, "TilesLeft"), 2);
  sub = g_dbus_connection_signal_subscribe (c, NULL, "org.freedesktop.DBus.Properties",
                                            "PropertiesChanged", w.game, NULL,
                                            G_DBUS_SIGNAL_FLAGS_NONE, on_tiles, &w, NULL);
  g_variant_unref (call_ok (c, w.game, GAME_IFACE, "Start", NO_OPTIONS));
  /* one tile is in play, one is face down */
  WAIT_FOR (w.tiles_left == 1);
  ck_assert_int_eq (w.tiles_left, 1);
  ck_assert_uint_eq (get_uint (c, w.game, GAME_IFACE, "TilesLeft"), 1);
  g_dbus_connection_signal_unsubscribe (c, sub);
  g_free (w.game);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
lifetime_suite (void)
{
  Suite *s = suite_create ("daemon-lifetime");
  TCase *tc = tcase_create ("lifetime");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_abandon_timeout_restarts_on_rejoin);
  tcase_add_test (tc, test_held_game_stays);
  tcase_add_test (tc, test_last_changes_before_removal);
  tcase_add_test (tc, test_tiles_left_announced_from_start);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (lifetime_suite ());
}
