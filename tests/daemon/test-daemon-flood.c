/* test-daemon-flood.c: one client floods the daemon while another game plays (issue 8).
 *
 * Flooders send game creations, joins, huge arguments and thousands of calls whose replies
 * they never read, pipelined. Everything past a cap is refused with its documented error
 * (doc/dbus-errors.md, "Caps"): exactly as many calls succeed as the caps allow. The daemon's
 * memory (VmRSS, /proc/PID/status) stays within a generous bound, and a game between two other
 * clients keeps being played meanwhile, move for move in sync with the engine, to its end and
 * its engine-replayed scores. The latency of that game's moves is printed, never asserted.
 *
 * FLOOD_SCALE=N multiplies the flood (the long form, doc/reliability.md).
 */
#include "config.h"

#include <check.h>
#include <dbus/dbus.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-stats.h"

#define MAX_GAMES            40
#define MAX_GAMES_PER_CLIENT 10
#define MAX_SEATS_PER_CLIENT 12
#define MIB                  (1024 * 1024)

/* The game that keeps playing, and its moves' latencies. */
typedef struct
{
  GDBusConnection *seats[2];
  char *game;
  CarcGame *mirror;
  GRand *rand;
  GArray *quiet, *flooded; /* microseconds per move */
} Victim;

static GPid daemon_pid;

/* Flooded calls in flight, and their outcomes by error name ("ok"). */
typedef struct
{
  guint pending;
  GHashTable *outcomes;
} Flood;

static void
on_reply (GObject *source, GAsyncResult *res, gpointer data)
{
  Flood *fl = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), res, &error);
  g_autofree char *name = r ? g_strdup ("ok") : g_dbus_error_get_remote_error (error);

  ck_assert_msg (name != NULL, "%s", error->message);
  g_hash_table_insert (
      fl->outcomes, g_strdup (name),
      GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (fl->outcomes, name)) + 1));
  fl->pending--;
}

static void
flood_send (Flood *fl, GDBusConnection *c, const char *path, const char *iface, const char *method,
            GVariant *args)
{
  fl->pending++;
  g_dbus_connection_call (c, BUS_NAME, path, iface, method, args, NULL, G_DBUS_CALL_FLAGS_NONE,
                          120000, NULL, on_reply, fl);
}

static guint
outcome (Flood *fl, const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (fl->outcomes, name));
}

/* One move of the victim's game, timed into @into; the daemon stays in sync with the engine. */
static gboolean
victim_move (Victim *v, GArray *into)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = NULL;
  GVariant *args;
  const char *method;
  CarcMove m;
  gint64 t0;

  if (carc_game_get_phase (v->mirror) == CARC_PHASE_OVER)
    return FALSE;
  mirror_choose (v->mirror, v->rand, &m);
  t0 = g_get_monotonic_time ();
  method = move_method (&m, &args);
  /* no timeout: behind a flood the move waits its turn, however long */
  r = g_dbus_connection_call_sync (v->seats[carc_game_get_current_player (v->mirror)], BUS_NAME,
                                   v->game, GAME_IFACE, method, args, NULL, G_DBUS_CALL_FLAGS_NONE,
                                   G_MAXINT, NULL, &error);
  ck_assert_msg (r != NULL, "%s: %s", method, error ? error->message : "");
  g_array_append_val (into, (double){ (double)(g_get_monotonic_time () - t0) });
  ck_assert (carc_game_apply_move (v->mirror, &m, NULL));
  assert_in_sync (v->seats[0], v->game, v->mirror);
  return TRUE;
}

/* Waits for every flooded call while the victim keeps moving; the outcomes are then reset by
 * the caller. */
static void
drain (Flood *fl, Victim *v)
{
  while (fl->pending > 0)
    {
      if (!victim_move (v, v->flooded))
        g_main_context_iteration (NULL, TRUE);
      while (g_main_context_iteration (NULL, FALSE))
        ;
    }
}

static void
expect (Flood *fl, const char *what, guint ok, const char *error, guint refused)
{
  g_autofree char *names = NULL;
  g_autofree const char **keys = (const char **)g_hash_table_get_keys_as_array (fl->outcomes, NULL);

  names = g_strjoinv (", ", (char **)keys);
  ck_assert_msg (outcome (fl, "ok") == ok && outcome (fl, error) == refused
                     && g_hash_table_size (fl->outcomes) == (guint)(ok > 0) + (guint)(refused > 0),
                 "%s: %u accepted (want %u), %u %s (want %u), %u outcomes (%s)", what,
                 outcome (fl, "ok"), ok, outcome (fl, error), error, refused,
                 g_hash_table_size (fl->outcomes), names);
  g_print ("flood: %s: %u accepted, %u %s; daemon VmRSS %zu KiB\n", what, ok, refused, error,
           vm_rss_kib (daemon_pid));
  g_hash_table_remove_all (fl->outcomes);
}

static void
print_latency (const char *what, GArray *a)
{
  if (a->len == 0)
    return;
  g_print ("flood: victim move latency %s: %u moves, median %.2f ms, p95 %.2f ms, max %.2f ms\n",
           what, a->len, percentile_ms (a, 50), percentile_ms (a, 95), percentile_ms (a, 100));
}

/* The arguments of CreateGame with the one option @key = @value. */
static GVariant *
one_option (const char *key, GVariant *value)
{
  GVariantBuilder b;

  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sv}"));
  g_variant_builder_add (&b, "{sv}", key, value);
  return g_variant_new ("(a{sv})", &b);
}

static char *
filled (gsize len, char c)
{
  char *s = g_malloc (len + 1);
  memset (s, c, len);
  s[len] = '\0';
  return s;
}

/* Calls @n times, never reading a reply (libdbus, never dispatched), then leaves the bus. */
static void
unread_calls (const char *game, guint n)
{
  DBusError err = DBUS_ERROR_INIT;
  DBusConnection *raw = dbus_connection_open_private (g_getenv ("DBUS_SESSION_BUS_ADDRESS"), &err);

  ck_assert_msg (raw != NULL, "%s", err.message);
  ck_assert (dbus_bus_register (raw, &err));
  for (guint i = 0; i < n; i++)
    {
      DBusMessage *m = dbus_message_new_method_call (
          BUS_NAME, game, i % 2 ? GAME_IFACE : PROPS_IFACE, i % 2 ? "GetBoard" : "GetAll");
      const char *iface = GAME_IFACE;

      if (i % 2 == 0)
        dbus_message_append_args (m, DBUS_TYPE_STRING, &iface, DBUS_TYPE_INVALID);
      ck_assert (dbus_connection_send (raw, m, NULL));
      dbus_message_unref (m);
    }
  dbus_connection_flush (raw);
  dbus_connection_close (raw);
  dbus_connection_unref (raw);
}

START_TEST (test_flood)
{
  g_autofree char *max_games = g_strdup_printf ("--max-games=%u", MAX_GAMES);
  g_autofree char *per_client = g_strdup_printf ("--max-games-per-client=%u", MAX_GAMES_PER_CLIENT);
  g_autofree char *seats = g_strdup_printf ("--max-seats-per-client=%u", MAX_SEATS_PER_CLIENT);
  const char *args[] = { max_games, per_client, seats, NULL };
  GPid pid = daemon_pid = daemon_start (args);
  guint k = MAX ((guint)env_u64 ("FLOOD_SCALE", 1), 1);
  Victim v = { 0 };
  Flood fl = { 0 };
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) flooder = client_new ();
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *record = NULL;
  g_autofree char *ta = NULL, *tb = NULL, *pa = NULL, *pb = NULL;
  gsize rss_before, rss_peak = 0, rss_after;
  guint n_games;

  fl.outcomes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  v.seats[0] = client_new ();
  v.seats[1] = client_new ();
  v.rand = g_rand_new_with_seed (8);
  v.quiet = g_array_new (FALSE, FALSE, sizeof (double));
  v.flooded = g_array_new (FALSE, FALSE, sizeof (double));
  v.game = create_game (v.seats[0], "{'seed': <@t 8>, 'name': <'victim'>}");
  g_variant_unref (call_ok (v.seats[0], v.game, GAME_IFACE, "Join", A ("('Ann', @a{sv} {})")));
  g_variant_unref (call_ok (v.seats[1], v.game, GAME_IFACE, "Join", A ("('Bob', @a{sv} {})")));
  g_variant_unref (call_ok (v.seats[0], v.game, GAME_IFACE, "Start", NO_OPTIONS));
  record = export_record (v.seats[0], v.game);
  v.mirror = mirror_from_record (record, NULL);
  for (guint i = 0; i < 6; i++)
    victim_move (&v, v.quiet);
  rss_before = vm_rss_kib (pid);

  /* Huge arguments, from a client that holds nothing yet: refused, whatever their number. */
  {
    g_autofree char *huge = filled (MIB, 'n');
    g_autofree char *long_record = filled (2 * MIB, ' ');
    g_autofree char *padded = NULL;
    GVariantBuilder many, order;

    g_variant_builder_init (&many, G_VARIANT_TYPE ("a{sv}"));
    for (guint i = 0; i < 10000; i++)
      {
        g_autofree char *key = g_strdup_printf ("x.key%u", i);
        g_variant_builder_add (&many, "{sv}", key, g_variant_new_uint32 (i));
      }
    g_autoptr (GVariant) many_options = g_variant_ref_sink (g_variant_builder_end (&many));
    g_variant_builder_init (&order, G_VARIANT_TYPE ("as"));
    for (guint i = 0; i < 100000; i++)
      g_variant_builder_add (&order, "s", "V");
    g_autoptr (GVariant) long_order = g_variant_ref_sink (g_variant_builder_end (&order));

    for (guint i = 0; i < 10 * k; i++)
      flood_send (&fl, a, v.game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", huge, NULL));
    drain (&fl, &v);
    expect (&fl, "Join with a 1 MiB name", 0, E ("InvalidArgs"), 10 * k);

    for (guint i = 0; i < 10 * k; i++)
      flood_send (&fl, a, ROOT_PATH, MANAGER_IFACE, "CreateGame",
                  g_variant_new ("(@a{sv})", many_options));
    drain (&fl, &v);
    expect (&fl, "CreateGame with 10000 options", 0, E ("LimitExceeded"), 10 * k);

    for (guint i = 0; i < 10 * k; i++)
      flood_send (&fl, a, ROOT_PATH, MANAGER_IFACE, "CreateGame",
                  one_option ("tile-order", long_order));
    drain (&fl, &v);
    expect (&fl, "CreateGame with a tile-order of 100000 ids", 0, E ("LimitExceeded"), 10 * k);

    for (guint i = 0; i < 10 * k; i++)
      flood_send (&fl, a, ROOT_PATH, MANAGER_IFACE, "CreateGame",
                  one_option ("name", g_variant_new_string (huge)));
    drain (&fl, &v);
    expect (&fl, "CreateGame with a 1 MiB name", 0, E ("InvalidArgs"), 10 * k);

    for (guint i = 0; i < 10 * k; i++)
      flood_send (&fl, a, ROOT_PATH, MANAGER_IFACE, "ImportGame",
                  g_variant_new ("(sa{sv})", long_record, NULL));
    drain (&fl, &v);
    expect (&fl, "ImportGame with a 2 MiB record", 0, E ("LimitExceeded"), 10 * k);

    /* the cap's edge: a real record padded to 1 MiB exactly is read, one byte more is not */
    padded = g_strdup_printf ("%s%*s", record, (int)(MIB - strlen (record)), "");
    ck_assert_uint_eq (strlen (padded), MIB);
    g_autoptr (GVariant) imported = call_ok (a, ROOT_PATH, MANAGER_IFACE, "ImportGame",
                                             g_variant_new ("(sa{sv})", padded, NULL));
    const char *copy;
    g_variant_get (imported, "(&o&s)", &copy, NULL);
    g_variant_unref (call_ok (a, copy, GAME_IFACE, "Delete", NO_OPTIONS));
    padded = g_realloc (padded, MIB + 2);
    strcpy (padded + MIB, " ");
    g_autofree char *e = call_error (a, ROOT_PATH, MANAGER_IFACE, "ImportGame",
                                     g_variant_new ("(sa{sv})", padded, NULL));
    ck_assert_str_eq (e, E ("LimitExceeded"));

    for (guint i = 0; i < 10 * k; i++)
      flood_send (&fl, a, v.game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", huge));
    drain (&fl, &v);
    expect (&fl, "Rejoin with a 1 MiB token", 0, E ("InvalidToken"), 10 * k);

    /* the active seat, in the phase of Place: refused for its options, not for the turn */
    while (carc_game_get_phase (v.mirror) != CARC_PHASE_PLACE)
      victim_move (&v, v.quiet);
    for (guint i = 0; i < 10 * k; i++)
      flood_send (&fl, v.seats[carc_game_get_current_player (v.mirror)], v.game, GAME_IFACE,
                  "Place", g_variant_new ("(iiu@a{sv})", 0, 1, 0, many_options));
    while (fl.pending > 0)
      g_main_context_iteration (NULL, TRUE);
    expect (&fl, "Place with 10000 options", 0, E ("InvalidArgs"), 10 * k);
  }
  rss_peak = MAX (rss_peak, vm_rss_kib (pid));

  /* Game creations: the flooder gets its MAX_GAMES_PER_CLIENT, the daemon holds MAX_GAMES. */
  for (guint i = 0; i < 200 * k; i++)
    flood_send (&fl, flooder, ROOT_PATH, MANAGER_IFACE, "CreateGame", A ("({'players': <@u 6>},)"));
  drain (&fl, &v);
  expect (&fl, "CreateGame by one client", MAX_GAMES_PER_CLIENT, E ("LimitExceeded"),
          200 * k - MAX_GAMES_PER_CLIENT);
  n_games = 1 + MAX_GAMES_PER_CLIENT;
  while (n_games < MAX_GAMES)
    {
      g_autoptr (GDBusConnection) other = client_new ();
      g_autoptr (GVariant) list = NULL;

      for (guint i = 0; i < 50; i++)
        flood_send (&fl, other, ROOT_PATH, MANAGER_IFACE, "CreateGame",
                    A ("({'players': <@u 6>},)"));
      drain (&fl, &v);
      guint ok = MIN (MAX_GAMES_PER_CLIENT, MAX_GAMES - n_games);
      expect (&fl, "CreateGame by another client", ok, E ("LimitExceeded"), 50 - ok);
      n_games += ok;
      /* the games stay after their creator leaves (--abandon-timeout, 3600 s) */
      list = call_ok (a, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
      g_autoptr (GVariant) paths = g_variant_get_child_value (list, 0);
      for (gsize i = 0; i < g_variant_n_children (paths); i++)
        {
          g_autoptr (GVariant) p = g_variant_get_child_value (paths, i);
          const char *path = g_variant_get_string (p, NULL);
          gboolean known = g_str_equal (path, v.game);
          for (guint j = 0; j < games->len && !known; j++)
            known = g_str_equal (path, g_ptr_array_index (games, j));
          if (!known)
            g_ptr_array_add (games, g_strdup (path));
        }
    }
  ck_assert_uint_eq (games->len, MAX_GAMES - 1);

  /* Joins: one client holds at most MAX_SEATS_PER_CLIENT seats. */
  for (guint i = 0; i < games->len; i++)
    flood_send (&fl, flooder, g_ptr_array_index (games, i), GAME_IFACE, "Join",
                A ("('Flood', @a{sv} {})"));
  drain (&fl, &v);
  expect (&fl, "Join by one client", MAX_SEATS_PER_CLIENT, E ("LimitExceeded"),
          games->len - MAX_SEATS_PER_CLIENT);
  rss_peak = MAX (rss_peak, vm_rss_kib (pid));

  /* Calls whose replies are never read, while the victim plays. */
  unread_calls (v.game, 20000 * k);
  while (victim_move (&v, v.flooded) && v.flooded->len < 20)
    ;
  rss_peak = MAX (rss_peak, vm_rss_kib (pid));

  /* The victim's game to its end: the daemon's scores and record are the engine's. */
  while (victim_move (&v, v.quiet))
    ;
  {
    g_autofree char *final = export_record (v.seats[0], v.game);
    g_autoptr (CarcGame) replay = mirror_from_record (final, NULL);
    g_autoptr (GVariant) scores = get_property (v.seats[0], v.game, GAME_IFACE, "Scores");
    gsize n;
    const guint32 *s = g_variant_get_fixed_array (scores, &n, sizeof (guint32));

    ck_assert_uint_eq (n, 2);
    for (guint i = 0; i < 2; i++)
      ck_assert_uint_eq (s[i], carc_game_get_score (replay, i));
    assert_in_sync (v.seats[0], v.game, replay);
    g_print ("flood: victim game over, scores %u:%u, record %zu bytes\n", s[0], s[1],
             strlen (final));
  }
  rss_after = vm_rss_kib (pid);
  rss_peak = MAX (rss_peak, rss_after);
  g_print ("flood: daemon VmRSS %zu KiB before, %zu KiB at most during, %zu KiB after%s\n",
           rss_before, rss_peak, rss_after, has_asan (pid) ? " (ASan build)" : "");
  print_latency ("before the flood and after it", v.quiet);
  print_latency ("during the flood", v.flooded);
  /* A generous bound. The huge arguments leave nothing behind (a few MB of the allocator's);
   * calls a client queues without reading the replies are read by libdbus into the daemon's
   * incoming queue, which libdbus caps at 63 MB of messages (about 0.7 kB of the daemon's
   * memory per small call: 20000 calls, +32 MB; 100000, +67 MB, measured). */
  if (!has_asan (pid))
    ck_assert_msg (rss_peak < rss_before + 256 * 1024, "VmRSS grew from %zu to %zu KiB", rss_before,
                   rss_peak);

  g_clear_object (&v.seats[0]);
  g_clear_object (&v.seats[1]);
  g_clear_object (&a);
  g_clear_object (&flooder);
  ck_assert_int_eq (daemon_stop (pid), 0);
  g_free (v.game);
  g_clear_object (&v.mirror);
  g_rand_free (v.rand);
  g_array_unref (v.quiet);
  g_array_unref (v.flooded);
  g_hash_table_unref (fl.outcomes);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-flood");
  TCase *tc = tcase_create ("flood");

  tcase_set_timeout (tc, 1200);
  tcase_add_test (tc, test_flood);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
