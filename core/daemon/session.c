/* session.c: a game session's seats, turns and bots. */
#include "config.h"

#include "session.h"

#include "cdbus.h"
#include "commit.h"
#include "errors.h"

/* The game's config from its options: everything but the seed. */
static CarcGameConfig *
build_config (CarcdSession *s, GError **error)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new (s->daemon->tiles);
  const CarcdGameOptions *o = &s->options;

  carc_game_config_set_n_players (config, o->players);
  carc_game_config_set_followers (config, o->followers);
  carc_game_config_set_farmers (config, o->farmers);
  for (guint i = 0; i < carc_rule_get_n () && i < CARCD_MAX_RULES; i++)
    if (!g_str_equal (carc_rule_get_name (i), "farmers")
        && !carc_game_config_set_rule (config, carc_rule_get_name (i), o->rules[i], error))
      return NULL;
  if (o->tile_order)
    carc_game_config_set_tile_order (config, (const char *const *)o->tile_order);
  for (guint i = 0; i < o->n_expansions; i++)
    {
      CarcPlugin *plugin = o->expansions[i].plugin;

      if (!carc_game_config_add_expansion (config, plugin, error))
        return NULL;
      for (guint k = 0; k < carc_plugin_get_n_options (plugin); k++)
        if (!carc_game_config_set_option (config, carc_plugin_get_name (plugin),
                                          carc_plugin_get_option (plugin, k)->name,
                                          o->expansions[i].values[k], error))
          return NULL;
    }
  return g_steal_pointer (&config);
}

/* The tiles face down at the start: the expansions' setup decides what goes into the draw
 * pile, and the engine says how many. */
static gboolean
count_deck (CarcdSession *s, GError **error)
{
  return carc_game_config_get_deck_size (s->config, &s->deck_size, error);
}

CarcdSession *
carcd_session_new (CarcdDaemon *daemon, guint id, CarcdGameOptions *options, const char *creator,
                   GError **error)
{
  return carcd_session_new_full (daemon, id, options, NULL, creator, error);
}

CarcdSession *
carcd_session_new_full (CarcdDaemon *daemon, guint id, CarcdGameOptions *options,
                        const CarcGameConfig *config, const char *creator, GError **error)
{
  CarcdSession *s = g_new0 (CarcdSession, 1);
  guint32 bot_seed[2];

  s->daemon = daemon;
  s->id = id;
  s->path = g_strdup_printf (CARCD_GAME_PATH_PREFIX "%u", id);
  s->options = *options;
  memset (options, 0, sizeof *options);
  s->sent_active = -1;
  s->creator_uid = CARCD_NO_UID;
  g_queue_init (&s->held_signals);
  s->move_scores = g_array_new (FALSE, FALSE, sizeof (CarcdMoveScores));
  s->config = config ? carc_game_config_ref ((CarcGameConfig *)config) : build_config (s, error);
  if (s->config == NULL || !count_deck (s, error))
    {
      carcd_session_free (s);
      return NULL;
    }
  s->sent_tiles_left = carcd_session_tiles_left (s);
  /* a seeded game gets seeded bots, so that it replays exactly */
  if (s->options.has_seed)
    {
      bot_seed[0] = (guint32)s->options.seed;
      bot_seed[1] = (guint32)(s->options.seed >> 32) ^ 0x9e3779b9u;
    }
  else if (!carcd_random_bytes (bot_seed, sizeof bot_seed))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_FAILED, "No randomness: %s", g_strerror (errno));
      carcd_session_free (s);
      return NULL;
    }
  s->bot_rand = g_rand_new_with_seed_array (bot_seed, 2);
  if (!carcd_game_object_register (s))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_FAILED, "Could not register %s", s->path);
      carcd_session_free (s);
      return NULL;
    }
  /* only now: freeing a session gives its creator's count of games back */
  s->creator = g_strdup (creator);
  return s;
}

static void
seat_free (CarcdSeat *seat)
{
  g_clear_object (&seat->brain);
  g_free (seat->strategy);
  g_free (seat->path);
  g_free (seat->name);
  g_free (seat->owner);
  g_free (seat);
}

/* The seat's client no longer holds it. */
static void
seat_release_owner (CarcdSeat *seat)
{
  CarcdDaemon *daemon = seat->session->daemon;
  CarcdClient *client;

  if (seat->owner == NULL)
    return;
  daemon->n_seats_held--;
  client = carcd_daemon_get_client (daemon, seat->owner, FALSE);
  if (client)
    {
      client->n_seats--;
      carcd_daemon_release_client (daemon, client);
    }
  g_clear_pointer (&seat->owner, g_free);
}

/* Frees seat @index (while waiting, or when the session goes). */
static void
session_remove_seat (CarcdSession *s, guint index)
{
  CarcdSeat *seat = s->seats[index];

  if (seat == NULL)
    return;
  seat_release_owner (seat);
  carcd_player_object_unregister (seat);
  s->seats[index] = NULL;
  seat_free (seat);
}

void
carcd_session_free (CarcdSession *s)
{
  if (s->bot_source)
    g_source_remove (s->bot_source);
  /* a bot still thinking stops; its worker lets go of its copy of the game by itself */
  if (s->thought)
    carcd_thought_cancel (g_steal_pointer (&s->thought));
  carcd_session_cancel_hints (s);
  if (s->abandon_source)
    g_source_remove (s->abandon_source);
  for (guint i = 0; i < CARC_MAX_PLAYERS; i++)
    session_remove_seat (s, i);
  if (s->creator)
    {
      CarcdClient *client = carcd_daemon_get_client (s->daemon, s->creator, FALSE);
      if (client)
        {
          client->n_games--;
          carcd_daemon_release_client (s->daemon, client);
        }
    }
  cdbus_unregister_tree (s->daemon->connection, s->path);
  carcd_commit_forget (s);
  carcd_session_drop_signals (s);
  g_clear_pointer (&s->journal, carcd_journal_close);
  g_clear_pointer (&s->journaled_seats, g_free);
  g_clear_object (&s->imported_game);
  g_clear_pointer (&s->sent_hash, g_free);
  g_clear_pointer (&s->hash, g_free);
  g_clear_pointer (&s->public_hash, g_free);
  g_clear_object (&s->hash_game);
  g_clear_pointer (&s->move_scores, g_array_unref);
  g_clear_object (&s->game);
  g_clear_pointer (&s->config, carc_game_config_unref);
  g_clear_pointer (&s->bot_rand, g_rand_free);
  carcd_game_options_clear (&s->options);
  g_free (s->creator);
  g_free (s->path);
  g_free (s);
}

CarcdState
carcd_session_get_state (CarcdSession *s)
{
  if (s->game == NULL)
    return CARCD_STATE_WAITING;
  switch (carc_game_get_phase (s->game))
    {
      case CARC_PHASE_PLACE:
        return CARCD_STATE_PLACING;
      case CARC_PHASE_DEPLOY:
        return CARCD_STATE_DEPLOYING;
      case CARC_PHASE_CHOOSE:
        return CARCD_STATE_CHOOSING;
      case CARC_PHASE_PLUGIN:
        return CARCD_STATE_PLUGIN;
      default:
        return CARCD_STATE_OVER;
    }
}

gboolean
carcd_session_in_play (CarcdSession *s)
{
  CarcdState state = carcd_session_get_state (s);

  return state != CARCD_STATE_WAITING && state != CARCD_STATE_OVER;
}

CarcdSeat *
carcd_session_active_seat (CarcdSession *s)
{
  if (!carcd_session_in_play (s))
    return NULL;
  return s->seats[carc_game_get_current_player (s->game)];
}

guint
carcd_session_tiles_left (CarcdSession *s)
{
  if (s->game || s->imported_game)
    return carc_game_get_tiles_left (carcd_session_record_game (s));
  return s->deck_size;
}

CarcdSeat *
carcd_session_find_seat (CarcdSession *s, const char *sender)
{
  for (guint i = 0; i < s->options.players; i++)
    if (s->seats[i] && s->seats[i]->owner && g_str_equal (s->seats[i]->owner, sender))
      return s->seats[i];
  return NULL;
}

const char *
carcd_session_player_path (CarcdSession *s, gint index)
{
  if (index < 0 || (guint)index >= s->options.players || s->seats[index] == NULL)
    return "/";
  return s->seats[index]->path;
}

static gboolean
is_creator (CarcdSession *s, const char *sender)
{
  return s->creator && g_str_equal (s->creator, sender);
}

/* @held (issued to @uid) is what @caller presents, from the same Unix user. */
static gboolean
token_matches (CarcdSession *s, const CarcdCaller *caller, const char *held, gint64 uid)
{
  return held[0] && carcd_token_equal (held, caller->token)
         && (uid == CARCD_NO_UID || carcd_caller_uid (s->daemon->connection, caller->name) == uid);
}

gboolean
carcd_session_identify (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  caller->identified = TRUE;
  caller->seat = NULL;
  caller->creator = FALSE;
  if (caller->token == NULL)
    {
      caller->seat = carcd_session_find_seat (s, caller->name);
      caller->creator = is_creator (s, caller->name);
      return TRUE;
    }
  if (token_matches (s, caller, s->creator_token, s->creator_uid))
    caller->creator = TRUE;
  for (guint i = 0; i < s->options.players && !caller->creator && !caller->seat; i++)
    if (s->seats[i] && token_matches (s, caller, s->seats[i]->token, s->seats[i]->token_uid))
      caller->seat = s->seats[i];
  if (!caller->creator && !caller->seat)
    {
      /* a token of another user is refused as a wrong one: it tells nothing */
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_TOKEN,
                   "The token is not valid for %s (not its creator's nor a seat's, or issued "
                   "to another Unix user)",
                   s->path);
      return FALSE;
    }
  s->abandoned_since = 0; /* held, by its token */
  s->held_by_token = TRUE;
  return TRUE;
}

gboolean
carcd_session_issue_creator_token (CarcdSession *s, const char *name, GError **error)
{
  if (!carcd_token_new (s->creator_token, error))
    return FALSE;
  s->creator_uid = carcd_caller_uid (s->daemon->connection, name);
  return TRUE;
}

gboolean
carcd_session_check_creator (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  g_return_val_if_fail (caller->identified, FALSE);
  if (caller->creator)
    return TRUE;
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_PERMISSION_DENIED,
               "Only the creator of %s (its bus name, or its token) may do this", s->path);
  return FALSE;
}

/* The lowest free seat, or fails with AlreadyStarted / GameFull. */
static gint
free_seat (CarcdSession *s, GError **error)
{
  if (s->game)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_ALREADY_STARTED, "%s has already started",
                   s->path);
      return -1;
    }
  for (guint i = 0; i < s->options.players; i++)
    if (s->seats[i] == NULL)
      return (gint)i;
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_GAME_FULL, "All %u seats of %s are taken",
               s->options.players, s->path);
  return -1;
}

CarcdSeat *
carcd_session_seat_new (CarcdSession *s, guint index, const char *name)
{
  CarcdSeat *seat = g_new0 (CarcdSeat, 1);

  seat->session = s;
  seat->index = index;
  seat->path = g_strdup_printf ("%s/player/%u", s->path, index);
  seat->name = g_strdup (name);
  seat->sent_followers = s->options.followers;
  /* Figures as shown before the game starts: the follower, then each expansion's defaults */
  guint k = 0;
  seat->sent_supplies[k++] = s->options.followers;
  for (guint i = 0; i < s->options.n_expansions; i++)
    for (guint j = 0;
         j < carc_plugin_get_n_figures (s->options.expansions[i].plugin) && k < CARC_MAX_FIGURES;
         j++)
      seat->sent_supplies[k++] = carc_plugin_get_figure_supply (s->options.expansions[i].plugin, j);
  seat->token_uid = CARCD_NO_UID;
  return seat;
}

gboolean
carcd_session_install_seat (CarcdSession *s, CarcdSeat *seat, GError **error)
{
  s->seats[seat->index] = seat;
  if (!carcd_player_object_register (seat))
    {
      s->seats[seat->index] = NULL;
      seat_free (seat);
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_FAILED, "Could not register the player");
      return FALSE;
    }
  cdbus_property_changed (s->daemon->connection, s->path, CARCD_GAME_INTERFACE, "Players");
  return TRUE;
}

/* A new seat goes to the journal first, then on the bus, so that nobody sees a seat that
 * is not saved; if it cannot be saved, it is dropped (its owner's count given back). */
static gboolean
save_and_install_seat (CarcdSession *s, CarcdSeat *seat, GError **error)
{
  g_autoptr (GError) local = NULL;

  s->seats[seat->index] = seat;
  if (!carcd_session_journal_seats (s, error))
    {
      s->seats[seat->index] = NULL;
      seat_release_owner (seat);
      seat_free (seat);
      return FALSE;
    }
  s->seats[seat->index] = NULL;
  if (carcd_session_install_seat (s, seat, error))
    return TRUE;
  /* the journal has the seat the bus does not: take it back out */
  if (!carcd_session_journal_seats (s, &local))
    g_warning ("%s: %s", s->path, local->message);
  return FALSE;
}

/* @sender's client record if it may take one more seat; NULL with LimitExceeded if not. A
 * seat taken @from_holder (Rejoin of a held seat) adds none to the daemon's count. */
static CarcdClient *
client_for_seat (CarcdDaemon *daemon, const char *sender, gboolean from_holder, GError **error)
{
  CarcdClient *client;

  if (!from_holder && daemon->n_seats_held >= daemon->limits.max_seats)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_LIMIT_EXCEEDED,
                   "The clients hold %u seats already", daemon->limits.max_seats);
      return NULL;
    }
  client = carcd_daemon_get_client (daemon, sender, TRUE);
  if (client->n_seats < daemon->limits.max_seats_per_client)
    return client;
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_LIMIT_EXCEEDED, "A client may hold at most %u seats",
               daemon->limits.max_seats_per_client);
  carcd_daemon_release_client (daemon, client);
  return NULL;
}

/* Gives @seat to @client, counting it against the client's cap. */
static void
seat_give (CarcdSeat *seat, CarcdClient *client)
{
  client->n_seats++;
  seat->session->daemon->n_seats_held++;
  seat->owner = g_strdup (client->name);
  seat->session->abandoned_since = 0; /* held again */
  seat->session->restored = FALSE;    /* the ordinary rules of reaping apply again */
}

static gboolean
check_not_seated (CarcdSession *s, const char *sender, GError **error)
{
  CarcdSeat *seat = carcd_session_find_seat (s, sender);

  if (seat == NULL)
    return TRUE;
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_ALREADY_SEATED,
               "The caller already holds seat %u of %s", seat->index, s->path);
  return FALSE;
}

CarcdSeat *
carcd_session_join (CarcdSession *s, CarcdCaller *caller, const char *name, GError **error)
{
  gint index;
  CarcdSeat *seat;
  CarcdClient *client;

  if (!carcd_check_name (name, FALSE, error) || (index = free_seat (s, error)) < 0
      || !check_not_seated (s, caller->name, error))
    return NULL;
  seat = carcd_session_seat_new (s, (guint)index, name);
  if (!carcd_token_new (seat->token, error))
    {
      seat_free (seat);
      return NULL;
    }
  seat->token_uid = carcd_caller_uid (s->daemon->connection, caller->name);
  if (!(client = client_for_seat (s->daemon, caller->name, FALSE, error)))
    {
      seat_free (seat);
      return NULL;
    }
  seat_give (seat, client);
  if (!save_and_install_seat (s, seat, error))
    return NULL;
  return seat;
}

CarcdSeat *
carcd_session_rejoin (CarcdSession *s, const char *sender, const char *token, GError **error)
{
  CarcdSeat *seat = NULL;
  CarcdClient *client;
  CarcdCaller caller = { .name = sender, .token = token };

  for (guint i = 0; i < s->options.players && seat == NULL; i++)
    if (s->seats[i] && token_matches (s, &caller, s->seats[i]->token, s->seats[i]->token_uid))
      seat = s->seats[i];
  if (seat == NULL)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_TOKEN,
                   "The token is not valid for any seat of %s (or was issued to another Unix "
                   "user)",
                   s->path);
      return NULL;
    }
  if (seat->owner && g_str_equal (seat->owner, sender))
    return seat;
  /* past the cap the previous owner (if any) keeps the seat */
  if (!check_not_seated (s, sender, error)
      || !(client = client_for_seat (s->daemon, sender, seat->owner != NULL, error)))
    return NULL;
  seat_release_owner (seat);
  seat_give (seat, client);
  cdbus_property_changed (s->daemon->connection, seat->path, CARCD_PLAYER_INTERFACE, "Connected");
  return seat;
}

static gboolean
check_participant (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  g_return_val_if_fail (caller->identified, FALSE);
  if (caller->creator || caller->seat)
    return TRUE;
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_PERMISSION_DENIED,
               "Only the creator of %s and its seated players may do this", s->path);
  return FALSE;
}

guint64
carcd_session_bot_seed (CarcdSession *s, guint index)
{
  guint64 seed;

  if (s->options.has_seed)
    return s->options.seed ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (index + 1));
  if (!carcd_random_bytes (&seed, sizeof seed))
    seed = (guint64)g_get_real_time () ^ index; /* a bot's own draws: no secret */
  return seed;
}

void
carcd_session_seat_set_bot (CarcdSeat *seat, CarcBot *brain, const char *strategy)
{
  seat->bot = &carcd_bot_random;
  g_set_object (&seat->brain, NULL);
  seat->brain = brain;
  g_free (seat->strategy);
  seat->strategy = g_strdup (strategy);
}

/* A bot seat of @spec's strategy. The random one plays on the session's generator, as it
 * always did, so that a seeded game of random bots replays as before. */
static CarcdSeat *
add_bot_seat (CarcdSession *s, const char *name, const CarcdBotSpec *spec, GError **error)
{
  gint index = free_seat (s, error);
  CarcdSeat *seat;

  if (index < 0)
    return NULL;
  g_autoptr (CarcBot) brain
      = carcd_bot_spec_new_bot (spec, carcd_session_bot_seed (s, index), error);
  if (brain == NULL)
    return NULL;
  g_autofree char *strategy = carc_bot_to_spec (brain);
  if (g_str_equal (carc_bot_get_strategy (brain), "random"))
    g_clear_object (&brain);
  seat = carcd_session_seat_new (s, (guint)index, name);
  carcd_session_seat_set_bot (seat, g_steal_pointer (&brain), strategy);
  if (!save_and_install_seat (s, seat, error))
    return NULL;
  return seat;
}

CarcdSeat *
carcd_session_add_bot (CarcdSession *s, CarcdCaller *caller, const char *name,
                       const CarcdBotSpec *spec, GError **error)
{
  if (!carcd_check_name (name, FALSE, error) || !check_participant (s, caller, error))
    return NULL;
  return add_bot_seat (s, name, spec, error);
}

gboolean
carcd_session_add_initial_bots (CarcdSession *s, GError **error)
{
  for (guint i = 0; i < s->options.bots; i++)
    {
      g_autofree char *name = g_strdup_printf ("Bot %u", i + 1);
      if (add_bot_seat (s, name, &s->options.bot_spec, error) == NULL)
        return FALSE;
    }
  return TRUE;
}

static gboolean bot_step (gpointer data);

/* Lets the bot move if the active seat is a bot's. */
static void
schedule_bot (CarcdSession *s)
{
  CarcdSeat *seat = carcd_session_active_seat (s);

  if (s->bot_source || s->thought || seat == NULL || seat->bot == NULL)
    return;
  if (s->options.bot_delay)
    s->bot_source = g_timeout_add (s->options.bot_delay, bot_step, s);
  else
    s->bot_source = g_idle_add (bot_step, s);
}

/* The game replayed to the moves of its journal (@s->n_journaled). */
static void
replay_journaled (CarcdSession *s)
{
  guint n;
  const CarcMove *moves = carc_game_get_moves (s->game, &n);
  g_autofree CarcMove *saved
      = s->n_journaled ? g_memdup2 (moves, sizeof *moves * s->n_journaled) : NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) game = NULL;

  game = carc_game_replay (s->config, saved, s->n_journaled, &error);
  if (game == NULL)
    {
      /* the moves were legal a moment ago */
      g_critical ("%s: could not go back to move %u: %s", s->path, s->n_journaled, error->message);
      return;
    }
  carc_game_set_event_func (game, carcd_session_on_event, s, NULL);
  g_set_object (&s->game, game);
}

/* Puts the game back where its journal ends: the moves made since could not be saved. */
static void
roll_back (CarcdSession *s, gboolean start)
{
  carcd_session_drop_signals (s);
  g_array_set_size (s->move_scores, 0);
  s->turn_end_pending = FALSE;
  s->turn_ended = 0; /* a TurnEnded among the dropped signals reached nobody */
  if (start)
    {
      /* not started after all */
      carc_game_set_event_func (s->game, NULL, NULL, NULL);
      if (s->imported)
        s->imported_game = g_steal_pointer (&s->game);
      g_clear_object (&s->game);
      return;
    }
  replay_journaled (s);
}

/* A move of a game whose earlier moves wait for the group commit could not be written: only
 * it is undone, its signals dropped; those of the moves before it still wait. */
static void
undo_held_move (CarcdSession *s)
{
  while (g_queue_get_length (&s->held_signals) > s->held_mark)
    dbus_message_unref (g_queue_pop_tail (&s->held_signals));
  g_array_set_size (s->move_scores, 0);
  s->turn_end_pending = FALSE;
  s->turn_ended = s->held_turn_ended;
  replay_journaled (s);
}

/* The move could not be saved: its game goes back, and @error says so. */
static gboolean
move_not_saved (CarcdSession *s, GError *local, GError **error)
{
  g_warning ("%s; the move is undone", local->message);
  g_propagate_prefixed_error (error, local, "The move could not be saved, so it was not made: ");
  return FALSE;
}

/* What a move owes once it is on disk: the signals it held, properties, the next bot move. */
static void
move_saved (CarcdSession *s)
{
  carcd_session_release_signals (s);
  carcd_session_emit_turn_end (s);
  carcd_session_release_signals (s);
  carcd_session_sync_properties (s);
  schedule_bot (s);
}

/* after_move() with the group commit: the move (or the start, @start) written, and everything
 * it owes held until its journal is flushed (carcd_session_committed()). */
static gboolean
after_move_held (CarcdSession *s, gboolean start, GError **error)
{
  GError *local = NULL;
  gboolean pending = s->commit_pending || s->commit_flying;

  if (!carcd_session_journal_write_moves (s, start, &local))
    {
      if (pending)
        undo_held_move (s);
      else
        roll_back (s, start);
      return move_not_saved (s, local, error);
    }
  s->start_held |= start;
  /* the TurnEnded it owes, held behind its signals */
  carcd_session_emit_turn_end (s);
  s->held_mark = g_queue_get_length (&s->held_signals);
  s->held_turn_ended = s->turn_ended;
  return TRUE;
}

/* Everything after a move: the move to the journal (the game goes back and @error is set if
 * it cannot be saved), the signals it held, owed signals, properties, the next bot move. With
 * the group commit on, a move and a Start alike wait for it (a Start flushed on the main loop
 * blocked every call behind it for the disk: doc/performance.md, "1,000 games at once"). */
static gboolean
after_move (CarcdSession *s, gboolean start, GError **error)
{
  GError *local = NULL;

  if (carcd_commit_enabled (s))
    return after_move_held (s, start, error);
  if (!carcd_session_journal_moves (s, start, &local))
    {
      roll_back (s, start);
      return move_not_saved (s, local, error);
    }
  move_saved (s);
  return TRUE;
}

void
carcd_session_committed (CarcdSession *s, const GError *error)
{
  gboolean start = s->start_held;

  /* a start is the first line of its game's first batch: that batch is the one landing */
  s->start_held = FALSE;
  if (error == NULL && s->commit_pending)
    {
      /* the next batch holds more moves: only the signals of those on disk go out; the rest
       * (properties, the next bot move) once the next batch is on disk too */
      s->n_durable = s->flight_journaled;
      carcd_session_release_first_signals (s, s->flight_mark);
      s->held_mark -= MIN (s->held_mark, s->flight_mark);
      return;
    }
  if (error == NULL)
    {
      s->n_durable = s->n_journaled;
      move_saved (s);
      return;
    }
  g_warning ("%s: could not save the moves after move %u (%s); they are undone", s->path,
             s->n_durable, error->message);
  s->n_journaled = s->n_durable;
  roll_back (s, start);
  /* a start undone told nothing yet (its properties wait for the flush): nothing to take back */
  if (start)
    return;
  carcd_session_sync_properties (s);
  /* a bot's turn that could not be saved: it tries again later */
  CarcdSeat *seat = carcd_session_active_seat (s);
  if (seat && seat->bot && !s->bot_source && !s->thought)
    s->bot_source = g_timeout_add_seconds (1, bot_step, s);
}

/* After a move: the TurnEnded it owed is dropped (nothing ended the turn: a refused move, a
 * tile drawn, a move the turn goes on after), unless the move ended the turn into a plugin
 * phase that belongs to it (moves after the scoring): then it goes out now, with the
 * turn's player, and the phase's own moves owe no other (carcd_session_emit_turn_end()). */
static void
settle_turn_end (CarcdSession *s, gboolean ok, CarcMoveType type)
{
  gboolean ended = type == CARC_MOVE_DEPLOY || type == CARC_MOVE_SKIP || type == CARC_MOVE_PASS;
  if (!ok || !ended || carc_game_get_phase (s->game) != CARC_PHASE_PLUGIN)
    s->turn_end_pending = FALSE;
}

static void
owe_turn_end (CarcdSession *s)
{
  s->turn_end_pending = TRUE;
  s->turn_end_turn = carc_game_get_turn (s->game);
  s->turn_end_seat = carc_game_get_current_player (s->game);
}

/* A bot made a move: note the scores after it for the journal (the turn's moves are journaled
 * together once the turn is over). */
static void
bot_moved (CarcGame *game, gpointer data)
{
  CarcdSession *s = data;
  CarcdMoveScores entry = { 0 };
  guint n;

  carc_game_get_moves (game, &n);
  entry.index = n - 1;
  for (guint i = 0; i < carc_game_get_n_players (game); i++)
    entry.scores[i] = carc_game_get_score (game, i);
  g_array_append_val (s->move_scores, entry);
}

/* A bot that cannot move is a bug: it stops rather than retry for ever (what it did before
 * it stopped stands). */
static void
bot_failed (CarcdSession *s, CarcdSeat *seat, const GError *why)
{
  g_autoptr (GError) error = NULL;

  g_critical ("%s: bot %s could not move: %s", s->path, seat->name, why->message);
  s->turn_end_pending = FALSE;
  if (carcd_session_journal_moves (s, FALSE, &error))
    carcd_session_release_signals (s);
  else
    roll_back (s, FALSE);
  carcd_session_sync_properties (s);
}

/* One move of the active player, as Play makes it: the TurnEnded it may owe, the move, the
 * journal, the signals, the next bot. */
static gboolean
apply_move (CarcdSession *s, const CarcMove *move, GError **error)
{
  if (carc_game_get_turn (s->game) > 0) /* a move before the first turn ends no turn */
    owe_turn_end (s);
  gboolean ok = carc_game_apply_move (s->game, move, error);
  settle_turn_end (s, ok, move->type);
  return ok && after_move (s, FALSE, error);
}

/* After a bot's turn (@ok) was made in the engine: the journal, the signals, the next bot. */
static void
bot_turn_made (CarcdSession *s, CarcdSeat *seat, gboolean ok, const GError *why)
{
  if (!ok)
    {
      bot_failed (s, seat, why);
      return;
    }
  /* a turn that could not be saved is undone (after_move() logs it): try again later */
  if (!after_move (s, FALSE, NULL))
    s->bot_source = g_timeout_add_seconds (1, bot_step, s);
}

/* The main loop: the active seat's bot chose its turn's @moves in its copy of the game; they
 * make the same turn here, as the random bot's would. */
static void
bot_thought (const CarcMove *moves, guint n_moves, const GError *why, gpointer data)
{
  CarcdSession *s = data;
  CarcdSeat *seat = s->seats[carc_game_get_current_player (s->game)];
  g_autoptr (GError) error = NULL;
  gboolean ok = moves != NULL;
  guint n;

  s->thought = NULL;
  carc_game_get_moves (s->game, &n);
  if (n != s->thought_moves) /* the game went back (a move not saved): think again */
    {
      schedule_bot (s);
      return;
    }
  if (carc_game_get_turn (s->game) > 0) /* a move before the first turn ends no turn */
    owe_turn_end (s);
  for (guint i = 0; ok && i < n_moves; i++)
    if ((ok = carc_game_apply_move (s->game, &moves[i], &error)))
      bot_moved (s->game, s);
  bot_turn_made (s, seat, ok, moves ? error : why);
}

/* The random bot's turn, on the main loop, from the session's generator. */
static void
bot_play_random (CarcdSession *s, CarcdSeat *seat)
{
  g_autoptr (GError) error = NULL;

  if (carc_game_get_turn (s->game) > 0) /* a move before the first turn ends no turn */
    owe_turn_end (s);
  bot_turn_made (s, seat, seat->bot->play_turn (s->game, s->bot_rand, bot_moved, s, &error), error);
}

/* A strategy bot's turn: thought in a worker thread (thinker.h), made when it is back. A game
 * the engine cannot copy (an expansion keeps per-game data without a copy_data hook) cannot be
 * searched: the bot then plays its turns as the random bot would, rather than stop the game. */
static void
bot_think (CarcdSession *s, CarcdSeat *seat)
{
  g_autoptr (GError) error = NULL;

  carc_game_get_moves (s->game, &s->thought_moves);
  s->thought = carcd_think (s->daemon, seat->brain, s->game, TRUE, bot_thought, s, &error);
  if (s->thought)
    return;
  if (!g_error_matches (error, CARC_ERROR, CARC_ERROR_PLUGIN))
    {
      bot_failed (s, seat, error);
      return;
    }
  g_warning ("%s: bot %s plays random moves: %s", s->path, seat->name, error->message);
  g_clear_object (&seat->brain);
  bot_play_random (s, seat);
}

static gboolean
bot_step (gpointer data)
{
  CarcdSession *s = data;
  CarcdSeat *seat = s->seats[carc_game_get_current_player (s->game)];

  s->bot_source = 0;
  if (seat->brain)
    bot_think (s, seat);
  else
    bot_play_random (s, seat);
  return G_SOURCE_REMOVE;
}

gboolean
carcd_session_start (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  guint64 seed;

  if (!check_participant (s, caller, error))
    return FALSE;
  if (s->game)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_ALREADY_STARTED, "%s has already started",
                   s->path);
      return FALSE;
    }
  for (guint i = 0; i < s->options.players; i++)
    if (s->seats[i] == NULL)
      {
        g_set_error (error, CARCD_ERROR, CARCD_ERROR_SEATS_OPEN, "Seat %u of %s is still free", i,
                     s->path);
        return FALSE;
      }
  if (s->imported)
    {
      /* the record's game, replayed at ImportGame, goes on from where it stands */
      s->game = g_steal_pointer (&s->imported_game);
      carc_game_set_event_func (s->game, carcd_session_on_event, s, NULL);
      return after_move (s, TRUE, error);
    }
  /* the seed deals the expansions' hands even when a tile order fixes the draw pile: a game
   * without a seed gets a random one, or anyone could compute its face-down hands (issue 15) */
  if (s->options.has_seed)
    seed = s->options.seed;
  else if (!carcd_random_bytes (&seed, sizeof seed))
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_FAILED, "No randomness: %s", g_strerror (errno));
      return FALSE;
    }
  carc_game_config_set_seed (s->config, seed);
  {
    /* the first events arrive before carc_game_new_full() returns; the event handler takes
     * its own reference to the game then */
    g_autoptr (CarcGame) game
        = carc_game_new_full (s->config, carcd_session_on_event, s, NULL, error);
    if (game == NULL)
      {
        g_clear_object (&s->game);
        return FALSE;
      }
    if (s->game == NULL)
      s->game = g_steal_pointer (&game);
  }
  return after_move (s, TRUE, error);
}

CarcdSeat *
carcd_session_seated (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  CarcdSeat *seat = caller->seat;

  g_return_val_if_fail (caller->identified, NULL);
  if (seat == NULL)
    g_set_error (error, CARCD_ERROR, CARCD_ERROR_NOT_SEATED, "The caller holds no seat of %s",
                 s->path);
  return seat;
}

/* Leave cannot be refused once the seat is given up: a journal that cannot record it is only
 * logged (the seat comes back as it was after a restart). */
static void
journal_seats_or_warn (CarcdSession *s)
{
  g_autoptr (GError) error = NULL;

  if (!carcd_session_journal_seats (s, &error))
    g_warning ("%s: %s", s->path, error->message);
}

gboolean
carcd_session_leave (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  CarcdSeat *seat = carcd_session_seated (s, caller, error);

  if (seat == NULL)
    return FALSE;
  if (s->game == NULL)
    {
      session_remove_seat (s, seat->index);
      journal_seats_or_warn (s);
      cdbus_property_changed (s->daemon->connection, s->path, CARCD_GAME_INTERFACE, "Players");
      carcd_daemon_schedule_reap (s->daemon);
      return TRUE;
    }
  seat_release_owner (seat);
  seat->token[0] = '\0';
  if (carcd_session_get_state (s) != CARCD_STATE_OVER)
    {
      /* once started, the bot plays the seat to the end */
      seat->bot = &carcd_bot_random;
      cdbus_property_changed (s->daemon->connection, seat->path, CARCD_PLAYER_INTERFACE, "Bot");
    }
  journal_seats_or_warn (s);
  cdbus_property_changed (s->daemon->connection, seat->path, CARCD_PLAYER_INTERFACE, "Connected");
  schedule_bot (s);
  carcd_daemon_schedule_reap (s->daemon);
  return TRUE;
}

/* The checks every move makes, in the documented order. */
static gboolean
check_mover (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  CarcdSeat *seat = carcd_session_seated (s, caller, error);

  if (seat == NULL)
    return FALSE;
  if (s->game == NULL)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_WRONG_PHASE, "%s has not started yet", s->path);
      return FALSE;
    }
  if (carc_game_get_phase (s->game) == CARC_PHASE_OVER)
    {
      g_set_error (error, CARCD_ERROR, CARCD_ERROR_GAME_OVER, "%s is over", s->path);
      return FALSE;
    }
  return carcd_session_check_turn (s, seat, error);
}

gboolean
carcd_session_check_mover (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  return check_mover (s, caller, error);
}

gboolean
carcd_session_check_turn (CarcdSession *s, CarcdSeat *seat, GError **error)
{
  CarcdSeat *active = carcd_session_active_seat (s);

  if (!carcd_session_in_play (s) || (active && active == seat))
    return TRUE;
  /* a seat with nobody in it (a restore that went wrong) is nobody's to move for */
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_NOT_YOUR_TURN, "It is seat %u's turn, not seat %u's",
               carc_game_get_current_player (s->game), seat->index);
  return FALSE;
}

/* What the active player should do instead, in the phase the game is in. */
static const char *
phase_hint (CarcGame *game)
{
  switch (carc_game_get_phase (game))
    {
      case CARC_PHASE_PLACE:
        return "The tile is drawn; place it";
      case CARC_PHASE_DEPLOY:
        return "The tile is already placed; deploy a follower or skip";
      case CARC_PHASE_PLUGIN:
        return "An expansion's phase is on; play one of GetMoves";
      default:
        if (carc_game_can_draw (game))
          return "Draw a tile or place a piece from the hand first";
        return carc_game_can_pass (game) ? "Place a piece from the hand, or pass"
                                         : "Place a piece from the hand";
    }
}

gboolean
carcd_session_check_move (CarcdSession *s, CarcdCaller *caller, CarcPhase phase, GError **error)
{
  if (!check_mover (s, caller, error))
    return FALSE;
  if (carc_game_get_phase (s->game) == phase)
    return TRUE;
  if (phase == CARC_PHASE_DEPLOY && carc_game_get_phase (s->game) == CARC_PHASE_PLACE)
    g_set_error (error, CARCD_ERROR, CARCD_ERROR_WRONG_PHASE, "Place the tile first");
  else
    g_set_error (error, CARCD_ERROR, CARCD_ERROR_WRONG_PHASE, "%s", phase_hint (s->game));
  return FALSE;
}

gboolean
carcd_session_place (CarcdSession *s, CarcdCaller *caller, gint x, gint y, guint rotation,
                     GError **error)
{
  if (!check_mover (s, caller, error) || !carc_game_place (s->game, x, y, rotation, error))
    return FALSE;
  return after_move (s, FALSE, error);
}

gboolean
carcd_session_place_piece (CarcdSession *s, CarcdCaller *caller, guint index, gint x, gint y,
                           guint rotation, GError **error)
{
  /* a refused placement's error says the rule that refused it (the expansion's reason) */
  if (!check_mover (s, caller, error)
      || !carc_game_place_piece (s->game, index, x, y, rotation, error))
    return FALSE;
  return after_move (s, FALSE, error);
}

CarcdSeat *
carcd_session_seat_at (CarcdSession *s, const char *path, GError **error)
{
  for (guint i = 0; i < s->options.players; i++)
    if (s->seats[i] && g_str_equal (s->seats[i]->path, path))
      return s->seats[i];
  g_autofree char *quoted = cdbus_echo (path);
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_INVALID_ARGS, "%s is no player of %s", quoted,
               s->path);
  return NULL;
}

gboolean
carcd_session_check_hand_visible (CarcdSession *s, CarcdCaller *caller, CarcdSeat *seat,
                                  GError **error)
{
  g_return_val_if_fail (caller->identified, FALSE);
  if (caller->seat == seat || (s->game && carc_game_get_hands_open (s->game)))
    return TRUE;
  g_set_error (error, CARCD_ERROR, CARCD_ERROR_PERMISSION_DENIED,
               "Hands are face down: only the holder of %s sees its pieces", seat->path);
  return FALSE;
}

/* Deploy: a figure of the kind called @figure on @segment; a name the game has no kind of is
 * refused like a segment it may not go on. */
static gboolean
deploy_named (CarcGame *game, const char *figure, guint segment, GError **error)
{
  gint k = carc_game_find_figure (game, figure);
  if (k >= 0)
    return carc_game_deploy (game, (guint)k, segment, error);
  g_autofree char *quoted = cdbus_echo (figure);
  g_set_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT, "this game has no figure '%s'",
               quoted);
  return FALSE;
}

/* A move that may end the turn: Deploy (a @figure on @segment), Skip, Pass, Draw. The
 * TurnEnded it owes goes out before the next turn's first event; if the turn goes on instead
 * (a Draw that found a tile), it is dropped. */
static gboolean
turn_move (CarcdSession *s, CarcdCaller *caller, CarcMoveType type, const char *figure,
           guint segment, GError **error)
{
  gboolean ok;

  if (!check_mover (s, caller, error))
    return FALSE;
  owe_turn_end (s);
  switch (type)
    {
      case CARC_MOVE_DEPLOY:
        ok = deploy_named (s->game, figure, segment, error);
        break;
      case CARC_MOVE_SKIP:
        ok = carc_game_skip (s->game, error);
        break;
      case CARC_MOVE_PASS:
        ok = carc_game_pass (s->game, error);
        break;
      default:
        ok = carc_game_draw (s->game, error);
        break;
    }
  settle_turn_end (s, ok, type);
  if (!ok)
    return FALSE;
  return after_move (s, FALSE, error);
}

gboolean
carcd_session_play (CarcdSession *s, CarcdCaller *caller, const CarcMove *move, GError **error)
{
  return check_mover (s, caller, error) && apply_move (s, move, error);
}

gboolean
carcd_session_play_moves (CarcdSession *s, CarcdCaller *caller, const CarcMove *moves,
                          guint n_moves, GError **error)
{
  if (!check_mover (s, caller, error))
    return FALSE;
  owe_turn_end (s);
  gboolean ok = carc_game_apply_moves (s->game, moves, n_moves, error);
  s->turn_end_pending = FALSE;
  return ok && after_move (s, FALSE, error);
}

gboolean
carcd_session_preview (CarcdSession *s, CarcdCaller *caller, const CarcMove *move,
                       CarcDeployment **deployments, guint *n_deployments, GError **error)
{
  return check_mover (s, caller, error)
         && carc_game_preview_deployments (s->game, move, deployments, n_deployments, error);
}

gboolean
carcd_session_deploy (CarcdSession *s, CarcdCaller *caller, const char *figure, guint segment,
                      GError **error)
{
  return turn_move (s, caller, CARC_MOVE_DEPLOY, figure, segment, error);
}

gboolean
carcd_session_draw (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  return turn_move (s, caller, CARC_MOVE_DRAW, NULL, 0, error);
}

gboolean
carcd_session_pass (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  return turn_move (s, caller, CARC_MOVE_PASS, NULL, 0, error);
}

gboolean
carcd_session_skip (CarcdSession *s, CarcdCaller *caller, GError **error)
{
  return turn_move (s, caller, CARC_MOVE_SKIP, NULL, 0, error);
}

void
carcd_session_client_gone (CarcdSession *s, const char *name)
{
  if (is_creator (s, name))
    g_clear_pointer (&s->creator, g_free); /* the client record goes as a whole */
  for (guint i = 0; i < s->options.players; i++)
    {
      CarcdSeat *seat = s->seats[i];

      if (seat == NULL || seat->owner == NULL || !g_str_equal (seat->owner, name))
        continue;
      /* the seat waits for its token, before the start as after it */
      seat_release_owner (seat);
      cdbus_property_changed (s->daemon->connection, seat->path, CARCD_PLAYER_INTERFACE,
                              "Connected");
    }
}

gboolean
carcd_session_is_abandoned (CarcdSession *s)
{
  if (s->creator)
    return FALSE;
  for (guint i = 0; i < s->options.players; i++)
    if (s->seats[i] && s->seats[i]->owner)
      return FALSE;
  return TRUE;
}

gboolean
carcd_session_bots_playing (CarcdSession *s)
{
  if (!carcd_session_in_play (s))
    return FALSE;
  for (guint i = 0; i < s->options.players; i++)
    if (s->seats[i] == NULL || s->seats[i]->bot == NULL)
      return FALSE;
  return TRUE;
}

CarcGame *
carcd_session_record_game (CarcdSession *s)
{
  return s->game ? s->game : s->imported_game;
}

/* The game the hashes are of, with the cached ones dropped when it moved on; NULL if none. */
static CarcGame *
hashed_game (CarcdSession *s)
{
  CarcGame *game = carcd_session_record_game (s);
  guint n;

  if (game == NULL)
    return NULL;
  /* a game changes by moves only, and a game that replaces another is another object (the
   * reference held keeps its address from being reused) */
  carc_game_get_moves (game, &n);
  if (game != s->hash_game || n != s->hash_moves)
    {
      g_set_object (&s->hash_game, game);
      s->hash_moves = n;
      g_clear_pointer (&s->hash, g_free);
      g_clear_pointer (&s->public_hash, g_free);
    }
  return game;
}

/* The hash @compute gives of the game, kept in @cache until the game moves on. */
static const char *
cached_hash (CarcdSession *s, char **cache, char *(*compute) (CarcGame *game))
{
  CarcGame *game = hashed_game (s);

  if (game == NULL)
    return "";
  if (*cache == NULL)
    *cache = compute (game);
  return *cache;
}

const char *
carcd_session_state_hash (CarcdSession *s)
{
  return cached_hash (s, &s->hash, carc_game_get_state_hash);
}

const char *
carcd_session_public_hash (CarcdSession *s)
{
  return cached_hash (s, &s->public_hash, carc_game_get_public_hash);
}

void
carcd_session_install_game (CarcdSession *s, CarcGame *game)
{
  guint n;

  carc_game_get_moves (game, &n);
  s->game = game;
  s->n_journaled = n;
  carc_game_set_event_func (game, carcd_session_on_event, s, NULL);
  carcd_session_sync_properties (s);
  schedule_bot (s);
}
