/* ctl.h: what carcassonnectl's parts share: the options, the command table, the session. */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>
#include "board.h"
#include "game.h"

G_BEGIN_DECLS

typedef struct _CtlWatch CtlWatch;

/* Options a command may take (bits of CtlCommand.options). */
typedef enum
{
  CTL_OPT_PLAYERS = 1 << 0,
  CTL_OPT_BOTS = 1 << 1,
  CTL_OPT_SEED = 1 << 2,
  CTL_OPT_TILE_ORDER = 1 << 3,
  CTL_OPT_NO_FARMERS = 1 << 4,
  CTL_OPT_FOLLOWERS = 1 << 5,
  CTL_OPT_BOT_DELAY = 1 << 6,
  CTL_OPT_NAME = 1 << 7,
  CTL_OPT_START = 1 << 8,
  CTL_OPT_WATCH = 1 << 9,
  CTL_OPT_BOARD = 1 << 10,
  CTL_OPT_TOKEN = 1 << 11,
  CTL_OPT_JOIN = 1 << 12,
  CTL_OPT_EXPANSIONS = 1 << 13,
  CTL_OPT_OPTION = 1 << 14,
  CTL_OPT_TO = 1 << 15,
  CTL_OPT_STEP = 1 << 16,
  CTL_OPT_PLUGIN_DIR = 1 << 17,
  CTL_OPT_MOVES = 1 << 18,
  CTL_OPT_RULE = 1 << 19,
  CTL_OPT_SVG = 1 << 20,
  CTL_OPT_STRATEGY = 1 << 21,
  CTL_OPT_BOT_STRATEGY = 1 << 22,
} CtlOptionBit;

typedef struct
{
  /* Numbers stay strings until the command checks them. */
  char *players, *bots, *seed, *tile_order, *followers, *bot_delay, *name, *token, *join;
  char *expansions;
  char **option;                 /* --option EXPANSION.OPTION=VALUE, each time it was given */
  char **rule;                   /* --rule NAME=VALUE, each time it was given */
  char *to, *plugin_dir, *moves; /* replay, load */
  char *svg;                     /* board: the picture's file */
  char *strategy, *bot_strategy; /* bot, hint; new: a strategy spec, "mcts:ms=200" */
  gboolean no_farmers, start, watch, board, step;
  /* Whole-program options (the command line only). */
  char *color;
  gboolean ascii, system;
} CtlOptions;

void ctl_options_clear (CtlOptions *opts);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CtlOptions, ctl_options_clear)
/* Parses @argv (argv[0] is skipped) into @opts and the words left (the command and its
 * arguments, a NULL-terminated array). Negative numbers are words, not options. */
gboolean ctl_options_parse (CtlOptions *opts, int argc, char **argv, gboolean whole_program,
                            char ***words, GError **error);
/* Which CTL_OPT_* bits @opts has set. */
guint ctl_options_given (const CtlOptions *opts);
/* "--seed" for CTL_OPT_SEED. */
const char *ctl_option_name (guint bit);
/* The --help text's command list. */
char *ctl_usage_summary (void);

/* The session: one bus connection, and in interactive mode the game in view. */
typedef struct
{
  DBusConnection *conn;
  CtlRenderFlags render;
  GMainLoop *loop;
  int status; /* exit status when the loop ends */

  gboolean interactive;
  char *game;            /* the game in view (interactive), or NULL */
  char *player;          /* our seat in it, or NULL */
  CtlWatch *watch;       /* its signals */
  GArray *placements;    /* gint x, y, rotation triples from the last listing */
  gint placements_piece; /* ... of the hand's piece with this index; -1 the tile in play */
  GIOChannel *input;
  guint input_id;
  gboolean waiting;     /* `wait`: input paused until our turn or the end */
  gboolean phase_shown; /* our move in an expansion's phase was shown */
  gboolean prompt;      /* stdin is a terminal */
} Ctl;

typedef gboolean (*CtlCommandFunc) (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args,
                                    GError **error);

typedef struct
{
  const char *name;
  const char *synopsis;
  guint min_args, max_args;
  guint options; /* CTL_OPT_* bits it accepts */
  CtlCommandFunc func;
  const char *help;
  gboolean interactive; /* only at the interactive prompt */
} CtlCommand;

const CtlCommand *ctl_command_lookup (const char *name);
const CtlCommand *ctl_commands (guint *n);
/* Checks @cmd's argument count and options, then runs it. */
gboolean ctl_command_run (Ctl *ctl, const CtlCommand *cmd, const CtlOptions *opts, char **words,
                          GError **error);

/* commands.c: the one-shot commands (the interactive prompt runs them too). */
gboolean ctl_cmd_new (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_list (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_join (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_show (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_place (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_deploy (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_watch (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_start (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_bot (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_leave (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_delete (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_rejoin (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_draw (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_piece (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_pieces (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_pass (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_moves (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_move (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_save (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_load (Ctl *, const CtlOptions *, char **, guint, GError **);

/* expansions.c */
gboolean ctl_cmd_expansions (Ctl *, const CtlOptions *, char **, guint, GError **);
/* Adds --expansions and each --option to CreateGame's a{sv} in @b; an option's type comes
 * from its Expansion object (b or u). */
/* The --rule options as CreateGame's rule keys (u); the daemon checks the values. */
gboolean ctl_rule_options (const CtlOptions *opts, GVariantBuilder *b, GError **error);
gboolean ctl_expansion_options (Ctl *ctl, const CtlOptions *opts, GVariantBuilder *b,
                                GError **error);

/* The string @key of the a{sv} @dict, "" if none. */
const char *ctl_lookup_str (GVariant *dict, const char *key);
/* An object's Options (a(sssvuu), Expansion and Strategy objects) from its properties
 * @props, one a line: "  PREFIXNAME=1..8  (default 3)  what it does". */
void ctl_print_options (GVariant *props, const char *prefix);

/* bots.c: strategies, the bots' options and hints. */
gboolean ctl_cmd_strategies (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_hint (Ctl *, const CtlOptions *, char **, guint, GError **);
/* Adds @spec ("mcts:ms=200,threads=2", as carc_bot_new_from_spec() reads it) to @b as
 * AddBot's keys: "strategy" (s) and each option (u). A spec that does not parse is a usage
 * error naming @option ("--strategy"); the daemon checks the names and the values. */
gboolean ctl_strategy_options (const char *option, const char *spec, GVariantBuilder *b,
                               GError **error);
/* An object path under @prefix for @name ("-" written "_"), NULL if none can name it. */
char *ctl_named_object_path (const char *prefix, const char *name);

/* board: the board of GAME (@arg; at the prompt NULL for the game in view) as text, or with
 * @svg_file its picture (GetBoardPicture) written to that file ("-": standard output). */
gboolean ctl_write_board (Ctl *ctl, const char *arg, const char *svg_file, GError **error);
/* Reads FILE, or standard input for "-" (not at the prompt). */
gboolean ctl_read_file (Ctl *ctl, const char *file, char **data, gsize *length, GError **error);
/* Resolves GAME (a number or path); in interactive mode NULL means the game in view. */
char *ctl_resolve_game (Ctl *ctl, const char *arg, GError **error);
/* Rejoin(token) when --token was given, so this connection holds the seat (ctl->player). */
gboolean ctl_take_seat (Ctl *ctl, const char *game, const CtlOptions *opts, GError **error);
/* GAME (@arg; NULL at the prompt: the game in view), after taking our seat back when --token
 * was given and is a seat's. */
char *ctl_seated_game (Ctl *ctl, const CtlOptions *opts, const char *arg, GError **error);
/* The caller's legal moves (Game.GetMoves, @opts: its token): an a(sa{sv}). */
GVariant *ctl_get_moves (Ctl *ctl, const CtlOptions *opts, const char *game, GError **error);
/* The a{sv} of AddBot and GetHint: --token and the keys of --strategy (floating). */
GVariant *ctl_strategy_call_options (const CtlOptions *opts, GError **error);
/* Our seat's Player path in @game, NULL if we hold none there. */
const char *ctl_our_player (Ctl *ctl, const char *game);
/* The numbered legal placements of the tile in play (@piece -1) or of hand piece @piece, kept
 * in ctl->placements for "place N" / "piece INDEX N"; printed when @print. */
gboolean ctl_list_placements (Ctl *ctl, const char *game, gint piece, gboolean print,
                              GError **error);
/* The hand of @player (ours), as pictures with their indices. */
gboolean ctl_print_hand (Ctl *ctl, const CtlGame *game, const char *player, GError **error);
/* The legal moves of the caller (@opts: its token, may be NULL) in @game, numbered from 1. */
gboolean ctl_print_moves (Ctl *ctl, const CtlOptions *opts, const char *game, GError **error);
/* "N. TYPE key=value ...": move @n of the list, as 'moves' prints it. */
void ctl_print_move (guint n, const char *type, GVariant *args);
/* A move's arguments (a{sv}) as " key=value ...". */
char *ctl_move_args_text (GVariant *args);
/* Prints "tile in play: U" and the tile in its four rotations (nothing without one). */
void ctl_print_tile_in_play (Ctl *ctl, const CtlGame *game);
/* Prints the legal deployments of the tile just placed. */
gboolean ctl_print_deployments (Ctl *ctl, const char *game, GError **error);

/* replay.c: a record replayed in this process (no bus). */
gboolean ctl_cmd_replay (Ctl *, const CtlOptions *, char **, guint, GError **);

/* interactive.c */
int ctl_interactive_run (Ctl *ctl, const char *game, const char *name);
gboolean ctl_cmd_play (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_interactive (Ctl *, const CtlOptions *, char **, guint, GError **);
/* The prompt's own commands. */
gboolean ctl_cmd_help (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_board (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_tile (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_placements (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_skip (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_wait (Ctl *, const CtlOptions *, char **, guint, GError **);
gboolean ctl_cmd_quit (Ctl *, const CtlOptions *, char **, guint, GError **);
/* In interactive mode, makes @game the game in view (signals of the previous one stop). */
gboolean ctl_interactive_view (Ctl *ctl, const char *game, GError **error);

/* Writes @text to stdout and flushes (UTF-8 as is, whatever the locale). */
void ctl_out (const char *text);
void ctl_outf (const char *format, ...) G_GNUC_PRINTF (1, 2);

G_END_DECLS
