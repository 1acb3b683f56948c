/* fe-hint.c: the Hint button (and the I key) of a seated player: asks the daemon which move
 * the greedy strategy would make for the seat now (Game.GetHint, the daemon thinks off its
 * main loop; the call is asynchronous) and shows it without making it: a placement is
 * selected on the board as Tab selects one (Enter places it), a deployment's spot is ringed,
 * any other move is named beside the button. The hint is forgotten when the turn moves on.
 * --debug-log gets "hint TYPE key=value...: N ms" (the Xvfb test reads it). */
#include "fe-hint.h"

typedef struct
{
  FeGame *game;
  FeBoard *board;
  GtkWidget *label;
  GCancellable *cancellable; /* cancelled when the window goes */
  GtkEventController *keys;  /* the window's, for I; weak */
  gint64 sent;
  gboolean thinking; /* a call is in flight: the daemon thinks one hint per seat at a time */
} Hint;

static void
hint_free (gpointer data)
{
  Hint *h = data;
  g_cancellable_cancel (h->cancellable); /* its callback then touches nothing */
  g_clear_object (&h->cancellable);
  if (h->keys)
    {
      g_signal_handlers_disconnect_by_data (h->keys, h);
      g_object_remove_weak_pointer (G_OBJECT (h->keys), (gpointer *)&h->keys);
    }
  g_free (h);
}

static void
on_hint (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *type = NULL;
  g_autoptr (GVariant) args = NULL;
  if (!carc_remote_game_call_get_hint_finish (CARC_REMOTE_GAME (source), &type, &args, result,
                                              &error)
      && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return; /* the window went: @data is gone */
  Hint *h = data;
  h->thinking = FALSE;
  if (error)
    {
      g_dbus_error_strip_remote_error (error);
      fe_log ("hint failed: %s", error->message);
      gtk_label_set_text (GTK_LABEL (h->label), error->message);
      return;
    }
  FeMove move = { type, args };
  g_autofree char *what = fe_move_label (&move);
  fe_log ("hint %s: %.2f ms", what, (g_get_monotonic_time () - h->sent) / 1000.0);
  guint32 piece;
  if (g_str_equal (type, "place-piece") && g_variant_lookup (args, "piece", "u", &piece))
    fe_game_select_hand (h->game, (int)piece);
  gboolean lit = fe_board_show_hint (h->board, &move);
  g_autofree char *text = g_strdup_printf ("%s%s", what, lit ? " (lit on the board)" : "");
  gtk_label_set_text (GTK_LABEL (h->label), text);
}

static void
ask (Hint *h)
{
  GVariantBuilder b;
  if (!fe_game_player (h->game) || h->thinking)
    return;
  h->thinking = TRUE;
  h->sent = g_get_monotonic_time ();
  fe_log ("call hint");
  gtk_label_set_text (GTK_LABEL (h->label), "Thinking\u2026");
  /* this connection holds the seat: no token; the daemon's default strategy, greedy */
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  carc_remote_game_call_get_hint (fe_game_proxy (h->game), g_variant_builder_end (&b),
                                  h->cancellable, on_hint, h);
}

static void
hint_clicked (GtkButton *button, gpointer data)
{
  ask (data);
}

static gboolean
key_pressed (GtkEventControllerKey *controller, guint keyval, guint keycode, GdkModifierType state,
             gpointer data)
{
  if (gdk_keyval_to_lower (keyval) != GDK_KEY_i || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;
  ask (data);
  return TRUE;
}

/* the turn moved on: the hint is of the past */
static void
turn_changed (GObject *proxy, GParamSpec *pspec, gpointer data)
{
  gtk_label_set_text (GTK_LABEL (data), "");
}

/**
 * fe_hint_new:
 * @window: the game's window (its I key asks too)
 *
 * Returns: (transfer floating): the button and the line that shows the hint; hidden for a
 *   game watched without a seat
 */
GtkWidget *
fe_hint_new (GtkWidget *window, FeGame *game, FeBoard *board)
{
  Hint *h = g_new0 (Hint, 1);
  h->game = game;
  h->board = board;
  h->cancellable = g_cancellable_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *button = gtk_button_new_with_label ("Hint (I)");
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (button, "The move the greedy bot would make now: lit, not made");
  h->label = gtk_label_new ("");
  gtk_label_set_wrap (GTK_LABEL (h->label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (h->label), 0);
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (box), h->label);
  g_object_set_data_full (G_OBJECT (box), "fe-hint", h, hint_free);
  g_signal_connect (button, "clicked", G_CALLBACK (hint_clicked), h);
  g_signal_connect_object (fe_game_proxy (game), "notify::turn", G_CALLBACK (turn_changed),
                           h->label, 0);
  GtkEventController *keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), h);
  gtk_widget_add_controller (window, keys);
  h->keys = keys;
  g_object_add_weak_pointer (G_OBJECT (keys), (gpointer *)&h->keys);
  gtk_widget_set_visible (box, fe_game_player (game) != NULL);
  return box;
}
