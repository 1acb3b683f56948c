/* carc-bot-mcts.c: the mcts strategy: information-set Monte Carlo tree search over
 * determinised draws (doc/bots.md, "mcts"). Each iteration deals what the player to move
 * cannot see again (carc_bot_sample()), walks the tree by UCB1 among the moves legal in that
 * deal (each child counting the times it was available), adds one move, plays the game out
 * with uniformly random moves of the move list and scores the result for every player. With
 * threads > 1, each thread grows a tree of its own from its own generator (root
 * parallelism) and the root's visits are summed. The tree is the search with k=0; with k
 * from 1 (the default, 5) the root search is Sequential Halving instead (carc-bot-halving.c).
 * A move list of one is never searched. */
#include "config.h"

#include <math.h>
#include <time.h>
#include "carc-bot-private.h"
#include "carc-error.h"

#define NONE G_MAXUINT

typedef struct
{
  CarcMove move; /* the move into this node */
  guint player;  /* who made it */
  guint child, sibling;
  guint visits, avail;
  gdouble reward; /* the sum of @player's rewards */
} Node;

/* One tree and what growing it needs; a thread each. */
typedef struct
{
  CarcBot *bot;
  CarcGame *game; /* the position searched: read only */
  CarcRng rng;
  CarcBudget budget; /* the iterations: this tree's share */
  GArray *nodes;     /* Node; [0] is the root */
  GArray *moves;     /* CarcMove scratch */
  GArray *found;     /* guint scratch: the child of each move, or NONE */
  GArray *path;      /* guint scratch */
  guint64 playouts;
} Tree;

static guint
add_node (Tree *t, guint parent, const CarcMove *move, guint player)
{
  Node n = { .move = *move, .player = player, .child = NONE, .sibling = NONE };
  guint at = t->nodes->len;
  if (parent != NONE)
    {
      Node *p = &g_array_index (t->nodes, Node, parent);
      n.sibling = p->child;
      p->child = at;
    }
  g_array_append_val (t->nodes, n);
  return at;
}

static guint
find_child (Tree *t, guint parent, const CarcMove *move)
{
  for (guint c = g_array_index (t->nodes, Node, parent).child; c != NONE;
       c = g_array_index (t->nodes, Node, c).sibling)
    if (carc_move_equal (&g_array_index (t->nodes, Node, c).move, move))
      return c;
  return NONE;
}

/* The legal child of @parent with the best UCB1 (availability counts as its parent's visits). */
static guint
select_child (Tree *t, gdouble c)
{
  guint best = NONE;
  gdouble best_score = -G_MAXDOUBLE;
  for (guint i = 0; i < t->found->len; i++)
    {
      Node *n = &g_array_index (t->nodes, Node, g_array_index (t->found, guint, i));
      gdouble score = n->reward / n->visits + c * sqrt (log ((gdouble)n->avail) / n->visits);
      if (score > best_score)
        {
          best_score = score;
          best = i;
        }
    }
  return best;
}

/* One step down from @node in @g: expands an untried move (TRUE in *@expanded) or selects
 * a child; makes the move in @g. Returns the child, NONE when the move failed. */
static guint
descend (Tree *t, guint node, CarcGame *g, gboolean *expanded)
{
  carc_game_collect_moves (g, g->current, t->moves);
  g_array_set_size (t->found, 0);
  guint untried = 0;
  for (guint i = 0; i < t->moves->len; i++)
    {
      guint c = find_child (t, node, &g_array_index (t->moves, CarcMove, i));
      untried += c == NONE;
      if (c != NONE)
        {
          g_array_index (t->nodes, Node, c).avail++;
          g_array_append_val (t->found, c);
        }
    }
  guint player = g->current, child;
  const CarcMove *move;
  if (untried)
    {
      guint k = carc_rng_below (&t->rng, untried), i = 0;
      for (;; i++)
        if (find_child (t, node, &g_array_index (t->moves, CarcMove, i)) == NONE && k-- == 0)
          break;
      child = add_node (t, node, &g_array_index (t->moves, CarcMove, i), player);
      g_array_index (t->nodes, Node, child).avail = 1;
      *expanded = TRUE;
    }
  else
    {
      guint i = select_child (t, t->bot->exploration);
      if (i == NONE)
        return NONE;
      child = g_array_index (t->found, guint, i);
    }
  move = &g_array_index (t->nodes, Node, child).move;
  return carc_game_apply_move (g, move, NULL) ? child : NONE;
}

/* Uniformly random moves of the move list, as many as the bot's "depth" option says (0:
 * none, the new leaf is evaluated as it is), or to the end of the game. */
static gboolean
play_out (Tree *t, CarcGame *g)
{
  for (guint n = 0; g->phase != CARC_PHASE_OVER && n < t->bot->depth; n++)
    {
      carc_game_collect_moves (g, g->current, t->moves);
      if (t->moves->len == 0)
        return FALSE;
      guint i = carc_rng_below (&t->rng, t->moves->len);
      if (!carc_game_apply_move (g, &g_array_index (t->moves, CarcMove, i), NULL))
        return FALSE;
    }
  t->playouts++;
  return TRUE;
}

/* Each player's reward for a finished game (doc/bots.md): 0.9 for a win (shared among the
 * tied), plus up to 0.1 for the margin over the best other score. */
static void
rewards (CarcGame *g, gdouble r[CARC_MAX_PLAYERS])
{
  guint top = 0, n_top = 0;
  for (guint p = 0; p < g->n_players; p++)
    top = MAX (top, g->score[p]);
  for (guint p = 0; p < g->n_players; p++)
    n_top += g->score[p] == top;
  for (guint p = 0; p < g->n_players; p++)
    {
      gint other = -1;
      for (guint q = 0; q < g->n_players; q++)
        if (q != p)
          other = MAX (other, (gint)g->score[q]);
      gdouble margin = tanh (((gint)g->score[p] - other) / 20.0);
      r[p] = (g->score[p] == top ? 0.9 / n_top : 0.0) + 0.05 * (1.0 + margin);
    }
}

/* The rewards of a game cut off before its end: from carc_bot_evaluate()'s worth, 0.5 for
 * an even game, towards 1 for a lead over the best other player (doc/bots.md). */
static void
cut_off_rewards (CarcGame *g, gdouble r[CARC_MAX_PLAYERS])
{
  gdouble value[CARC_MAX_PLAYERS];
  carc_bot_worth (g, value);
  for (guint p = 0; p < g->n_players; p++)
    r[p] = 0.5 + 0.5 * tanh (carc_bot_relative (value, g->n_players, p) / 20.0);
}

static void
iterate (Tree *t)
{
  g_autoptr (CarcGame) g = carc_bot_sample (t->bot, t->game, &t->rng, NULL);
  g_assert (g != NULL); /* the caller copied the game once already */
  g_array_set_size (t->path, 0);
  guint node = 0;
  g_array_append_val (t->path, node);
  gboolean expanded = FALSE;
  while (!expanded && g->phase != CARC_PHASE_OVER)
    {
      node = descend (t, node, g, &expanded);
      if (node == NONE)
        return;
      g_array_append_val (t->path, node);
    }
  if (!play_out (t, g))
    return;
  gdouble r[CARC_MAX_PLAYERS];
  if (g->phase == CARC_PHASE_OVER)
    rewards (g, r);
  else
    cut_off_rewards (g, r);
  for (guint i = 0; i < t->path->len; i++)
    {
      Node *n = &g_array_index (t->nodes, Node, g_array_index (t->path, guint, i));
      n->visits++;
      n->reward += r[n->player];
    }
}

/* The CPU time of the calling thread, µs. */
gint64
carc_bot_cpu_time (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* Whether @fraction of @budget's wall time or CPU time has gone. */
gboolean
carc_bot_out_of_time (const CarcBudget *budget, gdouble fraction)
{
  return (budget->wall_us
          && g_get_monotonic_time () - budget->wall_start >= fraction * budget->wall_us)
         || (budget->cpu_us
             && carc_bot_cpu_time () - budget->cpu_start >= fraction * budget->cpu_us);
}

static gpointer
grow (gpointer data)
{
  Tree *t = data;
  t->budget.cpu_start = carc_bot_cpu_time (); /* this thread's */
  for (guint i = 0; i < t->budget.iterations; i++)
    {
      if ((i & 7) == 0 && (carc_bot_out_of_time (&t->budget, 1.0) || carc_bot_cancelled (t->bot)))
        break;
      iterate (t);
    }
  return NULL;
}

static void
tree_init (Tree *t, CarcBot *bot, CarcGame *game, const CarcBudget *budget)
{
  *t = (Tree){ .bot = bot, .game = game, .budget = *budget };
  carc_rng_init (&t->rng, ((guint64)carc_rng_next (&bot->rng) << 32) | carc_rng_next (&bot->rng),
                 0x4d435453u);
  t->nodes = g_array_sized_new (FALSE, FALSE, sizeof (Node), 1024);
  t->moves = g_array_new (FALSE, FALSE, sizeof (CarcMove));
  t->found = g_array_new (FALSE, FALSE, sizeof (guint));
  t->path = g_array_new (FALSE, FALSE, sizeof (guint));
  CarcMove none = { 0 };
  add_node (t, NONE, &none, game->current);
}

static void
tree_clear (Tree *t)
{
  g_array_unref (t->nodes);
  g_array_unref (t->moves);
  g_array_unref (t->found);
  g_array_unref (t->path);
}

/* The visits of the legal move @move at the roots of @trees. */
static guint
root_visits (Tree *trees, guint n, const CarcMove *move)
{
  guint visits = 0;
  for (guint k = 0; k < n; k++)
    {
      guint c = find_child (&trees[k], 0, move);
      visits += c == NONE ? 0 : g_array_index (trees[k].nodes, Node, c).visits;
    }
  return visits;
}

/* Progressive bias at the root (the "prior" option): each legal move starts as a child
 * with bot->prior visits, each at the reward of greedy's value of the move in one sample. */
static gboolean
seed_prior (CarcBot *bot, CarcGame *game, GArray *legal, Tree *trees, guint n, GError **error)
{
  g_autoptr (CarcGame) sample = carc_bot_sample (bot, game, &bot->rng, error);
  if (!sample)
    return FALSE;
  g_autofree gdouble *values = g_new (gdouble, legal->len);
  carc_bot_greedy_values (sample, legal, values);
  for (guint k = 0; k < n; k++)
    for (guint i = 0; i < legal->len; i++)
      {
        guint c = add_node (&trees[k], 0, &g_array_index (legal, CarcMove, i), game->current);
        Node *node = &g_array_index (trees[k].nodes, Node, c);
        node->visits = node->avail = bot->prior;
        node->reward = bot->prior * (0.5 + 0.5 * tanh (values[i] / 20.0));
      }
  return TRUE;
}

static gboolean
mcts_choose (CarcBot *bot, CarcGame *game, CarcMove *move, GError **error)
{
  g_autoptr (CarcGame) check = carc_game_copy (game, error); /* expansions that copy */
  if (!check)
    return FALSE;
  g_autoptr (GArray) legal = g_array_new (FALSE, FALSE, sizeof (CarcMove));
  carc_game_collect_moves (check, check->current, legal);
  if (legal->len == 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "no move to choose from");
      return FALSE;
    }
  CarcBudget budget = { .wall_start = g_get_monotonic_time (),
                        .wall_us = 1000 * (gint64)bot->ms,
                        .cpu_start = carc_bot_cpu_time (),
                        .cpu_us = 1000 * (gint64)bot->cpu_ms };
  if (legal->len == 1) /* no choice: no search */
    {
      *move = g_array_index (legal, CarcMove, 0);
      return TRUE;
    }
  if (bot->k)
    {
      guint choice;
      budget.iterations = bot->iterations;
      if (!carc_bot_halving (bot, check, legal, &budget, &choice, error))
        return FALSE;
      *move = g_array_index (legal, CarcMove, choice);
      return TRUE;
    }
  guint n = bot->threads;
  budget.iterations = bot->iterations ? (bot->iterations + n - 1) / n : G_MAXUINT;
  g_autofree Tree *trees = g_new (Tree, n);
  g_autofree GThread **threads = g_new0 (GThread *, n);
  for (guint k = 0; k < n; k++)
    tree_init (&trees[k], bot, check, &budget);
  if (bot->prior && !seed_prior (bot, check, legal, trees, n, error))
    {
      for (guint k = 0; k < n; k++)
        tree_clear (&trees[k]);
      return FALSE;
    }
  for (guint k = 1; k < n; k++)
    threads[k] = g_thread_new ("carc-mcts", grow, &trees[k]);
  grow (&trees[0]);
  guint best = 0, best_visits = 0;
  for (guint k = 0; k < n; k++)
    {
      if (threads[k])
        g_thread_join (threads[k]);
      bot->playouts += trees[k].playouts;
    }
  for (guint i = 0; i < legal->len; i++)
    {
      guint v = root_visits (trees, n, &g_array_index (legal, CarcMove, i));
      if (v > best_visits)
        {
          best_visits = v;
          best = i;
        }
    }
  for (guint k = 0; k < n; k++)
    tree_clear (&trees[k]);
  *move = g_array_index (legal, CarcMove, best);
  return TRUE;
}

static const char *const mcts_options[]
    = { "iterations", "ms", "threads", "c", "depth", "prior", "cpu-ms", "k", "reply", NULL };
const CarcBotStrategy carc_bot_mcts
    = { "mcts", mcts_options, mcts_choose,
        "Monte Carlo tree search over the draws it cannot see, with a budget per move" };
