/* carc-game.c: a game's lifecycle and events, the turn state machine and the move log.
 * Creation: carc-game-new.c; the read-only queries: carc-game-query.c. */
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
static GQuark event_details[CARC_EVENT_POINTS_AWARDED + 1];

G_ALWAYS_INLINE static inline void begin_turn (CarcGame *g, gboolean advance);

/* carc_game_look_for_handlers() in a game that emits the "event" signal: whether it has a
 * handler now. */
void
carc_game_find_handlers (CarcGame *g)
{
  g->event_handlers = g_signal_handler_find (g, G_SIGNAL_MATCH_ID | G_SIGNAL_MATCH_UNBLOCKED,
                                             signals[SIGNAL_EVENT], 0, NULL, NULL, NULL)
                      != 0;
}

/* g_free() for the blocks a game often never makes (the hands, their listings, the marks):
 * a NULL costs no call through the PLT. */
static inline void
free_made (gpointer block)
{
  if (block)
    g_free (block);
}

/* free_made() for an array that may lie in the game's block (CarcGame.block). */
static inline void
free_own (CarcGame *g, gpointer array)
{
  if (!carc_game_in_block (g, array))
    free_made (array);
}

static void
carc_game_finalize (GObject *object)
{
  CarcGame *g = CARC_GAME (object);
  g->live = 0;
  if (g->event_destroy)
    g->event_destroy (g->event_data);
  carc_board_clear (&g->board);
  carc_features_clear (&g->features);
  free_own (g, g->pieces);
  free_own (g, g->followers);
  free_made (g->placements);
  free_own (g, g->deployments);
  g_free (g->deck);
  free_made (g->buried);
  free_made (g->deck_sections);
  free_own (g, g->unit_mark);
  free_own (g, g->seg_mark);
  free_own (g, g->moves);
  free_made (g->block);
  for (guint i = 0; i < g->n_exp; i++) /* hooks is NULL past a setup that failed */
    if (g->exp[i].hooks && g->exp[i].hooks->free_data && g->exp[i].data)
      g->exp[i].hooks->free_data (g->exp[i].data);
  free_made (g->exp);
  for (guint p = 0; p < CARC_MAX_PLAYERS; p++)
    free_made (g->hand[p].pieces);
  for (guint i = 0; i <= CARC_HAND_CACHE; i++)
    if (g->hand_lists[i].items) /* most are NULL: a game without hands makes none */
      free_own (g, g->hand_lists[i].items);
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
  g->live = CARC_GAME_LIVE;
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
      = { "turn-started",   "tile-discarded",    "tile-placed",   "follower-deployed",
          "feature-scored", "follower-returned", "game-over",     "tile-drawn",
          "piece-given",    "turn-passed",       "points-awarded" };
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

/* A follower-deployed or follower-returned event for the figure @fw. */
void
carc_game_emit_figure (CarcGame *g, CarcEventType type, const CarcFollower *fw)
{
  CarcEvent ev = { .type = type, .player = fw->player, .figure = fw->figure };
  carc_game_emit_at (g, &ev, fw->seg);
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

/* How many placements the tile in play has; one a hook asks about is listed too, as its count
 * costs a listing. */
static guint
count_placements (CarcGame *g)
{
  g->placements_listed = FALSE;
  if (carc_game_hooks_check (g, g->tile))
    return carc_game_list_placements (g);
  return carc_board_count_square (&g->board, g->tile);
}

/* Draws the next placeable tile; tiles that fit nowhere are discarded and reported (rule 5,
 * decision D3). Returns FALSE when the draw pile runs out first. */
G_ALWAYS_INLINE static inline gboolean
draw_tile (CarcGame *g)
{
  while (g->deck_pos < g->deck_len)
    {
      g->tile = g->deck[g->deck_pos++];
      g->n_placements = count_placements (g);
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

/* Tells the listeners that a turn started. Out of line: most games (bots, benches) have none. */
G_GNUC_NO_INLINE static void
emit_turn_started (CarcGame *g, CarcPhase phase)
{
  CarcEvent ev = { .type = CARC_EVENT_TURN_STARTED,
                   .player = (gint)g->current,
                   .tile = phase == CARC_PHASE_PLACE ? g->tile : NULL };
  carc_game_emit (g, &ev);
}

/* Inline, but its event is not: a turn's start is two stores in a game without listeners. */
static inline void
start_turn (CarcGame *g, CarcPhase phase)
{
  g->turn++;
  g->phase = phase;
  if (G_UNLIKELY (carc_game_wants_events (g)))
    emit_turn_started (g, phase);
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
      if (v >= CARC_END_OFFER && !carc_game_hand_placeable (g, g->current, -1))
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

/* Drops the figures that went home from the list of figures on the board, keeping the order
 * (the state hash reads it in order), so that the list holds the board's figures only and
 * carc_game_get_follower() finds one by its index. Called between turns, when no loop over
 * the list runs. */
void
carc_game_drop_returned (CarcGame *g)
{
  guint kept = 0;
  for (guint i = 0; i < g->n_followers; i++)
    if (g->followers[i].active)
      g->followers[kept++] = g->followers[i];
  g->n_followers = kept;
  g->followers_gone = FALSE;
}

/* Starts the next turn: the choose phase when the player may place a piece from the hand
 * instead of drawing; otherwise the tile is drawn at once. */
G_ALWAYS_INLINE static inline void
begin_turn (CarcGame *g, gboolean advance)
{
  if (g->followers_gone)
    carc_game_drop_returned (g);
  if (advance && !g->repeat_turn)
    {
      /* the next seat wraps to 0 by a mask, not `%`: a division the hand's load below waits on */
      guint next = g->current + 1;
      g->current = next & -(guint)(next < g->n_players);
    }
  g->repeat_turn = FALSE;
  g->n_deployments = 0;
  g->tile = NULL;
  g->hand_listed = 0;
  if (!g->ending && g->deck_pos < g->deck_len)
    {
      if (g->hand[g->current].len && g->deck_pos >= g->hands_wait
          && carc_game_hand_placeable (g, g->current, -1))
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

/* The game's first phase, once the start tile is down: an expansion's phase or the first
 * turn. */
void
carc_game_begin (CarcGame *g)
{
  if (!carc_game_claim_phase (g, CARC_PHASE_POINT_BEGIN, 0))
    carc_game_resume (g, CARC_PHASE_POINT_BEGIN);
}

/* What follows @point once no expansion holds a phase there. */
void
carc_game_resume (CarcGame *g, CarcPhasePoint point)
{
  begin_turn (g, point == CARC_PHASE_POINT_TURN_END);
}

static const CarcTileType *
hand_take (CarcHand *h, guint index)
{
  const CarcTileType *t = h->pieces[index];
  memmove (&h->pieces[index], &h->pieces[index + 1], (h->len - index - 1) * sizeof *h->pieces);
  h->len--;
  return t;
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
  g_return_if_fail (CARC_GAME_VALID (self));
  self->event_signals = enabled;
  carc_game_look_for_handlers (self);
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
  g_return_if_fail (CARC_GAME_VALID (self));
  if (self->event_destroy)
    self->event_destroy (self->event_data);
  self->event_func = func;
  self->event_data = user_data;
  self->event_destroy = destroy;
}

/* Makes room for one more move in the move log (carc_game_record()). */
void
carc_game_grow_moves (CarcGame *g)
{
  g->cap_moves = MAX (16u, g->cap_moves * 2);
  g->moves = carc_game_regrow (g, g->moves, g->n_moves, g->cap_moves, sizeof (CarcMove));
}

/* carc_game_record() of a built-in move, written in place in the log. */
static inline void
record (CarcGame *g, CarcMoveType type, gint x, gint y, guint rotation, guint segment, guint piece)
{
  if (G_UNLIKELY (g->n_moves == g->cap_moves))
    carc_game_grow_moves (g);
  g->moves[g->n_moves++] = (CarcMove){
    .type = type, .x = x, .y = y, .rotation = rotation, .segment = segment, .piece = piece
  };
}

/* carc_game_check_phase() when the phase is not @want: says why in @error. */
gboolean
carc_game_refuse_phase (CarcGame *g, CarcPhase want, GError **error)
{
  if (g->phase == CARC_PHASE_OVER)
    g_set_error (error, CARC_ERROR, CARC_ERROR_GAME_OVER, "the game is over");
  else if (g->phase == CARC_PHASE_PLUGIN)
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE,
                 "the %s phase of expansion %s is on; make one of its moves", g->phase_name,
                 carc_plugin_get_name (g->exp[g->phase_owner].plugin));
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

/* Whether a figure of kind @k may go on the feature at @root: a holding figure only where
 * nobody holds it (rule 8), one that goes along only where the current player does. */
static inline gboolean
may_join (CarcGame *g, guint k, gint root)
{
  if (!g->figures[k].accompanies)
    return g->features.segs[root].followers == 0;
  return carc_game_holds (g, root, g->current);
}

/* Whether kind @k stands on @segment of the piece just placed: its segment kind, or a
 * four-field corner there (CARC_STANDS_CORNER). */
static inline gboolean
stands_on (CarcGame *g, guint k, const CarcPiece *p, guint segment)
{
  guint32 stands = g->figures[k].stands;
  if ((stands >> p->type->seg[segment].kind) & 1)
    return TRUE;
  return (stands & CARC_STANDS_CORNER) && carc_game_at_corner (g, p, segment);
}

/* What the check_deploy hooks say of kind @k on @segment of the piece just placed: a veto of
 * any wins, then an allow. */
static CarcPlaceVerdict
hooks_deploy (CarcGame *g, guint k, guint segment)
{
  CarcPlaceVerdict v = CARC_PLACE_DEFAULT;
  for (guint i = carc_game_next_exp (g, g->deploy_exps, -1); i < g->n_exp;
       i = carc_game_next_exp (g, g->deploy_exps, (gint)i))
    if (g->exp[i].hooks->check_deploy)
      {
        CarcPlaceVerdict h = g->exp[i].hooks->check_deploy (g, g->exp[i].data, k, segment);
        if (h == CARC_PLACE_VETO)
          return h;
        if (h == CARC_PLACE_ALLOW)
          v = h;
      }
  return v;
}

/* compute_deployments() when the only kind in the supply is the core's follower (kind 0, which
 * holds), with no check_deploy hook and no corner to stand on: every segment of a kind it stands
 * on, on a feature nobody holds. Each is written, and counted only if it qualifies, without a
 * branch on whether the feature is held, which random games mispredict. */
static void
deploy_followers (CarcGame *g, const CarcPiece *p)
{
  const CarcTileType *t = p->type;
  CarcFeatures *f = &g->features;
  guint32 stands = g->figures[0].stands;
  guint n = 0;
  for (guint s = 0; s < t->n_segments; s++)
    {
      const CarcSegmentDef *d = &t->seg[s];
      g->deployments[n] = (CarcDeployment){
        .segment = s, .kind = d->kind, .location = d->turned[p->rotation], .figure = 0
      };
      gint r = carc_features_find (f, (gint)(p->seg_base + s));
      n += ((stands >> d->kind) & 1) & (f->segs[r].followers == 0);
    }
  g->n_deployments = n;
}

/* The (figure kind, segment) pairs the current player may deploy: segments in order, kinds in
 * the game's order; only kinds left in the supply (rule 15), on the segment kinds they stand
 * on (fields only with farmers), as the check_deploy hooks and the holding rule say. */
static void
compute_deployments (CarcGame *g)
{
  const CarcPiece *p = &g->pieces[g->n_pieces - 1];
  CarcFeatures *f = &g->features;
  g->n_deployments = 0;
  /* kind 0, the follower, is in every game */
  guint kinds = g->supply[0][g->current] > 0;
  for (guint k = 1; k < g->n_figures; k++)
    kinds |= (g->supply[k][g->current] > 0) << k;
  if (kinds == 0)
    return;
  if (kinds == 1 && !(g->hook_mask & CARC_HOOK_DEPLOY)
      && !(g->figures[0].stands & CARC_STANDS_CORNER) && !g->figures[0].accompanies)
    {
      deploy_followers (g, p);
      return;
    }
  for (guint s = 0; s < p->type->n_segments; s++)
    {
      const CarcSegmentDef *d = &p->type->seg[s];
      gint r = -1;
      for (guint left = kinds; left; left &= left - 1)
        {
          guint k = (guint)__builtin_ctz (left);
          if (!stands_on (g, k, p, s))
            continue;
          if (r < 0)
            r = carc_features_find (f, (gint)(p->seg_base + s));
          CarcPlaceVerdict v
              = (g->hook_mask & CARC_HOOK_DEPLOY) ? hooks_deploy (g, k, s) : CARC_PLACE_DEFAULT;
          if (v == CARC_PLACE_VETO || (v == CARC_PLACE_DEFAULT && !may_join (g, k, r)))
            continue;
          g->deployments[g->n_deployments++] = (CarcDeployment){
            .segment = s, .kind = d->kind, .location = d->turned[p->rotation], .figure = k
          };
        }
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
      for (guint i = carc_game_next_exp (g, g->placed_exps, -1); i < g->n_exp;
           i = carc_game_next_exp (g, g->placed_exps, (gint)i))
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

/* CARC_ERROR_ILLEGAL_PLACEMENT for @t (a "tile" in play or a "piece" from the hand) at
 * (x, y), with the reason of the hook that vetoed it, if one did and gave one. */
static void
refuse_placement (CarcGame *g, const char *what, const CarcTileType *t, gint x, gint y,
                  guint rotation, GError **error)
{
  const char *reason = carc_game_piece_refusal (g, t, x, y, rotation);
  g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_PLACEMENT,
               "%s %s cannot go at (%d, %d) with rotation %u%s%s", what, t->id, x, y, rotation,
               reason ? ": " : "", reason ? reason : "");
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
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  carc_game_look_for_handlers (self);
  if (!carc_game_check_phase (self, CARC_PHASE_PLACE, error))
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
      refuse_placement (self, "tile", self->tile, x, y, rotation, error);
      return FALSE;
    }
  record (self, CARC_MOVE_PLACE, x, y, rotation, 0, 0);
  place_and_report (self, self->tile, x, y, rotation);
  return TRUE;
}

/**
 * carc_game_repeat_turn: (skip)
 * @self: a game, inside a move (a hook of an expansion, or the apply hook of its move)
 *
 * Gives the current player one more turn part (ABI 2.1) once the current one is over: after
 * its scoring (and any phase an expansion holds at the turn's end), the same player draws or
 * chooses, places and deploys again, instead of the next player. Calls within one turn part
 * count once; what may trigger a further part is the calling expansion's rule. When the
 * draw pile is empty, the end of the game decides as always, starting with this player.
 */
void
carc_game_repeat_turn (CarcGame *self)
{
  g_return_if_fail (CARC_IS_GAME (self));
  g_return_if_fail (self->phase != CARC_PHASE_OVER);
  self->repeat_turn = TRUE;
}

G_ALWAYS_INLINE static inline void
finish_turn (CarcGame *g)
{
  carc_score_turn (g);
  /* The figures scored went home: drop them now, so that the turn_scored hooks' walks over
   * the figures (carc_game_get_follower() by index) need not count the gaps each call. */
  if (g->followers_gone)
    carc_game_drop_returned (g);
  if (g->hook_mask & CARC_HOOK_TURN_SCORED)
    for (guint i = carc_game_next_exp (g, g->scored_exps, -1); i < g->n_exp;
         i = carc_game_next_exp (g, g->scored_exps, (gint)i))
      if (g->exp[i].hooks->turn_scored)
        g->exp[i].hooks->turn_scored (g, g->exp[i].data);
  if (!carc_game_claim_phase (g, CARC_PHASE_POINT_TURN_END, 0))
    begin_turn (g, TRUE);
}

/* Why figure kind @figure may not go on @segment of the piece just placed. */
static void
refuse_deployment (CarcGame *g, guint figure, guint segment, GError **error)
{
  const CarcPiece *p = &g->pieces[g->n_pieces - 1];
  const CarcGameFigure *k = &g->figures[figure];
  if (segment >= p->type->n_segments)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT, "tile %s has no segment %u",
                   p->type->id, segment);
      return;
    }
  CarcFeatureKind kind = p->type->seg[segment].kind;
  const char *what = carc_feature_kind_to_string (kind);
  if (kind == CARC_FEATURE_FIELD && !g->config->rules[CARC_RULE_FARMERS])
    g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                 "farmers are not used in this game");
  else if (kind == CARC_FEATURE_WATER)
    g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                 "no follower stands on water (segment %u)", segment);
  else if ((k->stands & CARC_STANDS_CORNER) && !((k->stands >> kind) & 1))
    g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                 "a %s stands only at a corner where four fields meet; segment %u has none",
                 k->name, segment);
  else if (!((k->stands >> kind) & 1))
    g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT, "a %s cannot stand on a %s",
                 k->name, what);
  else if (g->hook_mask & CARC_HOOK_DEPLOY)
    g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                 "a %s may not go on segment %u (a %s) now", k->name, segment, what);
  else if (k->accompanies)
    g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                 "a %s goes only into a %s player %u holds; segment %u's is not", k->name, what,
                 g->current, segment);
  else
    g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                 "the %s of segment %u already holds a follower", what, segment);
}

/**
 * carc_game_deploy:
 * @self: a game
 * @figure: the figure kind: #CARC_FIGURE_FOLLOWER, or an expansion's
 *   (carc_game_find_figure())
 * @segment: the segment's index on the tile just placed, as listed with @figure by
 *   carc_game_get_deployments()
 * @error: return location for a #CarcError
 *
 * Puts one of the current player's figures of kind @figure on @segment, then scores what the
 * tile completed and starts the next turn.
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_deploy (CarcGame *self, guint figure, guint segment, GError **error)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  carc_game_look_for_handlers (self);
  if (!carc_game_check_phase (self, CARC_PHASE_DEPLOY, error))
    return FALSE;
  if (figure >= self->n_figures)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "figure kind %u: the game has %u", figure, self->n_figures);
      return FALSE;
    }
  const CarcGameFigure *k = &self->figures[figure];
  if (self->supply[figure][self->current] == 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_NO_FOLLOWER, "player %u has no %s in the supply",
                   self->current, k->name);
      return FALSE;
    }
  const CarcDeployment *d = NULL;
  for (guint i = 0; i < self->n_deployments && !d; i++)
    if (self->deployments[i].segment == segment && self->deployments[i].figure == figure)
      d = &self->deployments[i];
  if (!d)
    {
      refuse_deployment (self, figure, segment, error);
      return FALSE;
    }
  const CarcPiece *p = &self->pieces[self->n_pieces - 1];
  record (self, CARC_MOVE_DEPLOY, 0, 0, 0, segment, 0);
  self->moves[self->n_moves - 1].figure = figure == CARC_FIGURE_FOLLOWER ? NULL : k->name;
  self->n_deployments = 0;
  carc_game_add_follower (self, self->current, figure, (gint)(p->seg_base + segment));
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
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  carc_game_look_for_handlers (self);
  if (!carc_game_check_phase (self, CARC_PHASE_DEPLOY, error))
    return FALSE;
  record (self, CARC_MOVE_SKIP, 0, 0, 0, 0, 0);
  self->n_deployments = 0;
  finish_turn (self);
  return TRUE;
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
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  carc_game_look_for_handlers (self);
  if (!carc_game_check_phase (self, CARC_PHASE_CHOOSE, error))
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
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  carc_game_look_for_handlers (self);
  if (!carc_game_check_phase (self, CARC_PHASE_CHOOSE, error))
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
 * carc_game_place_piece:
 * @self: a game
 * @index: a piece of the current player's hand
 * @x: column
 * @y: row
 * @rotation: clockwise quarter turns (a triangular piece: 0 holds the north-east corner of its
 *   cell, 1 the south-east, 2 the south-west, 3 the north-west)
 * @error: return location for a #CarcError
 *
 * In the choose phase, places a piece from the hand instead of drawing (a piece an
 * expansion dealt). Then the player may deploy on it, as after carc_game_place().
 *
 * Returns: %TRUE on success; on failure nothing changed
 */
gboolean
carc_game_place_piece (CarcGame *self, guint index, gint x, gint y, guint rotation, GError **error)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  carc_game_look_for_handlers (self);
  if (!carc_game_check_phase (self, CARC_PHASE_CHOOSE, error)
      || !check_hand_index (self, index, error))
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
      refuse_placement (self, "piece", t, x, y, rotation, error);
      return FALSE;
    }
  record (self, CARC_MOVE_PLACE_PIECE, x, y, rotation, 0, index);
  hand_take (&self->hand[self->current], index);
  self->tile = t;
  place_and_report (self, t, x, y, rotation);
  return TRUE;
}

/**
 * carc_game_give_piece: (skip)
 * @self: a game
 * @player: a player
 * @tile: (transfer none): a tile type the game has room for (carc_setup_reserve())
 *
 * Puts @tile into @player's hand during the game (from a move's apply hook: a face-up piece
 * the player takes), and reports it (#CARC_EVENT_PIECE_GIVEN). Each call uses one piece of
 * the room the setup hooks reserved: a tile with no room left is a bug, refused with a
 * critical warning.
 */
void
carc_game_give_piece (CarcGame *self, guint player, const CarcTileType *tile)
{
  g_return_if_fail (CARC_GAME_VALID (self));
  g_return_if_fail (player < self->n_players && tile != NULL);
  g_return_if_fail (self->reserved_pieces > 0 && self->reserved_segments >= tile->n_segments);
  g_return_if_fail (self->hand[player].len < CARC_MAX_PIECES);
  self->reserved_pieces--;
  self->reserved_segments -= tile->n_segments;
  carc_hand_add (&self->hand[player], tile);
  self->hand_listed = 0;
  if (carc_game_wants_events (self))
    {
      CarcEvent ev = { .type = CARC_EVENT_PIECE_GIVEN, .player = (gint)player, .tile = tile };
      carc_game_emit (self, &ev);
    }
}

/**
 * carc_game_bury_next_tile:
 * @self: a game
 *
 * Puts the next tile of the draw pile face down out of the game (an expansion's rule that buries
 * one).
 */
void
carc_game_bury_next_tile (CarcGame *self)
{
  g_return_if_fail (CARC_GAME_VALID (self));
  if (self->deck_pos >= self->deck_len)
    return;
  if (!self->buried)
    self->buried = g_new (guint16, self->deck_len);
  self->buried[self->n_buried++] = (guint16)self->deck_pos++;
}

/**
 * carc_game_random:
 * @self: a game
 * @bound: the number of outcomes
 *
 * A number drawn from the game's own seeded generator, the one that shuffled the draw pile
 * and that carc_setup_random() draws from: for a hook that needs chance after setup (a
 * plugin's own draw, a die). Seed and moves replay every draw, so records and journals
 * replay the game exactly, as long as each draw follows from the moves alone: call it from
 * hooks the moves alone call (setup, placed, the scoring hooks, end_turn), never from those
 * that queries call too: check_place, called when and as often as placements are listed
 * (there it refuses, returning 0), and counting_unit, called by feature queries. The
 * generator's state is in the state hash.
 *
 * Returns: a number in [0, @bound); 0 if @bound is 0
 */
guint
carc_game_random (CarcGame *self, guint bound)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), 0);
  g_return_val_if_fail (!self->in_check_place, 0);
  return carc_rng_draw_below (&self->rng, bound);
}
