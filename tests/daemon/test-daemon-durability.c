/* test-daemon-durability.c: the holes of issue 15, "Data loss", and the journaled seat-change
 * flood (doc/persistence.md, "Guarantees" and "Restoring").
 *
 * Each test names the finding it checks. They run the real daemon on the private test bus
 * (a second bus of its own for the two daemons), on state directories made for them, and look
 * at the files the daemon leaves as well as at what it answers.
 */
#include "config.h"

#include <check.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"
#include "proc-stats.h"

/* ---- helpers ---------------------------------------------------------------------------- */

/* The state before and after a restart is the same; the sequence numbers start again
 * (doc/dbus-game.md, "Conventions") and are left out. */
static void
assert_same_state (const char *after, const char *before)
{
  g_autofree char *a = without_sequence (after), *b = without_sequence (before);
  ck_assert_str_eq (a, b);
}

static const char *
daemon_binary (void)
{
  const char *daemon = g_getenv ("CARCASSONNED");
  return daemon ? daemon : TOP_BUILDDIR "/core/daemon/carcassonned";
}

/* A script in the test's $XDG_STATE_HOME that runs the daemon after the shell line @setup,
 * with @prefix (a command and its options) before it, and $CARCD_DAEMON_WRAPPER (valgrind in
 * `make check-valgrind`) after that, as test_disk_full of test-daemon-persistence does;
 * $CARCASSONNED is set to it until restore_daemon(). */
static char *saved_daemon;

static void
wrap_daemon (const char *setup, const char *prefix)
{
  const char *home = g_getenv ("XDG_STATE_HOME");
  g_autofree char *script
      = g_build_filename (home ? home : g_get_tmp_dir (), "wrapped-daemon", NULL);
  g_autofree char *text = g_strdup_printf ("#!/bin/sh\n%s\nexec %s ${CARCD_DAEMON_WRAPPER:-} '%s' "
                                           "\"$@\"\n",
                                           setup, prefix, daemon_binary ());

  ck_assert (g_file_set_contents (script, text, -1, NULL));
  ck_assert_int_eq (g_chmod (script, 0700), 0);
  saved_daemon = g_strdup (g_getenv ("CARCASSONNED"));
  g_setenv ("CARCASSONNED", script, TRUE);
}

static void
restore_daemon (void)
{
  if (saved_daemon)
    g_setenv ("CARCASSONNED", saved_daemon, TRUE);
  else
    g_unsetenv ("CARCASSONNED");
  g_clear_pointer (&saved_daemon, g_free);
}

/* As root the daemon would ignore the permission bits the tests set: a root daemon is started
 * without the capabilities that override them (setpriv(1)), so it meets them as a user does. */
static const char *
drop_dac (void)
{
  return getuid () == 0 ? "setpriv --bounding-set=-dac_override,-dac_read_search" : "";
}

static gboolean
can_drop_dac (void)
{
  g_autofree char *setpriv = NULL;

  if (getuid () != 0)
    return TRUE;
  setpriv = g_find_program_in_path ("setpriv");
  return setpriv != NULL;
}

/* Runs @argv to its end (at most 30 s, times test_time_scale(); then it is killed and the test
 * fails): its exit status, and its standard error in @err. */
static int
run_to_end (const char *const *argv, char **err)
{
  g_autoptr (GError) error = NULL;
  GPid pid;
  int err_fd, status = -1;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC * test_time_scale ();
  g_autoptr (GString) text = g_string_new (NULL);
  pid_t done = 0;

  ck_assert_msg (g_spawn_async_with_pipes (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, NULL, &err_fd, &error),
                 "%s: %s", argv[0], error ? error->message : "");
  fcntl (err_fd, F_SETFL, O_NONBLOCK);
  while (done == 0 && g_get_monotonic_time () < deadline)
    {
      char buf[4096];
      ssize_t n;

      while ((n = read (err_fd, buf, sizeof buf)) > 0)
        g_string_append_len (text, buf, n);
      done = waitpid (pid, &status, WNOHANG);
      if (done == 0)
        g_usleep (10000);
    }
  if (done == 0)
    {
      kill (pid, SIGKILL);
      waitpid (pid, &status, 0);
      /* Check's messages are short: the end of the log */
      ck_abort_msg ("%s still runs after 30 s; its log ends:\n%s", argv[0],
                    text->str + (text->len > 2000 ? text->len - 2000 : 0));
    }
  for (char buf[4096];;)
    {
      ssize_t n = read (err_fd, buf, sizeof buf);
      if (n <= 0)
        break;
      g_string_append_len (text, buf, n);
    }
  close (err_fd);
  *err = g_strdup (text->str);
  return WIFEXITED (status) ? WEXITSTATUS (status) : 128 + WTERMSIG (status);
}

/* The daemon ($CARCASSONNED) in the foreground on @dir, on the test bus or at @address, run to
 * its end. */
static int
run_daemon (const char *dir, const char *address, char **err)
{
  g_autofree char *state = g_strconcat ("--state-dir=", dir, NULL);
  g_autofree char *bus = address ? g_strconcat ("--address=", address, NULL) : NULL;
  const char *argv[] = { daemon_binary (), "--nodetach", state, bus, NULL };

  return run_to_end (argv, err);
}

static void
assert_contains (const char *text, const char *want)
{
  gsize length = strlen (text);

  /* Check's messages are short: the end of the text */
  ck_assert_msg (strstr (text, want) != NULL, "no\n%s\nin the text that ends\n%s", want,
                 text + (length > 2000 ? length - 2000 : 0));
}

static void
assert_error (GError *error, const char *name, const char *message)
{
  g_autofree char *remote = NULL;

  ck_assert_ptr_nonnull (error);
  ck_assert (g_dbus_error_is_remote_error (error));
  remote = g_dbus_error_get_remote_error (error);
  g_dbus_error_strip_remote_error (error);
  ck_assert_str_eq (remote, name);
  if (message)
    ck_assert_str_eq (error->message, message);
}

static char *
read_file (const char *path)
{
  char *text = NULL;

  ck_assert_msg (g_file_get_contents (path, &text, NULL, NULL), "cannot read %s", path);
  return text;
}

/* A journal line: the checksum of @payload, a space, @payload. */
static char *
journal_line (const char *payload)
{
  g_autofree char *sum = g_compute_checksum_for_string (G_CHECKSUM_SHA256, payload, -1);
  return g_strdup_printf ("%.16s %s\n", sum, payload);
}

static guint
count_games (GDBusConnection *c)
{
  g_autoptr (GVariant) r = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ListGames", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);

  return (guint)g_variant_n_children (list);
}

/* A started 2-seat game: its seats' clients (Ann, Bob) and tokens, and the mirror. */
typedef struct
{
  GDBusConnection *c[2];
  char *tokens[2];
  char *game;
  CarcGame *mirror;
} Pair;

/* Creates the game with @game_options on the daemon running, seats both, starts it, and makes
 * @moves moves. */
static void
pair_start (Pair *p, const char *game_options, guint moves, GRand *rand)
{
  g_autofree char *record = NULL;

  for (guint i = 0; i < 2; i++)
    p->c[i] = client_new ();
  p->game = create_game (p->c[0], game_options);
  g_free (join_game (p->c[0], p->game, "Ann", &p->tokens[0]));
  g_free (join_game (p->c[1], p->game, "Bob", &p->tokens[1]));
  g_variant_unref (call_ok (p->c[0], p->game, GAME_IFACE, "Start", NO_OPTIONS));
  record = export_record (p->c[0], p->game);
  p->mirror = mirror_from_record (record, NULL);
  mirror_play (p->c, p->game, p->mirror, rand, moves);
}

static void
pair_clear (Pair *p)
{
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&p->c[i]);
      g_clear_pointer (&p->tokens[i], g_free);
    }
  g_clear_pointer (&p->game, g_free);
  g_clear_object (&p->mirror);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Pair, pair_clear)

static void
rejoin_all (GDBusConnection **c, const char *game, char **tokens)
{
  for (guint i = 0; i < 2; i++)
    g_variant_unref (call_ok (c[i], game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", tokens[i])));
}

/* ---- acknowledged, never written -------------------------------------------------------- */

/* Issue 15, "Acknowledged, never written": a daemon restarted on a state directory it can read
 * but not write restores its games, and refuses their moves with Failed, changing nothing,
 * rather than acknowledge moves it cannot save. Once the directory is writable again, the next
 * move opens the journal and is saved: it survives a kill. */
START_TEST (test_read_only_state)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *file = g_build_filename (dir, "game-1.journal", NULL);
  g_autofree char *log = g_build_filename (dir, "..", "read-only.log", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (15);
  g_auto (Pair) p = { 0 };
  GPid pid = daemon_start_in (dir, NULL);

  pair_start (&p, "{'seed': <@t 15>}", 3, rand);
  ck_assert_int_eq (daemon_stop (pid), 0);

  ck_assert_int_eq (g_chmod (file, 0400), 0);
  ck_assert_int_eq (g_chmod (dir, 0500), 0);
  wrap_daemon ("", drop_dac ());
  {
    g_autofree char *arg = g_strconcat ("--state-dir=", dir, NULL);
    const char *args[] = { arg, NULL };
    pid = daemon_start_logged (args, log);
  }
  restore_daemon ();
  assert_in_sync (p.c[0], p.game, p.mirror);
  rejoin_all (p.c, p.game, p.tokens);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *before = state_snapshot (p.c[0], p.game);
      g_autofree char *after = NULL;
      g_autofree char *want = g_strdup_printf (
          "The move could not be saved, so it was not made: Could not save %s: Could not open "
          "%s: Permission denied",
          p.game, file);
      g_autoptr (GError) error = NULL;
      CarcMove move;

      mirror_choose (p.mirror, rand, &move);
      ck_assert (!move_call (p.c[carc_game_get_current_player (p.mirror)], p.game, &move, &error));
      assert_error (error, E ("Failed"), want);
      after = state_snapshot (p.c[0], p.game);
      assert_same_state (after, before);
    }
  /* a new game cannot be saved either */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GVariant) r = call (p.c[0], ROOT_PATH, MANAGER_IFACE, "CreateGame",
                                   g_variant_new_parsed ("(@a{sv} {},)"), &error);

    ck_assert_ptr_null (r);
    assert_error (error, E ("Failed"), NULL);
  }
  text = read_file (log);
  assert_contains (text, "it refuses moves and seat changes until it can be written");

  /* writable again: the next move reopens the journal and is on disk before its reply */
  ck_assert_int_eq (g_chmod (dir, 0700), 0);
  ck_assert_int_eq (g_chmod (file, 0600), 0);
  mirror_play (p.c, p.game, p.mirror, rand, 2);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  assert_in_sync (p.c[0], p.game, p.mirror);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* --no-state keeps working as documented: no journal, the moves acknowledged in memory. */
START_TEST (test_no_state_moves)
{
  static const char *const args[] = { "--no-state", NULL };
  g_autoptr (GRand) rand = g_rand_new_with_seed (16);
  GPid pid = daemon_start (args);
  g_auto (Pair) p = { 0 };

  pair_start (&p, "{'seed': <@t 16>}", 10, rand);
  assert_in_sync (p.c[0], p.game, p.mirror);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* ---- two daemons, one state directory --------------------------------------------------- */

/* A bus of our own beside the test's: dbus-daemon with the test's configuration. */
static GPid
second_bus (char **address)
{
  g_autofree char *config
      = g_strconcat ("--config-file=", TOP_BUILDDIR, "/tests/daemon/dbus-session.conf", NULL);
  const char *argv[] = { "dbus-daemon", config, "--nofork", "--print-address=1", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) line = g_string_new (NULL);
  GPid pid;
  int out;
  char ch;

  ck_assert_msg (g_spawn_async_with_pipes (NULL, (char **)argv, NULL,
                                           G_SPAWN_SEARCH_PATH | G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                           NULL, &pid, NULL, &out, NULL, &error),
                 "dbus-daemon: %s", error ? error->message : "");
  while (read (out, &ch, 1) == 1 && ch != '\n')
    g_string_append_c (line, ch);
  close (out);
  ck_assert_msg (line->len > 0, "dbus-daemon printed no address");
  *address = g_strdup (line->str);
  return pid;
}

/* Issue 15, "Two daemons, one state directory": a second daemon, on another bus, on the state
 * directory a first one uses, exits with status 3 and says why, and touches no journal; once
 * the first has gone, it starts and restores the first one's games. */
START_TEST (test_two_daemons)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *file = g_build_filename (dir, "game-1.journal", NULL);
  g_autofree char *address = NULL, *err = NULL, *before = NULL, *after = NULL, *game = NULL;
  g_autofree char *want = g_strdup_printf ("carcassonned: %s is in use by another carcassonned "
                                           "(it holds the directory's lock); exiting",
                                           dir);
  GPid bus = second_bus (&address);
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) other = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  game = create_game (a, "{'name': <'first'>}");
  before = read_file (file);
  ck_assert_int_eq (run_daemon (dir, address, &err), 3);
  assert_contains (err, want);
  after = read_file (file);
  assert_same_state (after, before);
  /* the first daemon goes on, numbering its games on its own */
  g_free (game);
  game = create_game (a, "{}");
  ck_assert_str_eq (game, ROOT_PATH "/game/2");
  ck_assert_int_eq (daemon_stop (pid), 0);

  /* the lock goes with the daemon: the second one now starts and has both games */
  {
    g_autofree char *state = g_strconcat ("--state-dir=", dir, NULL);
    g_autofree char *bus_arg = g_strconcat ("--address=", address, NULL);
    const char *argv[] = { daemon_binary (), "--nodetach", state, bus_arg, NULL };
    GPid second;
    g_autoptr (GVariant) r = NULL;

    ck_assert (g_spawn_async (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                              &second, NULL));
    other = g_dbus_connection_new_for_address_sync (
        address,
        G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
            | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
        NULL, NULL, &error);
    ck_assert_ptr_nonnull (other);
    for (guint i = 0; i < 1000 * (guint)test_time_scale () && r == NULL; i++)
      {
        g_clear_error (&error);
        r = g_dbus_connection_call_sync (other, BUS_NAME, ROOT_PATH, MANAGER_IFACE, "ListGames",
                                         NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, 10000, NULL,
                                         &error);
        if (r == NULL)
          g_usleep (10000);
      }
    ck_assert_msg (r != NULL, "the second daemon does not answer: %s", error->message);
    {
      g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
      ck_assert_uint_eq (g_variant_n_children (list), 2);
    }
    kill (second, SIGTERM);
    ck_assert_int_eq (waitpid (second, &status, 0), second);
    ck_assert (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  }
  g_dbus_connection_close_sync (other, NULL, NULL);
  kill (bus, SIGTERM);
  waitpid (bus, &status, 0);
}
END_TEST

/* ---- a transient error discards healthy games ------------------------------------------- */

#define N_JOURNALS 40

/* @n waiting games, their journals' contents by number. */
static GPtrArray *
make_journals (const char *dir, guint n)
{
  GPtrArray *contents = g_ptr_array_new_with_free_func (g_free);
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) a = client_new ();

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *game = create_game (a, "{'players': <uint32 3>}");
      g_autofree char *token = NULL;

      g_free (join_game (a, game, "Ann", &token));
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
  for (guint i = 1; i <= n; i++)
    {
      g_autofree char *file = g_strdup_printf ("%s/game-%u.journal", dir, i);
      g_ptr_array_add (contents, read_file (file));
    }
  return contents;
}

/* Every journal as it was, none set aside. */
static void
assert_journals_kept (const char *dir, GPtrArray *contents)
{
  for (guint i = 1; i <= contents->len; i++)
    {
      g_autofree char *file = g_strdup_printf ("%s/game-%u.journal", dir, i);
      g_autofree char *aside = g_strconcat (file, ".unreadable", NULL);
      g_autofree char *now = NULL;

      ck_assert_msg (!g_file_test (aside, G_FILE_TEST_EXISTS), "%s was set aside", file);
      now = read_file (file);
      ck_assert_str_eq (now, g_ptr_array_index (contents, i - 1));
    }
}

/* Issue 15, "A transient error discards healthy games": with too few file descriptors to
 * restore all 40 games, the daemon fails to start (status 4) and says which journal it could
 * not read; no journal is set aside or changed, and the next start restores every game. */
START_TEST (test_too_many_open_files)
{
  g_autofree char *dir = state_dir_new ();
  g_autoptr (GPtrArray) contents = make_journals (dir, N_JOURNALS);
  g_autofree char *err = NULL;
  GPid pid;

  /* both limits: the daemon raises its soft limit to the hard one */
  wrap_daemon ("ulimit -n 24", "");
  ck_assert_int_eq (run_daemon (dir, NULL, &err), 4);
  restore_daemon ();
  assert_contains (err, ": Too many open files); the file is left as it is; exiting");
  assert_contains (err, "carcassonned: ");
  assert_journals_kept (dir, contents);

  pid = daemon_start_in (dir, NULL);
  {
    g_autoptr (GDBusConnection) a = client_new ();
    ck_assert_uint_eq (count_games (a), N_JOURNALS);
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The same finding with a journal the daemon may not read (EACCES): it is left alone and the
 * start fails; readable again, it is restored. */
START_TEST (test_unreadable_journal)
{
  g_autofree char *dir = state_dir_new ();
  g_autoptr (GPtrArray) contents = make_journals (dir, 3);
  g_autofree char *file = g_build_filename (dir, "game-2.journal", NULL);
  g_autofree char *err = NULL, *want = NULL;
  GPid pid;

  ck_assert_int_eq (g_chmod (file, 0), 0);
  wrap_daemon ("", drop_dac ());
  ck_assert_int_eq (run_daemon (dir, NULL, &err), 4);
  restore_daemon ();
  want = g_strdup_printf ("carcassonned: %s could not be restored (Could not open %s: Permission "
                          "denied); the file is left as it is; exiting",
                          file, file);
  assert_contains (err, want);
  ck_assert_int_eq (g_chmod (file, 0600), 0);
  assert_journals_kept (dir, contents);
  pid = daemon_start_in (dir, NULL);
  {
    g_autoptr (GDBusConnection) a = client_new ();
    ck_assert_uint_eq (count_games (a), 3);
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* ---- odd files -------------------------------------------------------------------------- */

/* Issue 15, "Odd files": the daemon on @dir, where game 1 is a good journal and game 2 the odd
 * file: the start does not wait on it, game 1 is back, game 2's file is set aside with the
 * reason given, and the daemon's peak memory stays small. */
static void
check_odd_file (const char *dir, const char *why)
{
  g_autofree char *log = g_build_filename (dir, "..", "odd.log", NULL);
  g_autofree char *odd = g_build_filename (dir, "game-2.journal", NULL);
  g_autofree char *aside = g_strconcat (odd, ".unreadable", NULL);
  g_autofree char *want
      = g_strdup_printf ("%s cannot be restored (%s); renamed to %s", odd, why, aside);
  g_autofree char *arg = g_strconcat ("--state-dir=", dir, NULL);
  const char *args[] = { arg, NULL };
  g_autofree char *text = NULL;
  GPid pid = daemon_start_logged (args, log);
  g_autoptr (GDBusConnection) a = client_new ();
  GStatBuf st;
  gint64 peak;

  ck_assert_uint_eq (count_games (a), 1);
  ck_assert_int_eq (g_lstat (aside, &st), 0);
  ck_assert_int_ne (g_lstat (odd, &st), 0);
  text = read_file (log);
  assert_contains (text, want);
  /* the 3 GiB file is not read: the daemon stays far below its size */
  peak = proc_kib (pid, "status", "VmHWM");
  ck_assert_int_gt (peak, 0);
  ck_assert_msg (peak < 256 * 1024, "the daemon's peak memory: %" G_GINT64_FORMAT " KiB", peak);
  ck_assert_int_eq (daemon_stop (pid), 0);
}

/* A state directory with one good journal, game 1. */
static char *
dir_with_a_game (void)
{
  char *dir = state_dir_new ();
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autofree char *game = create_game (a, "{}");

  ck_assert_int_eq (daemon_stop (pid), 0);
  return dir;
}

START_TEST (test_fifo)
{
  g_autofree char *dir = dir_with_a_game ();
  g_autofree char *odd = g_build_filename (dir, "game-2.journal", NULL);

  ck_assert_int_eq (mkfifo (odd, 0600), 0);
  check_odd_file (dir, "it is not a regular file");
}
END_TEST

START_TEST (test_symlink_to_zero)
{
  g_autofree char *dir = dir_with_a_game ();
  g_autofree char *odd = g_build_filename (dir, "game-2.journal", NULL);

  ck_assert_int_eq (symlink ("/dev/zero", odd), 0);
  check_odd_file (dir, "it is a symbolic link");
}
END_TEST

START_TEST (test_huge_sparse_file)
{
  g_autofree char *dir = dir_with_a_game ();
  g_autofree char *odd = g_build_filename (dir, "game-2.journal", NULL);
  int fd = open (odd, O_WRONLY | O_CREAT | O_EXCL, 0600);

  ck_assert_int_ge (fd, 0);
  ck_assert_int_eq (ftruncate (fd, (off_t)3 << 30), 0);
  close (fd);
  check_odd_file (dir, "it is 3221225472 bytes long, more than a journal's 16 MiB");
}
END_TEST

/* ---- game numbers wrap ------------------------------------------------------------------ */

/* Issue 15, "Game numbers wrap": with game-4294967294 set aside, the next game is 4294967295,
 * the last number, and it is restored; then CreateGame is refused with LimitExceeded, never
 * given 0 or a number in use. */
START_TEST (test_last_game_number)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *aside = g_build_filename (dir, "game-4294967294.journal.unreadable", NULL);
  g_autofree char *last = NULL;
  g_autoptr (GDBusConnection) a = client_new ();
  GPid pid;

  ck_assert (g_file_set_contents (aside, "damaged\n", -1, NULL));
  pid = daemon_start_in (dir, NULL);
  last = create_game (a, "{'name': <'last'>}");
  ck_assert_str_eq (last, ROOT_PATH "/game/4294967295");
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GVariant) r = call (a, ROOT_PATH, MANAGER_IFACE, "CreateGame",
                                     g_variant_new_parsed ("(@a{sv} {},)"), &error);

      ck_assert_ptr_null (r);
      assert_error (error, E ("LimitExceeded"),
                    "No game number is left: games are numbered 1 to 4294967295, and 4294967295 "
                    "is taken");
    }
  ck_assert_uint_eq (count_games (a), 1);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  {
    g_autoptr (GVariant) name = get_property (a, last, GAME_IFACE, "Name");
    ck_assert_str_eq (g_variant_get_string (name, NULL), "last");
  }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* ---- a phantom seat --------------------------------------------------------------------- */

/* Issue 15, "A phantom seat": a journal whose start line (its checksum good) deals 3 players
 * where the header has 2 is no journal the daemon wrote: it is set aside whole, not restored
 * with a seat nobody holds (tests/daemon/test-session-turn.c checks that such a seat is
 * nobody's to move for). */
START_TEST (test_start_of_another_setup)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *file = g_build_filename (dir, "game-1.journal", NULL);
  g_autofree char *aside = g_strconcat (file, ".unreadable", NULL);
  g_autofree char *log = g_build_filename (dir, "..", "phantom.log", NULL);
  g_autofree char *text = NULL, *want = NULL, *err = NULL;
  g_autoptr (GString) forged = g_string_new (NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (6);
  g_auto (Pair) p = { 0 };
  g_auto (GStrv) lines = NULL;
  GPid pid = daemon_start_in (dir, NULL);

  pair_start (&p, "{'seed': <@t 6>}", 2, rand);
  ck_assert_int_eq (daemon_stop (pid), 0);
  text = read_file (file);
  lines = g_strsplit (text, "\n", -1);
  /* the header, the seats (none, Ann's, Bob's), the start, two moves */
  ck_assert_uint_eq (g_strv_length (lines), 8);
  ck_assert_ptr_nonnull (strstr (lines[4], "{\"type\":\"start\""));
  for (guint i = 0; lines[i] && lines[i][0]; i++)
    {
      g_autofree char *line = NULL;

      if (i == 4)
        {
          g_auto (GStrv) parts = g_strsplit (lines[i] + 17, "\"players\":2", 2);
          g_autofree char *payload = NULL;

          ck_assert_uint_eq (g_strv_length (parts), 2);
          payload = g_strjoinv ("\"players\":3", parts);
          line = journal_line (payload);
        }
      else
        line = g_strconcat (lines[i], "\n", NULL);
      g_string_append (forged, line);
    }
  ck_assert (g_file_set_contents (file, forged->str, -1, NULL));

  {
    g_autofree char *arg = g_strconcat ("--state-dir=", dir, NULL);
    const char *args[] = { arg, NULL };
    pid = daemon_start_logged (args, log);
  }
  ck_assert_uint_eq (count_games (p.c[0]), 0);
  err = call_error (p.c[0], p.game, GAME_IFACE, "Skip", NO_OPTIONS);
  ck_assert_str_eq (err, E ("NoSuchGame"));
  ck_assert (!g_file_test (file, G_FILE_TEST_EXISTS));
  {
    g_autofree char *kept = read_file (aside);
    ck_assert_str_eq (kept, forged->str);
  }
  g_free (text);
  text = read_file (log);
  want = g_strdup_printf ("%s cannot be restored (line 5: the start deals another setup than the "
                          "header's); renamed to %s",
                          file, aside);
  assert_contains (text, want);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* ---- the join/leave flood --------------------------------------------------------------- */

#define N_CYCLES 2000

static guint
count_file_lines (const char *path)
{
  g_autofree char *text = read_file (path);
  guint n = 0;

  for (const char *p = text; (p = strchr (p, '\n')); p++)
    n++;
  return n;
}

/* @b joins and leaves @game @n times: the journal never holds more than its 64 seats lines. */
static void
join_leave (GDBusConnection *b, const char *game, const char *file, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *token = NULL;

      g_free (join_game (b, game, "Bob", &token));
      g_variant_unref (call_ok (b, game, GAME_IFACE, "Leave", NO_OPTIONS));
      if (i % 97 == 0)
        ck_assert_uint_le (count_file_lines (file), 1 + 64);
    }
}

/* Issue 15, "Floods": Join and Leave over and over in a waiting game (2,000 times) keep its
 * journal bounded (the header and at most 64 seats lines), and the game is restored exactly:
 * the seats, their names and their tokens; again after more of it in the restored game. */
START_TEST (test_join_leave_flood)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *file = g_build_filename (dir, "game-1.journal", NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autoptr (GDBusConnection) x = client_new ();
  g_autofree char *game = NULL, *ta = NULL, *tb = NULL, *before = NULL, *after = NULL;
  GPid pid = daemon_start_in (dir, NULL);
  GStatBuf st;

  game = create_game (a, "{'players': <uint32 3>, 'name': <'flood'>}");
  g_free (join_game (a, game, "Ann", &ta));
  g_variant_unref (call_ok (a, game, GAME_IFACE, "AddBot", A ("('Robot', @a{sv} {})")));
  join_leave (b, game, file, N_CYCLES);
  g_free (join_game (b, game, "Bob", &tb));
  ck_assert_uint_le (count_file_lines (file), 1 + 64);
  ck_assert_int_eq (g_stat (file, &st), 0);
  ck_assert_uint_lt ((guint64)st.st_size, 32 * 1024);
  /* the rewrite left nothing beside the journal */
  {
    g_autofree char *tmp = g_strconcat (file, ".new", NULL);
    ck_assert (!g_file_test (tmp, G_FILE_TEST_EXISTS));
  }
  before = state_snapshot (x, game);
  daemon_kill (pid);

  pid = daemon_start_in (dir, NULL);
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", ta)));
  g_variant_unref (call_ok (b, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", tb)));
  after = state_snapshot (x, game);
  assert_same_state (after, before);

  /* the restored game's journal is rewritten alike */
  g_variant_unref (call_ok (b, game, GAME_IFACE, "Leave", NO_OPTIONS));
  join_leave (b, game, file, 100);
  g_free (tb);
  g_free (join_game (b, game, "Bob", &tb));
  g_free (before);
  before = state_snapshot (x, game);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", ta)));
  g_variant_unref (call_ok (b, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", tb)));
  g_free (after);
  after = state_snapshot (x, game);
  assert_same_state (after, before);
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  ck_assert_uint_eq (get_uint (x, game, GAME_IFACE, "State"), 1);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
durability_suite (void)
{
  Suite *s = suite_create ("daemon-durability");
  TCase *tc = tcase_create ("durability");

  tcase_set_timeout (tc, 240);
  /* the permission bits must bind the daemon: as root, only without its capabilities */
  if (can_drop_dac ())
    {
      tcase_add_test (tc, test_read_only_state);
      tcase_add_test (tc, test_unreadable_journal);
    }
  else
    g_printerr ("SKIP: test_read_only_state, test_unreadable_journal: root without setpriv(1)\n");
  tcase_add_test (tc, test_no_state_moves);
  tcase_add_test (tc, test_two_daemons);
  tcase_add_test (tc, test_too_many_open_files);
  tcase_add_test (tc, test_fifo);
  tcase_add_test (tc, test_symlink_to_zero);
  tcase_add_test (tc, test_huge_sparse_file);
  tcase_add_test (tc, test_last_game_number);
  tcase_add_test (tc, test_start_of_another_setup);
  tcase_add_test (tc, test_join_leave_flood);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (durability_suite ());
}
