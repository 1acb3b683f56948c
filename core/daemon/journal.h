/* journal.h: a game's journal file: checksummed lines, appended and flushed to disk.
 *
 * A journal is a text file of lines "<16 hex digits> <payload>\n": the first 16 hex digits of
 * the SHA-256 of the payload, a space, the payload (one line of JSON, no newline in it). The
 * file only grows by whole lines, flushed with fdatasync() before anything that depends on them
 * is acknowledged, so after a crash the file is a sequence of good lines, possibly followed by
 * a torn one. This
 * file knows nothing of what the payloads mean (session-journal.c does): see
 * doc/persistence.md.
 */
#pragma once
#include <glib.h>

#define CARCD_JOURNAL_SUFFIX     ".journal"
#define CARCD_JOURNAL_BAD_SUFFIX ".unreadable"
/* a journal being rewritten whole (carcd_journal_replace()), until it is renamed over it */
#define CARCD_JOURNAL_NEW_SUFFIX ".new"

/* The largest journal: a longer file is none the daemon wrote (a line that would take a journal
 * past it is refused, like a full disk), and it is not read. The longest game (a 1,000-tile
 * order, or an imported record of 1 MiB) takes a few MiB. */
#define CARCD_JOURNAL_MAX_SIZE (16u * 1024 * 1024)

/* Errors of carcd_journal_read() that say the file is no journal (G_IO_ERROR ones say it could
 * not be read now: the file may be healthy). */
#define CARCD_JOURNAL_ERROR carcd_journal_error_quark ()
GQuark carcd_journal_error_quark (void);

typedef enum
{
  CARCD_JOURNAL_ERROR_NOT_A_JOURNAL, /* not a regular file, a symbolic link, too large */
} CarcdJournalError;

typedef struct _CarcdJournal CarcdJournal;

/* Creates @dir (and its parents) with mode 0700 if missing. */
gboolean carcd_journal_ensure_dir (const char *dir, GError **error);

/* Locks the state directory @dir for this process (flock(2) on the directory itself, so that
 * it works on a read-only one too) and returns the descriptor holding the lock, to keep open
 * for the daemon's life; -1 with G_IO_ERROR_BUSY if another process holds it, or another
 * G_IO_ERROR. */
int carcd_journal_lock_dir (const char *dir, GError **error);

/* @dir is on a file system in memory (tmpfs, ramfs), where fdatasync() writes nothing and
 * returns at once: the daemon then flushes each move on its own, on the main loop, rather
 * than hand the flush to a thread (doc/persistence.md, "Group commit"). FALSE if it cannot
 * tell. */
gboolean carcd_journal_dir_in_memory (const char *dir);

/* The journal file of game @id in @dir: "@dir/game-@id.journal". */
char *carcd_journal_path (const char *dir, guint id);

/* Creates the journal at @path (mode 0600; fails if a file is there), writes
 * @n_payloads lines, flushes them and the directory entry to disk. */
CarcdJournal *carcd_journal_create (const char *path, const char *const *payloads, guint n_payloads,
                                    GError **error);

/* Appends @n_payloads lines in one write, not flushed yet (carcd_journal_sync() does): the
 * group commit's first half (doc/persistence.md, "Group commit"). On failure the file is cut
 * back to where it was, so it holds only whole lines. Lines that would take the file past
 * CARCD_JOURNAL_MAX_SIZE are refused (G_IO_ERROR_NO_SPACE). */
gboolean carcd_journal_write (CarcdJournal *journal, const char *const *payloads, guint n_payloads,
                              GError **error);

/* Flushes the lines written since the last flush to disk (fdatasync). If it fails, those lines
 * are cut off the file, all of them: whether any reached the disk is not known. */
gboolean carcd_journal_sync (CarcdJournal *journal, GError **error);

/* The group commit's flush, off the main loop (doc/persistence.md, "Group commit"):
 * carcd_journal_flush_begin() (the main thread) notes the lines written so far;
 * carcd_journal_flush_run() (any thread) flushes them to disk (fdatasync), touching only the
 * file, so lines may be written meanwhile; carcd_journal_flush_finish() (the main thread) marks
 * them flushed or, if the flush failed, cuts off every line since the last flush, those written
 * meanwhile too, as carcd_journal_sync() does. The journal must stay open till the run is
 * over. */
typedef struct
{
  CarcdJournal *journal;
  int fd;
  gsize length;    /* the lines flushed end there */
  gboolean needed; /* some were not flushed yet */
  int err;         /* errno of the fdatasync that failed, else 0 */
} CarcdJournalFlush;

void carcd_journal_flush_begin (CarcdJournal *journal, CarcdJournalFlush *flush);
void carcd_journal_flush_run (CarcdJournalFlush *flush);
gboolean carcd_journal_flush_finish (CarcdJournalFlush *flush, GError **error);

/* Every line written is flushed. */
gboolean carcd_journal_is_synced (CarcdJournal *journal);

/* carcd_journal_write() then carcd_journal_sync(), on a journal with every line flushed. */
gboolean carcd_journal_append (CarcdJournal *journal, const char *const *payloads, guint n_payloads,
                               GError **error);

/* Replaces the journal's lines by @n_payloads lines, atomically: they are written to a new file
 * beside it, flushed, renamed over it, and the directory flushed. On failure the journal is as
 * it was, but if only the directory could not be flushed: then the journal holds the new lines
 * and the next carcd_journal_append() flushes the directory first. */
gboolean carcd_journal_replace (CarcdJournal *journal, const char *const *payloads,
                                guint n_payloads, GError **error);

/* Closes the journal, leaving the file. */
void carcd_journal_close (CarcdJournal *journal);

/* Closes the journal and removes its file. */
void carcd_journal_delete (CarcdJournal *journal);

/* What reading a journal found. */
typedef struct
{
  GPtrArray *payloads; /* char *, the good lines' payloads in order */
  gsize good_length;   /* bytes of the file those lines take */
  gsize length;        /* bytes of the file */
  char *problem;       /* why reading stopped before the end, or NULL */
} CarcdJournalContents;

void carcd_journal_contents_clear (CarcdJournalContents *contents);

/* Reads the journal @data (@length bytes, any bytes) into @contents: every line up to the first
 * that is torn (no newline), has a wrong checksum or is not UTF-8 (its problem then says which
 * and why). */
void carcd_journal_parse (const char *data, gsize length, CarcdJournalContents *contents);

/* Reads the journal at @path, as carcd_journal_parse() does: every line up to the first that is
 * torn (no newline), has a wrong checksum or is not UTF-8. Only a regular file (not a symbolic
 * link, a FIFO, a device) of at most CARCD_JOURNAL_MAX_SIZE bytes is read; any other fails with
 * CARCD_JOURNAL_ERROR_NOT_A_JOURNAL. A file that cannot be read now (too many open files, no
 * memory, an I/O error, no permission) fails with a G_IO_ERROR. */
gboolean carcd_journal_read (const char *path, CarcdJournalContents *contents, GError **error);

/* Opens the journal at @path (a regular file, not a symbolic link) to append to it, first
 * cutting it to @length bytes (the good prefix carcd_journal_read() found) when it is longer. */
CarcdJournal *carcd_journal_open (const char *path, gsize length, GError **error);

/* Renames the file at @path to @path CARCD_JOURNAL_BAD_SUFFIX, so it is not read again;
 * returns the new name (NULL with @error if the rename failed). */
char *carcd_journal_set_aside (const char *path, GError **error);
