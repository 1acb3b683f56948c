/* test-conformance.c: the engine against every game JCloisterZone, a peer engine, played in
 * the vendored folders its plugins implement (tests/data/conformance: all 440 games, base,
 * Winter, abbeys, vineyards and their mixes, Inns & Cathedrals, River I, Abbey & Mayor,
 * Traders & Builders and the four together), through the real tool,
 * tests/conformance/carcassonne-conformance, run as a user runs it: its whole output and exit
 * status are checked. Then the tool's own promises (issue 14, doc/conformance.md): a game changed
 * to disagree is reported with its file and turn and exit 1; games of expansions no plugin provides
 * are skipped and named, never counted; unreadable input is an error, exit 2. */
#include "config.h"

#include <check.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include "check-run.h"

typedef struct
{
  int status;
  char *out;
  char *err;
} ToolRun;

static void
tool_run_clear (ToolRun *run)
{
  g_free (run->out);
  g_free (run->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ToolRun, tool_run_clear)

/* Runs the tool with @args (NULL-terminated, may be empty) and $CARC_CONFORMANCE_DIRS set to
 * @dirs (NULL: unset); the plugins come from $CARCASSONNE_PLUGIN_DIR (the build tree's). */
static void
run_tool (ToolRun *run, const char *dirs, const char *const *args)
{
  const char *top = g_getenv ("TOP_BUILDDIR") ? g_getenv ("TOP_BUILDDIR") : TOP_BUILDDIR;
  g_autofree char *tool
      = g_build_filename (top, "tests", "conformance", "carcassonne-conformance", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, tool);
  for (guint i = 0; args && args[i]; i++)
    g_ptr_array_add (argv, (gpointer)args[i]);
  g_ptr_array_add (argv, NULL);
  g_autoptr (GSubprocessLauncher) launcher
      = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE); /* GLib's messages untranslated */
  if (dirs)
    g_subprocess_launcher_setenv (launcher, "CARC_CONFORMANCE_DIRS", dirs, TRUE);
  else
    g_subprocess_launcher_unsetenv (launcher, "CARC_CONFORMANCE_DIRS");
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) proc
      = g_subprocess_launcher_spawnv (launcher, (const char *const *)argv->pdata, &error);
  ck_assert_msg (proc != NULL, "%s: %s", tool, error ? error->message : "");
  ck_assert_msg (g_subprocess_communicate_utf8 (proc, NULL, NULL, &run->out, &run->err, &error),
                 "%s", error ? error->message : "");
  ck_assert_msg (g_subprocess_get_if_exited (proc), "the tool did not exit: %s", run->err);
  run->status = g_subprocess_get_exit_status (proc);
}

/* The vendored folder NAME, as the tool names it (a canonical path). */
static char *
vendored (const char *name)
{
  g_autofree char *dir = g_build_filename (TEST_DATA_DIR, "conformance", name, NULL);
  return g_canonicalize_filename (dir, NULL);
}

static char *
temp_folder (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("test-conformance.XXXXXX", &error);
  ck_assert_msg (dir != NULL, "%s", error ? error->message : "");
  return dir;
}

static void
remove_folder (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *entry;
  while (d && (entry = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, entry, NULL);
      g_unlink (path);
    }
  g_rmdir (dir);
}

/* The lines of a vendored game. */
static char **
game_lines (const char *folder, const char *file)
{
  g_autofree char *dir = vendored (folder);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_autoptr (GFile) f = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GInputStream) raw = G_INPUT_STREAM (g_file_read (f, NULL, &error));
  ck_assert_msg (raw != NULL, "%s: %s", path, error ? error->message : "");
  g_autoptr (GZlibDecompressor) gz = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) in = g_converter_input_stream_new (raw, G_CONVERTER (gz));
  g_autoptr (GOutputStream) out = g_memory_output_stream_new_resizable ();
  ck_assert (g_output_stream_splice (out, in, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, NULL) > 0);
  g_autoptr (GBytes) text = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
  g_autofree char *s = g_strndup (g_bytes_get_data (text, NULL), g_bytes_get_size (text));
  return g_strsplit (s, "\n", -1);
}

/* Writes @lines gzipped to DIR/NAME, as the vendored games are. */
static char *
write_game (const char *dir, const char *name, char **lines)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autofree char *text = g_strjoinv ("\n", lines);
  g_autoptr (GFile) f = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (GOutputStream) raw
      = G_OUTPUT_STREAM (g_file_replace (f, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error));
  ck_assert_msg (raw != NULL, "%s", error ? error->message : "");
  g_autoptr (GZlibCompressor) gz = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
  g_autoptr (GOutputStream) out = g_converter_output_stream_new (raw, G_CONVERTER (gz));
  ck_assert (g_output_stream_write_all (out, text, strlen (text), NULL, NULL, &error));
  ck_assert_msg (g_output_stream_close (out, NULL, &error), "%s", error ? error->message : "");
  return path;
}

/* Renames, in the header line of @lines, the expansion @from (quoted) to @to. */
static void
rename_expansion (char **lines, const char *from, const char *to)
{
  char *at = strstr (lines[0], from);
  ck_assert_ptr_nonnull (at);
  g_autofree char *head = g_strndup (lines[0], (gsize)(at - lines[0]));
  char *renamed = g_strconcat (head, to, at + strlen (from), NULL);
  g_free (lines[0]);
  lines[0] = renamed;
}

/* Every vendored folder the plugins implement replays with no disagreement, and each holds
 * the games tests/data/conformance/README.md lists (so a lost file is noticed). */
START_TEST (test_conformance_vendored)
{
  static const struct
  {
    const char *folder;
    guint games;
  } folders[] = {
    { "base2p", 40 },
    { "base5p", 20 },
    { "base2p_builder", 20 },
    { "winter2p", 20 },
    { "abbey3p", 20 },
    { "abbey3p_builder", 20 },
    { "vineyard2p", 10 },
    { "vineyard2p_builder", 20 },
    { "winter_abbey_vineyard4p", 10 },
    { "winter_abbey_vineyard4p_builder", 20 },
    { "inns2p", 20 },
    { "inns2p_builder", 20 },
    { "inns4p", 20 },
    { "inns4p_builder", 20 },
    { "mayor3p", 20 },
    { "mayor3p_builder", 20 },
    { "river2p", 20 },
    { "river2p_builder", 20 },
    { "traders3p", 20 },
    { "traders3p_builder", 20 },
    { "ic_tb_am4p", 20 },
    { "ic_tb_am4p_builder", 20 },
  };
  g_autoptr (GString) want = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *dir = vendored (folders[i].folder);
      g_string_append_printf (want, "%s: %u games, 0 disagree\n", dir, folders[i].games);
    }
  g_string_append (want, "conformance: 440 games, 0 disagree\n");
  g_auto (ToolRun) run = { 0 };
  run_tool (&run, NULL, NULL);
  ck_assert_str_eq (run.out, want->str);
  ck_assert_msg (run.status == 0, "exit %d: %s", run.status, run.err);
}
END_TEST

/* $CARC_CONFORMANCE_DIRS names the folders when no argument does. */
START_TEST (test_conformance_env_dirs)
{
  g_autofree char *a = vendored ("base5p");
  g_autofree char *b = vendored ("winter2p");
  g_autofree char *dirs = g_strjoin (G_SEARCHPATH_SEPARATOR_S, a, b, NULL);
  g_autofree char *want = g_strdup_printf ("%s: 20 games, 0 disagree\n%s: 20 games, 0 disagree\n"
                                           "conformance: 40 games, 0 disagree\n",
                                           a, b);
  g_auto (ToolRun) run = { 0 };
  run_tool (&run, dirs, NULL);
  ck_assert_str_eq (run.out, want);
  ck_assert_int_eq (run.status, 0);
}
END_TEST

/* A game with one recorded score changed (turn 10, player 0: JCZ recorded 0) disagrees at
 * that turn, with exactly this line, and the tool exits 1. */
START_TEST (test_conformance_corrupted_game)
{
  g_auto (GStrv) lines = game_lines ("base2p", "base2p-10001.jsonl.gz");
  ck_assert_str_eq (lines[10], "{\"kind\":\"turn\",\"turn\":10,\"player\":1,\"discarded\":[],"
                               "\"abbey_pass\":false,\"action\":{\"type\":\"tile\",\"tile\":"
                               "\"BA/C\",\"x\":-2,\"y\":1,\"rot\":1,\"ctn\":\"E\",\"ctn_rot\":1},"
                               "\"meeple\":null,\"scoring\":[],\"score\":[0,0],\"supply\":[3,5]}");
  char *changed = strstr (lines[10], "\"score\":[0,0]");
  changed[9] = '1';
  g_autofree char *dir = temp_folder ();
  g_autofree char *path = write_game (dir, "base2p-10001.jsonl.gz", lines);
  g_autofree char *want = g_strdup_printf (
      "DISAGREEMENT %s turn 10: points of player 0: JCZ 1, ours 0\n%s: 1 games, 1 disagree\n"
      "conformance: 1 games, 1 disagree\n",
      path, dir);
  g_auto (ToolRun) run = { 0 };
  run_tool (&run, NULL, (const char *const[]){ dir, NULL });
  remove_folder (dir);
  ck_assert_str_eq (run.out, want);
  ck_assert_int_eq (run.status, 1);
}
END_TEST

/* Games whose expansions no plugin provides are named and left out of the counts; a run that
 * replays nothing exits 2, so it cannot pass for a run that agrees. */
START_TEST (test_conformance_skipped)
{
  /* Every vendored folder has its plugins now: games renamed to expansions nobody provides. */
  g_auto (GStrv) one = game_lines ("traders3p", "traders3p-94001.jsonl.gz");
  g_auto (GStrv) two = game_lines ("mayor3p", "mayor3p-96001.jsonl.gz");
  rename_expansion (one, "\"traders-and-builders\"", "\"princess-and-dragon\"");
  rename_expansion (two, "\"abbey-and-mayor\"", "\"princess-and-dragon\",\"the-tower\"");
  g_autofree char *a = temp_folder ();
  g_autofree char *b = temp_folder ();
  g_free (write_game (a, "a.jsonl.gz", one));
  g_free (write_game (b, "b.jsonl.gz", two));
  g_autofree char *want = g_strdup_printf (
      "SKIPPED %s: needs expansion princess-and-dragon (1 games)\n%s: 0 games, 0 disagree\n"
      "SKIPPED %s: needs expansions princess-and-dragon, the-tower (1 games)\n"
      "%s: 0 games, 0 disagree\nconformance: 0 games, 0 disagree\n",
      a, a, b, b);
  g_auto (ToolRun) run = { 0 };
  run_tool (&run, NULL, (const char *const[]){ a, b, NULL });
  remove_folder (a);
  remove_folder (b);
  ck_assert_str_eq (run.out, want);
  ck_assert_str_eq (run.err, "carcassonne-conformance: no game replayed\n");
  ck_assert_int_eq (run.status, 2);
}
END_TEST

/* A folder mixing a game it can replay and one it cannot: one counted, one skipped, exit 0. */
START_TEST (test_conformance_skipped_mixed)
{
  g_auto (GStrv) base = game_lines ("base5p", "base5p-30001.jsonl.gz");
  g_auto (GStrv) other = game_lines ("traders3p", "traders3p-94001.jsonl.gz");
  rename_expansion (other, "\"traders-and-builders\"", "\"princess-and-dragon\"");
  g_autofree char *dir = temp_folder ();
  g_free (write_game (dir, "a.jsonl.gz", base));
  g_free (write_game (dir, "b.jsonl.gz", other));
  g_autofree char *want = g_strdup_printf (
      "SKIPPED %s: needs expansion princess-and-dragon (1 games)\n%s: 1 games, 0 disagree\n"
      "conformance: 1 games, 0 disagree\n",
      dir, dir);
  g_auto (ToolRun) run = { 0 };
  run_tool (&run, NULL, (const char *const[]){ dir, NULL });
  remove_folder (dir);
  ck_assert_str_eq (run.out, want);
  ck_assert_int_eq (run.status, 0);
}
END_TEST

/* A record with a malformed line is an error naming the file and the line (the other games
 * still replay), exit 2; so are a path that does not exist and a folder with no games. */
START_TEST (test_conformance_unreadable)
{
  g_auto (GStrv) good = game_lines ("base2p", "base2p-10001.jsonl.gz");
  g_auto (GStrv) bad = game_lines ("base2p", "base2p-10002.jsonl.gz");
  g_free (bad[3]);
  bad[3] = g_strdup ("{\"kind\":\"turn\",\"turn\":3,\"player\":0,\"score\":\"x\"}");
  g_autofree char *dir = temp_folder ();
  g_autofree char *empty = temp_folder ();
  g_free (write_game (dir, "a.jsonl.gz", good));
  g_autofree char *bad_path = write_game (dir, "b.jsonl.gz", bad);
  g_autofree char *want_err
      = g_strdup_printf ("ERROR %s: line 4: \"action\": missing or not an object or null\n"
                         "ERROR %s: no game records (*.jsonl.gz, *.jsonl) in it\n"
                         "ERROR /nonexistent/folder: no such file or folder\n",
                         bad_path, empty);
  g_auto (ToolRun) run = { 0 };
  run_tool (&run, NULL, (const char *const[]){ dir, empty, "/nonexistent/folder", NULL });
  remove_folder (dir);
  remove_folder (empty);
  g_autofree char *want
      = g_strdup_printf ("%s: 1 games, 0 disagree\nconformance: 1 games, 0 disagree\n", dir);
  ck_assert_str_eq (run.out, want);
  ck_assert_str_eq (run.err, want_err);
  ck_assert_int_eq (run.status, 2);
}
END_TEST

/* A usage error: exit 2 with a message. */
START_TEST (test_conformance_usage)
{
  g_auto (ToolRun) run = { 0 };
  run_tool (&run, NULL, (const char *const[]){ "--no-such-option", NULL });
  ck_assert_str_eq (run.out, "");
  ck_assert_str_eq (run.err,
                    "carcassonne-conformance: Unknown option --no-such-option (try --help)\n");
  ck_assert_int_eq (run.status, 2);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("conformance");
  TCase *tc = tcase_create ("jcloisterzone");
  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_conformance_vendored);
  tcase_add_test (tc, test_conformance_env_dirs);
  tcase_add_test (tc, test_conformance_corrupted_game);
  tcase_add_test (tc, test_conformance_skipped);
  tcase_add_test (tc, test_conformance_skipped_mixed);
  tcase_add_test (tc, test_conformance_unreadable);
  tcase_add_test (tc, test_conformance_usage);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
