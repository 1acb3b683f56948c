/* fe-window.c: the window of one game: the board (fe-board.c) and a panel with the piece in
 * play, the moves open to the seat as buttons, the hand, the players' scores and supplies,
 * the tiles left and whose turn it is.
 *
 * Keys (doc/frontend.md): Esc forgets a composed placement; R / E turn the piece clockwise /
 * anticlockwise; Tab selects the next legal placement and centres it, Enter places it; 1..9 deploy
 * on that spot; S skips; D draws; P passes; H takes the next piece of the hand; M makes the first
 * move of the Moves buttons (an expansion's own); + / - zoom; the arrows pan.
 *
 * --test-report FILE: after every change the window writes what it shows to FILE (key=value
 * lines), for tests/frontend/test-gui-game.sh. */
#include "fe-window.h"

#include "fe-board.h"
#include "fe-hint.h"
#include <string.h>

typedef struct
{
  GtkWidget *window, *board_area, *status, *preview, *skip, *start, *moves, *hand, *players, *left,
      *error;
  FeBoard *board;
  FeGame *game;
  char *creator_token;
  char *report;
  guint serial; /* reports written */
} Window;

static const char *const kind_names[] = { "field", "road", "city", "cloister" };

static void
window_free (gpointer data)
{
  Window *w = data;
  fe_game_free (w->game);
  g_free (w->creator_token);
  g_free (w->report);
  g_free (w);
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (box)))
    gtk_box_remove (GTK_BOX (box), child);
}

static const char *
state_text (Window *w)
{
  guint state = fe_game_state (w->game);
  gboolean mine = fe_game_my_turn (w->game);
  if (state == FE_STATE_WAITING)
    return "Waiting for players";
  if (state == FE_STATE_OVER)
    return "Game over";
  if (!mine)
    return fe_game_player (w->game) ? "The others are playing" : "Watching";
  switch (state)
    {
      case FE_STATE_PLACING:
      case FE_STATE_CHOOSING:
        if (fe_game_composing (w->game))
          return "Your turn: a spot for a figure, or skip (S); another cell, or Esc";
        if (state == FE_STATE_CHOOSING)
          return "Your turn: draw, or place a piece of your hand";
        return "Your turn: place the tile";
      case FE_STATE_DEPLOYING:
        return "Your turn: deploy a figure, or skip";
      default:
        return "Your turn: an expansion's move";
    }
}

static char *
player_line (Window *w, CarcRemotePlayer *player)
{
  GString *line = g_string_new (NULL);
  g_autofree char *name = g_markup_escape_text (carc_remote_player_get_name (player), -1);
  const char *path = g_dbus_proxy_get_object_path (G_DBUS_PROXY (player));
  const char *active = carc_remote_game_get_active_player (fe_game_proxy (w->game));
  GVariant *figures = carc_remote_player_get_figures (player);

  g_string_append_printf (line, "<span foreground='%s'>\u25cf</span> %s%s%s: <b>%u</b>",
                          carc_remote_player_get_colour (player),
                          active && strcmp (active, path) == 0 ? "\u25b8 " : "", name,
                          carc_remote_player_get_bot (player) ? " (bot)" : "",
                          carc_remote_player_get_score (player));
  if (figures)
    {
      GVariantIter iter;
      const char *kind;
      guint n;
      g_variant_iter_init (&iter, figures);
      while (g_variant_iter_next (&iter, "{&su}", &kind, &n))
        g_string_append_printf (line, "\n    %s \u00d7 %u", kind, n);
    }
  if (carc_remote_player_get_hand_size (player))
    g_string_append_printf (line, "\n    hand: %u", carc_remote_player_get_hand_size (player));
  return g_string_free (line, FALSE);
}

static void
show_players (Window *w)
{
  GPtrArray *players = fe_game_players (w->game);
  clear_box (w->players);
  for (guint i = 0; i < players->len; i++)
    {
      g_autofree char *markup = player_line (w, players->pdata[i]);
      GtkWidget *label = gtk_label_new (NULL);
      gtk_label_set_markup (GTK_LABEL (label), markup);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_box_append (GTK_BOX (w->players), label);
    }
}

static void
move_clicked (GtkButton *button, gpointer data)
{
  Window *w = data;
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "move"));
  GPtrArray *moves = fe_game_moves (w->game);
  if (index < moves->len)
    fe_game_play (w->game, moves->pdata[index]);
}

static void
deployment_clicked (GtkButton *button, gpointer data)
{
  Window *w = data;
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "deployment"));
  GArray *deployments = fe_game_deployments (w->game);
  if (index < deployments->len)
    {
      const FeDeployment *d = &g_array_index (deployments, FeDeployment, index);
      fe_game_deploy (w->game, d->figure, d->segment);
    }
}

static void
add_button (Window *w, GtkWidget *box, const char *label, const char *key, guint value,
            GCallback callback)
{
  GtkWidget *button = gtk_button_new_with_label (label);
  g_object_set_data (G_OBJECT (button), key, GUINT_TO_POINTER (value));
  g_signal_connect (button, "clicked", callback, w);
  gtk_box_append (GTK_BOX (box), button);
}

/* placing, deploying and skipping are made on the board, a hand's piece by the hand */
static gboolean
is_board_move (const FeMove *move)
{
  return g_str_equal (move->type, "place") || g_str_equal (move->type, "deploy")
         || g_str_equal (move->type, "skip") || g_str_equal (move->type, "place-piece");
}

/* the moves of the move list the board does not make: draw, pass, pick, expansions' own; and
 * each deployment of the piece just placed, numbered as its spot on the board */
static void
show_moves (Window *w)
{
  GPtrArray *moves = fe_game_moves (w->game);
  GArray *deployments = fe_game_deployments (w->game);
  guint spot = 0, last_segment = G_MAXUINT;

  clear_box (w->moves);
  for (guint i = 0; i < deployments->len; i++)
    {
      const FeDeployment *d = &g_array_index (deployments, FeDeployment, i);
      spot += d->segment != last_segment;
      last_segment = d->segment;
      g_autofree char *label
          = g_strdup_printf ("%u: %s on the %s", spot, d->figure,
                             d->kind < G_N_ELEMENTS (kind_names) ? kind_names[d->kind] : "feature");
      add_button (w, w->moves, label, "deployment", i, G_CALLBACK (deployment_clicked));
    }
  for (guint i = 0; i < moves->len; i++)
    {
      const FeMove *move = moves->pdata[i];
      if (is_board_move (move))
        continue;
      g_autofree char *label = fe_move_label (move);
      add_button (w, w->moves, label, "move", i, G_CALLBACK (move_clicked));
    }
}

static void
hand_clicked (GtkButton *button, gpointer data)
{
  Window *w = data;
  int index = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "piece"));
  fe_game_select_hand (w->game, fe_game_hand_selected (w->game) == index ? -1 : index);
}

static void
show_hand (Window *w)
{
  char **hand = fe_game_hand (w->game);
  gboolean choosing = fe_game_my_turn (w->game) && fe_game_state (w->game) == FE_STATE_CHOOSING;
  clear_box (w->hand);
  for (guint i = 0; hand && hand[i]; i++)
    {
      g_autofree char *label = g_strdup_printf (
          "%s%s", fe_game_hand_selected (w->game) == (int)i ? "\u2714 " : "", hand[i]);
      GtkWidget *button = gtk_button_new_with_label (label);
      g_object_set_data (G_OBJECT (button), "piece", GINT_TO_POINTER (i));
      gtk_widget_set_sensitive (button, choosing);
      g_signal_connect (button, "clicked", G_CALLBACK (hand_clicked), w);
      gtk_box_append (GTK_BOX (w->hand), button);
    }
}

/* where the board's middle is in the window's surface, for the test's clicks */
static void
board_centre (Window *w, double *x, double *y)
{
  graphene_point_t in = GRAPHENE_POINT_INIT (gtk_widget_get_width (w->board_area) / 2.0,
                                             gtk_widget_get_height (w->board_area) / 2.0),
                   out;
  double sx = 0, sy = 0;
  if (!gtk_widget_compute_point (w->board_area, w->window, &in, &out))
    out = in;
  gtk_native_get_surface_transform (GTK_NATIVE (w->window), &sx, &sy);
  *x = out.x + sx, *y = out.y + sy;
}

static void
write_report (Window *w)
{
  CarcRemoteGame *proxy = fe_game_proxy (w->game);
  GPtrArray *players = fe_game_players (w->game);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) spots = fe_board_spots (w->board);
  double cx, cy;

  board_centre (w, &cx, &cy);
  g_string_append_printf (text, "state=%u\nturn=%u\nmy_turn=%d\ntiles_left=%u\nstatus=%s\n",
                          fe_game_state (w->game), carc_remote_game_get_turn (proxy),
                          fe_game_my_turn (w->game), carc_remote_game_get_tiles_left (proxy),
                          gtk_label_get_text (GTK_LABEL (w->status)));
  g_string_append_printf (
      text, "placements=%u\nspots=%u\npieces=%u\nmoves=%u\nboard_centre=%d %d\n",
      fe_game_placements (w->game)->len, spots->len, fe_game_pieces (w->game)->len,
      fe_game_moves (w->game)->len, (int)cx, (int)cy);
  g_string_append_printf (text, "composing=%d\nlit=%u\n", fe_game_composing (w->game),
                          fe_board_lit (w->board));
  g_string_append_printf (text, "serial=%u\ngame=%s\nmove_types=", ++w->serial,
                          g_dbus_proxy_get_object_path (G_DBUS_PROXY (proxy)));
  GPtrArray *moves = fe_game_moves (w->game);
  for (guint i = 0; i < moves->len; i++)
    if (i == 0
        || !g_str_equal (((FeMove *)moves->pdata[i])->type, ((FeMove *)moves->pdata[i - 1])->type))
      g_string_append_printf (text, "%s,", ((FeMove *)moves->pdata[i])->type);
  g_string_append (text, "\nscores=");
  for (guint i = 0; i < players->len; i++)
    g_string_append_printf (text, "%s%u", i ? " " : "",
                            carc_remote_player_get_score (players->pdata[i]));
  g_autofree char *board = fe_game_board_text (w->game);
  g_autofree char *figures = fe_board_figures_text (w->board);
  g_string_append_printf (text, "\nboard=%s\nfigures=%s", board, figures);
  g_string_append_printf (text, "\nerror=%s\n",
                          fe_game_error (w->game) ? fe_game_error (w->game) : "");
  if (!g_file_set_contents (w->report, text->str, -1, &error))
    g_warning ("%s", error->message);
}

static void
on_changed (FeGame *game, gpointer data)
{
  Window *w = data;
  CarcRemoteGame *proxy = fe_game_proxy (game);
  guint state = fe_game_state (game);

  gtk_label_set_text (GTK_LABEL (w->status), state_text (w));
  g_autofree char *left
      = g_strdup_printf ("Turn %u \u2014 tiles left: %u", carc_remote_game_get_turn (proxy),
                         carc_remote_game_get_tiles_left (proxy));
  gtk_label_set_text (GTK_LABEL (w->left), left);
  gtk_label_set_text (GTK_LABEL (w->error), fe_game_error (game) ? fe_game_error (game) : "");
  gtk_widget_set_sensitive (
      w->skip, fe_game_my_turn (game) && (state == FE_STATE_DEPLOYING || fe_game_composing (game)));
  gtk_widget_set_visible (w->start, state == FE_STATE_WAITING);
  show_players (w);
  show_moves (w);
  show_hand (w);
  fe_board_update (w->board);
  gtk_widget_queue_draw (w->preview);
  if (w->report)
    write_report (w);
}

/* the board's middle moved: the report says where it is now */
static void
on_board_resized (GtkDrawingArea *area, int width, int height, gpointer data)
{
  Window *w = data;
  if (w->report)
    write_report (w);
}

static void
on_scored (FeGame *game, GArray *segments, guint points, gpointer data)
{
  Window *w = data;
  fe_board_show_scored (w->board, segments, points);
}

static void
on_replied (FeGame *game, gpointer data)
{
  Window *w = data;
  gtk_label_set_text (GTK_LABEL (w->error), fe_game_error (game) ? fe_game_error (game) : "");
}

static void
draw_preview (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  Window *w = data;
  const char *tile = fe_game_piece_in_play (w->game);
  if (tile && fe_game_my_turn (w->game))
    fe_board_draw_piece (w->board, cr, tile, fe_board_rotation (w->board), MIN (width, height));
  else if (tile)
    fe_board_draw_piece (w->board, cr, tile, 0, MIN (width, height));
}

static void
rotate_cw (GtkButton *button, gpointer data)
{
  Window *w = data;
  fe_board_rotate (w->board, 1);
  gtk_widget_queue_draw (w->preview);
}

static void
rotate_ccw (GtkButton *button, gpointer data)
{
  Window *w = data;
  fe_board_rotate (w->board, -1);
  gtk_widget_queue_draw (w->preview);
}

static void
skip_clicked (GtkButton *button, gpointer data)
{
  Window *w = data;
  fe_game_skip (w->game);
}

static void
start_clicked (GtkButton *button, gpointer data)
{
  Window *w = data;
  fe_game_start (w->game, w->creator_token);
}

static void
zoom_in (GtkButton *button, gpointer data)
{
  fe_board_zoom (((Window *)data)->board, 1.25);
}

static void
zoom_out (GtkButton *button, gpointer data)
{
  fe_board_zoom (((Window *)data)->board, 0.8);
}

/* the move of the move list of type, if there is exactly one such */
static void
play_named (Window *w, const char *type)
{
  GPtrArray *moves = fe_game_moves (w->game);
  for (guint i = 0; i < moves->len; i++)
    if (g_str_equal (((FeMove *)moves->pdata[i])->type, type))
      {
        fe_game_play (w->game, moves->pdata[i]);
        return;
      }
}

/* M: the first move of the move list the board does not make (the first button) */
static void
play_first_other (Window *w)
{
  GPtrArray *moves = fe_game_moves (w->game);
  for (guint i = 0; i < moves->len; i++)
    if (!is_board_move (moves->pdata[i]))
      {
        fe_game_play (w->game, moves->pdata[i]);
        return;
      }
}

/* H: the next piece of the hand is the piece in play (while choosing), then the drawn tile */
static void
next_hand_piece (Window *w)
{
  char **hand = fe_game_hand (w->game);
  int n = hand ? (int)g_strv_length (hand) : 0, next = fe_game_hand_selected (w->game) + 1;
  if (fe_game_my_turn (w->game) && fe_game_state (w->game) == FE_STATE_CHOOSING)
    fe_game_select_hand (w->game, next < n ? next : -1);
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
             gpointer data)
{
  Window *w = data;
  guint key = gdk_keyval_to_lower (keyval);

  if (key >= GDK_KEY_1 && key <= GDK_KEY_9)
    return fe_board_deploy_spot (w->board, key - GDK_KEY_0);
  switch (key)
    {
      case GDK_KEY_r:
        rotate_cw (NULL, w);
        return TRUE;
      case GDK_KEY_e:
        rotate_ccw (NULL, w);
        return TRUE;
      case GDK_KEY_Tab:
      case GDK_KEY_ISO_Left_Tab:
        fe_board_select_next (w->board);
        gtk_widget_queue_draw (w->preview);
        return TRUE;
      case GDK_KEY_Return:
      case GDK_KEY_KP_Enter:
        return fe_board_place_selected (w->board);
      case GDK_KEY_s:
        if (fe_game_my_turn (w->game)
            && (fe_game_state (w->game) == FE_STATE_DEPLOYING || fe_game_composing (w->game)))
          fe_game_skip (w->game);
        return TRUE;
      case GDK_KEY_d:
        play_named (w, "draw");
        return TRUE;
      case GDK_KEY_p:
        play_named (w, "pass");
        return TRUE;
      case GDK_KEY_h:
        next_hand_piece (w);
        return TRUE;
      case GDK_KEY_Escape:
        fe_game_cancel (w->game);
        return TRUE;
      case GDK_KEY_m:
        play_first_other (w);
        return TRUE;
      case GDK_KEY_plus:
      case GDK_KEY_equal:
      case GDK_KEY_KP_Add:
        zoom_in (NULL, w);
        return TRUE;
      case GDK_KEY_minus:
      case GDK_KEY_KP_Subtract:
        zoom_out (NULL, w);
        return TRUE;
      case GDK_KEY_Left:
        fe_board_pan (w->board, 40, 0);
        return TRUE;
      case GDK_KEY_Right:
        fe_board_pan (w->board, -40, 0);
        return TRUE;
      case GDK_KEY_Up:
        fe_board_pan (w->board, 0, 40);
        return TRUE;
      case GDK_KEY_Down:
        fe_board_pan (w->board, 0, -40);
        return TRUE;
      default:
        return FALSE;
    }
}

static GtkWidget *
button (const char *label, GCallback callback, Window *w)
{
  GtkWidget *b = gtk_button_new_with_label (label);
  g_signal_connect (b, "clicked", callback, w);
  return b;
}

static GtkWidget *
heading (const char *text)
{
  GtkWidget *label = gtk_label_new (NULL);
  g_autofree char *markup = g_strdup_printf ("<b>%s</b>", text);
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  return label;
}

static GtkWidget *
build_panel (Window *w)
{
  GtkWidget *panel = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_size_request (panel, 250, -1);
  gtk_widget_set_margin_start (panel, 8);
  gtk_widget_set_margin_end (panel, 8);
  gtk_widget_set_margin_top (panel, 8);

  w->status = heading ("");
  gtk_label_set_wrap (GTK_LABEL (w->status), TRUE);
  w->left = gtk_label_new ("");
  gtk_label_set_xalign (GTK_LABEL (w->left), 0);
  w->preview = gtk_drawing_area_new ();
  gtk_widget_set_size_request (w->preview, 110, 110);
  gtk_widget_set_halign (w->preview, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (w->preview), draw_preview, w, NULL);
  GtkWidget *turn = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_widget_set_halign (turn, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (turn), button ("\u27f2 E", G_CALLBACK (rotate_ccw), w));
  gtk_box_append (GTK_BOX (turn), button ("R \u27f3", G_CALLBACK (rotate_cw), w));
  w->skip = button ("Skip (S)", G_CALLBACK (skip_clicked), w);
  w->start = button ("Start the game", G_CALLBACK (start_clicked), w);
  w->moves = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  w->hand = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  w->players = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  w->error = gtk_label_new ("");
  gtk_label_set_wrap (GTK_LABEL (w->error), TRUE);
  gtk_widget_add_css_class (w->error, "error");
  GtkWidget *zoom = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gtk_box_append (GTK_BOX (zoom), button ("Zoom \u2212", G_CALLBACK (zoom_out), w));
  gtk_box_append (GTK_BOX (zoom), button ("Zoom +", G_CALLBACK (zoom_in), w));

  GtkWidget *parts[] = { w->status,        w->left,  w->preview,          turn,
                         w->skip,          w->start, heading ("Moves"),   w->moves,
                         heading ("Hand"), w->hand,  heading ("Players"), w->players,
                         w->error,         zoom };
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    gtk_box_append (GTK_BOX (panel), parts[i]);
  gtk_box_insert_child_after (GTK_BOX (panel), fe_hint_new (w->window, w->game, w->board), w->skip);
  return panel;
}

/**
 * fe_window_new:
 * @game: (transfer full): the game shown
 * @creator_token: (nullable): the creator's token (Start)
 * @report: (nullable): --test-report's file
 *
 * Returns: (transfer none): the window, shown
 */
GtkWidget *
fe_window_new (GtkApplication *app, FeGame *game, const char *creator_token, const char *report)
{
  Window *w = g_new0 (Window, 1);
  w->game = game;
  w->creator_token = g_strdup (creator_token);
  w->report = g_strdup (report);
  w->window = gtk_application_window_new (app);
  g_autofree char *title = g_strdup_printf (
      "Carcassonne \u2014 %s", g_dbus_proxy_get_object_path (G_DBUS_PROXY (fe_game_proxy (game))));
  gtk_window_set_title (GTK_WINDOW (w->window), title);
  gtk_window_set_default_size (GTK_WINDOW (w->window), 1100, 760);
  g_object_set_data_full (G_OBJECT (w->window), "fe-window", w, window_free);

  w->board_area = fe_board_new (game);
  w->board = fe_board_get (w->board_area);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  gtk_box_append (GTK_BOX (box), w->board_area);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), build_panel (w));
  gtk_box_append (GTK_BOX (box), scroller);
  gtk_window_set_child (GTK_WINDOW (w->window), box);

  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), w);
  gtk_widget_add_controller (w->window, keys);

  g_signal_connect (w->board_area, "resize", G_CALLBACK (on_board_resized), w);
  fe_game_set_funcs (game, on_changed, on_scored, on_replied, w);
  gtk_window_present (GTK_WINDOW (w->window));
  fe_game_refresh (game);
  return w->window;
}
