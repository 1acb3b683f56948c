/* expansion-games.h: whole games with every shipped expansion and their invariants checked
 * after every move (expansion-games.c). */
#pragma once

#include "carcassonne.h"

/* One move of the current player; FALSE with @error unset when the game is over. */
typedef gboolean (*ExpansionMoveFunc) (CarcGame *game, gpointer data, GError **error);

CarcGameConfig *expansion_game_config (CarcTileSet *base, guint64 seed, CarcRng *rng,
                                       gboolean *hill, gboolean *river);
CarcGame *expansion_game_play (CarcGameConfig *config, gboolean hill, gboolean river, guint64 seed,
                               ExpansionMoveFunc move, gpointer data);
