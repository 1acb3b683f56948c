/* fe-hint.h: the Hint button of a seat: the move a strategy would make now (Game.GetHint),
 * lit on the board, not made. */
#pragma once

#include <gtk/gtk.h>
#include "fe-board.h"
#include "fe-game.h"

G_BEGIN_DECLS

GtkWidget *fe_hint_new (GtkWidget *window, FeGame *game, FeBoard *board);

G_END_DECLS
