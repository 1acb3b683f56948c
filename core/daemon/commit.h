/* commit.h: the group commit: the moves of one main-loop turn share their journals' flush.
 *
 * A move is made in memory and its journal lines written (carcd_journal_write()) in its
 * handler; the game is then "pending": its reply, its signals and its properties are held.
 * Once no call waits (in the connection's queue or its socket), or once 32 calls have been
 * answered meanwhile under a load that never lets the calls stop (or 50 ms after the batch
 * began, a safety net), the batch takes off: every pending journal is flushed (one fdatasync
 * each, side by side on a few threads) while the main loop goes on, its new moves forming the
 * next batch. When the flushes are done the batch lands: its held signals, properties and
 * replies go out in the order they were made, and the next batch takes off. A game whose
 * flush failed goes back to the moves on disk (the synchronous path's undo), dropping its
 * moves of the next batch too (their lines are cut with the failed ones); their signals are
 * dropped and their replies become the documented Failed error. While a batch flies or one is
 * pending, every reply waits, not only the moves': none tells of a move not on disk. See
 * doc/persistence.md, "Group commit".
 */
#pragma once
#include "daemon.h"

/* The daemon's part of it, off (carcd_daemon_new()). */
void carcd_commit_init (CarcdDaemon *daemon);

/* Turns the group commit on, on @daemon's connection (main(), unless --no-group-commit: then
 * every move is flushed before its handler returns, as before). */
void carcd_commit_start (CarcdDaemon *daemon);

/* Waits for the flight, flushes whatever is pending, then stops holding replies (the daemon
 * stopping). */
void carcd_commit_shutdown (CarcdDaemon *daemon);

/* The group commit is on and @session keeps a journal: its moves may wait for the flush. */
gboolean carcd_commit_enabled (CarcdSession *session);

/* @session wrote @n_moves moves to its journal, not flushed: they wait for the next commit,
 * and so does every reply meanwhile. */
void carcd_commit_add (CarcdSession *session, guint n_moves);

/* Waits for the batch in flight and lands it, then flushes every pending journal and waits
 * for it too, letting out what waited for them (see above): everything written is on disk. */
void carcd_commit_run (CarcdDaemon *daemon);

/* @session is freed: it is no longer pending (the replies about it go out with the rest); if
 * its journal is being flushed, this waits till it is, so that the journal may go. */
void carcd_commit_forget (CarcdSession *session);

/* Counts one flush of a journal for @n_moves moves (the synchronous path's). */
void carcd_commit_count (CarcdDaemon *daemon, guint n_moves);

/* Logs the flushes and the moves they carried since the start, in one line (SIGUSR1, with
 * carcd_daemon_log_tables()): "commits: fsyncs N moves M batches B". */
void carcd_commit_log_stats (CarcdDaemon *daemon);
