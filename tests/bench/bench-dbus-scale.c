/* bench-dbus-scale.c: carcassonned hosting 1,000 concurrent games for many clients.
 *
 * Runs on the session bus (make bench runs it under dbus-run-session, a private bus) and starts
 * the daemon from the build tree (tests/bench/bench-daemon.h: where its state directory goes), its
 * per-client caps raised. CONNECTIONS client connections, each a thread of this process with
 * blocking libdbus-1 calls, create GAMES games each against the built-in bot (a match rule per
 * game for its signals, as a client following its games would have), start them all, then
 * play TURNS turns in every game, taking whichever of its games is waiting for it, at RATE turns
 * a second over all games (each connection its share, evenly spaced: an open load, as players
 * who think make; with --rate 0 every connection plays as fast as the daemon answers, and the
 * latencies are then its queue). A turn is GetPlacements, Place, GetDeployments, Skip; every
 * call is timed. Measured:
 *  - the daemon's RSS (VmRSS of /proc/PID/status) and Pss (smaps_rollup) once it owns its
 *    name, before any game;
 *  - the same with every game live and mid-play (after the turns), and the growth per game;
 *  - the latency of Place, and of every move call (Place, Deploy, Skip), p50 and p99, while all
 *    connections play at once;
 *  - the same for a Peer.Ping to the daemon before each turn (answered inside libdbus): what
 *    the bus, and the machine's other load, add to any call at that moment;
 *  - the daemon's CPU time while the games are played, as a share of one core, and the bus's;
 *  - with journals, the journal flushes (fdatasync) a second while playing and the moves each
 *    carried (the daemon's SIGUSR1 counts; doc/persistence.md, "Group commit");
 *  - the same memory once every game is deleted again.
 * Usage: bench-dbus-scale [--connections N] [--games N] [--turns N] [--rate N] [--no-state]
 * [--no-group-commit] [--timeline FILE] (defaults 100, 10 a connection, 4, 250; --no-state runs
 * the daemon without journals, --no-group-commit with a flush for every move, as before issue
 * 20; --timeline writes every timed call of the play, Start included, to FILE, one a line:
 * "SECONDS METHOD MICROSECONDS", its start in seconds after the play began, so that a tail can
 * be placed in time; the first line is "MONOTONIC T0 0", the play's start in seconds of
 * CLOCK_MONOTONIC, as perf record -k CLOCK_MONOTONIC counts).
 * Prints one "name value unit" line per figure.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench-daemon.h"

typedef struct
{
  char *path;
  char *me;
  gboolean my_turn;
  gboolean over;
  guint turns;
} Game;

typedef struct
{
  guint index;
  guint n_games;
  guint turns;
  DBusConnection *c;
  Game *games;
  GArray *place_us; /* double */
  GArray *move_us;  /* double: Place and Skip */
  GArray *ping_us;  /* double: a Peer.Ping to the daemon before each turn */
} Client;

static guint n_connections = 100, games_per_connection = 10, turns_per_game = 4, rate = 250;
static gboolean no_state, no_group_commit;
static char *timeline_path;

/* --timeline: the calls as they were timed (print_timeline()). */
static GMutex timeline_lock;
static FILE *timeline;
static gint64 play_start;

/* Phases: every client thread reaches a barrier before the main thread measures. */
static GMutex lock;
static GCond cond;
static guint arrived, released_phase;

static void
barrier (guint phase)
{
  g_mutex_lock (&lock);
  arrived++;
  g_cond_broadcast (&cond);
  while (released_phase < phase)
    g_cond_wait (&cond, &lock);
  g_mutex_unlock (&lock);
}

static void
wait_all_arrived (guint n)
{
  g_mutex_lock (&lock);
  while (arrived < n)
    g_cond_wait (&cond, &lock);
  arrived = 0;
  g_mutex_unlock (&lock);
}

static void
release (guint phase)
{
  g_mutex_lock (&lock);
  released_phase = phase;
  g_cond_broadcast (&cond);
  g_mutex_unlock (&lock);
}

/* One timed call of @method that began at @t0 and took @us, on the timeline if there is one. */
static void
note_call (const char *method, gint64 t0, double us)
{
  if (timeline == NULL)
    return;
  g_mutex_lock (&timeline_lock);
  fprintf (timeline, "%.4f %s %.0f\n", (double)(t0 - play_start) / G_USEC_PER_SEC, method, us);
  g_mutex_unlock (&timeline_lock);
}

static double
timed_call (DBusConnection *c, DBusMessage *msg)
{
  gint64 t0 = g_get_monotonic_time ();
  g_autofree char *method = g_strdup (dbus_message_get_member (msg));
  double us;

  dbus_message_unref (bench_call (c, msg));
  us = (double)(g_get_monotonic_time () - t0);
  note_call (method, t0, us);
  return us;
}

static Game *
game_at (Client *cl, const char *path)
{
  for (guint i = 0; path && i < cl->n_games; i++)
    if (g_str_equal (cl->games[i].path, path))
      return &cl->games[i];
  return NULL;
}

/* Takes in the signals received so far: whose turn it is in which game. */
static void
read_signals (Client *cl)
{
  DBusMessage *m;

  while ((m = dbus_connection_pop_message (cl->c)) != NULL)
    {
      Game *g = game_at (cl, dbus_message_get_path (m));

      if (g && dbus_message_is_signal (m, BENCH_GAME_IFACE, "GameOver"))
        g->over = TRUE;
      else if (g && dbus_message_is_signal (m, BENCH_GAME_IFACE, "TurnStarted"))
        {
          dbus_uint32_t turn, left;
          const char *player, *tile;

          if (dbus_message_get_args (m, NULL, DBUS_TYPE_UINT32, &turn, DBUS_TYPE_OBJECT_PATH,
                                     &player, DBUS_TYPE_STRING, &tile, DBUS_TYPE_UINT32, &left,
                                     DBUS_TYPE_INVALID))
            g->my_turn = g_str_equal (player, g->me);
        }
      dbus_message_unref (m);
    }
}

static void
setup_game (Client *cl, Game *g, guint64 seed)
{
  DBusMessage *msg, *reply;
  const char *path, *player, *token, *name = "bench";
  g_autofree char *rule = NULL;

  msg = bench_method (BENCH_ROOT_PATH, BENCH_MANAGER_IFACE, "CreateGame");
  bench_append_options (msg, "bots", 'u', 1u, "seed", 't', seed, NULL);
  reply = bench_call (cl->c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID);
  g->path = g_strdup (path);
  dbus_message_unref (reply);
  rule = g_strdup_printf ("type='signal',interface='" BENCH_GAME_IFACE "',path='%s'", g->path);
  dbus_bus_add_match (cl->c, rule, NULL);

  msg = bench_method (g->path, BENCH_GAME_IFACE, "Join");
  dbus_message_append_args (msg, DBUS_TYPE_STRING, &name, DBUS_TYPE_INVALID);
  bench_append_options (msg, NULL);
  reply = bench_call (cl->c, msg);
  dbus_message_get_args (reply, NULL, DBUS_TYPE_OBJECT_PATH, &player, DBUS_TYPE_STRING, &token,
                         DBUS_TYPE_INVALID);
  g->me = g_strdup (player);
  dbus_message_unref (reply);
}

static void
play_turn (Client *cl, Game *g)
{
  double us;
  gint64 t0;

  g->my_turn = FALSE;
  us = timed_call (cl->c, bench_method (BENCH_ROOT_PATH, "org.freedesktop.DBus.Peer", "Ping"));
  g_array_append_val (cl->ping_us, us);
  t0 = g_get_monotonic_time ();
  us = bench_place_first (cl->c, g->path);
  note_call ("Place", t0, us);
  g_array_append_val (cl->place_us, us);
  g_array_append_val (cl->move_us, us);
  dbus_message_unref (
      bench_call (cl->c, bench_method (g->path, BENCH_GAME_IFACE, "GetDeployments")));
  us = timed_call (cl->c, bench_method_no_options (g->path, BENCH_GAME_IFACE, "Skip"));
  g_array_append_val (cl->move_us, us);
  g->turns++;
}

static gpointer
client_main (gpointer data)
{
  Client *cl = data;
  guint done = 0;
  gint64 interval, due;

  cl->c = bench_bus ();
  for (guint i = 0; i < cl->n_games; i++)
    setup_game (cl, &cl->games[i], 1000 + cl->index * cl->n_games + i);
  barrier (1); /* every game is made; the main thread notes the time */
  for (guint i = 0; i < cl->n_games; i++)
    timed_call (cl->c, bench_method_no_options (cl->games[i].path, BENCH_GAME_IFACE, "Start"));
  /* the connection's share of the rate, its first turn at a random point of its interval */
  interval = rate ? (gint64)n_connections * G_USEC_PER_SEC / rate : 0;
  due = g_get_monotonic_time () + (interval ? g_random_int_range (0, (gint32)interval) : 0);
  while (done < cl->n_games)
    {
      Game *next = NULL;

      read_signals (cl);
      done = 0;
      for (guint i = 0; i < cl->n_games; i++)
        {
          Game *g = &cl->games[i];

          if (g->over || g->turns >= cl->turns)
            done++;
          else if (g->my_turn && next == NULL)
            next = g;
        }
      if (next && interval)
        {
          gint64 now = g_get_monotonic_time ();

          /* behind the schedule, the turns follow each other without a pause */
          if (now < due)
            g_usleep ((gulong)(due - now));
          due += interval;
        }
      if (next)
        play_turn (cl, next);
      else if (done < cl->n_games && !dbus_connection_read_write (cl->c, 1000))
        g_error ("lost the bus");
    }
  barrier (2); /* every game is mid-play: the main thread reads the memory */
  for (guint i = 0; i < cl->n_games; i++)
    dbus_message_unref (bench_call (
        cl->c, bench_method_no_options (cl->games[i].path, BENCH_GAME_IFACE, "Delete")));
  barrier (3);
  dbus_connection_close (cl->c);
  dbus_connection_unref (cl->c);
  return NULL;
}

/* Memory of the daemon after a short settle, in KiB: VmRSS and Pss. */
static void
memory (GPid pid, gint64 *rss, gint64 *pss)
{
  g_usleep (200000);
  *rss = proc_kib (pid, "status", "VmRSS");
  *pss = proc_kib (pid, "smaps_rollup", "Pss");
}

static double
merged_quantile (Client *clients, gsize offset, double q)
{
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < n_connections; i++)
    {
      GArray *a = G_STRUCT_MEMBER (GArray *, &clients[i], offset);
      g_array_append_vals (all, a->data, a->len);
    }
  return quantile (all, q);
}

/* The journal flushes while playing: one per game per group commit (doc/persistence.md). */
static void
print_commits (const BenchCommits *before, const BenchCommits *after, double play_s)
{
  double fsyncs = (double)(after->fsyncs - before->fsyncs);
  double moves = (double)(after->moves - before->moves);
  double batches = (double)(after->batches - before->batches);

  g_print ("daemon.journal.fsyncs_per_s %.0f 1/s (journal flushes while playing)\n",
           fsyncs / play_s);
  g_print ("daemon.journal.moves_per_fsync %.2f moves (moves a flush carried)\n",
           fsyncs > 0 ? moves / fsyncs : 0.0);
  g_print ("daemon.journal.moves_per_commit %.2f moves (moves a group commit carried, its "
           "flushes side by side)\n",
           batches > 0 ? moves / batches : 0.0);
}

int
main (int argc, char **argv)
{
  GOptionEntry entries[] = {
    { "connections", 0, 0, G_OPTION_ARG_INT, &n_connections, "Client connections (100)", "N" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games_per_connection, "Games a connection plays (10)",
      "N" },
    { "turns", 0, 0, G_OPTION_ARG_INT, &turns_per_game, "Turns played in every game (4)", "N" },
    { "rate", 0, 0, G_OPTION_ARG_INT, &rate,
      "Turns a second over all games (250; 0: every connection as fast as it can)", "N" },
    { "no-state", 0, 0, G_OPTION_ARG_NONE, &no_state, "Run the daemon without journals", NULL },
    { "no-group-commit", 0, 0, G_OPTION_ARG_NONE, &no_group_commit,
      "Run the daemon with a journal flush for every move", NULL },
    { "timeline", 0, 0, G_OPTION_ARG_FILENAME, &timeline_path,
      "Write every timed call of the play to FILE", "FILE" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- carcassonned at scale");
  g_autoptr (GError) error = NULL;
  guint n_games;
  g_autofree char *caps_games = NULL, *caps_seats = NULL, *caps_all = NULL, *setup = NULL;
  const char *args[5];
  DBusConnection *c;
  BenchDaemon d;
  Client *clients;
  GThread **threads;
  gint64 idle_rss, idle_pss, live_rss, live_pss, after_rss, after_pss, t0, cpu0, bus_cpu0;
  double play_s, cpu_s, bus_cpu_s;
  GPid bus_pid;
  g_autofree char *rate_text = NULL;
  gboolean ok, has_commits;
  BenchCommits commits0 = { 0 }, commits1 = { 0 };

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    g_error ("%s", error->message);
  if (timeline_path && (timeline = fopen (timeline_path, "w")) == NULL)
    g_error ("%s: %s", timeline_path, g_strerror (errno));
  n_games = n_connections * games_per_connection;
  rate_text = rate ? g_strdup_printf ("%u turns/s in all", rate)
                   : g_strdup ("full speed, every connection waiting only for its replies");
  caps_games = g_strdup_printf ("--max-games-per-client=%u", games_per_connection);
  caps_seats = g_strdup_printf ("--max-seats-per-client=%u", games_per_connection);
  caps_all = g_strdup_printf ("--max-games=%u", MAX (n_games, 10000));
  args[0] = caps_games;
  args[1] = caps_seats;
  args[2] = caps_all;
  args[3] = no_state ? "--no-state" : no_group_commit ? "--no-group-commit" : NULL;
  args[4] = NULL;

  dbus_threads_init_default ();
  c = bench_bus ();
  bench_daemon_start (&d, c, args);
  bus_pid = bench_bus_pid (c);
  if (d.state_dir)
    {
      g_autofree char *fs = bench_fs_name (d.state_dir);
      setup = g_strdup_printf ("journals on %s", fs);
    }
  else
    setup = g_strdup ("no journals, --no-state");
  if (no_group_commit && d.state_dir)
    {
      g_autofree char *with = g_strconcat (setup, ", --no-group-commit", NULL);
      g_free (setup);
      setup = g_steal_pointer (&with);
    }
  memory (d.pid, &idle_rss, &idle_pss);

  clients = g_new0 (Client, n_connections);
  threads = g_new0 (GThread *, n_connections);
  for (guint i = 0; i < n_connections; i++)
    {
      clients[i].index = i;
      clients[i].n_games = games_per_connection;
      clients[i].turns = turns_per_game;
      clients[i].games = g_new0 (Game, games_per_connection);
      clients[i].place_us = g_array_new (FALSE, FALSE, sizeof (double));
      clients[i].move_us = g_array_new (FALSE, FALSE, sizeof (double));
      clients[i].ping_us = g_array_new (FALSE, FALSE, sizeof (double));
      threads[i] = g_thread_new ("client", client_main, &clients[i]);
    }
  wait_all_arrived (n_connections);
  t0 = g_get_monotonic_time ();
  play_start = t0;
  if (timeline)
    fprintf (timeline, "%.6f T0 0\n", (double)t0 / G_USEC_PER_SEC);
  cpu0 = bench_cpu_us (d.pid);
  bus_cpu0 = bus_pid ? bench_cpu_us (bus_pid) : 0;
  has_commits = bench_daemon_commits (&d, &commits0);
  release (1);
  wait_all_arrived (n_connections);
  play_s = (double)(g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
  has_commits = has_commits && bench_daemon_commits (&d, &commits1);
  cpu_s = (double)(bench_cpu_us (d.pid) - cpu0) / G_USEC_PER_SEC;
  bus_cpu_s = bus_pid ? (double)(bench_cpu_us (bus_pid) - bus_cpu0) / G_USEC_PER_SEC : 0;
  memory (d.pid, &live_rss, &live_pss);
  release (2);
  wait_all_arrived (n_connections);
  g_usleep (600000); /* the daemon gives memory back 0.5 s after the last game went */
  memory (d.pid, &after_rss, &after_pss);
  release (3);
  for (guint i = 0; i < n_connections; i++)
    g_thread_join (threads[i]);

  g_print ("scale.setup %u games (%u connections x %u, each against the bot, %u turns each at "
           "%s; %s)\n",
           n_games, n_connections, games_per_connection, turns_per_game, rate_text, setup);
  g_print ("scale.idle_rss %.2f MiB (Pss %.2f MiB; after start, no game)\n", idle_rss / 1024.0,
           idle_pss / 1024.0);
  g_print ("scale.live_rss %.2f MiB (Pss %.2f MiB; %u games mid-play)\n", live_rss / 1024.0,
           live_pss / 1024.0, n_games);
  g_print ("scale.rss_per_game %.1f KiB (Pss %.1f KiB)\n", (double)(live_rss - idle_rss) / n_games,
           (double)(live_pss - idle_pss) / n_games);
  g_print ("scale.after_delete_rss %.2f MiB (Pss %.2f MiB; every game deleted)\n",
           after_rss / 1024.0, after_pss / 1024.0);
  g_print ("scale.place_latency_p50 %.2f ms\n",
           merged_quantile (clients, G_STRUCT_OFFSET (Client, place_us), 0.5) / 1000);
  g_print ("scale.place_latency_p99 %.2f ms\n",
           merged_quantile (clients, G_STRUCT_OFFSET (Client, place_us), 0.99) / 1000);
  g_print ("scale.move_latency_p50 %.2f ms (Place and Skip)\n",
           merged_quantile (clients, G_STRUCT_OFFSET (Client, move_us), 0.5) / 1000);
  g_print ("scale.move_latency_p99 %.2f ms (Place and Skip)\n",
           merged_quantile (clients, G_STRUCT_OFFSET (Client, move_us), 0.99) / 1000);
  g_print ("scale.ping_latency_p50 %.2f ms (Peer.Ping to the daemon before each turn)\n",
           merged_quantile (clients, G_STRUCT_OFFSET (Client, ping_us), 0.5) / 1000);
  g_print ("scale.ping_latency_p99 %.2f ms\n",
           merged_quantile (clients, G_STRUCT_OFFSET (Client, ping_us), 0.99) / 1000);
  g_print ("scale.daemon_cpu %.0f %% (of one core, while playing)\n", 100.0 * cpu_s / play_s);
  g_print ("scale.bus_cpu %.0f %% (of one core: dbus-daemon, while playing)\n",
           100.0 * bus_cpu_s / play_s);
  g_print (
      "scale.client_turns_per_second %.0f turns/s (start and %u turns of every game in %.1f s)\n",
      n_games * turns_per_game / play_s, turns_per_game, play_s);

  if (has_commits)
    print_commits (&commits0, &commits1, play_s);

  if (timeline)
    fclose (timeline);
  ok = bench_daemon_stop (&d);
  for (guint i = 0; i < n_connections; i++)
    {
      for (guint k = 0; k < games_per_connection; k++)
        {
          g_free (clients[i].games[k].path);
          g_free (clients[i].games[k].me);
        }
      g_free (clients[i].games);
      g_array_unref (clients[i].place_us);
      g_array_unref (clients[i].move_us);
      g_array_unref (clients[i].ping_us);
    }
  g_free (clients);
  g_free (threads);
  dbus_connection_close (c);
  dbus_connection_unref (c);
  return ok ? 0 : 1;
}
