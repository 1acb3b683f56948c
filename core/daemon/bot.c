/* bot.c: the built-in random bot.
 *
 * Every choice is uniform over the legal moves (carc_game_list_moves()), one number per move
 * drawn from the session's RNG (seeded from the game's seed, so a seeded game of bots replays
 * exactly). The list's order keeps the draws of before: in a base game one number for the
 * placement and one for the deployment (or skip, the last); choosing, one over drawing, each
 * placement of each hand piece, passing; in an expansion's phase, one over its moves.
 */
#include "config.h"

#include "bot.h"

/* One move in the engine, then the caller's callback. */
typedef struct
{
  CarcdBotMoveFunc moved;
  gpointer user_data;
} Notify;

static gboolean
made (CarcGame *game, const Notify *n, gboolean ok)
{
  if (ok && n->moved)
    n->moved (game, n->user_data);
  return ok;
}

/* A number in [0, n). */
static guint
pick (GRand *rand, guint n)
{
  return (guint)g_rand_int_range (rand, 0, (gint32)n);
}

/* One of the current player's legal moves (carc_game_list_moves()), each equally likely. */
static gboolean
play_one (CarcGame *game, GRand *rand, const Notify *notify, GError **error)
{
  g_autoptr (GPtrArray) moves = carc_game_list_moves (game, carc_game_get_current_player (game));

  /* the engine offers a phase only when there is a move */
  if (moves->len == 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "nothing to choose from");
      return FALSE;
    }
  return made (game, notify,
               carc_game_apply_move (game, moves->pdata[pick (rand, moves->len)], error));
}

/* Plays moves from the list until the turn is over: the turn number or the player changes
 * (a move that hands an expansion's phase to the next player), or the game ends. No code per
 * move type: an expansion's moves and phases are played like the built-in ones (issue 16,
 * Moves). */
static gboolean
random_play_turn (CarcGame *game, GRand *rand, CarcdBotMoveFunc moved, gpointer user_data,
                  GError **error)
{
  const Notify notify = { moved, user_data };
  guint turn = carc_game_get_turn (game);
  guint player = carc_game_get_current_player (game);

  do
    if (!play_one (game, rand, &notify, error))
      return FALSE;
  while (carc_game_get_phase (game) != CARC_PHASE_OVER && carc_game_get_turn (game) == turn
         && carc_game_get_current_player (game) == player);
  return TRUE;
}

const CarcdBotPolicy carcd_bot_random = {
  .name = "random",
  .play_turn = random_play_turn,
};
