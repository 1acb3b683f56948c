/* carc-score.c: scoring completed features during the game and everything at the end
 * (doc/rules.md section 7, rules 16-35; decision D2 for fields). */
#include "config.h"

#include <string.h>
#include "carc-game-private.h"

/* Starts a new marking round; the mark arrays come with the game's block, zeroed, with room
 * for every piece and segment the game has room for (a copy's are not cleared until its first
 * round: its epoch wraps there; many copies never score), so they grow in play only past
 * that, and whenever one is reallocated (or the epoch wraps) both are cleared so no stale
 * mark survives. */
static void
next_epoch (CarcGame *g)
{
  gboolean reset = ++g->epoch == 0;
  if (g->mark_cap_units < g->n_pieces || g->mark_cap_segs < g->features.n)
    {
      g->mark_cap_units = MAX (MAX (g->n_pieces, g->cap_pieces), g->mark_cap_units * 2);
      g->mark_cap_segs = MAX (MAX (g->features.n, g->features.cap), g->mark_cap_segs * 2);
      g->unit_mark = carc_game_regrow (g, g->unit_mark, 0, g->mark_cap_units, sizeof (guint));
      g->seg_mark = carc_game_regrow (g, g->seg_mark, 0, g->mark_cap_segs, sizeof (guint));
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
      const CarcTileType *t = g->pieces[segs[s].piece].type;
      guint unit = carc_game_unit_of_piece (g, segs[s].piece);
      if (g->hook_mask & CARC_HOOK_UNIT)
        unit = hook_unit (g, segs[s].piece, unit);
      u += g->unit_mark[unit] != g->epoch; /* no branch: a random feature decides it */
      g->unit_mark[unit] = g->epoch;
      sh += t->seg[segs[s].local].shields;
      s = segs[s].next;
    }
  while (s != root);
  *units = u;
  *shields = sh;
}

/* The bordering city segments field_cities() gathers before it looks at their features. */
#define CARC_FIELD_CANDIDATES 64

/* Counts the completed cities among the @n city segments at @cand not counted yet in this
 * marking round (a city marked, complete or not, is counted no more); their roots appended
 * to @roots unless it is NULL. No branch on what a random game decides. */
static guint
count_cities (CarcGame *g, const gint *cand, guint n, GArray *roots)
{
  CarcFeatures *f = &g->features;
  guint counted = 0;
  for (guint i = 0; i < n; i++)
    {
      gint rc = carc_features_find (f, cand[i]);
      guint fresh = (f->segs[rc].open == 0) & (g->seg_mark[rc] != g->epoch);
      g->seg_mark[rc] = g->epoch;
      counted += fresh;
      if (G_UNLIKELY (roots != NULL)) /* the field scorings of rule options only */
        g_array_append_vals (roots, &rc, fresh);
    }
  return counted;
}

/* Completed cities bordering the field at @root, each counted once (rules 29-32); their
 * roots appended to @roots unless it is NULL. The walk over the field's ring only gathers the
 * city segments its segments border (the first two of each without a branch), and
 * count_cities() looks at them after: no branch in the walk on what a random game decides. */
static guint
field_cities (CarcGame *g, gint root, GArray *roots)
{
  CarcFeatures *f = &g->features;
  gint cand[CARC_FIELD_CANDIDATES + CARC_MAX_SEGMENTS];
  guint n = 0, nc = 0;
  next_epoch (g);
  gint s = root;
  do
    {
      const CarcPiece *p = &g->pieces[f->segs[s].piece];
      guint borders = p->type->seg[f->segs[s].local].borders;
      guint rest = borders & (borders - 1);
      gint base = (gint)p->seg_base;
      /* bit 16 stands for none: its candidate is written but not counted */
      cand[nc] = base + __builtin_ctz (borders | 0x10000u);
      nc += borders != 0;
      cand[nc] = base + __builtin_ctz (rest | 0x10000u);
      nc += rest != 0;
      for (rest &= rest - 1; G_UNLIKELY (rest); rest &= rest - 1)
        cand[nc++] = base + __builtin_ctz (rest);
      if (G_UNLIKELY (nc >= CARC_FIELD_CANDIDATES))
        {
          n += count_cities (g, cand, nc, roots);
          nc = 0;
        }
      s = f->segs[s].next;
    }
  while (s != root);
  return n + count_cities (g, cand, nc, roots);
}

/* The most items base_items() makes (a city's tiles and shields). */
#define CARC_BASE_ITEMS 2

/* The engine's items of the feature at @root, the same for every winner (rules 18-24, 29),
 * into @out, and how many: its units and shields go into @sc; an item that counts nothing is
 * left out (a field that borders no completed city scores no "cities"). */
static guint
base_items (CarcGame *g, gint root, CarcScoring *sc, CarcScoreItem out[CARC_BASE_ITEMS])
{
  CarcScoreItem *it = out;
  switch (sc->kind)
    {
      case CARC_FEATURE_ROAD:
        carc_score_measure (g, root, &sc->units, &sc->shields);
        *it++ = (CarcScoreItem){ "tiles", sc->units, sc->units }; /* rule 18 */
        break;
      case CARC_FEATURE_CITY:
        {
          carc_score_measure (g, root, &sc->units, &sc->shields);
          guint each = sc->final ? 1 : 2; /* rules 19, 22 */
          if (!sc->final && sc->units == 2 && g->config->rules[CARC_RULE_TINY_CITY] == 2)
            each = 1; /* the rule option tiny-city-scoring=2 (D37) */
          *it++ = (CarcScoreItem){ "tiles", sc->units, each * sc->units };
          if (sc->shields)
            *it++ = (CarcScoreItem){ "shields", sc->shields, each * sc->shields }; /* rule 21 */
          break;
        }
      case CARC_FEATURE_CLOISTER:
        sc->units = 1 + carc_game_cloister_neighbours (g, sc->x, sc->y);
        *it++ = (CarcScoreItem){ "tiles", sc->units, sc->units }; /* rules 23, 24 */
        break;
      case CARC_FEATURE_FIELD:
        sc->units = field_cities (g, root, NULL);
        if (sc->units)
          *it++ = (CarcScoreItem){ "cities", sc->units, 3 * sc->units }; /* rule 29 */
        break;
      case CARC_FEATURE_WATER:
        break; /* water is never scored by the base rules (doc/tile-data.md) */
    }
  return (guint)(it - out);
}

/* The feature at @root as the scoring hooks see it, with no strengths and no items yet. Only
 * the members the hooks may read are written: the record is a kilobyte, and scoring runs for
 * every completed feature. */
static void
describe (CarcGame *g, gint root, gboolean final, CarcScoring *sc)
{
  const CarcSeg *r = &g->features.segs[root];
  const CarcPiece *p = &g->pieces[r->piece];
  sc->kind = r->kind;
  sc->final = final;
  sc->x = p->x;
  sc->y = p->y;
  sc->piece = r->piece;
  sc->segment = r->local;
  sc->units = sc->shields = 0;
  sc->n_players = g->n_players;
  sc->winners = 0;
  memset (sc->strength, 0, sizeof sc->strength);
  for (guint i = 0; i < CARC_MAX_PLAYERS; i++) /* all of them: six stores, no loop */
    sc->points[i].n_items = 0;
}

/* The indices of a feature's figures in the list, as strengths() found them, for
 * return_followers(): n is G_MAXUINT when they were not all kept. */
#define CARC_HOLDERS 8
typedef struct
{
  guint n;
  guint n_followers; /* the list's length then: a figure added since is not among them */
  guint index[CARC_HOLDERS];
} CarcHolders;

/* Every player's strength in the feature at @root: the sum of its figures' strengths there,
 * each its kind's static strength or what its strength hook says of @sc (measured already).
 * Points never grow with strength: only the majority reads it (D14). The figures before index
 * @from stand elsewhere (final scoring knows it). The figures found go into @found. */
static void
strengths (CarcGame *g, gint root, guint from, CarcScoring *sc, CarcHolders *found)
{
  /* without figures that go along, the feature's holders are all its figures: stop at the last */
  guint left = g->companions ? G_MAXUINT : g->features.segs[root].followers;
  found->n = g->companions || left > CARC_HOLDERS ? G_MAXUINT : 0;
  found->n_followers = g->n_followers;
  for (guint i = from; i < g->n_followers && left; i++)
    {
      const CarcFollower *fw = &g->followers[i];
      if (!fw->active || carc_features_find (&g->features, fw->seg) != root)
        continue;
      left--;
      if (found->n < CARC_HOLDERS)
        found->index[found->n++] = i;
      const CarcGameFigure *k = &g->figures[fw->figure];
      if (G_LIKELY (!k->strength_func))
        sc->strength[fw->player] += k->strength;
      else
        sc->strength[fw->player]
            += k->strength_func (g, k->exp >= 0 ? g->exp[k->exp].data : NULL, sc, fw->player);
    }
}

/* The majority: the players of the greatest strength, if it is above 0 (rule 25: ties score
 * in full); then the tie_break hooks may narrow a tie. */
static void
majority (CarcGame *g, CarcScoring *sc)
{
  guint best = 0, winners = 0; /* in one walk: the best so far, and who has it */
  for (guint p = 0; p < sc->n_players; p++)
    if (sc->strength[p] > best)
      {
        best = sc->strength[p];
        winners = 1u << p;
      }
    else if (sc->strength[p] == best)
      winners |= 1u << p;
  sc->winners |= best ? winners : 0;
  for (guint i = 0;
       i < g->n_exp && (g->hook_mask & CARC_HOOK_TIE) && __builtin_popcount (sc->winners) > 1; i++)
    if (g->exp[i].hooks->tie_break)
      {
        guint w = g->exp[i].hooks->tie_break (g, g->exp[i].data, sc, sc->winners) & sc->winners;
        sc->winners = w ? w : sc->winners;
      }
}

/* Stage ADJUST, then stage OVERRIDE, each in hook order (doc/plugin-guide.md, "Scoring"). */
static void
run_stages (CarcGame *g, CarcScoring *sc)
{
  if (g->hook_mask & CARC_HOOK_SCORE)
    for (guint i = 0; i < g->n_exp; i++)
      if (g->exp[i].hooks->score_adjust)
        g->exp[i].hooks->score_adjust (g, g->exp[i].data, sc);
  if (g->hook_mask & CARC_HOOK_OVERRIDE)
    for (guint i = 0; i < g->n_exp; i++)
      if (g->exp[i].hooks->score_override)
        g->exp[i].hooks->score_override (g, g->exp[i].data, sc);
}

static void
tell_completed (CarcGame *g, const CarcScoring *sc)
{
  for (guint i = 0; i < g->n_exp; i++)
    if (g->exp[i].hooks->feature_completed)
      g->exp[i].hooks->feature_completed (g, g->exp[i].data, sc);
}

/* Every player scores the sum of its items; the feature-scored event reports them. */
static void
pay (CarcGame *g, gint root, CarcScoring *sc)
{
  guint points[CARC_MAX_PLAYERS];
  for (guint p = 0; p < g->n_players; p++)
    {
      guint pts = 0;
      for (guint i = 0; i < sc->points[p].n_items; i++)
        pts += sc->points[p].items[i].points;
      g->score[p] += pts;
      points[p] = pts;
    }
  if (!carc_game_wants_events (g))
    return; /* the event is a hundred bytes to fill */
  CarcEvent ev = {
    .type = CARC_EVENT_FEATURE_SCORED, .player = -1, .final = sc->final, .items = sc->points
  };
  memcpy (ev.points, points, g->n_players * sizeof points[0]);
  carc_game_emit_at (g, &ev, root);
}

/* Counts a figure leaving the cloister segment @seg, and forgets its cell
 * (CarcGame.monk_cells). */
static void
monk_leaves (CarcGame *g, gint seg)
{
  guint n = g->monks_out--;
  if (g->monk_cells_lost)
    {
      g->monk_cells_lost = g->monks_out > 0; /* none left: the cells are all known again */
      return;
    }
  const CarcPiece *p = &g->pieces[g->features.segs[seg].piece];
  for (guint i = 0; i < n; i++)
    if (g->monk_cells[i][0] == p->x && g->monk_cells[i][1] == p->y)
      {
        memcpy (g->monk_cells[i], g->monk_cells[n - 1], sizeof g->monk_cells[i]);
        return;
      }
}

/* One figure goes back to its kind's supply (rule 27). */
void
carc_score_return_follower (CarcGame *g, CarcFollower *fw)
{
  CarcFeatures *f = &g->features;
  fw->active = FALSE;
  g->followers_gone = TRUE;
  g->supply[fw->figure][fw->player]++;
  if (!g->figures[fw->figure].accompanies)
    {
      if (fw->monk)
        monk_leaves (g, fw->seg);
      f->segs[carc_features_find (f, fw->seg)].followers--;
    }
  if (carc_game_wants_events (g))
    carc_game_emit_figure (g, CARC_EVENT_FOLLOWER_RETURNED, fw);
}

/* The figures of the feature at @root, of every kind, go back to their kinds' supplies
 * (rule 27); those before index @from stand elsewhere. */
static void
return_followers (CarcGame *g, gint root, guint from)
{
  CarcFeatures *f = &g->features;
  guint left = g->companions ? G_MAXUINT : f->segs[root].followers; /* as in strengths() */
  for (guint i = from; i < g->n_followers && left; i++)
    {
      CarcFollower *fw = &g->followers[i];
      if (fw->active && carc_features_find (f, fw->seg) == root)
        {
          carc_score_return_follower (g, fw);
          left--;
        }
    }
  f->segs[root].followers = 0;
}

/* return_followers() for the figures strengths() found there (@found), when it kept them all
 * and none came since: a figure's feature stays, and one that went home is inactive. */
static void
return_holders (CarcGame *g, gint root, guint from, const CarcHolders *found)
{
  if (found->n == G_MAXUINT || found->n_followers != g->n_followers)
    {
      return_followers (g, root, from);
      return;
    }
  CarcFeatures *f = &g->features;
  for (guint k = 0; k < found->n; k++)
    {
      CarcFollower *fw = &g->followers[found->index[k]];
      if (fw->active && carc_features_find (f, fw->seg) == root)
        carc_score_return_follower (g, fw);
    }
  f->segs[root].followers = 0;
}

/* Field scoring of the 2nd edition (rule option field-scoring=2, RULES-next 8.4): each winner
 * scores 3 per completed city of the field it has not scored from another field yet. */
static void
second_edition_items (CarcGame *g, gint root, CarcScoring *sc)
{
  g_autoptr (GArray) cities = g_array_new (FALSE, FALSE, sizeof (gint));
  field_cities (g, root, cities);
  for (guint p = 0; p < g->n_players; p++)
    {
      if (!((sc->winners >> p) & 1))
        continue;
      guint fresh = 0;
      for (guint i = 0; i < cities->len; i++)
        {
          guint32 *mark = &g->city_scored[g_array_index (cities, gint, i)];
          fresh += !(*mark & (1u << p));
          *mark |= 1u << p;
        }
      sc->points[p].n_items = 0;
      if (fresh)
        carc_scoring_add_item (sc, p, "cities", fresh, 3 * fresh);
    }
}

/* Scores the feature at @root: its measure, the strengths and from them the majority, the
 * engine's items for each winner, the score stages, the points, then the feature_completed
 * hooks (a feature completed during the game, held or not: nobody holding it scores nothing),
 * then, if it was held, its figures go home, whoever won: when every strength is 0 nobody
 * scores and the figures still go home (D24), unless @keep (carc_game_score_feature()). No
 * figure before index @from stands on it. */
static void
score_feature_from (CarcGame *g, gint root, guint from, gboolean final, gboolean complete,
                    gboolean keep)
{
  CarcScoring sc;
  CarcScoreItem base[CARC_BASE_ITEMS];
  CarcHolders found;
  describe (g, root, final, &sc);
  sc.complete = complete;
  guint n_base = base_items (g, root, &sc, base);
  gboolean held = g->features.segs[root].followers > 0;
  if (held)
    strengths (g, root, from, &sc, &found);
  majority (g, &sc);
  if (sc.winners)
    {
      for (guint p = 0; p < g->n_players; p++)
        if ((sc.winners >> p) & 1)
          {
            /* all the room, whatever is used: a copy of known size, made without a call */
            sc.points[p].n_items = n_base;
            memcpy (sc.points[p].items, base, sizeof base);
          }
      if (sc.kind == CARC_FEATURE_FIELD && g->city_scored)
        second_edition_items (g, root, &sc);
      run_stages (g, &sc);
    }
  /* A held feature nobody wins (every strength 0, D24) is reported as scored with 0 points. */
  if (held)
    pay (g, root, &sc);
  if (complete && !final && !keep && (g->hook_mask & CARC_HOOK_COMPLETED))
    tell_completed (g, &sc);
  if (held && !keep)
    return_holders (g, root, from, &found);
}

/* score_feature_from() for a feature whose figures may stand anywhere in the list. */
static void
score_feature (CarcGame *g, gint root, gboolean final, gboolean complete, gboolean keep)
{
  score_feature_from (g, root, 0, final, complete, keep);
}

/* Whether the feature at @root was listed in touched[] before index @i (a tile may touch one
 * feature through several segments). */
static gboolean
touched_before (CarcGame *g, guint i, gint root)
{
  for (guint j = 0; j < i; j++)
    if (carc_features_find (&g->features, g->touched[j]) == root)
      return TRUE;
  return FALSE;
}

/* Whether piece @index's tile has a cloister (most have none: they are passed over without a
 * call). */
static inline gboolean
has_cloister (const CarcGame *g, guint index)
{
  return (g->pieces[index].type->kinds & (1u << CARC_FEATURE_CLOISTER)) != 0;
}

/* Scores the cloister of piece @index (a tile with one) if it is complete and nobody holds it. */
static void
complete_free_cloister_of (CarcGame *g, guint index)
{
  const CarcPiece *p = &g->pieces[index];
  for (guint s = 0; s < p->type->n_segments; s++)
    {
      gint seg = (gint)(p->seg_base + s);
      if (p->type->seg[s].kind == CARC_FEATURE_CLOISTER && g->features.segs[seg].followers == 0
          && carc_game_cloister_neighbours (g, p->x, p->y) == 8)
        score_feature (g, seg, FALSE, TRUE, FALSE);
    }
}

/* complete_free_cloister_of() each piece with a cloister in cell @c, in order; TRUE when
 * the cell has one. */
static inline gboolean
complete_free_cloisters_in (CarcGame *g, const CarcCell *c)
{
  gboolean found = FALSE;
  if (!c->piece[0])
    return FALSE;
  if (has_cloister (g, c->piece[0] - 1u))
    {
      complete_free_cloister_of (g, c->piece[0] - 1u);
      found = TRUE;
    }
  if (c->piece[1] && has_cloister (g, c->piece[1] - 1u))
    {
      complete_free_cloister_of (g, c->piece[1] - 1u);
      found = TRUE;
    }
  return found;
}

/* The cloisters the piece just placed completed that nobody holds, for the feature_completed
 * hooks: the placed piece's own, and those around it when the piece filled an empty cell
 * (the second half of a cell changes no cloister's neighbourhood). Kept out of line: games
 * without a feature_completed hook never come here. FALSE when no piece around the one
 * placed (nor that one) has a cloister: then no monk there has anything to score either. */
G_GNUC_NO_INLINE static gboolean
complete_free_cloisters (CarcGame *g)
{
  guint placed = g->n_pieces - 1;
  const CarcPiece *pp = &g->pieces[placed];
  const CarcBoard *b = &g->board;
  const CarcCell *here = carc_board_cell (b, pp->x, pp->y);
  if (here->piece[1])
    {
      if (has_cloister (g, placed))
        complete_free_cloister_of (g, placed);
      return TRUE; /* the cells around were not looked at */
    }
  /* the board has room around a piece placed (carc_board_put()): its 3x3 cells lie at fixed
   * offsets, three rows of three */
  const CarcCell *row = here - b->w - 1;
  gboolean found = FALSE;
  for (guint dy = 0; dy < 3; dy++, row += b->w)
    {
      found |= complete_free_cloisters_in (g, &row[0]);
      found |= complete_free_cloisters_in (g, &row[1]);
      found |= complete_free_cloisters_in (g, &row[2]);
    }
  return found;
}

/* Whether a monk stands in the 3x3 block around @placed, or may (CarcGame.monk_cells). */
static inline gboolean
monk_near (const CarcGame *g, const CarcPiece *placed)
{
  if (g->monk_cells_lost)
    return TRUE;
  /* every monk, without a branch on where each stands (a random game decides it) */
  guint near = 0;
  for (guint i = 0; i < g->monks_out; i++)
    near |= ((guint)(g->monk_cells[i][0] - placed->x + 1) <= 2u)
            & ((guint)(g->monk_cells[i][1] - placed->y + 1) <= 2u);
  return near != 0;
}

/* The entries of touched[] whose feature is complete and scores now (held, or any with a
 * feature_completed hook: @all), as a mask (touched[] has at most 32). Inline and without
 * calls: most turns complete nothing; and without a branch on each entry, which a random
 * game's features mispredict. */
static inline guint32
touched_to_score (CarcGame *g, gboolean all)
{
  G_STATIC_ASSERT (G_N_ELEMENTS (g->touched) <= 32);
  CarcFeatures *f = &g->features;
  guint32 scores = 0;
  for (guint i = 0; i < g->n_touched; i++)
    {
      const CarcSeg *root = &f->segs[carc_features_find (f, g->touched[i])];
      scores |= (guint32)((root->open == 0) & (all | (root->followers > 0))) << i;
    }
  return scores;
}

/* Scores the complete features of touched[] from @i on: each held one, and, with a
 * feature_completed hook (@all), each other one once. */
G_GNUC_NO_INLINE static void
score_touched (CarcGame *g, guint i, gboolean all)
{
  CarcFeatures *f = &g->features;
  for (; i < g->n_touched; i++)
    {
      gint r = carc_features_find (f, g->touched[i]);
      if (f->segs[r].open != 0)
        continue;
      if (f->segs[r].followers > 0)
        score_feature (g, r, FALSE, TRUE, FALSE);
      else if (all && !touched_before (g, i, r))
        score_feature (g, r, FALSE, TRUE, FALSE);
    }
}

/* Scores the cloisters the piece @placed completed that monks hold (rule 23), in the order of
 * the figures. */
G_GNUC_NO_INLINE static void
score_monks (CarcGame *g, const CarcPiece *placed)
{
  CarcFeatures *f = &g->features;
  /* Stop at the last monk: a monk scored here goes home, but counts as seen. */
  guint monks = g->monks_out;
  for (guint i = 0; i < g->n_followers && monks; i++)
    {
      const CarcFollower *fw = &g->followers[i];
      if (!fw->active || !fw->monk)
        continue;
      monks--;
      const CarcPiece *p = &g->pieces[f->segs[fw->seg].piece];
      if (ABS (p->x - placed->x) <= 1 && ABS (p->y - placed->y) <= 1
          && carc_game_cloister_neighbours (g, p->x, p->y) == 8)
        score_feature (g, fw->seg, FALSE, TRUE, FALSE);
    }
}

/* Scores what the tile just placed completed (rule 2 step 3; place-then-complete, rule 10);
 * with a feature_completed hook, the features nobody holds too. */
void
carc_score_turn (CarcGame *g)
{
  gboolean all = (g->hook_mask & CARC_HOOK_COMPLETED) != 0;
  guint32 scores = touched_to_score (g, all);
  if (scores)
    score_touched (g, (guint)__builtin_ctz (scores), all);
  /* The free cloisters around (and whether there is any cloister there at all), then the
   * occupied cloisters in the 3x3 block around the tile. */
  if (all && !complete_free_cloisters (g))
    return;
  if (g->monks_out > 0 && monk_near (g, &g->pieces[g->n_pieces - 1]))
    score_monks (g, &g->pieces[g->n_pieces - 1]);
}

/* Whether the feature at @root is complete (fields never are). */
static gboolean
final_complete (CarcGame *g, gint root)
{
  const CarcSeg *r = &g->features.segs[root];
  if (r->kind == CARC_FEATURE_CLOISTER)
    {
      const CarcPiece *p = &g->pieces[r->piece];
      return carc_game_cloister_neighbours (g, p->x, p->y) == 8;
    }
  return r->kind != CARC_FEATURE_FIELD && r->open == 0;
}

/* The distinct fields farmers hold (figures that hold, not those that go along). */
static GArray *
held_fields (CarcGame *g)
{
  CarcFeatures *f = &g->features;
  GArray *fields = g_array_new (FALSE, FALSE, sizeof (gint));
  for (guint i = 0; i < g->n_followers; i++)
    {
      const CarcFollower *fw = &g->followers[i];
      if (!fw->active || f->segs[fw->seg].kind != CARC_FEATURE_FIELD
          || g->figures[fw->figure].accompanies)
        continue;
      gint root = carc_features_find (f, fw->seg);
      guint k = 0;
      while (k < fields->len && g_array_index (fields, gint, k) != root)
        k++;
      if (k == fields->len)
        g_array_append_val (fields, root);
    }
  return fields;
}

/* A completed city of the 1st-edition count: every player's strength in all the fields
 * bordering it, and the first of those fields (where its scoring is reported). */
typedef struct
{
  gint city;
  gint field;
  guint strength[CARC_MAX_PLAYERS];
} CityFarmers;

/* Field scoring of the 1st edition (rule option field-scoring=1, RULES-next 8.4): per
 * completed city, every player's farmers in all the fields bordering it count together; the
 * majority scores 4 for that city ("cities" 1 = 4), reported as a final field scoring at the
 * first of those fields. Then every farmer goes home. */
static void
score_fields_by_city (CarcGame *g)
{
  g_autoptr (GArray) fields = held_fields (g);
  g_autoptr (GArray) cities = g_array_new (FALSE, TRUE, sizeof (CityFarmers));
  g_autoptr (GArray) roots = g_array_new (FALSE, FALSE, sizeof (gint));
  for (guint i = 0; i < fields->len; i++)
    {
      gint field = g_array_index (fields, gint, i);
      CarcScoring sc;
      CarcHolders found;
      describe (g, field, TRUE, &sc);
      strengths (g, field, 0, &sc, &found);
      g_array_set_size (roots, 0);
      field_cities (g, field, roots);
      for (guint c = 0; c < roots->len; c++)
        {
          gint city = g_array_index (roots, gint, c);
          guint k = 0;
          while (k < cities->len && g_array_index (cities, CityFarmers, k).city != city)
            k++;
          if (k == cities->len)
            g_array_append_val (cities, ((CityFarmers){ .city = city, .field = field }));
          for (guint p = 0; p < g->n_players; p++)
            g_array_index (cities, CityFarmers, k).strength[p] += sc.strength[p];
        }
    }
  for (guint k = 0; k < cities->len; k++)
    {
      const CityFarmers *cf = &g_array_index (cities, CityFarmers, k);
      CarcScoring sc;
      describe (g, cf->field, TRUE, &sc);
      sc.units = 1;
      memcpy (sc.strength, cf->strength, sizeof sc.strength);
      majority (g, &sc);
      if (!sc.winners)
        continue;
      carc_scoring_add_item_to_winners (&sc, "cities", 1, 4);
      run_stages (g, &sc);
      pay (g, cf->field, &sc);
    }
  for (guint i = 0; i < fields->len; i++)
    return_followers (g, g_array_index (fields, gint, i), 0);
}

/* The kinds of final scoring, in order (rule 35); score_final_sorted() finds a kind's place
 * in it as (kind + 3) % 4, from the kinds' public values. */
G_STATIC_ASSERT (CARC_FEATURE_FIELD == 0 && CARC_FEATURE_ROAD == 1 && CARC_FEATURE_CITY == 2
                 && CARC_FEATURE_CLOISTER == 3 && CARC_FEATURE_WATER > CARC_FEATURE_CLOISTER);
static const CarcFeatureKind final_order[]
    = { CARC_FEATURE_ROAD, CARC_FEATURE_CITY, CARC_FEATURE_CLOISTER, CARC_FEATURE_FIELD };

/* Final scoring of the feature at @root that the figure @fw holds alone, in a game that asks
 * no hook about scoring and wants no event: what score_feature_from() does then, without the
 * scoring record (a lone figure of some strength is the majority; the engine's items are its
 * points). */
static void
score_final_alone (CarcGame *g, gint root, CarcFollower *fw)
{
  const CarcSeg *r = &g->features.segs[root];
  const CarcPiece *p = &g->pieces[r->piece];
  /* only the members base_items() reads, as describe() writes them: the record is a kilobyte */
  CarcScoring sc;
  sc.kind = r->kind;
  sc.final = TRUE;
  sc.x = p->x;
  sc.y = p->y;
  sc.units = sc.shields = 0;
  CarcScoreItem items[CARC_BASE_ITEMS];
  guint n = base_items (g, root, &sc, items), points = 0;
  for (guint i = 0; i < n; i++)
    points += items[i].points;
  g->score[fw->player] += g->figures[fw->figure].strength ? points : 0;
  carc_score_return_follower (g, fw);
  g->features.segs[root].followers = 0;
}

/* Whether final scoring may take score_final_alone() for the feature at @root, held by the
 * figure @fw. */
static inline gboolean
final_alone (CarcGame *g, gint root, const CarcFollower *fw)
{
  return g->features.segs[root].followers == 1 && !g->companions && !g->city_scored
         && !(g->hook_mask & (CARC_HOOK_UNIT | CARC_HOOK_SCORE | CARC_HOOK_OVERRIDE))
         && !g->figures[fw->figure].strength_func && !carc_game_wants_events (g);
}

/* Final scoring of the feature figure @i holds. */
G_ALWAYS_INLINE static inline void
score_final_at (CarcGame *g, guint i)
{
  gint root = carc_features_find (&g->features, g->followers[i].seg);
  if (final_alone (g, root, &g->followers[i]))
    {
      score_final_alone (g, root, &g->followers[i]);
      return;
    }
  /* A holder before i on this feature (of the same kind) would have scored it and sent i
   * home: the walks over its figures start at i, unless some kind only goes along. */
  score_feature_from (g, root, g->companions ? 0 : i, TRUE, final_complete (g, root), FALSE);
}

/* Final scoring of the features of kind final_order[@k] on to the last kind, as the holding
 * figures come in the list from index @from on (for the first kind; from 0 for the rest). */
static void
score_final_kinds (CarcGame *g, guint k, guint from)
{
  CarcFeatures *f = &g->features;
  guint32 edition = g->config->rules[CARC_RULE_FIELD_SCORING];
  for (; k < G_N_ELEMENTS (final_order); k++, from = 0)
    for (guint i = from; i < g->n_followers; i++)
      {
        if (final_order[k] == CARC_FEATURE_FIELD && edition == 1)
          {
            score_fields_by_city (g);
            break;
          }
        CarcFollower *fw = &g->followers[i];
        if (fw->active && f->segs[fw->seg].kind == final_order[k]
            && !g->figures[fw->figure].accompanies)
          score_final_at (g, i);
      }
}

/* score_final_kinds() from the start with one walk over the list instead of one a kind: the
 * holding figures sorted by kind first (up to 64, else FALSE). A figure that comes during
 * the scoring (a hook's) hands the rest to score_final_kinds(), where the walks would see it. */
static gboolean
score_final_sorted (CarcGame *g)
{
  guint n = g->n_followers;
  guint8 sorted[G_N_ELEMENTS (final_order)][64];
  guint len[G_N_ELEMENTS (final_order)] = { 0 };
  if (n > G_N_ELEMENTS (sorted[0]) || g->config->rules[CARC_RULE_FIELD_SCORING] == 1)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      const CarcFollower *fw = &g->followers[i];
      guint kind = g->features.segs[fw->seg].kind;
      guint k = (kind + 3) % 4; /* its place in final_order */
      if (fw->active && kind <= CARC_FEATURE_CLOISTER && !g->figures[fw->figure].accompanies)
        sorted[k][len[k]++] = (guint8)i;
    }
  for (guint k = 0; k < G_N_ELEMENTS (final_order); k++)
    for (guint j = 0; j < len[k]; j++)
      {
        guint i = sorted[k][j];
        if (!g->followers[i].active)
          continue; /* went home with a figure before it */
        score_final_at (g, i);
        if (g->n_followers != n)
          {
            score_final_kinds (g, k, i + 1);
            return TRUE;
          }
      }
  return TRUE;
}

/* Final scoring (rule 35): incomplete roads, cities and cloisters, then fields; then the
 * game_over hooks. */
void
carc_score_final (CarcGame *g)
{
  g->final_scoring = TRUE;
  if (g->config->rules[CARC_RULE_FIELD_SCORING] == 2)
    g->city_scored = g_new0 (guint32, g->features.n);
  if (!score_final_sorted (g))
    score_final_kinds (g, 0, 0);
  g_clear_pointer (&g->city_scored, g_free);
  for (guint i = 0; i < g->n_exp && (g->hook_mask & CARC_HOOK_GAME_OVER); i++)
    if (g->exp[i].hooks->game_over)
      g->exp[i].hooks->game_over (g, g->exp[i].data);
}

/**
 * carc_game_score_feature: (skip)
 * @self: a game
 * @piece: a piece on the board
 * @segment: a segment of that piece's tile
 *
 * From the turn_scored hook or a plugin move's apply hook (ABI 2.1): scores the feature
 * holding that segment now, as it stands, as the engine scores a feature during the game
 * (its measure, the strengths, the majority, the engine's items and every expansion's score
 * stages, the FEATURE_SCORED event; no feature_completed hooks), and leaves its figures
 * where they are: send them home with carc_game_return_figure(). An expansion's rule that
 * scores a feature before it is complete (a field, when some figure arrives) is made of this and
 * its own score hooks, which can tell such a scoring by the expansion's own state.
 *
 * Returns: %TRUE if the feature was held and scored; %FALSE for a bad piece or segment or a
 *   feature with no figure
 */
gboolean
carc_game_score_feature (CarcGame *self, guint piece, guint segment)
{
  g_return_val_if_fail (CARC_GAME_VALID (self), FALSE);
  if (piece >= self->n_pieces || segment >= self->pieces[piece].type->n_segments)
    return FALSE;
  gint root = carc_features_find (&self->features, (gint)(self->pieces[piece].seg_base + segment));
  if (self->features.segs[root].followers == 0)
    return FALSE;
  gboolean complete = final_complete (self, root);
  score_feature (self, root, FALSE, complete, TRUE);
  return TRUE;
}
