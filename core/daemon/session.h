/* session.h: one game session: the engine's game, its seats, its bots, its D-Bus objects.
 *
 * Every function that acts for a client takes the caller (a CarcdCaller: its unique bus name
 * and the token its call carried; Rejoin: its bus name) and either does the whole thing or
 * fails with a CARCD_ERROR/CARC_ERROR and changes nothing.
 */
#pragma once
#include "bot-options.h"
#include "bot.h"
#include "daemon.h"
#include "journal.h"
#include "options.h"
#include "thinker.h"
#include "token.h"

typedef enum
{
  CARCD_STATE_WAITING = 0,
  CARCD_STATE_PLACING = 1,
  CARCD_STATE_DEPLOYING = 2,
  CARCD_STATE_OVER = 3,
  CARCD_STATE_CHOOSING = 4,
  /* 5 is retired (ABI 1's own phase of an expansion) */
  CARCD_STATE_PLUGIN = 6, /* an expansion's phase: its moves (GetMoves, Play) */
} CarcdState;

/* The scores after move @index of the game (moves a bot made in one turn). */
typedef struct
{
  guint index;
  guint scores[CARC_MAX_PLAYERS];
} CarcdMoveScores;

typedef struct
{
  CarcdSession *session;
  guint index;
  char *path;
  char *name;
  char *owner; /* unique bus name holding the seat; NULL for a bot or a disconnected seat */
  char token[CARCD_TOKEN_CHARS + 1]; /* "" once revoked (a bot seat) */
  gint64 token_uid;                  /* the Unix user it was issued to, or CARCD_NO_UID */
  const CarcdBotPolicy *bot;         /* NULL for a client's seat */
  CarcBot *brain; /* the strategy bot of an AddBot seat; NULL: the random policy plays */
  char *strategy; /* Player.Strategy: its spec (carc_bot_to_spec()); NULL for a client's seat */
  /* the values last announced in PropertiesChanged */
  guint sent_score;
  guint sent_followers;
  guint sent_supplies[CARC_MAX_FIGURES]; /* Figures */
  guint sent_hand_size;
} CarcdSeat;

struct _CarcdSession
{
  CarcdDaemon *daemon;
  guint id;
  char *path;
  CarcdGameOptions options;
  CarcGameConfig *config; /* built from the options at creation; the seed is set at Start */
  guint deck_size;        /* tiles face down at the start (TilesLeft while waiting) */
  char *creator;          /* unique bus name; NULL once it left the bus */
  char creator_token[CARCD_TOKEN_CHARS + 1]; /* the creator's rights by token; "" if none */
  gint64 creator_uid;                        /* the Unix user it was issued to */
  CarcGame *game;                            /* NULL while waiting */
  CarcdSeat *seats[CARC_MAX_PLAYERS];
  GRand *bot_rand;
  guint bot_source;
  CarcdThought *thought;  /* the active seat's bot thinking (thinker.h), or NULL */
  guint thought_moves;    /* the moves of the game it thinks about */
  GQueue hints;           /* GetHint calls being thought (hint.c) */
  guint abandon_source;   /* removes the game once abandoned for the daemon's timeout */
  gint64 abandoned_since; /* monotonic time nobody held it since; 0: held since the timer began */
  /* the values last announced in PropertiesChanged */
  CarcdState sent_state;
  gint sent_active;
  guint sent_turn;
  guint sent_tiles_left;
  const CarcTileType *sent_tile;
  gboolean sent_can_draw, sent_can_pass;
  guint sent_scores[CARC_MAX_PLAYERS];
  /* a TurnEnded signal owed before the next turn's events */
  gboolean turn_end_pending;
  guint turn_end_turn;
  guint turn_end_seat;
  guint turn_ended; /* the last turn a TurnEnded announced, plus 1; 0: none yet */
  /* persistence (session-journal.c): the journal (NULL: the daemon keeps no state), the moves
   * of the game it holds, and the signals of a move, held until the move is on disk */
  CarcdJournal *journal;
  gboolean journal_lost; /* restored, but its journal could not be opened: no move until it is */
  gsize journal_resume;  /* then the length to open it at */
  guint n_seat_lines;    /* seats lines in the journal: rewritten whole past a cap while waiting */
  char *journaled_seats; /* the last seats line written */
  guint n_journaled;
  GArray *move_scores; /* CarcdMoveScores of the moves not journaled yet */
  GQueue held_signals;
  /* the group commit (commit.h): moves written to the journal, not flushed yet */
  gboolean commit_pending; /* in the daemon's dirty list (the next batch) */
  guint commit_moves;      /* moves written since the last flush began */
  gboolean commit_flying;  /* in the batch being flushed, off the main loop */
  guint flight_moves;      /* then its moves in it */
  guint flight_journaled;  /* the game's moves once they are on disk */
  guint flight_mark;       /* held_signals of them (the next batch's are after them) */
  guint n_durable;         /* while pending or flying: the moves of the journal on disk */
  gboolean start_held;     /* the start line is written, not on disk yet: a failure undoes it */
  guint held_mark;         /* held_signals of the moves written (a move's are after them) */
  guint held_turn_ended;   /* turn_ended after them */
  GError *commit_error;    /* during carcd_commit_run(): what its moves answer if not saved */
  /* the number of the last Game signal or PropertiesChanged of the game or its players sent:
   * every one takes the next (doc/dbus-game.md, "Sequence numbers") */
  guint64 sequence;
  char *sent_hash;
  /* carcd_session_state_hash() and carcd_session_public_hash(): the hashes of hash_game
   * after its first hash_moves moves (NULL: not computed yet) */
  CarcGame *hash_game;
  guint hash_moves;
  char *hash;
  char *public_hash;
  /* a game restored at start is kept for the abandon timeout even when over, until held */
  gboolean restored;
  /* a token acted for a call: the game is kept for the abandon timeout even when over, so the
   * one-shot clients that play it can still read and export it */
  gboolean held_by_token;
  /* ImportGame: the config is the record's, and the game replayed from it waits for Start */
  gboolean imported;
  CarcGame *imported_game;
};

/* Who a call acts for: what its "token" option names (a seat, or the creator), or without
 * one, what its sender's bus name holds. carcd_session_identify() fills in the rest; the
 * functions below that take a caller need it identified. */
typedef struct
{
  const char *name;  /* the unique bus name of the call */
  const char *token; /* the call's "token" option, or NULL */
  CarcdSeat *seat;   /* the seat it acts for, or NULL */
  gboolean creator;  /* it acts as the game's creator */
  gboolean identified;
} CarcdCaller;

/* Sets @caller's seat and creator. InvalidToken when its token is no seat's nor the
 * creator's, or was issued to another Unix user (then the caller is nobody). A valid token
 * counts as holding the game (the abandon timer starts again). */
gboolean carcd_session_identify (CarcdSession *session, CarcdCaller *caller, GError **error);

/* Play: any move (carc_game_apply_move()), checked like the others. */
gboolean carcd_session_play (CarcdSession *s, CarcdCaller *caller, const CarcMove *move,
                             GError **error);

/* Several moves as one (PlaceAndDeploy): all are made, or none (carc_game_apply_moves()). */
gboolean carcd_session_play_moves (CarcdSession *s, CarcdCaller *caller, const CarcMove *moves,
                                   guint n_moves, GError **error);

/* The deployments @move would offer (carc_game_preview_deployments()), checked like a move of
 * the caller's. */
gboolean carcd_session_preview (CarcdSession *s, CarcdCaller *caller, const CarcMove *move,
                                CarcDeployment **deployments, guint *n_deployments, GError **error);

/* Gives the session a creator token (CreateGame, ImportGame), bound to @name's Unix user. */
gboolean carcd_session_issue_creator_token (CarcdSession *session, const char *name,
                                            GError **error);

/* Creates the session (taking @options' contents) and puts its Game object on the bus. */
CarcdSession *carcd_session_new (CarcdDaemon *daemon, guint id, CarcdGameOptions *options,
                                 const char *creator, GError **error);
/* The same with the game's @config given (an imported or restored game) instead of built from
 * @options. */
CarcdSession *carcd_session_new_full (CarcdDaemon *daemon, guint id, CarcdGameOptions *options,
                                      const CarcGameConfig *config, const char *creator,
                                      GError **error);
/* Takes the session's objects off the bus, releases its seats and frees it. */
void carcd_session_free (CarcdSession *session);

CarcdState carcd_session_get_state (CarcdSession *session);
/* A game is being played: someone is to move (placing, deploying, choosing, an expansion's phase).
 */
gboolean carcd_session_in_play (CarcdSession *session);
/* The seat whose move it is, or NULL when the game is not in play. */
CarcdSeat *carcd_session_active_seat (CarcdSession *session);
/* The seat held by @sender, or NULL. */
CarcdSeat *carcd_session_find_seat (CarcdSession *session, const char *sender);
/* The Player path of seat @index, or "/" for -1 or a free seat. */
const char *carcd_session_player_path (CarcdSession *session, gint index);

CarcdSeat *carcd_session_join (CarcdSession *session, CarcdCaller *caller, const char *name,
                               GError **error);
CarcdSeat *carcd_session_rejoin (CarcdSession *session, const char *sender, const char *token,
                                 GError **error);
/* A bot seat of @spec's strategy (AddBot's options, read). */
CarcdSeat *carcd_session_add_bot (CarcdSession *session, CarcdCaller *caller, const char *name,
                                  const CarcdBotSpec *spec, GError **error);
/* Makes @seat a bot seat played by @brain (taken; NULL: the random policy on the session's
 * generator, as before strategies), with @strategy as its Player.Strategy. */
void carcd_session_seat_set_bot (CarcdSeat *seat, CarcBot *brain, const char *strategy);
/* The seed of seat @index's bot: from the game's seed when it has one, else random. */
guint64 carcd_session_bot_seed (CarcdSession *session, guint index);
/* Fills the seats the "bots" option asked for. */
gboolean carcd_session_add_initial_bots (CarcdSession *session, GError **error);
gboolean carcd_session_start (CarcdSession *session, CarcdCaller *caller, GError **error);
gboolean carcd_session_leave (CarcdSession *session, CarcdCaller *caller, GError **error);
gboolean carcd_session_check_creator (CarcdSession *session, CarcdCaller *caller, GError **error);

/* The checks a move makes before the move itself, in the documented order: NotSeated,
 * WrongPhase (waiting) / GameOver, NotYourTurn, WrongPhase (@phase: the one the move needs).
 * The move functions below make them too; a handler calls this first when it has checks of
 * its own (the options) that must come after. */
gboolean carcd_session_check_move (CarcdSession *session, CarcdCaller *caller, CarcPhase phase,
                                   GError **error);
/* The same checks without the phase's: NotSeated, WrongPhase (waiting) / GameOver,
 * NotYourTurn. */
gboolean carcd_session_check_mover (CarcdSession *session, CarcdCaller *caller, GError **error);

gboolean carcd_session_place (CarcdSession *session, CarcdCaller *caller, gint x, gint y,
                              guint rotation, GError **error);
gboolean carcd_session_deploy (CarcdSession *session, CarcdCaller *caller, const char *figure,
                               guint segment, GError **error);
gboolean carcd_session_skip (CarcdSession *session, CarcdCaller *caller, GError **error);
gboolean carcd_session_draw (CarcdSession *session, CarcdCaller *caller, GError **error);
gboolean carcd_session_place_piece (CarcdSession *session, CarcdCaller *caller, guint index, gint x,
                                    gint y, guint rotation, GError **error);
gboolean carcd_session_pass (CarcdSession *session, CarcdCaller *caller, GError **error);
/* The seat at the Player path @path, or NULL with InvalidArgs. */
CarcdSeat *carcd_session_seat_at (CarcdSession *session, const char *path, GError **error);
/* @caller may see @seat's hand: it acts for the seat, or the game's hands are open. */
gboolean carcd_session_check_hand_visible (CarcdSession *session, CarcdCaller *caller,
                                           CarcdSeat *seat, GError **error);
/* The seat @caller acts for, or NULL with NotSeated. */
CarcdSeat *carcd_session_seated (CarcdSession *session, CarcdCaller *caller, GError **error);
/* NotYourTurn unless @seat is to move: another seat is, or a seat nobody holds; TRUE when the
 * game is not in play (the callers check the phase). */
gboolean carcd_session_check_turn (CarcdSession *session, CarcdSeat *seat, GError **error);

/* @name left the bus: its seats wait for their tokens, it is no longer the creator. */
void carcd_session_client_gone (CarcdSession *session, const char *name);

/* Nobody on the bus holds the game: its creator is gone and no client holds a seat. */
gboolean carcd_session_is_abandoned (CarcdSession *session);

/* The game is being played and bots hold every seat: it will end by itself. */
gboolean carcd_session_bots_playing (CarcdSession *session);

/* The state hash of carcd_session_record_game() ("" when there is none), computed once per
 * move however often the journal asks. It digests the hidden information: for the journal's
 * own checks only, never shown on the bus. */
const char *carcd_session_state_hash (CarcdSession *session);

/* The public hash of carcd_session_record_game() ("" when there is none): Game.StateHash,
 * computed once per move however often the properties and their signals ask. */
const char *carcd_session_public_hash (CarcdSession *session);

/* Tiles still face down (the whole deck while waiting). */
guint carcd_session_tiles_left (CarcdSession *session);

/* The game a record would be made of: the game, or the imported game waiting for Start
 * (NULL for a game not started). */
CarcGame *carcd_session_record_game (CarcdSession *session);

/* The group commit flushed @session's journal (@error NULL), or could not (@error): the
 * held signals, properties and next bot move go out, or the game goes back to the moves on
 * disk (commit.h). */
void carcd_session_committed (CarcdSession *session, const GError *error);

/* Puts @seat (a restored one) in its place and on the bus. */
gboolean carcd_session_install_seat (CarcdSession *session, CarcdSeat *seat, GError **error);
CarcdSeat *carcd_session_seat_new (CarcdSession *session, guint index, const char *name);
/* Makes the restored @game the session's game (taking it): its moves are those journaled;
 * bots resume. */
void carcd_session_install_game (CarcdSession *session, CarcGame *game);

/* session-journal.c: the session's journal (doc/persistence.md). Each fails with
 * CARCD_ERROR_FAILED when the journal could not be written (nothing is then on disk). */
gboolean carcd_session_journal_create (CarcdSession *session, GError **error);
gboolean carcd_session_journal_seats (CarcdSession *session, GError **error);
/* The start line and the moves made since the last call, flushed (a batch the game had
 * waiting for the group commit is committed first, with every other game's). */
gboolean carcd_session_journal_moves (CarcdSession *session, gboolean start, GError **error);
/* The start line (@start) and the moves made since the last call, written but not flushed:
 * they join the group commit's next batch (commit.h). */
gboolean carcd_session_journal_write_moves (CarcdSession *session, gboolean start, GError **error);
/* The game goes for good: its journal is removed. */
void carcd_session_journal_delete (CarcdSession *session);
/* Restores every game of the daemon's state directory. A journal that is damaged is set aside
 * and one that needs an expansion not loaded is left; one that cannot be read now (no memory,
 * too many open files, an I/O error, no permission), or a directory that cannot be listed,
 * fails the whole with @error, every file left as it is. */
gboolean carcd_daemon_restore (CarcdDaemon *daemon, GError **error);
/* The options a game made from @config shows (players, followers, farmers, expansions and
 * their options); name "" and no seed. ExpansionUnavailable past the daemon's expansion cap. */
gboolean carcd_game_options_from_config (const CarcGameConfig *config, CarcdGameOptions *options,
                                         GError **error);

/* session-events.c: engine events as D-Bus signals, and property changes. */
void carcd_session_on_event (CarcGame *game, const CarcEvent *event, gpointer user_data);
/* Sends the signals held since the last call (after the move is on disk), or drops them. */
void carcd_session_release_signals (CarcdSession *session);

/* The first @n of them only: those of the moves on disk, while the next batch holds the rest
 * (commit.h). */
void carcd_session_release_first_signals (CarcdSession *session, guint n);
void carcd_session_drop_signals (CarcdSession *session);
void carcd_session_emit_turn_end (CarcdSession *session);
/* The Game's and Players' PropertiesChanged hook (CdbusChangesFunc): each takes a number. */
void carcd_session_number_changes (gpointer session);
void carcd_session_sync_properties (CarcdSession *session);

/* hint.c: Game.GetHint, thought off the main loop; the calls still thinking when the session
 * goes are answered NoSuchGame. */
DBusMessage *carcd_game_get_hint (DBusConnection *c, DBusMessage *msg, gpointer data);
void carcd_session_cancel_hints (CarcdSession *session);

/* game-object.c / player-object.c: the D-Bus objects. */
gboolean carcd_game_object_register (CarcdSession *session);
gboolean carcd_player_object_register (CarcdSeat *seat);
void carcd_player_object_unregister (CarcdSeat *seat);
