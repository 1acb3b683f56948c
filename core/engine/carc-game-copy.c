/* carc-game-copy.c: copying a game for search (carc_game_copy()), and dealing again what no
 * player can see in a copy (carc_game_redeal_hidden()). */
#include "config.h"

#include <stddef.h>
#include <string.h>
#include "carc-error.h"
#include "carc-game-private.h"

/* A copy of the @n elements of @size bytes at @src, with room for @cap (>= @n). */
static gpointer
dup_array (gconstpointer src, gsize n, gsize cap, gsize size)
{
  if (cap == 0)
    return NULL;
  gpointer dst = g_malloc (cap * size);
  if (n)
    memcpy (dst, src, n * size);
  return dst;
}

/* Where @g's @array, which lies in @g's block (CarcGame.block), lies in @c's. */
static gpointer
in_copy_block (CarcGame *c, const CarcGame *g, gconstpointer array)
{
  return (char *)c->block + ((const char *)array - (const char *)g->block);
}

/* The copy for @c of @g's @array (@n elements of @size, room for @cap): at the same offset in
 * @c's block when it lies in @g's, else an allocation of its own. */
static gpointer
copy_array (CarcGame *c, const CarcGame *g, gconstpointer array, gsize n, gsize cap, gsize size)
{
  if (!carc_game_in_block (g, array))
    return dup_array (array, n, cap, size);
  gpointer dst = in_copy_block (c, g, array);
  if (n)
    memcpy (dst, array, n * size);
  return dst;
}

/* The scoring marks: their room in @c's block, not cleared (a copy may never score; many do
 * not): the epoch wraps at the first marking round, which clears them (next_epoch()). Made
 * again at that round if @g's lie outside its block. */
static void
copy_marks (CarcGame *c, const CarcGame *g)
{
  if (!carc_game_in_block (g, g->unit_mark) || !carc_game_in_block (g, g->seg_mark))
    {
      c->unit_mark = c->seg_mark = NULL;
      c->mark_cap_units = c->mark_cap_segs = 0;
      return;
    }
  c->unit_mark = in_copy_block (c, g, g->unit_mark);
  c->seg_mark = in_copy_block (c, g, g->seg_mark);
  c->epoch = G_MAXUINT;
}

/* The arrays a game sizes at its creation, in one block of the copy's own as in @g (one
 * allocation instead of one each); those @g moved out of its block are allocations of their
 * own. */
static void
copy_block_arrays (CarcGame *c, const CarcGame *g)
{
  c->block = g->block ? g_malloc (g->block_size) : NULL;
  c->block_size = g->block_size;
  c->pieces = copy_array (c, g, g->pieces, g->n_pieces, g->cap_pieces, sizeof (CarcPiece));
  c->features.segs
      = copy_array (c, g, g->features.segs, g->features.n, g->features.cap, sizeof (CarcSeg));
  c->features.borrowed = carc_game_in_block (g, g->features.segs);
  c->followers
      = copy_array (c, g, g->followers, g->n_followers, g->cap_followers, sizeof (CarcFollower));
  guint n_deployments = CARC_MAX_SEGMENTS * g->n_figures;
  c->deployments
      = copy_array (c, g, g->deployments, n_deployments, n_deployments, sizeof (CarcDeployment));
  c->moves = copy_array (c, g, g->moves, g->n_moves, g->cap_moves, sizeof (CarcMove));
  copy_marks (c, g);
}

static void
copy_hand (CarcHand *dst, const CarcHand *src)
{
  dst->pieces = dup_array (src->pieces, src->len, src->cap, sizeof (gpointer));
}

/* The expansions' per-game data, through their copy_data hooks. */
static gboolean
copy_expansions (CarcGame *c, const CarcGame *g, GError **error)
{
  c->exp = dup_array (g->exp, g->n_exp, g->n_exp, sizeof (CarcGameExpansion));
  for (guint i = 0; i < g->n_exp; i++)
    {
      const CarcGameExpansion *ge = &g->exp[i];
      c->exp[i].data = NULL;
      if (!ge->data)
        continue;
      if (!ge->hooks->copy_data)
        {
          /* finalize frees data of the expansions before this one only */
          c->n_exp = i;
          g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN,
                       "expansion %s keeps per-game data and has no copy_data hook",
                       ge->plugin->desc->name);
          return FALSE;
        }
      c->exp[i].data = ge->hooks->copy_data (c, ge->data);
    }
  return TRUE;
}

/**
 * carc_game_copy:
 * @self: a game
 * @error: return location for a #CarcError
 *
 * A copy of @self that plays on exactly as @self would (the same state hash, the same
 * moves, the same draws of the game's generator) and independently of it: for search. The
 * copy has the move log but no event callback and no event signals
 * (carc_game_set_event_signals()). Its cost is that of copying the game's arrays, sized
 * once at creation: about that of a few turns (`make bench`, "game-copy").
 *
 * Every expansion of the game that keeps per-game data must have a copy_data hook
 * (doc/plugin-guide.md); without one the copy fails with CARC_ERROR_PLUGIN.
 *
 * Returns: (transfer full) (nullable): the copy, or %NULL with @error set
 */
CarcGame *
carc_game_copy (CarcGame *self, GError **error)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), NULL);
  const CarcGame *g = self;
  g_autoptr (CarcGame) c = g_object_new (CARC_TYPE_GAME, NULL);
  const gsize start = offsetof (CarcGame, config);
  memcpy ((char *)c + start, (const char *)g + start, sizeof (CarcGame) - start);

  carc_game_config_ref (c->config);
  c->deck = dup_array (g->deck, g->deck_len, MAX (g->deck_len, 1u), sizeof (gpointer));
  c->buried = dup_array (g->buried, g->n_buried, g->n_buried, sizeof (guint16));
  c->deck_sections = g->deck_sections
                         ? dup_array (g->deck_sections, g->deck_len, g->deck_len, sizeof (gint))
                         : NULL;
  carc_board_copy (&c->board, &g->board);
  copy_block_arrays (c, g);
  for (guint p = 0; p < CARC_MAX_PLAYERS; p++)
    copy_hand (&c->hand[p], &g->hand[p]);

  /* caches, built again on demand */
  c->placements = NULL;
  c->cap_placements = 0;
  c->placements_listed = FALSE;
  memset (c->hand_lists, 0, sizeof c->hand_lists);
  c->hand_listed = 0;

  c->city_scored = NULL; /* final scoring's, made and freed inside it */
  c->event_func = NULL;
  c->event_data = NULL;
  c->event_destroy = NULL;
  c->event_signals = c->event_handlers = FALSE;

  if (!copy_expansions (c, g, error))
    return NULL;
  return g_steal_pointer (&c);
}

/* Tile types in an order of their own, the same in every process: by id, then by index. */
static gint
compare_types (gconstpointer a, gconstpointer b)
{
  const CarcTileType *ta = *(const CarcTileType *const *)a, *tb = *(const CarcTileType *const *)b;
  if (ta == tb)
    return 0; /* copies of one type: most comparisons of a pile, no string to compare */
  gint c = strcmp (ta->id, tb->id);
  return c ? c : (gint)ta->index - (gint)tb->index;
}

/* Sorts @n pieces into that order, then shuffles them with @rng (Fisher-Yates): the result
 * depends on the multiset of the pieces and @rng, not on their order before. */
static void
deal_again (const CarcTileType **pieces, guint n, CarcRng *rng)
{
  qsort (pieces, n, sizeof *pieces, compare_types);
  for (guint i = n; i > 1; i--)
    {
      guint j = carc_rng_draw_below (rng, i);
      const CarcTileType *t = pieces[i - 1];
      pieces[i - 1] = pieces[j];
      pieces[j] = t;
    }
}

/* Deals the pieces in the slots @slots (const CarcTileType **) again among those slots. */
static void
deal_slots (GPtrArray *slots, CarcRng *rng)
{
  g_autofree const CarcTileType **pieces = g_new (const CarcTileType *, MAX (slots->len, 1u));
  for (guint i = 0; i < slots->len; i++)
    pieces[i] = *(const CarcTileType **)slots->pdata[i];
  deal_again (pieces, slots->len, rng);
  for (guint i = 0; i < slots->len; i++)
    *(const CarcTileType **)slots->pdata[i] = pieces[i];
}

static gint
section_of (CarcGame *g, guint index)
{
  return g->deck_sections ? g->deck_sections[index] : 0;
}

/* The face-down land tiles of pile section @section: what was buried face down
 * (carc_game_bury_next_tile()) and what is left in the draw pile, dealt again together. */
static void
deal_section (CarcGame *g, gint section, CarcRng *rng)
{
  g_autoptr (GPtrArray) slots = g_ptr_array_new ();
  for (guint i = 0; i < g->n_buried; i++)
    if (section_of (g, g->buried[i]) == section)
      g_ptr_array_add (slots, &g->deck[g->buried[i]]);
  for (guint i = g->deck_pos; i < g->deck_len; i++)
    if (section_of (g, i) == section)
      g_ptr_array_add (slots, &g->deck[i]);
  deal_slots (slots, rng);
}

/* The face-down land tiles, section by section (a section's tiles are known to come before
 * the next section's, D29-D36), in section order. */
static void
deal_deck (CarcGame *g, CarcRng *rng)
{
  gint done = G_MININT;
  for (;;)
    {
      gboolean any = FALSE;
      gint next = G_MAXINT;
      for (guint i = 0; i < g->deck_len; i++)
        if (section_of (g, i) > done && section_of (g, i) <= next)
          {
            next = section_of (g, i);
            any = TRUE;
          }
      if (!any)
        return;
      deal_section (g, next, rng);
      done = next;
      if (!g->deck_sections)
        return;
    }
}

/* Face-down hands but @viewer's, dealt again among themselves (each keeps its size). */
static void
deal_hands (CarcGame *g, gint viewer, CarcRng *rng)
{
  g_autoptr (GPtrArray) slots = g_ptr_array_new ();
  for (guint p = 0; !g->hands_open && p < g->n_players; p++)
    for (guint i = 0; (gint)p != viewer && i < g->hand[p].len; i++)
      g_ptr_array_add (slots, &g->hand[p].pieces[i]);
  deal_slots (slots, rng);
}

/**
 * carc_game_redeal_hidden:
 * @self: a game, usually a copy (carc_game_copy())
 * @viewer: the player whose knowledge is kept (his own hand stays), or -1 for none
 * @rng: the generator to deal with (not the game's)
 *
 * Deals again, from @rng, everything in @self that no player (or only its owner) sees: the
 * face-down draw pile and the tiles buried face down, together, within each section of the
 * pile (carc_setup_add_to_deck_section(): an earlier section's tiles stay before a later one's);
 * when hands are face down (carc_game_get_hands_open()), the pieces in the hands of the players but
 * @viewer, among those hands (each keeps its size); and the game's own generator
 * (carc_game_random()) is seeded again from @rng. The pieces are first put into a fixed order, so
 * the result depends only on what @viewer sees and on @rng, never on the hidden order before: a
 * search (a bot) that samples what it cannot see calls this on each copy and so never peeks
 * (doc/bots.md, "Seeing only what a player sees"). The public hash
 * (carc_game_get_public_hash()) does not change; the state hash does.
 *
 * A game dealt again no longer replays from its config and moves: keep it for search.
 */
void
carc_game_redeal_hidden (CarcGame *self, gint viewer, CarcRng *rng)
{
  g_return_if_fail (CARC_GAME_VALID (self));
  g_return_if_fail (rng != NULL);
  deal_deck (self, rng);
  deal_hands (self, viewer, rng);
  guint64 seed = ((guint64)carc_rng_next (rng) << 32) | carc_rng_next (rng);
  carc_rng_init (&self->rng, seed, 0x43415243u);
  self->placements_listed = FALSE;
  self->hand_listed = 0;
}
