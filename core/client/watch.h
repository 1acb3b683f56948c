/* watch.h: follows one game's signals and prints each as a line (the board after each turn when
 * asked). Used by `watch`, `new --watch` and the interactive prompt. */
#pragma once
#include "ctl.h"
#include "game.h"

G_BEGIN_DECLS

/* Called after a signal was printed: @member is the signal's name and @args its arguments
 * (also "PropertiesChanged" of the Game, printed as nothing); "Lost" (args: (s) why) when the
 * daemon left the bus or the game was deleted. */
typedef void (*CtlWatchFunc) (CtlWatch *watch, const char *member, GVariant *args,
                              gpointer user_data);

/* Subscribes to @path's signals first, then reads the game, so nothing is missed. */
CtlWatch *ctl_watch_new (DBusConnection *conn, const char *path, CtlRenderFlags flags,
                         gboolean board, GError **error);
/* A watch on no bus, for `replay`: @game (taken) follows the events given to
 * ctl_watch_print_event(); their player paths are the game's player_paths. */
CtlWatch *ctl_watch_new_offline (CtlGame *game, CtlRenderFlags flags, gboolean board);
/* Prints one Game signal (@member, @args as on the bus) and follows it in the game. */
void ctl_watch_print_event (CtlWatch *watch, const char *member, GVariant *args);
void ctl_watch_set_func (CtlWatch *watch, CtlWatchFunc func, gpointer user_data);
CtlGame *ctl_watch_get_game (CtlWatch *watch);
const char *ctl_watch_get_path (CtlWatch *watch);
/* Prints the board and legend, with @marks (x, y pairs): as the signals so far left it, or
 * read again when @read is TRUE. */
gboolean ctl_watch_print_board (CtlWatch *watch, gboolean read, const gint *marks, guint n_marks,
                                GError **error);
/* "game over: ann (red) 54, bob (blue) 40; winner: ann (red)" for @scores (au, by seat). */
char *ctl_watch_format_scores (CtlWatch *watch, GVariant *scores);
void ctl_watch_free (CtlWatch *watch);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtlWatch, ctl_watch_free)

G_END_DECLS
