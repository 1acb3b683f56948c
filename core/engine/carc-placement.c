/* carc-placement.c: where a piece may go, and joining a placed piece's segments with its
 * neighbours' (doc/rules.md rules 3, 4; triangular pieces section 3.2; walls D9). Square tiles
 * drawn in a game without placement hooks take the fast path of carc-board.h instead; both agree.
 */
#include "config.h"

#include "carc-game-private.h"

/* The piece whose edge lies on side @side of cell (x, y), and that edge's side on the piece
 * (its local side). Returns -1 when the cell is empty or a triangular gap lies there. */
static gint
piece_on_side (CarcGame *g, gint x, gint y, guint side, guint *local)
{
  const CarcCell *c = carc_board_cell (&g->board, x, y);
  if (!c)
    return -1;
  for (guint k = 0; k < 2 && c->piece[k]; k++)
    {
      const CarcPiece *p = &g->pieces[c->piece[k] - 1];
      guint l = (side + 4 - p->rotation) & 3;
      if (p->type->shape == CARC_SHAPE_SQUARE || l <= 1)
        {
          *local = l;
          return c->piece[k] - 1;
        }
    }
  return -1;
}

/* The triangular piece alone in (x, y), or -1. */
static gint
lone_half (const CarcGame *g, const CarcCell *c)
{
  if (!c->piece[0] || c->piece[1])
    return -1;
  const CarcPiece *p = &g->pieces[c->piece[0] - 1];
  return p->type->shape == CARC_SHAPE_HALF ? c->piece[0] - 1 : -1;
}

static gboolean
edges_match (gint mine, gint theirs)
{
  return mine == theirs || mine == CARC_EDGE_WALL || theirs == CARC_EDGE_WALL;
}

/* Whether the check_place hook @h wants to be asked about @t (see CarcHooks.check_place_tag). */
static gboolean
hook_asks (const CarcHooks *h, const CarcTileType *t)
{
  return h->check_place && (!h->check_place_tag || carc_tile_type_find_tag (t, h->check_place_tag));
}

/* Makes @t the type asked about (CarcGame.asking_type), with the @mask of expansions whose
 * check_place hook asks about it and the most occupied neighbours they @near. */
static inline void
ask_about (CarcGame *g, const CarcTileType *t, guint32 mask, guint near)
{
  g->asking_type = t;
  g->asking_mask = mask;
  g->asking_near = near;
}

/* TRUE when the expansions whose check_place hook asks about @t are known without a walk over
 * the hooks, and then makes @t the type asked about (CarcGame.asking_type): the type asked
 * about last, a type without tags (CarcGame.untagged_mask), or one remembered in
 * CarcGame.asked. Inline: a listing of the hand's pieces asks about each in turn. */
static inline gboolean
asking_known (CarcGame *g, const CarcTileType *t)
{
  if (t == g->asking_type)
    return TRUE;
  guint32 mask;
  guint near;
  if (t->n_tags == 0)
    {
      mask = g->untagged_mask;
      near = g->untagged_near;
    }
  else
    {
      const CarcAskedType *a = &g->asked[t->index % CARC_ASKED_TYPES];
      if (a->type != t)
        return FALSE;
      mask = a->mask;
      near = a->near;
    }
  ask_about (g, t, mask, near);
  return TRUE;
}

/* The expansions whose check_place hook wants to be asked about @t, bit i for expansion i;
 * remembered for the last type asked about, since a listing asks about one type many times
 * (a tag lookup compares strings), and for a few types before (CarcGame.asked). Past 32
 * expansions, the rest are always asked. */
static guint32
hooks_asking_compute (CarcGame *g, const CarcTileType *t)
{
  CarcAskedType *a = &g->asked[t->index % CARC_ASKED_TYPES];
  if (a->type != t)
    {
      a->type = t;
      a->mask = 0;
      a->near = 0;
      for (guint i = carc_game_next_exp (g, g->place_exps, -1); i < MIN (g->n_exp, 32u);
           i = carc_game_next_exp (g, g->place_exps, (gint)i))
        if (hook_asks (g->exp[i].hooks, t))
          {
            a->mask |= 1u << i;
            a->near = MAX (a->near, MIN (g->exp[i].hooks->check_place_near, 4u));
          }
    }
  ask_about (g, t, a->mask, a->near);
  return a->mask;
}

static inline guint32
hooks_asking (CarcGame *g, const CarcTileType *t)
{
  if (!(g->hook_mask & CARC_HOOK_CHECK_PLACE))
    return 0;
  return G_LIKELY (asking_known (g, t)) ? g->asking_mask : hooks_asking_compute (g, t);
}

gboolean
carc_game_hooks_ask (CarcGame *g, const CarcTileType *t)
{
  if (hooks_asking (g, t))
    return TRUE;
  for (guint i = 32; i < g->n_exp; i++)
    if (hook_asks (g->exp[i].hooks, t))
      return TRUE;
  return FALSE;
}

/* The hooks' verdict; on a veto, @reason (unless NULL) gets the vetoing hook's reason. */
static CarcPlaceVerdict
ask_hooks (CarcGame *g, const CarcTileType *t, gint x, gint y, guint rot, const char **reason)
{
  CarcPlaceVerdict v = CARC_PLACE_DEFAULT;
  guint32 mask = hooks_asking (g, t);
  for (guint i = 0; i < g->n_exp; i++)
    if (i < 32 ? ((mask >> i) & 1) != 0 : hook_asks (g->exp[i].hooks, t))
      {
        const char *why = NULL;
        g->in_check_place = TRUE;
        CarcPlaceVerdict h = g->exp[i].hooks->check_place (g, g->exp[i].data, t, x, y, rot, &why);
        g->in_check_place = FALSE;
        if (h == CARC_PLACE_VETO)
          {
            if (reason)
              *reason = why;
            return h;
          }
        if (h == CARC_PLACE_ALLOW)
          v = h;
      }
  return v;
}

/* The one expansion whose check_place hook asks about @t, or NULL when none or several do
 * (or past 32 expansions): a listing then calls that hook alone, as ask_hooks() would. */
static const CarcGameExpansion *
lone_asker (CarcGame *g, const CarcTileType *t)
{
  guint32 mask = hooks_asking (g, t);
  if (g->n_exp > 32 || !mask || (mask & (mask - 1)))
    return NULL;
  return &g->exp[__builtin_ctz (mask)];
}

/* TRUE when @e's check_place hook vetoes @t turned by @rot at (x, y): ask_hooks() with that
 * hook alone asking. */
static inline gboolean
lone_veto (CarcGame *g, const CarcGameExpansion *e, const CarcTileType *t, gint x, gint y,
           guint rot)
{
  const char *why = NULL;
  g->in_check_place = TRUE;
  CarcPlaceVerdict h = e->hooks->check_place (g, e->data, t, x, y, rot, &why);
  g->in_check_place = FALSE;
  return h == CARC_PLACE_VETO;
}

/* TRUE when a piece of @t turned by @rot may go at (x, y): the cell (or its free half) is
 * free, every edge that touches a piece matches it, a triangular piece's long side matches the
 * other half's, and (unless a hook allows it) some edge continues the landscape (a neighbour's edge
 * that is not a wall, or the other half's long side); no hook vetoes. A hook's veto leaves its
 * reason in @reason, unless that is NULL. */
static gboolean
fits (CarcGame *g, const CarcTileType *t, gint x, gint y, guint rot, gboolean asked,
      const char **reason)
{
  if (rot > 3 || x < G_MININT16 + 2 || x > G_MAXINT16 - 2 || y < G_MININT16 + 2
      || y > G_MAXINT16 - 2)
    return FALSE;
  const CarcCell *c = carc_board_cell (&g->board, x, y);
  if (!c)
    return FALSE;
  gboolean contact = FALSE;
  /* An empty frontier cell's demand rules out most rotations at once: a side it demands is a
   * real edge (not a wall, not a gap) that must match. */
  if (!c->piece[0] && c->slot)
    {
      guint d = g->board.frontier[c->slot - 1].demand;
      if (d && !((t->fit[d] >> rot) & 1))
        return FALSE;
    }
  if (t->shape == CARC_SHAPE_SQUARE || !c->piece[0])
    {
      /* An empty cell must at least lie next to the landscape (the frontier), whatever a
       * hook allows. */
      if (c->piece[0] || !c->slot)
        return FALSE;
    }
  else if (c->piece[0])
    {
      gint other = lone_half (g, c);
      if (other < 0 || g->pieces[other].rotation != ((rot + 2) & 3))
        return FALSE;
      if (!edges_match (t->edge[2], g->pieces[other].type->edge[2]))
        return FALSE;
      contact = TRUE;
    }
  for (guint s = 0; s < 4; s++)
    {
      gint mine = carc_board_edge_on_side (t, rot, s);
      if (mine < 0)
        continue;
      guint local;
      gint q = piece_on_side (g, x + carc_side_dx[s], y + carc_side_dy[s], (s + 2) & 3, &local);
      if (q < 0)
        continue;
      gint theirs = g->pieces[q].type->edge[local];
      if (!edges_match (mine, theirs))
        return FALSE;
      /* A wall facing the cell closes what meets it but continues nothing: as in the fast
       * path, whose demand leaves walls out. */
      contact |= theirs != CARC_EDGE_WALL;
    }
  CarcPlaceVerdict v = asked ? ask_hooks (g, t, x, y, rot, reason) : CARC_PLACE_DEFAULT;
  if (v == CARC_PLACE_VETO)
    return FALSE;
  return contact || v == CARC_PLACE_ALLOW;
}

gboolean
carc_game_piece_fits (CarcGame *g, const CarcTileType *t, gint x, gint y, guint rot)
{
  return fits (g, t, x, y, rot, carc_game_hooks_check (g, t), NULL);
}

const char *
carc_game_piece_refusal (CarcGame *g, const CarcTileType *t, gint x, gint y, guint rot)
{
  const char *reason = NULL;
  if (!carc_game_hooks_check (g, t) || fits (g, t, x, y, rot, TRUE, &reason))
    return NULL;
  return reason;
}

static guint
rotations_of (const CarcTileType *t)
{
  return t->all_walls ? 1 : 4;
}

/* Frontier cell by frontier cell, the rotations of @t that the fit table alone decides, in
 * order: its fit for the cell's demand, and with @legs only those legs[demand] holds too.
 * Inline: each caller below gets a loop of its own. */
G_ALWAYS_INLINE static inline guint
enumerate_fit (const CarcBoard *b, const CarcTileType *t, const guint8 *legs, CarcPlacement *out,
               guint max)
{
  guint n = 0;
  for (guint i = 0; i < b->n_frontier; i++)
    {
      const CarcFrontierNode *cell = &b->frontier[i];
      guint fit = t->fit[cell->demand];
      if (legs)
        fit &= legs[cell->demand];
      for (; fit; fit &= fit - 1)
        {
          if (out)
            out[n] = (CarcPlacement){ .x = cell->x,
                                      .y = cell->y,
                                      .rotation = (guint)__builtin_ctz (fit) };
          if (++n == max)
            return n;
        }
    }
  return n;
}

/* carc_game_enumerate() for a square tile no hook asks about: each frontier cell's rotations
 * are its demand's fit, in order (what the general walk below gives such a tile, faster: the
 * listing every move list and every bot's turn makes). */
static guint
enumerate_square (const CarcBoard *b, const CarcTileType *t, CarcPlacement *out, guint max)
{
  return enumerate_fit (b, t, NULL, out, max);
}

/* legs[d]: the rotations r of a triangular piece one of whose legs (board sides r and r + 1)
 * meets a side that demand @d names (a neighbour's edge, neither a wall nor a gap). Made once. */
static const guint8 *
demand_legs (void)
{
  static guint8 legs[CARC_DEMAND_VALUES];
  static gsize made = 0;
  if (g_once_init_enter (&made))
    {
      for (guint d = 0; d < CARC_DEMAND_VALUES; d++)
        {
          guint sides = 0;
          for (guint side = 0; side < 4; side++)
            sides |= (d / carc_demand_weight[side]) % 5 ? 1u << side : 0;
          legs[d] = (guint8)(sides | (sides >> 1) | ((sides & 1) << 3));
        }
      g_once_init_leave (&made, 1);
    }
  return legs;
}

/* The frontier part of carc_game_enumerate() for a triangular piece no hook asks about, the
 * hands' half tiles listed at every turn: in an empty cell its legs (board sides r and r + 1)
 * must match the demand, which the fit table says, and one of them must meet a demanded side
 * (a neighbour's edge that is neither a wall nor a gap: demand_legs()). */
static guint
enumerate_half_frontier (const CarcBoard *b, const CarcTileType *t, CarcPlacement *out, guint max)
{
  return enumerate_fit (b, t, demand_legs (), out, max);
}

/* Every placement of @t: the frontier cells in frontier order, then (for a triangular piece) the
 * free halves of half-filled cells. Writes them to @out unless it is NULL; returns how many, or
 * stops at @max. */
guint
carc_game_enumerate (CarcGame *g, const CarcTileType *t, CarcPlacement *out, guint max)
{
  const CarcBoard *b = &g->board;
  guint n = 0, nrot = rotations_of (t);
  gboolean asked = carc_game_hooks_check (g, t);
  if (t->shape == CARC_SHAPE_SQUARE && !asked)
    return enumerate_square (b, t, out, max);
  /* a hand's abbey or a river tile: one hook asks, called straight */
  const CarcGameExpansion *one = asked ? lone_asker (g, t) : NULL;
  /* Cells with fewer occupied neighbours than a hook needs are vetoed: not asked about. */
  guint near = asked && (g->hook_mask & CARC_HOOK_PLACE_NEAR) ? g->asking_near : 0;
  guint n_cells = near && !carc_board_has_near (b, near) ? 0 : b->n_frontier;
  if (t->shape == CARC_SHAPE_HALF && !asked)
    {
      n = enumerate_half_frontier (b, t, out, max);
      if (n == max)
        return n;
      n_cells = 0; /* the frontier is done: on to the free halves */
    }
  for (guint i = 0; i < n_cells; i++)
    {
      if (b->frontier[i].near < near)
        continue;
      guint d = b->frontier[i].demand;
      gint x = b->frontier[i].x, y = b->frontier[i].y;
      /* A square tile on a cell that demands something: the fit table says which rotations
       * match and share an edge; only the hooks may still veto. A cell that demands nothing
       * touches only walls or triangular gaps: a square fits there only if a hook allows it,
       * so only then (and for triangular pieces) does it take the full check. */
      gboolean quick = t->shape == CARC_SHAPE_SQUARE && (d != 0 || !asked);
      /* For a triangular piece asked about by a hook the fit table still says which rotations'
       * legs match (the full check follows); with no demand, a hook may allow any. */
      guint fit = quick || d != 0 ? t->fit[d] : (1u << nrot) - 1;
      for (guint r = 0; fit >> r; r++)
        {
          if (!((fit >> r) & 1))
            continue;
          if (quick ? asked
                          && (one ? lone_veto (g, one, t, x, y, r)
                                  : ask_hooks (g, t, x, y, r, NULL) == CARC_PLACE_VETO)
                    : !fits (g, t, x, y, r, asked, NULL))
            continue;
          if (out)
            out[n] = (CarcPlacement){ .x = x, .y = y, .rotation = r };
          if (++n == max)
            return n;
        }
    }
  if (t->shape != CARC_SHAPE_HALF)
    return n;
  for (guint pi = 0; pi < g->n_pieces; pi++)
    {
      const CarcPiece *p = &g->pieces[pi];
      if (p->type->shape != CARC_SHAPE_HALF
          || lone_half (g, carc_board_cell (b, p->x, p->y)) != (gint)pi)
        continue;
      guint r = (p->rotation + 2) & 3;
      if (fits (g, t, p->x, p->y, r, asked, NULL))
        {
          if (out)
            out[n] = (CarcPlacement){ .x = p->x, .y = p->y, .rotation = r };
          if (++n == max)
            return n;
        }
    }
  return n;
}

/* roads and cities close: their open ports count down */
#define CLOSABLE ((1u << CARC_FEATURE_ROAD) | (1u << CARC_FEATURE_CITY))

/* Joins the three ports of one edge with the three of the edge facing it (clockwise on both,
 * so port i meets port 2 - i). A port with a segment facing a wall (or a wall facing a
 * segment) closes that segment's road or city. */
static void
join_ports (CarcGame *g, const CarcPiece *p, const gint8 *mine, const CarcPiece *q,
            const gint8 *theirs)
{
  CarcFeatures *f = &g->features;
  gint last_a = -1, last_b = -1, r = -1;
  for (guint i = 0; i < 3; i++)
    {
      gint la = mine[i], lb = theirs[2 - i];
      if (la >= 0 && lb >= 0)
        {
          gint a = (gint)p->seg_base + la, b = (gint)q->seg_base + lb;
          /* A city edge's three ports join the same two segments: one union for all. */
          if (a != last_a || b != last_b)
            {
              r = carc_features_union (f, a, b);
              last_a = a;
              last_b = b;
            }
          if ((CLOSABLE >> f->segs[r].kind) & 1)
            f->segs[r].open -= 2;
        }
      else if (la >= 0 || lb >= 0)
        {
          gint end
              = carc_features_find (f, la >= 0 ? (gint)p->seg_base + la : (gint)q->seg_base + lb);
          if ((CLOSABLE >> f->segs[end].kind) & 1)
            {
              f->segs[end].open -= 1;
              if (lb >= 0 && g->n_touched < G_N_ELEMENTS (g->touched))
                g->touched[g->n_touched++] = end;
            }
        }
    }
}

/* Joins side @l of the piece @p with side @local of the piece @q facing it. When each run of
 * one segment on @p's side meets a run on @q's and gaps meet gaps (the common case: the same
 * edge on both), a run takes the one union join_ports() gives it; otherwise port by port. */
G_ALWAYS_INLINE static inline void
join_edges (CarcGame *g, const CarcPiece *p, guint l, const CarcPiece *q, guint local)
{
  const CarcSideRuns *m = &p->type->runs[l], *o = &q->type->runs[local];
  if (G_UNLIKELY (m->form != o->mirror))
    {
      join_ports (g, p, p->type->port[l], q, q->type->port[local]);
      return;
    }
  CarcFeatures *f = &g->features;
  for (guint i = 0; i < m->n; i++)
    {
      gint r
          = carc_features_union (f, (gint)p->seg_base + m->seg[i], (gint)q->seg_base + o->rseg[i]);
      /* roads and cities close (the other kinds' open stays 0): by the run's count, made with
       * the tile type (a feature's segments are all of one kind), not by the joined root's
       * kind, a load that waits on the union */
      f->segs[r].open -= m->closes[i];
    }
}

/* The offset of the cell on board side @s of a cell: N -w, E +1, S +w, W -1. Computed, not
 * chosen by a branch on the side, which random placements mispredict (nor a table to fill each
 * call). */
static inline gint
neighbour_offset (const CarcBoard *b, guint s)
{
  gint across = -(gint)(s & 1);                      /* E, W: -1 */
  gint step = ((gint)b->w & ~across) | (1 & across); /* w, or 1 across */
  gint back = (gint)(((s + 1) >> 1) & 1) - 1;        /* N, W: -1 */
  return (step ^ back) - back;
}

/* Joins the sides of the piece @p just put into the cell @here that face a piece (@facing: bit
 * l for its own side l), in their order, with the edges they face. */
static void
join_neighbours (CarcGame *g, const CarcPiece *p, const CarcCell *here, guint facing)
{
  const CarcBoard *b = &g->board;
  /* The board has room around the piece's cell @here (carc_board_put()): each neighbour's cell
   * is at a fixed offset. A square there is the common case; halves take the general test. */
  for (; facing; facing &= facing - 1)
    {
      guint l = (guint)__builtin_ctz (facing), s = (l + p->rotation) & 3, local;
      const CarcCell *n = here + neighbour_offset (b, s);
      const CarcPiece *pq = &g->pieces[n->piece[0] - 1];
      if (pq->type->shape == CARC_SHAPE_SQUARE)
        local = (s + 6 - pq->rotation) & 3;
      else
        {
          /* triangular pieces there: the one whose edge lies on this side, if one does */
          gint q = piece_on_side (g, p->x + carc_side_dx[s], p->y + carc_side_dy[s], (s + 2) & 3,
                                  &local);
          if (q < 0)
            continue;
          pq = &g->pieces[q];
        }
      join_edges (g, p, l, pq, local);
    }
}

/* Puts a piece on the board and joins its segments with its neighbours'. Every port that
 * faces a placed piece is closed: joined with the segment facing it, or ended by a wall; a
 * port facing an empty cell or a triangular gap stays open. Returns the piece's index. */
guint
carc_game_put_piece (CarcGame *g, const CarcTileType *t, gint x, gint y, guint rot, gint player)
{
  if (g->n_pieces == g->cap_pieces)
    {
      g->cap_pieces = MAX (16u, g->cap_pieces * 2);
      g->pieces = carc_game_regrow (g, g->pieces, g->n_pieces, g->cap_pieces, sizeof (CarcPiece));
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
  carc_features_reserve (f, t->n_segments);
  carc_features_add_piece (f, pi, t->seg_init, t->n_segments);
  /* the roads and cities, in order, are touched: their completion is checked at scoring */
  g->n_touched = t->n_closable;
  for (guint i = 0; i < t->n_closable; i++)
    g->touched[i] = (gint)p->seg_base + t->closable[i];
  /* a triangular piece may join the other half of its cell: found before the cell takes it */
  gint other = -1;
  if (t->shape == CARC_SHAPE_HALF)
    {
      const CarcCell *c = carc_board_cell (&g->board, x, y);
      other = c ? lone_half (g, c) : -1;
    }
  CarcCell *cell;
  guint taken = carc_board_put (&g->board, x, y, pi, t, rot, &cell);
  if (g->hook_mask & CARC_HOOK_PLACE_NEAR)
    carc_board_count_near (&g->board, x, y);
  /* the piece's own sides (local side l on board side l + rot) that face a piece: the board
   * sides turned back by rot (a 4-bit rotation, by a shift of the sides written twice) */
  guint facing = ((taken | taken << 4) >> rot) & (t->shape == CARC_SHAPE_SQUARE ? 15u : 3u);
  if (facing)
    join_neighbours (g, p, cell, facing);
  if (other >= 0)
    join_edges (g, p, 2, &g->pieces[other], 2);
  return pi;
}
