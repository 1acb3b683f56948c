/* hint.c: Game.GetHint (doc/dbus-game.md): the move a strategy would make now for the
 * caller's seat, thought in a worker thread (thinker.h). The call is answered when the
 * thought is back: the handler keeps the message and sends the reply itself. */
#include "config.h"

#include "caller.h"
#include "cdbus.h"
#include "errors.h"
#include "move-object.h"
#include "session.h"

/* What one hint may cost (doc/dbus-game.md, GetHint): the threads of its search, and the
 * seconds it may think before it is stopped and refused. */
#define MAX_HINT_THREADS 16
#define MAX_HINT_SECONDS 60

typedef struct
{
  CarcdSession *session;
  DBusMessage *msg;
  CarcdThought *thought;
  guint seat;
  guint moves;    /* the moves of the game when it was asked */
  guint watchdog; /* stops it after MAX_HINT_SECONDS */
} Hint;

static void
hint_send (Hint *h, DBusMessage *reply)
{
  DBusConnection *c = h->session->daemon->connection;

  /* a caller that left the bus meanwhile gets nothing: the bus drops it */
  if (reply && !dbus_message_get_no_reply (h->msg))
    dbus_connection_send (c, reply, NULL);
  if (reply)
    dbus_message_unref (reply);
}

static void
hint_free (Hint *h)
{
  if (h->watchdog)
    g_source_remove (h->watchdog);
  dbus_message_unref (h->msg);
  g_free (h);
}

static DBusMessage *
hint_reply (Hint *h, const CarcMove *move, const GError *error)
{
  CarcdSession *s = h->session;
  DBusMessageIter it;
  guint n;

  if (move == NULL)
    return carcd_error_reply (h->msg, error);
  carc_game_get_moves (s->game, &n);
  if (n != h->moves)
    return carcd_error (h->msg, CARCD_ERROR_WRONG_PHASE,
                        "%s moved on while the hint was thought: ask again", s->path);
  DBusMessage *reply = dbus_message_new_method_return (h->msg);
  if (reply == NULL)
    return NULL;
  dbus_message_iter_init_append (reply, &it);
  if (!carcd_append_move_type_and_args (&it, move))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

/* The main loop: the hint's bot chose. */
static void
hint_thought (const CarcMove *move, guint n_moves, const GError *error, gpointer data)
{
  Hint *h = data;

  g_queue_remove (&h->session->hints, h);
  hint_send (h, hint_reply (h, move, error));
  hint_free (h);
}

/* The main loop: the hint thought too long; it is stopped and refused. */
static gboolean
hint_too_long (gpointer data)
{
  Hint *h = data;

  h->watchdog = 0;
  g_queue_remove (&h->session->hints, h);
  carcd_thought_cancel (h->thought);
  hint_send (h, carcd_error (h->msg, CARCD_ERROR_LIMIT_EXCEEDED,
                             "The hint was still thinking after %d s: ask with a smaller budget",
                             MAX_HINT_SECONDS));
  hint_free (h);
  return G_SOURCE_REMOVE;
}

/* LimitExceeded while a hint of the same seat is still being thought: one at a time. */
static gboolean
check_one_hint (CarcdSession *s, guint seat, GError **error)
{
  for (GList *l = s->hints.head; l; l = l->next)
    if (((Hint *)l->data)->seat == seat)
      {
        g_set_error (error, CARCD_ERROR, CARCD_ERROR_LIMIT_EXCEEDED,
                     "A hint for seat %u of %s is still being thought", seat, s->path);
        return FALSE;
      }
  return TRUE;
}

/* The hint's bot, of the options' strategy (default greedy), seeded at random. */
static CarcBot *
hint_bot (DBusMessageIter *dict, GError **error)
{
  CarcdBotSpec spec = { NULL };
  guint64 seed = 0;

  guint threads = 1;

  if (!carcd_bot_spec_read (dict, TRUE, "greedy", &spec, error))
    return NULL;
  if (spec.options && g_variant_lookup (spec.options, "threads", "u", &threads)
      && threads > MAX_HINT_THREADS)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_LIMIT_EXCEEDED,
                   "A hint searches in at most %d threads", MAX_HINT_THREADS);
      carcd_bot_spec_clear (&spec);
      return NULL;
    }
  if (!carcd_random_bytes (&seed, sizeof seed))
    seed = (guint64)g_get_real_time ();
  CarcBot *bot = carcd_bot_spec_new_bot (&spec, seed, error);
  carcd_bot_spec_clear (&spec);
  return bot;
}

DBusMessage *
carcd_game_get_hint (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcBot) bot = NULL;
  DBusMessageIter dict;
  CarcdCaller caller;

  carcd_options_of (msg, &dict);
  if (!carcd_caller_identify (msg, s, &dict, &caller, &error) || !(bot = hint_bot (&dict, &error))
      || !carcd_session_check_mover (s, &caller, &error)
      || !check_one_hint (s, caller.seat->index, &error))
    return carcd_error_reply (msg, error);
  Hint *h = g_new0 (Hint, 1);
  h->session = s;
  h->msg = dbus_message_ref (msg);
  h->seat = caller.seat->index;
  carc_game_get_moves (s->game, &h->moves);
  /* the bot chooses for the current player, who is the caller: it sees what the seat sees */
  h->thought = carcd_think (s->daemon, bot, s->game, FALSE, hint_thought, h, &error);
  if (h->thought == NULL)
    {
      hint_free (h);
      return carcd_error_reply (msg, error);
    }
  g_queue_push_tail (&s->hints, h);
  h->watchdog = g_timeout_add_seconds (MAX_HINT_SECONDS, hint_too_long, h);
  return NULL; /* hint_thought() answers */
}

void
carcd_session_cancel_hints (CarcdSession *s)
{
  Hint *h;

  while ((h = g_queue_pop_head (&s->hints)))
    {
      carcd_thought_cancel (h->thought);
      hint_send (h, carcd_error (h->msg, CARCD_ERROR_NO_SUCH_GAME,
                                 "%s went away before the hint was ready", s->path));
      hint_free (h);
    }
}
