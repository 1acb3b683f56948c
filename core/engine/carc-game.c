/* carc-game.c: a game's lifecycle, the turn state machine, the move log and queries. */
#include "config.h"

#include <string.h>
#include "carc-error.h"
#include "carc-game-private.h"

G_DEFINE_FINAL_TYPE (CarcGame, carc_game, G_TYPE_OBJECT)

enum
{
  SIGNAL_EVENT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];
static GQuark event_details[CARC_EVENT_TURN_PASSED + 1];

static void begin_turn (CarcGame *g, gboolean advance);

/* Called at the start of every move: whether the "event" signal has a handler now. A handler
 * connected during a move (from inside another handler) sees the events of the next move. */
static inline void
look_for_handlers (CarcGame *g)
{
  g->event_handlers = g->event_signals
                      && g_signal_handler_find (g, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_UNBLOCKED,
                                                signals[SIGNAL_EVENT], 0, NULL, NULL, NULL)
                             != 0;
}

static void
carc_game_finalize (GObject *object)
{
  CarcGame *g = CARC_GAME (object);
  if (g->event_destroy)
    g->event_destroy (g->event_data);
  carc_board_clear (&g->board);
  carc_features_clear (&g->features);
  g_free (g->pieces);
  g_free (g->followers);
  g_free (g->placements);
  g_free (g->deck);
  g_free (g->unit_mark);
  g_free (g->seg_mark);
  g_free (g->moves);
  for (guint i = 0; i < g->n_exp; i++) /* hooks is NULL past a setup that failed */
    if (g->exp[i].hooks && g->exp[i].hooks->free_data && g->exp[i].data)
      g->exp[i].hooks->free_data (g->exp[i].data);
  g_free (g->exp);
  for (guint p = 0; p < CARC_MAX_PLAYERS; p++)
    g_free (g->hand[p].pieces);
  g_free (g->pool.pieces);
  for (guint i = 0; i <= CARC_HAND_CACHE; i++)
    g_free (g->hand_lists[i].items);
  g_clear_pointer (&g->config, carc_game_config_unref);
  G_OBJECT_CLASS (carc_game_parent_class)->finalize (object);
}

static void
carc_game_class_init (CarcGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = carc_game_finalize;

  /**
   * CarcGame::event:
   * @game: the game
   * @event: (transfer none): what happened; copy it (carc_event_copy()) to keep it
   *
   * Every engine event, in order, from inside the move that caused it; the detail is the
   * event type's nick ("event::feature-scored", "event::game-over", ...: the names of
   * carc_event_type_to_string()). The same events go to the callback of
   * carc_game_set_event_func().
   *
   * Handlers take effect from the next move on: events of the game's creation (the start
   * tile, the first turn's start) happen before anyone can connect; carc_game_new_full()
   * with a callback sees them.
   */
  signals[SIGNAL_EVENT] = g_signal_new (
      "event", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED, 0, NULL, NULL,
      NULL, G_TYPE_NONE, 1, CARC_TYPE_EVENT | G_SIGNAL_TYPE_STATIC_SCOPE);
  for (guint i = 0; i < G_N_ELEMENTS (event_details); i++)
    event_details[i] = g_quark_from_static_string (carc_event_type_to_string (i));
}

static void
carc_game_init (CarcGame *g)
{
}

/**
 * carc_event_type_to_string:
 *
 * Returns: the event type's name ("feature-scored"), its #CarcEventType nick
 */
const char *
carc_event_type_to_string (CarcEventType type)
{
  static const char *const names[]
      = { "turn-started",   "tile-discarded",    "tile-placed", "follower-deployed",
          "feature-scored", "follower-returned", "game-over",   "tile-drawn",
          "piece-picked",   "turn-passed" };
  return (guint)type < G_N_ELEMENTS (names) ? names[type] : "unknown";
}

void
carc_game_emit (CarcGame *g, CarcEvent *ev)
{
  if (!carc_game_wants_events (g))
    return;
  ev->turn = g->turn;
  ev->n_players = g->n_players;
  if (g->event_func)
    g->event_func (g, ev, g->event_data);
  if (g->event_handlers)
    g_signal_emit (g, signals[SIGNAL_EVENT], event_details[ev->type], ev);
}

/* Emits @ev with where it happened filled in from segment @seg: tile, cell, rotation, the
 * segment's index, kind and location on the board. */
void
carc_game_emit_at (CarcGame *g, CarcEvent *ev, gint seg)
{
  const CarcSeg *s = &g->features.segs[seg];
  const CarcPiece *p = &g->pieces[s->piece];
  ev->tile = p->type;
  ev->piece = s->piece;
  ev->x = p->x;
  ev->y = p->y;
  ev->rotation = p->rotation;
  ev->segment = s->local;
  ev->kind = s->kind;
  ev->location
      = carc_location_rotate (p->type->seg[s->local].location, p->type->shape, p->rotation);
  carc_game_emit (g, ev);
}

void
carc_game_emit_segment (CarcGame *g, CarcEventType type, gint player, gint seg)
{
  CarcEvent ev = { .type = type, .player = player };
  carc_game_emit_at (g, &ev, seg);
}

/* Counts the followers each player has in the feature at @root; returns the largest count. */
guint
carc_game_count_followers (CarcGame *g, gint root, guint count[CARC_MAX_PLAYERS])
{
  guint best = 0;
  memset (count, 0, CARC_MAX_PLAYERS * sizeof (guint));
  for (guint i = 0; i < g->n_followers; i++)
    {
      const CarcFollower *fw = &g->followers[i];
      if (fw->active && carc_features_find (&g->features, fw->seg) == root)
        {
          guint c = ++count[fw->player]; /* not inside MAX (), which evaluates twice */
          best = MAX (best, c);
        }
    }
  return best;
}

/* The counting unit of a piece: the cell it stands in (rule 20; decision D5). */
guint
carc_game_unit_of_piece (CarcGame *g, guint piece)
{
  const CarcPiece *p = &g->pieces[piece];
  return carc_board_cell (&g->board, p->x, p->y)->piece[0] - 1u;
}

/* Occupied cells among the 8 around (x, y) (rules 23, 24). */
guint
carc_game_cloister_neighbours (CarcGame *g, gint x, gint y)
{
  guint n = 0;
  for (gint dy = -1; dy <= 1; dy++)
    for (gint dx = -1; dx <= 1; dx++)
      {
        if (!dx && !dy)
          continue;
        const CarcCell *c = carc_board_cell (&g->board, x + dx, y + dy);
        n += c && c->piece[0];
      }
  return n;
}

/* Lists every legal placement of the tile in play: the frontier cells in frontier order, each
 * with the rotations that meet its demand. carc_game_get_placement() uses the same order. */
static void
list_placements (CarcGame *g)
{
  if (g->n_placements > g->cap_placements)
    {
      g->cap_placements = MAX (g->n_placements, g->cap_placements * 2);
      g->placements = g_renew (CarcPlacement, g->placements, g->cap_placements);
    }
  g->placements_listed = TRUE;
  guint n = carc_game_enumerate (g, g->tile, g->placements, G_MAXUINT);
  g_assert (n == g->n_placements);
}

static void
end_game (CarcGame *g)
{
  g->tile = NULL;
  g->n_placements = 0;
  g->n_deployments = 0;
  carc_score_final (g);
  g->phase = CARC_PHASE_OVER;
  if (carc_game_wants_events (g))
    {
      CarcEvent ev = { .type = CARC_EVENT_GAME_OVER, .player = -1 };
      for (guint p = 0; p < g->n_players; p++)
        ev.points[p] = g->score[p];
      carc_game_emit (g, &ev);
    }
}

/* The placements of piece @index of the current player's hand, listed once per position:
 * every move clears hand_listed. Pieces past the cache share its last list, listed again on
 * every call. */
static const CarcPlacementList *
hand_list (CarcGame *g, guint index)
{
  guint slot = MIN (index, CARC_HAND_CACHE);
  CarcPlacementList *l = &g->hand_lists[slot];
  if (slot == CARC_HAND_CACHE || !((g->hand_listed >> slot) & 1))
    {
      const CarcTileType *t = g->hand[g->current].pieces[index];
      /* At most every rotation of every frontier cell, and the free half of every cell. */
      guint n = 4 * g->board.n_frontier + g->n_pieces;
      if (n > l->cap)
        {
          l->cap = MAX (n, 2 * l->cap);
          l->items = g_renew (CarcPlacement, l->items, l->cap);
        }
      l->len = carc_game_enumerate (g, t, l->items, G_MAXUINT);
      if (slot < CARC_HAND_CACHE)
        g->hand_listed |= 1u << slot;
    }
  return l;
}

/* TRUE if @player holds a piece of @shape (-1: any) that has a legal placement now. For the
 * current player the pieces are listed in full, as a player choosing will ask for them. */
static gboolean
hand_can_place (CarcGame *g, guint player, gint shape)
{
  const CarcHand *h = &g->hand[player];
  for (guint i = 0; i < h->len; i++)
    {
      const CarcTileType *t = h->pieces[i];
      gboolean seen = FALSE;
      for (guint j = 0; j < i && !seen; j++)
        seen = h->pieces[j] == t;
      if (seen || (shape >= 0 && (gint)t->shape != shape))
        continue;
      if (player == g->current ? hand_list (g, i)->len > 0
                               : carc_game_enumerate (g, t, NULL, 1) > 0)
        return TRUE;
    }
  return FALSE;
}

static guint
count_placements (CarcGame *g, const CarcTileType *t)
{
  if (carc_game_hooks_check (g, t))
    return carc_game_enumerate (g, t, NULL, G_MAXUINT);
  return carc_board_count_square (&g->board, t);
}

/* Draws the next placeable tile; tiles that fit nowhere are discarded and reported (rule 5,
 * decision D3). Returns FALSE when the draw pile runs out first. */
static gboolean
draw_tile (CarcGame *g)
{
  while (g->deck_pos < g->deck_len)
    {
      g->tile = g->deck[g->deck_pos++];
      g->n_placements = count_placements (g, g->tile);
      g->placements_listed = FALSE;
      if (g->n_placements > 0)
        return TRUE;
      if (carc_game_wants_events (g))
        {
          CarcEvent ev
              = { .type = CARC_EVENT_TILE_DISCARDED, .player = (gint)g->current, .tile = g->tile };
          carc_game_emit (g, &ev);
        }
    }
  g->tile = NULL;
  return FALSE;
}

static void
start_turn (CarcGame *g, CarcPhase phase)
{
  g->turn++;
  g->phase = phase;
  if (carc_game_wants_events (g))
    {
      CarcEvent ev = { .type = CARC_EVENT_TURN_STARTED,
                       .player = (gint)g->current,
                       .tile = phase == CARC_PHASE_PLACE ? g->tile : NULL };
      carc_game_emit (g, &ev);
    }
}

/* The draw pile is empty: the end_turn hooks decide whether the current player (then the
 * next, ...) gets a turn to place a piece from the hand (decisions D6, D10). */
static void
end_phase_turn (CarcGame *g)
{
  g->ending = TRUE;
  g->tile = NULL;
  g->n_placements = 0;
  while (g->hook_mask & CARC_HOOK_END)
    {
      CarcEndVerdict v = CARC_END_STOP;
      g->hand_listed = 0; /* another player, or the same after a draw */
      for (guint i = 0; i < g->n_exp; i++)
        if (g->exp[i].hooks->end_turn)
          {
            CarcEndVerdict h = g->exp[i].hooks->end_turn (g, g->exp[i].data, g->current);
            v = MAX (v, h); /* not inside MAX (), which evaluates twice */
          }
      if (v >= CARC_END_OFFER && !hand_can_place (g, g->current, -1))
        v = CARC_END_SKIP;
      if (v >= CARC_END_OFFER)
        {
          g->end_skips = 0;
          g->can_draw = FALSE;
          g->can_pass = v == CARC_END_OFFER;
          start_turn (g, CARC_PHASE_CHOOSE);
          return;
        }
      if (v == CARC_END_STOP || ++g->end_skips >= g->n_players)
        break;
      g->current = (g->current + 1) % g->n_players;
    }
  end_game (g);
}

/* Starts the next turn: the choose phase when the player may place a piece from the hand
 * instead of drawing; otherwise the tile is drawn at once. */
static void
begin_turn (CarcGame *g, gboolean advance)
{
  if (advance)
    g->current = (g->current + 1) % g->n_players;
  g->n_deployments = 0;
  g->tile = NULL;
  g->hand_listed = 0;
  if (!g->ending && g->deck_pos < g->deck_len)
    {
      if (g->hand[g->current].len && hand_can_place (g, g->current, -1))
        {
          g->can_draw = TRUE;
          g->can_pass = FALSE;
          start_turn (g, CARC_PHASE_CHOOSE);
          return;
        }
      if (draw_tile (g))
        {
          start_turn (g, CARC_PHASE_PLACE);
          return;
        }
    }
  end_phase_turn (g);
}

/* The draft (a variant of half tiles): before the first turn the players pick face-up pieces
 * from the pool, the last player in turn order first, then counter-clockwise. */
static void
begin_draft (CarcGame *g)
{
  g->draft_left = MIN (g->draft_picks * g->n_players, g->pool.len);
  if (g->draft_left == 0)
    {
      g->pool.len = 0;
      begin_turn (g, FALSE);
      return;
    }
  g->current = g->n_players - 1;
  g->phase = CARC_PHASE_DRAFT;
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
hand_take (CarcHand *h, guint index)
{
  const CarcTileType *t = h->pieces[index];
  memmove (&h->pieces[index], &h->pieces[index + 1], (h->len - index - 1) * sizeof *h->pieces);
  h->len--;
  return t;
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
setup_expansions (CarcGame *g, GPtrArray *deck, GError **error)
{
  GArray *exps = g->config->expansions;
  g->n_exp = exps ? exps->len : 0;
  if (!g->n_exp)
    return TRUE;
  g->exp = g_new0 (CarcGameExpansion, g->n_exp);
  for (guint i = 0; i < g->n_exp; i++)
    {
      const CarcConfigExpansion *ce = &g_array_index (exps, CarcConfigExpansion, i);
      CarcGameExpansion *ge = &g->exp[i];
      ge->plugin = ce->plugin;
      ge->hooks = &ce->plugin->hooks;
      ge->values = ce->values;
      const CarcHooks *h = ge->hooks;
      g->hook_mask |= (h->check_place ? CARC_HOOK_CHECK_PLACE : 0)
                      | (h->placed ? CARC_HOOK_PLACED : 0) | (h->counting_unit ? CARC_HOOK_UNIT : 0)
                      | (h->score ? CARC_HOOK_SCORE : 0) | (h->tie_break ? CARC_HOOK_TIE : 0)
                      | (h->end_turn ? CARC_HOOK_END : 0);
      if (!h->setup)
        continue;
      CarcSetup setup = { g, ce, deck, g->config->tile_order != NULL };
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
  CarcGame *g = carc_game_new_full (config, NULL, NULL, NULL, error);
  if (g)
    carc_game_set_event_signals (g, TRUE);
  return g;
}

/**
 * carc_game_set_event_signals:
 * @self: a game
 * @enabled: whether to emit #CarcGame::event
 *
 * The "event" signal is off for games made by carc_game_new() in C, where the event callback
 * (carc_game_set_event_func()) is the cheap way, and on for bindings (their Game.new). Looking
 * for handlers costs about a tenth of an engine's move even when there are none.
 */
void
carc_game_set_event_signals (CarcGame *self, gboolean enabled)
{
  g_return_if_fail (CARC_IS_GAME (self));
  self->event_signals = enabled;
  look_for_handlers (self);
}

gboolean
carc_game_get_event_signals (CarcGame *self)
{
  return self->event_signals;
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
  g_autoptr (CarcGame) g = g_object_new (CARC_TYPE_GAME, NULL);
  carc_game_set_event_func (g, func, user_data, destroy);
  g_return_val_if_fail (config != NULL, NULL);
  CarcTileSet *tiles = config->tiles;
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
  const CarcTileType *start = carc_tile_set_get_start (tiles);
  if (!start || start->shape != CARC_SHAPE_SQUARE)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "the tile set has no square start tile (start=1)");
      return NULL;
    }

  g->config = carc_game_config_dup (config); /* frozen: later changes to @config do not reach it */
  g->n_players = config->n_players;
  for (guint p = 0; p < g->n_players; p++)
    g->supply[p] = config->followers;
  carc_rng_init (&g->rng, config->seed, 0x43415243u);

  g_autoptr (GPtrArray) deck = g_ptr_array_new ();
  guint order_len = config->tile_order ? g_strv_length (config->tile_order) : 0;
  if (order_len >= CARC_MAX_PIECES)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "a game holds at most %d tiles, not %u", CARC_MAX_PIECES, order_len + 1);
      return NULL;
    }
  if (config->tile_order)
    {
      for (guint i = 0; config->tile_order[i]; i++)
        {
          const CarcTileType *t = lookup_tile (config, config->tile_order[i]);
          if (!t || t->shape != CARC_SHAPE_SQUARE)
            {
              g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_TILE,
                           "tile order entry %u: no land tile '%s' in the tile set", i,
                           config->tile_order[i]);
              return NULL;
            }
          g_ptr_array_add (deck, (gpointer)t);
        }
    }
  else
    {
      gboolean start_taken = FALSE;
      for (guint i = 0; i < carc_tile_set_get_n_types (tiles); i++)
        {
          const CarcTileType *t = carc_tile_set_get_type_at (tiles, i);
          if (t->shape != CARC_SHAPE_SQUARE)
            continue;
          for (guint k = 0; k < t->count; k++)
            {
              if (t == start && !start_taken)
                {
                  start_taken = TRUE;
                  continue;
                }
              g_ptr_array_add (deck, (gpointer)t);
            }
        }
    }
  if (!setup_expansions (g, deck, error))
    return NULL;
  for (guint p = 0; p < g->n_players; p++)
    for (guint i = 0; config->hands[p] && config->hands[p][i]; i++)
      {
        const CarcTileType *t = lookup_tile (config, config->hands[p][i]);
        if (!t || i >= CARC_MAX_PIECES)
          {
            g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_TILE,
                         "hand of player %u, entry %u: no tile '%s'", p, i, config->hands[p][i]);
            return NULL;
          }
        carc_hand_add (&g->hand[p], t);
      }
  guint in_hands = g->pool.len;
  for (guint p = 0; p < g->n_players; p++)
    in_hands += g->hand[p].len;
  if (deck->len + in_hands >= CARC_MAX_PIECES)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "a game holds at most %d tiles, not %u", CARC_MAX_PIECES,
                   deck->len + in_hands + 1);
      return NULL;
    }
  if (!config->tile_order)
    for (guint i = deck->len; i > 1; i--) /* Fisher-Yates */
      {
        guint j = carc_rng_below (&g->rng, i);
        gpointer tmp = deck->pdata[i - 1];
        deck->pdata[i - 1] = deck->pdata[j];
        deck->pdata[j] = tmp;
      }
  g->deck_len = deck->len;
  g->deck = g_new (const CarcTileType *, MAX (deck->len, 1u));
  if (deck->len > 0) /* an empty tile order: the array may have no storage at all */
    memcpy (g->deck, deck->pdata, deck->len * sizeof (gpointer));

  /* Room for every piece of the game and all their segments: no reallocation in play. */
  guint n_segments = start->n_segments;
  for (guint i = 0; i < g->deck_len; i++)
    n_segments += g->deck[i]->n_segments;
  for (guint p = 0; p < g->n_players; p++)
    for (guint i = 0; i < g->hand[p].len; i++)
      n_segments += g->hand[p].pieces[i]->n_segments;
  for (guint i = 0; i < g->pool.len; i++)
    n_segments += g->pool.pieces[i]->n_segments;
  g->cap_pieces = g->deck_len + in_hands + 1;
  g->pieces = g_new (CarcPiece, g->cap_pieces);
  carc_board_init (&g->board);
  carc_features_init (&g->features, n_segments);
  g->cap_followers = MAX (1u, g->n_players * config->followers);
  g->followers = g_new (CarcFollower, g->cap_followers);
  g->cap_moves = 2 * (g->deck_len + in_hands + 1);
  g->moves = g_new (CarcMove, g->cap_moves);

  carc_game_put_piece (g, start, 0, 0, 0, -1);
  if (carc_game_wants_events (g))
    {
      CarcEvent ev = { .type = CARC_EVENT_TILE_PLACED, .player = -1, .tile = start };
      carc_game_emit (g, &ev);
    }
  if (g->pool.len)
    begin_draft (g);
  else
    begin_turn (g, FALSE);
  return g_steal_pointer (&g);
}

/**
 * carc_game_set_event_func:
 * @self: a game
 * @func: (nullable) (scope notified): called for every event, in order
 * @user_data: data for @func
 * @destroy: (nullable): frees @user_data
 *
 * Events happen inside the calls that cause them. Events before this call (the first
 * turn's start) are not repeated.
 */
void
carc_game_set_event_func (CarcGame *self, CarcEventFunc func, gpointer user_data,
                          GDestroyNotify destroy)
{
  if (self->event_destroy)
    self->event_destroy (self->event_data);
  self->event_func = func;
  self->event_data = user_data;
  self->event_destroy = destroy;
}

/**
 * carc_game_get_config:
 * @self: a game
 *
 * The game keeps a copy of the config it was created with: changing that config afterwards
 * changes neither the game nor this copy.
 *
 * Returns: (transfer none): the game's copy of its config
 */
const CarcGameConfig *
carc_game_get_config (CarcGame *self)
{
  return self->config;
}

/**
 * carc_game_get_phase:
 *
 * Returns: what the current player must do now
 */
CarcPhase
carc_game_get_phase (CarcGame *self)
{
  return self->phase;
}

/**
 * carc_game_get_n_players:
 *
 * Returns: the number of players
 */
guint
carc_game_get_n_players (CarcGame *self)
{
  return self->n_players;
}

/**
 * carc_game_get_current_player:
 *
 * Returns: whose turn it is, 0 .. carc_game_get_n_players() - 1
 */
guint
carc_game_get_current_player (CarcGame *self)
{
  return self->current;
}

/**
 * carc_game_get_turn:
 *
 * Returns: the turn's number, from 1
 */
guint
carc_game_get_turn (CarcGame *self)
{
  return self->turn;
}

/**
 * carc_game_get_current_tile:
 * Returns: (transfer none) (nullable): the tile in play (in the deploy phase: the piece just
 *   placed, from the hand too); %NULL before drawing, in the draft and once the game is over
 */
const CarcTileType *
carc_game_get_current_tile (CarcGame *self)
{
  return self->phase == CARC_PHASE_OVER ? NULL : self->tile;
}

/**
 * carc_game_get_tiles_left:
 *
 * Returns: the tiles left in the draw pile
 */
guint
carc_game_get_tiles_left (CarcGame *self)
{
  return self->deck_len - self->deck_pos;
}

/**
 * carc_game_get_score:
 *
 * Returns: @player's score; 0 for a player the game does not have
 */
guint
carc_game_get_score (CarcGame *self, guint player)
{
  return player < self->n_players ? self->score[player] : 0;
}

/**
 * carc_game_get_scores:
 * @self: a game
 * @n_players: (out): the number of players
 *
 * Returns: (transfer full) (array length=n_players): every player's score, to free with
 *   g_free()
 */
guint *
carc_game_get_scores (CarcGame *self, guint *n_players)
{
  g_return_val_if_fail (CARC_IS_GAME (self), NULL);
  *n_players = self->n_players;
  return g_memdup2 (self->score, self->n_players * sizeof (guint));
}

/**
 * carc_game_get_supply:
 *
 * Returns: the followers @player has left in the supply
 */
guint
carc_game_get_supply (CarcGame *self, guint player)
{
  return player < self->n_players ? self->supply[player] : 0;
}

/**
 * carc_game_get_placements:
 * @self: a game
 * @n_placements: (out): the number of placements
 *
 * Every legal placement of the tile in play (in the place phase; none otherwise).
 *
 * Returns: (transfer none) (array length=n_placements): valid until the next move
 */
const CarcPlacement *
carc_game_get_placements (CarcGame *self, guint *n_placements)
{
  *n_placements = self->phase == CARC_PHASE_PLACE ? self->n_placements : 0;
  if (*n_placements && !self->placements_listed)
    list_placements (self);
  return self->placements;
}

/**
 * carc_game_get_n_placements:
 * @self: a game
 *
 * Returns: how many legal placements the tile in play has (0 outside the place phase)
 */
guint
carc_game_get_n_placements (CarcGame *self)
{
  return self->phase == CARC_PHASE_PLACE ? self->n_placements : 0;
}

/**
 * carc_game_get_placement:
 * @self: a game
 * @index: 0 .. carc_game_get_n_placements() - 1
 * @placement: (out caller-allocates): the placement
 *
 * The placement at @index in the order of carc_game_get_placements(), found without listing
 * them all: a bot that picks a placement at random needs no list.
 *
 * Returns: %TRUE if @index names a placement
 */
gboolean
carc_game_get_placement (CarcGame *self, guint index, CarcPlacement *placement)
{
  if (self->phase != CARC_PHASE_PLACE || index >= self->n_placements)
    return FALSE;
  if (!self->placements_listed && carc_game_hooks_check (self, self->tile))
    list_placements (self);
  if (self->placements_listed)
    {
      *placement = self->placements[index];
      return TRUE;
    }
  const CarcBoard *b = &self->board;
  const guint8 *fit = self->tile->fit;
  for (guint i = 0; i < b->n_frontier; i++)
    {
      const CarcFrontierNode *cell = &b->frontier[i];
      guint f = fit[cell->demand], per_cell = carc_rotations_in (f);
      if (index >= per_cell)
        {
          index -= per_cell;
          continue;
        }
      while (index--)
        f &= f - 1;
      *placement = (CarcPlacement){ cell->x, cell->y, (guint)__builtin_ctz (f) };
      return TRUE;
    }
  g_assert_not_reached ();
}

/**
 * carc_game_can_place:
 *
 * Whether the tile in play may go at (@x, @y) with @rotation.
 *
 * Returns: %TRUE in the place phase if it may
 */
gboolean
carc_game_can_place (CarcGame *self, gint x, gint y, guint rotation)
{
  if (self->phase != CARC_PHASE_PLACE)
    return FALSE;
  if (carc_game_hooks_check (self, self->tile))
    return carc_game_piece_fits (self, self->tile, x, y, rotation);
  return carc_board_square_fits (&self->board, x, y, self->tile, rotation);
}

/* Appends a move to the move log. */
static inline void
record (CarcGame *g, CarcMoveType type, gint x, gint y, guint rotation, guint segment, guint piece)
{
  if (G_UNLIKELY (g->n_moves == g->cap_moves))
    {
      g->cap_moves = MAX (16u, g->cap_moves * 2);
      g->moves = g_renew (CarcMove, g->moves, g->cap_moves);
    }
  g->moves[g->n_moves++] = (CarcMove){ type, x, y, rotation, segment, piece };
}

static gboolean
check_phase (CarcGame *g, CarcPhase want, GError **error)
{
  if (g->phase == want)
    return TRUE;
  if (g->phase == CARC_PHASE_OVER)
    g_set_error (error, CARC_ERROR, CARC_ERROR_GAME_OVER, "the game is over");
  else if (g->phase == CARC_PHASE_DRAFT)
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE,
                 "the draft is on; pick a piece from the pool");
  else if (g->phase == CARC_PHASE_CHOOSE)
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE,
                 g->can_draw ? "draw a tile or place a piece from the hand first"
                             : "place a piece from the hand%s",
                 g->can_pass ? " or pass" : "");
  else if (want == CARC_PHASE_PLACE)
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE,
                 "the tile is already placed; deploy a follower or skip");
  else if (want == CARC_PHASE_DEPLOY)
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "place the tile first");
  else if (want == CARC_PHASE_CHOOSE && g->phase == CARC_PHASE_PLACE)
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE,
                 "the tile is drawn; place it (the hand waits for another turn)");
  else
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "not in this phase");
  return FALSE;
}

static void
compute_deployments (CarcGame *g)
{
  const CarcPiece *p = &g->pieces[g->n_pieces - 1];
  CarcFeatures *f = &g->features;
  g->n_deployments = 0;
  if (g->supply[g->current] == 0) /* rule 15 */
    return;
  for (guint s = 0; s < p->type->n_segments; s++)
    {
      const CarcSegmentDef *d = &p->type->seg[s];
      if (d->kind == CARC_FEATURE_FIELD && !g->config->farmers)
        continue;
      gint r = carc_features_find (f, (gint)(p->seg_base + s));
      if (f->segs[r].followers > 0) /* rule 8 */
        continue;
      g->deployments[g->n_deployments++] = (CarcDeployment){ s, d->kind, d->turned[p->rotation] };
    }
}

/* Puts @t on the board for the current player, tells the hooks and the event callback, and
 * opens the deploy phase. */
static void
place_and_report (CarcGame *g, const CarcTileType *t, gint x, gint y, guint rotation)
{
  guint pi = carc_game_put_piece (g, t, x, y, rotation, (gint)g->current);
  g->phase = CARC_PHASE_DEPLOY;
  g->n_placements = 0;
  g->hand_listed = 0;
  if (g->hook_mask & CARC_HOOK_PLACED)
    {
      CarcPieceInfo info;
      carc_game_get_piece (g, pi, &info);
      for (guint i = 0; i < g->n_exp; i++)
        if (g->exp[i].hooks->placed)
          g->exp[i].hooks->placed (g, g->exp[i].data, &info);
    }
  if (carc_game_wants_events (g))
    {
      CarcEvent ev = { .type = CARC_EVENT_TILE_PLACED,
                       .player = (gint)g->current,
                       .tile = t,
                       .piece = pi,
                       .x = x,
                       .y = y,
                       .rotation = rotation };
      carc_game_emit (g, &ev);
    }
  compute_deployments (g);
}

/**
 * carc_game_place:
 * @self: a game
 * @x: column (grows to the east)
 * @y: row (grows to the south)
 * @rotation: clockwise quarter turns, 0..3
 * @error: return location for a #CarcError
 *
 * Places the tile in play (rules 3, 4).
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_place (CarcGame *self, gint x, gint y, guint rotation, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  look_for_handlers (self);
  if (!check_phase (self, CARC_PHASE_PLACE, error))
    return FALSE;
  if (rotation > 3)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "rotation must be 0 to 3, not %u", rotation);
      return FALSE;
    }
  gboolean fits = carc_game_hooks_check (self, self->tile)
                      ? carc_game_piece_fits (self, self->tile, x, y, rotation)
                      : (x >= G_MININT16 + 2 && x <= G_MAXINT16 - 2 && y >= G_MININT16 + 2
                         && y <= G_MAXINT16 - 2
                         && carc_board_square_fits (&self->board, x, y, self->tile, rotation));
  if (!fits)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_PLACEMENT,
                   "tile %s cannot go at (%d, %d) with rotation %u", self->tile->id, x, y,
                   rotation);
      return FALSE;
    }
  record (self, CARC_MOVE_PLACE, x, y, rotation, 0, 0);
  place_and_report (self, self->tile, x, y, rotation);
  return TRUE;
}

/**
 * carc_game_get_deployments:
 * @self: a game
 * @n_deployments: (out): the number of deployments
 *
 * Where the current player may put a follower on the tile just placed (deploy phase only).
 *
 * Returns: (transfer none) (array length=n_deployments): valid until the next move
 */
const CarcDeployment *
carc_game_get_deployments (CarcGame *self, guint *n_deployments)
{
  *n_deployments = self->phase == CARC_PHASE_DEPLOY ? self->n_deployments : 0;
  return self->deployments;
}

static void
finish_turn (CarcGame *g)
{
  carc_score_turn (g);
  begin_turn (g, TRUE);
}

/**
 * carc_game_deploy:
 * @self: a game
 * @segment: the segment's index on the tile just placed, as listed by
 *   carc_game_get_deployments()
 * @error: return location for a #CarcError
 *
 * Puts one of the current player's followers on @segment, then scores what the tile
 * completed and starts the next turn.
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_deploy (CarcGame *self, guint segment, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  look_for_handlers (self);
  if (!check_phase (self, CARC_PHASE_DEPLOY, error))
    return FALSE;
  if (self->supply[self->current] == 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_NO_FOLLOWER,
                   "player %u has no follower in the supply", self->current);
      return FALSE;
    }
  const CarcDeployment *d = NULL;
  for (guint i = 0; i < self->n_deployments; i++)
    if (self->deployments[i].segment == segment)
      d = &self->deployments[i];
  const CarcPiece *p = &self->pieces[self->n_pieces - 1];
  if (!d)
    {
      if (segment >= p->type->n_segments)
        g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT, "tile %s has no segment %u",
                     p->type->id, segment);
      else if (p->type->seg[segment].kind == CARC_FEATURE_FIELD && !self->config->farmers)
        g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                     "farmers are not used in this game");
      else
        g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                     "the %s of segment %u already holds a follower",
                     carc_feature_kind_to_string (p->type->seg[segment].kind), segment);
      return FALSE;
    }
  if (self->n_followers == self->cap_followers)
    {
      self->cap_followers *= 2;
      self->followers = g_renew (CarcFollower, self->followers, self->cap_followers);
    }
  gint seg = (gint)(p->seg_base + segment);
  self->followers[self->n_followers++] = (CarcFollower){ (guint8)self->current, TRUE, seg };
  self->supply[self->current]--;
  self->features.segs[carc_features_find (&self->features, seg)].followers++;
  self->monks_out += self->features.segs[seg].kind == CARC_FEATURE_CLOISTER;
  record (self, CARC_MOVE_DEPLOY, 0, 0, 0, segment, 0);
  self->n_deployments = 0;
  if (carc_game_wants_events (self))
    carc_game_emit_segment (self, CARC_EVENT_FOLLOWER_DEPLOYED, (gint)self->current, seg);
  finish_turn (self);
  return TRUE;
}

/**
 * carc_game_skip:
 * @self: a game
 * @error: return location for a #CarcError
 *
 * Deploys no follower this turn (rule 12); scores and starts the next turn.
 *
 * Returns: %TRUE on success
 */
gboolean
carc_game_skip (CarcGame *self, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  look_for_handlers (self);
  if (!check_phase (self, CARC_PHASE_DEPLOY, error))
    return FALSE;
  record (self, CARC_MOVE_SKIP, 0, 0, 0, 0, 0);
  self->n_deployments = 0;
  finish_turn (self);
  return TRUE;
}

/**
 * carc_game_can_draw:
 * @self: a game
 *
 * Returns: %TRUE in the choose phase while the draw pile has tiles
 */
gboolean
carc_game_can_draw (CarcGame *self)
{
  return self->phase == CARC_PHASE_CHOOSE && self->can_draw;
}

/**
 * carc_game_can_pass:
 * @self: a game
 *
 * Returns: %TRUE in an end-of-game turn the player may decline (decision D10)
 */
gboolean
carc_game_can_pass (CarcGame *self)
{
  return self->phase == CARC_PHASE_CHOOSE && self->can_pass;
}

/**
 * carc_game_draw:
 * @self: a game
 * @error: return location for a #CarcError
 *
 * In the choose phase, draws instead of placing a piece from the hand. Tiles that fit
 * nowhere are discarded as always; if the draw pile runs out, the end of the game decides
 * what this player may still do.
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_draw (CarcGame *self, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  look_for_handlers (self);
  if (!check_phase (self, CARC_PHASE_CHOOSE, error))
    return FALSE;
  if (!self->can_draw)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "the draw pile is empty");
      return FALSE;
    }
  record (self, CARC_MOVE_DRAW, 0, 0, 0, 0, 0);
  self->hand_listed = 0;
  if (!draw_tile (self))
    {
      end_phase_turn (self);
      return TRUE;
    }
  self->phase = CARC_PHASE_PLACE;
  if (carc_game_wants_events (self))
    {
      CarcEvent ev
          = { .type = CARC_EVENT_TILE_DRAWN, .player = (gint)self->current, .tile = self->tile };
      carc_game_emit (self, &ev);
    }
  return TRUE;
}

/**
 * carc_game_pass:
 * @self: a game
 * @error: return location for a #CarcError
 *
 * Declines an end-of-game turn (carc_game_can_pass()).
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_pass (CarcGame *self, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  look_for_handlers (self);
  if (!check_phase (self, CARC_PHASE_CHOOSE, error))
    return FALSE;
  if (!self->can_pass)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE,
                   self->can_draw ? "draw a tile or place a piece; passing is for the end"
                                  : "this turn must place a piece from the hand");
      return FALSE;
    }
  record (self, CARC_MOVE_PASS, 0, 0, 0, 0, 0);
  if (carc_game_wants_events (self))
    {
      CarcEvent ev = { .type = CARC_EVENT_TURN_PASSED, .player = (gint)self->current };
      carc_game_emit (self, &ev);
    }
  begin_turn (self, TRUE);
  return TRUE;
}

/**
 * carc_game_get_hand_size:
 *
 * Returns: how many pieces @player holds in the hand
 */
guint
carc_game_get_hand_size (CarcGame *self, guint player)
{
  return player < self->n_players ? self->hand[player].len : 0;
}

/**
 * carc_game_get_hand_piece:
 * @self: a game
 * @player: a player
 * @index: 0 .. carc_game_get_hand_size() - 1
 *
 * A piece in a player's hand. Hands are face down unless carc_game_get_hands_open(): a
 * program that serves several players shows each only their own.
 *
 * Returns: (transfer none) (nullable): the piece
 */
const CarcTileType *
carc_game_get_hand_piece (CarcGame *self, guint player, guint index)
{
  if (player >= self->n_players || index >= self->hand[player].len)
    return NULL;
  return self->hand[player].pieces[index];
}

/**
 * carc_game_get_hands_open:
 *
 * Returns: %TRUE if the hands are face up (every player may see them)
 */
gboolean
carc_game_get_hands_open (CarcGame *self)
{
  return self->hands_open;
}

static gboolean
check_hand_index (CarcGame *g, guint index, GError **error)
{
  if (index < g->hand[g->current].len)
    return TRUE;
  g_set_error (error, CARC_ERROR, CARC_ERROR_NO_PIECE, "player %u holds %u piece%s, not %u",
               g->current, g->hand[g->current].len, g->hand[g->current].len == 1 ? "" : "s",
               index + 1);
  return FALSE;
}

/**
 * carc_game_get_piece_placements:
 * @self: a game
 * @index: a piece of the current player's hand
 * @n_placements: (out): the number of placements
 *
 * Every legal placement of that piece, in the choose phase (none otherwise).
 *
 * Returns: (transfer none) (array length=n_placements): valid until the next move
 */
const CarcPlacement *
carc_game_get_piece_placements (CarcGame *self, guint index, guint *n_placements)
{
  *n_placements = 0;
  if (self->phase != CARC_PHASE_CHOOSE || index >= self->hand[self->current].len)
    return NULL;
  const CarcPlacementList *l = hand_list (self, index);
  *n_placements = l->len;
  return l->items;
}

/**
 * carc_game_place_piece:
 * @self: a game
 * @index: a piece of the current player's hand
 * @x: column
 * @y: row
 * @rotation: clockwise quarter turns (a half tile: 0 holds the north-east corner of its
 *   cell, 1 the south-east, 2 the south-west, 3 the north-west)
 * @error: return location for a #CarcError
 *
 * In the choose phase, places a piece from the hand instead of drawing (a half tile, the
 * abbey). Then the player may deploy on it, as after carc_game_place().
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_place_piece (CarcGame *self, guint index, gint x, gint y, guint rotation, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  look_for_handlers (self);
  if (!check_phase (self, CARC_PHASE_CHOOSE, error) || !check_hand_index (self, index, error))
    return FALSE;
  if (rotation > 3)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "rotation must be 0 to 3, not %u", rotation);
      return FALSE;
    }
  const CarcTileType *t = self->hand[self->current].pieces[index];
  if (!carc_game_piece_fits (self, t, x, y, rotation))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_PLACEMENT,
                   "piece %s cannot go at (%d, %d) with rotation %u", t->id, x, y, rotation);
      return FALSE;
    }
  record (self, CARC_MOVE_PLACE_PIECE, x, y, rotation, 0, index);
  hand_take (&self->hand[self->current], index);
  self->tile = t;
  place_and_report (self, t, x, y, rotation);
  return TRUE;
}

/**
 * carc_game_get_pool_size:
 *
 * Returns: how many face-up pieces the draft pool holds (0 outside the draft)
 */
guint
carc_game_get_pool_size (CarcGame *self)
{
  return self->phase == CARC_PHASE_DRAFT ? self->pool.len : 0;
}

/**
 * carc_game_get_pool_piece:
 * Returns: (transfer none) (nullable): face-up piece @index of the draft pool
 */
const CarcTileType *
carc_game_get_pool_piece (CarcGame *self, guint index)
{
  if (self->phase != CARC_PHASE_DRAFT || index >= self->pool.len)
    return NULL;
  return self->pool.pieces[index];
}

/**
 * carc_game_pick:
 * @self: a game
 * @index: a piece of the draft pool
 * @error: return location for a #CarcError
 *
 * The current player takes a face-up piece into the hand. When every player has picked
 * their share the rest of the pool leaves the game and the first turn starts.
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_pick (CarcGame *self, guint index, GError **error)
{
  g_return_val_if_fail (CARC_IS_GAME (self), FALSE);
  look_for_handlers (self);
  if (self->phase != CARC_PHASE_DRAFT)
    {
      g_set_error (error, CARC_ERROR,
                   self->phase == CARC_PHASE_OVER ? CARC_ERROR_GAME_OVER : CARC_ERROR_WRONG_PHASE,
                   "there is no draft now");
      return FALSE;
    }
  if (index >= self->pool.len)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_NO_PIECE, "the pool holds %u pieces, not %u",
                   self->pool.len, index + 1);
      return FALSE;
    }
  record (self, CARC_MOVE_PICK, 0, 0, 0, 0, index);
  const CarcTileType *t = hand_take (&self->pool, index);
  carc_hand_add (&self->hand[self->current], t);
  self->hand_listed = 0;
  if (carc_game_wants_events (self))
    {
      CarcEvent ev = { .type = CARC_EVENT_PIECE_PICKED, .player = (gint)self->current, .tile = t };
      carc_game_emit (self, &ev);
    }
  if (--self->draft_left > 0)
    {
      self->current = (self->current + self->n_players - 1) % self->n_players;
      return TRUE;
    }
  self->pool.len = 0;
  self->current = 0;
  begin_turn (self, FALSE);
  return TRUE;
}

/**
 * carc_game_get_pieces_at:
 * @self: a game
 * @x: column
 * @y: row
 * @info: (out caller-allocates) (array fixed-size=2): the pieces in that cell
 *
 * Returns: how many pieces the cell holds: 0, 1, or 2 (two half tiles)
 */
guint
carc_game_get_pieces_at (CarcGame *self, gint x, gint y, CarcPieceInfo info[2])
{
  const CarcCell *c = carc_board_cell (&self->board, x, y);
  guint n = 0;
  for (guint k = 0; c && k < 2 && c->piece[k]; k++)
    carc_game_get_piece (self, c->piece[k] - 1u, &info[n++]);
  return n;
}

/**
 * carc_game_list_pieces_at:
 * @self: a game
 * @x: column
 * @y: row
 * @n_pieces: (out): how many pieces the cell holds: 0, 1, or 2 (two half tiles)
 *
 * carc_game_get_pieces_at() for bindings: the pieces in a cell as a new array of copies
 * (carc_piece_info_copy()), %NULL-terminated.
 *
 * Returns: (transfer full) (array length=n_pieces): the pieces; free each with
 *   carc_piece_info_free(), then the array with g_free()
 */
CarcPieceInfo **
carc_game_list_pieces_at (CarcGame *self, gint x, gint y, guint *n_pieces)
{
  g_return_val_if_fail (CARC_IS_GAME (self), NULL);
  CarcPieceInfo info[2];
  guint n = carc_game_get_pieces_at (self, x, y, info);
  CarcPieceInfo **list = g_new0 (CarcPieceInfo *, n + 1);
  for (guint i = 0; i < n; i++)
    list[i] = carc_piece_info_copy (&info[i]);
  *n_pieces = n;
  return list;
}

/**
 * carc_game_is_occupied:
 * @self: a game
 * @x: column
 * @y: row
 *
 * Returns: %TRUE if the cell holds at least one piece (a full tile or one or two half tiles)
 */
gboolean
carc_game_is_occupied (CarcGame *self, gint x, gint y)
{
  const CarcCell *c = carc_board_cell (&self->board, x, y);
  return c && c->piece[0];
}

/**
 * carc_game_is_ending:
 * @self: a game
 *
 * Returns: %TRUE once the draw pile is empty and the end_turn hooks decide who plays
 */
gboolean
carc_game_is_ending (CarcGame *self)
{
  return self->ending;
}

/**
 * carc_game_has_expansion:
 *
 * Returns: %TRUE if the game uses the expansion called @name
 */
gboolean
carc_game_has_expansion (CarcGame *self, const char *name)
{
  for (guint i = 0; i < self->n_exp; i++)
    if (g_strcmp0 (self->exp[i].plugin->desc->name, name) == 0)
      return TRUE;
  return FALSE;
}

/**
 * carc_game_hand_can_place:
 * @self: a game
 * @player: a player
 * @shape: only pieces of this #CarcShape, or -1 for any
 *
 * Returns: %TRUE if @player holds such a piece and it has a legal placement now
 */
gboolean
carc_game_hand_can_place (CarcGame *self, guint player, gint shape)
{
  return player < self->n_players && hand_can_place (self, player, shape);
}

/**
 * carc_game_bury_next_tile:
 * @self: a game
 *
 * Puts the next tile of the draw pile face down out of the game (under a hill).
 */
void
carc_game_bury_next_tile (CarcGame *self)
{
  if (self->deck_pos < self->deck_len)
    self->deck_pos++;
}

/**
 * carc_game_get_n_pieces:
 *
 * Returns: how many pieces are on the board, the start tile included
 */
guint
carc_game_get_n_pieces (CarcGame *self)
{
  return self->n_pieces;
}

static void
fill_piece_info (CarcGame *g, guint index, CarcPieceInfo *info)
{
  const CarcPiece *p = &g->pieces[index];
  info->tile = p->type;
  info->x = p->x;
  info->y = p->y;
  info->rotation = p->rotation;
  info->player = p->player;
  info->index = index;
}

/**
 * carc_game_get_piece:
 * @self: a game
 * @index: pieces are numbered in the order they were placed; 0 is the start tile
 * @info: (out caller-allocates): the piece
 *
 * Returns: %TRUE if @index names a piece
 */
gboolean
carc_game_get_piece (CarcGame *self, guint index, CarcPieceInfo *info)
{
  if (index >= self->n_pieces)
    return FALSE;
  fill_piece_info (self, index, info);
  return TRUE;
}

/**
 * carc_game_get_piece_at:
 * @self: a game
 * @x: column
 * @y: row
 * @info: (out caller-allocates): the piece in that cell
 *
 * Returns: %TRUE if the cell holds a piece
 */
gboolean
carc_game_get_piece_at (CarcGame *self, gint x, gint y, CarcPieceInfo *info)
{
  const CarcCell *c = carc_board_cell (&self->board, x, y);
  if (!c || !c->piece[0])
    return FALSE;
  fill_piece_info (self, c->piece[0] - 1u, info);
  return TRUE;
}

/**
 * carc_game_get_bounds:
 * @self: a game
 * @min_x: (out): westmost column holding a piece
 * @min_y: (out): northmost row
 * @max_x: (out): eastmost column
 * @max_y: (out): southmost row
 */
void
carc_game_get_bounds (CarcGame *self, gint *min_x, gint *min_y, gint *max_x, gint *max_y)
{
  *min_x = self->board.min_x;
  *min_y = self->board.min_y;
  *max_x = self->board.max_x;
  *max_y = self->board.max_y;
}

/**
 * carc_game_get_feature:
 * @self: a game
 * @x: column of a piece
 * @y: row of a piece
 * @segment: a segment index on that piece's tile
 * @info: (out caller-allocates): the feature the segment belongs to
 *
 * Returns: %TRUE if (x, y) holds a piece with that segment
 */
gboolean
carc_game_get_feature (CarcGame *self, gint x, gint y, guint segment, CarcFeatureInfo *info)
{
  const CarcCell *c = carc_board_cell (&self->board, x, y);
  if (!c || !c->piece[0])
    return FALSE;
  return carc_game_get_piece_feature (self, c->piece[0] - 1u, segment, info);
}

/**
 * carc_game_get_piece_feature:
 * @self: a game
 * @piece: a piece's index (carc_game_get_piece())
 * @segment: a segment index on that piece's tile
 * @info: (out caller-allocates): the feature the segment belongs to
 *
 * Like carc_game_get_feature(), for either half tile of a cell.
 *
 * Returns: %TRUE if the piece has that segment
 */
gboolean
carc_game_get_piece_feature (CarcGame *self, guint piece, guint segment, CarcFeatureInfo *info)
{
  if (piece >= self->n_pieces)
    return FALSE;
  const CarcPiece *p = &self->pieces[piece];
  if (segment >= p->type->n_segments)
    return FALSE;
  CarcFeatures *f = &self->features;
  gint r = carc_features_find (f, (gint)(p->seg_base + segment));
  memset (info, 0, sizeof *info);
  info->id = (guint)r;
  info->kind = f->segs[r].kind;
  info->segments = f->segs[r].size;
  carc_score_measure (self, r, &info->units, &info->shields);
  switch (info->kind)
    {
      case CARC_FEATURE_ROAD:
      case CARC_FEATURE_CITY:
        info->open = (guint)MAX (0, f->segs[r].open);
        info->complete = f->segs[r].open == 0;
        break;
      case CARC_FEATURE_CLOISTER:
        info->open = 8 - carc_game_cloister_neighbours (self, p->x, p->y);
        info->complete = info->open == 0;
        break;
      case CARC_FEATURE_FIELD:
        break;
    }
  carc_game_count_followers (self, r, info->followers);
  return TRUE;
}

/**
 * carc_game_get_n_followers:
 * @self: a game
 *
 * Returns: how many followers are on the board (carc_game_get_follower() lists them in the
 *   order they were deployed)
 */
guint
carc_game_get_n_followers (CarcGame *self)
{
  guint n = 0;
  for (guint i = 0; i < self->n_followers; i++)
    n += self->followers[i].active;
  return n;
}

/**
 * carc_game_get_follower:
 * @self: a game
 * @index: 0 .. carc_game_get_n_followers() - 1
 * @info: (out caller-allocates): the follower
 *
 * Returns: %TRUE if @index names a follower on the board
 */
gboolean
carc_game_get_follower (CarcGame *self, guint index, CarcFollowerInfo *info)
{
  for (guint i = 0; i < self->n_followers; i++)
    {
      const CarcFollower *fw = &self->followers[i];
      if (!fw->active || index-- > 0)
        continue;
      const CarcSeg *s = &self->features.segs[fw->seg];
      const CarcPiece *p = &self->pieces[s->piece];
      info->player = fw->player;
      info->x = p->x;
      info->y = p->y;
      info->segment = s->local;
      info->kind = s->kind;
      info->piece = s->piece;
      return TRUE;
    }
  return FALSE;
}

/**
 * carc_game_get_moves:
 * @self: a game
 * @n_moves: (out): the number of moves
 *
 * Returns: (transfer none) (array length=n_moves): every move so far
 */
const CarcMove *
carc_game_get_moves (CarcGame *self, guint *n_moves)
{
  *n_moves = self->n_moves;
  return self->moves;
}

/**
 * carc_game_apply_move:
 * @move: a move
 * @error: return location for a #CarcError
 *
 * Makes a recorded move: carc_game_place(), carc_game_deploy(), ... as @move->type says.
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_apply_move (CarcGame *self, const CarcMove *move, GError **error)
{
  switch (move->type)
    {
      case CARC_MOVE_PLACE:
        return carc_game_place (self, move->x, move->y, move->rotation, error);
      case CARC_MOVE_DEPLOY:
        return carc_game_deploy (self, move->segment, error);
      case CARC_MOVE_SKIP:
        return carc_game_skip (self, error);
      case CARC_MOVE_DRAW:
        return carc_game_draw (self, error);
      case CARC_MOVE_PLACE_PIECE:
        return carc_game_place_piece (self, move->piece, move->x, move->y, move->rotation, error);
      case CARC_MOVE_PASS:
        return carc_game_pass (self, error);
      case CARC_MOVE_PICK:
        return carc_game_pick (self, move->piece, error);
    }
  g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "unknown move type %d",
               (int)move->type);
  return FALSE;
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
