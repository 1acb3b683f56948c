/* carc-bot.c: the bot object, its options and the random strategy (doc/bots.md).
 * Greedy: carc-bot-greedy.c; Monte Carlo tree search: carc-bot-mcts.c. */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include "carc-bot-private.h"
#include "carc-error.h"

/**
 * CarcBot:
 *
 * A computer player: a strategy ("random", "greedy", "mcts"), its options and a seeded
 * generator of its own. carc_bot_choose() gives the move it plays for the current player
 * of a game, chosen from the move list (carc_game_list_moves()) and from what that player
 * sees: a bot never reads the order of the draw pile, face-down hands or the game's
 * generator (it searches copies dealt again from its own generator,
 * carc_game_redeal_hidden()). The same bot (strategy, options, seed) asked the same
 * questions in the same order gives the same answers; with threads > 1 or a budget in
 * milliseconds, mcts depends on timing too. doc/bots.md describes the strategies.
 */
G_DEFINE_FINAL_TYPE (CarcBot, carc_bot, G_TYPE_OBJECT)

static gboolean random_choose (CarcBot *bot, CarcGame *game, CarcMove *move, GError **error);

static const char *const no_options[] = { NULL };
static const CarcBotStrategy carc_bot_random
    = { "random", no_options, random_choose, "uniformly random legal moves" };
static const CarcBotStrategy *const strategies[]
    = { &carc_bot_random, &carc_bot_greedy, &carc_bot_mcts };

static void
carc_bot_class_init (CarcBotClass *klass)
{
}

static void apply_defaults (CarcBot *bot);

static void
carc_bot_init (CarcBot *self)
{
  apply_defaults (self);
}

/**
 * carc_bot_list_strategies:
 *
 * Returns: (transfer none) (array zero-terminated=1): the strategies' names: "random",
 *   "greedy", "mcts"
 */
const char *const *
carc_bot_list_strategies (void)
{
  static const char *const names[] = { "random", "greedy", "mcts", NULL };
  return names;
}

static const CarcBotStrategy *
find_strategy (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (strategies); i++)
    if (strcmp (strategies[i]->name, name) == 0)
      return strategies[i];
  return NULL;
}

/* The strategies' options: what carc_bot_new() reads and carc_bot_list_options() shows. A
 * strategy takes those its options list names. @field is the offset of the guint of CarcBot
 * the option sets, or -1 for "c" (the exploration constant, given in hundredths). A default
 * of 0 below min means the option is unset unless given. */
typedef struct
{
  CarcOptionDef def;
  goffset field;
} BotOption;

#define BOT_OPTION(n, d, def_, lo, hi, f)                                                          \
  {                                                                                                \
    { .name = n,                                                                                   \
      .type = CARC_OPTION_UINT,                                                                    \
      .description = d,                                                                            \
      .default_value = def_,                                                                       \
      .min = lo,                                                                                   \
      .max = hi },                                                                                 \
        f                                                                                          \
  }

static const BotOption bot_options[] = {
  BOT_OPTION ("iterations",
              "search iterations per move (1000 when neither iterations nor ms is given)", 0, 1,
              100000000, G_STRUCT_OFFSET (CarcBot, iterations)),
  BOT_OPTION ("ms",
              "milliseconds of search per move (none by default; with iterations, "
              "whichever ends first)",
              0, 1, 3600000, G_STRUCT_OFFSET (CarcBot, ms)),
  BOT_OPTION ("cpu-ms",
              "milliseconds of the searching thread's CPU time per move (none by default; of "
              "several budgets, whichever ends first)",
              0, 1, 3600000, G_STRUCT_OFFSET (CarcBot, cpu_ms)),
  BOT_OPTION ("threads", "threads searching (root parallelism)", 1, 1, 256,
              G_STRUCT_OFFSET (CarcBot, threads)),
  BOT_OPTION ("c", "the exploration constant, in hundredths", 30, 0, 1000, -1),
  BOT_OPTION ("depth",
              "random moves a playout makes before the position is evaluated (100000: to the end)",
              4, 0, 100000, G_STRUCT_OFFSET (CarcBot, depth)),
  BOT_OPTION ("prior", "visits each move of the root starts with, at greedy's value of it", 0, 0,
              100000, G_STRUCT_OFFSET (CarcBot, prior)),
  BOT_OPTION ("k",
              "from 1: Sequential Halving over greedy's k best moves (when not given: 5 at a "
              "budget of 200 ms or less, more above); 0: the tree search (c, depth, prior)",
              5, 0, 1000, G_STRUCT_OFFSET (CarcBot, k)),
  BOT_OPTION ("reply",
              "with k: the turns after the bot's own that greedy plays in a playout (when not "
              "given: 2 at a budget of 200 ms or less, more above)",
              2, 0, 1000, G_STRUCT_OFFSET (CarcBot, reply)),
};

static const BotOption *
find_option (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (bot_options); i++)
    if (strcmp (bot_options[i].def.name, key) == 0)
      return &bot_options[i];
  return NULL;
}

static gboolean
has_option (const CarcBotStrategy *s, const char *key)
{
  for (guint i = 0; s->options[i]; i++)
    if (strcmp (s->options[i], key) == 0)
      return find_option (key) != NULL;
  return FALSE;
}

static void
set_option (CarcBot *bot, const BotOption *o, guint value)
{
  if (o->field < 0)
    bot->exploration = value / 100.0;
  else
    G_STRUCT_MEMBER (guint, bot, o->field) = value;
}

/* Every option at its default (0: unset, for those whose default is below their min). */
static void
apply_defaults (CarcBot *bot)
{
  for (guint i = 0; i < G_N_ELEMENTS (bot_options); i++)
    set_option (bot, &bot_options[i], bot_options[i].def.default_value);
}

/* Sets option @o from @value, a uint32 in its range. */
static gboolean
read_option (CarcBot *bot, const BotOption *o, GVariant *value, GError **error)
{
  const CarcOptionDef *def = &o->def;
  if (!g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32)
      || g_variant_get_uint32 (value) < def->min || g_variant_get_uint32 (value) > def->max)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "bot option '%s' is an unsigned number (u) from %u to %u", def->name, def->min,
                   def->max);
      return FALSE;
    }
  set_option (bot, o, g_variant_get_uint32 (value));
  return TRUE;
}

/* Whether @options (nullable) has @key. */
static gboolean
given (GVariant *options, const char *key)
{
  g_autoptr (GVariant) value = options ? g_variant_lookup_value (options, key, NULL) : NULL;
  return value != NULL;
}

static void
set_unknown_strategy (const char *name, GError **error)
{
  g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
               "no bot strategy '%s' (random, greedy, mcts)", name);
}

/**
 * carc_bot_get_strategy_description:
 * @strategy: a strategy's name
 *
 * Returns: (transfer none) (nullable): one line for people on @strategy, or %NULL when there
 *   is no such strategy
 */
const char *
carc_bot_get_strategy_description (const char *strategy)
{
  g_return_val_if_fail (strategy != NULL, NULL);
  const CarcBotStrategy *s = find_strategy (strategy);
  return s ? s->description : NULL;
}

/**
 * carc_bot_list_options:
 * @strategy: a strategy's name (carc_bot_list_strategies())
 * @error: return location for a #CarcError
 *
 * The options @strategy takes, as carc_bot_new() checks them: each a number (type
 * %CARC_OPTION_UINT, D-Bus "u") from min to max, with its default. A default below min (0
 * for "iterations" and "ms") is an option left unset unless given. An unknown strategy is
 * CARC_ERROR_INVALID_ARGUMENT.
 *
 * Returns: (transfer container) (element-type CarcOptionDef) (nullable): the options, in the
 *   strategy's order (none for random and greedy), or %NULL with @error set
 */
GPtrArray *
carc_bot_list_options (const char *strategy, GError **error)
{
  g_return_val_if_fail (strategy != NULL, NULL);
  const CarcBotStrategy *s = find_strategy (strategy);
  if (!s)
    {
      set_unknown_strategy (strategy, error);
      return NULL;
    }
  GPtrArray *options = g_ptr_array_new ();
  for (guint i = 0; s->options[i]; i++)
    {
      const BotOption *o = find_option (s->options[i]);
      g_assert (o != NULL); /* every name a strategy lists is in the table */
      g_ptr_array_add (options, (gpointer)&o->def);
    }
  return options;
}

/**
 * carc_bot_new:
 * @strategy: "random", "greedy" or "mcts" (carc_bot_list_strategies())
 * @options: (nullable): the strategy's options, a{sv}: for mcts "iterations" (u, the
 *   budget per move, default 1000 when neither "ms" nor "cpu-ms" is given), "ms" (u, the
 *   budget per move in milliseconds of wall time), "cpu-ms" (u, the budget per move in
 *   milliseconds of the searching thread's CPU time; of several budgets, whichever ends
 *   first), "threads" (u, root parallelism, default 1), "depth" (u, the random moves
 *   a playout makes before the position is evaluated, default 4; 0: the new leaf is
 *   evaluated at once; 100000: always to the end of the game), "prior" (u,
 *   default 0: the visits each move of the root starts with, at the reward of greedy's value
 *   of it), "c" (u, the exploration constant in hundredths, default 30), "k" (u, default 5:
 *   Sequential Halving over greedy's k best moves, "iterations" counting playouts and
 *   "threads" sampling deals side by side; 0: the tree search, which alone reads "c",
 *   "depth" and "prior"), "reply" (u, with "k": the turns after the bot's own that greedy
 *   plays in a playout, default 2); random and greedy take none
 * @seed: the seed of the bot's own generator
 * @error: return location for a #CarcError
 *
 * An unknown strategy, an option the strategy does not take or a value out of its range is
 * CARC_ERROR_INVALID_ARGUMENT, naming what is wrong.
 *
 * Returns: (transfer full) (nullable): the bot, or %NULL with @error set
 */
CarcBot *
carc_bot_new (const char *strategy, GVariant *options, guint64 seed, GError **error)
{
  g_return_val_if_fail (strategy != NULL, NULL);
  g_return_val_if_fail (options == NULL || g_variant_is_of_type (options, G_VARIANT_TYPE_VARDICT),
                        NULL);
  const CarcBotStrategy *s = find_strategy (strategy);
  if (!s)
    {
      set_unknown_strategy (strategy, error);
      return NULL;
    }
  g_autoptr (CarcBot) bot = g_object_new (CARC_TYPE_BOT, NULL);
  bot->strategy = s;
  bot->seed = seed;
  carc_rng_init (&bot->rng, seed, 0x424f54u);
  GVariantIter iter;
  const char *key;
  GVariant *value;
  if (options)
    {
      g_variant_iter_init (&iter, options);
      while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
        if (!has_option (s, key))
          {
            g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                         "bot strategy '%s' has no option '%s'", s->name, key);
            g_variant_unref (value);
            return NULL;
          }
        else if (!read_option (bot, find_option (key), value, error))
          {
            g_variant_unref (value);
            return NULL;
          }
    }
  if (!bot->iterations && !bot->ms && !bot->cpu_ms)
    bot->iterations = 1000;
  if (s == &carc_bot_mcts)
    carc_bot_halving_scale (bot, given (options, "k"), given (options, "reply"));
  return g_steal_pointer (&bot);
}

/* One "key=value" of a spec: a number is u, anything else s. */
static gboolean
add_spec_option (GVariantBuilder *b, const char *item, GError **error)
{
  const char *eq = strchr (item, '=');
  if (!eq || eq == item || !eq[1])
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT,
                   "bot option '%s' is not key=value", item);
      return FALSE;
    }
  g_autofree char *key = g_strndup (item, (gsize)(eq - item));
  guint64 n;
  if (g_ascii_string_to_unsigned (eq + 1, 10, 0, G_MAXUINT32, &n, NULL))
    g_variant_builder_add (b, "{sv}", key, g_variant_new_uint32 ((guint32)n));
  else
    g_variant_builder_add (b, "{sv}", key, g_variant_new_string (eq + 1));
  return TRUE;
}

/**
 * carc_bot_new_from_spec:
 * @spec: a strategy and its options as text: "greedy", "mcts:ms=200,threads=2"
 *   (numbers are u, other values s; the keys of carc_bot_new())
 * @seed: the seed of the bot's own generator
 * @error: return location for a #CarcError
 *
 * Returns: (transfer full) (nullable): the bot, or %NULL with @error set
 *   (CARC_ERROR_INVALID_ARGUMENT)
 */
CarcBot *
carc_bot_new_from_spec (const char *spec, guint64 seed, GError **error)
{
  g_return_val_if_fail (spec != NULL, NULL);
  const char *colon = strchr (spec, ':');
  g_autofree char *name = colon ? g_strndup (spec, (gsize)(colon - spec)) : g_strdup (spec);
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_auto (GStrv) items = colon ? g_strsplit (colon + 1, ",", -1) : g_new0 (char *, 1);
  for (guint i = 0; items[i]; i++)
    if (!add_spec_option (&b, items[i], error))
      {
        g_variant_builder_clear (&b);
        return NULL;
      }
  g_autoptr (GVariant) options = g_variant_ref_sink (g_variant_builder_end (&b));
  return carc_bot_new (name, options, seed, error);
}

/**
 * carc_bot_get_strategy:
 * @self: a bot
 *
 * Returns: its strategy's name
 */
const char *
carc_bot_get_strategy (CarcBot *self)
{
  g_return_val_if_fail (CARC_IS_BOT (self), NULL);
  return self->strategy->name;
}

/**
 * carc_bot_to_spec:
 * @self: a bot
 *
 * Returns: (transfer full): its strategy and the options that matter for it, as
 *   carc_bot_new_from_spec() reads them ("mcts:iterations=1000,threads=1,k=5,reply=2";
 *   the tree search: "mcts:ms=200,threads=1,depth=4,c=30,k=0")
 */
char *
carc_bot_to_spec (CarcBot *self)
{
  g_return_val_if_fail (CARC_IS_BOT (self), NULL);
  if (self->strategy != &carc_bot_mcts)
    return g_strdup (self->strategy->name);
  GString *s = g_string_new ("mcts:");
  if (self->iterations)
    g_string_append_printf (s, "iterations=%u,", self->iterations);
  if (self->ms)
    g_string_append_printf (s, "ms=%u,", self->ms);
  if (self->cpu_ms)
    g_string_append_printf (s, "cpu-ms=%u,", self->cpu_ms);
  g_string_append_printf (s, "threads=%u,", self->threads);
  if (self->k)
    {
      g_string_append_printf (s, "k=%u,reply=%u", self->k, self->reply);
      return g_string_free (s, FALSE);
    }
  g_string_append_printf (s, "depth=%u,c=%u", self->depth, (guint)(self->exploration * 100 + 0.5));
  if (self->prior)
    g_string_append_printf (s, ",prior=%u", self->prior);
  g_string_append (s, ",k=0");
  return g_string_free (s, FALSE);
}

/**
 * carc_bot_get_playouts:
 * @self: a bot
 *
 * Returns: the playouts its searches have run so far (0 but for mcts)
 */
guint64
carc_bot_get_playouts (CarcBot *self)
{
  g_return_val_if_fail (CARC_IS_BOT (self), 0);
  return self->playouts;
}

/**
 * carc_bot_cancel:
 * @self: a bot
 *
 * Stops the bot for good, from any thread: a carc_bot_choose() running in another thread
 * returns as soon as it can (an mcts search stops within a few iterations), and it and every
 * later one fail with CARC_ERROR_CANCELLED. For a program that stops a search it no longer
 * needs (a game deleted while its bot thinks); make a new bot to play on.
 */
void
carc_bot_cancel (CarcBot *self)
{
  g_return_if_fail (CARC_IS_BOT (self));
  g_atomic_int_set (&self->cancelled, 1);
}

gboolean
carc_bot_cancelled (CarcBot *bot)
{
  return g_atomic_int_get (&bot->cancelled) != 0;
}

static gboolean
check_cancelled (CarcBot *bot, GError **error)
{
  if (!carc_bot_cancelled (bot))
    return TRUE;
  g_set_error (error, CARC_ERROR, CARC_ERROR_CANCELLED, "the bot was cancelled");
  return FALSE;
}

gboolean
carc_move_equal (const CarcMove *a, const CarcMove *b)
{
  return a->type == b->type && a->x == b->x && a->y == b->y && a->rotation == b->rotation
         && a->segment == b->segment && a->piece == b->piece && a->figure == b->figure
         && a->name == b->name && a->params == b->params;
}

/* What @bot may know of @game, as a game of its own: a copy with everything the current
 * player cannot see dealt again from @rng. */
CarcGame *
carc_bot_sample (CarcBot *bot, CarcGame *game, CarcRng *rng, GError **error)
{
  CarcGame *copy = carc_game_copy (game, error);
  if (copy)
    carc_game_redeal_hidden (copy, (gint)game->current, rng);
  return copy;
}

static gboolean
random_choose (CarcBot *bot, CarcGame *game, CarcMove *move, GError **error)
{
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (CarcMove));
  carc_game_collect_moves (game, game->current, moves);
  if (moves->len == 0) /* the engine offers a phase only when there is a move */
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "no move to choose from");
      return FALSE;
    }
  *move = g_array_index (moves, CarcMove, carc_rng_below (&bot->rng, moves->len));
  return TRUE;
}

/**
 * carc_bot_choose:
 * @self: a bot
 * @game: a game that is not over
 * @move: (out caller-allocates): the move the bot makes for the current player, one of
 *   carc_game_list_moves()
 * @error: return location for a #CarcError
 *
 * Chooses a move; it does not make it (carc_game_apply_move()). @game is not changed. A
 * game that is over is CARC_ERROR_GAME_OVER; a game whose expansions cannot be copied
 * (greedy, mcts) CARC_ERROR_PLUGIN; a bot cancelled before or while it chose
 * (carc_bot_cancel()) CARC_ERROR_CANCELLED.
 *
 * One bot chooses for one caller at a time: carc_bot_choose() changes its generator. Two
 * threads may each use a bot of their own, on games of their own (carc_game_copy()).
 *
 * Returns: %TRUE with @move set; %FALSE with @error set
 */
gboolean
carc_bot_choose (CarcBot *self, CarcGame *game, CarcMove *move, GError **error)
{
  g_return_val_if_fail (CARC_IS_BOT (self), FALSE);
  g_return_val_if_fail (CARC_GAME_VALID (game), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  if (game->phase == CARC_PHASE_OVER)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_GAME_OVER, "the game is over");
      return FALSE;
    }
  if (!check_cancelled (self, error))
    return FALSE;
  CarcMove chosen;
  if (!self->strategy->choose (self, game, &chosen, error) || !check_cancelled (self, error))
    return FALSE;
  *move = chosen;
  return TRUE;
}

/**
 * carc_bot_play_turn:
 * @self: a bot
 * @game: a game that is not over
 * @error: return location for a #CarcError
 *
 * Makes the current player's moves (carc_bot_choose(), carc_game_apply_move()) until the
 * turn is over: the turn number or the player changes, or the game ends.
 *
 * Returns: %TRUE on success; %FALSE with @error set
 */
gboolean
carc_bot_play_turn (CarcBot *self, CarcGame *game, GError **error)
{
  g_return_val_if_fail (CARC_IS_BOT (self), FALSE);
  g_return_val_if_fail (CARC_GAME_VALID (game), FALSE);
  guint turn = game->turn, player = game->current;
  do
    {
      CarcMove move;
      if (!carc_bot_choose (self, game, &move, error) || !carc_game_apply_move (game, &move, error))
        return FALSE;
    }
  while (game->phase != CARC_PHASE_OVER && game->turn == turn && game->current == player);
  return TRUE;
}
