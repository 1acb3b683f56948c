/* test-daemon-commit.c: the group commit (doc/persistence.md, "Group commit"; issue 20).
 *
 * Clients send the whole of a turn (Place, then Deploy or Skip) without waiting for the
 * replies, in several games at once, so that the daemon makes several moves before it flushes
 * their journals. Two things are checked: batching really happens (the daemon's SIGUSR1 counts
 * show fewer flushes than moves, and exactly one flush a move with --no-group-commit), and the
 * guarantee holds (the daemon is killed with SIGKILL once some or all of the replies are back,
 * again and again: after each restart every acknowledged move is there, a move not
 * acknowledged is there or not, in order, nothing else).
 */
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <linux/magic.h>
#include <signal.h>
#include <stdio.h>
#include <sys/vfs.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"

#define N_GAMES      6
#define N_KILLS      12
#define MAX_PIPELINE 8

/* One call sent without waiting: its reply once back. */
typedef struct
{
  gboolean back;
  gboolean ok;
  char *error;
  guint order; /* it came back as the order-th reply of the test */
} Reply;

static guint replies_back;

/* A game and the turn pipelined into it. */
typedef struct
{
  char *path;
  GDBusConnection *seat[2];
  char *token[2];
  CarcGame *mirror; /* the engine, at the moves known to be made */
  CarcMove sent[MAX_PIPELINE];
  char *hash_after[MAX_PIPELINE + 1]; /* the mirror's public hash after the first j sent */
  Reply *replies[MAX_PIPELINE];       /* owned by the round's list: a late reply lands there */
  guint n_sent;
} Game;

static void
reply_free (gpointer data)
{
  Reply *r = data;
  g_free (r->error);
  g_free (r);
}

static void
on_reply (GObject *source, GAsyncResult *result, gpointer data)
{
  Reply *r = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) v
      = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  r->back = TRUE;
  r->order = ++replies_back;
  r->ok = v != NULL;
  if (error)
    r->error = g_strdup (error->message);
}

static void
game_forget_turn (Game *g)
{
  for (guint j = 0; j <= MAX_PIPELINE; j++)
    g_clear_pointer (&g->hash_after[j], g_free);
  memset (g->replies, 0, sizeof g->replies);
  g->n_sent = 0;
}

static void
game_clear (Game *g)
{
  game_forget_turn (g);
  g_free (g->path);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&g->seat[i]);
      g_free (g->token[i]);
    }
  g_clear_object (&g->mirror);
}

/* A game of Ann and Bob, each on a connection of their own, not started. */
static void
game_seat (Game *g, GDBusConnection *admin, guint seed)
{
  g_autofree char *options = g_strdup_printf ("{'seed': <@t %u>}", seed);

  g->path = create_game (admin, options);
  for (guint k = 0; k < 2; k++)
    {
      g->seat[k] = client_new ();
      g_free (join_game (g->seat[k], g->path, k ? "Bob" : "Ann", &g->token[k]));
    }
}

/* A started game of Ann and Bob, each on a connection of their own, and its mirror. */
static void
game_setup (Game *g, GDBusConnection *admin, guint seed)
{
  g_autofree char *record = NULL;

  game_seat (g, admin, seed);
  g_variant_unref (call_ok (g->seat[0], g->path, GAME_IFACE, "Start", NO_OPTIONS));
  record = export_record (admin, g->path);
  g->mirror = mirror_from_record (record, NULL);
}

/* The rest of the current player's turn, chosen (up to MAX_PIPELINE moves), not sent yet; the
 * client of its player. */
static GDBusConnection *
plan_turn (Game *g, GRand *rand)
{
  g_autoptr (CarcGame) ahead = carc_game_copy (g->mirror, NULL);
  guint player = carc_game_get_current_player (ahead);

  game_forget_turn (g);
  g->hash_after[0] = carc_game_get_public_hash (ahead);
  while (g->n_sent < MAX_PIPELINE && carc_game_get_phase (ahead) != CARC_PHASE_OVER
         && carc_game_get_current_player (ahead) == player)
    {
      mirror_choose (ahead, rand, &g->sent[g->n_sent]);
      ck_assert (carc_game_apply_move (ahead, &g->sent[g->n_sent], NULL));
      g->n_sent++;
      g->hash_after[g->n_sent] = carc_game_get_public_hash (ahead);
    }
  return g->seat[player];
}

/* Sends the planned moves @from to @to (excluded) on @c, without waiting for any reply (one
 * connection: the bus keeps their order). Each reply goes to a Reply in @replies. */
static void
send_moves (Game *g, GDBusConnection *c, guint from, guint to, GPtrArray *replies)
{
  for (guint k = from; k < to; k++)
    {
      Reply *r = g_new0 (Reply, 1);
      GVariant *args;
      const char *method = move_method (&g->sent[k], &args);

      g_ptr_array_add (replies, r);
      g->replies[k] = r;
      g_dbus_connection_call (c, BUS_NAME, g->path, GAME_IFACE, method, args, NULL,
                              G_DBUS_CALL_FLAGS_NONE, -1, NULL, on_reply, r);
    }
  g_dbus_connection_flush_sync (c, NULL, NULL);
}

/* The rest of the current player's turn, sent by its client without waiting for any reply. */
static void
pipeline_turn (Game *g, GRand *rand, GPtrArray *replies)
{
  GDBusConnection *c = plan_turn (g, rand);

  send_moves (g, c, 0, g->n_sent, replies);
}

/* The replies back so far, of all games. */
static guint
count_back (Game *games, guint n_games)
{
  guint n = 0;

  for (guint i = 0; i < n_games; i++)
    for (guint j = 0; j < games[i].n_sent; j++)
      n += games[i].replies[j]->back;
  return n;
}

/* The moves of @g acknowledged: its first replies that are back and say yes (a reply back is
 * never after one not back: one connection, in order). */
static guint
count_acknowledged (Game *g)
{
  guint n = 0;

  while (n < g->n_sent && g->replies[n]->back)
    {
      ck_assert_msg (g->replies[n]->ok, "%s: move %u refused: %s", g->path, n,
                     g->replies[n]->error);
      n++;
    }
  return n;
}

/* After the restart, @g is at the mirror's state after j of the moves sent, for some j at
 * least @acked (rules: doc/persistence.md, "Guarantees"); the mirror goes there. */
static void
check_restored (GDBusConnection *admin, Game *g, guint acked)
{
  g_autofree char *hash = get_hash (admin, g->path);
  guint j = acked;

  while (j <= g->n_sent && !g_str_equal (hash, g->hash_after[j]))
    j++;
  ck_assert_msg (j <= g->n_sent, "%s came back as %s: not after %u or more of its %u moves sent",
                 g->path, hash, acked, g->n_sent);
  for (guint k = 0; k < j; k++)
    ck_assert (carc_game_apply_move (g->mirror, &g->sent[k], NULL));
  for (guint i = 0; i < 2; i++)
    g_variant_unref (
        call_ok (g->seat[i], g->path, GAME_IFACE, "Rejoin", g_variant_new ("(s)", g->token[i])));
}

/* Issue 20: "kill -9 at any moment loses no acknowledged move", with the moves of several
 * games waiting for one flush. */
START_TEST (test_kill_after_replies)
{
  g_autofree char *dir = state_dir_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261202);
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) admin = client_new ();
  Game games[N_GAMES] = { 0 };
  guint acked_total = 0, unacked_seen = 0;

  for (guint i = 0; i < N_GAMES; i++)
    game_setup (&games[i], admin, 300 + i);
  for (guint kill = 0; kill < N_KILLS; kill++)
    {
      g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
      guint n_sent = 0, wait_for;

      for (guint i = 0; i < N_GAMES; i++)
        {
          pipeline_turn (&games[i], rand, replies);
          n_sent += games[i].n_sent;
        }
      /* every reply, half the time; else a part of them (none at all, sometimes) */
      wait_for = g_rand_boolean (rand) ? n_sent : (guint)g_rand_int_range (rand, 0, (gint)n_sent);
      WAIT_FOR (count_back (games, N_GAMES) >= wait_for);
      daemon_kill (pid);
      guint acked[N_GAMES];
      for (guint i = 0; i < N_GAMES; i++)
        {
          acked[i] = count_acknowledged (&games[i]);
          acked_total += acked[i];
          unacked_seen += games[i].n_sent - acked[i];
        }
      pid = daemon_start_in (dir, NULL);
      for (guint i = 0; i < N_GAMES; i++)
        check_restored (admin, &games[i], acked[i]);
      /* the replies still on their way are errors now: they must not land in the next round */
      WAIT_FOR (count_back (games, N_GAMES) == n_sent);
      for (guint i = 0; i < N_GAMES; i++)
        game_forget_turn (&games[i]);
    }
  /* both kinds of moment happened */
  ck_assert_uint_gt (acked_total, N_GAMES * N_KILLS / 2);
  ck_assert_uint_gt (unacked_seen, 0);
  /* the games go on from there: the daemon and the mirrors agree */
  for (guint i = 0; i < N_GAMES; i++)
    {
      assert_in_sync (admin, games[i].path, games[i].mirror);
      mirror_play (games[i].seat, games[i].path, games[i].mirror, rand, 6);
      game_clear (&games[i]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A round trip from @c to the bus: the bus has passed on every call @c sent before. */
static void
bus_round_trip (GDBusConnection *c)
{
  g_autoptr (GVariant) id = g_dbus_connection_call_sync (
      c, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId", NULL,
      NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
  ck_assert (id != NULL);
}

/* Sends a turn in each game with the daemon stopped, then lets it go on: the moves all wait in
 * its socket, so they make one batch. */
static guint
pipeline_stopped (GPid pid, Game *games, guint n_games, GRand *rand, GPtrArray *replies)
{
  guint n_sent = 0;

  ck_assert_int_eq (kill (pid, SIGSTOP), 0);
  for (guint i = 0; i < n_games; i++)
    {
      pipeline_turn (&games[i], rand, replies);
      n_sent += games[i].n_sent;
    }
  /* the bus has passed their calls on */
  for (guint i = 0; i < n_games; i++)
    for (guint k = 0; k < 2; k++)
      bus_round_trip (games[i].seat[k]);
  ck_assert_int_eq (kill (pid, SIGCONT), 0);
  return n_sent;
}

/* The last "commits:" line of the daemon's log @log (SIGUSR1): its counts; how many such lines
 * there are. */
static guint
read_commits (const char *log, guint64 *fsyncs, guint64 *moves)
{
  g_autofree char *text = NULL;
  guint n = 0;

  if (!g_file_get_contents (log, &text, NULL, NULL))
    return 0;
  for (const char *p = strstr (text, "commits: "); p; p = strstr (p + 1, "commits: "))
    if (sscanf (p, "commits: fsyncs %" G_GUINT64_FORMAT " moves %" G_GUINT64_FORMAT, fsyncs, moves)
        == 2)
      n++;
  return n;
}

/* The daemon's flushes and the moves they carried so far. */
static void
commits_now (GPid pid, const char *log, guint64 *fsyncs, guint64 *moves)
{
  guint before = read_commits (log, fsyncs, moves);

  kill (pid, SIGUSR1);
  WAIT_FOR (read_commits (log, fsyncs, moves) > before);
  ck_assert_uint_gt (read_commits (log, fsyncs, moves), before);
}

/* The daemons of test_moves_share_flushes: its group commit option (the fixture adds
 * --group-commit=always to none), where its journals are (NULL: state_dir_new()), and
 * whether moves share flushes then. */
static const struct
{
  const char *option;
  const char *parent;
  gboolean shares;
} share_cases[] = {
  { NULL, NULL, TRUE },
  { "--no-group-commit", NULL, FALSE },
  /* the default on tmpfs: a move flushed on its own costs less than a thread's flush */
  { "--group-commit=auto", "/dev/shm", FALSE },
  /* the default on a disk: the build tree's file system */
  { "--group-commit=auto", TOP_BUILDDIR, TRUE },
};

/* A fresh state directory under @parent (NULL: state_dir_new()), or NULL if @parent is not on
 * the kind of file system the case needs (in memory or not). */
static char *
share_state_dir (const char *parent, gboolean in_memory)
{
  struct statfs fs;
  char *dir;

  if (parent == NULL)
    return state_dir_new ();
  if (statfs (parent, &fs) < 0
      || (fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC) != in_memory)
    return NULL;
  dir = g_build_filename (parent, "carcd-share-XXXXXX", NULL);
  ck_assert_msg (g_mkdtemp (dir) != NULL, "%s: %s", dir, g_strerror (errno));
  return dir;
}

/* Issue 20: "moves that arrive in the same main-loop iteration share one fdatasync per journal
 * file touched". The daemon is stopped while the turns are sent, so that they all wait in its
 * socket when it goes on: with the group commit, each game's journal is flushed fewer times
 * than it has moves; without it (--no-group-commit), once a move; by default
 * (--group-commit=auto), on tmpfs once a move, on a disk fewer (doc/persistence.md, "Group
 * commit"). A case whose directory is not on its kind of file system here says so and passes. */
START_TEST (test_moves_share_flushes)
{
  gboolean shares = share_cases[_i].shares;
  g_autofree char *dir = share_state_dir (share_cases[_i].parent, !shares);
  g_autofree char *state_arg = g_strconcat ("--state-dir=", dir, NULL);
  g_autofree char *log = g_strconcat (dir, ".log", NULL);
  const char *args[] = { state_arg, share_cases[_i].option, NULL };
  GPid pid;
  g_autoptr (GDBusConnection) admin = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261203);
  g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
  Game games[N_GAMES] = { 0 };
  guint64 fsyncs0, moves0, fsyncs1, moves1;
  guint n_sent;

  if (dir == NULL)
    {
      g_print ("%s in %s: skipped, not on the file system it needs\n", share_cases[_i].option,
               share_cases[_i].parent);
      return;
    }
  pid = daemon_start_logged (args, log);
  admin = client_new ();
  for (guint i = 0; i < N_GAMES; i++)
    game_setup (&games[i], admin, 400 + i);
  commits_now (pid, log, &fsyncs0, &moves0);
  n_sent = pipeline_stopped (pid, games, N_GAMES, rand, replies);
  WAIT_FOR (count_back (games, N_GAMES) == n_sent);
  for (guint i = 0; i < N_GAMES; i++)
    {
      ck_assert_uint_eq (count_acknowledged (&games[i]), games[i].n_sent);
      for (guint k = 0; k < games[i].n_sent; k++)
        ck_assert (carc_game_apply_move (games[i].mirror, &games[i].sent[k], NULL));
      assert_in_sync (admin, games[i].path, games[i].mirror);
    }
  commits_now (pid, log, &fsyncs1, &moves1);
  g_print ("%s in %s: %u moves of %u games in %" G_GUINT64_FORMAT " journal flushes\n",
           share_cases[_i].option ? share_cases[_i].option : "--group-commit=always", dir, n_sent,
           N_GAMES, fsyncs1 - fsyncs0);
  /* every move was flushed, and only those */
  ck_assert_uint_eq (moves1 - moves0, n_sent);
  ck_assert_uint_ge (n_sent, 2 * N_GAMES);
  if (!shares)
    ck_assert_uint_eq (fsyncs1 - fsyncs0, n_sent);
  else
    {
      /* at least one flush carried two moves or more; at least one flush per game */
      ck_assert_uint_lt (fsyncs1 - fsyncs0, n_sent);
      ck_assert_uint_ge (fsyncs1 - fsyncs0, N_GAMES);
    }
  for (guint i = 0; i < N_GAMES; i++)
    game_clear (&games[i]);
  ck_assert_int_eq (daemon_stop (pid), 0);
  g_unlink (log);
  if (share_cases[_i].parent)
    remove_tree (dir);
}
END_TEST

/* The daemon started with @option (and --no-state, so that it writes nothing) exits with status
 * 2 and prints @message. */
static void
assert_option_refused (const char *option, const char *option2, const char *message)
{
  const char *argv[] = {
    TOP_BUILDDIR "/core/daemon/carcassonned", "--nodetach", "--no-state", option, option2, NULL
  };
  g_autofree char *err = NULL;
  int status;

  ck_assert (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, &err,
                           &status, NULL));
  ck_assert_msg (WIFEXITED (status) && WEXITSTATUS (status) == 2, "%s: status %d", option, status);
  ck_assert_str_eq (err, message);
}

/* --group-commit=WHEN takes auto, always or never, and never goes with --no-group-commit alone
 * (doc/carcassonned.8). */
START_TEST (test_group_commit_option_refused)
{
  assert_option_refused ("--group-commit=sometimes", NULL,
                         "carcassonned: --group-commit must be auto, always or never, not "
                         "\"sometimes\"\n");
  assert_option_refused ("--no-group-commit", "--group-commit=always",
                         "carcassonned: --no-group-commit and --group-commit=always exclude each "
                         "other\n");
  assert_option_refused ("--group-commit=auto", "--no-group-commit",
                         "carcassonned: --no-group-commit and --group-commit=auto exclude each "
                         "other\n");
}
END_TEST

/* Issue 20: "if the fdatasync fails, every move of that batch in that game is undone" (the
 * synchronous path's guarantee, doc/persistence.md): a turn's second move, which depended on
 * the first, is refused with it; the games are as before the batch, on the bus and, after a
 * kill -9, on disk; once the disk is back the same turns are made. */
static GPid daemon_start_shimmed (const char *dir, const char *fail, const char *hold,
                                  const char *log);

START_TEST (test_flush_fails)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *flag = g_strconcat (dir, ".fail", NULL);
  g_autofree char *no_hold = g_strconcat (dir, ".hold", NULL); /* never made */
  g_autoptr (GDBusConnection) admin = client_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261204);
  g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
  Game games[3] = { 0 };
  char *before[3];
  guint n_sent;
  GPid pid;

  pid = daemon_start_shimmed (dir, flag, no_hold, NULL);
  for (guint i = 0; i < 3; i++)
    game_setup (&games[i], admin, 500 + i);
  for (guint i = 0; i < 3; i++)
    before[i] = state_snapshot (admin, games[i].path);
  ck_assert (g_file_set_contents (flag, "", 0, NULL));
  n_sent = pipeline_stopped (pid, games, 3, rand, replies);
  WAIT_FOR (count_back (games, 3) == n_sent);
  for (guint i = 0; i < 3; i++)
    {
      Game *g = &games[i];
      g_autofree char *after = state_snapshot (admin, g->path);
      g_autofree char *want = g_strdup_printf (
          "The move could not be saved, so it was not made: Could not save %s: Could not "
          "write %s/game-%u.journal: Input/output error",
          g->path, dir, i + 1);

      ck_assert_uint_ge (g->n_sent, 2);
      for (guint k = 0; k < g->n_sent; k++)
        {
          ck_assert (g->replies[k]->back && !g->replies[k]->ok);
          ck_assert_msg (strstr (g->replies[k]->error, E ("Failed")) != NULL, "%s",
                         g->replies[k]->error);
          ck_assert_msg (g_str_has_suffix (g->replies[k]->error, want), "%s", g->replies[k]->error);
        }
      ck_assert_str_eq (after, before[i]);
      assert_in_sync (admin, g->path, g->mirror);
      g_free (before[i]);
    }
  /* the disk is back: the games go on, and what they made is on disk */
  ck_assert_int_eq (g_unlink (flag), 0);
  for (guint i = 0; i < 3; i++)
    mirror_play (games[i].seat, games[i].path, games[i].mirror, rand, 2);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  for (guint i = 0; i < 3; i++)
    {
      assert_in_sync (admin, games[i].path, games[i].mirror);
      game_clear (&games[i]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Issue 20's edge cases, with the daemon stopped while the calls are sent so that each lands
 * in one batch, in the order sent: a game deleted by its creator right after a turn whose
 * replies are held (the turn and the Delete are answered yes, the game is gone, after a
 * restart too), and a client that leaves the bus right after its turn (its moves are made
 * and on disk though no reply reaches it). */
START_TEST (test_deleted_and_gone)
{
  g_autofree char *dir = state_dir_new ();
  g_autoptr (GDBusConnection) admin = client_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261205);
  g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
  GPid pid = daemon_start_in (dir, NULL);
  Game deleted = { 0 }, left = { 0 };
  Reply *delete_reply = g_new0 (Reply, 1);
  guint leaver;

  g_ptr_array_add (replies, delete_reply);
  game_setup (&deleted, admin, 600);
  game_setup (&left, admin, 601);
  ck_assert_int_eq (kill (pid, SIGSTOP), 0);
  pipeline_turn (&deleted, rand, replies);
  bus_round_trip (deleted.seat[carc_game_get_current_player (deleted.mirror)]);
  g_dbus_connection_call (admin, BUS_NAME, deleted.path, GAME_IFACE, "Delete", NO_OPTIONS, NULL,
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, on_reply, delete_reply);
  bus_round_trip (admin);
  leaver = carc_game_get_current_player (left.mirror);
  pipeline_turn (&left, rand, replies);
  ck_assert (g_dbus_connection_close_sync (left.seat[leaver], NULL, NULL));
  bus_round_trip (admin);
  ck_assert_int_eq (kill (pid, SIGCONT), 0);

  WAIT_FOR (count_back (&deleted, 1) == deleted.n_sent && delete_reply->back);
  ck_assert_uint_eq (count_acknowledged (&deleted), deleted.n_sent);
  ck_assert_msg (delete_reply->ok, "%s", delete_reply->error);
  /* the leaver's moves were made: the other seat's client sees the game after them */
  {
    g_autofree char *hash = NULL;

    WAIT_FOR ((g_free (hash), hash = get_hash (admin, left.path),
               g_str_equal (hash, left.hash_after[left.n_sent])));
    ck_assert_str_eq (hash, left.hash_after[left.n_sent]);
  }
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  {
    g_autofree char *name = call_error (admin, deleted.path, GAME_IFACE, "Start", NO_OPTIONS);
    g_autofree char *hash = get_hash (admin, left.path);

    ck_assert_str_eq (name, E ("NoSuchGame"));
    ck_assert_str_eq (hash, left.hash_after[left.n_sent]);
  }
  game_clear (&deleted);
  g_clear_object (&left.seat[leaver]);
  game_clear (&left);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The daemon on @dir, logging to @log (or not: NULL), with fdatasync() failing while @fail
 * exists and waiting while @hold exists (fail-fsync.c). */
static GPid
daemon_start_shimmed (const char *dir, const char *fail, const char *hold, const char *log)
{
  g_autofree char *state_arg = g_strconcat ("--state-dir=", dir, NULL);
  const char *args[] = { state_arg, NULL };
  GPid pid;

  g_autofree char *asan_before = g_strdup (g_getenv ("ASAN_OPTIONS"));
  /* an ASan build (make check-asan) refuses a library preloaded before its runtime */
  g_autofree char *asan
      = g_strdup_printf ("%s%sverify_asan_link_order=0", asan_before ? asan_before : "",
                         asan_before && *asan_before ? ":" : "");

  g_setenv ("CARCD_TEST_FAIL_FSYNC", fail, TRUE);
  g_setenv ("CARCD_TEST_HOLD_FSYNC", hold, TRUE);
  g_setenv ("ASAN_OPTIONS", asan, TRUE);
  g_setenv ("LD_PRELOAD", TOP_BUILDDIR "/tests/daemon/.libs/fail-fsync.so", TRUE);
  pid = log ? daemon_start_logged (args, log) : daemon_start_in (dir, NULL);
  g_unsetenv ("LD_PRELOAD");
  if (asan_before)
    g_setenv ("ASAN_OPTIONS", asan_before, TRUE);
  else
    g_unsetenv ("ASAN_OPTIONS");
  g_unsetenv ("CARCD_TEST_FAIL_FSYNC");
  g_unsetenv ("CARCD_TEST_HOLD_FSYNC");
  return pid;
}

/* The size of @g's journal in @dir. */
static goffset
journal_size (const char *dir, Game *g)
{
  g_autofree char *path = g_strdup_printf ("%s/game-%s.journal", dir, strrchr (g->path, '/') + 1);
  GStatBuf st;

  ck_assert_int_eq (g_stat (path, &st), 0);
  return st.st_size;
}

/* Holds the daemon's flushes (@hold), sends @g's first move, and once its flush is under way
 * (@hold.in), the rest of its turn and the whole turn of each of @others: these form the next
 * batch while the first flush waits, which they do once their lines are in their journals. */
static void
send_behind_flight (const char *dir, const char *hold, Game *g, Game *others, guint n_others,
                    GRand *rand, GPtrArray *replies)
{
  g_autofree char *in = g_strconcat (hold, ".in", NULL);
  GDBusConnection *c = plan_turn (g, rand);
  goffset size[4];

  ck_assert_uint_le (n_others, 3);
  ck_assert_uint_ge (g->n_sent, 2);
  ck_assert (g_file_set_contents (hold, "", 0, NULL));
  send_moves (g, c, 0, 1, replies);
  WAIT_FOR (g_file_test (in, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (in, G_FILE_TEST_EXISTS));
  size[0] = journal_size (dir, g);
  send_moves (g, c, 1, g->n_sent, replies);
  for (guint i = 0; i < n_others; i++)
    {
      size[i + 1] = journal_size (dir, &others[i]);
      pipeline_turn (&others[i], rand, replies);
    }
  /* the daemon read them and wrote their lines, the first flush still held */
  WAIT_FOR (journal_size (dir, g) > size[0]);
  ck_assert_int_gt (journal_size (dir, g), size[0]);
  for (guint i = 0; i < n_others; i++)
    {
      WAIT_FOR (journal_size (dir, &others[i]) > size[i + 1]);
      ck_assert_int_gt (journal_size (dir, &others[i]), size[i + 1]);
    }
  ck_assert_uint_eq (count_back (g, 1), 0);
  ck_assert_int_eq (g_unlink (in), 0);
}

/* Issue 20, a flush off the main loop: a game's first move is being flushed when the rest of
 * its turn arrives and is written to its journal behind it (the next batch). The flush fails:
 * the journal is cut back to what was on disk, which takes the next batch's lines too, so
 * every move of the turn is refused with the same Failed error (doc/persistence.md, "Group
 * commit": the synchronous path's guarantee), the game is as before on the bus and, after a
 * kill -9, on disk; then it goes on. */
START_TEST (test_flush_fails_behind)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *fail = g_strconcat (dir, ".fail", NULL);
  g_autofree char *hold = g_strconcat (dir, ".hold", NULL);
  g_autoptr (GDBusConnection) admin = client_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261206);
  g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
  GPid pid = daemon_start_shimmed (dir, fail, hold, NULL);
  Game g = { 0 };
  g_autofree char *before = NULL, *after = NULL, *restored = NULL, *want = NULL;
  goffset size;

  game_setup (&g, admin, 700);
  before = state_snapshot (admin, g.path);
  size = journal_size (dir, &g);
  ck_assert (g_file_set_contents (fail, "", 0, NULL));
  send_behind_flight (dir, hold, &g, NULL, 0, rand, replies);
  ck_assert_int_eq (g_unlink (hold), 0);
  WAIT_FOR (count_back (&g, 1) == g.n_sent);
  ck_assert_int_eq (g_unlink (fail), 0);
  want = g_strdup_printf ("The move could not be saved, so it was not made: Could not save %s: "
                          "Could not write %s/game-1.journal: Input/output error",
                          g.path, dir);
  for (guint k = 0; k < g.n_sent; k++)
    {
      ck_assert (g.replies[k]->back && !g.replies[k]->ok);
      ck_assert_msg (strstr (g.replies[k]->error, E ("Failed")) != NULL, "%s", g.replies[k]->error);
      ck_assert_msg (g_str_has_suffix (g.replies[k]->error, want), "%s", g.replies[k]->error);
      if (k)
        ck_assert_uint_gt (g.replies[k]->order, g.replies[k - 1]->order);
    }
  /* both batches' lines are gone, and both batches' moves */
  ck_assert_int_eq (journal_size (dir, &g), size);
  after = state_snapshot (admin, g.path);
  ck_assert_str_eq (after, before);
  assert_in_sync (admin, g.path, g.mirror);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  /* on disk: the game before the turn (seats and the like come back as a restart makes them) */
  restored = get_hash (admin, g.path);
  ck_assert_str_eq (restored, g.hash_after[0]);
  assert_in_sync (admin, g.path, g.mirror);
  for (guint i = 0; i < 2; i++)
    g_variant_unref (
        call_ok (g.seat[i], g.path, GAME_IFACE, "Rejoin", g_variant_new ("(s)", g.token[i])));
  mirror_play (g.seat, g.path, g.mirror, rand, 4);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  assert_in_sync (admin, g.path, g.mirror);
  game_clear (&g);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Issue 20, a flush off the main loop: while game A's first move is flushed, the rest of its
 * turn and a turn of game B form the next batch. Every move is made; each connection gets its
 * replies in the order of its calls, A's first before the rest; A's journal is flushed once a
 * batch (twice) and B's once; all of it is on disk after a kill -9. */
START_TEST (test_replies_in_order_behind)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *fail = g_strconcat (dir, ".fail", NULL);
  g_autofree char *hold = g_strconcat (dir, ".hold", NULL);
  g_autofree char *log = g_strconcat (dir, ".log", NULL);
  g_autoptr (GDBusConnection) admin = client_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261207);
  g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
  Game games[2] = { 0 };
  guint64 fsyncs0, moves0, fsyncs1, moves1;
  GPid pid;

  pid = daemon_start_shimmed (dir, fail, hold, log);
  for (guint i = 0; i < 2; i++)
    game_setup (&games[i], admin, 800 + i);
  commits_now (pid, log, &fsyncs0, &moves0);
  send_behind_flight (dir, hold, &games[0], &games[1], 1, rand, replies);
  ck_assert_int_eq (g_unlink (hold), 0);
  WAIT_FOR (count_back (games, 2) == games[0].n_sent + games[1].n_sent);
  for (guint i = 0; i < 2; i++)
    {
      Game *g = &games[i];

      ck_assert_uint_eq (count_acknowledged (g), g->n_sent);
      for (guint k = 1; k < g->n_sent; k++)
        ck_assert_uint_gt (g->replies[k]->order, g->replies[k - 1]->order);
      for (guint k = 0; k < g->n_sent; k++)
        ck_assert (carc_game_apply_move (g->mirror, &g->sent[k], NULL));
      assert_in_sync (admin, g->path, g->mirror);
    }
  commits_now (pid, log, &fsyncs1, &moves1);
  ck_assert_uint_eq (moves1 - moves0, games[0].n_sent + games[1].n_sent);
  ck_assert_uint_eq (fsyncs1 - fsyncs0, 3);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  for (guint i = 0; i < 2; i++)
    {
      assert_in_sync (admin, games[i].path, games[i].mirror);
      game_clear (&games[i]);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
  g_unlink (log);
}
END_TEST

/* Issue 20, a flush off the main loop: a game deleted by its creator while its first move's
 * flush is under way (held: the Delete is sent and given a moment to arrive before the flush
 * goes on, so it is mostly handled while the flush waits). The daemon waits for the flush
 * before the journal goes (under valgrind: no thread touches a freed journal); the move and
 * the Delete are answered yes, the game is gone, after a restart too (doc/persistence.md, "A
 * game freed while its lines fly"). */
START_TEST (test_deleted_in_flight)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *fail = g_strconcat (dir, ".fail", NULL);
  g_autofree char *hold = g_strconcat (dir, ".hold", NULL);
  g_autofree char *in = g_strconcat (hold, ".in", NULL);
  g_autoptr (GDBusConnection) admin = client_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261208);
  g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
  GPid pid = daemon_start_shimmed (dir, fail, hold, NULL);
  Reply *delete_reply = g_new0 (Reply, 1);
  g_autofree char *name = NULL;
  Game g = { 0 };
  GDBusConnection *c;

  g_ptr_array_add (replies, delete_reply);
  game_setup (&g, admin, 900);
  c = plan_turn (&g, rand);
  ck_assert (g_file_set_contents (hold, "", 0, NULL));
  send_moves (&g, c, 0, 1, replies);
  WAIT_FOR (g_file_test (in, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (in, G_FILE_TEST_EXISTS));
  g_dbus_connection_call (admin, BUS_NAME, g.path, GAME_IFACE, "Delete", NO_OPTIONS, NULL,
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, on_reply, delete_reply);
  bus_round_trip (admin);
  g_usleep (200 * 1000);
  ck_assert (!g.replies[0]->back && !delete_reply->back);
  ck_assert_int_eq (g_unlink (hold), 0);
  WAIT_FOR (g.replies[0]->back && delete_reply->back);
  ck_assert_msg (g.replies[0]->ok, "%s", g.replies[0]->error);
  ck_assert_msg (delete_reply->ok, "%s", delete_reply->error);
  name = call_error (admin, g.path, GAME_IFACE, "Start", NO_OPTIONS);
  ck_assert_str_eq (name, E ("NoSuchGame"));
  g_clear_pointer (&name, g_free);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  name = call_error (admin, g.path, GAME_IFACE, "Start", NO_OPTIONS);
  ck_assert_str_eq (name, E ("NoSuchGame"));
  g_unlink (in);
  game_clear (&g);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A Peer.Ping to the daemon, answered within @timeout_ms: its main loop is not blocked. */
static gboolean
ping_daemon (GDBusConnection *c, gint timeout_ms)
{
  g_autoptr (GVariant) v
      = g_dbus_connection_call_sync (c, BUS_NAME, "/", "org.freedesktop.DBus.Peer", "Ping", NULL,
                                     NULL, G_DBUS_CALL_FLAGS_NONE, timeout_ms, NULL, NULL);
  return v != NULL;
}

/* Issue 20 on ext4 (doc/performance.md, "1,000 games at once"): a Start waits for the group
 * commit like a move, its flush off the main loop. While the Start's flush is held, the daemon
 * still answers (a Ping: its main loop is free) but not the Start (doc/persistence.md, "Written
 * before it is told"). The flush fails: the Start is refused with the synchronous path's
 * Failed error, the game is waiting as before on the bus, its journal as it was and, after a
 * kill -9, still waiting; once the disk is back the Start is made, and is on disk. Fails with
 * the Start flushed on the main loop (the Ping is not answered). */
START_TEST (test_start_flush_fails)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *fail = g_strconcat (dir, ".fail", NULL);
  g_autofree char *hold = g_strconcat (dir, ".hold", NULL);
  g_autofree char *in = g_strconcat (hold, ".in", NULL);
  g_autoptr (GDBusConnection) admin = client_new ();
  g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
  GPid pid = daemon_start_shimmed (dir, fail, hold, NULL);
  Reply *start = g_new0 (Reply, 1);
  g_autofree char *before = NULL, *after = NULL, *want = NULL, *started = NULL, *restored = NULL;
  Game g = { 0 };
  goffset size;

  g_ptr_array_add (replies, start);
  game_seat (&g, admin, 902);
  before = state_snapshot (admin, g.path);
  size = journal_size (dir, &g);
  ck_assert (g_file_set_contents (fail, "", 0, NULL));
  ck_assert (g_file_set_contents (hold, "", 0, NULL));
  g_dbus_connection_call (g.seat[0], BUS_NAME, g.path, GAME_IFACE, "Start", NO_OPTIONS, NULL,
                          G_DBUS_CALL_FLAGS_NONE, -1, NULL, on_reply, start);
  WAIT_FOR (g_file_test (in, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (in, G_FILE_TEST_EXISTS));
  ck_assert_msg (ping_daemon (admin, 2000), "the daemon's main loop waits for the Start's flush");
  ck_assert (!start->back);
  ck_assert_int_eq (g_unlink (hold), 0);
  WAIT_FOR (start->back);
  ck_assert_int_eq (g_unlink (fail), 0);
  want = g_strdup_printf ("The move could not be saved, so it was not made: Could not save %s: "
                          "Could not write %s/game-1.journal: Input/output error",
                          g.path, dir);
  ck_assert (start->back && !start->ok);
  ck_assert_msg (strstr (start->error, E ("Failed")) != NULL, "%s", start->error);
  ck_assert_msg (g_str_has_suffix (start->error, want), "%s", start->error);
  ck_assert_int_eq (journal_size (dir, &g), size);
  after = state_snapshot (admin, g.path);
  ck_assert_str_eq (after, before);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  ck_assert_uint_eq (get_uint (admin, g.path, GAME_IFACE, "State"), 0);
  for (guint i = 0; i < 2; i++)
    g_variant_unref (
        call_ok (g.seat[i], g.path, GAME_IFACE, "Rejoin", g_variant_new ("(s)", g.token[i])));
  /* the disk is back: the Start is made, and on disk */
  g_variant_unref (call_ok (g.seat[0], g.path, GAME_IFACE, "Start", NO_OPTIONS));
  started = get_hash (admin, g.path);
  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  restored = get_hash (admin, g.path);
  ck_assert_uint_eq (get_uint (admin, g.path, GAME_IFACE, "State"), 1);
  ck_assert_str_eq (restored, started);
  g_unlink (in);
  game_clear (&g);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

typedef struct
{
  gboolean back;
  GVariant *value; /* NULL: an error */
} Answer;

static void
on_answer (GObject *source, GAsyncResult *result, gpointer data)
{
  Answer *a = data;

  a->value = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, NULL);
  a->back = TRUE;
}

static void
on_tile_placed (GDBusConnection *c, const char *sender, const char *path, const char *iface,
                const char *member, GVariant *params, gpointer data)
{
  g_variant_get_child (params, 6, "t", (guint64 *)data);
}

/* Issue 20 with issue 18's join-in-progress recipe (doc/dbus-game.md): a GetSnapshot that
 * arrives while a Place is being flushed holds that move's piece only under a number at or
 * after its TilePlaced's, so that a client applying the signals numbered after the snapshot
 * does not place it twice. */
START_TEST (test_snapshot_in_flight)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *fail = g_strconcat (dir, ".fail", NULL);
  g_autofree char *hold = g_strconcat (dir, ".hold", NULL);
  g_autofree char *in = g_strconcat (hold, ".in", NULL);
  g_autoptr (GDBusConnection) admin = client_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261202);
  g_autoptr (GPtrArray) replies = g_ptr_array_new_with_free_func (reply_free);
  GPid pid = daemon_start_shimmed (dir, fail, hold, NULL);
  Answer snapshot = { FALSE, NULL };
  guint64 tile_sequence = 0, at = 0;
  Game g = { 0 };
  GDBusConnection *c;

  game_setup (&g, admin, 901);
  guint sub = g_dbus_connection_signal_subscribe (admin, BUS_NAME, GAME_IFACE, "TilePlaced", g.path,
                                                  NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_tile_placed,
                                                  &tile_sequence, NULL);
  bus_round_trip (admin);
  c = plan_turn (&g, rand);
  ck_assert (g_file_set_contents (hold, "", 0, NULL));
  send_moves (&g, c, 0, 1, replies); /* the turn's placement */
  WAIT_FOR (g_file_test (in, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (in, G_FILE_TEST_EXISTS));
  g_dbus_connection_call (admin, BUS_NAME, g.path, GAME_IFACE, "GetSnapshot",
                          g_variant_new ("(a{sv})", NULL), NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL,
                          on_answer, &snapshot);
  g_dbus_connection_flush_sync (admin, NULL, NULL);
  g_usleep (200 * 1000);
  ck_assert_int_eq (g_unlink (hold), 0);
  WAIT_FOR (g.replies[0]->back && snapshot.back && tile_sequence != 0);
  ck_assert_msg (g.replies[0]->ok, "%s", g.replies[0]->error);
  ck_assert (snapshot.value != NULL);
  g_autoptr (GVariant) pieces = g_variant_get_child_value (snapshot.value, 3);
  g_variant_get_child (snapshot.value, 0, "t", &at);
  ck_assert_uint_eq (g_variant_n_children (pieces), 2); /* the start tile and the move's */
  ck_assert_uint_ne (tile_sequence, 0);
  ck_assert_msg (tile_sequence <= at,
                 "TilePlaced numbered %" G_GUINT64_FORMAT
                 " after a snapshot numbered %" G_GUINT64_FORMAT " that holds its piece",
                 tile_sequence, at);
  g_variant_unref (snapshot.value);
  g_dbus_connection_signal_unsubscribe (admin, sub);
  g_unlink (in);
  game_clear (&g);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
commit_suite (void)
{
  Suite *s = suite_create ("daemon-commit");
  TCase *tc = tcase_create ("group commit");

  tcase_set_timeout (tc, 300);
  tcase_add_test (tc, test_kill_after_replies);
  tcase_add_loop_test (tc, test_moves_share_flushes, 0, G_N_ELEMENTS (share_cases));
  tcase_add_test (tc, test_group_commit_option_refused);
  tcase_add_test (tc, test_flush_fails);
  tcase_add_test (tc, test_deleted_and_gone);
  tcase_add_test (tc, test_flush_fails_behind);
  tcase_add_test (tc, test_replies_in_order_behind);
  tcase_add_test (tc, test_deleted_in_flight);
  tcase_add_test (tc, test_snapshot_in_flight);
  tcase_add_test (tc, test_start_flush_fails);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (commit_suite ());
}
