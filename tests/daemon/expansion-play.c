/* expansion-play.c: games with expansions played through the daemon, and by the engine. */
#include "config.h"

#include "expansion-play.h"

#include <check.h>

#include "daemon-fixture.h"
#include "daemon-play.h"

CarcPluginHost *
test_plugin_host (void)
{
  CarcPluginHost *host = carc_plugin_host_new ();

  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), NULL, NULL);
  ck_assert_uint_eq (carc_plugin_host_get_n_plugins (host), 9);
  return host;
}

CarcGameConfig *
expansion_config (CarcPluginHost *host, const char *const *names, const char *const *options,
                  guint n_players, guint64 seed)
{
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (NULL);
  CarcGameConfig *config = carc_game_config_new (tiles);
  g_autoptr (GError) error = NULL;

  carc_game_config_set_n_players (config, n_players);
  carc_game_config_set_seed (config, seed);
  for (guint i = 0; names[i]; i++)
    ck_assert (
        carc_game_config_add_expansion (config, carc_plugin_host_lookup (host, names[i]), NULL));
  for (guint i = 0; options && options[i]; i++)
    {
      g_auto (GStrv) kv = g_strsplit_set (options[i], ".=", 3);
      ck_assert_uint_eq (g_strv_length (kv), 3);
      ck_assert_msg (carc_game_config_set_option (
                         config, kv[0], kv[1], (guint32)g_ascii_strtoull (kv[2], NULL, 10), &error),
                     "%s: %s", options[i], error ? error->message : "");
    }
  return config;
}

GRand *
policy_rand (guint64 seed)
{
  guint32 words[2] = { (guint32)seed, (guint32)(seed >> 32) };
  return g_rand_new_with_seed_array (words, 2);
}

static guint
below (GRand *rand, guint n)
{
  ck_assert_uint_gt (n, 0);
  return (guint)g_rand_int_range (rand, 0, (gint32)n);
}

/* Choosing, in the engine: the policy's draw, pass or hand placement. */
static void
engine_choose (CarcGame *game, GRand *rand)
{
  guint player = carc_game_get_current_player (game);
  gboolean ending = carc_game_get_tiles_left (game) == 0;
  guint n = 0, k, count;

  ck_assert (carc_game_can_draw (game) == !ending);
  if (!ending && below (rand, 8) != 0)
    {
      ck_assert (carc_game_draw (game, NULL));
      return;
    }
  if (ending && below (rand, 3) == 0 && carc_game_can_pass (game))
    {
      ck_assert (carc_game_pass (game, NULL));
      return;
    }
  for (guint i = 0; i < carc_game_get_hand_size (game, player); i++)
    {
      carc_game_get_piece_placements (game, i, &count);
      n += count;
    }
  k = below (rand, n);
  for (guint i = 0; i < carc_game_get_hand_size (game, player); i++)
    {
      const CarcPlacement *p = carc_game_get_piece_placements (game, i, &count);
      if (k < count)
        {
          ck_assert (carc_game_place_piece (game, i, p[k].x, p[k].y, p[k].rotation, NULL));
          return;
        }
      k -= count;
    }
  ck_abort_msg ("no choice left");
}

void
engine_policy_move (CarcGame *game, GRand *rand)
{
  switch (carc_game_get_phase (game))
    {
      case CARC_PHASE_PLUGIN:
        {
          /* an expansion's phase (a draft's picks): one of its listed moves */
          g_autoptr (GPtrArray) moves
              = carc_game_list_moves (game, carc_game_get_current_player (game));
          ck_assert (carc_game_apply_move (game, moves->pdata[below (rand, moves->len)], NULL));
          break;
        }
      case CARC_PHASE_CHOOSE:
        engine_choose (game, rand);
        break;
      case CARC_PHASE_PLACE:
        {
          CarcPlacement p;
          ck_assert (
              carc_game_get_placement (game, below (rand, carc_game_get_n_placements (game)), &p));
          ck_assert (carc_game_place (game, p.x, p.y, p.rotation, NULL));
          break;
        }
      case CARC_PHASE_DEPLOY:
        {
          guint n;
          const CarcDeployment *d = carc_game_get_deployments (game, &n);
          guint k = below (rand, n + 1);
          ck_assert (k < n ? carc_game_deploy (game, d[k].figure, d[k].segment, NULL)
                           : carc_game_skip (game, NULL));
          break;
        }
      default:
        ck_abort_msg ("the game is over");
    }
}

/* The first child of a method's reply. */
static GVariant *
reply_list (GDBusConnection *c, const char *game, const char *method, GVariant *args)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, method, args);
  return g_variant_get_child_value (r, 0);
}

static void
move (GDBusConnection *c, const char *game, const char *method, GVariant *args)
{
  g_variant_unref (call_ok (c, game, GAME_IFACE, method, args));
}

/* Choosing, through D-Bus: the same as engine_choose(). */
static void
dbus_choose (GDBusConnection *c, const char *game, GRand *rand)
{
  g_autofree char *player = active_player (c, game);
  gboolean ending = get_uint (c, game, GAME_IFACE, "TilesLeft") == 0;
  g_autoptr (GVariant) can_draw = get_property (c, game, GAME_IFACE, "CanDraw");
  g_autoptr (GVariant) can_pass = get_property (c, game, GAME_IFACE, "CanPass");
  guint hand = get_uint (c, player, PLAYER_IFACE, "HandSize");
  g_autoptr (GPtrArray) lists = g_ptr_array_new_with_free_func ((GDestroyNotify)g_variant_unref);
  guint n = 0, k;

  ck_assert (g_variant_get_boolean (can_draw) == !ending);
  if (!ending && below (rand, 8) != 0)
    {
      move (c, game, "Draw", NO_OPTIONS);
      return;
    }
  if (ending && below (rand, 3) == 0)
    {
      /* CanPass says whether Pass goes through; WrongPhase when it does not. */
      g_autoptr (GError) error = NULL;
      g_autoptr (GVariant) r = call (c, game, GAME_IFACE, "Pass", NO_OPTIONS, &error);
      g_autofree char *name = r ? NULL : g_dbus_error_get_remote_error (error);

      ck_assert ((r != NULL) == g_variant_get_boolean (can_pass));
      if (r)
        return;
      ck_assert_str_eq (name, ERROR_PREFIX "WrongPhase");
    }
  for (guint i = 0; i < hand; i++)
    {
      GVariant *list
          = reply_list (c, game, "GetPiecePlacements", g_variant_new ("(ua{sv})", i, NULL));
      n += (guint)g_variant_n_children (list);
      g_ptr_array_add (lists, list);
    }
  k = below (rand, n);
  for (guint i = 0; i < hand; i++)
    {
      GVariant *list = g_ptr_array_index (lists, i);
      gint32 x, y;
      guint32 rotation;

      if (k < g_variant_n_children (list))
        {
          g_variant_get_child (list, k, "(iiu)", &x, &y, &rotation);
          move (c, game, "PlacePiece", g_variant_new ("(uiiua{sv})", i, x, y, rotation, NULL));
          return;
        }
      k -= (guint)g_variant_n_children (list);
    }
  ck_abort_msg ("no choice left");
}

void
dbus_policy_move (GDBusConnection *c, const char *game, GRand *rand)
{
  switch (get_uint (c, game, GAME_IFACE, "State"))
    {
      case 6:
        {
          /* an expansion's phase: one of GetMoves, played as listed (Play) */
          g_autoptr (GVariant) list = reply_list (c, game, "GetMoves", NO_OPTIONS);
          const char *type;
          g_autoptr (GVariant) args = NULL;
          g_variant_get_child (list, below (rand, (guint)g_variant_n_children (list)), "(&s@a{sv})",
                               &type, &args);
          move (c, game, "Play", g_variant_new ("(s@a{sv}a{sv})", type, args, NULL));
          break;
        }
      case 4:
        dbus_choose (c, game, rand);
        break;
      case 1:
        {
          g_autoptr (GVariant) list = reply_list (c, game, "GetPlacements", NULL);
          gint32 x, y;
          guint32 rotation;
          g_variant_get_child (list, below (rand, (guint)g_variant_n_children (list)), "(iiu)", &x,
                               &y, &rotation);
          move (c, game, "Place", g_variant_new ("(iiua{sv})", x, y, rotation, NULL));
          break;
        }
      case 2:
        {
          g_autoptr (GVariant) list = reply_list (c, game, "GetDeployments", NULL);
          guint n = (guint)g_variant_n_children (list), k = below (rand, n + 1);
          guint32 segment;
          if (k < n)
            {
              const char *figure;
              g_variant_get_child (list, k, "(&suu^a&s)", &figure, &segment, NULL, NULL);
              move (c, game, "Deploy", g_variant_new ("(sua{sv})", figure, segment, NULL));
            }
          else
            move (c, game, "Skip", NO_OPTIONS);
          break;
        }
      default:
        ck_abort_msg ("%s is not in play", game);
    }
}

void
dbus_policy_play_to_end (GDBusConnection **clients, char **players, guint n, const char *game,
                         GRand *rand)
{
  while (get_uint (clients[0], game, GAME_IFACE, "State") != 3)
    {
      g_autofree char *active = active_player (clients[0], game);
      guint i = 0;

      while (i < n && !g_str_equal (players[i], active))
        i++;
      ck_assert_msg (i < n, "%s: %s is nobody's seat", game, active);
      dbus_policy_move (clients[i], game, rand);
    }
}

static char *
seat_path (const char *game, gint seat)
{
  return seat < 0 ? g_strdup ("/") : g_strdup_printf ("%s/player/%d", game, seat);
}

char *
engine_pieces_text (CarcGame *engine, const char *game)
{
  GVariantBuilder pieces, followers;
  g_autoptr (GVariant) both = NULL;

  g_variant_builder_init (&pieces, G_VARIANT_TYPE ("a(uiisuo)"));
  for (guint i = 0; i < carc_game_get_n_pieces (engine); i++)
    {
      CarcPieceInfo p;
      g_autofree char *player = NULL;

      ck_assert (carc_game_get_piece (engine, i, &p));
      player = seat_path (game, p.player);
      g_variant_builder_add (&pieces, "(uiisuo)", p.index, p.x, p.y, carc_tile_type_get_id (p.tile),
                             p.rotation, player);
    }
  g_variant_builder_init (&followers, G_VARIANT_TYPE ("a(ouuu)"));
  for (guint i = 0; i < carc_game_get_n_followers (engine); i++)
    {
      CarcFollowerInfo f;
      g_autofree char *player = NULL;

      ck_assert (carc_game_get_follower (engine, i, &f));
      player = seat_path (game, (gint)f.player);
      g_variant_builder_add (&followers, "(ouuu)", player, f.piece, f.segment, (guint32)f.kind);
    }
  both = g_variant_ref_sink (g_variant_new ("(a(uiisuo)a(ouuu))", &pieces, &followers));
  return g_variant_print (both, TRUE);
}

guint
engine_count_moves (CarcGame *engine, const char *name)
{
  guint n, count = 0;
  const CarcMove *moves = carc_game_get_moves (engine, &n);

  for (guint i = 0; i < n; i++)
    count += g_str_equal (carc_move_get_name (&moves[i]), name);
  return count;
}
