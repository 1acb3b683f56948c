/* commit.c: the group commit: pending journals flushed together off the main loop, the replies
 * held till then. */
#include "config.h"

#include "commit.h"

#include <poll.h>

#include "cdbus.h"
#include "errors.h"
#include "session.h"

/* The most calls answered while moves wait before their journals are flushed anyway, under a
 * load that never lets the calls stop: about a millisecond of calls on the machine of
 * doc/performance.md. A count, not a time, so that a slow run (valgrind) batches alike. */
#define COMMIT_MAX_CALLS   32
#define COMMIT_MAX_WAIT_US (50 * 1000)

/* Journals flushed side by side at most: ext4 then writes their data and one journal commit
 * for them all, where one after the other each would wait for its own. */
#define MAX_SYNC_THREADS 16

/* A reply held until the commit; @session: the pending game it says yes about (a move made,
 * or what the game shows), refused if that game's flush fails; else NULL. */
typedef struct
{
  DBusMessage *call;
  DBusMessage *reply;
  CarcdSession *session;
} HeldReply;

typedef struct
{
  GSource source;
  CarcdDaemon *daemon;
} CommitSource;

/* A batch in flight: its journals flushed on the syncers while the main loop goes on, the next
 * batch forming meanwhile. @sessions[i] is NULL once that game is freed (carcd_commit_forget()
 * waits for the syncers first, so none touches its journal after). */
typedef struct _CarcdFlight
{
  GPtrArray *sessions;
  CarcdJournalFlush *flushes;
  guint n_replies; /* the first held replies are the batch's; those after, the next batch's */
  guint left;      /* journals not flushed yet, under the daemon's flight_lock */
} Flight;

typedef struct
{
  CarcdDaemon *daemon;
  Flight *flight;
  CarcdJournalFlush *flush;
} SyncJob;

static gboolean
pending (CarcdDaemon *d)
{
  return d->flight || d->dirty->len > 0 || !g_queue_is_empty (&d->held_replies);
}

/* The flight's journals are all flushed (or there is none). */
static gboolean
landed (CarcdDaemon *d)
{
  gboolean done;

  if (d->flight == NULL)
    return TRUE;
  g_mutex_lock (&d->flight_lock);
  done = d->flight->left == 0;
  g_mutex_unlock (&d->flight_lock);
  return done;
}

/* Blocks till the flight's journals are all flushed. */
static void
wait_landed (CarcdDaemon *d)
{
  if (d->flight == NULL)
    return;
  g_mutex_lock (&d->flight_lock);
  while (d->flight->left > 0)
    g_cond_wait (&d->flight_landed, &d->flight_lock);
  g_mutex_unlock (&d->flight_lock);
}

/* A call waits: in the connection's queue, or not read yet from its socket. */
static gboolean
calls_waiting (CarcdDaemon *d)
{
  struct pollfd p = { .events = POLLIN };

  if (dbus_connection_get_dispatch_status (d->connection) == DBUS_DISPATCH_DATA_REMAINS)
    return TRUE;
  return dbus_connection_get_socket (d->connection, &p.fd) && poll (&p, 1, 0) == 1
         && (p.revents & POLLIN);
}

/* While a batch is in flight: due once it has landed. Else due once no call waits, or
 * COMMIT_MAX_CALLS replies wait, or (a safety net: a socket that stays readable with nothing
 * read from it) COMMIT_MAX_WAIT_US after the batch began; else the time left till then in
 * @timeout (ms). */
static gboolean
commit_due (CarcdDaemon *d, gint *timeout)
{
  gint64 left;

  *timeout = -1;
  /* a flight wakes the main loop when it lands (sync_job()); the next batch goes then */
  if (d->flight)
    return landed (d);
  if (!pending (d))
    return FALSE;
  if (g_queue_get_length (&d->held_replies) >= COMMIT_MAX_CALLS || !calls_waiting (d))
    return TRUE;
  left = d->pending_since + COMMIT_MAX_WAIT_US - g_get_monotonic_time ();
  if (left <= 0)
    return TRUE;
  *timeout = (gint)((left + 999) / 1000);
  return FALSE;
}

static gboolean
source_prepare (GSource *source, gint *timeout)
{
  return commit_due (((CommitSource *)source)->daemon, timeout);
}

static gboolean
source_check (GSource *source)
{
  return commit_due (((CommitSource *)source)->daemon, &(gint){ 0 });
}

static void land (CarcdDaemon *d);
static void launch (CarcdDaemon *d);

/* A flight landed: its replies go out, and the batch that formed meanwhile takes off at once.
 * Or no flight, and the batch is due: it takes off. */
static gboolean
source_dispatch (GSource *source, GSourceFunc callback, gpointer user_data)
{
  CarcdDaemon *d = ((CommitSource *)source)->daemon;

  if (d->flight)
    land (d);
  launch (d);
  return G_SOURCE_CONTINUE;
}

static GSourceFuncs source_funcs = {
  .prepare = source_prepare,
  .check = source_check,
  .dispatch = source_dispatch,
};

/* The layer's reply hold (cdbus_set_reply_hold_func()): while anything is pending, every
 * reply waits for the commit, in order. One that says yes to a call on a pending game (a
 * move, or what the game shows) is refused instead if that game's flush fails: it would tell
 * of a move that is undone. */
static gboolean
hold_reply (DBusConnection *connection, DBusMessage *call, DBusMessage *reply, gpointer data)
{
  CarcdDaemon *d = data;
  CarcdSession *s;
  HeldReply *held;

  if (!pending (d))
    return FALSE;
  s = carcd_daemon_lookup_path (d, dbus_message_get_path (call));
  held = g_new (HeldReply, 1);
  held->call = dbus_message_ref (call);
  held->reply = dbus_message_ref (reply);
  held->session = s && (s->commit_pending || s->commit_flying)
                          && dbus_message_get_type (reply) == DBUS_MESSAGE_TYPE_METHOD_RETURN
                      ? s
                      : NULL;
  g_queue_push_tail (&d->held_replies, held);
  return TRUE;
}

void
carcd_commit_init (CarcdDaemon *d)
{
  d->dirty = g_ptr_array_new ();
  g_queue_init (&d->held_replies);
  g_mutex_init (&d->flight_lock);
  g_cond_init (&d->flight_landed);
}

void
carcd_commit_start (CarcdDaemon *d)
{
  GSource *source;

  g_return_if_fail (d->commit_source == 0);
  d->group_commit = TRUE;
  cdbus_set_reply_hold_func (d->connection, hold_reply, d);
  source = g_source_new (&source_funcs, sizeof (CommitSource));
  ((CommitSource *)source)->daemon = d;
  g_source_set_static_name (source, "carcd group commit");
  d->commit_source = g_source_attach (source, NULL);
  g_source_unref (source);
}

void
carcd_commit_shutdown (CarcdDaemon *d)
{
  carcd_commit_run (d);
  dbus_connection_flush (d->connection);
  if (d->commit_source)
    {
      cdbus_set_reply_hold_func (d->connection, NULL, NULL);
      g_source_remove (d->commit_source);
      d->commit_source = 0;
    }
  d->group_commit = FALSE;
  if (d->syncers)
    g_thread_pool_free (g_steal_pointer (&d->syncers), FALSE, TRUE);
}

gboolean
carcd_commit_enabled (CarcdSession *s)
{
  return s->daemon->group_commit && s->journal != NULL;
}

void
carcd_commit_add (CarcdSession *s, guint n_moves)
{
  CarcdDaemon *d = s->daemon;

  if (!pending (d))
    d->pending_since = g_get_monotonic_time ();
  if (!s->commit_pending)
    {
      s->commit_pending = TRUE;
      g_ptr_array_add (d->dirty, s);
    }
  s->commit_moves += n_moves;
}

/* On a syncer: one journal of the flight flushed; the last wakes the main loop. */
static void
sync_job (gpointer data, gpointer user_data)
{
  SyncJob *job = data;
  CarcdDaemon *d = job->daemon;

  carcd_journal_flush_run (job->flush);
  g_mutex_lock (&d->flight_lock);
  if (--job->flight->left == 0)
    {
      g_cond_signal (&d->flight_landed);
      g_main_context_wakeup (NULL);
    }
  g_mutex_unlock (&d->flight_lock);
  g_free (job);
}

/* The first @n held replies, in order (one about a game whose flush failed was made the Failed
 * error already, refuse_held()). */
static void
send_replies (CarcdDaemon *d, guint n)
{
  HeldReply *held;

  for (; n > 0 && (held = g_queue_pop_head (&d->held_replies)); n--)
    {
      dbus_connection_send (d->connection, held->reply, NULL);
      dbus_message_unref (held->reply);
      dbus_message_unref (held->call);
      g_free (held);
    }
}

/* The error the moves of @s in a batch whose flush failed (@cause) answer: the synchronous
 * path's (after_move() in session.c). */
static GError *
refusal (CarcdSession *s, const GError *cause)
{
  return g_error_new (CARCD_ERROR, CARCD_ERROR_FAILED,
                      "The move could not be saved, so it was not made: Could not save %s: %s",
                      s->path, cause->message);
}

/* The pending journals take off: their flushes start on the syncers, side by side, and the
 * replies held so far become the flight's. With no journal pending, the held replies go out
 * at once. */
static void
launch (CarcdDaemon *d)
{
  Flight *f;

  g_return_if_fail (d->flight == NULL);
  if (d->dirty->len == 0)
    {
      send_replies (d, G_MAXUINT);
      cdbus_flush (d->connection);
      return;
    }
  if (d->syncers == NULL)
    d->syncers = g_thread_pool_new (sync_job, NULL, MAX_SYNC_THREADS, FALSE, NULL);
  f = g_new0 (Flight, 1);
  f->sessions = g_steal_pointer (&d->dirty);
  d->dirty = g_ptr_array_new ();
  f->flushes = g_new0 (CarcdJournalFlush, f->sessions->len);
  f->n_replies = g_queue_get_length (&d->held_replies);
  f->left = f->sessions->len;
  for (guint i = 0; i < f->sessions->len; i++)
    {
      CarcdSession *s = f->sessions->pdata[i];

      s->commit_pending = FALSE;
      s->commit_flying = TRUE;
      s->flight_moves = s->commit_moves;
      s->commit_moves = 0;
      s->flight_journaled = s->n_journaled;
      s->flight_mark = g_queue_get_length (&s->held_signals);
      carcd_journal_flush_begin (s->journal, &f->flushes[i]);
    }
  d->flight = f;
  d->n_batches++;
  for (guint i = 0; i < f->sessions->len; i++)
    {
      SyncJob *job = g_new (SyncJob, 1);

      job->daemon = d;
      job->flight = f;
      job->flush = &f->flushes[i];
      g_thread_pool_push (d->syncers, job, NULL);
    }
}

/* The flight of @s failed: its moves in the next batch are undone with the flight's (the
 * journal lost their lines too), and every held reply that says yes about it is refused, the
 * next batch's too. */
static void
refuse_held (CarcdDaemon *d, CarcdSession *s)
{
  if (s->commit_pending)
    {
      g_ptr_array_remove (d->dirty, s);
      s->commit_pending = FALSE;
      s->commit_moves = 0;
    }
  for (GList *l = d->held_replies.head; l; l = l->next)
    {
      HeldReply *held = l->data;

      if (held->session != s)
        continue;
      dbus_message_unref (held->reply);
      held->reply = carcd_error_reply (held->call, s->commit_error);
      held->session = NULL;
    }
}

/* One game of the landed flight: its journal marked flushed, or cut back and its moves of this
 * batch and the next undone (carcd_session_committed()). */
static void
land_session (CarcdDaemon *d, CarcdSession *s, CarcdJournalFlush *flush)
{
  g_autoptr (GError) error = NULL;

  s->commit_flying = FALSE;
  d->n_fsyncs++;
  if (carcd_journal_flush_finish (flush, &error))
    d->n_commit_moves += s->flight_moves;
  else
    {
      s->commit_error = refusal (s, error);
      refuse_held (d, s);
    }
  s->flight_moves = 0;
  carcd_session_committed (s, error);
  g_clear_error (&s->commit_error);
  /* the reaper passed over it meanwhile */
  if (!s->commit_pending && carcd_session_is_abandoned (s))
    carcd_daemon_schedule_reap (d);
}

/* The flight landed (every journal flushed or failed): its games go on, then its replies go
 * out, in order; the next batch's still wait. */
static void
land (CarcdDaemon *d)
{
  Flight *f = g_steal_pointer (&d->flight);

  for (guint i = 0; i < f->sessions->len; i++)
    if (f->sessions->pdata[i])
      land_session (d, f->sessions->pdata[i], &f->flushes[i]);
  send_replies (d, f->n_replies);
  g_ptr_array_unref (f->sessions);
  g_free (f->flushes);
  g_free (f);
  cdbus_flush (d->connection);
}

void
carcd_commit_run (CarcdDaemon *d)
{
  for (guint round = 0; round < 2; round++)
    {
      if (d->flight)
        {
          wait_landed (d);
          land (d);
        }
      if (round == 0 && pending (d))
        launch (d);
    }
}

void
carcd_commit_forget (CarcdSession *s)
{
  CarcdDaemon *d = s->daemon;

  if (s->commit_pending)
    g_ptr_array_remove (d->dirty, s);
  s->commit_pending = FALSE;
  if (s->commit_flying)
    {
      /* its journal is about to go: no syncer may be flushing it then */
      wait_landed (d);
      for (guint i = 0; i < d->flight->sessions->len; i++)
        if (d->flight->sessions->pdata[i] == s)
          d->flight->sessions->pdata[i] = NULL;
      s->commit_flying = FALSE;
    }
  for (GList *l = d->held_replies.head; l; l = l->next)
    if (((HeldReply *)l->data)->session == s)
      ((HeldReply *)l->data)->session = NULL;
}

void
carcd_commit_count (CarcdDaemon *d, guint n_moves)
{
  d->n_fsyncs++;
  d->n_batches++;
  d->n_commit_moves += n_moves;
}

void
carcd_commit_log_stats (CarcdDaemon *d)
{
  g_message ("commits: fsyncs %" G_GUINT64_FORMAT " moves %" G_GUINT64_FORMAT
             " batches %" G_GUINT64_FORMAT,
             d->n_fsyncs, d->n_commit_moves, d->n_batches);
}
