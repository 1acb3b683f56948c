/* carc-bot-halving.c: the mcts strategy's root search with the option "k" (doc/bots.md,
 * "mcts"): the k moves greedy values most, then Sequential Halving among them (Karnin, Koren
 * and Somekh, "Almost Optimal Exploration in Multi-Armed Bandits", ICML 2013). Each sample
 * is a deal of what the player cannot see; every candidate still in the race is played on
 * the same deal (common random numbers), the turn finished and the "reply" turns after it
 * played by greedy, and the position evaluated (carc_bot_evaluate()). */
#include "config.h"

#include <math.h>
#include "carc-bot-private.h"

typedef struct
{
  CarcBot *bot;
  CarcGame *game; /* the position searched: read only */
  GArray *legal;  /* its moves */
  CarcRng rng;
  guint *arm;     /* the candidates still in the race, best first: indices into legal */
  gdouble *sum;   /* per index of legal: the sum of the evaluations */
  guint *count;   /* per index of legal: the evaluations */
  gdouble *prior; /* per index of legal: greedy's value in one sample (ties, the order) */
} Race;

/* One thread's share of a round: its own generator, sums and scratch, merged after. */
typedef struct
{
  Race *race;
  guint alive;       /* the race's first @alive candidates are sampled */
  guint samples;     /* deals to sample; 0: until the budget ends */
  CarcBudget budget; /* this round's: its wall time from the search's start, its CPU time own */
  CarcRng rng;
  gdouble *sum;
  guint *count;
  GArray *moves; /* CarcMove scratch */
  guint64 playouts;
} Share;

static gdouble
mean (const Race *r, guint i)
{
  return r->count[i] ? r->sum[i] / r->count[i] : -G_MAXDOUBLE;
}

/* Best first by the mean of the evaluations, then by greedy's value, then by the move list. */
static gint
by_mean (gconstpointer a, gconstpointer b, gpointer data)
{
  const Race *r = data;
  guint i = *(const guint *)a, j = *(const guint *)b;
  gdouble d = mean (r, j) - mean (r, i);
  if (d == 0)
    d = r->prior[j] - r->prior[i];
  return d > 0 ? 1 : d < 0 ? -1 : (i > j) - (i < j);
}

/* One deal: every candidate of the race's first @s->alive on it, played on by greedy. */
static void
sample_once (Share *s)
{
  Race *r = s->race;
  g_autoptr (CarcGame) deal = carc_bot_sample (r->bot, r->game, &s->rng, NULL);
  g_assert (deal != NULL); /* the caller copied the game once already */
  guint64 seed = ((guint64)carc_rng_next (&s->rng) << 32) | carc_rng_next (&s->rng);
  for (guint a = 0; a < s->alive; a++)
    {
      guint i = r->arm[a];
      g_autoptr (CarcGame) g = carc_game_copy (deal, NULL);
      g_assert (g != NULL);
      CarcRng policy; /* the same for every candidate of this deal */
      carc_rng_init (&policy, seed, 0x5348u);
      if (!carc_game_apply_move (g, &g_array_index (r->legal, CarcMove, i), NULL)
          || !carc_bot_greedy_play (g, r->game->turn, r->game->current, r->bot->reply, &policy,
                                    s->moves))
        continue;
      s->sum[i] += carc_bot_evaluate (g, r->game->current);
      s->count[i]++;
      s->playouts++;
    }
}

/* A thread's round: its deals, until its count or the round's budget is spent (one at least). */
static gpointer
play_share (gpointer data)
{
  Share *s = data;
  s->budget.cpu_start = carc_bot_cpu_time (); /* this thread's */
  for (guint j = 0; s->samples == 0 || j < s->samples; j++)
    {
      if (j > 0 && (carc_bot_out_of_time (&s->budget, 1.0) || carc_bot_cancelled (s->race->bot)))
        break;
      sample_once (s);
    }
  return NULL;
}

/* Round @round of @rounds over the race's first @alive, on bot->threads threads: each
 * samples its share of @per_arm deals (0: as many as the budget allows), then the sums are
 * added up in the threads' order, so that the result does not depend on their timing. */
static void
play_round (Race *r, guint alive, guint per_arm, guint round, guint rounds,
            const CarcBudget *budget)
{
  guint n = r->bot->threads, len = r->legal->len;
  g_autofree Share *shares = g_new0 (Share, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  for (guint t = 0; t < n; t++)
    {
      Share *s = &shares[t];
      *s = (Share){ .race = r, .alive = alive, .budget = *budget };
      s->samples = per_arm ? MAX (1, per_arm / n + (t < per_arm % n)) : 0;
      s->budget.wall_us = budget->wall_us * (round + 1) / rounds; /* from the search's start */
      s->budget.cpu_us = budget->cpu_us / rounds;                 /* of this thread, this round */
      carc_rng_init (&s->rng, ((guint64)carc_rng_next (&r->rng) << 32) | carc_rng_next (&r->rng),
                     0x53484cu + t);
      s->sum = t ? g_new0 (gdouble, len) : r->sum;
      s->count = t ? g_new0 (guint, len) : r->count;
      s->moves = g_array_new (FALSE, FALSE, sizeof (CarcMove));
      if (t)
        threads[t] = g_thread_new ("carc-halving", play_share, s);
    }
  play_share (&shares[0]);
  for (guint t = 0; t < n; t++)
    {
      if (threads[t])
        g_thread_join (threads[t]);
      for (guint i = 0; t && i < len; i++)
        {
          r->sum[i] += shares[t].sum[i];
          r->count[i] += shares[t].count[i];
        }
      r->bot->playouts += shares[t].playouts;
      if (t)
        {
          g_free (shares[t].sum);
          g_free (shares[t].count);
        }
      g_array_unref (shares[t].moves);
    }
}

/* The rounds of Sequential Halving over the r->arm[0..m): each round shares the budget
 * equally, samples every candidate still in the race as often, then keeps the better half. */
static void
halve (Race *r, guint m, const CarcBudget *budget)
{
  guint rounds = 0;
  while ((1u << rounds) < m)
    rounds++;
  for (guint round = 0, alive = m; alive > 1; round++, alive = (alive + 1) / 2)
    {
      guint per_arm = budget->iterations ? MAX (1, budget->iterations / (rounds * alive)) : 0;
      play_round (r, alive, per_arm, round, rounds, budget);
      g_qsort_with_data (r->arm, (gint)alive, sizeof (guint), by_mean, r);
      if (carc_bot_cancelled (r->bot))
        break;
    }
}

/* The budget of a move in milliseconds, the smallest given ("iterations" read as milliseconds:
 * a playout costs about one on this project's machine, doc/bots.md). */
static guint
budget_ms (const CarcBot *bot)
{
  guint t = G_MAXUINT;
  const guint given[] = { bot->iterations, bot->ms, bot->cpu_ms };
  for (guint i = 0; i < G_N_ELEMENTS (given); i++)
    if (given[i])
      t = MIN (t, given[i]);
  return t;
}

/* The options k and reply not given grow with a budget above 200 ms (doc/bots.md,
 * "Sequential Halving"): with f the budget over 200 ms, k = 5 f^0.3 and reply = 2 + log2 f,
 * rounded (1 s: k = 8, reply = 4), at most 20 and 10; where the defaults, 5 and 2, were
 * measured strongest. A larger budget buys more candidates and longer greedy playouts, not
 * only more samples of the same ones, which stop helping early (doc/bots.md, Strength). */
void
carc_bot_halving_scale (CarcBot *bot, gboolean k_given, gboolean reply_given)
{
  gdouble f = budget_ms (bot) / 200.0;
  if (f <= 1.0)
    return;
  if (!k_given)
    bot->k = (guint)MIN (20.0, floor (5.0 * pow (f, 0.3) + 0.5));
  if (!reply_given)
    bot->reply = (guint)MIN (10.0, 2.0 + floor (log2 (f) + 0.5));
}

/* The index in @legal (two moves or more, of @game, a copy) of the move the race picks. */
gboolean
carc_bot_halving (CarcBot *bot, CarcGame *game, GArray *legal, CarcBudget *budget, guint *choice,
                  GError **error)
{
  g_autoptr (CarcGame) first = carc_bot_sample (bot, game, &bot->rng, error);
  if (!first)
    return FALSE;
  Race r = { .bot = bot, .game = game, .legal = legal };
  carc_rng_init (&r.rng, ((guint64)carc_rng_next (&bot->rng) << 32) | carc_rng_next (&bot->rng),
                 0x53484cu);
  g_autofree guint *arm = r.arm = g_new (guint, legal->len);
  g_autofree gdouble *sum = r.sum = g_new0 (gdouble, legal->len);
  g_autofree guint *count = r.count = g_new0 (guint, legal->len);
  g_autofree gdouble *prior = r.prior = g_new (gdouble, legal->len);
  carc_bot_greedy_values (first, legal, prior);
  for (guint i = 0; i < legal->len; i++)
    arm[i] = i;
  g_qsort_with_data (arm, (gint)legal->len, sizeof (guint), by_mean, &r); /* greedy's order */
  halve (&r, MIN (bot->k, legal->len), budget);
  *choice = arm[0];
  return TRUE;
}
