/* bot.h: the seam between seats and the programs that play them.
 *
 * A bot policy plays the active player's whole turn in the engine (place, then deploy or
 * skip) and returns; the session announces what happened through the engine's events. The
 * built-in policy plays uniformly random legal moves; stronger ones plug in here.
 */
#pragma once
#include <glib.h>

#include "carcassonne.h"

typedef struct
{
  const char *name;
  /* Plays the rest of the active player's turn. @rand is the session's bot RNG. */
  gboolean (*play_turn) (CarcGame *game, GRand *rand, GError **error);
} CarcdBotPolicy;

/* Uniformly random placement; a follower on a random offered segment or none, each choice
 * equally likely. */
extern const CarcdBotPolicy carcd_bot_random;
