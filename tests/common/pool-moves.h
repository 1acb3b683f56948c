/* pool-moves.h: a draft's face-up pool as the tests see it: through the move list only
 * (carc_game_list_moves()), as a client sees it, since the draft is the halftiles plugin's
 * phase "draft" and a pick its move "pick" (issue 16). */
#pragma once

#include "carcassonne.h"

/* Whether the game is in the halftiles draft. */
gboolean pool_in_draft (CarcGame *game);
/* The pool: the tile id each listed "pick" takes, in index order (empty outside the draft).
 * Free with g_strfreev(). */
char **pool_list (CarcGame *game);
/* How many pieces the pool holds (0 outside the draft). */
guint pool_size (CarcGame *game);
/* The current player picks pool piece @index, as a record written before the draft was a
 * plugin move names it: "pick" with only its "piece". */
gboolean pool_pick (CarcGame *game, guint index, GError **error);
