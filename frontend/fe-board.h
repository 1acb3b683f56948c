/* fe-board.h: the board of a game: tiles, figures, legal placements, deployment spots. */
#pragma once

#include <gtk/gtk.h>
#include "fe-game.h"

G_BEGIN_DECLS

typedef struct _FeBoard FeBoard;

GtkWidget *fe_board_new (FeGame *game);
FeBoard *fe_board_get (GtkWidget *widget);
void fe_board_update (FeBoard *board);
guint fe_board_rotation (FeBoard *board);
void fe_board_rotate (FeBoard *board, int quarter_turns);
void fe_board_select_next (FeBoard *board);
gboolean fe_board_place_selected (FeBoard *board);
gboolean fe_board_deploy_spot (FeBoard *board, guint spot);
void fe_board_zoom (FeBoard *board, double factor);
void fe_board_pan (FeBoard *board, double dx, double dy);
void fe_board_show_scored (FeBoard *board, GArray *segments, guint points);
guint fe_board_lit (FeBoard *board);
char *fe_board_figures_text (FeBoard *board);
GPtrArray *fe_board_spots (FeBoard *board);
void fe_board_draw_piece (FeBoard *board, cairo_t *cr, const char *tile, guint rotation,
                          double size);
gint64 fe_board_last_draw (FeBoard *board);
gboolean fe_board_show_hint (FeBoard *board, const FeMove *move);

G_END_DECLS
