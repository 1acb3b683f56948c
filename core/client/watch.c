/* watch.c: one game's signals as lines of text (see watch.h). */
#include "config.h"

#include <string.h>
#include "bus.h"
#include "watch.h"

struct _CtlWatch
{
  DBusConnection *conn;
  char *path;
  char *rules[4];
  CtlRenderFlags flags;
  gboolean board;
  CtlGame *game;
  CtlWatchFunc func;
  gpointer user_data;
  gboolean lost;
};

static DBusHandlerResult filter (DBusConnection *conn, DBusMessage *message, gpointer data);

CtlWatch *
ctl_watch_new (DBusConnection *conn, const char *path, CtlRenderFlags flags, gboolean board,
               GError **error)
{
  g_autoptr (CtlWatch) w = g_new0 (CtlWatch, 1);
  w->conn = dbus_connection_ref (conn);
  w->path = g_strdup (path);
  w->flags = flags;
  w->board = board;
  w->rules[0] = g_strdup_printf (
      "type='signal',sender='" CTL_BUS_NAME "',interface='" CTL_IFACE_GAME "',path='%s'", path);
  w->rules[1]
      = g_strdup ("type='signal',sender='" DBUS_SERVICE_DBUS "',interface='" DBUS_INTERFACE_DBUS
                  "',member='NameOwnerChanged',arg0='" CTL_BUS_NAME "'");
  w->rules[2] = g_strdup ("type='signal',sender='" CTL_BUS_NAME "',interface='" CTL_IFACE_OBJMGR
                          "',member='InterfacesRemoved'");
  /* State and ActivePlayer: the moves of an expansion's phase have no signal of their own. */
  w->rules[3]
      = g_strdup_printf ("type='signal',sender='" CTL_BUS_NAME "',interface='" CTL_IFACE_PROPS
                         "',member='PropertiesChanged',path='%s',arg0='" CTL_IFACE_GAME "'",
                         path);
  if (!dbus_connection_add_filter (conn, filter, w, NULL))
    g_error ("out of memory");
  for (guint i = 0; i < G_N_ELEMENTS (w->rules); i++)
    {
      DBusError derr = DBUS_ERROR_INIT;
      dbus_bus_add_match (conn, w->rules[i], &derr);
      if (dbus_error_is_set (&derr))
        {
          ctl_set_dbus_error (error, &derr);
          dbus_error_free (&derr);
          g_clear_pointer (&w->rules[i], g_free);
          return NULL;
        }
    }
  w->game = ctl_game_new (conn, path, error);
  if (!w->game)
    return NULL;
  return g_steal_pointer (&w);
}

CtlWatch *
ctl_watch_new_offline (CtlGame *game, CtlRenderFlags flags, gboolean board)
{
  CtlWatch *w = g_new0 (CtlWatch, 1);
  w->path = g_strdup (game->path);
  w->flags = flags;
  w->board = board;
  w->game = game;
  return w;
}

void
ctl_watch_free (CtlWatch *w)
{
  if (!w)
    return;
  if (w->conn)
    {
      dbus_connection_remove_filter (w->conn, filter, w);
      for (guint i = 0; i < G_N_ELEMENTS (w->rules); i++)
        if (w->rules[i])
          {
            dbus_bus_remove_match (w->conn, w->rules[i], NULL);
            g_free (w->rules[i]);
          }
      dbus_connection_unref (w->conn);
    }
  ctl_game_free (w->game);
  g_free (w->path);
  g_free (w);
}

void
ctl_watch_set_func (CtlWatch *w, CtlWatchFunc func, gpointer user_data)
{
  w->func = func;
  w->user_data = user_data;
}

CtlGame *
ctl_watch_get_game (CtlWatch *w)
{
  return w->game;
}

const char *
ctl_watch_get_path (CtlWatch *w)
{
  return w->path;
}

gboolean
ctl_watch_print_board (CtlWatch *w, gboolean read, const gint *marks, guint n_marks, GError **error)
{
  if (read && w->conn && !ctl_game_refresh (w->game, w->conn, TRUE, error))
    return FALSE;
  CtlBoard b = ctl_game_board (w->game, marks, n_marks);
  g_autofree char *text = ctl_board_render (&b, w->flags | CTL_RENDER_LEGEND);
  ctl_out (text);
  return TRUE;
}

/* The label of a player path; reads the players again when the path is new to us. */
static char *
label (CtlWatch *w, const char *player)
{
  if (g_strcmp0 (player, CTL_NO_PLAYER) == 0)
    return g_strdup ("nobody");
  gint seat = ctl_game_seat (w->game, player);
  if (w->conn && (seat < 0 || (guint)seat >= w->game->n_players || !w->game->player_paths[seat]))
    {
      g_autoptr (GError) error = NULL;
      if (!ctl_game_refresh (w->game, w->conn, FALSE, &error))
        g_debug ("%s", error->message);
      seat = ctl_game_seat (w->game, player);
    }
  return ctl_game_player_label (w->game, seat, w->flags);
}

char *
ctl_watch_format_scores (CtlWatch *w, GVariant *scores)
{
  GString *s = g_string_new ("game over:");
  guint best = 0, n = (guint)g_variant_n_children (scores);
  for (guint i = 0; i < n; i++)
    {
      guint32 points;
      g_variant_get_child (scores, i, "u", &points);
      best = MAX (best, points);
      g_autofree char *who = ctl_game_player_label (w->game, (gint)i, w->flags);
      g_string_append_printf (s, "%s %s %u", i ? "," : "", who, points);
    }
  guint n_best = 0;
  for (guint i = 0; i < n; i++)
    {
      guint32 points;
      g_variant_get_child (scores, i, "u", &points);
      if (points != best)
        continue;
      g_autofree char *who = ctl_game_player_label (w->game, (gint)i, w->flags);
      g_string_append_printf (s, "%s %s", n_best ? "," : "; winner:", who);
      n_best++;
    }
  if (n_best > 1)
    g_string_append (s, " (a tie)");
  return g_string_free (s, FALSE);
}

/* " rotation 1", or for a triangular piece the corner it holds. */
static char *
placement_text (CtlWatch *w, const char *tile, guint rotation)
{
  static const char *const corners[] = { "north-east", "south-east", "south-west", "north-west" };
  const CtlTileType *t = ctl_game_tile_type (w->game, tile);
  if (t && t->half)
    return g_strdup_printf (", %s corner", corners[rotation & 3]);
  return g_strdup_printf (" rotation %u", rotation);
}

static void
set_active (CtlGame *g, const char *player)
{
  g->active = g_string_chunk_insert_const (g->strings, player);
  for (guint i = 0; i < g->n_players; i++)
    g->players[i].active = g_strcmp0 (g->player_paths[i], player) == 0;
}

static char *
on_turn_started (CtlWatch *w, GVariant *args)
{
  guint32 turn, left;
  const char *player, *tile;
  g_variant_get (args, "(u&o&sut)", &turn, &player, &tile, &left, NULL);
  g_autofree char *who = label (w, player);
  w->game->turn = turn;
  w->game->tiles_left = left;
  w->game->state = *tile ? CTL_STATE_PLACING : CTL_STATE_CHOOSING;
  set_active (w->game, player);
  if (*tile)
    return g_strdup_printf ("turn %u: %s draws %s (%u left)", turn, who, tile, left);
  return g_strdup_printf ("turn %u: %s to play (%u left)", turn, who, left);
}

static char *
on_tile_drawn (CtlWatch *w, GVariant *args)
{
  guint32 turn, left;
  const char *player, *tile;
  g_variant_get (args, "(u&o&sut)", &turn, &player, &tile, &left, NULL);
  g_autofree char *who = label (w, player);
  w->game->tiles_left = left;
  w->game->state = CTL_STATE_PLACING;
  return g_strdup_printf ("  %s draws %s (%u left)", who, tile, left);
}

static char *
on_piece_given (CtlWatch *w, GVariant *args)
{
  const char *player, *tile;
  g_variant_get (args, "(&o&st)", &player, &tile, NULL);
  g_autofree char *who = label (w, player);
  gint seat = ctl_game_seat (w->game, player);
  if (seat >= 0 && (guint)seat < w->game->n_players)
    w->game->hand_sizes[seat]++;
  return g_strdup_printf ("%s takes %s into the hand", who, *tile ? tile : "a piece");
}

static char *
on_turn_passed (CtlWatch *w, GVariant *args)
{
  guint32 turn;
  const char *player;
  g_variant_get (args, "(u&ot)", &turn, &player, NULL);
  g_autofree char *who = label (w, player);
  return g_strdup_printf ("  %s passes", who);
}

static char *
on_tile_discarded (CtlWatch *w, GVariant *args)
{
  const char *player, *tile;
  g_variant_get (args, "(&o&st)", &player, &tile, NULL);
  g_autofree char *who = label (w, player);
  return g_strdup_printf ("  %s draws %s: it fits nowhere and is discarded", who, tile);
}

static char *
on_tile_placed (CtlWatch *w, GVariant *args)
{
  const char *player, *tile;
  gint32 x, y;
  guint32 rot;
  g_variant_get (args, "(&o&siiuut)", &player, &tile, &x, &y, &rot, NULL, NULL);
  ctl_game_add_tile (w->game, tile, x, y, rot);
  g_autofree char *how = placement_text (w, tile, rot);
  if (g_strcmp0 (player, CTL_NO_PLAYER) == 0)
    return g_strdup_printf ("start tile %s at (%d, %d)%s", tile, x, y, how);
  g_autofree char *who = label (w, player);
  w->game->state = CTL_STATE_DEPLOYING;
  return g_strdup_printf ("  %s places %s at (%d, %d)%s", who, tile, x, y, how);
}

static char *
on_follower_deployed (CtlWatch *w, GVariant *args)
{
  const char *player;
  gint32 x, y;
  const char *figure;
  guint32 piece, segment, kind;
  g_autofree const char **locations = NULL;
  g_variant_get (args, "(&oiiuuu^a&s&st)", &player, &x, &y, &piece, &segment, &kind, &locations,
                 &figure, NULL);
  g_autofree char *who = label (w, player);
  g_autofree char *where = g_strjoinv (",", (char **)locations);
  ctl_game_add_follower (w->game, ctl_game_seat (w->game, player), piece, x, y, segment, figure);
  return g_strdup_printf ("  %s puts a%s %s on the %s%s%s%s at (%d, %d), segment %u", who,
                          strchr ("aeiou", figure[0]) ? "n" : "", figure,
                          ctl_feature_kind_name (kind), *where ? " (" : "", where,
                          *where ? ")" : "", x, y, segment);
}

/* Appends seat @seat's items of @breakdown (a(usuu)): " (8 for 4 tiles, 4 for 2 shields)";
 * an item that counts nothing shows its points only: "3 for bonus". */
static void
append_items (GString *s, GVariant *breakdown, guint seat)
{
  GVariantIter iter;
  guint32 who, count, points;
  const char *name;
  guint n = 0;

  g_variant_iter_init (&iter, breakdown);
  while (g_variant_iter_next (&iter, "(u&suu)", &who, &name, &count, &points))
    {
      if (who != seat)
        continue;
      g_string_append (s, n++ ? ", " : " (");
      if (count)
        g_string_append_printf (s, "%u for %u %s", points, count, name);
      else
        g_string_append_printf (s, "%u for %s", points, name);
    }
  if (n)
    g_string_append_c (s, ')');
}

static char *
on_feature_scored (CtlWatch *w, GVariant *args)
{
  gint32 x, y;
  guint32 segment, kind;
  gboolean final;
  g_autoptr (GVariant) points = NULL;
  g_autoptr (GVariant) breakdown = NULL;
  g_variant_get (args, "(iiuuub@au@a(usuu)@a(iiuu)t)", &x, &y, NULL, &segment, &kind, &final,
                 &points, &breakdown, NULL, NULL);
  GString *s = g_string_new (NULL);
  g_string_printf (s, "  %s%s at (%d, %d) scores:", final ? "final: " : "",
                   ctl_feature_kind_name (kind), x, y);
  guint any = 0;
  for (guint i = 0; i < g_variant_n_children (points); i++)
    {
      guint32 p;
      g_variant_get_child (points, i, "u", &p);
      if (!p)
        continue;
      g_autofree char *who = ctl_game_player_label (w->game, (gint)i, w->flags);
      g_string_append_printf (s, "%s %s +%u", any++ ? "," : "", who, p);
      append_items (s, breakdown, i);
      if (i < w->game->n_players)
        w->game->players[i].score += p;
    }
  if (!any)
    g_string_append (s, " nothing");
  return g_string_free (s, FALSE);
}

/* Points an expansion gave outside a feature: "  Ann +4 for 2 wine" (or "+4 for bonus"). */
static char *
on_points_awarded (CtlWatch *w, GVariant *args)
{
  const char *player, *item;
  guint32 count, points;
  g_variant_get (args, "(&o&suut)", &player, &item, &count, &points, NULL);
  g_autofree char *who = label (w, player);
  gint seat = ctl_game_seat (w->game, player);
  if (seat >= 0 && (guint)seat < w->game->n_players)
    w->game->players[seat].score += points;
  if (count)
    return g_strdup_printf ("  %s +%u for %u %s", who, points, count, item);
  return g_strdup_printf ("  %s +%u for %s", who, points, item);
}

static char *
on_follower_returned (CtlWatch *w, GVariant *args)
{
  const char *player;
  gint32 x, y;
  const char *figure;
  guint32 piece, segment;
  g_variant_get (args, "(&oiiuu&st)", &player, &x, &y, &piece, &segment, &figure, NULL);
  ctl_game_remove_follower (w->game, piece, x, y, segment, figure);
  g_autofree char *who = label (w, player);
  return g_strdup_printf ("  %s's %s comes back from (%d, %d), segment %u", who, figure, x, y,
                          segment);
}

static char *
on_properties_changed (CtlWatch *w, GVariant *args)
{
  g_autoptr (GVariant) changed = g_variant_get_child_value (args, 1);
  const char *active;
  guint32 state;
  if (g_variant_lookup (changed, "State", "u", &state))
    w->game->state = state;
  if (g_variant_lookup (changed, "ActivePlayer", "&o", &active))
    set_active (w->game, active);
  return NULL;
}

static char *
on_turn_ended (CtlWatch *w, GVariant *args)
{
  g_autoptr (GError) error = NULL;
  if (w->board && !ctl_watch_print_board (w, FALSE, NULL, 0, &error))
    g_printerr ("carcassonnectl: %s\n", error->message);
  return NULL;
}

static char *
on_game_over (CtlWatch *w, GVariant *args)
{
  g_autoptr (GError) error = NULL;
  w->game->state = CTL_STATE_OVER;
  for (guint i = 0; i < w->game->n_players; i++)
    w->game->players[i].active = FALSE;
  /* the final board is drawn even without --board */
  if (!ctl_watch_print_board (w, FALSE, NULL, 0, &error))
    g_printerr ("carcassonnectl: %s\n", error->message);
  g_autoptr (GVariant) scores = g_variant_get_child_value (args, 0);
  return ctl_watch_format_scores (w, scores);
}

/* The signals a watch reads: their member, the arguments it expects (NULL: any) and what
 * makes their line (NULL: no line) and updates the game. */
static const struct
{
  const char *member;
  const char *signature;
  char *(*handle) (CtlWatch *w, GVariant *args);
} handlers[] = {
  { "TurnStarted", "(uosut)", on_turn_started },
  { "TileDrawn", "(uosut)", on_tile_drawn },
  { "PieceGiven", "(ost)", on_piece_given },
  { "TurnPassed", "(uot)", on_turn_passed },
  { "TileDiscarded", "(ost)", on_tile_discarded },
  { "TilePlaced", "(osiiuut)", on_tile_placed },
  { "FollowerDeployed", "(oiiuuuasst)", on_follower_deployed },
  { "FeatureScored", "(iiuuubaua(usuu)a(iiuu)t)", on_feature_scored },
  { "PointsAwarded", "(osuut)", on_points_awarded },
  { "FollowerReturned", "(oiiuust)", on_follower_returned },
  { "PropertiesChanged", "(sa{sv}as)", on_properties_changed },
  { "TurnEnded", NULL, on_turn_ended },
  { "GameOver", "(aut)", on_game_over },
};

void
ctl_watch_print_event (CtlWatch *w, const char *member, GVariant *args)
{
  for (guint i = 0; i < G_N_ELEMENTS (handlers); i++)
    {
      if (!g_str_equal (member, handlers[i].member))
        continue;
      if (handlers[i].signature
          && !g_variant_is_of_type (args, G_VARIANT_TYPE (handlers[i].signature)))
        return;
      g_autofree char *line = handlers[i].handle (w, args);
      if (line)
        ctl_outf ("%s\n", line);
      return;
    }
}

/* The sequence number of a Game signal (its last argument) or of a PropertiesChanged (its
 * "Sequence"); 0 for none (a daemon without them). */
static guint64
message_sequence (const char *member, GVariant *args)
{
  guint64 sequence = 0;
  gsize n = g_variant_n_children (args);

  if (g_str_equal (member, "PropertiesChanged"))
    {
      g_autoptr (GVariant) changed = n > 1 ? g_variant_get_child_value (args, 1) : NULL;
      if (changed && g_variant_is_of_type (changed, G_VARIANT_TYPE_VARDICT))
        g_variant_lookup (changed, "Sequence", "t", &sequence);
      return sequence;
    }
  g_autoptr (GVariant) last = n ? g_variant_get_child_value (args, n - 1) : NULL;
  return last && g_variant_is_of_type (last, G_VARIANT_TYPE_UINT64) ? g_variant_get_uint64 (last)
                                                                    : 0;
}

static void
lose (CtlWatch *w, const char *why)
{
  if (w->lost)
    return;
  w->lost = TRUE;
  g_autoptr (GVariant) args = g_variant_ref_sink (g_variant_new ("(s)", why));
  if (w->func)
    w->func (w, "Lost", args, w->user_data);
}

static DBusHandlerResult
filter (DBusConnection *conn, DBusMessage *message, gpointer data)
{
  CtlWatch *w = data;
  if (dbus_message_get_type (message) != DBUS_MESSAGE_TYPE_SIGNAL)
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  if (dbus_message_is_signal (message, DBUS_INTERFACE_DBUS, "NameOwnerChanged"))
    {
      const char *name, *old_owner, *new_owner;
      if (dbus_message_get_args (message, NULL, DBUS_TYPE_STRING, &name, DBUS_TYPE_STRING,
                                 &old_owner, DBUS_TYPE_STRING, &new_owner, DBUS_TYPE_INVALID)
          && g_str_equal (name, CTL_BUS_NAME) && !*new_owner)
        lose (w, "the daemon left the bus");
      return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    }
  if (dbus_message_is_signal (message, CTL_IFACE_OBJMGR, "InterfacesRemoved"))
    {
      const char *path;
      if (dbus_message_get_args (message, NULL, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID)
          && g_str_equal (path, w->path))
        lose (w, "the game was deleted");
      return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
    }
  if (w->lost || g_strcmp0 (dbus_message_get_path (message), w->path) != 0
      || (!dbus_message_has_interface (message, CTL_IFACE_GAME)
          && !dbus_message_is_signal (message, CTL_IFACE_PROPS, "PropertiesChanged")))
    return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
  const char *member = dbus_message_get_member (message);
  g_autoptr (GVariant) args = ctl_message_get_args (message);
  guint64 sequence = message_sequence (member, args);
  /* what the last read already holds (doc/dbus-game.md, "Joining a game in progress") is
   * neither printed nor applied again */
  if (!sequence || sequence > w->game->sequence)
    {
      if (sequence)
        w->game->sequence = sequence;
      ctl_watch_print_event (w, member, args);
    }
  if (w->func)
    w->func (w, member, args, w->user_data);
  return DBUS_HANDLER_RESULT_NOT_YET_HANDLED;
}
