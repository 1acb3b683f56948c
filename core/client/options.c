/* options.c: carcassonnectl's options, parsed the same way from the command line and from a
 * line typed at the interactive prompt. */
#include "config.h"

#include <string.h>
#include "bus.h"
#include "ctl.h"

void
ctl_options_clear (CtlOptions *o)
{
  g_free (o->players);
  g_free (o->bots);
  g_free (o->seed);
  g_free (o->tile_order);
  g_free (o->followers);
  g_free (o->bot_delay);
  g_free (o->name);
  g_free (o->token);
  g_free (o->join);
  g_free (o->expansions);
  g_strfreev (o->option);
  g_strfreev (o->rule);
  g_free (o->to);
  g_free (o->plugin_dir);
  g_free (o->moves);
  g_free (o->svg);
  g_free (o->strategy);
  g_free (o->bot_strategy);
  g_free (o->color);
  memset (o, 0, sizeof *o);
}

static const struct
{
  guint bit;
  const char *name;
} option_names[] = {
  { CTL_OPT_PLAYERS, "--players" },
  { CTL_OPT_BOTS, "--bots" },
  { CTL_OPT_SEED, "--seed" },
  { CTL_OPT_TILE_ORDER, "--tile-order" },
  { CTL_OPT_NO_FARMERS, "--no-farmers" },
  { CTL_OPT_FOLLOWERS, "--followers" },
  { CTL_OPT_BOT_DELAY, "--bot-delay" },
  { CTL_OPT_NAME, "--name" },
  { CTL_OPT_START, "--start" },
  { CTL_OPT_WATCH, "--watch" },
  { CTL_OPT_BOARD, "--board" },
  { CTL_OPT_TOKEN, "--token" },
  { CTL_OPT_JOIN, "--join" },
  { CTL_OPT_EXPANSIONS, "--expansions" },
  { CTL_OPT_OPTION, "--option" },
  { CTL_OPT_TO, "--to" },
  { CTL_OPT_STEP, "--step" },
  { CTL_OPT_PLUGIN_DIR, "--plugin-dir" },
  { CTL_OPT_MOVES, "--moves" },
  { CTL_OPT_RULE, "--rule" },
  { CTL_OPT_SVG, "--svg" },
  { CTL_OPT_STRATEGY, "--strategy" },
  { CTL_OPT_BOT_STRATEGY, "--bot-strategy" },
};

const char *
ctl_option_name (guint bit)
{
  for (guint i = 0; i < G_N_ELEMENTS (option_names); i++)
    if (option_names[i].bit == bit)
      return option_names[i].name;
  return "?";
}

guint
ctl_options_given (const CtlOptions *o)
{
  return (o->players ? CTL_OPT_PLAYERS : 0) | (o->bots ? CTL_OPT_BOTS : 0)
         | (o->seed ? CTL_OPT_SEED : 0) | (o->tile_order ? CTL_OPT_TILE_ORDER : 0)
         | (o->no_farmers ? CTL_OPT_NO_FARMERS : 0) | (o->followers ? CTL_OPT_FOLLOWERS : 0)
         | (o->bot_delay ? CTL_OPT_BOT_DELAY : 0) | (o->name ? CTL_OPT_NAME : 0)
         | (o->start ? CTL_OPT_START : 0) | (o->watch ? CTL_OPT_WATCH : 0)
         | (o->board ? CTL_OPT_BOARD : 0) | (o->token ? CTL_OPT_TOKEN : 0)
         | (o->join ? CTL_OPT_JOIN : 0) | (o->expansions ? CTL_OPT_EXPANSIONS : 0)
         | (o->option ? CTL_OPT_OPTION : 0) | (o->to ? CTL_OPT_TO : 0)
         | (o->step ? CTL_OPT_STEP : 0) | (o->plugin_dir ? CTL_OPT_PLUGIN_DIR : 0)
         | (o->moves ? CTL_OPT_MOVES : 0) | (o->rule ? CTL_OPT_RULE : 0)
         | (o->svg ? CTL_OPT_SVG : 0) | (o->strategy ? CTL_OPT_STRATEGY : 0)
         | (o->bot_strategy ? CTL_OPT_BOT_STRATEGY : 0);
}

/* A word that looks like an option but is a number: a coordinate such as -1. */
static gboolean
is_number (const char *s)
{
  return g_ascii_string_to_signed (s, 10, G_MININT64, G_MAXINT64, NULL, NULL);
}

char *
ctl_usage_summary (void)
{
  GString *s = g_string_new ("Commands:\n");
  guint n;
  const CtlCommand *cmds = ctl_commands (&n);
  for (guint i = 0; i < n; i++)
    if (!cmds[i].interactive)
      {
        g_autofree char *left = g_strdup_printf ("%s %s", cmds[i].name, cmds[i].synopsis);
        g_string_append_printf (s, "  %-28s %s\n", left, cmds[i].help);
      }
  g_string_append (
      s,
      "\nWithout a command: the interactive prompt (type 'help' there).\n"
      "GAME is a game's number n or its path /org/carcassonne/Engine1/game/n.\n"
      "Seats belong to the bus connection that took them: a script either keeps "
      "one\nconnection (the interactive prompt on a pipe) or passes --token "
      "TOKEN, as printed\nby join, to show (to see its hand) and to every move; the "
      "creator's token, printed\nby new and load, to delete, save, bot and start.\n"
      "Exit status: 0 success, 1 the daemon refused, the bus failed or a record is bad,\n2 usage.");
  return g_string_free (s, FALSE);
}

gboolean
ctl_options_parse (CtlOptions *o, int argc, char **argv, gboolean whole_program, char ***words,
                   GError **error)
{
  /* No short options, so that -1 stays a coordinate. */
  const GOptionEntry game_entries[] = {
    { "players", 0, 0, G_OPTION_ARG_STRING, &o->players, "Seats, 2..6 (new)", "N" },
    { "bots", 0, 0, G_OPTION_ARG_STRING, &o->bots, "Seats for the built-in bot (new, load)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &o->seed, "The deck's seed (new)", "N" },
    { "tile-order", 0, 0, G_OPTION_ARG_STRING, &o->tile_order,
      "Draw these tile ids in this order (new)", "A,B,C" },
    { "no-farmers", 0, 0, G_OPTION_ARG_NONE, &o->no_farmers, "No followers on fields (new)", NULL },
    { "expansions", 0, 0, G_OPTION_ARG_STRING, &o->expansions,
      "Play with these expansions ('expansions' lists them) (new)", "A,B" },
    { "option", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->option,
      "An expansion's option, EXPANSION.OPTION=VALUE; again for more (new)", "EXP.OPT=VALUE" },
    { "rule", 0, 0, G_OPTION_ARG_STRING_ARRAY, &o->rule,
      "A rule option, e.g. tiny-city-scoring=2 ('expansions' lists them); again for more (new)",
      "NAME=VALUE" },
    { "bot-strategy", 0, 0, G_OPTION_ARG_STRING, &o->bot_strategy,
      "The strategy of the --bots seats, e.g. mcts:ms=200 ('strategies' lists them) (new, load)",
      "SPEC" },
    { "strategy", 0, 0, G_OPTION_ARG_STRING, &o->strategy,
      "A strategy and its options, e.g. greedy or mcts:ms=200,threads=2 (bot, hint)", "SPEC" },
    { "followers", 0, 0, G_OPTION_ARG_STRING, &o->followers, "Followers per player (new)", "N" },
    { "bot-delay", 0, 0, G_OPTION_ARG_STRING, &o->bot_delay,
      "Milliseconds a bot waits before a move (new, load)", "MS" },
    { "name", 0, 0, G_OPTION_ARG_STRING, &o->name, "A label for the game (new, load)", "S" },
    { "join", 0, 0, G_OPTION_ARG_STRING, &o->join,
      "Take a seat as NAME; print the player path and token (new, load)", "NAME" },
    { "start", 0, 0, G_OPTION_ARG_NONE, &o->start, "Start the game once created (new, load)",
      NULL },
    { "watch", 0, 0, G_OPTION_ARG_NONE, &o->watch,
      "Watch the game to its end; starts a game of bots only (new, load)", NULL },
    { "board", 0, 0, G_OPTION_ARG_NONE, &o->board,
      "Draw the board after every turn (watch, new) or move (replay)", NULL },
    { "to", 0, 0, G_OPTION_ARG_STRING, &o->to, "Stop after move N (replay)", "N" },
    { "step", 0, 0, G_OPTION_ARG_NONE, &o->step,
      "Wait for Enter after every move, on a terminal (replay)", NULL },
    { "plugin-dir", 0, 0, G_OPTION_ARG_FILENAME, &o->plugin_dir,
      "Load expansion plugins from DIR (replay)", "DIR" },
    { "moves", 0, 0, G_OPTION_ARG_STRING, &o->moves,
      "Replay only the first N moves of the record (load)", "N" },
    { "svg", 0, 0, G_OPTION_ARG_FILENAME, &o->svg,
      "Write the board's picture to FILE, SVG; - for standard output (board, save)", "FILE" },
    { "token", 0, 0, G_OPTION_ARG_STRING, &o->token,
      "A seat's token (the seat is taken back first) or the creator's (from new, load), given "
      "with every call",
      "TOKEN" },
    { NULL },
  };
  const GOptionEntry program_entries[] = {
    { "color", 0, 0, G_OPTION_ARG_STRING, &o->color, "Colours: auto (on a terminal), always, never",
      "WHEN" },
    { "ascii", 0, 0, G_OPTION_ARG_NONE, &o->ascii, "Draw the board with ASCII characters only",
      NULL },
    { "system", 0, 0, G_OPTION_ARG_NONE, &o->system, "Use the system bus, not the session bus",
      NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) ctx = g_option_context_new ("[COMMAND [ARGUMENTS...]]");
  g_option_context_set_summary (ctx, "Create, join, watch and play Carcassonne games hosted by "
                                     "carcassonned.");
  g_autofree char *summary = ctl_usage_summary ();
  g_option_context_set_description (ctx, summary);
  g_option_context_add_main_entries (ctx, game_entries, NULL);
  if (whole_program)
    g_option_context_add_main_entries (ctx, program_entries, NULL);
  g_option_context_set_ignore_unknown_options (ctx, TRUE);
  g_option_context_set_help_enabled (ctx, whole_program);

  g_autofree char **copy = g_new0 (char *, argc + 1);
  memcpy (copy, argv, sizeof (char *) * (gsize)argc);
  int n = argc;
  char **v = copy;
  g_autoptr (GError) local = NULL;
  if (!g_option_context_parse (ctx, &n, &v, &local))
    {
      g_set_error_literal (error, CTL_ERROR, CTL_ERROR_USAGE, local->message);
      return FALSE;
    }
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  for (int i = 1; i < n; i++)
    {
      if (v[i][0] == '-' && v[i][1] && !is_number (v[i]))
        {
          g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "unknown option %s", v[i]);
          g_ptr_array_free (out, TRUE);
          return FALSE;
        }
      g_ptr_array_add (out, g_strdup (v[i]));
    }
  g_ptr_array_add (out, NULL);
  *words = (char **)g_ptr_array_free (out, FALSE);
  return TRUE;
}
