/* fe-board.c: the board of a game in a GtkDrawingArea: the pieces drawn from the engine's SVG
 * pictures (librsvg into cairo), the figures in their players' colours at their segments'
 * anchors, the legal cells of the piece in play, the spots of the deployments after placing,
 * the features scoring lit by their segments' outlines (all from the daemon).
 * Drag pans, the wheel zooms; a click on a lit cell places, on a spot deploys. */
#include "fe-board.h"

#include <librsvg/rsvg.h>
#include <math.h>
#include <string.h>

struct _FeBoard
{
  GtkWidget *area;
  FeGame *game;
  double zoom, pan_x, pan_y;
  guint rotation;
  int selected; /* index into the placements (Tab), or -1 */
  gboolean hover;
  int hover_x, hover_y;
  GHashTable *surfaces; /* tile id -> cairo_surface_t at surface_size */
  int surface_size;
  GPtrArray *scored; /* of Scored: the features scored lately, lit until scored_id fires */
  guint scored_id;
  guint lit; /* segments of the features scored that the last drawing lit */
  double drag_x, drag_y;
  gboolean dragged;
  gint64 last_draw;
  guint turn;       /* the turn the selection belongs to */
  int hint_segment; /* a hint's deployment spot (fe-hint.c), or -1 */
  guint hint_turn;  /* ... in this turn */
};

/* A spot: a segment of the piece just placed that figures may go on, with its kinds. */
typedef struct
{
  guint segment;
  GPtrArray *figures; /* of const char * (owned by the deployments) */
} Spot;

/* A feature that scored: its segments (of FeSegmentRef) and its points. */
typedef struct
{
  GArray *segments;
  guint points;
} Scored;

static void
scored_free (gpointer data)
{
  Scored *scored = data;
  g_array_unref (scored->segments);
  g_free (scored);
}

static void
spot_free (gpointer data)
{
  Spot *spot = data;
  g_ptr_array_unref (spot->figures);
  g_free (spot);
}

static double
cell_size (FeBoard *board)
{
  return FE_TILE_SIZE * board->zoom;
}

/* the widget position of cell (0, 0)'s top-left corner */
static void
origin (FeBoard *board, double *ox, double *oy)
{
  double s = cell_size (board);
  *ox = gtk_widget_get_width (board->area) / 2.0 - s / 2 + board->pan_x;
  *oy = gtk_widget_get_height (board->area) / 2.0 - s / 2 + board->pan_y;
}

static void
to_cell (FeBoard *board, double wx, double wy, int *x, int *y, double *fx, double *fy)
{
  double ox, oy, s = cell_size (board);
  origin (board, &ox, &oy);
  double ux = (wx - ox) / s, uy = (wy - oy) / s;
  *x = (int)floor (ux), *y = (int)floor (uy);
  if (fx)
    *fx = ux - *x, *fy = uy - *y;
}

/* draws the SVG document @svg (100 by 100 units) into a @size square at the origin of @cr */
static gboolean
render_svg (cairo_t *cr, const char *svg, double size, const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GObject) handle
      = (GObject *)rsvg_handle_new_from_data ((const guint8 *)svg, strlen (svg), &error);
  RsvgRectangle viewport = { 0, 0, size, size };
  if (!handle || !rsvg_handle_render_document (RSVG_HANDLE (handle), cr, &viewport, &error))
    {
      g_warning ("%s: %s", what, error->message);
      return FALSE;
    }
  return TRUE;
}

static cairo_surface_t *
render_tile (FeBoard *board, const char *tile, int size)
{
  g_autofree char *svg = fe_game_tile_svg (board->game, tile);
  if (!svg)
    return NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cairo_t *cr = cairo_create (surface);
  render_svg (cr, svg, size, tile);
  cairo_destroy (cr);
  return surface;
}

static cairo_surface_t *
tile_surface (FeBoard *board, const char *tile, int size)
{
  if (size != board->surface_size)
    {
      g_hash_table_remove_all (board->surfaces);
      board->surface_size = size;
    }
  cairo_surface_t *surface = g_hash_table_lookup (board->surfaces, tile);
  if (!surface && (surface = render_tile (board, tile, size)))
    g_hash_table_insert (board->surfaces, g_strdup (tile), surface);
  return surface;
}

/* turns @cr @rotation quarter turns about the middle of the @size square at its origin */
static void
turn_square (cairo_t *cr, guint rotation, double size)
{
  cairo_translate (cr, size / 2, size / 2);
  cairo_rotate (cr, G_PI / 2 * (rotation % 4));
  cairo_translate (cr, -size / 2, -size / 2);
}

/**
 * fe_board_draw_piece:
 *
 * Draws @tile turned @rotation quarter turns in a @size square at the origin of @cr; a tile
 * the daemon has no picture of is a grey square with its id.
 */
void
fe_board_draw_piece (FeBoard *board, cairo_t *cr, const char *tile, guint rotation, double size)
{
  cairo_surface_t *surface = tile_surface (board, tile, (int)ceil (size));
  cairo_save (cr);
  if (!surface)
    {
      cairo_rectangle (cr, 1, 1, size - 2, size - 2);
      cairo_set_source_rgb (cr, 0.55, 0.55, 0.5);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_font_size (cr, size / 6);
      cairo_move_to (cr, size / 10, size / 2);
      cairo_show_text (cr, tile);
      cairo_restore (cr);
      return;
    }
  turn_square (cr, rotation, size);
  cairo_scale (cr, size / cairo_image_surface_get_width (surface),
               size / cairo_image_surface_get_width (surface));
  cairo_set_source_surface (cr, surface, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

static void
set_colour (cairo_t *cr, const char *name, double alpha)
{
  GdkRGBA rgba;
  if (!gdk_rgba_parse (&rgba, name))
    gdk_rgba_parse (&rgba, "white");
  cairo_set_source_rgba (cr, rgba.red, rgba.green, rgba.blue, alpha);
}

static const FePiece *
piece_by_index (FeBoard *board, guint index)
{
  GArray *pieces = fe_game_pieces (board->game);
  for (guint i = 0; i < pieces->len; i++)
    if (g_array_index (pieces, FePiece, i).index == index)
      return &g_array_index (pieces, FePiece, i);
  return NULL;
}

/* where a figure on segment of piece stands, in the board's picture units (cell (x, y) at
 * (100 x, 100 y)): the segment's anchor (GetSegmentGeometry) turned as the piece is; the
 * piece's middle where the daemon has none */
static void
anchor_on_board (FeBoard *board, const FePiece *piece, guint segment, double *bx, double *by)
{
  GArray *geometry = fe_game_segment_geometry (board->game, piece->tile);
  double x = FE_TILE_SIZE / 2, y = FE_TILE_SIZE / 2;
  if (geometry && segment < geometry->len)
    {
      const FeSegmentGeometry *g = &g_array_index (geometry, FeSegmentGeometry, segment);
      x = g->x, y = g->y;
    }
  fe_picture_rotate_point (piece->rotation, &x, &y);
  *bx = piece->x * FE_TILE_SIZE + x;
  *by = piece->y * FE_TILE_SIZE + y;
}

/* the same in widget coordinates */
static void
anchor (FeBoard *board, const FePiece *piece, guint segment, double *wx, double *wy)
{
  double ox, oy, x, y;
  anchor_on_board (board, piece, segment, &x, &y);
  origin (board, &ox, &oy);
  *wx = ox + x * board->zoom;
  *wy = oy + y * board->zoom;
}

/**
 * fe_board_figures_text:
 *
 * Returns: (transfer full): where the board draws each figure, "PIECE.SEGMENT:X,Y" in the
 * board's picture units, space-separated (the test compares them with GetBoardPicture's)
 */
char *
fe_board_figures_text (FeBoard *board)
{
  GArray *followers = fe_game_followers (board->game);
  GString *text = g_string_new (NULL);
  char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE];
  for (guint i = 0; i < followers->len; i++)
    {
      const FeFollower *f = &g_array_index (followers, FeFollower, i);
      const FePiece *piece = piece_by_index (board, f->piece);
      double bx, by;
      if (!piece)
        continue;
      anchor_on_board (board, piece, f->segment, &bx, &by);
      g_string_append_printf (text, "%s%u.%u:%s,%s", text->len ? " " : "", f->piece, f->segment,
                              g_ascii_formatd (x, sizeof x, "%.2f", bx),
                              g_ascii_formatd (y, sizeof y, "%.2f", by));
    }
  return g_string_free (text, FALSE);
}

static void
draw_pieces (FeBoard *board, cairo_t *cr)
{
  GArray *pieces = fe_game_pieces (board->game);
  double ox, oy, s = cell_size (board);
  origin (board, &ox, &oy);
  for (guint i = 0; i < pieces->len; i++)
    {
      const FePiece *p = &g_array_index (pieces, FePiece, i);
      cairo_save (cr);
      cairo_translate (cr, ox + p->x * s, oy + p->y * s);
      fe_board_draw_piece (board, cr, p->tile, p->rotation, s);
      cairo_restore (cr);
    }
}

static void
draw_followers (FeBoard *board, cairo_t *cr)
{
  GArray *followers = fe_game_followers (board->game);
  double r = 9 * board->zoom;
  for (guint i = 0; i < followers->len; i++)
    {
      const FeFollower *f = &g_array_index (followers, FeFollower, i);
      const FePiece *piece = piece_by_index (board, f->piece);
      double x, y;
      if (!piece)
        continue;
      anchor (board, piece, f->segment, &x, &y);
      cairo_new_path (cr);
      if (f->kind == 0) /* a figure lying on a field: a square */
        cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
      else
        cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      set_colour (cr, fe_game_colour (board->game, f->player), 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
    }
}

static gboolean
placement_at (FeBoard *board, int x, int y, guint rotation, int *index)
{
  GArray *placements = fe_game_placements (board->game);
  for (guint i = 0; i < placements->len; i++)
    {
      const FePlacement *p = &g_array_index (placements, FePlacement, i);
      if (p->x == x && p->y == y && (rotation > 3 || p->rotation == rotation))
        {
          if (index)
            *index = (int)i;
          return TRUE;
        }
    }
  return FALSE;
}

static void
draw_placements (FeBoard *board, cairo_t *cr)
{
  GArray *placements = fe_game_placements (board->game);
  const char *tile = fe_game_piece_in_play (board->game);
  double ox, oy, s = cell_size (board);
  origin (board, &ox, &oy);
  for (guint i = 0; i < placements->len; i++)
    {
      const FePlacement *p = &g_array_index (placements, FePlacement, i);
      gboolean now = p->rotation == board->rotation;
      cairo_rectangle (cr, ox + p->x * s + 2, oy + p->y * s + 2, s - 4, s - 4);
      cairo_set_source_rgba (cr, 1, 0.85, 0.2, now ? 0.45 : 0.12);
      cairo_fill (cr);
    }
  int x = board->hover_x, y = board->hover_y;
  gboolean ghost = board->hover && placement_at (board, x, y, board->rotation, NULL);
  guint rotation = board->rotation;
  if (board->selected >= 0 && (guint)board->selected < placements->len)
    {
      const FePlacement *p = &g_array_index (placements, FePlacement, board->selected);
      x = p->x, y = p->y, ghost = TRUE;
    }
  if (fe_game_composing (board->game))
    {
      const FePiece *p = fe_game_last_piece (board->game);
      x = p->x, y = p->y, rotation = p->rotation, ghost = TRUE;
    }
  if (ghost && tile)
    {
      cairo_save (cr);
      cairo_translate (cr, ox + x * s, oy + y * s);
      cairo_push_group (cr);
      fe_board_draw_piece (board, cr, tile, rotation, s);
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, 0.75);
      cairo_rectangle (cr, 1, 1, s - 2, s - 2);
      cairo_set_source_rgb (cr, 1, 0.8, 0);
      cairo_set_line_width (cr, 3);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/**
 * fe_board_spots:
 *
 * Returns: (transfer full) (element-type Spot): the segments of the piece just placed that
 * the deployments offer, in order; spot n (1-based) is the n-th.
 */
GPtrArray *
fe_board_spots (FeBoard *board)
{
  GArray *deployments = fe_game_deployments (board->game);
  GPtrArray *spots = g_ptr_array_new_with_free_func (spot_free);
  for (guint i = 0; i < deployments->len; i++)
    {
      const FeDeployment *d = &g_array_index (deployments, FeDeployment, i);
      Spot *spot = spots->len ? spots->pdata[spots->len - 1] : NULL;
      if (!spot || spot->segment != d->segment)
        {
          spot = g_new0 (Spot, 1);
          spot->segment = d->segment;
          spot->figures = g_ptr_array_new ();
          g_ptr_array_add (spots, spot);
        }
      g_ptr_array_add (spot->figures, d->figure);
    }
  return spots;
}

static void
draw_spots (FeBoard *board, cairo_t *cr)
{
  g_autoptr (GPtrArray) spots = fe_board_spots (board);
  const FePiece *piece = fe_game_last_piece (board->game);
  double r = 10 * board->zoom;
  if (!piece)
    return;
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 12 * board->zoom);
  for (guint i = 0; i < spots->len; i++)
    {
      Spot *spot = spots->pdata[i];
      double x, y;
      anchor (board, piece, spot->segment, &x, &y);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, r, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_fill_preserve (cr);
      set_colour (cr, fe_game_colour (board->game, fe_game_player (board->game)), 1);
      cairo_set_line_width (cr, 3);
      cairo_stroke (cr);
      g_autofree char *label = g_strdup_printf ("%u", i + 1);
      cairo_text_extents_t ext;
      cairo_text_extents (cr, label, &ext);
      cairo_move_to (cr, x - ext.width / 2 - ext.x_bearing, y - ext.height / 2 - ext.y_bearing);
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_show_text (cr, label);
    }
}

/* the outline of segment of piece (GetSegmentGeometry), lit: an area filled, a road's line
 * stroked wider than the road */
static gboolean
draw_outline (FeBoard *board, cairo_t *cr, const FePiece *piece, guint segment)
{
  GArray *geometry = fe_game_segment_geometry (board->game, piece->tile);
  double ox, oy, s = cell_size (board);
  if (!geometry || segment >= geometry->len)
    return FALSE;
  const FeSegmentGeometry *g = &g_array_index (geometry, FeSegmentGeometry, segment);
  g_autofree char *svg = g_strdup_printf (
      "<svg xmlns='http://www.w3.org/2000/svg' width='100' height='100' viewBox='0 0 100 100'>"
      "<path d='%s' %s/></svg>",
      g->path,
      g->line ? "fill='none' stroke='#ff7300' stroke-opacity='0.8' stroke-width='14' "
                "stroke-linecap='round' stroke-linejoin='round'"
              : "fill='#ff7300' fill-opacity='0.4' fill-rule='evenodd' stroke='#ff7300' "
                "stroke-width='3' stroke-linejoin='round'");
  origin (board, &ox, &oy);
  cairo_save (cr);
  cairo_translate (cr, ox + piece->x * s, oy + piece->y * s);
  turn_square (cr, piece->rotation, s);
  gboolean drawn = render_svg (cr, svg, s, piece->tile);
  cairo_restore (cr);
  return drawn;
}

/* lights the segments of a feature that scored with their outlines, its points at the anchor
 * of its first segment; returns how many segments it lit */
static guint
draw_feature_scored (FeBoard *board, cairo_t *cr, const Scored *scored)
{
  double x = 0, y = 0;
  guint lit = 0;
  for (guint i = 0; i < scored->segments->len; i++)
    {
      const FeSegmentRef *ref = &g_array_index (scored->segments, FeSegmentRef, i);
      const FePiece *piece = piece_by_index (board, ref->piece);
      if (!piece || !draw_outline (board, cr, piece, ref->segment))
        continue; /* the board is read after the signal: drawn once it is */
      if (!lit++)
        anchor (board, piece, ref->segment, &x, &y);
    }
  if (!lit)
    return 0;
  g_autofree char *label = g_strdup_printf ("+%u", scored->points);
  cairo_text_extents_t ext;
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 22 * board->zoom);
  cairo_text_extents (cr, label, &ext);
  cairo_move_to (cr, x - ext.width / 2 - ext.x_bearing, y - 12 * board->zoom);
  cairo_text_path (cr, label);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.6, 0.2, 0);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  return lit;
}

static void
draw_scored (FeBoard *board, cairo_t *cr)
{
  guint lit = 0;
  for (guint i = 0; board->scored && i < board->scored->len; i++)
    lit += draw_feature_scored (board, cr, board->scored->pdata[i]);
  if (lit != board->lit)
    fe_log ("lit %u segments of %u features scored", lit, board->scored ? board->scored->len : 0);
  board->lit = lit;
}

/* a hint's deployment: a wide gold ring around its spot while that turn lasts */
static void
draw_hint (FeBoard *board, cairo_t *cr)
{
  const FePiece *piece = fe_game_last_piece (board->game);
  double x = 0, y = 0;
  if (board->hint_segment < 0 || !piece
      || board->hint_turn != carc_remote_game_get_turn (fe_game_proxy (board->game))
      || fe_game_state (board->game) != FE_STATE_DEPLOYING)
    return;
  anchor (board, piece, (guint)board->hint_segment, &x, &y);
  cairo_new_path (cr);
  cairo_arc (cr, x, y, 16 * board->zoom, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 1, 0.8, 0);
  cairo_set_line_width (cr, 4);
  cairo_stroke (cr);
}

static void
draw (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  FeBoard *board = data;
  cairo_set_source_rgb (cr, 0.16, 0.2, 0.15);
  cairo_paint (cr);
  draw_pieces (board, cr);
  draw_placements (board, cr);
  draw_followers (board, cr);
  draw_spots (board, cr);
  draw_hint (board, cr);
  draw_scored (board, cr);
  board->last_draw = g_get_monotonic_time ();
  gint64 signal = fe_game_take_signal_time (board->game);
  if (signal)
    fe_log ("latency signal->drawn %.2f ms", (board->last_draw - signal) / 1000.0);
}

/* fe_board_last_draw: when the board was last drawn (monotonic µs), for the latency log */
gint64
fe_board_last_draw (FeBoard *board)
{
  return board->last_draw;
}

static void
deploy_figure_clicked (GtkButton *button, gpointer data)
{
  FeBoard *board = data;
  const char *figure = g_object_get_data (G_OBJECT (button), "figure");
  guint segment = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "segment"));
  gtk_popover_popdown (
      GTK_POPOVER (gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_POPOVER)));
  fe_game_deploy (board->game, figure, segment);
}

/* several figure kinds may go on the spot: a popover asks which */
static void
ask_figure (FeBoard *board, Spot *spot, double x, double y)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  for (guint i = 0; i < spot->figures->len; i++)
    {
      GtkWidget *button = gtk_button_new_with_label (spot->figures->pdata[i]);
      g_object_set_data_full (G_OBJECT (button), "figure", g_strdup (spot->figures->pdata[i]),
                              g_free);
      g_object_set_data (G_OBJECT (button), "segment", GUINT_TO_POINTER (spot->segment));
      g_signal_connect (button, "clicked", G_CALLBACK (deploy_figure_clicked), board);
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  gtk_widget_set_parent (popover, board->area);
  GdkRectangle at = { (int)x, (int)y, 1, 1 };
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &at);
  g_signal_connect (popover, "closed", G_CALLBACK (gtk_widget_unparent), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static gboolean
click_spot (FeBoard *board, double wx, double wy)
{
  g_autoptr (GPtrArray) spots = fe_board_spots (board);
  const FePiece *piece = fe_game_last_piece (board->game);
  double r = 12 * board->zoom;
  for (guint i = 0; piece && i < spots->len; i++)
    {
      Spot *spot = spots->pdata[i];
      double x, y;
      anchor (board, piece, spot->segment, &x, &y);
      if (hypot (wx - x, wy - y) > r)
        continue;
      fe_log ("click spot %u", i + 1);
      if (spot->figures->len == 1)
        fe_game_deploy (board->game, spot->figures->pdata[0], spot->segment);
      else
        ask_figure (board, spot, x, y);
      return TRUE;
    }
  return FALSE;
}

static gboolean
is_half_in_play (FeBoard *board)
{
  const char *tile = fe_game_piece_in_play (board->game);
  const FeTileType *type = tile ? fe_game_tile_type (board->game, tile) : NULL;
  return type && type->n_edges == 3;
}

/* a click on a cell: a half tile goes into the corner clicked; a square tile is placed when
 * the cell is lit for its rotation, else turned to the first rotation that fits there */
static void
click_cell (FeBoard *board, double wx, double wy)
{
  int x, y, index;
  double fx, fy;
  to_cell (board, wx, wy, &x, &y, &fx, &fy);
  if (is_half_in_play (board))
    board->rotation = fy < 0.5 ? (fx >= 0.5 ? 0 : 3) : (fx >= 0.5 ? 1 : 2);
  if (placement_at (board, x, y, board->rotation, &index))
    {
      fe_log ("click place %d,%d", x, y);
      fe_game_place (board->game,
                     &g_array_index (fe_game_placements (board->game), FePlacement, index));
    }
  else if (placement_at (board, x, y, 4, &index))
    {
      board->rotation
          = g_array_index (fe_game_placements (board->game), FePlacement, index).rotation;
      board->selected = index;
    }
  gtk_widget_queue_draw (board->area);
}

static void
drag_begin (GtkGestureDrag *gesture, double x, double y, gpointer data)
{
  FeBoard *board = data;
  board->drag_x = board->pan_x, board->drag_y = board->pan_y;
  board->dragged = FALSE;
}

static void
drag_update (GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
  FeBoard *board = data;
  if (!board->dragged && hypot (dx, dy) < 5)
    return;
  board->dragged = TRUE;
  board->pan_x = board->drag_x + dx, board->pan_y = board->drag_y + dy;
  gtk_widget_queue_draw (board->area);
}

static void
drag_end (GtkGestureDrag *gesture, double dx, double dy, gpointer data)
{
  FeBoard *board = data;
  double x, y;
  if (board->dragged || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  if (!fe_game_my_turn (board->game))
    return;
  if (fe_game_state (board->game) == FE_STATE_DEPLOYING)
    click_spot (board, x, y);
  else if (!fe_game_composing (board->game) || !click_spot (board, x, y))
    click_cell (board, x, y); /* composing: another cell previews there instead */
}

static void
motion (GtkEventControllerMotion *motion, double x, double y, gpointer data)
{
  FeBoard *board = data;
  int cx, cy;
  to_cell (board, x, y, &cx, &cy, NULL, NULL);
  if (board->hover && cx == board->hover_x && cy == board->hover_y)
    return;
  board->hover = TRUE, board->hover_x = cx, board->hover_y = cy;
  gtk_widget_queue_draw (board->area);
}

static gboolean
scroll (GtkEventControllerScroll *scroll, double dx, double dy, gpointer data)
{
  fe_board_zoom (data, dy < 0 ? 1.15 : 1 / 1.15);
  return TRUE;
}

static void
board_free (gpointer data)
{
  FeBoard *board = data;
  if (board->scored_id)
    g_source_remove (board->scored_id);
  g_clear_pointer (&board->scored, g_ptr_array_unref);
  g_hash_table_unref (board->surfaces);
  g_free (board);
}

/**
 * fe_board_new:
 *
 * Returns: (transfer floating): the board's drawing area; fe_board_get() gives the board
 */
GtkWidget *
fe_board_new (FeGame *game)
{
  FeBoard *board = g_new0 (FeBoard, 1);
  board->game = game;
  board->zoom = 1.0;
  board->selected = -1;
  board->hint_segment = -1;
  board->surfaces = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                           (GDestroyNotify)cairo_surface_destroy);
  board->area = gtk_drawing_area_new ();
  gtk_widget_set_hexpand (board->area, TRUE);
  gtk_widget_set_vexpand (board->area, TRUE);
  gtk_widget_set_focusable (board->area, TRUE);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (board->area), draw, board, NULL);
  g_object_set_data_full (G_OBJECT (board->area), "fe-board", board, board_free);

  GtkGesture *drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), board);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), board);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), board);
  gtk_widget_add_controller (board->area, GTK_EVENT_CONTROLLER (drag));
  GtkEventController *move = gtk_event_controller_motion_new ();
  g_signal_connect (move, "motion", G_CALLBACK (motion), board);
  gtk_widget_add_controller (board->area, move);
  GtkEventController *wheel
      = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  g_signal_connect (wheel, "scroll", G_CALLBACK (scroll), board);
  gtk_widget_add_controller (board->area, wheel);
  return board->area;
}

FeBoard *
fe_board_get (GtkWidget *widget)
{
  return g_object_get_data (G_OBJECT (widget), "fe-board");
}

/* fe_board_update: the game changed; a rotation or selection that no longer fits is reset */
void
fe_board_update (FeBoard *board)
{
  GArray *placements = fe_game_placements (board->game);
  if (board->selected >= (int)placements->len)
    board->selected = -1;
  if (placements->len)
    {
      gboolean fits = FALSE;
      for (guint i = 0; i < placements->len; i++)
        fits |= g_array_index (placements, FePlacement, i).rotation == board->rotation;
      if (!fits)
        board->rotation = g_array_index (placements, FePlacement, 0).rotation;
    }
  if (!placements->len)
    board->selected = -1;
  gtk_widget_queue_draw (board->area);
}

guint
fe_board_rotation (FeBoard *board)
{
  return board->rotation;
}

void
fe_board_rotate (FeBoard *board, int quarter_turns)
{
  board->rotation = (board->rotation + 4 + quarter_turns % 4) % 4;
  board->selected = -1;
  gtk_widget_queue_draw (board->area);
}

/* placement @index is the selected one, in its rotation, centred in view */
static void
select_placement (FeBoard *board, int index)
{
  const FePlacement *p = &g_array_index (fe_game_placements (board->game), FePlacement, index);
  board->selected = index;
  board->rotation = p->rotation;
  board->pan_x = -p->x * cell_size (board);
  board->pan_y = -p->y * cell_size (board);
  gtk_widget_queue_draw (board->area);
}

/* fe_board_select_next: Tab: the next legal placement (any rotation), centred in view */
void
fe_board_select_next (FeBoard *board)
{
  GArray *placements = fe_game_placements (board->game);
  if (!placements->len)
    return;
  select_placement (board, (board->selected + 1) % (int)placements->len);
}

/* fe_board_place_selected: Enter: places the selected placement */
gboolean
fe_board_place_selected (FeBoard *board)
{
  GArray *placements = fe_game_placements (board->game);
  if (board->selected < 0 || (guint)board->selected >= placements->len)
    return FALSE;
  fe_game_place (board->game, &g_array_index (placements, FePlacement, board->selected));
  return TRUE;
}

/* fe_board_deploy_spot: a number key: deploys the first figure kind on spot (1-based) */
gboolean
fe_board_deploy_spot (FeBoard *board, guint number)
{
  g_autoptr (GPtrArray) spots = fe_board_spots (board);
  if (number < 1 || number > spots->len)
    return FALSE;
  Spot *spot = spots->pdata[number - 1];
  fe_game_deploy (board->game, spot->figures->pdata[0], spot->segment);
  return TRUE;
}

void
fe_board_zoom (FeBoard *board, double factor)
{
  double zoom = CLAMP (board->zoom * factor, 0.2, 3.0);
  board->pan_x *= zoom / board->zoom;
  board->pan_y *= zoom / board->zoom;
  board->zoom = zoom;
  gtk_widget_queue_draw (board->area);
}

void
fe_board_pan (FeBoard *board, double dx, double dy)
{
  board->pan_x += dx, board->pan_y += dy;
  gtk_widget_queue_draw (board->area);
}

static gboolean
scored_done (gpointer data)
{
  FeBoard *board = data;
  board->scored_id = 0;
  g_clear_pointer (&board->scored, g_ptr_array_unref);
  gtk_widget_queue_draw (board->area);
  return G_SOURCE_REMOVE;
}

/* fe_board_show_scored: lights the segments of a feature that scored (of FeSegmentRef) with
 * their outlines, and its points, with the others scored in the same 2.5 s */
void
fe_board_show_scored (FeBoard *board, GArray *segments, guint points)
{
  if (!segments->len)
    return;
  if (!board->scored)
    board->scored = g_ptr_array_new_with_free_func (scored_free);
  Scored *scored = g_new0 (Scored, 1);
  scored->segments = g_array_copy (segments);
  scored->points = points;
  g_ptr_array_add (board->scored, scored);
  if (board->scored_id)
    g_source_remove (board->scored_id);
  board->scored_id = g_timeout_add (2500, scored_done, board);
  gtk_widget_queue_draw (board->area);
}

/* fe_board_lit: the segments of the features scored lately that the last drawing lit */
guint
fe_board_lit (FeBoard *board)
{
  return board->lit;
}

/* fe_board_show_hint: lights a suggested move without making it: a placement (of the tile in
 * play, or of the hand's piece selected) is selected as Tab selects one, so Enter places it; a
 * deployment's spot is ringed. FALSE when the board has nothing to light for @move. */
gboolean
fe_board_show_hint (FeBoard *board, const FeMove *move)
{
  gint32 x, y;
  guint32 rotation, segment;
  int index;
  if ((g_str_equal (move->type, "place") || g_str_equal (move->type, "place-piece"))
      && g_variant_lookup (move->args, "x", "i", &x) && g_variant_lookup (move->args, "y", "i", &y)
      && g_variant_lookup (move->args, "rotation", "u", &rotation)
      && placement_at (board, x, y, rotation, &index))
    {
      select_placement (board, index);
      return TRUE;
    }
  if (g_str_equal (move->type, "deploy") && g_variant_lookup (move->args, "segment", "u", &segment))
    {
      board->hint_segment = (int)segment;
      board->hint_turn = carc_remote_game_get_turn (fe_game_proxy (board->game));
      gtk_widget_queue_draw (board->area);
      return TRUE;
    }
  return FALSE;
}
