/* draft.c: the open draft of half tiles (doc/rules.md section 3, option `draft`).
 *
 * Before the first turn all the half tiles lie face up, and the players pick them in turn,
 * the last player first, then counter-clockwise, until each has picked `hand` of them (or the
 * pool is empty); the rest leave the game, the hands stay face up, and the first player
 * starts. The draft is the plugin's phase "draft" (CARC_PHASE_POINT_BEGIN) and a pick its
 * move "pick": `piece`, the index in the pool, and optionally `tile`, the id of that piece
 * (the listed moves carry it, so a client shows the pool from the move list; records written
 * before it was a plugin move have only `piece`).
 */
#include "config.h"

#include "draft.h"
#include <string.h>

struct _HalftilesDraft
{
  const CarcTileType **pool; /* face up, in index order */
  guint len;
  guint picks_left; /* 0: the draft is over */
};

HalftilesDraft *
halftiles_draft_new (CarcSetup *setup, const CarcTileType *const *pool, guint len, guint picks)
{
  CarcGame *game = carc_setup_get_game (setup);
  carc_setup_set_hands_open (setup, TRUE);
  guint total = MIN (picks * carc_game_get_n_players (game), len);
  if (total == 0)
    return NULL;
  HalftilesDraft *d = g_new0 (HalftilesDraft, 1);
  d->pool = g_memdup2 (pool, len * sizeof *pool);
  d->len = len;
  d->picks_left = total;
  for (guint i = 0; i < len; i++)
    carc_setup_reserve (setup, pool[i]); /* a pick puts it into a hand */
  return d;
}

/* A game copy's own draft (carc_game_copy()): its own pool. */
gpointer
halftiles_draft_copy (CarcGame *copy, gconstpointer draft)
{
  const HalftilesDraft *d = draft;
  HalftilesDraft *c = g_memdup2 (d, sizeof *d);
  c->pool = g_memdup2 (d->pool, d->len * sizeof *d->pool);
  return c;
}

void
halftiles_draft_free (gpointer draft)
{
  HalftilesDraft *d = draft;
  if (!d)
    return;
  g_free (d->pool);
  g_free (d);
}

static gboolean
in_draft (CarcGame *game)
{
  const char *owner = carc_game_get_phase_owner (game);
  return owner && strcmp (owner, "halftiles") == 0
         && strcmp (carc_game_get_phase_name (game), "draft") == 0;
}

/* The draft opens the game, the last player picking first. */
const char *
halftiles_draft_claim (CarcGame *game, gpointer data, CarcPhasePoint point)
{
  HalftilesDraft *d = data;
  if (!d || point != CARC_PHASE_POINT_BEGIN || d->picks_left == 0)
    return NULL;
  carc_game_set_phase_player (game, carc_game_get_n_players (game) - 1);
  return "draft";
}

/* While the draft lasts: picks left, the pool's size, then each piece's id and a NUL (all
 * public: the pool lies face up). Nothing once it is over. */
void
halftiles_draft_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes)
{
  HalftilesDraft *d = data;
  if (!d || d->picks_left == 0)
    return;
  carc_digest_add_u32 (bytes, d->picks_left);
  carc_digest_add_u32 (bytes, d->len);
  for (guint i = 0; i < d->len; i++)
    {
      const char *id = carc_tile_type_get_id (d->pool[i]);
      g_byte_array_append (bytes, (const guint8 *)id, strlen (id) + 1);
    }
}

static void
list_picks (CarcGame *game, gpointer data, guint player, GPtrArray *moves)
{
  HalftilesDraft *d = data;
  if (!d || !in_draft (game))
    return;
  for (guint i = 0; i < d->len; i++)
    {
      CarcMove m = { .name = "pick",
                     .params = CARC_MOVE_PARAM_PIECE | CARC_MOVE_PARAM_TILE,
                     .piece = i,
                     .tile = carc_tile_type_get_id (d->pool[i]) };
      carc_move_list_add (moves, &m);
    }
}

static gboolean
check_pick (CarcGame *game, HalftilesDraft *d, const CarcMove *move, GError **error)
{
  if (!d || !in_draft (game))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "there is no draft now");
      return FALSE;
    }
  if (move->piece >= d->len)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_NO_PIECE, "the pool holds %u pieces, not %u",
                   d->len, move->piece + 1);
      return FALSE;
    }
  const char *id = carc_tile_type_get_id (d->pool[move->piece]);
  if ((move->params & CARC_MOVE_PARAM_TILE) && g_strcmp0 (move->tile, id) != 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE, "piece %u of the pool is %s, not %s",
                   move->piece, id, move->tile);
      return FALSE;
    }
  return TRUE;
}

static gboolean
apply_pick (CarcGame *game, gpointer data, const CarcMove *move, GError **error)
{
  HalftilesDraft *d = data;
  if (!check_pick (game, d, move, error))
    return FALSE;
  guint player = carc_game_get_current_player (game);
  const CarcTileType *t = d->pool[move->piece];
  memmove (&d->pool[move->piece], &d->pool[move->piece + 1],
           (d->len - move->piece - 1) * sizeof *d->pool);
  d->len--;
  carc_game_give_piece (game, player, t);
  if (--d->picks_left > 0)
    {
      guint n = carc_game_get_n_players (game);
      carc_game_set_phase_player (game, (player + n - 1) % n);
      return TRUE;
    }
  d->len = 0; /* the rest leave the game */
  carc_game_end_phase (game);
  return TRUE;
}

const CarcMoveDef halftiles_pick_move = { .name = "pick",
                                          .params = CARC_MOVE_PARAM_PIECE,
                                          .optional = CARC_MOVE_PARAM_TILE,
                                          .list = list_picks,
                                          .apply = apply_pick };
