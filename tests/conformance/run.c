/* run.c: replays every game of the folders (or files) it is given, in file name order, and
 * prints on its output stream one line per disagreement
 *     DISAGREEMENT <file> turn <n>: <what>
 * one line per folder with games that need an expansion no plugin provides (they are left
 * out of the counts)
 *     SKIPPED <folder>: needs expansion <name>[, <name>...] (<k> games)
 * and one line per folder
 *     <folder>: <n> games, <m> disagree
 * and on its error stream one line per file or folder it cannot read
 *     ERROR <path>: <why> */
#include "config.h"

#include "run.h"

#include <string.h>
#include "jcz-record.h"
#include "replay.h"

struct _ConformanceRun
{
  CarcPluginHost *host;
  CarcTileSet *tiles;
  FILE *out;
  FILE *err;
  guint games;       /* replayed */
  guint disagreeing; /* replayed with at least one disagreement */
  guint errors;      /* files and folders that could not be read */
};

/* What one folder's games came to. */
typedef struct
{
  guint games;
  guint disagreeing;
  guint skipped;
  GPtrArray *missing; /* the expansions the skipped games need, sorted, each once */
} FolderTally;

/**
 * conformance_run_new:
 * @host: the plugins the games' expansions come from
 * @out: where the report goes; @err: where errors go
 *
 * Returns: (transfer full): a run, or %NULL when the base tiles cannot be loaded
 */
ConformanceRun *
conformance_run_new (CarcPluginHost *host, FILE *out, FILE *err, GError **error)
{
  g_return_val_if_fail (CARC_IS_PLUGIN_HOST (host) && out != NULL && err != NULL, NULL);
  CarcTileSet *tiles = carc_tile_set_new_base (error);
  if (!tiles)
    return NULL;
  ConformanceRun *run = g_new0 (ConformanceRun, 1);
  run->host = g_object_ref (host);
  run->tiles = tiles;
  run->out = out;
  run->err = err;
  return run;
}

void
conformance_run_free (ConformanceRun *run)
{
  if (!run)
    return;
  g_object_unref (run->host);
  g_object_unref (run->tiles);
  g_free (run);
}

static void G_GNUC_PRINTF (3, 4)
    error_line (ConformanceRun *run, const char *path, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  g_autofree char *why = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (run->err, "ERROR %s: %s\n", path, why);
  run->errors++;
}

typedef struct
{
  ConformanceRun *run;
  const char *path;
} Report;

static void
report_disagreement (guint turn, const char *what, gpointer data)
{
  Report *rep = data;
  fprintf (rep->run->out, "DISAGREEMENT %s turn %u: %s\n", rep->path, turn, what);
}

static void
note_missing (FolderTally *tally, char **missing)
{
  tally->skipped++;
  for (guint i = 0; missing[i]; i++)
    {
      guint at;
      if (!g_ptr_array_find_with_equal_func (tally->missing, missing[i], g_str_equal, &at))
        g_ptr_array_add (tally->missing, g_strdup (missing[i]));
    }
}

static void
replay_file (ConformanceRun *run, const char *path, FolderTally *tally)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JczGame) game = jcz_game_load (path, &error);
  if (!game)
    {
      error_line (run, path, "%s", error->message);
      return;
    }
  g_auto (GStrv) missing = conformance_missing_expansions (game, run->host);
  if (missing)
    {
      note_missing (tally, missing);
      return;
    }
  Report rep = { run, path };
  guint bad = conformance_replay (game, run->tiles, run->host, report_disagreement, &rep);
  tally->games++;
  tally->disagreeing += bad > 0;
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

/* The game records of a folder (*.jsonl.gz, *.jsonl), sorted; NULL if it cannot be read. */
static GPtrArray *
list_games (ConformanceRun *run, const char *folder)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) dir = g_dir_open (folder, 0, &error);
  if (!dir)
    {
      error_line (run, folder, "%s", error->message);
      return NULL;
    }
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  while ((entry = g_dir_read_name (dir)))
    if (g_str_has_suffix (entry, ".jsonl.gz") || g_str_has_suffix (entry, ".jsonl"))
      g_ptr_array_add (files, g_build_filename (folder, entry, NULL));
  if (files->len == 0)
    {
      error_line (run, folder, "no game records (*.jsonl.gz, *.jsonl) in it");
      return NULL;
    }
  g_ptr_array_sort (files, compare_strings);
  return g_steal_pointer (&files);
}

static void
print_skipped (ConformanceRun *run, const char *folder, FolderTally *tally)
{
  g_ptr_array_sort (tally->missing, compare_strings);
  g_ptr_array_add (tally->missing, NULL);
  g_autofree char *names = g_strjoinv (", ", (char **)tally->missing->pdata);
  fprintf (run->out, "SKIPPED %s: needs expansion%s %s (%u games)\n", folder,
           tally->missing->len > 2 ? "s" : "", names, tally->skipped);
}

static void
replay_folder (ConformanceRun *run, const char *folder)
{
  g_autoptr (GPtrArray) files = list_games (run, folder);
  if (!files)
    return;
  g_autoptr (GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);
  FolderTally tally = { .missing = missing };
  for (guint i = 0; i < files->len; i++)
    replay_file (run, g_ptr_array_index (files, i), &tally);
  if (tally.skipped)
    print_skipped (run, folder, &tally);
  fprintf (run->out, "%s: %u games, %u disagree\n", folder, tally.games, tally.disagreeing);
  run->games += tally.games;
  run->disagreeing += tally.disagreeing;
}

/**
 * conformance_run_path:
 * @path: a folder of game records, or one record file
 *
 * Replays the games, prints what it finds (see the top of this file) and adds them to the
 * totals. A record file whose expansions no plugin provides is reported as a folder of one.
 */
void
conformance_run_path (ConformanceRun *run, const char *path)
{
  g_return_if_fail (run != NULL && path != NULL);
  g_autofree char *name = g_strdup (path); /* "dir/" named "dir" in the report */
  for (gsize n = strlen (name); n > 1 && G_IS_DIR_SEPARATOR (name[n - 1]); n--)
    name[n - 1] = '\0';
  path = name;
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      replay_folder (run, path);
      return;
    }
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      error_line (run, path, "no such file or folder");
      return;
    }
  g_autoptr (GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);
  FolderTally tally = { .missing = missing };
  replay_file (run, path, &tally);
  if (tally.skipped)
    print_skipped (run, path, &tally);
  run->games += tally.games;
  run->disagreeing += tally.disagreeing;
}

guint
conformance_run_get_games (ConformanceRun *run)
{
  g_return_val_if_fail (run != NULL, 0);
  return run->games;
}

guint
conformance_run_get_disagreeing (ConformanceRun *run)
{
  g_return_val_if_fail (run != NULL, 0);
  return run->disagreeing;
}

guint
conformance_run_get_errors (ConformanceRun *run)
{
  g_return_val_if_fail (run != NULL, 0);
  return run->errors;
}
