/* arena-stats.c: win rates with Wilson 95% intervals, average scores and a Bradley-Terry
 * Elo estimate from the pairwise results (doc/arena.md, "Statistics"). */
#include "config.h"

#include <math.h>
#include "arena.h"

void
arena_stats_add_game (ArenaStats *stats, const guint *bot_of_seat, const guint *scores,
                      guint n_players)
{
  guint top = 0, n_top = 0;
  gboolean sat[ARENA_MAX_BOTS] = { FALSE };
  for (guint s = 0; s < n_players; s++)
    top = MAX (top, scores[s]);
  for (guint s = 0; s < n_players; s++)
    n_top += scores[s] == top;
  for (guint s = 0; s < n_players; s++)
    {
      guint b = bot_of_seat[s];
      sat[b] = TRUE;
      stats->seats[b]++;
      stats->score[b] += scores[s];
      if (scores[s] == top)
        stats->wins[b] += 1.0 / n_top;
      for (guint t = 0; t < n_players; t++)
        if (bot_of_seat[t] != b)
          stats->pair[b][bot_of_seat[t]] += scores[s] > scores[t]    ? 1.0
                                            : scores[s] == scores[t] ? 0.5
                                                                     : 0.0;
    }
  for (guint b = 0; b < stats->n_bots; b++)
    stats->games[b] += sat[b];
}

/* The Wilson score interval at 95% (z = 1.96) of @wins successes in @n. */
void
arena_wilson (gdouble wins, guint n, gdouble *low, gdouble *high)
{
  const gdouble z = 1.959964;
  if (n == 0)
    {
      *low = 0;
      *high = 1;
      return;
    }
  gdouble p = wins / n, z2 = z * z / n;
  gdouble centre = (p + z2 / 2) / (1 + z2);
  gdouble half = z * sqrt (p * (1 - p) / n + z * z / (4.0 * n * n)) / (1 + z2);
  *low = MAX (0.0, centre - half);
  *high = MIN (1.0, centre + half);
}

/* Bradley-Terry strengths by minorisation-maximisation (Hunter 2004) over the pairwise
 * results, each pair given one drawn game of prior so a clean sweep stays finite; as Elo,
 * 400 log10 of the strength, the first bot at 0. */
void
arena_elo (const ArenaStats *stats, gdouble elo[ARENA_MAX_BOTS])
{
  guint n = stats->n_bots;
  gdouble r[ARENA_MAX_BOTS];
  for (guint a = 0; a < n; a++)
    r[a] = 1.0;
  for (guint it = 0; it < 1000; it++)
    for (guint a = 0; a < n; a++)
      {
        gdouble won = 0, denom = 0;
        for (guint b = 0; b < n; b++)
          {
            if (a == b)
              continue;
            gdouble games = stats->pair[a][b] + stats->pair[b][a];
            if (games == 0)
              continue;
            won += stats->pair[a][b] + 0.5;
            denom += (games + 1.0) / (r[a] + r[b]);
          }
        if (denom > 0)
          r[a] = won / denom;
      }
  for (guint a = 0; a < n; a++)
    elo[a] = 400.0 * log10 (r[a] / r[0]);
}

void
arena_stats_print (const ArenaStats *stats, char **bots, GString *out)
{
  gdouble elo[ARENA_MAX_BOTS];
  arena_elo (stats, elo);
  g_string_append_printf (out, "  %-28s %6s %7s %6s %15s %9s %6s\n", "bot", "games", "wins", "win%",
                          "95% CI", "avg score", "Elo");
  for (guint b = 0; b < stats->n_bots; b++)
    {
      gdouble low, high;
      arena_wilson (stats->wins[b], stats->games[b], &low, &high);
      g_string_append_printf (
          out, "  %-28s %6u %7.1f %6.1f   [%5.1f, %5.1f] %9.1f %+6.0f\n", bots[b], stats->games[b],
          stats->wins[b], stats->games[b] ? 100.0 * stats->wins[b] / stats->games[b] : 0.0,
          100 * low, 100 * high, stats->seats[b] ? stats->score[b] / stats->seats[b] : 0.0, elo[b]);
    }
}
