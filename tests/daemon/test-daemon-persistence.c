/* test-daemon-persistence.c: games survive the daemon (doc/persistence.md).
 *
 * The daemon is killed with SIGKILL at random moments while GDBus clients and bots play many
 * games, and restarted on the same state directory, again and again: every game must come
 * back exactly as it was after its last acknowledged move (the StateHash of the engine in the
 * test, which made the same moves), a move in flight at the kill either made or not, the
 * clients take their seats back with their tokens and finish the games, and the final scores
 * are the engine's for the same moves.
 */
#include "config.h"

#include <check.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-play.h"

#define N_CLIENT_GAMES 3
#define N_BOT_GAMES    2
#define N_KILLS        24

typedef struct
{
  char *path;
  GDBusConnection *seat[2]; /* the clients holding seats 0 and 1; NULL for a bot game */
  char *token[2];
  CarcGame *mirror; /* client games: the engine, making the same moves */
  gboolean in_flight;
  CarcMove flying; /* the move sent when the daemon was killed */
  guint seen_turn; /* bot games: the turn seen before the kill */
  gboolean seen_over;
  char *seen_hash;
} Game;

static void
game_clear (Game *g)
{
  g_free (g->path);
  for (guint i = 0; i < 2; i++)
    {
      g_clear_object (&g->seat[i]);
      g_free (g->token[i]);
    }
  g_clear_object (&g->mirror);
  g_free (g->seen_hash);
}

static gboolean
is_over (GDBusConnection *c, const char *game)
{
  return get_uint (c, game, GAME_IFACE, "State") == 3;
}

static void
rejoin (Game *g)
{
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (GVariant) r
          = call_ok (g->seat[i], g->path, GAME_IFACE, "Rejoin", g_variant_new ("(s)", g->token[i]));
      g_autofree char *want = g_strdup_printf ("%s/player/%u", g->path, i);
      const char *player;

      g_variant_get (r, "(&o)", &player);
      ck_assert_str_eq (player, want);
    }
}

/* After a restart: the game is where its last acknowledged move left it (a move in flight at
 * the kill may have been made or not, nothing else). */
static void
check_restored (GDBusConnection *admin, Game *g)
{
  g_autofree char *hash = get_hash (admin, g->path);

  if (g->mirror)
    {
      g_autofree char *before = carc_game_get_public_hash (g->mirror);

      if (g->in_flight && !g_str_equal (hash, before))
        {
          ck_assert (carc_game_apply_move (g->mirror, &g->flying, NULL));
          g_autofree char *after = carc_game_get_public_hash (g->mirror);
          ck_assert_msg (g_str_equal (hash, after), "%s came back as %s, neither %s nor %s",
                         g->path, hash, before, after);
        }
      else
        ck_assert_str_eq (hash, before);
      g->in_flight = FALSE;
      rejoin (g);
      for (guint i = 0; i < 2; i++)
        {
          g_autofree char *player = g_strdup_printf ("%s/player/%u", g->path, i);
          g_autoptr (GVariant) connected = get_property (admin, player, PLAYER_IFACE, "Connected");
          ck_assert (g_variant_get_boolean (connected));
        }
      return;
    }
  /* a bot game: what a client saw was on disk */
  ck_assert_uint_ge (get_uint (admin, g->path, GAME_IFACE, "Turn"), g->seen_turn);
  if (g->seen_over)
    ck_assert_str_eq (hash, g->seen_hash);
}

START_TEST (test_kill_and_restart)
{
  g_autofree char *dir = state_dir_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261130);
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) admin = client_new ();
  Game games[N_CLIENT_GAMES + N_BOT_GAMES] = { 0 };
  guint n_games = G_N_ELEMENTS (games), kills = 0, moves_before = 0;

  for (guint i = 0; i < n_games; i++)
    {
      Game *g = &games[i];

      if (i < N_CLIENT_GAMES)
        {
          g_autofree char *options = g_strdup_printf ("{'seed': <@t %u>}", 100 + i);
          g_autofree char *record = NULL;

          g->path = create_game (admin, options);
          for (guint k = 0; k < 2; k++)
            {
              g->seat[k] = client_new ();
              g_free (join_game (g->seat[k], g->path, k ? "Bob" : "Ann", &g->token[k]));
            }
          g_variant_unref (call_ok (g->seat[0], g->path, GAME_IFACE, "Start", NO_OPTIONS));
          /* the creator may have the record of a running game: the mirror starts from it */
          record = export_record (admin, g->path);
          g->mirror = mirror_from_record (record, NULL);
          assert_in_sync (admin, g->path, g->mirror);
        }
      else
        {
          g_autofree char *options = g_strdup_printf (
              "{'bots': <uint32 2>, 'bot-delay': <uint32 15>, 'seed': <@t %u>}", 200 + i);

          g->path = create_game (admin, options);
          g_variant_unref (call_ok (admin, g->path, GAME_IFACE, "Start", NO_OPTIONS));
        }
    }

  for (kills = 0; kills < N_KILLS; kills++)
    {
      guint steps = (guint)g_rand_int_range (rand, 0, 8);

      for (guint k = 0; k < steps; k++)
        {
          Game *g = &games[g_rand_int_range (rand, 0, N_CLIENT_GAMES)];

          if (carc_game_get_phase (g->mirror) != CARC_PHASE_OVER)
            {
              mirror_play (g->seat, g->path, g->mirror, rand, 1);
              moves_before++;
            }
        }
      /* half the time a move is on its way when the daemon dies */
      if (g_rand_boolean (rand))
        {
          Game *g = &games[g_rand_int_range (rand, 0, N_CLIENT_GAMES)];

          if (carc_game_get_phase (g->mirror) != CARC_PHASE_OVER)
            {
              mirror_choose (g->mirror, rand, &g->flying);
              move_send (g->seat[carc_game_get_current_player (g->mirror)], g->path, &g->flying);
              g->in_flight = TRUE;
            }
        }
      for (guint i = N_CLIENT_GAMES; i < n_games; i++)
        {
          Game *g = &games[i];

          g->seen_turn = get_uint (admin, g->path, GAME_IFACE, "Turn");
          g->seen_over = is_over (admin, g->path);
          g_free (g->seen_hash);
          g->seen_hash = get_hash (admin, g->path);
        }
      g_usleep ((gulong)g_rand_int_range (rand, 0, 4000));
      daemon_kill (pid);
      pid = daemon_start_in (dir, NULL);
      for (guint i = 0; i < n_games; i++)
        check_restored (admin, &games[i]);
    }
  ck_assert_uint_ge (kills, 20);
  ck_assert_uint_gt (moves_before, 40);

  /* the journals are the players' secrets */
  {
    g_autofree char *file = g_build_filename (dir, "game-1.journal", NULL);
    GStatBuf st;

    ck_assert_int_eq (g_stat (dir, &st), 0);
    ck_assert_uint_eq (st.st_mode & 0777, 0700);
    ck_assert_int_eq (g_stat (file, &st), 0);
    ck_assert_uint_eq (st.st_mode & 0777, 0600);
  }

  /* the clients finish their games; the bots finish theirs */
  for (guint i = 0; i < N_CLIENT_GAMES; i++)
    {
      Game *g = &games[i];

      mirror_play (g->seat, g->path, g->mirror, rand, G_MAXUINT);
      ck_assert (is_over (admin, g->path));
      {
        guint scores[2];
        for (guint k = 0; k < 2; k++)
          scores[k] = carc_game_get_score (g->mirror, k);
        assert_scores (admin, g->path, scores, 2);
      }
    }
  for (guint i = N_CLIENT_GAMES; i < n_games; i++)
    {
      Game *g = &games[i];
      g_autoptr (GDBusConnection) stranger = client_new ();
      g_autofree char *record = NULL;
      g_autoptr (CarcGame) replayed = NULL;
      guint scores[2];

      WAIT_FOR (is_over (admin, g->path));
      ck_assert (is_over (admin, g->path));
      /* the whole game, over every restart, replays to the daemon's scores and state */
      record = export_record (stranger, g->path);
      replayed = mirror_from_record (record, NULL);
      ck_assert_int_eq (carc_game_get_phase (replayed), CARC_PHASE_OVER);
      assert_in_sync (admin, g->path, replayed);
      for (guint k = 0; k < 2; k++)
        scores[k] = carc_game_get_score (replayed, k);
      assert_scores (admin, g->path, scores, 2);
    }
  for (guint i = 0; i < n_games; i++)
    game_clear (&games[i]);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static char *
players_text (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) v = get_property (c, game, GAME_IFACE, "Players");
  return g_variant_print (v, FALSE);
}

/* Seats taken and left before the start are saved too: a waiting game comes back with its
 * seats (free, a client's waiting for its token, a bot's), and plays on. */
START_TEST (test_waiting_game)
{
  g_autofree char *dir = state_dir_new ();
  GPid pid = daemon_start_in (dir, NULL);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) b = client_new ();
  g_autofree char *game = create_game (a, "{'players': <uint32 3>, 'name': <'later'>}");
  g_autofree char *ta = NULL, *tb = NULL, *pa = NULL, *pb = NULL, *name = NULL;
  g_autofree char *players = NULL, *error = NULL;

  pa = join_game (a, game, "Ann", &ta);
  pb = join_game (b, game, "Bob", &tb);
  g_variant_unref (call_ok (b, game, GAME_IFACE, "Leave", NO_OPTIONS));
  g_variant_unref (call_ok (a, game, GAME_IFACE, "AddBot", A ("('Robot', @a{sv} {})")));
  players = players_text (a, game);
  ck_assert_str_eq (players, "['/org/carcassonne/Engine1/game/1/player/0', "
                             "'/org/carcassonne/Engine1/game/1/player/1']");

  daemon_kill (pid);
  pid = daemon_start_in (dir, NULL);
  g_free (players);
  players = players_text (a, game);
  ck_assert_str_eq (players, "['/org/carcassonne/Engine1/game/1/player/0', "
                             "'/org/carcassonne/Engine1/game/1/player/1']");
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 0);
  {
    g_autoptr (GVariant) n = get_property (a, game, GAME_IFACE, "Name");
    ck_assert_str_eq (g_variant_get_string (n, NULL), "later");
  }
  /* Bob's token went with his seat; Ann's takes hers back */
  error = call_error (b, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", tb));
  ck_assert_str_eq (error, E ("InvalidToken"));
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", ta)));
  {
    g_autoptr (GVariant) v = get_property (a, ROOT_PATH "/game/1/player/1", PLAYER_IFACE, "Name");
    g_autoptr (GVariant) bot = get_property (a, ROOT_PATH "/game/1/player/1", PLAYER_IFACE, "Bot");
    ck_assert_str_eq (g_variant_get_string (v, NULL), "Robot");
    ck_assert (g_variant_get_boolean (bot));
  }
  /* the numbering goes on after the restored game */
  g_free (name);
  name = create_game (b, "{}");
  ck_assert_str_eq (name, ROOT_PATH "/game/2");
  g_free (pb);
  g_free (tb);
  pb = join_game (b, game, "Bob", &tb);
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 1);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A finished game stays after a restart, for anyone to read, until it is abandoned for the
 * timeout; then it goes with its journal. Delete removes the journal at once. */
START_TEST (test_finished_game)
{
  static const char *const timeout[] = { "--abandon-timeout=1", NULL };
  g_autofree char *dir = state_dir_new ();
  g_autofree char *j1 = g_build_filename (dir, "game-1.journal", NULL);
  g_autofree char *j2 = g_build_filename (dir, "game-2.journal", NULL);
  GPid pid = daemon_start_in (dir, timeout);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autoptr (GDBusConnection) x = client_new ();
  g_autofree char *game = create_game (a, "{'bots': <uint32 2>, 'seed': <@t 4>}");
  g_autofree char *other = create_game (a, "{}");
  g_autofree char *hash = NULL, *again = NULL, *record = NULL, *error = NULL;

  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (is_over (a, game));
  ck_assert (is_over (a, game));
  hash = get_hash (a, game);
  ck_assert (g_file_test (j1, G_FILE_TEST_EXISTS));
  ck_assert (g_file_test (j2, G_FILE_TEST_EXISTS));
  g_variant_unref (call_ok (a, other, GAME_IFACE, "Delete", NO_OPTIONS));
  ck_assert (!g_file_test (j2, G_FILE_TEST_EXISTS));

  daemon_kill (pid);
  pid = daemon_start_in (dir, timeout);
  again = get_hash (x, game);
  ck_assert_str_eq (again, hash);
  record = export_record (x, game);
  ck_assert (strstr (record, "\"format\": \"carcassonned-record\"") != NULL);
  /* nobody holds it: it goes after the timeout, and its journal with it */
  WAIT_FOR (!g_file_test (j1, G_FILE_TEST_EXISTS));
  ck_assert (!g_file_test (j1, G_FILE_TEST_EXISTS));
  error = call_error (x, game, GAME_IFACE, "ExportRecord", NO_OPTIONS);
  ck_assert_str_eq (error, E ("NoSuchGame"));
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A move that cannot be written (the journal reaches the file size limit, as on a full disk)
 * is undone and refused with Failed, the game as it was; the daemon goes on, and after a
 * restart the game is at the last move that was written. */
START_TEST (test_disk_full)
{
  g_autofree char *dir = state_dir_new ();
  g_autofree char *script = g_build_filename (dir, "limited-daemon", NULL);
  g_autofree char *daemon = g_strdup (g_getenv ("CARCASSONNED"));
  g_autofree char *text = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (99);
  g_autoptr (GDBusConnection) c0 = client_new ();
  g_autoptr (GDBusConnection) c1 = client_new ();
  GDBusConnection *c[2] = { c0, c1 };
  g_autofree char *game = NULL, *record = NULL, *t0 = NULL, *t1 = NULL;
  g_autoptr (CarcGame) mirror = NULL;
  guint refused = 0, made = 0;
  GPid pid;

  /* the daemon under a file size limit of 3 KiB (ulimit counts 512- or 1024-byte blocks);
   * the valgrind wrapper of `make check-valgrind` ($CARCD_DAEMON_WRAPPER) runs a script as it
   * is, so the script puts the wrapper before the daemon */
  text = g_strdup_printf ("#!/bin/sh\nulimit -f 6\nexec ${CARCD_DAEMON_WRAPPER:-} '%s' \"$@\"\n",
                          daemon ? daemon : TOP_BUILDDIR "/core/daemon/carcassonned");
  ck_assert (g_file_set_contents (script, text, -1, NULL));
  ck_assert_int_eq (g_chmod (script, 0700), 0);
  g_setenv ("CARCASSONNED", script, TRUE);
  pid = daemon_start_in (dir, NULL);
  game = create_game (c0, "{'seed': <@t 8>}");
  g_free (join_game (c0, game, "Ann", &t0));
  g_free (join_game (c1, game, "Bob", &t1));
  g_variant_unref (call_ok (c0, game, GAME_IFACE, "Start", NO_OPTIONS));
  record = export_record (c0, game);
  mirror = mirror_from_record (record, NULL);
  while (refused == 0)
    {
      g_autofree char *before = state_snapshot (c0, game);
      g_autofree char *after = NULL;
      g_autoptr (GError) error = NULL;
      CarcMove move;

      ck_assert_uint_lt (made, 200);
      mirror_choose (mirror, rand, &move);
      if (move_call (c[carc_game_get_current_player (mirror)], game, &move, &error))
        {
          ck_assert (carc_game_apply_move (mirror, &move, NULL));
          made++;
          continue;
        }
      refused++;
      ck_assert (g_dbus_error_is_remote_error (error));
      {
        g_autofree char *name = g_dbus_error_get_remote_error (error);
        g_autofree char *want = g_strdup_printf (
            "The move could not be saved, so it was not made: Could not save %s: Could not "
            "write %s/game-1.journal: File too large",
            game, dir);
        g_dbus_error_strip_remote_error (error);
        ck_assert_str_eq (name, E ("Failed"));
        ck_assert_str_eq (error->message, want);
      }
      after = state_snapshot (c0, game);
      ck_assert_str_eq (after, before);
      assert_in_sync (c0, game, mirror);
    }
  ck_assert_uint_gt (made, 5);
  /* a seat that cannot be saved is not taken: it never shows on the bus */
  {
    g_autofree char *other = create_game (c0, "{'players': <uint32 6>}");
    guint joins = 0;

    for (;; joins++)
      {
        g_autofree char *before = state_snapshot (c1, other);
        g_autofree char *after = NULL;
        g_autoptr (GError) error = NULL;
        g_autoptr (GVariant) r
            = call (c1, other, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", "Bob", NULL), &error);

        ck_assert_uint_lt (joins, 100);
        if (r)
          {
            g_variant_unref (call_ok (c1, other, GAME_IFACE, "Leave", NO_OPTIONS));
            continue;
          }
        ck_assert (g_dbus_error_is_remote_error (error));
        {
          g_autofree char *name = g_dbus_error_get_remote_error (error);
          ck_assert_str_eq (name, E ("Failed"));
        }
        after = state_snapshot (c1, other);
        ck_assert_str_eq (after, before);
        break;
      }
    ck_assert_uint_gt (joins, 0);
  }
  daemon_kill (pid);
  if (daemon)
    g_setenv ("CARCASSONNED", daemon, TRUE);
  else
    g_unsetenv ("CARCASSONNED");
  /* without the limit: the game as the last move written left it, and it plays on */
  pid = daemon_start_in (dir, NULL);
  assert_in_sync (c0, game, mirror);
  g_variant_unref (call_ok (c0, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", t0)));
  g_variant_unref (call_ok (c1, game, GAME_IFACE, "Rejoin", g_variant_new ("(s)", t1)));
  mirror_play (c, game, mirror, rand, G_MAXUINT);
  ck_assert_uint_eq (get_uint (c0, game, GAME_IFACE, "State"), 3);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A state directory that cannot be made does not stop the daemon: it logs it and runs, its
 * games only in memory. */
START_TEST (test_no_state_dir)
{
  static const char *const args[] = { "--state-dir=/proc/self/no/such/dir", NULL };
  GPid pid = daemon_start (args);
  g_autoptr (GDBusConnection) a = client_new ();
  g_autofree char *game = create_game (a, "{'bots': <uint32 1>}");
  g_autofree char *pa = NULL, *ta = NULL;

  pa = join_game (a, game, "Ann", &ta);
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 1);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* --no-state: the daemon plays its games in memory and writes nothing, not even the state
 * directory; it refuses --state-dir with it (doc/carcassonned.8). */
START_TEST (test_no_state_option)
{
  static const char *const args[] = { "--no-state", NULL };
  const char *conflict[]
      = { TOP_BUILDDIR "/core/daemon/carcassonned", "--no-state", "--state-dir=/tmp", NULL };
  const char *home = g_getenv ("XDG_STATE_HOME");
  g_autofree char *dir
      = g_build_filename (home ? home : g_get_user_state_dir (), "carcassonned", NULL);
  g_autoptr (GDBusConnection) a = NULL;
  g_autofree char *game = NULL, *pa = NULL, *ta = NULL, *err = NULL;
  gboolean existed = g_file_test (dir, G_FILE_TEST_EXISTS);
  int status;
  GPid pid;

  ck_assert (g_spawn_sync (NULL, (char **)conflict, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                           NULL, NULL, &status, NULL));
  ck_assert (WIFEXITED (status) && WEXITSTATUS (status) == 2);

  pid = daemon_start (args);
  a = client_new ();
  game = create_game (a, "{'bots': <uint32 1>}");
  pa = join_game (a, game, "Ann", &ta);
  g_variant_unref (call_ok (a, game, GAME_IFACE, "Start", NO_OPTIONS));
  ck_assert_uint_eq (get_uint (a, game, GAME_IFACE, "State"), 1);
  ck_assert_int_eq (daemon_stop (pid), 0);
  /* with-state-dir.sh gives every test a fresh $XDG_STATE_HOME: nothing was made in it */
  if (!existed)
    ck_assert (!g_file_test (dir, G_FILE_TEST_EXISTS));
}
END_TEST

static Suite *
persistence_suite (void)
{
  Suite *s = suite_create ("daemon-persistence");
  TCase *tc = tcase_create ("persistence");

  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_kill_and_restart);
  tcase_add_test (tc, test_waiting_game);
  tcase_add_test (tc, test_finished_game);
  tcase_add_test (tc, test_disk_full);
  tcase_add_test (tc, test_no_state_dir);
  tcase_add_test (tc, test_no_state_option);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (persistence_suite ());
}
