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

static gboolean
append_move (DBusMessageIter *array, const CarcMove *m)
{
  DBusMessageIter st, dict;
  const char *name = carc_move_get_name (m);
  g_autoptr (GVariant) args = g_variant_ref_sink (carc_move_to_args (m));
  GVariantIter iter;
  const char *key;
  GVariant *value;
  gboolean ok = dbus_message_iter_open_container (array, DBUS_TYPE_STRUCT, NULL, &st)
                && dbus_message_iter_append_basic (&st, DBUS_TYPE_STRING, &name)
                && dbus_message_iter_open_container (&st, DBUS_TYPE_ARRAY, "{sv}", &dict);
  g_variant_iter_init (&iter, args);
  while (ok && g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      ok = append_arg (&dict, key, value);
      g_variant_unref (value);
    }
  return ok && dbus_message_iter_close_container (&st, &dict)
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
