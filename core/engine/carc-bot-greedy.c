/* carc-bot-greedy.c: the greedy strategy: one turn ahead, the move whose outcome is worth
 * most by carc_bot_evaluate() (doc/bots.md, "greedy"). */
#include "config.h"

#include <math.h>
#include "carc-bot-private.h"
#include "carc-error.h"

/* A figure in the supply is worth this much while the draw pile lasts (doc/bots.md). */
#define SUPPLY_VALUE 1.5
/* The moves of one player in a row searched at most: draw, place, deploy. */
#define MAX_DEPTH 3

/* Each player's worth in @game: points, plus what final scoring would give now, plus the
 * figures in the supply (held features' figures come back with their points). */
void
carc_bot_worth (CarcGame *game, gdouble value[CARC_MAX_PLAYERS])
{
  g_autoptr (CarcGame) end = NULL;
  CarcGame *scored = game;
  if (game->phase != CARC_PHASE_OVER)
    {
      end = carc_game_copy (game, NULL);
      g_assert (end != NULL); /* game is itself a copy: its expansions copy */
      carc_score_final (end);
      scored = end;
    }
  guint left = game->deck_len - game->deck_pos;
  gdouble supply = SUPPLY_VALUE * MIN (1.0, left / (3.0 * game->n_players));
  for (guint p = 0; p < game->n_players; p++)
    {
      value[p] = scored->score[p];
      for (guint k = 0; k < game->n_figures; k++)
        if (!game->figures[k].accompanies)
          value[p] += supply * game->supply[k][p];
    }
}

/* @player's worth in @value less the best of the others'. */
gdouble
carc_bot_relative (const gdouble *value, guint n_players, guint player)
{
  gdouble best = -G_MAXDOUBLE;
  for (guint p = 0; p < n_players; p++)
    if (p != player)
      best = MAX (best, value[p]);
  return value[player] - best;
}

/* @player's worth less the best of the others' (carc_bot_evaluate() in doc/bots.md). */
gdouble
carc_bot_evaluate (CarcGame *game, guint player)
{
  gdouble value[CARC_MAX_PLAYERS];
  carc_bot_worth (game, value);
  return carc_bot_relative (value, game->n_players, player);
}

static gdouble best_of (CarcGame *game, guint player, guint turn, guint depth);

/* The worth for @player of @game after @move, @player's turn searched to its end. */
static gdouble
after (CarcGame *game, const CarcMove *move, guint player, guint turn, guint depth)
{
  g_autoptr (CarcGame) c = carc_game_copy (game, NULL);
  g_assert (c != NULL);
  if (!carc_game_apply_move (c, move, NULL))
    return -G_MAXDOUBLE;
  if (c->phase == CARC_PHASE_OVER || c->current != player || c->turn != turn || depth >= MAX_DEPTH)
    return carc_bot_evaluate (c, player);
  return best_of (c, player, turn, depth + 1);
}

/* The best worth @player reaches from @game by a move of his. */
static gdouble
best_of (CarcGame *game, guint player, guint turn, guint depth)
{
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (CarcMove));
  carc_game_collect_moves (game, player, moves);
  gdouble best = -G_MAXDOUBLE;
  for (guint i = 0; i < moves->len; i++)
    best = MAX (best, after (game, &g_array_index (moves, CarcMove, i), player, turn, depth));
  return moves->len ? best : carc_bot_evaluate (game, player);
}

/* Greedy's value of each move of @moves in @game (a sample), into @values. */
void
carc_bot_greedy_values (CarcGame *game, GArray *moves, gdouble *values)
{
  for (guint i = 0; i < moves->len; i++)
    values[i] = after (game, &g_array_index (moves, CarcMove, i), game->current, game->turn, 1);
}

/* The index in @moves of the move greedy plays in @game (a sample); ties go to @rng. */
gboolean
carc_bot_greedy_pick (CarcGame *game, GArray *moves, CarcRng *rng, guint *index, GError **error)
{
  gdouble best = -G_MAXDOUBLE;
  guint ties = 0;
  for (guint i = 0; i < moves->len; i++)
    {
      gdouble v = after (game, &g_array_index (moves, CarcMove, i), game->current, game->turn, 1);
      if (v > best + 1e-9)
        {
          best = v;
          ties = 1;
          *index = i;
        }
      else if (fabs (v - best) <= 1e-9 && carc_rng_below (rng, ++ties) == 0)
        *index = i;
    }
  return ties > 0;
}

/* Plays greedy's moves in @game (a sample) to the end of @player's turn @turn and of the
 * @turns turns after it, or of the game. */
gboolean
carc_bot_greedy_play (CarcGame *game, guint turn, guint player, guint turns, CarcRng *rng,
                      GArray *moves)
{
  while (game->phase != CARC_PHASE_OVER)
    {
      if (game->turn != turn || game->current != player)
        {
          if (turns-- == 0)
            return TRUE;
          turn = game->turn;
          player = game->current;
        }
      carc_game_collect_moves (game, game->current, moves);
      guint index = 0;
      if (moves->len > 1 && !carc_bot_greedy_pick (game, moves, rng, &index, NULL))
        return FALSE;
      if (moves->len == 0
          || !carc_game_apply_move (game, &g_array_index (moves, CarcMove, index), NULL))
        return FALSE;
    }
  return TRUE;
}

static gboolean
greedy_choose (CarcBot *bot, CarcGame *game, CarcMove *move, GError **error)
{
  g_autoptr (CarcGame) sample = carc_bot_sample (bot, game, &bot->rng, error);
  if (!sample)
    return FALSE;
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (CarcMove));
  carc_game_collect_moves (sample, sample->current, moves);
  guint index = 0;
  if (!carc_bot_greedy_pick (sample, moves, &bot->rng, &index, error))
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE, "no move to choose from");
      return FALSE;
    }
  *move = g_array_index (moves, CarcMove, index);
  return TRUE;
}

static const char *const greedy_options[] = { NULL };
const CarcBotStrategy carc_bot_greedy
    = { "greedy", greedy_options, greedy_choose,
        "one turn ahead: the move worth most now, points and open features" };
