/* daemon-mirror.c: a game played through the daemon and by the engine in the test. */
#include "config.h"

#include "daemon-mirror.h"

#include <check.h>
#include <signal.h>
#include <sys/wait.h>

#include "daemon-fixture.h"

char *
state_dir_new (void)
{
  const char *parent = g_getenv ("XDG_STATE_HOME");
  char *dir = g_build_filename (parent ? parent : g_get_tmp_dir (), "persist-XXXXXX", NULL);

  ck_assert_msg (g_mkdtemp (dir) != NULL, "%s: %s", dir, g_strerror (errno));
  return dir;
}

GPid
daemon_start_in (const char *dir, const char *const *extra)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new_with_free_func (g_free);

  g_ptr_array_add (args, g_strconcat ("--state-dir=", dir, NULL));
  for (guint i = 0; extra && extra[i]; i++)
    g_ptr_array_add (args, g_strdup (extra[i]));
  g_ptr_array_add (args, NULL);
  return daemon_start ((const char *const *)args->pdata);
}

void
daemon_kill (GPid pid)
{
  int status;

  kill (pid, SIGKILL);
  while (waitpid (pid, &status, 0) < 0)
    ck_assert_int_eq (errno, EINTR);
  ck_assert (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
}

char *
get_hash (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) v = get_property (c, game, GAME_IFACE, "StateHash");
  return g_variant_dup_string (v, NULL);
}

char *
export_record (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "ExportRecord", NO_OPTIONS);
  char *record;

  g_variant_get (r, "(s)", &record);
  return record;
}

CarcGame *
mirror_from_record (const char *record, CarcPluginHost *host)
{
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcRecord) r = carc_record_parse (record, -1, tiles, host, &error);
  CarcGame *game;

  ck_assert_msg (r != NULL, "the daemon's record does not read: %s", error->message);
  game = carc_record_replay (r, G_MAXUINT, NULL, NULL, NULL, &error);
  ck_assert_msg (game != NULL, "the daemon's record does not replay: %s", error->message);
  return game;
}

void
mirror_choose (CarcGame *mirror, GRand *rand, CarcMove *move)
{
  guint n;

  memset (move, 0, sizeof *move);
  switch (carc_game_get_phase (mirror))
    {
      case CARC_PHASE_PLACE:
        {
          CarcPlacement p;

          n = carc_game_get_n_placements (mirror);
          ck_assert (
              carc_game_get_placement (mirror, (guint)g_rand_int_range (rand, 0, (gint)n), &p));
          move->type = CARC_MOVE_PLACE;
          move->x = p.x;
          move->y = p.y;
          move->rotation = p.rotation;
          return;
        }
      case CARC_PHASE_DEPLOY:
        {
          const CarcDeployment *d = carc_game_get_deployments (mirror, &n);
          guint k = (guint)g_rand_int_range (rand, 0, (gint)n + 1);

          move->type = k < n ? CARC_MOVE_DEPLOY : CARC_MOVE_SKIP;
          move->segment = k < n ? d[k].segment : 0;
          move->figure
              = k < n && d[k].figure ? carc_game_get_figure_name (mirror, d[k].figure) : NULL;
          return;
        }
      case CARC_PHASE_PLUGIN:
        {
          /* an expansion's phase (a draft's picks): one of its listed moves */
          g_autoptr (GPtrArray) moves
              = carc_game_list_moves (mirror, carc_game_get_current_player (mirror));
          ck_assert_uint_gt (moves->len, 0);
          *move = *(const CarcMove *)moves->pdata[g_rand_int_range (rand, 0, (gint)moves->len)];
          return;
        }
      case CARC_PHASE_CHOOSE:
        {
          guint player = carc_game_get_current_player (mirror);

          if (carc_game_can_draw (mirror))
            {
              move->type = CARC_MOVE_DRAW;
              return;
            }
          for (guint i = 0; i < carc_game_get_hand_size (mirror, player); i++)
            {
              const CarcPlacement *p = carc_game_get_piece_placements (mirror, i, &n);

              if (n > 0)
                {
                  guint k = (guint)g_rand_int_range (rand, 0, (gint)n);

                  move->type = CARC_MOVE_PLACE_PIECE;
                  move->piece = i;
                  move->x = p[k].x;
                  move->y = p[k].y;
                  move->rotation = p[k].rotation;
                  return;
                }
            }
          ck_assert (carc_game_can_pass (mirror));
          move->type = CARC_MOVE_PASS;
          return;
        }
      default:
        ck_abort_msg ("the game is over");
    }
}

const char *
move_method (const CarcMove *m, GVariant **args)
{
  switch (m->type)
    {
      case CARC_MOVE_PLACE:
        *args = g_variant_new ("(iiua{sv})", m->x, m->y, m->rotation, NULL);
        return "Place";
      case CARC_MOVE_DEPLOY:
        *args = g_variant_new ("(sua{sv})", m->figure ? m->figure : "follower", m->segment, NULL);
        return "Deploy";
      case CARC_MOVE_SKIP:
        *args = g_variant_new ("(a{sv})", NULL);
        return "Skip";
      case CARC_MOVE_DRAW:
        *args = g_variant_new ("(a{sv})", NULL);
        return "Draw";
      case CARC_MOVE_PLACE_PIECE:
        *args = g_variant_new ("(uiiua{sv})", m->piece, m->x, m->y, m->rotation, NULL);
        return "PlacePiece";
      case CARC_MOVE_PASS:
        *args = g_variant_new ("(a{sv})", NULL);
        return "Pass";
      default:
        /* an expansion's move: Play, by name and arguments as GetMoves lists it */
        *args
            = g_variant_new ("(s@a{sv}a{sv})", carc_move_get_name (m), carc_move_to_args (m), NULL);
        return "Play";
    }
}

gboolean
move_call (GDBusConnection *c, const char *game, const CarcMove *move, GError **error)
{
  GVariant *args;
  const char *method = move_method (move, &args);
  g_autoptr (GVariant) r = call (c, game, GAME_IFACE, method, args, error);

  return r != NULL;
}

void
move_send (GDBusConnection *c, const char *game, const CarcMove *move)
{
  GVariant *args;
  const char *method = move_method (move, &args);

  g_dbus_connection_call (c, BUS_NAME, game, GAME_IFACE, method, args, NULL, G_DBUS_CALL_FLAGS_NONE,
                          -1, NULL, NULL, NULL);
  g_dbus_connection_flush_sync (c, NULL, NULL);
}

void
assert_in_sync (GDBusConnection *c, const char *game, CarcGame *mirror)
{
  g_autofree char *have = get_hash (c, game);
  g_autofree char *want = carc_game_get_public_hash (mirror);

  ck_assert_str_eq (have, want);
}

void
mirror_play (GDBusConnection *const *seats, const char *game, CarcGame *mirror, GRand *rand,
             guint n)
{
  for (guint k = 0; k < n && carc_game_get_phase (mirror) != CARC_PHASE_OVER; k++)
    {
      GDBusConnection *c = seats[carc_game_get_current_player (mirror)];
      g_autoptr (GError) error = NULL;
      CarcMove move;

      mirror_choose (mirror, rand, &move);
      ck_assert_msg (move_call (c, game, &move, &error), "%s: %s", game, error->message);
      ck_assert (carc_game_apply_move (mirror, &move, NULL));
      assert_in_sync (c, game, mirror);
    }
}
