/* game-object.c: the org.carcassonne.Engine1.Game interface of a session. */
#include "config.h"

#include "board-query.h"
#include "caller.h"
#include "carcassonne.h"
#include "cdbus.h"
#include "dbus-args.h"
#include "errors.h"
#include "hand-query.h"
#include "move-object.h"
#include "session.h"
#include "snapshot-query.h"

#define REPLY_OR_ERROR(msg, ok, error)                                                             \
  ((ok) ? dbus_message_new_method_return (msg) : carcd_error_reply ((msg), (error)))

/* Reads the leading arguments that the table's signature guarantees. */
static void
read_name_and_options (DBusMessage *msg, const char **name, DBusMessageIter *dict)
{
  DBusMessageIter it;

  dbus_message_iter_init (msg, &it);
  dbus_message_iter_get_basic (&it, name);
  dbus_message_iter_next (&it);
  dbus_message_iter_recurse (&it, dict);
}

static DBusMessage *
reply_path (DBusMessage *msg, const char *path, const char *token)
{
  DBusMessage *reply = dbus_message_new_method_return (msg);

  if (reply == NULL)
    return NULL;
  if (!dbus_message_append_args (reply, DBUS_TYPE_OBJECT_PATH, &path, DBUS_TYPE_INVALID)
      || (token && !dbus_message_append_args (reply, DBUS_TYPE_STRING, &token, DBUS_TYPE_INVALID)))
    {
      dbus_message_unref (reply);
      return NULL;
    }
  return reply;
}

/* Join: (name, options) in, a seat for the caller's bus name, its path and token out. Join
 * takes no options, not even a token: a seat is joined by a connection. */
static DBusMessage *
game_join (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  g_autoptr (GError) error = NULL;
  CarcdCaller caller = { .name = carcd_sender_of (msg) };
  const char *name;
  DBusMessageIter dict;
  CarcdSeat *seat;

  read_name_and_options (msg, &name, &dict);
  if (!carcd_options_expect_empty (&dict, "Join", &error)
      || !(seat = carcd_session_join (data, &caller, name, &error)))
    return carcd_error_reply (msg, error);
  return reply_path (msg, seat->path, seat->token);
}

static DBusMessage *
game_rejoin (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  const char *token;
  CarcdSeat *seat;

  dbus_message_get_args (msg, NULL, DBUS_TYPE_STRING, &token, DBUS_TYPE_INVALID);
  if (!(seat = carcd_session_rejoin (s, carcd_sender_of (msg), token, &error)))
    return carcd_error_reply (msg, error);
  return reply_path (msg, seat->path, NULL);
}

static DBusMessage *
game_add_bot (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  g_autoptr (GError) error = NULL;
  CarcdCaller caller;
  const char *name;
  DBusMessageIter dict;
  CarcdSeat *seat;
  CarcdBotSpec spec = { NULL };

  read_name_and_options (msg, &name, &dict);
  if (!carcd_caller_identify (msg, data, &dict, &caller, &error)
      || !carcd_bot_spec_read (&dict, TRUE, "random", &spec, &error)
      || !(seat = carcd_session_add_bot (data, &caller, name, &spec, &error)))
    {
      carcd_bot_spec_clear (&spec);
      return carcd_error_reply (msg, error);
    }
  carcd_bot_spec_clear (&spec);
  return reply_path (msg, seat->path, NULL);
}

static DBusMessage *
game_start (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  g_autoptr (GError) error = NULL;
  CarcdCaller caller;
  gboolean ok = carcd_caller_identify_only_token (msg, data, "Start", &caller, &error)
                && carcd_session_start (data, &caller, &error);
  return REPLY_OR_ERROR (msg, ok, error);
}

static DBusMessage *
game_leave (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  g_autoptr (GError) error = NULL;
  CarcdCaller caller;
  gboolean ok = carcd_caller_identify_only_token (msg, data, "Leave", &caller, &error)
                && carcd_session_leave (data, &caller, &error);
  return REPLY_OR_ERROR (msg, ok, error);
}

/* The caller of @msg, identified, and the creator (Delete, GetSeed). */
static gboolean
check_creator (DBusMessage *msg, CarcdSession *s, const char *method, GError **error)
{
  CarcdCaller caller;

  return carcd_caller_identify_only_token (msg, s, method, &caller, error)
         && carcd_session_check_creator (s, &caller, error);
}

static DBusMessage *
game_delete (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  DBusMessage *reply;

  if (!check_creator (msg, s, "Delete", &error))
    return carcd_error_reply (msg, error);
  reply = dbus_message_new_method_return (msg);
  carcd_daemon_remove_game (s->daemon, s);
  return reply;
}

static DBusMessage *
game_get_seed (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  DBusMessage *reply;
  dbus_uint64_t seed = s->options.seed;

  if (!check_creator (msg, s, "GetSeed", &error))
    return carcd_error_reply (msg, error);
  if (!s->options.has_seed)
    return carcd_error (msg, CARCD_ERROR_PERMISSION_DENIED, "%s was not created with a seed",
                        s->path);
  reply = dbus_message_new_method_return (msg);
  if (reply && !dbus_message_append_args (reply, DBUS_TYPE_UINT64, &seed, DBUS_TYPE_INVALID))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

/* ExportRecord: the record holds the seed (the order of the draw pile) and the hands, so
 * while the game runs only its creator may have it; once it is over, anyone. */
static DBusMessage *
game_export_record (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  CarcGame *game = carcd_session_record_game (s);
  const char *names[CARC_MAX_PLAYERS + 1] = { NULL };
  g_autofree char *record = NULL;
  DBusMessage *reply;
  CarcdCaller caller;

  if (!carcd_caller_identify_only_token (msg, s, "ExportRecord", &caller, &error))
    return carcd_error_reply (msg, error);
  if (carcd_session_get_state (s) != CARCD_STATE_OVER
      && !carcd_session_check_creator (s, &caller, &error))
    {
      g_prefix_error (&error, "%s is not over: ", s->path);
      return carcd_error_reply (msg, error);
    }
  if (game == NULL)
    return carcd_error (msg, CARCD_ERROR_WRONG_PHASE, "%s has not started yet", s->path);
  /* the names, when every seat has one */
  for (guint i = 0; i < s->options.players; i++)
    if (!(names[i] = s->seats[i] ? s->seats[i]->name : NULL))
      break;
  record = carc_game_to_record (game, names[s->options.players - 1] ? names : NULL);
  reply = dbus_message_new_method_return (msg);
  if (reply && !dbus_message_append_args (reply, DBUS_TYPE_STRING, &record, DBUS_TYPE_INVALID))
    g_clear_pointer (&reply, dbus_message_unref);
  return reply;
}

static gboolean
append_placements (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  guint n = 0;
  const CarcPlacement *p = NULL;

  if (carcd_session_get_state (s) == CARCD_STATE_PLACING)
    p = carc_game_get_placements (s->game, &n);
  return carcd_append_placements (it, p, n);
}

static DBusMessage *
game_get_placements (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  return carcd_reply_with (msg, append_placements, data);
}

/* A move's caller, and the checks before the move itself, in the documented order: the
 * token, who and when (carcd_session_check_move() for @phase), the move's options. */
static gboolean
check_move (DBusMessage *msg, CarcdSession *s, const char *method, CarcPhase phase,
            CarcdCaller *caller, GError **error)
{
  DBusMessageIter dict;

  carcd_options_of (msg, &dict);
  return carcd_caller_identify (msg, s, &dict, caller, error)
         && carcd_session_check_move (s, caller, phase, error)
         && carcd_options_expect_only_token (&dict, method, error);
}

static DBusMessage *
game_place (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  dbus_int32_t x, y;
  dbus_uint32_t rotation;
  CarcdCaller caller;
  gboolean ok;

  dbus_message_get_args (msg, NULL, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32, &y, DBUS_TYPE_UINT32,
                         &rotation, DBUS_TYPE_INVALID);
  ok = check_move (msg, s, "Place", CARC_PHASE_PLACE, &caller, &error)
       && carcd_session_place (s, &caller, x, y, rotation, &error);
  return REPLY_OR_ERROR (msg, ok, error);
}

static gboolean
append_deployments (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  guint n = 0;
  const CarcDeployment *d = NULL;

  if (carcd_session_get_state (s) == CARCD_STATE_DEPLOYING)
    d = carc_game_get_deployments (s->game, &n);
  return carcd_append_deployments (it, s->game, d, n);
}

static DBusMessage *
game_get_deployments (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  return carcd_reply_with (msg, append_deployments, data);
}

static DBusMessage *
game_deploy (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  const char *figure;
  dbus_uint32_t segment;
  CarcdCaller caller;
  gboolean ok;

  dbus_message_get_args (msg, NULL, DBUS_TYPE_STRING, &figure, DBUS_TYPE_UINT32, &segment,
                         DBUS_TYPE_INVALID);
  ok = check_move (msg, s, "Deploy", CARC_PHASE_DEPLOY, &caller, &error)
       && carcd_session_deploy (s, &caller, figure, segment, &error);
  return REPLY_OR_ERROR (msg, ok, error);
}

static DBusMessage *
game_skip (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  g_autoptr (GError) error = NULL;
  CarcdCaller caller;
  gboolean ok = check_move (msg, data, "Skip", CARC_PHASE_DEPLOY, &caller, &error)
                && carcd_session_skip (data, &caller, &error);
  return REPLY_OR_ERROR (msg, ok, error);
}

static DBusMessage *
game_draw (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  g_autoptr (GError) error = NULL;
  CarcdCaller caller;
  gboolean ok = check_move (msg, data, "Draw", CARC_PHASE_CHOOSE, &caller, &error)
                && carcd_session_draw (data, &caller, &error);
  return REPLY_OR_ERROR (msg, ok, error);
}

static DBusMessage *
game_place_piece (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  CarcdSession *s = data;
  g_autoptr (GError) error = NULL;
  dbus_uint32_t index, rotation;
  dbus_int32_t x, y;
  CarcdCaller caller;
  gboolean ok;

  dbus_message_get_args (msg, NULL, DBUS_TYPE_UINT32, &index, DBUS_TYPE_INT32, &x, DBUS_TYPE_INT32,
                         &y, DBUS_TYPE_UINT32, &rotation, DBUS_TYPE_INVALID);
  ok = check_move (msg, s, "PlacePiece", CARC_PHASE_CHOOSE, &caller, &error)
       && carcd_session_place_piece (s, &caller, index, x, y, rotation, &error);
  return REPLY_OR_ERROR (msg, ok, error);
}

static DBusMessage *
game_pass (DBusConnection *c, DBusMessage *msg, gpointer data)
{
  g_autoptr (GError) error = NULL;
  CarcdCaller caller;
  gboolean ok = check_move (msg, data, "Pass", CARC_PHASE_CHOOSE, &caller, &error)
                && carcd_session_pass (data, &caller, &error);
  return REPLY_OR_ERROR (msg, ok, error);
}

/* Properties. */

static gboolean
get_name (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  const char *name = s->options.name;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &name);
}

static gboolean
append_uint (DBusMessageIter *it, guint value)
{
  dbus_uint32_t v = value;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_UINT32, &v);
}

static gboolean
get_state (DBusMessageIter *it, gpointer data)
{
  return append_uint (it, carcd_session_get_state (data));
}

static gboolean
get_seats (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  return append_uint (it, s->options.players);
}

static gboolean
get_players (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  const char *paths[CARC_MAX_PLAYERS];
  guint n = 0;

  for (guint i = 0; i < s->options.players; i++)
    if (s->seats[i])
      paths[n++] = s->seats[i]->path;
  return carcd_append_path_array (it, paths, n);
}

static gboolean
get_active_player (DBusMessageIter *it, gpointer data)
{
  CarcdSeat *seat = carcd_session_active_seat (data);
  const char *path = seat ? seat->path : "/";
  return dbus_message_iter_append_basic (it, DBUS_TYPE_OBJECT_PATH, &path);
}

static gboolean
get_turn (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  return append_uint (it, s->game ? carc_game_get_turn (s->game) : 0);
}

static gboolean
get_tiles_left (DBusMessageIter *it, gpointer data)
{
  return append_uint (it, carcd_session_tiles_left (data));
}

static gboolean
append_bool (DBusMessageIter *it, gboolean value)
{
  dbus_bool_t b = value ? TRUE : FALSE;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_BOOLEAN, &b);
}

static gboolean
get_can_draw (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  return append_bool (it, s->game && carc_game_can_draw (s->game));
}

static gboolean
get_can_pass (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  return append_bool (it, s->game && carc_game_can_pass (s->game));
}

static gboolean
get_tile (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  const CarcTileType *tile = s->game ? carc_game_get_current_tile (s->game) : NULL;
  const char *id = tile ? carc_tile_type_get_id (tile) : "";
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &id);
}

static gboolean
get_state_hash (DBusMessageIter *it, gpointer data)
{
  const char *h = carcd_session_public_hash (data);
  return dbus_message_iter_append_basic (it, DBUS_TYPE_STRING, &h);
}

static gboolean
get_sequence (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  dbus_uint64_t sequence = s->sequence;
  return dbus_message_iter_append_basic (it, DBUS_TYPE_UINT64, &sequence);
}

static gboolean
get_scores (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  guint scores[CARC_MAX_PLAYERS] = { 0 };

  for (guint i = 0; s->game && i < s->options.players; i++)
    scores[i] = carc_game_get_score (s->game, i);
  return carcd_append_uint_array (it, scores, s->options.players);
}

/* "expansions": the game's expansions' names, in hook order. */
static gboolean
append_expansion_names (DBusMessageIter *dict, const CarcdGameOptions *o)
{
  DBusMessageIter entry, variant;
  const char *key = "expansions";
  const char *names[CARCD_MAX_EXPANSIONS];

  for (guint i = 0; i < o->n_expansions; i++)
    names[i] = carc_plugin_get_name (o->expansions[i].plugin);
  return dbus_message_iter_open_container (dict, DBUS_TYPE_DICT_ENTRY, NULL, &entry)
         && dbus_message_iter_append_basic (&entry, DBUS_TYPE_STRING, &key)
         && dbus_message_iter_open_container (&entry, DBUS_TYPE_VARIANT, "as", &variant)
         && carcd_append_string_array (&variant, names, o->n_expansions)
         && dbus_message_iter_close_container (&entry, &variant)
         && dbus_message_iter_close_container (dict, &entry);
}

/* "<expansion>.<option>": the value of every option of every expansion of the game. */
static gboolean
append_expansion_options (DBusMessageIter *dict, const CarcdGameOptions *o)
{
  gboolean ok = TRUE;

  for (guint i = 0; ok && i < o->n_expansions; i++)
    {
      CarcPlugin *plugin = o->expansions[i].plugin;

      for (guint k = 0; ok && k < carc_plugin_get_n_options (plugin); k++)
        {
          const CarcOptionDef *def = carc_plugin_get_option (plugin, k);
          g_autofree char *key
              = g_strdup_printf ("%s.%s", carc_plugin_get_name (plugin), def->name);
          dbus_uint32_t u = o->expansions[i].values[k];
          dbus_bool_t b = u != 0;

          if (def->type == CARC_OPTION_BOOLEAN)
            ok = cdbus_dict_append_basic (dict, key, DBUS_TYPE_BOOLEAN, &b);
          else
            ok = cdbus_dict_append_basic (dict, key, DBUS_TYPE_UINT32, &u);
        }
    }
  return ok;
}

/* The core's rule options but "farmers" (given as its own key), each "u". */
static gboolean
append_rules (DBusMessageIter *dict, const CarcdGameOptions *o)
{
  gboolean ok = TRUE;

  for (guint i = 0; ok && i < carc_rule_get_n () && i < CARCD_MAX_RULES; i++)
    {
      dbus_uint32_t v = o->rules[i];
      if (!g_str_equal (carc_rule_get_name (i), "farmers"))
        ok = cdbus_dict_append_basic (dict, carc_rule_get_name (i), DBUS_TYPE_UINT32, &v);
    }
  return ok;
}

static gboolean
get_options (DBusMessageIter *it, gpointer data)
{
  CarcdSession *s = data;
  DBusMessageIter dict;
  dbus_uint32_t players = s->options.players, followers = s->options.followers,
                delay = s->options.bot_delay;
  dbus_bool_t farmers = s->options.farmers;

  return dbus_message_iter_open_container (it, DBUS_TYPE_ARRAY, "{sv}", &dict)
         && cdbus_dict_append_basic (&dict, "players", DBUS_TYPE_UINT32, &players)
         && cdbus_dict_append_basic (&dict, "followers", DBUS_TYPE_UINT32, &followers)
         && cdbus_dict_append_basic (&dict, "farmers", DBUS_TYPE_BOOLEAN, &farmers)
         && append_rules (&dict, &s->options)
         && cdbus_dict_append_basic (&dict, "bot-delay", DBUS_TYPE_UINT32, &delay)
         && append_expansion_names (&dict, &s->options)
         && append_expansion_options (&dict, &s->options)
         && dbus_message_iter_close_container (it, &dict);
}

static const CdbusArg join_in[] = { { "name", "s" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg join_out[] = { { "player", "o" }, { "token", "s" }, { NULL } };
static const CdbusArg rejoin_in[] = { { "token", "s" }, { NULL } };
static const CdbusArg options_in[] = { { "options", "a{sv}" }, { NULL } };
static const CdbusArg player_out[] = { { "player", "o" }, { NULL } };
static const CdbusArg seed_out[] = { { "seed", "t" }, { NULL } };
static const CdbusArg record_out[] = { { "record", "s" }, { NULL } };
static const CdbusArg placements_out[] = { { "placements", "a(iiu)" }, { NULL } };
static const CdbusArg place_in[]
    = { { "x", "i" }, { "y", "i" }, { "rotation", "u" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg deployments_out[] = { { "deployments", "a(suuas)" }, { NULL } };
static const CdbusArg deploy_in[]
    = { { "figure", "s" }, { "segment", "u" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg board_out[]
    = { { "tiles", "a(iisuo)" }, { "followers", "a(oiiuuu)" }, { NULL } };
static const CdbusArg features_out[] = { { "features", "a(uubuuaua(iiuu))" }, { NULL } };
static const CdbusArg preview_in[]
    = { { "type", "s" }, { "args", "a{sv}" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg place_and_deploy_in[]
    = { { "x", "i" },      { "y", "i" },       { "rotation", "u" },
        { "figure", "s" }, { "segment", "u" }, { "options", "a{sv}" },
        { NULL } };
static const CdbusArg snapshot_out[] = { { "sequence", "t" },
                                         { "properties", "a{sv}" },
                                         { "players", "a(oa{sv})" },
                                         { "pieces", "a(uiisuo)" },
                                         { "followers", "a(ouuu)" },
                                         { "hand", "as" },
                                         { NULL } };
static const CdbusArg history_out[] = { { "moves", "a(uosa{sv}s)" }, { NULL } };
static const CdbusArg tile_types_out[] = { { "tiles", "a(saua(uasb)a{ss})" }, { NULL } };
static const CdbusArg figures_out[] = { { "figures", "a(ouus)" }, { NULL } };
static const CdbusArg attributes_out[] = { { "attributes", "a(sua{ss})" }, { NULL } };
static const CdbusArg place_piece_in[]
    = { { "index", "u" },    { "x", "i" },           { "y", "i" },
        { "rotation", "u" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg index_in[] = { { "index", "u" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg hand_in[] = { { "player", "o" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg pieces_out[] = { { "pieces", "as" }, { NULL } };
static const CdbusArg moves_out[] = { { "moves", "a(sa{sv})" }, { NULL } };
static const CdbusArg hint_out[] = { { "type", "s" }, { "args", "a{sv}" }, { NULL } };
static const CdbusArg play_in[]
    = { { "type", "s" }, { "args", "a{sv}" }, { "options", "a{sv}" }, { NULL } };
static const CdbusArg picture_out[] = { { "svg", "s" }, { NULL } };
static const CdbusArg tile_picture_in[] = { { "tile", "s" }, { "rotation", "u" }, { NULL } };
static const CdbusArg geometry_out[] = { { "segments", "a(uuddbs)" }, { NULL } };
static const CdbusArg board_pieces_out[]
    = { { "pieces", "a(uiisuo)" }, { "followers", "a(ouuu)" }, { NULL } };

static const CdbusMethod game_methods[] = {
  { "Join", join_in, join_out, game_join },
  { "Rejoin", rejoin_in, player_out, game_rejoin },
  { "AddBot", join_in, player_out, game_add_bot },
  { "Start", options_in, NULL, game_start },
  { "Leave", options_in, NULL, game_leave },
  { "Delete", options_in, NULL, game_delete },
  { "GetSeed", options_in, seed_out, game_get_seed },
  { "ExportRecord", options_in, record_out, game_export_record },
  { "GetPlacements", NULL, placements_out, game_get_placements },
  { "Place", place_in, NULL, game_place },
  { "GetDeployments", NULL, deployments_out, game_get_deployments },
  { "Deploy", deploy_in, NULL, game_deploy },
  { "Skip", options_in, NULL, game_skip },
  { "GetBoard", NULL, board_out, carcd_game_get_board },
  { "GetFeatures", NULL, features_out, carcd_game_get_features },
  { "GetTileTypes", NULL, tile_types_out, carcd_game_get_tile_types },
  { "Draw", options_in, NULL, game_draw },
  { "PlacePiece", place_piece_in, NULL, game_place_piece },
  { "Pass", options_in, NULL, game_pass },
  { "GetMoves", options_in, moves_out, carcd_game_get_moves },
  { "Play", play_in, NULL, carcd_game_play },
  { "GetHand", hand_in, pieces_out, carcd_game_get_hand },
  { "GetPiecePlacements", index_in, placements_out, carcd_game_get_piece_placements },
  { "GetPieces", NULL, board_pieces_out, carcd_game_get_pieces },
  { "PreviewDeployments", preview_in, deployments_out, carcd_game_preview_deployments },
  { "PlaceAndDeploy", place_and_deploy_in, NULL, carcd_game_place_and_deploy },
  { "GetSnapshot", options_in, snapshot_out, carcd_game_get_snapshot },
  { "GetHistory", NULL, history_out, carcd_game_get_history },
  { "GetBoardPicture", NULL, picture_out, carcd_game_get_board_picture },
  { "GetTilePicture", tile_picture_in, picture_out, carcd_game_get_tile_picture },
  { "GetSegmentGeometry", tile_picture_in, geometry_out, carcd_game_get_segment_geometry },
  { "GetFigures", NULL, figures_out, carcd_game_get_figures },
  { "GetSegmentAttributes", NULL, attributes_out, carcd_game_get_segment_attributes },
  { "GetHint", options_in, hint_out, carcd_game_get_hint },
  { NULL },
};

/* Every Game signal ends in its sequence number (doc/dbus-game.md, "Sequence numbers"). */
#define SEQ                                                                                        \
  {                                                                                                \
    "sequence", "t"                                                                                \
  }
static const CdbusArg turn_started_args[]
    = { { "turn", "u" }, { "player", "o" }, { "tile", "s" }, { "tiles_left", "u" }, SEQ, { NULL } };
static const CdbusArg tile_discarded_args[] = { { "player", "o" }, { "tile", "s" }, SEQ, { NULL } };
static const CdbusArg tile_placed_args[]
    = { { "player", "o" },   { "tile", "s" },  { "x", "i" }, { "y", "i" },
        { "rotation", "u" }, { "piece", "u" }, SEQ,          { NULL } };
static const CdbusArg follower_deployed_args[] = { { "player", "o" },
                                                   { "x", "i" },
                                                   { "y", "i" },
                                                   { "piece", "u" },
                                                   { "segment", "u" },
                                                   { "kind", "u" },
                                                   { "locations", "as" },
                                                   { "figure", "s" },
                                                   SEQ,
                                                   { NULL } };
static const CdbusArg feature_scored_args[] = { { "x", "i" },
                                                { "y", "i" },
                                                { "piece", "u" },
                                                { "segment", "u" },
                                                { "kind", "u" },
                                                { "final", "b" },
                                                { "points", "au" },
                                                { "breakdown", "a(usuu)" },
                                                { "segments", "a(iiuu)" },
                                                SEQ,
                                                { NULL } };
static const CdbusArg points_awarded_args[]
    = { { "player", "o" }, { "item", "s" }, { "count", "u" }, { "points", "u" }, SEQ, { NULL } };
static const CdbusArg follower_returned_args[]
    = { { "player", "o" },  { "x", "i" },      { "y", "i" }, { "piece", "u" },
        { "segment", "u" }, { "figure", "s" }, SEQ,          { NULL } };
static const CdbusArg turn_ended_args[] = { { "turn", "u" }, { "player", "o" }, SEQ, { NULL } };
static const CdbusArg game_over_args[] = { { "scores", "au" }, SEQ, { NULL } };

static const CdbusSignal game_signals[] = {
  { "TurnStarted", turn_started_args },
  { "TileDiscarded", tile_discarded_args },
  { "TilePlaced", tile_placed_args },
  { "FollowerDeployed", follower_deployed_args },
  { "FeatureScored", feature_scored_args },
  { "FollowerReturned", follower_returned_args },
  { "TurnEnded", turn_ended_args },
  { "GameOver", game_over_args },
  { "TileDrawn", turn_started_args },
  { "PieceGiven", tile_discarded_args },
  { "TurnPassed", turn_ended_args },
  { "PointsAwarded", points_awarded_args },
  { NULL },
};

static const CdbusProperty game_properties[] = {
  { "Name", "s", get_name, CDBUS_PROPERTY_CONST },
  { "State", "u", get_state, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Seats", "u", get_seats, CDBUS_PROPERTY_CONST },
  { "Players", "ao", get_players, CDBUS_PROPERTY_EMITS_CHANGED },
  { "ActivePlayer", "o", get_active_player, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Turn", "u", get_turn, CDBUS_PROPERTY_EMITS_CHANGED },
  { "TilesLeft", "u", get_tiles_left, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Tile", "s", get_tile, CDBUS_PROPERTY_EMITS_CHANGED },
  { "CanDraw", "b", get_can_draw, CDBUS_PROPERTY_EMITS_CHANGED },
  { "CanPass", "b", get_can_pass, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Scores", "au", get_scores, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Options", "a{sv}", get_options, CDBUS_PROPERTY_CONST },
  { "StateHash", "s", get_state_hash, CDBUS_PROPERTY_EMITS_CHANGED },
  { "Sequence", "t", get_sequence, CDBUS_PROPERTY_EVERY_CHANGE },
  { NULL },
};

static const CdbusInterface game_interface = {
  CARCD_GAME_INTERFACE, game_methods, game_signals, game_properties, carcd_session_number_changes,
};

gboolean
carcd_game_object_register (CarcdSession *s)
{
  return cdbus_register_interface (s->daemon->connection, s->path, &game_interface, s, NULL);
}
