/* bot.h: the seam between seats and the programs that play them.
 *
 * A bot policy plays the active player's whole turn in the engine (draw or place a piece
 * from the hand, place, then deploy or skip; or pass; or its moves in an expansion's phase) and
 * returns; the session announces what happened through the engine's events. The built-in policy
 * plays uniformly random legal moves; stronger ones plug in here.
 */
#pragma once
#include <glib.h>

#include "carcassonne.h"

/* Called after each move a bot makes in the engine (a turn is several: draw, place,
 * deploy): the session journals every move with the scores after it. */
typedef void (*CarcdBotMoveFunc) (CarcGame *game, gpointer user_data);

typedef struct
{
  const char *name;
  /* Plays the rest of the active player's turn. @rand is the session's bot RNG; @moved
   * (nullable) is called after every move. */
  gboolean (*play_turn) (CarcGame *game, GRand *rand, CarcdBotMoveFunc moved, gpointer user_data,
                         GError **error);
} CarcdBotPolicy;

/* Uniformly random placement; a follower on a random offered segment or none, each choice
 * equally likely; choosing, a draw, a placement of a hand piece or a pass, each legal one
 * equally likely; in an expansion's phase, one of its moves. */
extern const CarcdBotPolicy carcd_bot_random;
