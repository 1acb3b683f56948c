/* carc-game.c: a game's lifecycle, the turn state machine, the move log and queries. */
#include "config.h"

#include <string.h>
#include "carc-error.h"
#include "carc-game-private.h"

G_DEFINE_FINAL_TYPE (CarcGame, carc_game, G_TYPE_OBJECT)

static void begin_turn (CarcGame *g, gboolean advance);

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
  if (g->moves)
    g_array_unref (g->moves);
  g_clear_pointer (&g->config, carc_game_config_unref);
  G_OBJECT_CLASS (carc_game_parent_class)->finalize (object);
}

static void
carc_game_class_init (CarcGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = carc_game_finalize;
}

static void
carc_game_init (CarcGame *g)
{
}

const char *
carc_event_type_to_string (CarcEventType type)
{
  static const char *const names[]
      = { "turn-started",   "tile-discarded",    "tile-placed", "follower-deployed",
          "feature-scored", "follower-returned", "game-over" };
  return (guint)type < G_N_ELEMENTS (names) ? names[type] : "unknown";
}

void
carc_game_emit (CarcGame *g, CarcEvent *ev)
{
  if (!g->event_func)
    return;
  ev->turn = g->turn;
  ev->n_players = g->n_players;
  g->event_func (g, ev, g->event_data);
}

/* Emits @ev with where it happened filled in from segment @seg: tile, cell, rotation, the
 * segment's index, kind and location on the board. */
void
carc_game_emit_at (CarcGame *g, CarcEvent *ev, gint seg)
{
  const CarcSeg *s = &g->features.segs[seg];
  const CarcPiece *p = &g->pieces[s->piece];
  ev->tile = p->type;
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

/* Puts a square piece on the board and joins its segments with its neighbours'. Every port
 * that faces a placed piece is closed: joined with the segment facing it, or ended by a wall. */
static void
put_square (CarcGame *g, const CarcTileType *t, gint x, gint y, guint rot, gint player)
{
  if (g->n_pieces == g->cap_pieces)
    {
      g->cap_pieces = MAX (16u, g->cap_pieces * 2);
      g->pieces = g_renew (CarcPiece, g->pieces, g->cap_pieces);
    }
  guint pi = g->n_pieces++;
  CarcPiece *p = &g->pieces[pi];
  p->type = t;
  p->x = (gint16)x;
  p->y = (gint16)y;
  p->rotation = (guint8)rot;
  p->player = (gint8)player;
  p->seg_base = g->features.n;
  CarcFeatures *f = &g->features;
  g->n_touched = 0;
  for (guint s = 0; s < t->n_segments; s++)
    {
      const CarcSegmentDef *d = &t->seg[s];
      gboolean closable = d->kind == CARC_FEATURE_ROAD || d->kind == CARC_FEATURE_CITY;
      gint seg = carc_features_add (f, pi, s, d->kind, closable ? d->n_ports : 0);
      if (closable)
        g->touched[g->n_touched++] = seg;
    }
  carc_board_put_square (&g->board, x, y, pi, t, rot);

  for (guint s = 0; s < 4; s++)
    {
      const CarcCell *nc = carc_board_cell (&g->board, x + carc_side_dx[s], y + carc_side_dy[s]);
      if (!nc->piece[0])
        continue;
      const CarcPiece *q = &g->pieces[nc->piece[0] - 1];
      guint opp = (s + 2) & 3;
      const gint8 *mine = t->port[(s + 4 - rot) & 3];
      const gint8 *theirs = q->type->port[(opp + 4 - q->rotation) & 3];
      for (guint i = 0; i < 3; i++)
        {
          gint la = mine[i], lb = theirs[2 - i];
          gint a = la < 0 ? -1 : (gint)p->seg_base + la;
          gint b = lb < 0 ? -1 : (gint)q->seg_base + lb;
          if (a >= 0 && b >= 0)
            {
              gint r = carc_features_union (f, a, b);
              if (f->segs[r].kind != CARC_FEATURE_FIELD && f->segs[r].kind != CARC_FEATURE_CLOISTER)
                f->segs[r].open -= 2;
            }
          else if (a >= 0 || b >= 0)
            {
              gint r = carc_features_find (f, a >= 0 ? a : b);
              if (f->segs[r].kind == CARC_FEATURE_ROAD || f->segs[r].kind == CARC_FEATURE_CITY)
                {
                  f->segs[r].open -= 1;
                  if (b >= 0 && g->n_touched < G_N_ELEMENTS (g->touched))
                    g->touched[g->n_touched++] = r;
                }
            }
        }
    }
}

/* Lists every legal placement of the tile in play: the frontier cells bucket by bucket, each
 * with the rotations that meet its demand. carc_game_get_placement() uses the same order. */
static void
list_placements (CarcGame *g)
{
  const CarcTileType *t = g->tile;
  const CarcBoard *b = &g->board;
  if (g->n_placements > g->cap_placements)
    {
      g->cap_placements = MAX (g->n_placements, g->cap_placements * 2);
      g->placements = g_renew (CarcPlacement, g->placements, g->cap_placements);
    }
  CarcPlacement *out = g->placements;
  for (guint i = 0; i < b->n_present; i++)
    {
      guint d = b->present[i];
      guint fit = t->fit[d];
      if (!fit)
        continue;
      for (guint id = b->head[d]; id; id = b->nodes[id - 1].next)
        for (guint r = 0; r < 4; r++)
          if ((fit >> r) & 1)
            *out++ = (CarcPlacement){ b->nodes[id - 1].x, b->nodes[id - 1].y, r };
    }
  g_assert (out == g->placements + g->n_placements);
  g->placements_listed = TRUE;
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

/* Draws the next placeable tile for the current player; tiles that fit nowhere are
 * discarded and reported (rule 5, decision D3). An empty draw pile ends the game. */
static void
begin_turn (CarcGame *g, gboolean advance)
{
  if (advance)
    g->current = (g->current + 1) % g->n_players;
  g->n_deployments = 0;
  while (g->deck_pos < g->deck_len)
    {
      g->tile = g->deck[g->deck_pos++];
      g->n_placements = carc_board_count_square (&g->board, g->tile);
      g->placements_listed = FALSE;
      if (g->n_placements > 0)
        {
          g->turn++;
          g->phase = CARC_PHASE_PLACE;
          if (carc_game_wants_events (g))
            {
              CarcEvent ev = { .type = CARC_EVENT_TURN_STARTED,
                               .player = (gint)g->current,
                               .tile = g->tile };
              carc_game_emit (g, &ev);
            }
          return;
        }
      if (carc_game_wants_events (g))
        {
          CarcEvent ev
              = { .type = CARC_EVENT_TILE_DISCARDED, .player = (gint)g->current, .tile = g->tile };
          carc_game_emit (g, &ev);
        }
    }
  end_game (g);
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

  g->config = carc_game_config_ref ((CarcGameConfig *)config);
  g->n_players = config->n_players;
  for (guint p = 0; p < g->n_players; p++)
    g->supply[p] = config->followers;
  carc_rng_init (&g->rng, config->seed, 0x43415243u);

  guint deck_max
      = config->tile_order ? g_strv_length (config->tile_order) : carc_tile_set_get_n_tiles (tiles);
  if (deck_max >= CARC_MAX_PIECES)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "a game holds at most %d tiles, not %u", CARC_MAX_PIECES, deck_max + 1);
      return NULL;
    }
  if (config->tile_order)
    {
      guint n = deck_max;
      g->deck = g_new (const CarcTileType *, MAX (n, 1u));
      for (guint i = 0; i < n; i++)
        {
          const CarcTileType *t = carc_tile_set_lookup (tiles, config->tile_order[i]);
          if (!t || t->shape != CARC_SHAPE_SQUARE)
            {
              g_set_error (error, CARC_ERROR, CARC_ERROR_UNKNOWN_TILE,
                           "tile order entry %u: no land tile '%s' in the tile set", i,
                           config->tile_order[i]);
              return NULL;
            }
          g->deck[i] = t;
        }
      g->deck_len = n;
    }
  else
    {
      guint n = 0, cap = MAX (carc_tile_set_get_n_tiles (tiles), 1u);
      g->deck = g_new (const CarcTileType *, cap);
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
              g->deck[n++] = t;
            }
        }
      for (guint i = n; i > 1; i--) /* Fisher-Yates */
        {
          guint j = carc_rng_below (&g->rng, i);
          const CarcTileType *tmp = g->deck[i - 1];
          g->deck[i - 1] = g->deck[j];
          g->deck[j] = tmp;
        }
      g->deck_len = n;
    }

  guint est = (g->deck_len + 1) * 6;
  carc_board_init (&g->board);
  carc_features_init (&g->features, est);
  g->cap_followers = MAX (1u, g->n_players * config->followers);
  g->followers = g_new (CarcFollower, g->cap_followers);
  g->moves = g_array_sized_new (FALSE, FALSE, sizeof (CarcMove), 2 * (g->deck_len + 1));

  put_square (g, start, 0, 0, 0, -1);
  if (carc_game_wants_events (g))
    {
      CarcEvent ev = { .type = CARC_EVENT_TILE_PLACED, .player = -1, .tile = start };
      carc_game_emit (g, &ev);
    }
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
 * Returns: (transfer none): the config the game was created with
 */
const CarcGameConfig *
carc_game_get_config (CarcGame *self)
{
  return self->config;
}

CarcPhase
carc_game_get_phase (CarcGame *self)
{
  return self->phase;
}

guint
carc_game_get_n_players (CarcGame *self)
{
  return self->n_players;
}

guint
carc_game_get_current_player (CarcGame *self)
{
  return self->current;
}

guint
carc_game_get_turn (CarcGame *self)
{
  return self->turn;
}

/**
 * carc_game_get_current_tile:
 * Returns: (transfer none) (nullable): the tile in play, %NULL once the game is over
 */
const CarcTileType *
carc_game_get_current_tile (CarcGame *self)
{
  return self->phase == CARC_PHASE_OVER ? NULL : self->tile;
}

guint
carc_game_get_tiles_left (CarcGame *self)
{
  return self->deck_len - self->deck_pos;
}

guint
carc_game_get_score (CarcGame *self, guint player)
{
  return player < self->n_players ? self->score[player] : 0;
}

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
  if (self->placements_listed)
    {
      *placement = self->placements[index];
      return TRUE;
    }
  const CarcBoard *b = &self->board;
  for (guint i = 0; i < b->n_present; i++)
    {
      guint d = b->present[i];
      guint fit = self->tile->fit[d];
      guint per_cell = (guint)__builtin_popcount (fit);
      guint in_bucket = b->len[d] * per_cell;
      if (index >= in_bucket)
        {
          index -= in_bucket;
          continue;
        }
      guint id = b->head[d];
      for (guint skip = index / per_cell; skip > 0; skip--)
        id = b->nodes[id - 1].next;
      const CarcFrontierNode *cell = &b->nodes[id - 1];
      guint nth = index % per_cell;
      while (nth--)
        fit &= fit - 1;
      *placement = (CarcPlacement){ cell->x, cell->y, (guint)__builtin_ctz (fit) };
      return TRUE;
    }
  g_assert_not_reached ();
}

gboolean
carc_game_can_place (CarcGame *self, gint x, gint y, guint rotation)
{
  return self->phase == CARC_PHASE_PLACE
         && carc_board_square_fits (&self->board, x, y, self->tile, rotation);
}

static gboolean
check_phase (CarcGame *g, CarcPhase want, GError **error)
{
  if (g->phase == want)
    return TRUE;
  if (g->phase == CARC_PHASE_OVER)
    g_set_error (error, CARC_ERROR, CARC_ERROR_GAME_OVER, "the game is over");
  else if (want == CARC_PHASE_PLACE)
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE,
                 "the tile is already placed; deploy a follower or skip");
  else
    g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "place the tile first");
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
      g->deployments[g->n_deployments++]
          = (CarcDeployment){ s, d->kind,
                              carc_location_rotate (d->location, p->type->shape, p->rotation) };
    }
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
  if (!check_phase (self, CARC_PHASE_PLACE, error))
    return FALSE;
  if (rotation > 3)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "rotation must be 0 to 3, not %u", rotation);
      return FALSE;
    }
  if (x < G_MININT16 + 2 || x > G_MAXINT16 - 2 || y < G_MININT16 + 2 || y > G_MAXINT16 - 2
      || !carc_board_square_fits (&self->board, x, y, self->tile, rotation))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_PLACEMENT,
                   "tile %s cannot go at (%d, %d) with rotation %u", self->tile->id, x, y,
                   rotation);
      return FALSE;
    }
  put_square (self, self->tile, x, y, rotation, (gint)self->current);
  CarcMove m = { CARC_MOVE_PLACE, x, y, rotation, 0 };
  g_array_append_val (self->moves, m);
  self->phase = CARC_PHASE_DEPLOY;
  self->n_placements = 0;
  if (carc_game_wants_events (self))
    {
      CarcEvent ev = { .type = CARC_EVENT_TILE_PLACED,
                       .player = (gint)self->current,
                       .tile = self->tile,
                       .x = x,
                       .y = y,
                       .rotation = rotation };
      carc_game_emit (self, &ev);
    }
  compute_deployments (self);
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
  CarcMove m = { CARC_MOVE_DEPLOY, 0, 0, 0, segment };
  g_array_append_val (self->moves, m);
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
  if (!check_phase (self, CARC_PHASE_DEPLOY, error))
    return FALSE;
  CarcMove m = { CARC_MOVE_SKIP, 0, 0, 0, 0 };
  g_array_append_val (self->moves, m);
  self->n_deployments = 0;
  finish_turn (self);
  return TRUE;
}

guint
carc_game_get_n_pieces (CarcGame *self)
{
  return self->n_pieces;
}

static void
fill_piece_info (const CarcPiece *p, CarcPieceInfo *info)
{
  info->tile = p->type;
  info->x = p->x;
  info->y = p->y;
  info->rotation = p->rotation;
  info->player = p->player;
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
  fill_piece_info (&self->pieces[index], info);
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
  fill_piece_info (&self->pieces[c->piece[0] - 1], info);
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
  const CarcPiece *p = &self->pieces[c->piece[0] - 1];
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

/* The followers on the board (active ones), in the order they were deployed. */
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
  *n_moves = self->moves->len;
  return (const CarcMove *)(void *)self->moves->data;
}

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
