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
  GArray *moves;  /* CarcMove scratch */
} Race;

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

/* One deal: every candidate of the race's first @alive on it, played on by greedy. */
static void
sample_once (Race *r, guint alive)
{
  g_autoptr (CarcGame) deal = carc_bot_sample (r->bot, r->game, &r->rng, NULL);
  g_assert (deal != NULL); /* the caller copied the game once already */
  guint64 seed = ((guint64)carc_rng_next (&r->rng) << 32) | carc_rng_next (&r->rng);
  for (guint a = 0; a < alive; a++)
    {
      guint i = r->arm[a];
      g_autoptr (CarcGame) g = carc_game_copy (deal, NULL);
      g_assert (g != NULL);
      CarcRng policy; /* the same for every candidate of this deal */
      carc_rng_init (&policy, seed, 0x5348u);
      if (!carc_game_apply_move (g, &g_array_index (r->legal, CarcMove, i), NULL)
          || !carc_bot_greedy_play (g, r->game->turn, r->game->current, r->bot->reply, &policy,
                                    r->moves))
        continue;
      r->sum[i] += carc_bot_evaluate (g, r->game->current);
      r->count[i]++;
      r->bot->playouts++;
    }
}

/* The rounds of Sequential Halving over the r->arm[0..m): each round shares the budget
 * equally, samples every candidate still in the race as often, then keeps the better half. */
static void
halve (Race *r, guint m, CarcBudget *budget)
{
  guint rounds = 0;
  while ((1u << rounds) < m)
    rounds++;
  for (guint round = 0, alive = m; alive > 1; round++, alive = (alive + 1) / 2)
    {
      guint per_arm = budget->iterations ? MAX (1, budget->iterations / (rounds * alive)) : 0;
      for (guint j = 0; per_arm == 0 || j < per_arm; j++)
        {
          if (j > 0
              && (carc_bot_out_of_time (budget, (gdouble)(round + 1) / rounds)
                  || carc_bot_cancelled (r->bot)))
            break;
          sample_once (r, alive);
        }
      g_qsort_with_data (r->arm, (gint)alive, sizeof (guint), by_mean, r);
    }
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
  g_autoptr (GArray) moves = r.moves = g_array_new (FALSE, FALSE, sizeof (CarcMove));
  carc_bot_greedy_values (first, legal, prior);
  for (guint i = 0; i < legal->len; i++)
    arm[i] = i;
  g_qsort_with_data (arm, (gint)legal->len, sizeof (guint), by_mean, &r); /* greedy's order */
  halve (&r, MIN (bot->k, legal->len), budget);
  *choice = arm[0];
  return TRUE;
}
