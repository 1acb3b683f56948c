/* test-daemon-floods.c: daemon-wide caps, abandoned waiting games, bounded errors (issue 15,
 * "Floods").
 *
 * Issue 15 found that the caps counted connections, not clients: 157 connections made 10,000
 * games, and another client's CreateGame was refused for the hour the abandon timer ran; and
 * that a 100 MiB argument to Properties.Get came back whole in the error. Here: the daemon-wide
 * caps (--max-games, --max-waiting-games, --max-seats) refuse with LimitExceeded and change
 * nothing, however many connections ask; a game not started that nobody holds goes after
 * --waiting-timeout; an error quotes at most 64 bytes of a client's string and is at most
 * 1024 bytes long (doc/dbus-errors.md, "Caps" and "Error messages").
 *
 * CAP_GAMES=N (the long form, `make check-caps`, doc/reliability.md) fills a daemon to N
 * games from N/64 connections and prints how long GetManagedObjects and a restart take
 * there; the figures are printed, never asserted.
 */
#include "config.h"

#include <check.h>
#include <string.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"
#include "daemon-stats.h"

#define ECHO_MAX 64   /* CDBUS_ECHO_MAX */
#define TEXT_MAX 1024 /* CDBUS_ERROR_TEXT_MAX */
#define MIB      (1024 * 1024)

/* Player.Connected of @player. */
static gboolean
is_connected (GDBusConnection *c, const char *player)
{
  g_autoptr (GVariant) v = get_property (c, player, PLAYER_IFACE, "Connected");
  return g_variant_get_boolean (v);
}

/* dbus-errors.md, "Caps": --max-waiting-games and --max-games count every client's games
 * together; --max-seats every client's seats. Each refusal is LimitExceeded and leaves the
 * daemon as it was (REFUSED compares snapshots); a game that starts frees a waiting place. */
START_TEST (test_daemon_wide_caps)
{
  static const char *const args[]
      = { "--max-games", "3", "--max-waiting-games", "2", "--max-seats", "3", NULL };
  GPid pid = daemon_start (args);
  GDBusConnection *c[4];
  char *games[3], *tokens[5], *players[5];
  g_autofree char *record = NULL;

  for (guint i = 0; i < 4; i++)
    c[i] = client_new ();
  /* two clients, one waiting game each: the waiting cap (2) is reached, not the games cap */
  games[0] = create_game (c[0], "{}");
  games[1] = create_game (c[1], "{}");
  REFUSED (c[2], games[0], ROOT_PATH, MANAGER_IFACE, "CreateGame", A ("(@a{sv} {},)"),
           E ("LimitExceeded"));
  /* game 1 starts: a waiting place is free again */
  players[0] = join_game (c[0], games[0], "Ann", &tokens[0]);
  players[1] = join_game (c[1], games[0], "Bob", &tokens[1]);
  g_variant_unref (call_ok (c[0], games[0], GAME_IFACE, "Start", NO_OPTIONS));
  games[2] = create_game (c[2], "{}");
  /* a third seat, by a third client: the seat cap (3) is reached, for a fourth client too */
  players[2] = join_game (c[2], games[1], "Cid", &tokens[2]);
  GAME_REFUSED (c[3], games[1], "Join", A ("('Dee', @a{sv} {})"), E ("LimitExceeded"));
  /* a bot holds no client's seat; a seat left is free for another client */
  g_variant_unref (call_ok (c[1], games[1], GAME_IFACE, "AddBot", A ("('Bot', @a{sv} {})")));
  g_variant_unref (call_ok (c[2], games[1], GAME_IFACE, "Leave", NO_OPTIONS));
  players[3] = join_game (c[3], games[1], "Dee", &tokens[3]);
  /* game 2 starts: one game waits, three are held, the games cap (3) alone refuses */
  g_variant_unref (call_ok (c[3], games[1], GAME_IFACE, "Start", NO_OPTIONS));
  record = export_record (c[0], games[0]);
  REFUSED (c[3], games[2], ROOT_PATH, MANAGER_IFACE, "CreateGame", A ("(@a{sv} {},)"),
           E ("LimitExceeded"));
  REFUSED (c[0], games[2], ROOT_PATH, MANAGER_IFACE, "ImportGame",
           g_variant_new ("(s@a{sv})", record, g_variant_new_parsed ("@a{sv} {}")),
           E ("LimitExceeded"));
  /* the seat cap by Rejoin: Dee leaves the bus, Eve takes the last seat, Dee's token is
   * refused; taking a held seat over (Eve's token) adds no seat and is not */
  g_clear_object (&c[3]);
  WAIT_FOR (!is_connected (c[0], players[3]));
  players[4] = join_game (c[2], games[2], "Eve", &tokens[4]);
  {
    g_autoptr (GDBusConnection) other = client_new ();

    GAME_REFUSED (other, games[1], "Rejoin", g_variant_new ("(s)", tokens[3]), E ("LimitExceeded"));
    g_variant_unref (
        call_ok (other, games[2], GAME_IFACE, "Rejoin", g_variant_new ("(s)", tokens[4])));
  }
  for (guint i = 0; i < 5; i++)
    {
      g_free (tokens[i]);
      g_free (players[i]);
    }
  for (guint i = 0; i < 4; i++)
    {
      if (i < 3)
        g_free (games[i]);
      g_clear_object (&c[i]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Whether @game is still on the bus. */
static gboolean
game_exists (GDBusConnection *c, const char *game)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) v
      = call (c, game, PROPS_IFACE, "Get", g_variant_new ("(ss)", GAME_IFACE, "State"), &error);
  return v != NULL;
}

/* carcassonned.8, --waiting-timeout: a game not started whose creator is gone and whose seats
 * no client holds goes after the waiting timeout (1 s here); a game in play abandoned the same
 * way stays for --abandon-timeout (an hour here), and a waiting game held by a seat stays. */
START_TEST (test_abandoned_waiting_goes)
{
  static const char *const args[] = { "--waiting-timeout", "1", "--abandon-timeout", "3600", NULL };
  GPid pid = daemon_start (args);
  g_autoptr (GDBusConnection) watcher = client_new ();
  g_autoptr (GDBusConnection) keeper = client_new ();
  GDBusConnection *a = client_new ();
  GDBusConnection *b = client_new ();
  g_autofree char *waiting = create_game (a, "{}");
  g_autofree char *playing = create_game (a, "{}");
  g_autofree char *held = create_game (a, "{}");
  g_autofree char *t1 = NULL, *t2 = NULL, *t3 = NULL, *t4 = NULL;
  g_autofree char *p1 = join_game (a, waiting, "Ann", &t1);
  g_autofree char *p2 = join_game (a, playing, "Ann", &t2);
  g_autofree char *p3 = join_game (b, playing, "Bob", &t3);
  g_autofree char *p4 = join_game (keeper, held, "Kim", &t4);

  g_variant_unref (call_ok (a, playing, GAME_IFACE, "Start", NO_OPTIONS));
  /* the creator and every seated client leave the bus */
  g_object_unref (a);
  g_object_unref (b);
  WAIT_FOR (!game_exists (watcher, waiting));
  ck_assert (!game_exists (watcher, waiting));
  {
    g_autofree char *name = call_error (watcher, waiting, GAME_IFACE, "Start", NO_OPTIONS);
    ck_assert_str_eq (name, E ("NoSuchGame"));
  }
  ck_assert (game_exists (watcher, playing));
  ck_assert (game_exists (watcher, held));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The text of the error @c gets for @method on @path with @args (the D-Bus error's message,
 * without GDBus's prefix); its name must be @expected. */
static char *
error_text (GDBusConnection *c, const char *path, const char *iface, const char *method,
            GVariant *args, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) reply = NULL;
  g_autofree char *name = NULL;

  reply = g_dbus_connection_call_sync (c, BUS_NAME, path, iface, method, args, NULL,
                                       G_DBUS_CALL_FLAGS_NONE, 120000, NULL, &error);
  ck_assert_ptr_null (reply);
  name = g_dbus_error_get_remote_error (error);
  ck_assert_str_eq (name, expected);
  g_dbus_error_strip_remote_error (error);
  return g_strdup (error->message);
}

/* The message quotes @len bytes of a client's string as its first ECHO_MAX bytes or fewer and
 * the mark of the cut, and is at most TEXT_MAX bytes. */
static void
assert_bounded (const char *text, gsize len)
{
  g_autofree char *mark = g_strdup_printf ("... (%" G_GSIZE_FORMAT " bytes)", len);

  ck_assert_msg (strlen (text) <= TEXT_MAX, "an error of %" G_GSIZE_FORMAT " bytes: %.200s",
                 strlen (text), text);
  ck_assert_msg (strstr (text, mark) != NULL, "no \"%s\" in: %s", mark, text);
  ck_assert (g_utf8_validate (text, -1, NULL));
}

/* Issue 15: "A 100 MiB argument to Properties.Get is echoed back whole in the error". Long
 * strings of a client (1 MiB here) in each place an error quotes one: Properties.Get's
 * property and interface names, a CreateGame option key (plain and <expansion>.<option>), a
 * Join option key, GetHand's path, an object path of a call; each message is bounded and
 * marks the cut, which falls between two characters (a name of 2-byte characters after one
 * byte). */
START_TEST (test_errors_bounded)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{}");
  g_autoptr (GString) big = g_string_new ("x");
  g_autoptr (GString) path = g_string_new (NULL);
  g_autofree char *dotted = NULL;

  while (big->len < MIB)
    g_string_append (big, "\xc3\xa9"); /* U+00E9, 2 bytes */
  g_string_truncate (big, MIB - 1);    /* ends on a whole character */
  while (path->len < MIB)
    g_string_append (path, "/p");
  dotted = g_strconcat ("halftiles.", big->str, NULL);
  {
    g_autofree char *t
        = error_text (c, game, PROPS_IFACE, "Get", g_variant_new ("(ss)", GAME_IFACE, big->str),
                      DBUS_E ("UnknownProperty"));
    assert_bounded (t, big->len);
    ck_assert (strstr (t, game) != NULL); /* the path after the name is still there */
  }
  {
    g_autofree char *t
        = error_text (c, game, PROPS_IFACE, "Get", g_variant_new ("(ss)", big->str, "State"),
                      DBUS_E ("UnknownInterface"));
    assert_bounded (t, big->len);
  }
  {
    GVariantBuilder b;
    g_autofree char *t = NULL;

    g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sv}"));
    g_variant_builder_add (&b, "{sv}", big->str, g_variant_new_uint32 (1));
    t = error_text (c, ROOT_PATH, MANAGER_IFACE, "CreateGame", g_variant_new ("(a{sv})", &b),
                    E ("InvalidArgs"));
    assert_bounded (t, big->len);
  }
  {
    GVariantBuilder b;
    g_autofree char *t = NULL;

    g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sv}"));
    g_variant_builder_add (&b, "{sv}", dotted, g_variant_new_uint32 (1));
    t = error_text (c, ROOT_PATH, MANAGER_IFACE, "CreateGame", g_variant_new ("(a{sv})", &b),
                    E ("InvalidArgs"));
    assert_bounded (t, strlen (dotted));
  }
  {
    GVariantBuilder b;
    g_autofree char *t = NULL;

    g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sv}"));
    g_variant_builder_add (&b, "{sv}", big->str, g_variant_new_uint32 (1));
    t = error_text (c, game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", "Ann", &b),
                    E ("InvalidArgs"));
    assert_bounded (t, big->len);
  }
  {
    g_autofree char *t
        = error_text (c, game, GAME_IFACE, "GetHand",
                      g_variant_new ("(o@a{sv})", path->str, g_variant_new_parsed ("@a{sv} {}")),
                      E ("InvalidArgs"));
    assert_bounded (t, path->len);
  }
  {
    g_autofree char *t
        = error_text (c, path->str, GAME_IFACE, "Start", NO_OPTIONS, DBUS_E ("UnknownObject"));
    assert_bounded (t, path->len);
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Counts InterfacesAdded of games and players (not of the expansions' objects). */
static void
count_signal (GDBusConnection *c, const char *sender, const char *path, const char *iface,
              const char *member, GVariant *args, gpointer data)
{
  const char *object;

  g_variant_get_child (args, 0, "&o", &object);
  if (g_str_has_prefix (object, ROOT_PATH "/game/"))
    (*(guint *)data)++;
}

/* dbus-manager.md, "Restart": the games a daemon restores are in its first GetManagedObjects
 * and announced by no InterfacesAdded (issue 15: at the cap, 20000 signals were a third of the
 * restore); a game created after is announced as ever. */
START_TEST (test_restore_quiet)
{
  g_autofree char *dir = state_dir_new ();
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *g1 = create_game (c, "{}");
  g_autofree char *g2 = create_game (c, "{}");
  g_autofree char *t = NULL, *p = join_game (c, g1, "Ann", &t);
  g_autoptr (GDBusConnection) watcher = client_new ();
  guint added = 0, id;

  ck_assert_int_eq (daemon_stop (pid), 0);
  id = g_dbus_connection_signal_subscribe (watcher, NULL, "org.freedesktop.DBus.ObjectManager",
                                           "InterfacesAdded", NULL, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                           count_signal, &added, NULL);
  pid = daemon_start_in (dir, NULL);
  {
    g_autoptr (GVariant) r = call_ok (watcher, ROOT_PATH, "org.freedesktop.DBus.ObjectManager",
                                      "GetManagedObjects", NULL);
    g_autoptr (GVariant) objects = g_variant_get_child_value (r, 0);
    g_autoptr (GVariant) game = g_variant_lookup_value (objects, g1, NULL);
    g_autoptr (GVariant) player = g_variant_lookup_value (objects, p, NULL);
    g_autoptr (GVariant) other = g_variant_lookup_value (objects, g2, NULL);

    ck_assert_ptr_nonnull (game);
    ck_assert_ptr_nonnull (player);
    ck_assert_ptr_nonnull (other);
  }
  /* the reply came after any signal of the restore: none */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  ck_assert_uint_eq (added, 0);
  {
    g_autoptr (GDBusConnection) d = client_new ();
    g_autofree char *g3 = create_game (d, "{}");

    WAIT_FOR (added == 1);
    ck_assert_uint_eq (added, 1);
  }
  g_dbus_connection_signal_unsubscribe (watcher, id);
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (dir);
}
END_TEST

/* Milliseconds since @start (g_get_monotonic_time()). */
static double
ms_since (gint64 start)
{
  return (double)(g_get_monotonic_time () - start) / 1000.0;
}

/* CreateGame calls in flight. */
static void
on_created (GObject *source, GAsyncResult *res, gpointer data)
{
  guint *pending = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res, &error);

  ck_assert_msg (r != NULL, "CreateGame: %s", error ? error->message : "");
  (*pending)--;
}

typedef struct
{
  GVariant *reply;
  gint64 done;
} Pending;

static void
on_reply (GObject *source, GAsyncResult *res, gpointer data)
{
  Pending *p = data;
  g_autoptr (GError) error = NULL;

  p->reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res, &error);
  ck_assert_msg (p->reply != NULL, "%s", error ? error->message : "");
  p->done = g_get_monotonic_time ();
}

/* GetManagedObjects by @c, and meanwhile Properties.Get of @game by @other: how long each
 * took to be answered, in ms (the second: how long the daemon kept another client waiting);
 * the objects in @n_objects. */
static void
time_managed_objects (GDBusConnection *c, GDBusConnection *other, const char *game,
                      gsize *n_objects)
{
  gint64 start = g_get_monotonic_time ();
  Pending all = { NULL, 0 }, ping = { NULL, 0 };
  g_autoptr (GVariant) objects = NULL;

  g_dbus_connection_call (c, BUS_NAME, ROOT_PATH, "org.freedesktop.DBus.ObjectManager",
                          "GetManagedObjects", NULL, NULL, G_DBUS_CALL_FLAGS_NONE, 600000, NULL,
                          on_reply, &all);
  g_dbus_connection_call (other, BUS_NAME, game, PROPS_IFACE, "Get",
                          g_variant_new ("(ss)", GAME_IFACE, "State"), NULL, G_DBUS_CALL_FLAGS_NONE,
                          600000, NULL, on_reply, &ping);
  while (!all.reply || !ping.reply)
    g_main_context_iteration (NULL, TRUE);
  objects = g_variant_get_child_value (all.reply, 0);
  *n_objects = g_variant_n_children (objects);
  g_print ("at-the-cap: GetManagedObjects %.0f ms (%" G_GSIZE_FORMAT " objects, %" G_GSIZE_FORMAT
           " bytes); a Get sent after it %.0f ms\n",
           (double)(all.done - start) / 1000.0, *n_objects, g_variant_get_size (all.reply),
           (double)(ping.done - start) / 1000.0);
  g_variant_unref (all.reply);
  g_variant_unref (ping.reply);
}

/* The long form (CAP_GAMES=N): N games with the four expansions from N/64 + 1 connections (as
 * many as the per-client cap lets them), each with a seat its creator holds, then
 * GetManagedObjects three times, VmRSS, and a restart on the same state directory until
 * GetManagedObjects answers again. */
START_TEST (test_at_the_cap)
{
  const char *env = g_getenv ("CAP_GAMES");
  guint n = env ? (guint)g_ascii_strtoull (env, NULL, 10) : 0;
  g_autofree char *cap = g_strdup_printf ("%u", n);
  g_autofree char *dir = state_dir_new ();
  const char *const args[]
      = { "--max-games", cap, "--max-waiting-games", cap, "--max-seats", cap, NULL };
  guint n_conns = n / 64 + 1, pending = 0;
  GDBusConnection **conns;
  GPid pid;
  gint64 start;
  gsize n_objects = 0;

  if (n == 0)
    return; /* the short form: nothing; see doc/reliability.md */
  pid = daemon_start_in (dir, args);
  conns = g_new0 (GDBusConnection *, n_conns);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n; i++)
    {
      GDBusConnection *c = conns[i / 64] ? conns[i / 64] : (conns[i / 64] = client_new ());

      pending++;
      g_dbus_connection_call (
          c, BUS_NAME, ROOT_PATH, MANAGER_IFACE, "CreateGame",
          g_variant_new_parsed ("({'expansions': <['abbey', 'halftiles', 'vineyards', "
                                "'winter']>},)"),
          NULL, G_DBUS_CALL_FLAGS_NONE, 600000, NULL, on_created, &pending);
      while (pending > 256)
        g_main_context_iteration (NULL, TRUE);
    }
  while (pending > 0)
    g_main_context_iteration (NULL, TRUE);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *game = g_strdup_printf (ROOT_PATH "/game/%u", i + 1);

      pending++;
      g_dbus_connection_call (conns[i / 64], BUS_NAME, game, GAME_IFACE, "Join",
                              g_variant_new_parsed ("('Ann', @a{sv} {})"), NULL,
                              G_DBUS_CALL_FLAGS_NONE, 600000, NULL, on_created, &pending);
      while (pending > 256)
        g_main_context_iteration (NULL, TRUE);
    }
  while (pending > 0)
    g_main_context_iteration (NULL, TRUE);
  g_print ("at-the-cap: %u games from %u connections in %.0f ms; VmRSS %" G_GINT64_FORMAT " KiB\n",
           n, n_conns, ms_since (start), (gint64)vm_rss_kib (pid));
  for (guint k = 0; k < 3; k++)
    time_managed_objects (conns[0], conns[n_conns - 1], ROOT_PATH "/game/1", &n_objects);
  ck_assert_uint_ge (n_objects, n);
  ck_assert_int_eq (daemon_stop (pid), 0);
  for (guint i = 0; i < n_conns; i++)
    g_clear_object (&conns[i]);
  g_free (conns);
  start = g_get_monotonic_time ();
  pid = daemon_start_in (dir, args);
  {
    g_autoptr (GDBusConnection) c = client_new ();
    g_autoptr (GDBusConnection) other = client_new ();
    double owned = ms_since (start);

    /* the games are restored after the name is owned, before the first call is answered */
    g_print ("at-the-cap: restart: the name after %.0f ms, then:\n", owned);
    time_managed_objects (c, other, ROOT_PATH "/game/1", &n_objects);
    g_print ("at-the-cap: restart: answered after %.0f ms in all\n", ms_since (start));
    ck_assert_uint_ge (n_objects, n);
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
  remove_tree (dir);
}
END_TEST

static Suite *
floods_suite (void)
{
  Suite *s = suite_create ("daemon-floods");
  TCase *tc = tcase_create ("floods");

  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_daemon_wide_caps);
  tcase_add_test (tc, test_abandoned_waiting_goes);
  tcase_add_test (tc, test_errors_bounded);
  tcase_add_test (tc, test_restore_quiet);
  suite_add_tcase (s, tc);
  tc = tcase_create ("at-the-cap");
  tcase_set_timeout (tc, 3600);
  tcase_add_test (tc, test_at_the_cap);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (floods_suite ());
}
