/* ring-bell.c: a plugin with a figure kind, a move type and a phase of its own, built for the
 * tests (never installed): issue 16, Moves.
 *
 * After each turn (scored), a player who has not rung the bell yet holds the "bell" phase:
 * "ring-bell" rings it for 1 point ("bell" item), once per game; "no-bell" lets it be. Either
 * ends the phase. It also declares the "ringer", 1 per player, which stands only on
 * cloisters. tests/engine/test-moves.c builds it in; the daemon tests load it as
 * tests/daemon/.libs/ring-bell.so.
 */
#include "config.h"

#include <carcassonne.h>
#include <string.h>

typedef struct
{
  guint rung; /* bit p: player p has rung */
} Bell;

static gpointer
bell_setup (CarcSetup *setup, GError **error)
{
  return g_new0 (Bell, 1);
}

static gpointer
bell_copy_data (CarcGame *copy, gconstpointer data)
{
  return g_memdup2 (data, sizeof (Bell));
}

static gboolean
in_bell_phase (CarcGame *game)
{
  const char *owner = carc_game_get_phase_owner (game);
  return owner && strcmp (owner, "ring-bell") == 0;
}

static const char *
bell_claim (CarcGame *game, gpointer data, CarcPhasePoint point)
{
  Bell *b = data;
  guint p = carc_game_get_current_player (game);
  /* claim_phase_points says the turn's end alone: never asked at the start (ABI 2.7) */
  g_assert_cmpint (point, ==, CARC_PHASE_POINT_TURN_END);
  if ((b->rung >> p) & 1)
    return NULL;
  return "bell";
}

static void
bell_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes)
{
  Bell *b = data;
  if (b->rung)
    carc_digest_add_u32 (bytes, b->rung);
}

static void
list_ring (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  if (!in_bell_phase (game))
    return;
  CarcMove m = { .name = "ring-bell" };
  carc_move_list_add (moves, &m);
}

static void
list_no_bell (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  if (!in_bell_phase (game))
    return;
  CarcMove m = { .name = "no-bell" };
  carc_move_list_add (moves, &m);
}

static gboolean
check_phase (CarcGame *game, GError **error)
{
  if (in_bell_phase (game))
    return TRUE;
  g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE, "the bell rings only after a turn");
  return FALSE;
}

static gboolean
apply_ring (CarcGame *game, gpointer data, const CarcMove *move, GError **error)
{
  Bell *b = data;
  if (!check_phase (game, error))
    return FALSE;
  guint p = carc_game_get_current_player (game);
  b->rung |= 1u << p;
  carc_game_award (game, p, "bell", 1, 1);
  carc_game_end_phase (game);
  return TRUE;
}

static gboolean
apply_no_bell (CarcGame *game, gpointer data, const CarcMove *move, GError **error)
{
  if (!check_phase (game, error))
    return FALSE;
  carc_game_end_phase (game);
  return TRUE;
}

static gboolean
bell_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = bell_setup,
                                   .free_data = g_free,
                                   .copy_data = bell_copy_data,
                                   .digest = bell_digest,
                                   .claim_phase = bell_claim,
                                   .claim_phase_points = 1u << CARC_PHASE_POINT_TURN_END };
  static const CarcMoveDef ring = { .name = "ring-bell", .list = list_ring, .apply = apply_ring };
  static const CarcMoveDef no_bell
      = { .name = "no-bell", .list = list_no_bell, .apply = apply_no_bell };
  static const CarcFigureDef ringer = {
    .name = "ringer", .supply = 1, .stands = CARC_STANDS_ON (CARC_FEATURE_CLOISTER), .strength = 1
  };
  carc_plugin_set_hooks (plugin, &hooks);
  carc_plugin_add_move (plugin, &ring);
  carc_plugin_add_move (plugin, &no_bell);
  carc_plugin_add_figure (plugin, &ringer);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("ring-bell", "Test: a bell rung once per game after a turn", "1.0",
                    CARC_PLUGIN_PRIORITY_DEFAULT, bell_init, NULL)
