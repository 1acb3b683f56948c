/* test-preview.c: moves tried before they are made, and a feature's segments (issue 18, "The
 * API a GUI needs"; doc/engine-api.md, "A turn" and "Queries").
 *
 * A seeded base game of two players: carc_game_preview_deployments() of every legal placement
 * changes nothing (the state hash, hidden information included, and the move log stay), and
 * for the placement then made equals carc_game_get_deployments(); carc_game_apply_moves() of a
 * placement and a refused deployment changes nothing and gives the deployment's error, of a
 * legal pair makes both; carc_game_get_feature_segments() lists exactly the segments of each
 * feature.
 */
#include "config.h"

#include <check.h>
#include "carcassonne.h"
#include "check-run.h"
#include "nocopy-plugin.h"

#define ck_assert_error(e, d, c) ck_assert (g_error_matches ((e), (d), (c)))

static CarcGame *
new_game (guint64 seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (&error);
  ck_assert_msg (config != NULL, "%s", error ? error->message : "");
  carc_game_config_set_n_players (config, 2);
  carc_game_config_set_seed (config, seed);
  CarcGame *g = carc_game_new (config, &error);
  ck_assert_msg (g != NULL, "%s", error ? error->message : "");
  return g;
}

static guint
n_moves (CarcGame *g)
{
  guint n;
  carc_game_get_moves (g, &n);
  return n;
}

static CarcMove
place_move (const CarcPlacement *p)
{
  CarcMove m = { .type = CARC_MOVE_PLACE, .x = p->x, .y = p->y, .rotation = p->rotation };
  m.params = carc_move_get_params (&m);
  return m;
}

static gboolean
same_deployments (const CarcDeployment *a, guint na, const CarcDeployment *b, guint nb)
{
  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (a[i].segment != b[i].segment || a[i].kind != b[i].kind || a[i].location != b[i].location
        || a[i].figure != b[i].figure)
      return FALSE;
  return TRUE;
}

/* Every placement of 40 turns previewed; the game unchanged (hash with hidden state, moves);
 * the chosen one's preview is what the deploy phase then offers. Rules §7 rule 8 (an occupied
 * feature takes no follower) makes later previews differ from the tile's bare segments. */
START_TEST (test_preview_changes_nothing)
{
  g_autoptr (CarcGame) g = new_game (7);
  guint compared = 0, occupied = 0;

  for (guint turn = 0; turn < 40 && carc_game_get_phase (g) == CARC_PHASE_PLACE; turn++)
    {
      guint n;
      const CarcPlacement *list = carc_game_get_placements (g, &n);
      g_autofree CarcPlacement *placements = g_memdup2 (list, n * sizeof *list);
      g_autofree char *before = carc_game_get_state_hash (g);
      guint moves = n_moves (g), pick = turn % n;
      g_autofree CarcDeployment *chosen = NULL;
      guint n_chosen = 0;

      for (guint i = 0; i < n; i++)
        {
          g_autoptr (GError) error = NULL;
          g_autofree CarcDeployment *d = NULL;
          guint nd = 0;
          CarcMove m = place_move (&placements[i]);
          ck_assert_msg (carc_game_preview_deployments (g, &m, &d, &nd, &error), "%s",
                         error ? error->message : "");
          if (i == pick)
            {
              chosen = g_steal_pointer (&d);
              n_chosen = nd;
            }
        }
      g_autofree char *after = carc_game_get_state_hash (g);
      ck_assert_str_eq (after, before);
      ck_assert_uint_eq (n_moves (g), moves);
      ck_assert (carc_game_place (g, placements[pick].x, placements[pick].y,
                                  placements[pick].rotation, NULL));
      guint nd;
      const CarcDeployment *d = carc_game_get_deployments (g, &nd);
      ck_assert (same_deployments (chosen, n_chosen, d, nd));
      compared++;
      occupied += nd < carc_tile_type_get_n_segments (carc_game_get_current_tile (g));
      if (nd && turn % 2 == 0)
        ck_assert (carc_game_deploy (g, d[0].figure, d[0].segment, NULL));
      else
        ck_assert (carc_game_skip (g, NULL));
    }
  ck_assert_uint_eq (compared, 40);
  ck_assert_uint_gt (occupied, 0);
}
END_TEST

/* A game with an expansion that cannot copy its per-game data is previewed on a replay: the
 * preview of every placement of 10 turns equals what the deploy phase then offers, and the
 * game is unchanged. */
START_TEST (test_preview_without_copy)
{
  g_autoptr (CarcPlugin) plugin = nocopy_plugin_new ();
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
  carc_game_config_set_seed (config, 11);
  g_autoptr (CarcGame) g = carc_game_new (config, NULL);
  ck_assert (!carc_game_copy (g, NULL));

  for (guint turn = 0; turn < 10; turn++)
    {
      guint n, nd, n_preview = 0;
      const CarcPlacement *p = carc_game_get_placements (g, &n);
      CarcMove m = place_move (&p[turn % n]);
      g_autofree CarcDeployment *preview = NULL;
      g_autofree char *before = carc_game_get_state_hash (g);
      g_autoptr (GError) error = NULL;
      ck_assert_msg (carc_game_preview_deployments (g, &m, &preview, &n_preview, &error), "%s",
                     error ? error->message : "");
      g_autofree char *after = carc_game_get_state_hash (g);
      ck_assert_str_eq (after, before);
      ck_assert (carc_game_apply_move (g, &m, NULL));
      const CarcDeployment *d = carc_game_get_deployments (g, &nd);
      ck_assert (same_deployments (preview, n_preview, d, nd));
      ck_assert (carc_game_skip (g, NULL));
    }
}
END_TEST

/* An illegal placement previewed is the error carc_game_place() gives, and changes nothing. */
START_TEST (test_preview_refused)
{
  g_autoptr (CarcGame) g = new_game (7);
  g_autoptr (GError) error = NULL;
  g_autofree char *before = carc_game_get_state_hash (g);
  CarcPlacement far = { .x = 50, .y = 50, .rotation = 0 };
  CarcMove m = place_move (&far);
  guint nd = 99;

  ck_assert (!carc_game_preview_deployments (g, &m, NULL, &nd, &error));
  ck_assert_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_PLACEMENT);
  ck_assert_uint_eq (nd, 99);
  g_autofree char *after = carc_game_get_state_hash (g);
  ck_assert_str_eq (after, before);
}
END_TEST

/* A placement with a deployment on a segment the tile lacks: ILLEGAL_DEPLOYMENT, nothing
 * placed, the state hash and the move log as they were; then a legal pair makes both, as two
 * single moves make them on a twin game. */
START_TEST (test_apply_moves_all_or_none)
{
  g_autoptr (CarcGame) g = new_game (9);
  g_autoptr (CarcGame) twin = new_game (9);
  g_autoptr (GError) error = NULL;
  guint n;
  const CarcPlacement *p = carc_game_get_placements (g, &n);
  CarcMove moves[2] = { place_move (&p[0]), { .type = CARC_MOVE_DEPLOY, .segment = 99 } };
  g_autofree char *before = carc_game_get_state_hash (g);

  moves[1].params = carc_move_get_params (&moves[1]);
  ck_assert (!carc_game_apply_moves (g, moves, 2, &error));
  ck_assert_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT);
  g_autofree char *after = carc_game_get_state_hash (g);
  ck_assert_str_eq (after, before);
  ck_assert_uint_eq (n_moves (g), 0);
  ck_assert_uint_eq (carc_game_get_phase (g), CARC_PHASE_PLACE);

  moves[1] = (CarcMove){ .type = CARC_MOVE_SKIP };
  moves[1].params = carc_move_get_params (&moves[1]);
  ck_assert (carc_game_apply_moves (g, moves, 2, NULL));
  ck_assert (carc_game_apply_move (twin, &moves[0], NULL));
  ck_assert (carc_game_apply_move (twin, &moves[1], NULL));
  g_autofree char *ours = carc_game_get_state_hash (g);
  g_autofree char *theirs = carc_game_get_state_hash (twin);
  ck_assert_str_eq (ours, theirs);
  ck_assert_uint_eq (n_moves (g), 2);
}
END_TEST

/* For every segment of every piece after 30 turns: the feature's segments, sorted by piece
 * then segment, each in the same feature (carc_game_get_piece_feature()'s id), as many as the
 * feature has, the asked segment among them. */
START_TEST (test_feature_segments)
{
  g_autoptr (CarcGame) g = new_game (4);

  for (guint turn = 0; turn < 30 && carc_game_get_phase (g) == CARC_PHASE_PLACE; turn++)
    {
      guint n;
      const CarcPlacement *p = carc_game_get_placements (g, &n);
      ck_assert (carc_game_place (g, p[turn % n].x, p[turn % n].y, p[turn % n].rotation, NULL));
      ck_assert (carc_game_skip (g, NULL));
    }
  for (guint piece = 0; piece < carc_game_get_n_pieces (g); piece++)
    {
      CarcPieceInfo info;
      ck_assert (carc_game_get_piece (g, piece, &info));
      for (guint seg = 0; seg < carc_tile_type_get_n_segments (info.tile); seg++)
        {
          g_autofree guint *pieces = NULL, *segments = NULL;
          guint count = 0;
          gboolean self = FALSE;
          CarcFeatureInfo feature;
          ck_assert (carc_game_get_piece_feature (g, piece, seg, &feature));
          ck_assert (carc_game_get_feature_segments (g, piece, seg, &pieces, &segments, &count));
          ck_assert_uint_eq (count, feature.segments);
          for (guint i = 0; i < count; i++)
            {
              CarcFeatureInfo other;
              ck_assert (carc_game_get_piece_feature (g, pieces[i], segments[i], &other));
              ck_assert_uint_eq (other.id, feature.id);
              if (i)
                ck_assert (pieces[i - 1] < pieces[i]
                           || (pieces[i - 1] == pieces[i] && segments[i - 1] < segments[i]));
              self |= pieces[i] == piece && segments[i] == seg;
            }
          ck_assert (self);
        }
    }
  g_autofree guint *pieces = NULL, *segments = NULL;
  guint count = 7;
  ck_assert (!carc_game_get_feature_segments (g, 999, 0, &pieces, &segments, &count));
  ck_assert_uint_eq (count, 7);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("preview");
  TCase *tc = tcase_create ("preview");
  tcase_add_test (tc, test_preview_changes_nothing);
  tcase_add_test (tc, test_preview_refused);
  tcase_add_test (tc, test_preview_without_copy);
  tcase_add_test (tc, test_apply_moves_all_or_none);
  tcase_add_test (tc, test_feature_segments);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
