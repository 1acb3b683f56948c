/* random-player.h: a player that picks uniformly among the legal moves (tests and bench). */
#pragma once

#include "carcassonne.h"

/* Makes one random legal move of whatever the phase asks for: one of a plugin phase's moves
 * (each equally likely); in the choose phase a draw, a pass or one placement of one hand
 * piece (each equally likely); a placement; a deployment or a skip. Returns FALSE once the game is
 * over (error unset) or with @error set if the engine refused a move it had offered. */
gboolean random_player_move (CarcGame *game, CarcRng *rng, GError **error);

/* Plays one whole turn: a random legal placement, then a random deployment or a skip (each
 * deployment and the skip equally likely). Returns FALSE once the game is over, or with
 * @error set if the engine refused a move it had itself offered. */
gboolean random_player_turn (CarcGame *game, CarcRng *rng, GError **error);

/* Plays the game to its end; aborts if the engine refuses a move it offered. */
void random_player_play (CarcGame *game, CarcRng *rng);
