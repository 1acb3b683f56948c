/* carc-error.h: the engine's error domain and codes. */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

#define CARC_ERROR (carc_error_quark ())
GQuark carc_error_quark (void);

/**
 * CarcError:
 * @CARC_ERROR_INVALID_ARGUMENT: an argument is out of range or malformed (bad player count,
 *   rotation outside 0..3, unknown option)
 * @CARC_ERROR_UNKNOWN_TILE: a tile id names no tile of the game's tile set
 * @CARC_ERROR_PARSE: tile data could not be parsed (the message names the line)
 * @CARC_ERROR_WRONG_PHASE: the call does not fit the turn's phase (deploying before placing,
 *   placing twice)
 * @CARC_ERROR_ILLEGAL_PLACEMENT: the tile in play cannot go there with that rotation (cell
 *   taken, no shared edge, an edge that does not match)
 * @CARC_ERROR_ILLEGAL_DEPLOYMENT: no follower may go on that segment (no such segment, the
 *   feature already holds a follower, farmers are off)
 * @CARC_ERROR_NO_FOLLOWER: the player has no follower left in the supply
 * @CARC_ERROR_GAME_OVER: the game has ended; no more moves
 * @CARC_ERROR_PLUGIN: a plugin could not be loaded (not a plugin, ABI mismatch, its init
 *   failed, a name already taken)
 * @CARC_ERROR_UNKNOWN_EXPANSION: an expansion or expansion option that is not there
 * @CARC_ERROR_NO_PIECE: the hand holds no piece with that index
 * @CARC_ERROR_INVALID_RECORD: a game record (or part of one) is malformed, or its moves do not
 *   replay (the message names the place: "moves[12].x: not an integer")
 * @CARC_ERROR_ILLEGAL_MOVE: a plugin move that is not legal now, or a move type the game
 *   does not have (carc_game_apply_move())
 * @CARC_ERROR_CANCELLED: a bot was cancelled while it chose (carc_bot_cancel())
 *
 * Errors returned by libcarcassonne. A call that fails changes nothing.
 */
typedef enum
{
  CARC_ERROR_INVALID_ARGUMENT,
  CARC_ERROR_UNKNOWN_TILE,
  CARC_ERROR_PARSE,
  CARC_ERROR_WRONG_PHASE,
  CARC_ERROR_ILLEGAL_PLACEMENT,
  CARC_ERROR_ILLEGAL_DEPLOYMENT,
  CARC_ERROR_NO_FOLLOWER,
  CARC_ERROR_GAME_OVER,
  CARC_ERROR_PLUGIN,
  CARC_ERROR_UNKNOWN_EXPANSION,
  CARC_ERROR_NO_PIECE,
  CARC_ERROR_INVALID_RECORD,
  CARC_ERROR_ILLEGAL_MOVE,
  CARC_ERROR_CANCELLED,
} CarcError;

G_END_DECLS
