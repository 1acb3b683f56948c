/* carc-game-new.c: creating a game: checking the config, dealing the draw pile and the
 * hands, the expansions' setup, the start tile; and replaying a move log from a config. */
#include "config.h"

#include <string.h>
#include "carc-error.h"
#include "carc-game-private.h"

/* Doubles the room of the draw pile being set up (the tile set's tiles fit from the start). */
void
carc_game_deck_grow (CarcGame *g)
{
  g->deck_cap = MAX (16u, g->deck_cap * 2);
  g->deck = g_renew (const CarcTileType *, g->deck, g->deck_cap);
}

void
carc_hand_add (CarcHand *h, const CarcTileType *t)
{
  if (h->len == h->cap)
    {
      h->cap = MAX (4u, h->cap * 2);
      h->pieces = g_renew (const CarcTileType *, h->pieces, h->cap);
    }
  h->pieces[h->len++] = t;
}

static const CarcTileType *
lookup_tile (const CarcGameConfig *config, const char *id)
{
  const CarcTileType *t = carc_tile_set_lookup (config->tiles, id);
  for (guint i = 0; !t && config->expansions && i < config->expansions->len; i++)
    t = carc_tile_set_lookup (
        g_array_index (config->expansions, CarcConfigExpansion, i).plugin->tiles, id);
  return t;
}

/* Runs the expansions' setup hooks in order; they add to the deck and hand out pieces. */
static gboolean
setup_expansions (CarcGame *g, GArray *sections, GError **error)
{
  GArray *exps = g->config->expansions;
  g->n_exp = exps ? exps->len : 0;
  g->exp = g->n_exp ? g_new0 (CarcGameExpansion, g->n_exp) : NULL;
  for (guint i = 0; i < g->n_exp; i++)
    {
      const CarcConfigExpansion *ce = &g_array_index (exps, CarcConfigExpansion, i);
      g->exp[i].plugin = ce->plugin;
    }
  if (!carc_game_add_figures (g, error))
    return FALSE;
  for (guint i = 0; i < g->n_exp; i++)
    {
      const CarcConfigExpansion *ce = &g_array_index (exps, CarcConfigExpansion, i);
      CarcGameExpansion *ge = &g->exp[i];
      ge->hooks = &ce->plugin->hooks;
      ge->values = ce->values;
      const CarcHooks *h = ge->hooks;
      g->hook_mask
          |= (h->check_place ? CARC_HOOK_CHECK_PLACE : 0) | (h->placed ? CARC_HOOK_PLACED : 0)
             | (h->counting_unit ? CARC_HOOK_UNIT : 0) | (h->score_adjust ? CARC_HOOK_SCORE : 0)
             | (h->tie_break ? CARC_HOOK_TIE : 0) | (h->end_turn ? CARC_HOOK_END : 0)
             | (h->score_override ? CARC_HOOK_OVERRIDE : 0)
             | (h->feature_completed ? CARC_HOOK_COMPLETED : 0)
             | (h->game_over ? CARC_HOOK_GAME_OVER : 0) | (h->check_deploy ? CARC_HOOK_DEPLOY : 0)
             | (h->turn_scored ? CARC_HOOK_TURN_SCORED : 0)
             | (h->claim_phase ? CARC_HOOK_CLAIM_PHASE : 0)
             | (h->check_place && h->check_place_near ? CARC_HOOK_PLACE_NEAR : 0);
      guint32 bit = 1u << MIN (i, 31u); /* past the 32nd: carc_game_next_exp() walks them all */
      g->place_exps |= h->check_place ? bit : 0;
      g->deploy_exps |= h->check_deploy ? bit : 0;
      g->placed_exps |= h->placed ? bit : 0;
      g->scored_exps |= h->turn_scored ? bit : 0;
      for (guint point = 0; point < G_N_ELEMENTS (g->claim_exps); point++)
        g->claim_exps[point] |= carc_hooks_claim_at (h, point) ? bit : 0;
      if (h->check_place && !h->check_place_tag && i < 32)
        {
          g->untagged_mask |= bit;
          g->untagged_near = MAX (g->untagged_near, MIN (h->check_place_near, 4u));
        }
      if (!h->setup)
        continue;
      CarcSetup setup = { g, ce, sections, g->config->tile_order != NULL };
      g_autoptr (GError) local = NULL;
      ge->data = h->setup (&setup, &local);
      if (local)
        {
          g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "expansion %s: %s",
                       ce->plugin->desc->name, local->message);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * carc_game_new:
 * @config: the game's options
 * @error: return location for a #CarcError
 *
 * Creates a game: the start tile is placed (decision D1) and the first player's turn begins.
 *
 * Returns: (transfer full) (nullable): the game, or %NULL with @error set
 */
CarcGame *
carc_game_new (const CarcGameConfig *config, GError **error)
{
  g_return_val_if_fail (config != NULL, NULL);
  return carc_game_new_full (config, NULL, NULL, NULL, error);
}

/**
 * carc_game_new_with_signals: (rename-to carc_game_new)
 * @config: the game's options
 * @error: return location for a #CarcError
 *
 * carc_game_new() for language bindings: the game emits #CarcGame::event
 * (carc_game_set_event_signals()).
 *
 * Returns: (transfer full) (nullable): the game, or %NULL with @error set
 */
CarcGame *
carc_game_new_with_signals (const CarcGameConfig *config, GError **error)
{
  g_return_val_if_fail (config != NULL, NULL);
  CarcGame *g = carc_game_new_full (config, NULL, NULL, NULL, error);
  if (g)
    carc_game_set_event_signals (g, TRUE);
  return g;
}

/* The limits carc_game_new() checks before anything else; the start tile on success. */
static const CarcTileType *
check_config (const CarcGameConfig *config, GError **error)
{
  if (config->n_players < CARC_MIN_PLAYERS || config->n_players > CARC_MAX_PLAYERS)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "a game has %d to %d players, not %u", CARC_MIN_PLAYERS, CARC_MAX_PLAYERS,
                   config->n_players);
      return NULL;
    }
  if (config->followers > 255)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "at most 255 followers per player, not %u", config->followers);
      return NULL;
    }
  const CarcTileType *start = config->tiles->start; /* carc_tile_set_get_start() */
  if (!start || start->shape != CARC_SHAPE_SQUARE)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "the tile set has no square start tile (start=1)");
      return NULL;
    }
  return start;
}

/* The draw pile of an explicit tile order: its tiles, in order. */
static gboolean
deck_from_order (CarcGame *g, const CarcGameConfig *config, GError **error)
{
  guint order_len = g_strv_length (config->tile_order);
  if (order_len >= CARC_MAX_PIECES)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "a game holds at most %d tiles, not %u", CARC_MAX_PIECES, order_len + 1);
      return FALSE;
    }
  for (guint i = 0; config->tile_order[i]; i++)
    {
      const CarcTileType *t = lookup_tile (config, config->tile_order[i]);
      if (!t || t->shape != CARC_SHAPE_SQUARE)
        {
          g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_TILE,
                       "tile order entry %u: no land tile '%s' in the tile set", i,
                       config->tile_order[i]);
          return FALSE;
        }
      carc_game_deck_add (g, t);
    }
  return TRUE;
}

/* Appends the @n tiles at @tiles to the draw pile being set up (before the shuffle). */
void
carc_game_deck_append (CarcGame *g, const CarcTileType *const *tiles, guint n)
{
  while (g->deck_len + n > g->deck_cap)
    carc_game_deck_grow (g);
  memcpy (g->deck + g->deck_len, tiles, n * sizeof *tiles);
  g->deck_len += n;
}

/* The explicit hands of the config (carc_game_config_set_hand()). */
static gboolean
deal_hands (CarcGame *g, const CarcGameConfig *config, GError **error)
{
  for (guint p = 0; p < g->n_players; p++)
    for (guint i = 0; config->hands[p] && config->hands[p][i]; i++)
      {
        const CarcTileType *t = lookup_tile (config, config->hands[p][i]);
        if (!t || i >= CARC_MAX_PIECES)
          {
            g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_TILE,
                         "hand of player %u, entry %u: no tile '%s'", p, i, config->hands[p][i]);
            return FALSE;
          }
        carc_hand_add (&g->hand[p], t);
      }
  return TRUE;
}

/* The pieces in the hands, and those an expansion may still put into one. */
static guint
count_in_hands (CarcGame *g)
{
  guint in_hands = g->reserved_pieces;
  for (guint p = 0; p < g->n_players; p++)
    in_hands += g->hand[p].len;
  return in_hands;
}

/* Fisher-Yates, from the game's RNG; @sections (one per deck entry, empty, or NULL) moves along. */
static void
shuffle (CarcGame *g, GArray *sections)
{
  gboolean with_sections = sections && sections->len == g->deck_len;
  for (guint i = g->deck_len; i > 1; i--)
    {
      guint j = carc_rng_draw_below (&g->rng, i);
      const CarcTileType *tmp = g->deck[i - 1];
      g->deck[i - 1] = g->deck[j];
      g->deck[j] = tmp;
      if (with_sections)
        {
          gint s = g_array_index (sections, gint, i - 1);
          g_array_index (sections, gint, i - 1) = g_array_index (sections, gint, j);
          g_array_index (sections, gint, j) = s;
        }
    }
}

/* Puts the shuffled draw pile in section order (carc_setup_add_to_deck_section()), each
 * section keeping its shuffled order: a game with no sections is left as it was, so its
 * seeds deal what they always dealt. A stable sort by section, one pass per section (a game has
 * a few: the river's), instead of a comparison sort of (section, index) pairs. */
static void
order_sections (CarcGame *g, GArray *sections)
{
  if (!sections || sections->len == 0)
    return;
  g_array_set_size (sections, g->deck_len);
  gint *section = (gint *)sections->data;
  g_autofree const CarcTileType **tiles = g_new (const CarcTileType *, g->deck_len);
  g_autofree gint *ordered = g_new (gint, g->deck_len);
  gboolean started = FALSE;
  gint done = 0; /* the sections below and at this are placed */
  for (guint n = 0; n < g->deck_len;)
    {
      gboolean found = FALSE;
      gint next = 0; /* the least section above done */
      for (guint i = 0; i < g->deck_len; i++)
        if ((!started || section[i] > done) && (!found || section[i] < next))
          {
            next = section[i];
            found = TRUE;
          }
      for (guint i = 0; i < g->deck_len; i++)
        if (section[i] == next)
          {
            tiles[n] = g->deck[i];
            ordered[n++] = next;
          }
      done = next;
      started = TRUE;
    }
  memcpy (g->deck, tiles, g->deck_len * sizeof *tiles);
  memcpy (section, ordered, g->deck_len * sizeof *ordered);
}

/* The room @n elements of @size take in the game's block, each array's start kept aligned. */
static gsize
room (gsize n, gsize size)
{
  return (n * size + 15) & ~(gsize)15;
}

/* How many hand pieces' placement lists the game's block holds: as many as the largest hand
 * at creation (a player lists each piece of the hand at each turn). */
static guint
block_hand_lists (const CarcGame *g)
{
  guint n = 0;
  for (guint p = 0; p < g->n_players; p++)
    n = MAX (n, g->hand[p].len);
  return MIN (n, (guint)CARC_HAND_CACHE);
}

/* The game's block (CarcGame.block): the pieces, their @n_segments segments, the moves,
 * figures, deployments, the first placement lists of the hands' pieces and the marks scoring
 * uses (those zeroed), for the room allocate() counted. */
static void
allocate_block (CarcGame *g, guint n_segments)
{
  guint n_deployments = CARC_MAX_SEGMENTS * g->n_figures;
  guint n_lists = block_hand_lists (g);
  g->mark_cap_units = g->cap_pieces;
  g->mark_cap_segs = n_segments;
  gsize marks = room (g->mark_cap_units + g->mark_cap_segs, sizeof (guint));
  g->block_size = room (g->cap_pieces, sizeof (CarcPiece)) + room (n_segments, sizeof (CarcSeg))
                  + room (g->cap_moves, sizeof (CarcMove))
                  + room (g->cap_followers, sizeof (CarcFollower))
                  + room (n_deployments, sizeof (CarcDeployment))
                  + room (n_lists * CARC_HAND_LIST_MIN, sizeof (CarcPlacement)) + marks;
  char *at = g->block = g_malloc (g->block_size);
  carc_features_init (&g->features, (CarcSeg *)at, n_segments);
  at += room (n_segments, sizeof (CarcSeg));
  g->pieces = (CarcPiece *)at;
  at += room (g->cap_pieces, sizeof (CarcPiece));
  g->moves = (CarcMove *)at;
  at += room (g->cap_moves, sizeof (CarcMove));
  g->followers = (CarcFollower *)at;
  at += room (g->cap_followers, sizeof (CarcFollower));
  g->deployments = (CarcDeployment *)at;
  at += room (n_deployments, sizeof (CarcDeployment));
  for (guint i = 0; i < n_lists; i++)
    g->hand_lists[i] = (CarcPlacementList){ .items = (CarcPlacement *)at + i * CARC_HAND_LIST_MIN,
                                            .cap = CARC_HAND_LIST_MIN };
  at += room (n_lists * CARC_HAND_LIST_MIN, sizeof (CarcPlacement));
  memset (at, 0, marks);
  g->unit_mark = (guint *)at;
  g->seg_mark = g->unit_mark + g->mark_cap_units;
}

/* @array, @n elements of @size, with room for @cap: reallocated when on its own, moved out of
 * the game's block when in it. */
gpointer
carc_game_regrow (CarcGame *g, gpointer array, gsize n, gsize cap, gsize size)
{
  if (!carc_game_in_block (g, array))
    return g_realloc_n (array, cap, size);
  gpointer grown = g_malloc_n (cap, size);
  memcpy (grown, array, n * size);
  return grown;
}

/* The choose phase's draws the move log makes room for at creation (see allocate()). */
#define CARC_DRAW_MOVES 16

/* Makes room for every piece of the game and all their segments, followers and moves, and
 * the marks scoring uses: no reallocation in play. */
static void
allocate (CarcGame *g, const CarcTileType *start)
{
  guint in_hands = count_in_hands (g);
  guint n_segments = start->n_segments;
  const CarcTileSet *set = g->config->tiles;
  /* the pile only grows in the setup: as long as the set's, it is the set's, shuffled */
  if (!g->config->tile_order && g->deck_len == set->pile_len)
    n_segments += set->pile_segments;
  else
    for (guint i = 0; i < g->deck_len; i++)
      n_segments += g->deck[i]->n_segments;
  for (guint p = 0; p < g->n_players; p++)
    for (guint i = 0; i < g->hand[p].len; i++)
      n_segments += g->hand[p].pieces[i]->n_segments;
  n_segments += g->reserved_segments;
  g->cap_pieces = g->deck_len + in_hands + 1;
  carc_board_init (&g->board);
  g->cap_followers = 1;
  for (guint k = 0; k < g->n_figures; k++)
    for (guint p = 0; p < g->n_players; p++)
      g->cap_followers += g->supply[k][p];
  /* Two moves a turn (place, deploy); with pieces in hands a turn may start with a third, a
   * draw instead of placing one (the choose phase): room for CARC_DRAW_MOVES of those, which
   * random games with hands passed about every other game, moving the log out of the block. */
  g->cap_moves = 2 * (g->deck_len + in_hands + 1) + (in_hands ? CARC_DRAW_MOVES : 0);
  allocate_block (g, MAX (n_segments, 16u));
}

/* The section of each draw pile entry, for the expansions' setup hooks
 * (carc_setup_add_to_deck_section()); NULL in a game without expansions, which has none. */
static GArray *
new_sections (const CarcGameConfig *config)
{
  if (!config || !config->expansions || config->expansions->len == 0)
    return NULL;
  return g_array_new (FALSE, TRUE, sizeof (gint));
}

/* How many tiles the expansions of @config bring, counts included. */
static guint
expansion_tiles (const CarcGameConfig *config)
{
  guint n = 0;
  for (guint i = 0; config->expansions && i < config->expansions->len; i++)
    {
      const CarcPlugin *plugin = g_array_index (config->expansions, CarcConfigExpansion, i).plugin;
      n += plugin->tiles ? plugin->tiles->n_tiles : 0;
    }
  return n;
}

/* A game being created, up to its draw pile: the config checked and frozen, the supplies and
 * the RNG, the draw pile before shuffling (built in place), the expansions' setup and the hands.
 * What carc_game_new_full() and carc_game_config_get_deck_size() share. */
static CarcGame *
deal (const CarcGameConfig *config, GArray *sections, GError **error)
{
  g_autoptr (CarcGame) g = g_object_new (CARC_TYPE_GAME, NULL);
  const CarcTileType *start = check_config (config, error);
  if (!start)
    return NULL;
  g->start = start;
  g->draw_first = G_MININT;

  g->config = carc_game_config_dup (config); /* frozen: later changes to @config do not reach it */
  g->n_players = config->n_players;
  carc_rng_init (&g->rng, config->seed, 0x43415243u);

  /* the pile is built in place, with room for the tile set's tiles (or the order's) and the
   * expansions' (most add theirs to the pile: no reallocation then) */
  guint room = config->tile_order
                   ? g_strv_length (config->tile_order)
                   : carc_tile_set_get_n_tiles (config->tiles) + expansion_tiles (config);
  g->deck_cap = CLAMP (room, 1u, (guint)CARC_MAX_PIECES);
  g->deck = g_new (const CarcTileType *, g->deck_cap);
  if (config->tile_order && !deck_from_order (g, config, error))
    return NULL;
  if (!config->tile_order) /* every land tile of the set but one start tile (CarcTileSet.pile) */
    carc_game_deck_append (g, config->tiles->pile, config->tiles->pile_len);
  if (!setup_expansions (g, sections, error) || !deal_hands (g, config, error))
    return NULL;
  guint in_hands = count_in_hands (g);
  if (g->deck_len + in_hands >= CARC_MAX_PIECES)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "a game holds at most %d tiles, not %u", CARC_MAX_PIECES,
                   g->deck_len + in_hands + 1);
      return NULL;
    }
  return g_steal_pointer (&g);
}

/**
 * carc_game_new_full:
 * @config: the game's options
 * @func: (nullable) (scope notified): the event callback, as for carc_game_set_event_func()
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data (also when creation fails)
 * @error: return location for a #CarcError
 *
 * Like carc_game_new(), with the event callback attached before the start tile is placed,
 * so it also sees the start tile, tiles discarded before the first turn and that turn's start.
 *
 * Returns: (transfer full) (nullable): the game, or %NULL with @error set
 */
CarcGame *
carc_game_new_full (const CarcGameConfig *config, CarcEventFunc func, gpointer user_data,
                    GDestroyNotify destroy, GError **error)
{
  g_autoptr (GArray) sections = new_sections (config);
  g_autoptr (CarcGame) g = config ? deal (config, sections, error) : NULL;
  if (!g)
    {
      if (destroy)
        destroy (user_data);
      g_return_val_if_fail (config != NULL, NULL);
      return NULL;
    }
  carc_game_set_event_func (g, func, user_data, destroy);
  const CarcTileType *start = g->start;
  if (!config->tile_order)
    shuffle (g, sections);
  order_sections (g, sections);
  for (guint i = 0; sections && i < sections->len; i++)
    g->hands_wait += g_array_index (sections, gint, i) < g->draw_first;
  allocate (g, start);
  if (sections && sections->len == g->deck_len && g->deck_len > 0) /* carc_game_redeal_hidden() */
    g->deck_sections = g_memdup2 (sections->data, g->deck_len * sizeof (gint));

  carc_game_put_piece (g, start, 0, 0, 0, -1);
  if (carc_game_wants_events (g))
    {
      CarcEvent ev = { .type = CARC_EVENT_TILE_PLACED, .player = -1, .tile = start };
      carc_game_emit (g, &ev);
    }
  carc_game_begin (g);
  return g_steal_pointer (&g);
}

/**
 * carc_game_config_get_deck_size:
 * @config: a config
 * @size: (out): the number of tiles face down in the draw pile when a game of @config starts,
 *   before the first is drawn (the start tile, hands and reserved pieces not counted)
 * @error: return location for a #CarcError
 *
 * What goes into the draw pile depends on the expansions' setup hooks (an expansion adds its
 * tiles), so this runs them as carc_game_new() would, and nothing else: no shuffle, no start
 * tile, no turn, no events. It fails where carc_game_new() would, with the same error.
 *
 * Returns: %TRUE with @size set; %FALSE with @error set
 */
gboolean
carc_game_config_get_deck_size (const CarcGameConfig *config, guint *size, GError **error)
{
  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (size != NULL, FALSE);
  g_autoptr (GArray) sections = new_sections (config);
  g_autoptr (CarcGame) g = deal (config, sections, error);
  if (!g)
    return FALSE;
  *size = g->deck_len;
  return TRUE;
}

/**
 * carc_game_replay:
 * @config: the config the game was created with
 * @moves: (array length=n_moves): its moves
 * @n_moves: how many
 * @error: return location for a #CarcError
 *
 * Returns: (transfer full) (nullable): the game after replaying @moves
 */
CarcGame *
carc_game_replay (const CarcGameConfig *config, const CarcMove *moves, guint n_moves,
                  GError **error)
{
  g_return_val_if_fail (config != NULL, NULL);
  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);
  g_autoptr (CarcGame) g = carc_game_new (config, error);
  if (!g)
    return NULL;
  for (guint i = 0; i < n_moves; i++)
    if (!carc_game_apply_move (g, &moves[i], error))
      {
        g_prefix_error (error, "move %u: ", i);
        return NULL;
      }
  return g_steal_pointer (&g);
}
