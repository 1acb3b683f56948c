/* daemon-play.c: playing whole games through the daemon, and the engine's answer to compare. */
#include "config.h"

#include "daemon-play.h"

#include <check.h>
#include <errno.h>
#include <unistd.h>

#include "carcassonne.h"
#include "daemon-fixture.h"

guint
policy_placement (guint turn, guint n)
{
  return turn % n;
}

gint
policy_deployment (guint turn, guint n)
{
  return (n > 0 && turn % 3 == 0) ? (gint)(turn % n) : -1;
}

void
engine_scores (guint64 seed, guint n_players, guint *scores)
{
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  g_autoptr (CarcGame) game = NULL;

  carc_game_config_set_n_players (config, n_players);
  carc_game_config_set_seed (config, seed);
  game = carc_game_new (config, NULL);
  while (carc_game_get_phase (game) != CARC_PHASE_OVER)
    {
      guint turn = carc_game_get_turn (game), n;
      CarcPlacement p;
      const CarcDeployment *d;
      gint k;

      ck_assert (carc_game_get_placement (
          game, policy_placement (turn, carc_game_get_n_placements (game)), &p));
      ck_assert (carc_game_place (game, p.x, p.y, p.rotation, NULL));
      d = carc_game_get_deployments (game, &n);
      k = policy_deployment (turn, n);
      if (k >= 0)
        ck_assert (carc_game_deploy (game, d[k].figure, d[k].segment, NULL));
      else
        ck_assert (carc_game_skip (game, NULL));
    }
  for (guint i = 0; i < n_players; i++)
    scores[i] = carc_game_get_score (game, i);
}

guint
get_uint (GDBusConnection *c, const char *path, const char *iface, const char *name)
{
  g_autoptr (GVariant) v = get_property (c, path, iface, name);
  return g_variant_get_uint32 (v);
}

char *
active_player (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) v = get_property (c, game, GAME_IFACE, "ActivePlayer");
  return g_variant_dup_string (v, NULL);
}

char *
join_game (GDBusConnection *c, const char *game, const char *name, char **token)
{
  g_autoptr (GVariant) r
      = call_ok (c, game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", name, NULL));
  char *player;

  g_variant_get (r, "(os)", &player, token);
  return player;
}

void
play_policy_turn (GDBusConnection *c, const char *game)
{
  guint turn = get_uint (c, game, GAME_IFACE, "Turn");
  g_autoptr (GVariant) placements = call_ok (c, game, GAME_IFACE, "GetPlacements", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (placements, 0);
  g_autoptr (GVariant) deployments = NULL;
  g_autoptr (GVariant) dlist = NULL;
  gint32 x, y;
  guint32 rotation, segment;
  gint k;

  ck_assert_uint_gt (g_variant_n_children (list), 0);
  g_variant_get_child (list, policy_placement (turn, g_variant_n_children (list)), "(iiu)", &x, &y,
                       &rotation);
  g_variant_unref (
      call_ok (c, game, GAME_IFACE, "Place", g_variant_new ("(iiua{sv})", x, y, rotation, NULL)));
  deployments = call_ok (c, game, GAME_IFACE, "GetDeployments", NULL);
  dlist = g_variant_get_child_value (deployments, 0);
  k = policy_deployment (turn, g_variant_n_children (dlist));
  if (k >= 0)
    {
      const char *figure;
      g_variant_get_child (dlist, k, "(&suu^a&s)", &figure, &segment, NULL, NULL);
      g_variant_unref (call_ok (c, game, GAME_IFACE, "Deploy",
                                g_variant_new ("(sua{sv})", figure, segment, NULL)));
    }
  else
    g_variant_unref (call_ok (c, game, GAME_IFACE, "Skip", NO_OPTIONS));
}

void
play_to_end (GDBusConnection **clients, char **players, guint n, const char *game)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC * test_time_scale ();

  while (get_uint (clients[0], game, GAME_IFACE, "State") != 3)
    {
      g_autofree char *active = active_player (clients[0], game);
      guint i = 0;

      while (i < n && !g_str_equal (players[i], active))
        i++;
      if (i < n)
        play_policy_turn (clients[i], game);
      else
        {
          ck_assert_msg (g_get_monotonic_time () < deadline, "%s: %s never moved", game, active);
          g_usleep (1000); /* a bot's seat: it moves by itself */
        }
    }
}

void
assert_scores (GDBusConnection *c, const char *game, const guint *expected, guint n)
{
  g_autoptr (GVariant) scores = get_property (c, game, GAME_IFACE, "Scores");
  gsize len;
  const guint32 *s = g_variant_get_fixed_array (scores, &len, sizeof (guint32));

  ck_assert_uint_eq (len, n);
  for (guint i = 0; i < n; i++)
    ck_assert_msg (s[i] == expected[i], "%s seat %u: %u points over D-Bus, %u in the engine", game,
                   i, s[i], expected[i]);
}

void
fixture_setup (Fixture *f, const char *const *daemon_args, const char *options, gboolean start)
{
  f->pid = daemon_start (daemon_args);
  f->a = client_new ();
  f->b = client_new ();
  f->x = client_new ();
  f->game = create_game (f->a, options);
  f->pa = join_game (f->a, f->game, "Ann", &f->ta);
  f->pb = join_game (f->b, f->game, "Bob", &f->tb);
  if (start)
    g_variant_unref (call_ok (f->a, f->game, GAME_IFACE, "Start", NO_OPTIONS));
}

void
fixture_teardown (Fixture *f)
{
  g_clear_object (&f->a);
  g_clear_object (&f->b);
  g_clear_object (&f->x);
  g_free (f->game);
  g_free (f->pa);
  g_free (f->pb);
  g_free (f->ta);
  g_free (f->tb);
  ck_assert_int_eq (daemon_stop (f->pid), 0);
}

void
fixture_players (Fixture *f, GDBusConnection **clients, char **players)
{
  clients[0] = f->a;
  clients[1] = f->b;
  players[0] = f->pa;
  players[1] = f->pb;
}

char *
plugin_dir_linking (const char *target)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("carcd-plugins-XXXXXX", &error);
  ck_assert_msg (dir != NULL, "%s", error ? error->message : "");
  g_autofree char *file = g_path_get_basename (target);
  g_autofree char *link = g_build_filename (dir, file, NULL);
  ck_assert_msg (symlink (target, link) == 0, "%s: %s", link, g_strerror (errno));
  return dir;
}

char *
test_plugin_dir (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".so", NULL);
  g_autofree char *target = g_build_filename (TOP_BUILDDIR "/tests/daemon/.libs", file, NULL);
  return plugin_dir_linking (target);
}

static void
record_signal (GDBusConnection *c, const char *sender, const char *path, const char *iface,
               const char *signal, GVariant *params, gpointer data)
{
  GPtrArray *seen = data;
  /* without the sequence number, which tests of what a signal says leave aside */
  g_ptr_array_add (seen, signal_text (signal, params));
}

guint
listen_to_game (Fixture *f, GPtrArray *seen)
{
  return g_dbus_connection_signal_subscribe (f->x, NULL, GAME_IFACE, NULL, f->game, NULL,
                                             G_DBUS_SIGNAL_FLAGS_NONE, record_signal, seen, NULL);
}

const char *
first_signal (GPtrArray *seen, const char *prefix)
{
  for (guint i = 0; i < seen->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (seen, i), prefix))
      return g_ptr_array_index (seen, i);
  return NULL;
}

char *
game_moves (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) v = call_ok (c, game, GAME_IFACE, "GetMoves", NO_OPTIONS);
  g_autoptr (GVariant) list = g_variant_get_child_value (v, 0);
  return g_variant_print (list, FALSE);
}

char *
player_figures (GDBusConnection *c, const char *player)
{
  g_autoptr (GVariant) v = get_property (c, player, PLAYER_IFACE, "Figures");
  return g_variant_print (v, FALSE);
}
