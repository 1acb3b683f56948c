/* journal.h: a game's journal file: checksummed lines, appended and flushed to disk.
 *
 * A journal is a text file of lines "<16 hex digits> <payload>\n": the first 16 hex digits of
 * the SHA-256 of the payload, a space, the payload (one line of JSON, no newline in it). The
 * file only grows by whole lines, each append flushed with fdatasync() before it returns, so
 * after a crash the file is a sequence of good lines, possibly followed by a torn one. This
 * file knows nothing of what the payloads mean (session-journal.c does): see
 * doc/persistence.md.
 */
#pragma once
#include <glib.h>

#define CARCD_JOURNAL_SUFFIX     ".journal"
#define CARCD_JOURNAL_BAD_SUFFIX ".unreadable"

typedef struct _CarcdJournal CarcdJournal;

/* Creates @dir (and its parents) with mode 0700 if missing. */
gboolean carcd_journal_ensure_dir (const char *dir, GError **error);

/* The journal file of game @id in @dir: "@dir/game-@id.journal". */
char *carcd_journal_path (const char *dir, guint id);

/* Creates the journal at @path (mode 0600; an existing file is replaced), writes
 * @n_payloads lines, flushes them and the directory entry to disk. */
CarcdJournal *carcd_journal_create (const char *path, const char *const *payloads, guint n_payloads,
                                    GError **error);

/* Appends @n_payloads lines in one write and flushes them to disk (fdatasync). On failure the
 * file is cut back to where it was, so it holds only whole lines. */
gboolean carcd_journal_append (CarcdJournal *journal, const char *const *payloads, guint n_payloads,
                               GError **error);

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

/* Reads the journal at @path: every line up to the first that is torn (no newline), has a
 * wrong checksum or is not UTF-8. Fails only if the file cannot be read at all. */
gboolean carcd_journal_read (const char *path, CarcdJournalContents *contents, GError **error);

/* Opens the journal at @path to append to it, first cutting it to @length bytes (the good
 * prefix carcd_journal_read() found) when it is longer. */
CarcdJournal *carcd_journal_open (const char *path, gsize length, GError **error);

/* Renames the file at @path to @path CARCD_JOURNAL_BAD_SUFFIX, so it is not read again;
 * returns the new name (NULL with @error if the rename failed). */
char *carcd_journal_set_aside (const char *path, GError **error);
