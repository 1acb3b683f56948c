/* thinker.c: a pool of worker threads where bots choose their moves (thinker.h). */
#include "config.h"

#include "thinker.h"

#ifdef __linux__
#include <errno.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include "errors.h"

/* The worker threads: one a processor, at least 2 (a long thought, an mcts budget of an hour,
 * holds one of them, not every other game's bots), at most 8 (a bot's own "threads" option
 * searches in more). They run at THINKER_NICE, so the main loop gets the CPU first. */
#define MIN_THINKERS 2
#define MAX_THINKERS 8
/* The nice value of a worker: thinking yields the CPU to the main loop, which answers the
 * moves of every other game (an mcts search's own threads inherit it). */
#define THINKER_NICE 10

struct _CarcdThought
{
  CarcdDaemon *daemon;
  CarcBot *bot;
  CarcGame *game; /* the copy: the worker's alone until it is done */
  CarcdThoughtFunc done;
  gpointer data;
  gboolean whole_turn;
  gboolean cancelled; /* main loop only */
  /* the worker's result, read in the main loop once the idle callback runs */
  gboolean chosen;
  CarcMove move;    /* one move */
  guint first_move; /* a whole turn: the moves of the copy from this one on */
  GError *error;
};

static void
thought_free (CarcdThought *t)
{
  g_object_unref (t->bot);
  g_object_unref (t->game);
  g_clear_error (&t->error);
  g_free (t);
}

/* Main loop: the worker is done with @data. */
static gboolean
thought_done (gpointer data)
{
  CarcdThought *t = data;

  g_queue_remove (&t->daemon->thoughts, t);
  if (t->cancelled)
    ;
  else if (!t->chosen)
    t->done (NULL, 0, t->error, t->data);
  else if (!t->whole_turn)
    t->done (&t->move, 1, NULL, t->data);
  else
    {
      guint n;
      const CarcMove *moves = carc_game_get_moves (t->game, &n);
      t->done (moves + t->first_move, n - t->first_move, NULL, t->data);
    }
  thought_free (t);
  return G_SOURCE_REMOVE;
}

/* Lowers the calling thread's priority (Linux sets nice values per thread). */
static void
yield_to_main_loop (void)
{
#ifdef __linux__
  if (setpriority (PRIO_PROCESS, (id_t)syscall (SYS_gettid), THINKER_NICE) != 0)
    g_debug ("thinker: setpriority: %s", g_strerror (errno));
#endif
}

/* A worker thread. */
static void
think (gpointer data, gpointer user_data)
{
  CarcdThought *t = data;

  yield_to_main_loop ();
  if (t->whole_turn)
    {
      carc_game_get_moves (t->game, &t->first_move);
      t->chosen = carc_bot_play_turn (t->bot, t->game, &t->error);
    }
  else
    t->chosen = carc_bot_choose (t->bot, t->game, &t->move, &t->error);
  g_idle_add (thought_done, t);
}

static gboolean
ensure_pool (CarcdDaemon *daemon, GError **error)
{
  if (daemon->thinkers)
    return TRUE;
  gint n = CLAMP ((gint)g_get_num_processors (), MIN_THINKERS, MAX_THINKERS);
  /* exclusive: its threads (at nice THINKER_NICE) serve no other pool */
  daemon->thinkers = g_thread_pool_new (think, NULL, n, TRUE, error);
  return daemon->thinkers != NULL;
}

CarcdThought *
carcd_think (CarcdDaemon *daemon, CarcBot *bot, CarcGame *game, gboolean whole_turn,
             CarcdThoughtFunc done, gpointer data, GError **error)
{
  g_autoptr (CarcGame) copy = carc_game_copy (game, error);

  if (copy == NULL || !ensure_pool (daemon, error))
    return NULL;
  CarcdThought *t = g_new0 (CarcdThought, 1);
  t->daemon = daemon;
  t->bot = g_object_ref (bot);
  t->game = g_steal_pointer (&copy);
  t->whole_turn = whole_turn;
  t->done = done;
  t->data = data;
  g_queue_push_tail (&daemon->thoughts, t);
  if (!g_thread_pool_push (daemon->thinkers, t, error))
    {
      g_queue_remove (&daemon->thoughts, t);
      thought_free (t);
      return NULL;
    }
  return t;
}

void
carcd_thought_cancel (CarcdThought *t)
{
  t->cancelled = TRUE;
  carc_bot_cancel (t->bot);
}

void
carcd_thinkers_shutdown (CarcdDaemon *daemon)
{
  CarcdThought *t;

  for (GList *l = daemon->thoughts.head; l; l = l->next)
    carcd_thought_cancel (l->data);
  if (daemon->thinkers)
    g_thread_pool_free (g_steal_pointer (&daemon->thinkers), FALSE, TRUE);
  /* every worker is done: what is left waits for its idle callback, which will not run */
  while ((t = g_queue_pop_head (&daemon->thoughts)))
    {
      while (g_source_remove_by_user_data (t))
        ;
      thought_free (t);
    }
}
