/* fe-window.h: the window of one game: the board and the panel beside it. */
#pragma once

#include <gtk/gtk.h>
#include "fe-game.h"

G_BEGIN_DECLS

GtkWidget *fe_window_new (GtkApplication *app, FeGame *game, const char *creator_token,
                          const char *report);

G_END_DECLS
