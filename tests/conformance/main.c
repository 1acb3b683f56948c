/* main.c: carcassonne-conformance, the engine replayed against games JCloisterZone played
 * (doc/conformance.md). Folders come from the arguments, else from $CARC_CONFORMANCE_DIRS
 * (separated by ':'), else the vendored folders whose expansions the shipped plugins
 * implement. Exit status: 0 every replayed game agrees, 1 some game disagrees, 2 a usage
 * error, a file or folder that cannot be read, or no game replayed at all. */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include "carcassonne.h"
#include "run.h"

#ifndef CONFORMANCE_DATA_DIR
#define CONFORMANCE_DATA_DIR "tests/data/conformance"
#endif

/* The vendored folders (tests/data/conformance/README.md) that need only the base game and
 * the shipped plugins: all of them, now. */
static const char *const default_folders[] = {
  "base2p",
  "base5p",
  "base2p_builder",
  "winter2p",
  "abbey3p",
  "abbey3p_builder",
  "vineyard2p",
  "vineyard2p_builder",
  "winter_abbey_vineyard4p",
  "winter_abbey_vineyard4p_builder",
  "inns2p",
  "inns2p_builder",
  "inns4p",
  "inns4p_builder",
  "mayor3p",
  "mayor3p_builder",
  "river2p",
  "river2p_builder",
  "traders3p",
  "traders3p_builder",
  "ic_tb_am4p",
  "ic_tb_am4p_builder",
};

enum
{
  EXIT_AGREE = 0,
  EXIT_DISAGREE = 1,
  EXIT_USAGE = 2,
};

/* The folders to replay: the arguments, $CARC_CONFORMANCE_DIRS or the defaults. */
static char **
folders_to_replay (int argc, char **argv)
{
  if (argc > 1)
    return g_strdupv (argv + 1);
  const char *env = g_getenv ("CARC_CONFORMANCE_DIRS");
  if (env && *env)
    {
      g_auto (GStrv) parts = g_strsplit (env, G_SEARCHPATH_SEPARATOR_S, -1);
      g_autoptr (GStrvBuilder) folders = g_strv_builder_new ();
      for (guint i = 0; parts[i]; i++)
        if (*parts[i])
          g_strv_builder_add (folders, parts[i]);
      return g_strv_builder_end (folders);
    }
  g_autoptr (GStrvBuilder) folders = g_strv_builder_new ();
  g_autofree char *data_dir = g_canonicalize_filename (CONFORMANCE_DATA_DIR, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (default_folders); i++)
    {
      g_autofree char *folder = g_build_filename (data_dir, default_folders[i], NULL);
      g_strv_builder_add (folders, folder);
    }
  return g_strv_builder_end (folders);
}

static CarcPluginHost *
plugin_host (const char *dir)
{
  CarcPluginHost *host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, dir ? dir : carc_plugin_host_get_default_dir (), NULL, NULL);
  return host;
}

int
main (int argc, char **argv)
{
  g_autofree char *plugin_dir = NULL;
  const GOptionEntry entries[] = {
    { "plugin-dir", 'P', 0, G_OPTION_ARG_FILENAME, &plugin_dir,
      "Load the expansion plugins from DIR (default: $CARCASSONNE_PLUGIN_DIR or the installed "
      "ones)",
      "DIR" },
    { NULL },
  };
  setlocale (LC_ALL, "");
  g_autoptr (GOptionContext) context = g_option_context_new ("[FOLDER|FILE]...");
  g_option_context_set_summary (
      context, "Replays games played by JCloisterZone through the engine and reports every turn "
               "where the two disagree.");
  g_option_context_set_description (
      context, "Without arguments: the folders in $CARC_CONFORMANCE_DIRS (separated by ':'), "
               "else the vendored ones.\nExit status: 0 all agree, 1 some disagree, 2 usage or "
               "read errors or no game replayed.\n");
  g_option_context_add_main_entries (context, entries, NULL);
  g_autoptr (GError) error = NULL;
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "carcassonne-conformance: %s (try --help)\n", error->message);
      return EXIT_USAGE;
    }
  g_autoptr (CarcPluginHost) host = plugin_host (plugin_dir);
  g_autoptr (ConformanceRun) run = conformance_run_new (host, stdout, stderr, &error);
  if (!run)
    {
      fprintf (stderr, "carcassonne-conformance: base tiles: %s\n", error->message);
      return EXIT_USAGE;
    }
  g_auto (GStrv) folders = folders_to_replay (argc, argv);
  for (guint i = 0; folders[i]; i++)
    conformance_run_path (run, folders[i]);
  guint games = conformance_run_get_games (run);
  guint bad = conformance_run_get_disagreeing (run);
  printf ("conformance: %u games, %u disagree\n", games, bad);
  if (games == 0)
    fprintf (stderr, "carcassonne-conformance: no game replayed\n");
  if (conformance_run_get_errors (run) > 0 || games == 0)
    return EXIT_USAGE;
  return bad > 0 ? EXIT_DISAGREE : EXIT_AGREE;
}
