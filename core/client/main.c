/* main.c: carcassonnectl, the command-line client of carcassonned: the command table, the
 * bus connection, error messages and exit statuses (0 done, 1 refused or failed, 2 usage). */
#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "bus.h"
#include "ctl.h"
#include "dbus/cdbus.h"

#define GAME_OPTS                                                                                  \
  (CTL_OPT_PLAYERS | CTL_OPT_BOTS | CTL_OPT_SEED | CTL_OPT_TILE_ORDER | CTL_OPT_NO_FARMERS         \
   | CTL_OPT_FOLLOWERS | CTL_OPT_BOT_DELAY | CTL_OPT_NAME | CTL_OPT_START | CTL_OPT_WATCH          \
   | CTL_OPT_BOARD | CTL_OPT_JOIN | CTL_OPT_EXPANSIONS | CTL_OPT_OPTION | CTL_OPT_RULE             \
   | CTL_OPT_BOT_STRATEGY)

/* min_args counts GAME; at the prompt GAME may be left out (the game in view). */
static const CtlCommand commands[] = {
  { "new", "[OPTIONS]", 0, 0, GAME_OPTS, ctl_cmd_new,
    "create a game; print its path and creator token", FALSE },
  { "list", "", 0, 0, 0, ctl_cmd_list, "list the games", FALSE },
  { "expansions", "", 0, 0, 0, ctl_cmd_expansions,
    "the expansions the daemon loaded, with their options", FALSE },
  { "strategies", "", 0, 0, 0, ctl_cmd_strategies,
    "the bots' strategies, with their options (for --strategy)", FALSE },
  { "show", "GAME", 1, 1, CTL_OPT_TOKEN, ctl_cmd_show,
    "the game, its players, its board (--token: our hand)", FALSE },
  { "join", "GAME NAME", 2, 2, 0, ctl_cmd_join, "take a seat; print the player path and token",
    FALSE },
  { "bot", "GAME NAME", 2, 2, CTL_OPT_TOKEN | CTL_OPT_STRATEGY, ctl_cmd_bot,
    "seat a bot (--strategy SPEC: which, default random)", FALSE },
  { "start", "GAME", 1, 1, CTL_OPT_TOKEN, ctl_cmd_start, "start the game", FALSE },
  { "place", "GAME X Y ROT", 4, 4, CTL_OPT_TOKEN, ctl_cmd_place,
    "place the tile in play (ROT: clockwise quarter turns)", FALSE },
  { "deploy", "GAME SEGMENT|skip", 2, 2, CTL_OPT_TOKEN, ctl_cmd_deploy,
    "put a follower on a segment of the tile just placed, or none", FALSE },
  { "draw", "GAME", 1, 1, CTL_OPT_TOKEN, ctl_cmd_draw,
    "draw the tile to place (instead of playing a piece); print it", FALSE },
  { "piece", "GAME INDEX X Y ROT", 5, 5, CTL_OPT_TOKEN, ctl_cmd_piece,
    "place hand piece INDEX instead of drawing", FALSE },
  { "pieces", "GAME INDEX", 2, 2, CTL_OPT_TOKEN, ctl_cmd_pieces,
    "where piece INDEX of the hand fits: X Y ROT lines", FALSE },
  { "pass", "GAME", 1, 1, CTL_OPT_TOKEN, ctl_cmd_pass, "place nothing in an end-of-game turn",
    FALSE },
  { "moves", "GAME", 1, 1, CTL_OPT_TOKEN, ctl_cmd_moves,
    "our legal moves, numbered, of every type (an expansion's too)", FALSE },
  { "move", "GAME N", 2, 2, CTL_OPT_TOKEN, ctl_cmd_move, "make move N of 'moves'", FALSE },
  { "hint", "GAME", 1, 1, CTL_OPT_TOKEN | CTL_OPT_STRATEGY, ctl_cmd_hint,
    "the move a strategy would make (--strategy SPEC, default greedy), numbered as in 'moves'",
    FALSE },
  { "watch", "GAME", 1, 1, CTL_OPT_BOARD, ctl_cmd_watch, "print the game's events to its end",
    FALSE },
  { "leave", "GAME", 1, 1, CTL_OPT_TOKEN, ctl_cmd_leave, "give up the seat", FALSE },
  { "rejoin", "GAME TOKEN", 2, 2, 0, ctl_cmd_rejoin, "take a seat back with its token", FALSE },
  { "delete", "GAME", 1, 1, CTL_OPT_TOKEN, ctl_cmd_delete,
    "remove the game (its creator only; --token: the creator's)", FALSE },
  { "save", "GAME FILE", 2, 2, CTL_OPT_TOKEN | CTL_OPT_SVG, ctl_cmd_save,
    "write the game's record to FILE (its creator; anyone once over); --svg: and its picture",
    FALSE },
  { "load", "FILE [OPTIONS]", 1, 1,
    CTL_OPT_MOVES | CTL_OPT_BOTS | CTL_OPT_BOT_DELAY | CTL_OPT_NAME | CTL_OPT_JOIN | CTL_OPT_START
        | CTL_OPT_WATCH | CTL_OPT_BOARD | CTL_OPT_BOT_STRATEGY,
    ctl_cmd_load,
    "create a game from a record (--moves N: to move N); print its path and creator token", FALSE },
  { "replay", "FILE", 1, 1, CTL_OPT_TO | CTL_OPT_STEP | CTL_OPT_BOARD | CTL_OPT_PLUGIN_DIR,
    ctl_cmd_replay, "replay a record move by move, here (no daemon)", FALSE },
  { "interactive", "", 0, 0, 0, ctl_cmd_interactive, "the interactive prompt", FALSE },
  { "play", "GAME [NAME]", 1, 2, 0, ctl_cmd_play, "join GAME and play it at the prompt", FALSE },
  { "board", "GAME", 1, 1, CTL_OPT_SVG, ctl_cmd_board,
    "draw the board; --svg FILE: write its picture (SVG) to FILE", FALSE },
  /* The prompt's own. */
  { "help", "", 0, 1, 0, ctl_cmd_help, "this list", TRUE },
  { "tile", "", 0, 1, 0, ctl_cmd_tile, "the tile in play in its four rotations", TRUE },
  { "placements", "", 0, 1, 0, ctl_cmd_placements, "number the legal placements for 'place N'",
    TRUE },
  { "skip", "", 0, 1, 0, ctl_cmd_skip, "deploy nothing this turn", TRUE },
  { "wait", "", 0, 0, 0, ctl_cmd_wait, "read no more input until our turn or the game's end",
    TRUE },
  { "quit", "", 0, 0, 0, ctl_cmd_quit, "leave the prompt (the seat is kept: rejoin with its token)",
    TRUE },
};

const CtlCommand *
ctl_commands (guint *n)
{
  *n = G_N_ELEMENTS (commands);
  return commands;
}

const CtlCommand *
ctl_command_lookup (const char *name)
{
  static const char *const aliases[][2]
      = { { "exit", "quit" }, { "games", "list" }, { "?", "help" } };
  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    if (g_str_equal (name, aliases[i][0]))
      name = aliases[i][1];
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      return &commands[i];
  return NULL;
}

gboolean
ctl_command_run (Ctl *ctl, const CtlCommand *cmd, const CtlOptions *opts, char **words,
                 GError **error)
{
  guint n = g_strv_length (words);
  guint given = ctl_options_given (opts) & ~cmd->options;
  if (given)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "%s does not apply to %s",
                   ctl_option_name (1u << g_bit_nth_lsf (given, -1)), cmd->name);
      return FALSE;
    }
  if (cmd->interactive && !ctl->interactive)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "%s works at the interactive prompt only",
                   cmd->name);
      return FALSE;
    }
  /* At the prompt GAME may be left out, and "place N" and "piece INDEX N" take a listed
   * placement. */
  guint min = cmd->min_args;
  if (ctl->interactive && min && strstr (cmd->synopsis, "GAME") == cmd->synopsis)
    min = cmd->func == ctl_cmd_place ? 1 : cmd->func == ctl_cmd_piece ? 2 : min - 1;
  if (n < min || n > cmd->max_args)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "usage: %s %s", cmd->name, cmd->synopsis);
      return FALSE;
    }
  return cmd->func (ctl, opts, words, n, error);
}

void
ctl_out (const char *text)
{
  fputs (text, stdout);
  fflush (stdout);
}

void
ctl_outf (const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *text = g_strdup_vprintf (format, ap);
  va_end (ap);
  ctl_out (text);
}

/* "carcassonnectl: NotYourTurn: ..." on stderr; the exit status for @error. */
static int
report (GError *error)
{
  g_printerr ("carcassonnectl: %s\n", error->message);
  if (error->domain == CTL_ERROR && error->code == CTL_ERROR_USAGE)
    {
      g_printerr ("Try 'carcassonnectl --help'.\n");
      return 2;
    }
  return 1;
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_auto (CtlOptions) opts = { 0 };
  g_auto (GStrv) words = NULL;
  g_autoptr (GError) error = NULL;
  if (!ctl_options_parse (&opts, argc, argv, TRUE, &words, &error))
    return report (error);

  Ctl ctl = { 0 };
  if (!opts.color || g_str_equal (opts.color, "auto"))
    ctl.render = isatty (STDOUT_FILENO) ? CTL_RENDER_COLOR : 0;
  else if (g_str_equal (opts.color, "always"))
    ctl.render = CTL_RENDER_COLOR;
  else if (!g_str_equal (opts.color, "never"))
    {
      g_set_error (&error, CTL_ERROR, CTL_ERROR_USAGE, "--color takes auto, always or never");
      return report (error);
    }
  if (opts.ascii)
    ctl.render |= CTL_RENDER_ASCII;

  const CtlCommand *cmd = ctl_command_lookup (words[0] ? words[0] : "interactive");
  if (!cmd || cmd->interactive)
    {
      g_set_error (&error, CTL_ERROR, CTL_ERROR_USAGE, "unknown command '%s'", words[0]);
      return report (error);
    }

  /* replay needs no daemon: it runs without a bus */
  if (cmd->func != ctl_cmd_replay)
    {
      ctl.conn = cdbus_connect (opts.system ? DBUS_BUS_SYSTEM : DBUS_BUS_SESSION, NULL,
                                DBUS_ERROR_INVALID_ARGS, &error);
      if (!ctl.conn)
        return report (error);
    }
  ctl.loop = g_main_loop_new (NULL, FALSE);
  gboolean ok = ctl_command_run (&ctl, cmd, &opts, words[0] ? words + 1 : words, &error);
  int status = ok ? ctl.status : report (error);

  g_free (ctl.player);
  if (ctl.conn)
    {
      cdbus_shutdown (ctl.conn);
      dbus_connection_close (ctl.conn); /* a private connection (cdbus_connect) */
      dbus_connection_unref (ctl.conn);
    }
  g_main_loop_unref (ctl.loop);
  return status;
}
