/* session-events.c: the engine's events as Game signals, and batched property changes. */
#include "config.h"

#include "cdbus.h"
#include "dbus-args.h"
#include "session.h"

static DBusMessage *
signal_new (CarcdSession *s, const char *name)
{
  return cdbus_signal_new (s->daemon->connection, s->path, CARCD_GAME_INTERFACE, name);
}

/* Holds @signal until carcd_session_release_signals(): a move's signals go out once the move
 * is on disk. */
static void
signal_send (CarcdSession *s, DBusMessage *signal, gboolean ok)
{
  if (!ok)
    {
      g_warning ("%s: out of memory building a signal", s->path);
      dbus_message_unref (signal);
      return;
    }
  g_queue_push_tail (&s->held_signals, signal);
}

/* Numbers @signal and sends it. The pending PropertiesChanged go out first, taking their
 * numbers first, so the numbers grow in the order the messages leave. */
static void
send_numbered (CarcdSession *s, DBusMessage *signal)
{
  DBusMessageIter it;
  dbus_uint64_t sequence;

  cdbus_flush (s->daemon->connection);
  sequence = ++s->sequence;
  dbus_message_iter_init_append (signal, &it);
  if (!dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT64, &sequence))
    {
      g_warning ("%s: out of memory numbering a signal", s->path);
      dbus_message_unref (signal);
      return;
    }
  cdbus_send_signal (s->daemon->connection, signal);
}

void
carcd_session_release_first_signals (CarcdSession *s, guint n)
{
  DBusMessage *signal;

  for (; n > 0 && (signal = g_queue_pop_head (&s->held_signals)); n--)
    send_numbered (s, signal);
}

void
carcd_session_release_signals (CarcdSession *s)
{
  carcd_session_release_first_signals (s, G_MAXUINT);
}

void
carcd_session_number_changes (gpointer session)
{
  CarcdSession *s = session;
  s->sequence++;
}

void
carcd_session_drop_signals (CarcdSession *s)
{
  DBusMessage *signal;

  while ((signal = g_queue_pop_head (&s->held_signals)))
    dbus_message_unref (signal);
}

void
carcd_session_emit_turn_end (CarcdSession *s)
{
  DBusMessage *signal;
  const char *player;
  dbus_uint32_t turn = s->turn_end_turn;

  if (!s->turn_end_pending)
    return;
  s->turn_end_pending = FALSE;
  /* once per turn: the moves of a plugin phase at a turn's end owe none of their
   * own, the turn's went out when it ended into that phase */
  if (s->turn_ended == turn + 1)
    return;
  s->turn_ended = turn + 1;
  player = carcd_session_player_path (s, (gint)s->turn_end_seat);
  signal = signal_new (s, "TurnEnded");
  if (signal)
    signal_send (s, signal,
                 dbus_message_append_args (signal, DBUS_TYPE_UINT32, &turn, DBUS_TYPE_OBJECT_PATH,
                                           &player, DBUS_TYPE_INVALID));
}

/* Appends the breakdown of @e's points as a(usuu): (seat, item, count, points) for every
 * item of every seat, seats in order and each seat's items in the engine's order. */
static gboolean
append_breakdown (DBusMessageIter *it, const CarcEvent *e)
{
  DBusMessageIter array, st;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(usuu)", &array);

  for (guint p = 0; ok && p < e->n_players; p++)
    for (guint i = 0; ok && i < carc_event_get_n_items (e, p); i++)
      {
        const CarcScoreItem *item = carc_event_get_item (e, p, i);
        dbus_uint32_t seat = p, count = item->count, points = item->points;

        ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
             && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &seat)
             && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &item->name)
             && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &count)
             && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &points)
             && dbus_message_iter_close_container (&array, &st);
      }
  return ok && dbus_message_iter_close_container (it, &array);
}

/* Appends the segments of the feature @e names as a(iiuu): (x, y, piece, segment). */
static gboolean
append_feature_segments (DBusMessageIter *it, CarcGame *game, const CarcEvent *e)
{
  DBusMessageIter array, st;
  g_autofree guint *pieces = NULL, *segments = NULL;
  guint n = 0;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(iiuu)", &array);

  if (!carc_game_get_feature_segments (game, e->piece, e->segment, &pieces, &segments, &n))
    n = 0;
  for (guint i = 0; ok && i < n; i++)
    {
      CarcPieceInfo p;
      dbus_int32_t x, y;
      dbus_uint32_t piece = pieces[i], segment = segments[i];

      carc_game_get_piece (game, pieces[i], &p);
      x = p.x;
      y = p.y;
      ok = dbus_message_iter_open_container (&array, DBUS_TYPE_STRUCT, NULL, &st)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &x)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_INT32, &y)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &piece)
           && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &segment)
           && dbus_message_iter_close_container (&array, &st);
    }
  return ok && dbus_message_iter_close_container (it, &array);
}

/* Appends PointsAwarded's (o player, s item, u count, u points): the award's one item. */
static gboolean
append_award (DBusMessageIter *it, const char *player, const CarcEvent *e)
{
  const CarcScoreItem *item = carc_event_get_item (e, (guint)e->player, 0);
  dbus_uint32_t count, points;

  g_return_val_if_fail (item != NULL, FALSE);
  count = item->count;
  points = item->points;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_OBJECT_PATH, &player)
         && dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &item->name)
         && dbus_message_iter_append_basic (it, DBUS_TYPE_UINT32, &count)
         && dbus_message_iter_append_basic (it, DBUS_TYPE_UINT32, &points);
}

/* Appends the engine's event @e as the arguments of its signal. */
static gboolean
append_event (CarcdSession *s, CarcGame *game, DBusMessage *signal, const CarcEvent *e)
{
  DBusMessageIter it;
  const char *player = carcd_session_player_path (s, e->player);
  const char *tile = e->tile ? carc_tile_type_get_id (e->tile) : "";
  dbus_int32_t x = e->x, y = e->y;
  dbus_uint32_t u, piece = e->piece;
  dbus_bool_t final = e->final;
  const char *figure = carc_game_get_figure_name (game, e->figure);

  dbus_message_iter_init_append (signal, &it);
  switch (e->type)
    {
      case CARC_EVENT_TURN_STARTED:
      case CARC_EVENT_TILE_DRAWN:
        u = e->turn;
        return dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &player)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &tile)
               && (u = carc_game_get_tiles_left (s->game),
                   dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u));
      case CARC_EVENT_PIECE_GIVEN:
        /* a face-down hand's new piece is its holder's secret */
        tile = carc_game_get_hands_open (game) ? tile : "";
        G_GNUC_FALLTHROUGH;
      case CARC_EVENT_TILE_DISCARDED:
        return dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &player)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &tile);
      case CARC_EVENT_TILE_PLACED:
        u = e->rotation;
        return dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &player)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &tile)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_INT32, &x)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_INT32, &y)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &piece);
      case CARC_EVENT_FOLLOWER_DEPLOYED:
        return dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &player)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_INT32, &x)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_INT32, &y)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &piece)
               && (u = e->segment, dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u))
               && (u = e->kind, dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u))
               && carcd_append_location (&it, e->location)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &figure);
      case CARC_EVENT_FEATURE_SCORED:
        return dbus_message_iter_append_basic (&it, DBUS_TYPE_INT32, &x)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_INT32, &y)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &piece)
               && (u = e->segment, dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u))
               && (u = e->kind, dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u))
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_BOOLEAN, &final)
               && carcd_append_uint_array (&it, e->points, e->n_players)
               && append_breakdown (&it, e) && append_feature_segments (&it, game, e);
      case CARC_EVENT_FOLLOWER_RETURNED:
        return dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &player)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_INT32, &x)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_INT32, &y)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &piece)
               && (u = e->segment, dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u))
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_STRING, &figure);
      case CARC_EVENT_GAME_OVER:
        return carcd_append_uint_array (&it, e->points, e->n_players);
      case CARC_EVENT_TURN_PASSED:
        u = e->turn;
        return dbus_message_iter_append_basic (&it, DBUS_TYPE_UINT32, &u)
               && dbus_message_iter_append_basic (&it, DBUS_TYPE_OBJECT_PATH, &player);
      case CARC_EVENT_POINTS_AWARDED:
        return append_award (&it, player, e);
      default:
        g_return_val_if_reached (FALSE);
    }
}

static const char *const signal_names[] = {
  [CARC_EVENT_TURN_STARTED] = "TurnStarted",
  [CARC_EVENT_TILE_DISCARDED] = "TileDiscarded",
  [CARC_EVENT_TILE_PLACED] = "TilePlaced",
  [CARC_EVENT_FOLLOWER_DEPLOYED] = "FollowerDeployed",
  [CARC_EVENT_FEATURE_SCORED] = "FeatureScored",
  [CARC_EVENT_FOLLOWER_RETURNED] = "FollowerReturned",
  [CARC_EVENT_GAME_OVER] = "GameOver",
  [CARC_EVENT_TILE_DRAWN] = "TileDrawn",
  [CARC_EVENT_PIECE_GIVEN] = "PieceGiven",
  [CARC_EVENT_TURN_PASSED] = "TurnPassed",
  [CARC_EVENT_POINTS_AWARDED] = "PointsAwarded",
};

void
carcd_session_on_event (CarcGame *game, const CarcEvent *event, gpointer user_data)
{
  CarcdSession *s = user_data;
  DBusMessage *signal;

  /* s->game is still NULL during carc_game_new_full(): read the game from the argument */
  if (s->game == NULL)
    s->game = g_object_ref (game);
  /* the turn that just ended is announced before the next turn's draw and the final
   * scoring; a tile discarded by Draw (choosing) is still part of the drawing turn */
  if (event->type == CARC_EVENT_TURN_STARTED
      || (event->type == CARC_EVENT_TILE_DISCARDED
          && carc_game_get_phase (game) != CARC_PHASE_CHOOSE)
      || event->type == CARC_EVENT_GAME_OVER
      || ((event->type == CARC_EVENT_FEATURE_SCORED || event->type == CARC_EVENT_POINTS_AWARDED)
          && event->final))
    carcd_session_emit_turn_end (s);
  if ((guint)event->type >= G_N_ELEMENTS (signal_names))
    return;
  signal = signal_new (s, signal_names[event->type]);
  if (signal)
    signal_send (s, signal, append_event (s, game, signal, event));
  if (event->type == CARC_EVENT_GAME_OVER)
    carcd_daemon_schedule_reap (s->daemon);
}

static void
game_changed (CarcdSession *s, const char *property)
{
  cdbus_property_changed (s->daemon->connection, s->path, CARCD_GAME_INTERFACE, property);
}

/* Marks a Player property changed when its @value differs from the one last announced. */
static void
seat_changed (CarcdSession *s, CarcdSeat *seat, guint *sent, guint value, const char *property)
{
  if (*sent == value)
    return;
  *sent = value;
  cdbus_property_changed (s->daemon->connection, seat->path, CARCD_PLAYER_INTERFACE, property);
}

/* Marks Figures changed when a supply of any kind differs from the one last announced. */
static void
figures_changed (CarcdSession *s, CarcdSeat *seat)
{
  gboolean changed = FALSE;
  for (guint k = 0; k < carc_game_get_n_figures (s->game); k++)
    {
      guint supply = carc_game_get_figure_supply (s->game, k, seat->index);
      changed |= supply != seat->sent_supplies[k];
      seat->sent_supplies[k] = supply;
    }
  if (changed)
    cdbus_property_changed (s->daemon->connection, seat->path, CARCD_PLAYER_INTERFACE, "Figures");
}

void
carcd_session_sync_properties (CarcdSession *s)
{
  CarcdState state = carcd_session_get_state (s);
  gint active = -1;
  guint turn = 0, tiles_left = carcd_session_tiles_left (s);
  const CarcTileType *tile = NULL;
  gboolean scores_changed = FALSE, can_draw = FALSE, can_pass = FALSE;

  if (s->game)
    {
      if (state != CARCD_STATE_OVER)
        active = (gint)carc_game_get_current_player (s->game);
      turn = carc_game_get_turn (s->game);
      tile = carc_game_get_current_tile (s->game);
      can_draw = carc_game_can_draw (s->game);
      can_pass = carc_game_can_pass (s->game);
    }
  if (state != s->sent_state)
    game_changed (s, "State");
  if (active != s->sent_active)
    game_changed (s, "ActivePlayer");
  if (turn != s->sent_turn)
    game_changed (s, "Turn");
  if (tiles_left != s->sent_tiles_left)
    game_changed (s, "TilesLeft");
  if (tile != s->sent_tile)
    game_changed (s, "Tile");
  if (can_draw != s->sent_can_draw)
    game_changed (s, "CanDraw");
  if (can_pass != s->sent_can_pass)
    game_changed (s, "CanPass");
  s->sent_can_draw = can_draw;
  s->sent_can_pass = can_pass;
  s->sent_state = state;
  s->sent_active = active;
  s->sent_turn = turn;
  s->sent_tiles_left = tiles_left;
  s->sent_tile = tile;
  {
    const char *hash = carcd_session_public_hash (s);

    if (g_strcmp0 (hash, s->sent_hash) != 0)
      {
        g_free (s->sent_hash);
        s->sent_hash = g_strdup (hash);
        game_changed (s, "StateHash");
      }
  }
  if (s->game == NULL)
    return;
  for (guint i = 0; i < s->options.players; i++)
    {
      CarcdSeat *seat = s->seats[i];
      guint score = carc_game_get_score (s->game, i);

      if (score != s->sent_scores[i])
        {
          s->sent_scores[i] = score;
          scores_changed = TRUE;
        }
      if (seat == NULL)
        continue;
      seat_changed (s, seat, &seat->sent_score, score, "Score");
      seat_changed (s, seat, &seat->sent_followers, carc_game_get_supply (s->game, i), "Followers");
      figures_changed (s, seat);
      seat_changed (s, seat, &seat->sent_hand_size, carc_game_get_hand_size (s->game, i),
                    "HandSize");
    }
  if (scores_changed)
    game_changed (s, "Scores");
}
