/* carc-score.c: scoring completed features during the game and everything at the end
 * (doc/rules.md section 7, rules 16-35; decision D2 for fields). */
#include "config.h"

#include <string.h>
#include "carc-game-private.h"

/* Starts a new marking round; the mark arrays grow with the board, and whenever one is
 * reallocated (or the epoch wraps) both are cleared so no stale mark survives. */
static void
next_epoch (CarcGame *g)
{
  gboolean reset = ++g->epoch == 0;
  if (g->mark_cap_units < g->n_pieces || g->mark_cap_segs < g->features.n)
    {
      g->mark_cap_units = MAX (g->n_pieces, g->mark_cap_units * 2);
      g->mark_cap_segs = MAX (g->features.n, g->mark_cap_segs * 2);
      g->unit_mark = g_renew (guint, g->unit_mark, g->mark_cap_units);
      g->seg_mark = g_renew (guint, g->seg_mark, g->mark_cap_segs);
      reset = TRUE;
    }
  if (reset)
    {
      memset (g->unit_mark, 0, g->mark_cap_units * sizeof (guint));
      memset (g->seg_mark, 0, g->mark_cap_segs * sizeof (guint));
      g->epoch = 1;
    }
}

static guint
hook_unit (CarcGame *g, guint piece, guint unit)
{
  CarcPieceInfo info;
  carc_game_get_piece (g, piece, &info);
  for (guint i = 0; i < g->n_exp; i++)
    if (g->exp[i].hooks->counting_unit)
      unit = g->exp[i].hooks->counting_unit (g, g->exp[i].data, &info, unit);
  return MIN (unit, g->n_pieces - 1);
}

/* Distinct counting units (tiles) and shields of the feature at @root: two segments of one
 * city on one tile count that tile once (rule 20); shields count per segment (rule 21). */
void
carc_score_measure (CarcGame *g, gint root, guint *units, guint *shields)
{
  CarcSeg *segs = g->features.segs;
  guint u = 0, sh = 0;
  next_epoch (g);
  gint s = root;
  do
    {
      guint unit = carc_game_unit_of_piece (g, segs[s].piece);
      if (g->hook_mask & CARC_HOOK_UNIT)
        unit = hook_unit (g, segs[s].piece, unit);
      if (g->unit_mark[unit] != g->epoch)
        {
          g->unit_mark[unit] = g->epoch;
          u++;
        }
      sh += g->pieces[segs[s].piece].type->seg[segs[s].local].shields;
      s = segs[s].next;
    }
  while (s != root);
  *units = u;
  *shields = sh;
}

/* Completed cities bordering the field at @root, each counted once (rules 29-32). */
static guint
field_cities (CarcGame *g, gint root)
{
  CarcFeatures *f = &g->features;
  guint n = 0;
  next_epoch (g);
  gint s = root;
  do
    {
      const CarcPiece *p = &g->pieces[f->segs[s].piece];
      guint borders = p->type->seg[f->segs[s].local].borders;
      while (borders)
        {
          guint ci = (guint)__builtin_ctz (borders);
          borders &= borders - 1;
          gint rc = carc_features_find (f, (gint)(p->seg_base + ci));
          if (f->segs[rc].open == 0 && g->seg_mark[rc] != g->epoch)
            {
              g->seg_mark[rc] = g->epoch;
              n++;
            }
        }
      s = f->segs[s].next;
    }
  while (s != root);
  return n;
}

static guint
feature_points (CarcGame *g, gint root, gboolean final, guint *units, guint *shields)
{
  CarcSeg *r = &g->features.segs[root];
  *units = *shields = 0;
  switch ((CarcFeatureKind)r->kind)
    {
      case CARC_FEATURE_ROAD:
        carc_score_measure (g, root, units, shields);
        return *units; /* rule 18 */
      case CARC_FEATURE_CITY:
        carc_score_measure (g, root, units, shields);
        return final ? *units + *shields : 2 * (*units + *shields); /* rules 19, 22 */
      case CARC_FEATURE_CLOISTER:
        {
          const CarcPiece *p = &g->pieces[r->piece];
          *units = 1 + carc_game_cloister_neighbours (g, p->x, p->y);
          return *units; /* rules 23, 24 */
        }
      case CARC_FEATURE_FIELD:
        *units = field_cities (g, root);
        return 3 * *units; /* rule 29 */
      case CARC_FEATURE_WATER:
        return 0; /* water is never scored by the base rules (doc/tile-data.md) */
    }
  return 0;
}

/* The feature as the score and tie_break hooks see it. */
static void
describe (CarcGame *g, gint root, gboolean final, guint units, guint shields, guint points,
          CarcScoring *sc)
{
  const CarcSeg *r = &g->features.segs[root];
  const CarcPiece *p = &g->pieces[r->piece];
  *sc = (CarcScoring){ .kind = r->kind,
                       .final = final,
                       .x = p->x,
                       .y = p->y,
                       .piece = r->piece,
                       .segment = r->local,
                       .units = units,
                       .shields = shields,
                       .points = points };
  if (r->kind == CARC_FEATURE_CLOISTER)
    sc->complete = units == 9;
  else if (r->kind != CARC_FEATURE_FIELD)
    sc->complete = r->open == 0;
}

/* Scores the feature at @root for the majority (ties score in full, rule 25), then returns
 * its followers (rule 27). */
static void
score_feature (CarcGame *g, gint root, gboolean final)
{
  guint count[CARC_MAX_PLAYERS];
  guint best = carc_game_count_followers (g, root, count);
  CarcFeatures *f = &g->features;
  if (best == 0)
    return;
  guint units, shields;
  guint pts = feature_points (g, root, final, &units, &shields);
  guint winners = 0;
  for (guint p = 0; p < g->n_players; p++)
    if (count[p] == best)
      winners |= 1u << p;
  if (g->hook_mask & (CARC_HOOK_SCORE | CARC_HOOK_TIE))
    {
      CarcScoring sc;
      describe (g, root, final, units, shields, pts, &sc);
      for (guint i = 0; i < g->n_exp; i++)
        if (g->exp[i].hooks->score)
          g->exp[i].hooks->score (g, g->exp[i].data, &sc);
      pts = sc.points;
      for (guint i = 0; i < g->n_exp && __builtin_popcount (winners) > 1; i++)
        if (g->exp[i].hooks->tie_break)
          {
            guint w = g->exp[i].hooks->tie_break (g, g->exp[i].data, &sc, winners) & winners;
            winners = w ? w : winners;
          }
    }
  CarcEvent ev = { .type = CARC_EVENT_FEATURE_SCORED, .player = -1, .final = final };
  for (guint p = 0; p < g->n_players; p++)
    if ((winners >> p) & 1)
      {
        g->score[p] += pts;
        ev.points[p] = pts;
      }
  if (carc_game_wants_events (g))
    carc_game_emit_at (g, &ev, root);
  for (guint i = 0; i < g->n_followers; i++)
    {
      CarcFollower *fw = &g->followers[i];
      if (fw->active && carc_features_find (f, fw->seg) == root)
        {
          fw->active = FALSE;
          g->supply[fw->player]++;
          g->monks_out -= f->segs[fw->seg].kind == CARC_FEATURE_CLOISTER;
          if (carc_game_wants_events (g))
            carc_game_emit_segment (g, CARC_EVENT_FOLLOWER_RETURNED, fw->player, fw->seg);
        }
    }
  f->segs[root].followers = 0;
}

/* Scores what the tile just placed completed (rule 2 step 3; place-then-complete, rule 10). */
void
carc_score_turn (CarcGame *g)
{
  CarcFeatures *f = &g->features;
  for (guint i = 0; i < g->n_touched; i++)
    {
      gint r = carc_features_find (f, g->touched[i]);
      if (f->segs[r].open == 0 && f->segs[r].followers > 0)
        score_feature (g, r, FALSE);
    }
  /* Occupied cloisters in the 3x3 block around the tile (rule 23). */
  if (g->monks_out == 0)
    return;
  const CarcPiece *placed = &g->pieces[g->n_pieces - 1];
  for (guint i = 0; i < g->n_followers; i++)
    {
      const CarcFollower *fw = &g->followers[i];
      if (!fw->active || f->segs[fw->seg].kind != CARC_FEATURE_CLOISTER)
        continue;
      const CarcPiece *p = &g->pieces[f->segs[fw->seg].piece];
      if (ABS (p->x - placed->x) <= 1 && ABS (p->y - placed->y) <= 1
          && carc_game_cloister_neighbours (g, p->x, p->y) == 8)
        score_feature (g, fw->seg, FALSE);
    }
}

/* Final scoring (rule 35): incomplete roads, cities and cloisters, then fields. */
void
carc_score_final (CarcGame *g)
{
  static const CarcFeatureKind order[]
      = { CARC_FEATURE_ROAD, CARC_FEATURE_CITY, CARC_FEATURE_CLOISTER, CARC_FEATURE_FIELD };
  CarcFeatures *f = &g->features;
  for (guint k = 0; k < G_N_ELEMENTS (order); k++)
    for (guint i = 0; i < g->n_followers; i++)
      {
        CarcFollower *fw = &g->followers[i];
        if (!fw->active || f->segs[fw->seg].kind != order[k])
          continue;
        score_feature (g, carc_features_find (f, fw->seg), TRUE);
      }
}
