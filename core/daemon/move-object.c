/* move-object.c: Game.GetMoves and Game.Play (doc/dbus-game.md, "Moves"): the engine's
 * legal-move list and its one apply, as a(sa{sv}) and (s, a{sv}). A thin layer: every move
 * type, a plugin's included, goes through the same code (issue 16, Moves). */
#include "config.h"

#include "caller.h"
#include "carcassonne.h"
#include "cdbus.h"
#include "dbus-args.h"
#include "errors.h"
#include "move-object.h"
#include "session.h"
#include "token.h"

/* One a{sv} entry of a move's arguments: the engine's types are i, u and s. */
static gboolean
append_arg (DBusMessageIter *dict, const char *key, GVariant *value)
{
  DBusMessageIter entry, var;
  const char *sig = g_variant_get_type_string (value);
  dbus_int32_t i;
  dbus_uint32_t u;
  const char *str;
  gboolean ok = dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
                && dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key)
                && dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, sig, &var);
  if (!ok)
    return FALSE;
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    ok = (i = g_variant_get_int32 (value),
          dbus_message_iter_append_basic (&var, DBUS_TYPE_INT32, &i));
  else if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    ok = (u = g_variant_get_uint32 (value),
          dbus_message_iter_append_basic (&var, DBUS_TYPE_UINT32, &u));
  else
    ok = (str = g_variant_get_string (value, NULL),
          dbus_message_iter_append_basic (&var, DBUS_TYPE_STRING, &str));
  return ok && dbus_message_iter_close_container (&entry, &var)
         && dbus_message_iter_close_container (dict, &entry);
}

gboolean
carcd_append_move_type_and_args (DBusMessageIter *st, const CarcMove *m)
{
  DBusMessageIter dict;
  const char *name = carc_move_get_name (m);
  g_autoptr (GVariant) args = g_variant_ref_sink (carc_move_to_args (m));
  GVariantIter iter;
  const char *key;
  GVariant *value;
  gboolean ok = dbus_message_iter_append_basic (st, DBUS_TYPE_STRING, &name)
                && dbus_message_iter_open_container (st, DBUS_TYPE_ARRAY, "{sv}", &dict);
  g_variant_iter_init (&iter, args);
  while (ok && g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      ok = append_arg (&dict, key, value);
      g_variant_unref (value);
    }
  return ok && dbus_message_iter_close_container (st, &dict);
}

static gboolean
append_move (DBusMessageIter *array, const CarcMove *m)
{
  DBusMessageIter st;
  return dbus_message_iter_open_container (array, DBUS_TYPE_STRUCT, NULL, &st)
         && carcd_append_move_type_and_args (&st, m)
         && dbus_message_iter_close_container (array, &st);
}

static gboolean
append_moves (DBusMessageIter *it, gpointer data)
{
  GPtrArray *moves = data;
  DBusMessageIter array;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(sa{sv})", &array);
  for (guint i = 0; ok && i < moves->len; i++)
    ok = append_move (&array, moves->pdata[i]);
  return ok && dbus_message_iter_close_container (it, &array);
}

/* GetMoves: the caller's seat's legal moves now, in the engine's order; none for a caller
 * without a seat, before the start, once over, or when it is not the seat's turn. */
DBusMessage *
carcd_game_get_moves (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  CarcdCaller caller;

  if (!carcd_caller_identify_only_token (msg, s, "GetMoves", &caller, &error))
    return carcd_error_reply (msg, error);
  g_autoptr (GPtrArray) moves = caller.seat && s->game
                                    ? carc_game_list_moves (s->game, caller.seat->index)
                                    : g_ptr_array_new ();
  return carcd_reply_with (msg, append_moves, moves);
}

/* One argument of Play's a{sv} into @b: the engine's types (i, u, s) pass; others are the
 * engine's to refuse, so they are refused here with its words. */
static gboolean
read_arg (DBusMessageIter *entry, GVariantBuilder *b, GError **error)
{
  DBusMessageIter var;
  const char *key, *str;
  dbus_int32_t i;
  dbus_uint32_t u;

  dbus_message_iter_get_basic (entry, &key);
  dbus_message_iter_next (entry);
  dbus_message_iter_recurse (entry, &var);
  switch (dbus_message_iter_get_arg_type (&var))
    {
      case DBUS_TYPE_INT32:
        dbus_message_iter_get_basic (&var, &i);
        g_variant_builder_add (b, "{sv}", key, g_variant_new_int32 (i));
        return TRUE;
      case DBUS_TYPE_UINT32:
        dbus_message_iter_get_basic (&var, &u);
        g_variant_builder_add (b, "{sv}", key, g_variant_new_uint32 (u));
        return TRUE;
      case DBUS_TYPE_STRING:
        dbus_message_iter_get_basic (&var, &str);
        g_variant_builder_add (b, "{sv}", key, g_variant_new_string (str));
        return TRUE;
      default:
        {
          g_autofree char *sig = dbus_message_iter_get_signature (&var);
          g_autofree char *quoted = cdbus_echo (key);
          g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                       "Move argument %s has type %s: moves take i, u or s", quoted, sig);
          return FALSE;
        }
    }
}

/* The move Play names: its type and its a{sv} arguments (the method's second argument). */
static gboolean
read_move (DBusMessage *msg, CarcMove *move, GError **error)
{
  DBusMessageIter it, dict, entry;
  const char *name;
  GVariantBuilder b;

  dbus_message_iter_init (msg, &it);
  dbus_message_iter_get_basic (&it, &name);
  dbus_message_iter_next (&it);
  dbus_message_iter_recurse (&it, &dict);
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  for (; dbus_message_iter_get_arg_type (&dict) == DBUS_TYPE_DICT_ENTRY;
       dbus_message_iter_next (&dict))
    {
      dbus_message_iter_recurse (&dict, &entry);
      if (!read_arg (&entry, &b, error))
        {
          g_variant_builder_clear (&b);
          return FALSE;
        }
    }
  g_autoptr (GVariant) args = g_variant_ref_sink (g_variant_builder_end (&b));
  return carc_move_init_from_args (move, name, args, error);
}

/* Play: one move of any type, as GetMoves lists them. */
DBusMessage *
carcd_game_play (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  DBusMessageIter dict;
  CarcdCaller caller;
  CarcMove move;

  carcd_options_of (msg, &dict);
  if (!carcd_caller_identify (msg, s, &dict, &caller, &error)
      || !carcd_options_expect_only_token (&dict, "Play", &error) || !read_move (msg, &move, &error)
      || !carcd_session_play (s, &caller, &move, &error))
    return carcd_error_reply (msg, error);
  return dbus_message_new_method_return (msg);
}

/* The preview's deployments, for carcd_reply_with(). */
typedef struct
{
  CarcGame *game;
  CarcDeployment *d;
  guint n;
} Preview;

static gboolean
append_preview (DBusMessageIter *it, gpointer data)
{
  Preview *p = data;
  return carcd_append_deployments (it, p->game, p->d, p->n);
}

/* PreviewDeployments: what GetDeployments would list after the move (type, args) that Play
 * takes; nothing changes. Checked as Play is. */
DBusMessage *
carcd_game_preview_deployments (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  g_autofree CarcDeployment *d = NULL;
  DBusMessageIter dict;
  CarcdCaller caller;
  CarcMove move;
  Preview p = { 0 };

  carcd_options_of (msg, &dict);
  if (!carcd_caller_identify (msg, s, &dict, &caller, &error)
      || !carcd_options_expect_only_token (&dict, "PreviewDeployments", &error)
      || !read_move (msg, &move, &error)
      || !carcd_session_preview (s, &caller, &move, &d, &p.n, &error))
    return carcd_error_reply (msg, error);
  p.game = s->game;
  p.d = d;
  return carcd_reply_with (msg, append_preview, &p);
}

/* The "piece" (u) option of PlaceAndDeploy, besides the token: a hand piece to place. */
static gboolean
read_piece_option (DBusMessageIter *dict, gboolean *has_piece, guint *piece, GError **error)
{
  DBusMessageIter entries = *dict, value;
  const char *key;
  dbus_uint32_t u;

  *has_piece = FALSE;
  while (cdbus_dict_next (&entries, &key, &value))
    {
      if (g_str_equal (key, "token"))
        continue;
      if (!g_str_equal (key, "piece")
          || dbus_message_iter_get_arg_type (&value) != DBUS_TYPE_UINT32)
        {
          g_autofree char *quoted = cdbus_echo (key);
          g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS,
                       "PlaceAndDeploy takes the options \"token\" (s) and \"piece\" (u), not %s",
                       quoted);
          return FALSE;
        }
      dbus_message_iter_get_basic (&value, &u);
      *has_piece = TRUE;
      *piece = u;
    }
  return TRUE;
}

/* PlaceAndDeploy: a placement (the tile in play, or the hand's "piece") and its deployment
 * (figure "" for none) as one move: both are made, or neither. */
DBusMessage *
carcd_game_place_and_deploy (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  DBusMessageIter dict;
  CarcdCaller caller;
  dbus_int32_t x, y;
  dbus_uint32_t rotation, segment;
  const char *figure;
  gboolean has_piece;
  guint piece = 0;
  CarcMove moves[2] = { { 0 } };

  dbus_message_get_args (msg, NULL, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_UINT32,
                         &rotation, DBUS_TYPE_STRING, &figure, DBUS_TYPE_UINT32, &segment,
                         DBUS_TYPE_INVALID);
  carcd_options_of (msg, &dict);
  if (!carcd_caller_identify (msg, s, &dict, &caller, &error)
      || !read_piece_option (&dict, &has_piece, &piece, &error))
    return carcd_error_reply (msg, error);
  moves[0] = (CarcMove){ .type = has_piece ? CARC_MOVE_PLACE_PIECE : CARC_MOVE_PLACE,
                         .x = x,
                         .y = y,
                         .rotation = rotation,
                         .piece = piece };
  moves[0].params = carc_move_get_params (&moves[0]);
  moves[1] = (CarcMove){ .type = figure[0] ? CARC_MOVE_DEPLOY : CARC_MOVE_SKIP,
                         .segment = figure[0] ? segment : 0,
                         .figure = figure[0] ? g_intern_string (figure) : NULL };
  moves[1].params = carc_move_get_params (&moves[1]);
  if (!carcd_session_play_moves (s, &caller, moves, 2, &error))
    return carcd_error_reply (msg, error);
  return dbus_message_new_method_return (msg);
}

/* The public tile of a move made on @g: the piece it placed, the tile it drew. */
static const char *
move_tile (CarcGame *g, const CarcMove *m)
{
  CarcPieceInfo p;
  const CarcTileType *t = NULL;

  switch (m->type)
    {
      case CARC_MOVE_PLACE:
      case CARC_MOVE_PLACE_PIECE:
        if (carc_game_get_piece (g, carc_game_get_n_pieces (g) - 1, &p))
          t = p.tile;
        break;
      case CARC_MOVE_DRAW:
        t = carc_game_get_current_tile (g);
        break;
      default:
        break;
    }
  return t ? carc_tile_type_get_id (t) : "";
}

/* Appends one history entry (turn, player, type, args, tile) for move @m, made on @g. */
static gboolean
append_history_entry (DBusMessageIter *array, CarcdSession *s, CarcGame *g, const CarcMove *m)
{
  DBusMessageIter st;
  dbus_uint32_t turn = carc_game_get_turn (g);
  const char *player = carcd_session_player_path (s, (gint)carc_game_get_current_player (g));
  const char *tile;

  if (!carc_game_apply_move (g, m, NULL))
    g_return_val_if_reached (FALSE); /* the game made it a moment ago */
  tile = move_tile (g, m);
  return dbus_message_iter_open_container (array, DBUS_TYPE_STRUCT, NULL, &st)
         && dbus_message_iter_append_basic (&st, DBUS_TYPE_UINT32, &turn)
         && dbus_message_iter_append_basic (&st, DBUS_TYPE_OBJECT_PATH, &player)
         && carcd_append_move_type_and_args (&st, m)
         && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &tile)
         && dbus_message_iter_close_container (array, &st);
}

/* The moves of the game, replayed on a copy to say who made each and what it showed. */
static gboolean
append_history (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  CarcGame *game = carcd_session_record_game (s);
  DBusMessageIter array;
  g_autoptr (CarcGame) copy = NULL;
  guint n = 0;
  const CarcMove *moves = game ? carc_game_get_moves (game, &n) : NULL;
  gboolean ok = dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "(uosa{sv}s)", &array);

  if (n && !(copy = carc_game_new (carc_game_get_config (game), NULL)))
    n = 0;
  for (guint i = 0; ok && i < n; i++)
    ok = append_history_entry (&array, s, copy, &moves[i]);
  return ok && dbus_message_iter_close_container (it, &array);
}

/* GetHistory: every move so far, for anyone: what each seat did is public, the draw pile's
 * order and the seed are not in it. */
DBusMessage *
carcd_game_get_history (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  return carcd_reply_with (msg, append_history, data);
}
