/* carc-bot-private.h (internal): a bot's state and its strategies, shared by carc-bot*.c. */
#pragma once

#include "carc-bot.h"
#include "carc-game-private.h"

G_BEGIN_DECLS

typedef struct _CarcBotStrategy CarcBotStrategy;

struct _CarcBot
{
  GObject parent_instance;
  const CarcBotStrategy *strategy;
  guint64 seed;
  CarcRng rng; /* the bot's own: never the game's */
  /* mcts */
  guint iterations; /* 0: none given */
  guint ms;         /* 0: none given */
  guint threads;
  gdouble exploration;
  guint depth;      /* random playout moves before evaluating */
  guint cpu_ms;     /* 0: none given */
  guint prior;      /* virtual visits of the root's moves at greedy's value */
  guint k;          /* 0: the tree; else Sequential Halving over greedy's k best moves */
  guint reply;      /* with k: the turns after the bot's own that greedy plays out */
  guint64 playouts; /* playouts run so far (mcts) */
  gint cancelled;   /* atomic: carc_bot_cancel() was called */
};

/* A strategy: its name, its options (NULL-terminated names of carc-bot.c's table), how it
 * chooses, and one line for people. */
struct _CarcBotStrategy
{
  const char *name;
  const char *const *options;
  gboolean (*choose) (CarcBot *bot, CarcGame *game, CarcMove *move, GError **error);
  const char *description;
};

/* A search's budget: iterations, wall time and the searching thread's CPU time, each 0
 * when not given. */
typedef struct
{
  guint iterations;
  gint64 wall_start, wall_us; /* g_get_monotonic_time () */
  gint64 cpu_start, cpu_us;   /* carc_bot_cpu_time (), of the thread that searches */
} CarcBudget;

G_GNUC_INTERNAL extern const CarcBotStrategy carc_bot_greedy;
G_GNUC_INTERNAL extern const CarcBotStrategy carc_bot_mcts;

/* carc-bot.c */
G_GNUC_INTERNAL CarcGame *carc_bot_sample (CarcBot *bot, CarcGame *game, CarcRng *rng,
                                           GError **error);
G_GNUC_INTERNAL gboolean carc_move_equal (const CarcMove *a, const CarcMove *b);
G_GNUC_INTERNAL gboolean carc_bot_cancelled (CarcBot *bot);

/* carc-bot-mcts.c */
G_GNUC_INTERNAL gint64 carc_bot_cpu_time (void);
G_GNUC_INTERNAL gboolean carc_bot_out_of_time (const CarcBudget *budget, gdouble fraction);

/* carc-bot-halving.c */
G_GNUC_INTERNAL void carc_bot_halving_scale (CarcBot *bot, gboolean k_given, gboolean reply_given);
G_GNUC_INTERNAL gboolean carc_bot_halving (CarcBot *bot, CarcGame *game, GArray *legal,
                                           CarcBudget *budget, guint *choice, GError **error);

/* carc-bot-greedy.c */
G_GNUC_INTERNAL gboolean carc_bot_greedy_play (CarcGame *game, guint turn, guint player,
                                               guint turns, CarcRng *rng, GArray *moves);
G_GNUC_INTERNAL void carc_bot_worth (CarcGame *game, gdouble value[CARC_MAX_PLAYERS]);
G_GNUC_INTERNAL gdouble carc_bot_relative (const gdouble *value, guint n_players, guint player);
G_GNUC_INTERNAL gdouble carc_bot_evaluate (CarcGame *game, guint player);
G_GNUC_INTERNAL void carc_bot_greedy_values (CarcGame *game, GArray *moves, gdouble *values);
G_GNUC_INTERNAL gboolean carc_bot_greedy_pick (CarcGame *game, GArray *moves, CarcRng *rng,
                                               guint *index, GError **error);

G_END_DECLS
