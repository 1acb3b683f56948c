/* test-daemon-vanish.c: clients that vanish mid-call (issue 8, "Reliability and security").
 *
 * A client may send a move, a join, a CreateGame, a Leave, and be gone before the reply: its
 * process exited, crashed or was killed. Whatever the moment, the daemon must go on: no seat
 * left to a dead name, every game as consistent as if the call had been made or not made at
 * all, and its per-client tables back to what the clients still on the bus hold.
 *
 * Each round is a forked child that speaks D-Bus by hand on a socket of its own (so that it
 * needs nothing of GLib after the fork): it authenticates, says Hello, writes its calls without
 * waiting for a reply, and then, after a random delay of 0..3 ms,
 *   - exits (the socket closes: a disconnect), or
 *   - is killed with SIGKILL by the test (possibly before it has even connected), or
 *   - writes only a random part of its calls and exits (a message cut short).
 * The calls: Rejoin with the active seat's token and the next legal move (the test replays
 * each game's record in-process to know it), Join of a waiting game, Rejoin and Leave,
 * CreateGame, Rejoin alone. The children of a burst (8) run at once, often on the same game
 * with the same token, so their moves race.
 *
 * After every burst, once the daemon has seen every child leave the bus:
 *   - it still answers, and every non-bot seat of every game is disconnected (no seat is held
 *     by a dead name: the test itself holds none);
 *   - every started game's StateHash equals the engine's replay of its ExportRecord;
 *   - its per-client tables (SIGUSR1: "tables: ..." on its standard error, carcassonned(8))
 *     hold one client, the test's connection that created the games, with one watch, no seat
 *     held, one creator per game, and no mismatch between its counts and the sessions.
 * At the end the test deletes its games and leaves: every table is empty, the daemon exits
 * with status 0 on SIGTERM and its log holds no warning, critical or sanitizer report (under
 * the ASan build the daemon is instrumented too: a report, or a leak at exit, fails the test).
 *
 * Rounds: 640 by default (make check); VANISH_ROUNDS=5000 for the long form
 * (doc/reliability.md). VANISH_SEED fixes the plan's randomness.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"

#define BURST          8
#define MAX_DELAY_US   3000
#define MOVE_GAMES     3
#define JOIN_SEATS     6
#define DEFAULT_ROUNDS 640

/* ---- the children: raw D-Bus on a socket ---- */

typedef enum
{
  END_EXIT, /* exits after the delay */
  END_KILL, /* the test kills it after the delay */
  END_CUT,  /* writes part of its calls, then exits */
  N_ENDS
} End;

typedef struct
{
  struct sockaddr_un addr;
  socklen_t addr_len;
  char auth[128]; /* "AUTH EXTERNAL <uid in hex>\r\n" */
} Bus;

typedef struct
{
  End end;
  guint delay_us;
  GByteArray *bytes; /* Hello and the calls, serialised */
  gsize hello_len;
  gsize cut; /* bytes written (END_CUT: fewer than all) */
  pid_t pid;
} Child;

/* The socket of the test bus, from DBUS_SESSION_BUS_ADDRESS (unix:path= or unix:abstract=). */
static void
bus_init (Bus *bus)
{
  const char *address = g_getenv ("DBUS_SESSION_BUS_ADDRESS");
  g_auto (GStrv) parts = NULL;
  g_autofree char *uid = g_strdup_printf ("%u", (guint)getuid ());
  GString *hex = g_string_new (NULL);

  ck_assert_msg (address && g_str_has_prefix (address, "unix:"), "not a unix bus address: %s",
                 address);
  memset (bus, 0, sizeof *bus);
  bus->addr.sun_family = AF_UNIX;
  parts = g_strsplit_set (address + 5, ",;", -1);
  for (guint i = 0; parts[i]; i++)
    {
      gboolean abstract = g_str_has_prefix (parts[i], "abstract=");
      g_autofree char *value = NULL;
      gsize len;

      if (!abstract && !g_str_has_prefix (parts[i], "path="))
        continue;
      value = g_uri_unescape_string (strchr (parts[i], '=') + 1, NULL);
      len = strlen (value);
      ck_assert_uint_lt (len + 1, sizeof bus->addr.sun_path);
      memcpy (bus->addr.sun_path + (abstract ? 1 : 0), value, len);
      bus->addr_len = (socklen_t)(offsetof (struct sockaddr_un, sun_path) + len + 1);
      break;
    }
  ck_assert_msg (bus->addr_len > 0, "no unix socket in %s", address);
  for (const char *p = uid; *p; p++)
    g_string_append_printf (hex, "%02x", (guint)(guchar)*p);
  g_snprintf (bus->auth, sizeof bus->auth, "AUTH EXTERNAL %s\r\n", hex->str);
  g_string_free (hex, TRUE);
}

static gboolean
write_all (int fd, const void *data, gsize len)
{
  const char *p = data;

  while (len > 0)
    {
      ssize_t n = write (fd, p, len);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n;
      len -= (gsize)n;
    }
  return TRUE;
}

static void
sleep_us (guint us)
{
  struct timespec ts = { us / 1000000, (long)(us % 1000000) * 1000 };

  while (nanosleep (&ts, &ts) < 0 && errno == EINTR)
    ;
}

/* The child, after fork(): system calls only (no GLib, no malloc). Never returns. */
static void
child_main (const Bus *bus, const Child *child)
{
  char line[256];
  gsize got = 0;
  int fd;

  alarm (20); /* whatever happens, it goes */
  fd = socket (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0 || connect (fd, (const struct sockaddr *)&bus->addr, bus->addr_len) < 0)
    _exit (1);
  if (!write_all (fd, "", 1) || !write_all (fd, bus->auth, strlen (bus->auth)))
    _exit (1);
  /* "OK <guid>\r\n" */
  while (got < sizeof line && (got < 2 || line[got - 1] != '\n'))
    {
      ssize_t n = read (fd, line + got, sizeof line - got);
      if (n <= 0)
        _exit (1);
      got += (gsize)n;
    }
  if (got < 2 || line[0] != 'O' || line[1] != 'K' || !write_all (fd, "BEGIN\r\n", 7))
    _exit (1);
  write_all (fd, child->bytes->data, child->cut);
  if (child->end == END_KILL)
    for (;;)
      pause ();
  sleep_us (child->delay_us);
  _exit (0);
}

static void
append_message (GByteArray *bytes, GDBusMessage *msg, guint32 serial)
{
  g_autoptr (GError) error = NULL;
  g_autofree guchar *blob = NULL;
  gsize size;

  g_dbus_message_set_serial (msg, serial);
  blob = g_dbus_message_to_blob (msg, &size, G_DBUS_CAPABILITY_FLAGS_NONE, &error);
  ck_assert_msg (blob != NULL, "%s", error ? error->message : "");
  g_byte_array_append (bytes, blob, (guint)size);
}

/* A child that says Hello and makes @n calls (@methods on @path with @args, floating). */
static Child *
child_new (GRand *rand, const char *path, const char *iface, guint n, const char *const *methods,
           GVariant *const *args)
{
  Child *child = g_new0 (Child, 1);
  g_autoptr (GDBusMessage) hello = g_dbus_message_new_method_call (
      "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello");

  child->bytes = g_byte_array_new ();
  append_message (child->bytes, hello, 1);
  child->hello_len = child->bytes->len;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GDBusMessage) msg
          = g_dbus_message_new_method_call (BUS_NAME, path, iface, methods[i]);
      if (args[i])
        g_dbus_message_set_body (msg, args[i]);
      append_message (child->bytes, msg, i + 2);
    }
  child->end = (End)g_rand_int_range (rand, 0, N_ENDS);
  child->delay_us = (guint)g_rand_int_range (rand, 0, MAX_DELAY_US + 1);
  child->cut = child->bytes->len;
  if (child->end == END_CUT)
    child->cut = child->hello_len
                 + (gsize)g_rand_int_range (rand, 0, (gint)(child->bytes->len - child->hello_len));
  return child;
}

static void
child_free (Child *child)
{
  g_byte_array_unref (child->bytes);
  g_free (child);
}

static gint
compare_delays (gconstpointer a, gconstpointer b)
{
  const Child *x = *(Child *const *)a, *y = *(Child *const *)b;
  return x->delay_us < y->delay_us ? -1 : x->delay_us > y->delay_us;
}

/* Runs a burst: all children at once; the killed ones die at their delays. */
static void
run_burst (const Bus *bus, GPtrArray *children, guint *killed)
{
  gint64 t0;

  for (guint i = 0; i < children->len; i++)
    {
      Child *child = g_ptr_array_index (children, i);
      child->pid = fork ();
      ck_assert_int_ge (child->pid, 0);
      if (child->pid == 0)
        child_main (bus, child);
    }
  t0 = g_get_monotonic_time ();
  g_ptr_array_sort (children, compare_delays);
  for (guint i = 0; i < children->len; i++)
    {
      Child *child = g_ptr_array_index (children, i);
      gint64 wait = t0 + child->delay_us - g_get_monotonic_time ();

      if (child->end != END_KILL)
        continue;
      if (wait > 0)
        sleep_us ((guint)wait);
      kill (child->pid, SIGKILL);
      (*killed)++;
    }
  for (guint i = 0; i < children->len; i++)
    {
      Child *child = g_ptr_array_index (children, i);
      int status;

      while (waitpid (child->pid, &status, 0) < 0 && errno == EINTR)
        ;
    }
}

/* ---- the daemon's tables (SIGUSR1) ---- */

typedef struct
{
  guint clients, watches, games, objects, seats_held, creators, mismatches;
} Tables;

typedef struct
{
  GPid pid;
  char *log;
  gsize seen; /* bytes of the log read so far */
} Daemon;

/* Asks for a "tables:" line and reads it. */
static void
read_tables (Daemon *d, Tables *t)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  kill (d->pid, SIGUSR1);
  while (g_get_monotonic_time () < deadline)
    {
      g_autofree char *text = NULL;
      gsize len;
      const char *line;

      ck_assert (g_file_get_contents (d->log, &text, &len, NULL));
      if (len > d->seen
          && (line = g_strstr_len (text + d->seen, (gssize)(len - d->seen), "tables: "))
          && strchr (line, '\n'))
        {
          ck_assert_int_eq (sscanf (line,
                                    "tables: clients %u watches %u games %u objects %u seats-held "
                                    "%u creators %u mismatches %u",
                                    &t->clients, &t->watches, &t->games, &t->objects,
                                    &t->seats_held, &t->creators, &t->mismatches),
                            7);
          d->seen = (gsize)(strchr (line, '\n') + 1 - text);
          return;
        }
      g_usleep (1000);
    }
  ck_abort_msg ("the daemon logged no tables line after SIGUSR1");
}

/* Waits until the daemon holds exactly @clients client records with their watches, no seat
 * held and @games games (those of clients gone are removed from an idle callback), then checks
 * the rest of the tables. */
static void
assert_tables (Daemon *d, guint clients, guint games, guint creators)
{
  Tables t = { 0 };
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  do
    read_tables (d, &t);
  while ((t.clients != clients || t.seats_held != 0 || t.watches != clients || t.games != games)
         && g_get_monotonic_time () < deadline && (g_usleep (2000), TRUE));
  ck_assert_msg (t.clients == clients && t.watches == clients && t.seats_held == 0
                     && t.games == games && t.creators == creators && t.mismatches == 0,
                 "tables: clients %u watches %u games %u seats-held %u creators %u mismatches %u; "
                 "expected clients %u watches %u games %u seats-held 0 creators %u mismatches 0",
                 t.clients, t.watches, t.games, t.seats_held, t.creators, t.mismatches, clients,
                 clients, games, creators);
}

/* ---- the bus as a barrier ---- */

/* The bus's connections: those with a name, and those still authenticating. */
static void
bus_connections (GDBusConnection *c, guint *active, guint *incomplete)
{
  g_autoptr (GVariant) r = g_dbus_connection_call_sync (
      c, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.Debug.Stats",
      "GetStats", NULL, G_VARIANT_TYPE ("(a{sv})"), G_DBUS_CALL_FLAGS_NONE, 10000, NULL, NULL);
  g_autoptr (GVariant) stats = NULL;

  ck_assert_msg (r != NULL, "the test bus gives no statistics");
  stats = g_variant_get_child_value (r, 0);
  ck_assert (g_variant_lookup (stats, "ActiveConnections", "u", active));
  ck_assert (g_variant_lookup (stats, "IncompleteConnections", "u", incomplete));
}

/* Waits until the bus has dropped every connection but the @baseline ones. A child's calls
 * come before its disconnect, so the bus has then passed on everything the children sent; the
 * reply to one more call to the daemon then comes after the daemon has taken all of it in. */
static void
bus_barrier (GDBusConnection *c, guint baseline)
{
  guint active = 0, incomplete = 0;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  g_autoptr (GVariant) r = NULL;

  do
    bus_connections (c, &active, &incomplete);
  while ((active != baseline || incomplete != 0) && g_get_monotonic_time () < deadline
         && (g_usleep (1000), TRUE));
  ck_assert_msg (active == baseline && incomplete == 0,
                 "the bus still has %u connections (%u authenticating); %u expected", active,
                 incomplete, baseline);
  r = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
}

/* ---- the games ---- */

typedef struct
{
  char *path;
  guint n_seats;
  char *seats[CARC_MAX_PLAYERS];
  char *tokens[CARC_MAX_PLAYERS]; /* NULL once revoked (a Leave got through) */
  CarcGame *mirror;               /* the replay of its record, as of the last check */
} MoveGame;

typedef struct
{
  Daemon daemon;
  Bus bus;
  GRand *rand;
  GDBusConnection *host; /* creates the games; holds no seat */
  MoveGame games[MOVE_GAMES];
  char *join_game; /* a waiting game children join */
  guint n_host_games, created;
  guint rounds, children, killed, cut, moves_sent, moves_made;
  guint connections; /* the bus's connections without the children: the daemon's, the host's */
} Run;

static void
move_game_new (Run *run, MoveGame *g)
{
  guint64 seed = g_rand_int (run->rand);
  g_autofree char *options = NULL;
  g_autoptr (GVariant) r = NULL;

  memset (g, 0, sizeof *g);
  g->n_seats = (guint)g_rand_int_range (run->rand, 2, 5);
  options = g_strdup_printf ("{'players': <@u %u>, 'seed': <@t %" G_GUINT64_FORMAT ">}", g->n_seats,
                             seed);
  g->path = create_game (run->host, options);
  run->n_host_games++;
  for (guint i = 0; i < g->n_seats; i++)
    {
      /* a connection that joins and goes: the seat waits for its token */
      g_autoptr (GDBusConnection) c = client_new ();
      g_autofree char *name = g_strdup_printf ("Seat %u", i);
      g->seats[i] = join_game (c, g->path, name, &g->tokens[i]);
      g_dbus_connection_close_sync (c, NULL, NULL);
    }
  r = call_ok (run->host, g->path, GAME_IFACE, "Start", NO_OPTIONS);
}

static void
move_game_clear (Run *run, MoveGame *g)
{
  g_autoptr (GVariant) r = call_ok (run->host, g->path, GAME_IFACE, "Delete", NO_OPTIONS);

  run->n_host_games--;
  g_free (g->path);
  for (guint i = 0; i < g->n_seats; i++)
    {
      g_free (g->seats[i]);
      g_free (g->tokens[i]);
    }
  g_clear_object (&g->mirror);
}

static void
join_game_new (Run *run)
{
  g_free (run->join_game);
  run->join_game = create_game (run->host, "{'players': <@u " G_STRINGIFY (JOIN_SEATS) ">}");
  run->n_host_games++;
}

static GVariant *
dict (void)
{
  return g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0);
}

/* The built-in bot plays @player (its player left). */
static gboolean
seat_is_bot (Run *run, const char *player)
{
  g_autoptr (GVariant) v = get_property (run->host, player, PLAYER_IFACE, "Bot");
  return g_variant_get_boolean (v);
}

/* One child's plan. */
static Child *
plan_child (Run *run)
{
  guint kind = (guint)g_rand_int_range (run->rand, 0, 10);
  MoveGame *g = &run->games[g_rand_int_range (run->rand, 0, MOVE_GAMES)];
  const char *methods[2];
  GVariant *args[2];
  gboolean in_play = g->mirror && carc_game_get_phase (g->mirror) != CARC_PHASE_OVER;
  guint active = in_play ? carc_game_get_current_player (g->mirror) : 0;

  if (kind < 5 && in_play && g->tokens[active])
    {
      /* take the active seat back and move */
      CarcMove move;
      mirror_choose (g->mirror, run->rand, &move);
      methods[0] = "Rejoin";
      args[0] = g_variant_new ("(s)", g->tokens[active]);
      methods[1] = move_method (&move, &args[1]);
      run->moves_sent++;
      return child_new (run->rand, g->path, GAME_IFACE, 2, methods, args);
    }
  if (kind == 5 && in_play)
    {
      /* take a seat back and leave it (the bot takes it) */
      guint seat = (guint)g_rand_int_range (run->rand, 0, (gint)g->n_seats);
      if (g->tokens[seat])
        {
          methods[0] = "Rejoin";
          args[0] = g_variant_new ("(s)", g->tokens[seat]);
          methods[1] = "Leave";
          args[1] = g_variant_new ("(a{sv})", NULL);
          return child_new (run->rand, g->path, GAME_IFACE, 2, methods, args);
        }
    }
  if (kind == 6)
    {
      methods[0] = "CreateGame";
      args[0] = g_variant_new_parsed ("({'players': <@u 3>},)");
      run->created++;
      return child_new (run->rand, ROOT_PATH, MANAGER_IFACE, 1, methods, args);
    }
  if (kind == 7 && in_play)
    {
      guint seat = (guint)g_rand_int_range (run->rand, 0, (gint)g->n_seats);
      if (g->tokens[seat])
        {
          methods[0] = "Rejoin";
          args[0] = g_variant_new ("(s)", g->tokens[seat]);
          return child_new (run->rand, g->path, GAME_IFACE, 1, methods, args);
        }
    }
  /* join the waiting game (a seat nobody will take back) */
  methods[0] = "Join";
  args[0] = g_variant_new ("(s@a{sv})", "Vanishing", dict ());
  return child_new (run->rand, run->join_game, GAME_IFACE, 1, methods, args);
}

/* Every non-bot seat of every game is disconnected: the test's connections hold none. */
static void
assert_no_dead_holder (Run *run)
{
  g_autoptr (GVariant) r = call_ok (run->host, ROOT_PATH, "org.freedesktop.DBus.ObjectManager",
                                    "GetManagedObjects", NULL);
  g_autoptr (GVariant) objects = g_variant_get_child_value (r, 0);
  GVariantIter iter;
  const char *path;
  GVariant *ifaces;

  g_variant_iter_init (&iter, objects);
  while (g_variant_iter_next (&iter, "{&o@a{sa{sv}}}", &path, &ifaces))
    {
      g_autoptr (GVariant) props = g_variant_lookup_value (ifaces, PLAYER_IFACE, NULL);
      gboolean bot, connected;

      g_variant_unref (ifaces);
      if (props == NULL)
        continue;
      ck_assert (g_variant_lookup (props, "Bot", "b", &bot));
      ck_assert (g_variant_lookup (props, "Connected", "b", &connected));
      ck_assert_msg (connected == bot, "%s: Connected %d, Bot %d: a dead name holds it", path,
                     connected, bot);
    }
}

/* The engine's replay of @game's record, whose state hash is the daemon's StateHash. A bot
 * whose turn it is moves from an idle callback, so the record is taken between two equal
 * hashes. */
static CarcGame *
replay_stable (Run *run, const char *game)
{
  for (guint attempt = 0; attempt < 1000; attempt++)
    {
      g_autofree char *before = get_hash (run->host, game);
      g_autofree char *record = export_record (run->host, game);
      g_autofree char *after = get_hash (run->host, game);
      CarcGame *mirror;
      g_autofree char *replayed = NULL;

      if (!g_str_equal (before, after))
        continue;
      mirror = mirror_from_record (record, NULL);
      replayed = carc_game_get_public_hash (mirror);
      ck_assert_msg (g_str_equal (replayed, after),
                     "%s: StateHash %s, the replay of its record %s; the record:\n%.3000s", game,
                     after, replayed, record);
      return mirror;
    }
  ck_abort_msg ("%s never stood still", game);
  return NULL;
}

/* After a burst: the tables, the seats, every game against the replay of its record; a game
 * that is over makes room for a new one, a full waiting game too. */
static void
check_and_renew (Run *run)
{
  guint games;

  /* the children's games were abandoned: --abandon-timeout=0 removes them (the daemon has
   * seen everything they sent: bus_barrier()) */
  assert_tables (&run->daemon, 1, run->n_host_games, run->n_host_games);
  {
    g_autoptr (GVariant) r = call_ok (run->host, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
    g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
    games = (guint)g_variant_n_children (list);
    ck_assert_uint_eq (games, run->n_host_games);
  }
  assert_no_dead_holder (run);
  for (guint i = 0; i < MOVE_GAMES; i++)
    {
      MoveGame *g = &run->games[i];

      guint before = 0, after;

      if (g->mirror)
        carc_game_get_moves (g->mirror, &before);
      g_clear_object (&g->mirror);
      g->mirror = replay_stable (run, g->path);
      carc_game_get_moves (g->mirror, &after);
      run->moves_made += after - before;
      for (guint k = 0; k < g->n_seats; k++)
        if (g->tokens[k] && seat_is_bot (run, g->seats[k]))
          g_clear_pointer (&g->tokens[k], g_free); /* a Leave got through */
      if (carc_game_get_phase (g->mirror) == CARC_PHASE_OVER)
        {
          move_game_clear (run, g);
          move_game_new (run, g);
          g->mirror = replay_stable (run, g->path);
        }
    }
  {
    g_autoptr (GVariant) players = get_property (run->host, run->join_game, GAME_IFACE, "Players");
    if (g_variant_n_children (players) == JOIN_SEATS)
      {
        g_autoptr (GVariant) r
            = call_ok (run->host, run->join_game, GAME_IFACE, "Delete", NO_OPTIONS);
        run->n_host_games--;
        join_game_new (run);
      }
  }
}

static guint
env_uint (const char *name, guint fallback)
{
  const char *v = g_getenv (name);
  return v && *v ? (guint)g_ascii_strtoull (v, NULL, 10) : fallback;
}

/* Issue 8: "Clients that vanish mid-call: send a move or a join and disconnect (or be killed)
 * after a random short delay [...]: no report, no seat left to a dead name, per-client tables
 * back to empty." */
START_TEST (test_vanishing_clients)
{
  static const char *const args[] = { "--abandon-timeout=0", NULL };
  Run run = { 0 };
  guint rounds = env_uint ("VANISH_ROUNDS", DEFAULT_ROUNDS);
  guint seed = env_uint ("VANISH_SEED", 8);
  gint64 t0;
  g_autofree char *log_text = NULL;
  g_autofree char *dir = state_dir_new ();

  run.daemon.log = g_build_filename (dir, "daemon.log", NULL);
  run.daemon.pid = daemon_start_logged (args, run.daemon.log);
  bus_init (&run.bus);
  run.rand = g_rand_new_with_seed (seed);
  run.host = client_new ();
  for (guint i = 0; i < MOVE_GAMES; i++)
    move_game_new (&run, &run.games[i]);
  join_game_new (&run);
  run.connections = 2;
  bus_barrier (run.host, run.connections);
  check_and_renew (&run);

  t0 = g_get_monotonic_time ();
  while (run.rounds < rounds)
    {
      g_autoptr (GPtrArray) burst = g_ptr_array_new_with_free_func ((GDestroyNotify)child_free);

      for (guint i = 0; i < BURST && run.rounds < rounds; i++, run.rounds++)
        {
          Child *child = plan_child (&run);
          run.cut += child->end == END_CUT;
          g_ptr_array_add (burst, child);
        }
      run_burst (&run.bus, burst, &run.killed);
      run.children += burst->len;
      bus_barrier (run.host, run.connections);
      check_and_renew (&run);
    }
  /* the figures, for doc/reliability.md */
  g_print ("vanish: %u clients (%u killed with SIGKILL, %u cut mid-message, the rest exited), "
           "%u moves sent, %u moves made (the bots' too), %u CreateGame sent, seed %u: %.1f s\n",
           run.children, run.killed, run.cut, run.moves_sent, run.moves_made, run.created, seed,
           (g_get_monotonic_time () - t0) / 1e6);

  /* the test leaves: every table empties */
  for (guint i = 0; i < MOVE_GAMES; i++)
    move_game_clear (&run, &run.games[i]);
  {
    g_autoptr (GVariant) r = call_ok (run.host, run.join_game, GAME_IFACE, "Delete", NO_OPTIONS);
    run.n_host_games--;
  }
  g_dbus_connection_close_sync (run.host, NULL, NULL);
  g_clear_object (&run.host);
  assert_tables (&run.daemon, 0, 0, 0);
  ck_assert_int_eq (daemon_stop (run.daemon.pid), 0);

  /* nothing went wrong in the daemon (an instrumented one reports on standard error) */
  ck_assert (g_file_get_contents (run.daemon.log, &log_text, NULL, NULL));
  ck_assert_msg (!strstr (log_text, "-WARNING") && !strstr (log_text, "-CRITICAL")
                     && !strstr (log_text, "Sanitizer") && !strstr (log_text, "runtime error"),
                 "the daemon's log:\n%.4000s", log_text);
  g_rand_free (run.rand);
  g_free (run.join_game);
  g_free (run.daemon.log);
  remove_tree (dir);
}
END_TEST

static Suite *
vanish_suite (void)
{
  Suite *s = suite_create ("daemon-vanish");
  TCase *tc = tcase_create ("vanish");

  tcase_set_timeout (tc, 3600);
  tcase_add_test (tc, test_vanishing_clients);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (vanish_suite ());
}
