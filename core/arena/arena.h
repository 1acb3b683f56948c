/* arena.h: carcassonne-arena's parts (doc/arena.md): games between bot configurations and
 * their statistics. */
#pragma once

#include "carcassonne.h"

G_BEGIN_DECLS

#define ARENA_MAX_BOTS 16

/* What to play: every expansion set, @n_games games of @n_players seats, bot i at seat
 * (s + game) % n_bots. */
typedef struct
{
  char **bots;       /* specs (carc_bot_new_from_spec()) */
  char **expansions; /* expansion sets: "none", "all" or "a,b,c" */
  guint n_games;
  guint n_players;
  guint64 seed;        /* game g of a set has seed + g */
  const char *records; /* a folder for the records, or NULL */
  CarcPluginHost *host;
  guint jobs; /* games played at once, each in a thread of its own; 0 or 1: one */
} ArenaPlan;

/* One game's outcome: who sat where, the final scores, or why it failed. */
typedef struct
{
  guint bot_of_seat[CARC_MAX_PLAYERS];
  guint scores[CARC_MAX_PLAYERS];
  GError *error;
} ArenaResult;

/* The statistics of one expansion set. */
typedef struct
{
  guint n_bots;
  guint games[ARENA_MAX_BOTS];   /* games a bot sat in */
  gdouble wins[ARENA_MAX_BOTS];  /* games won (a tie for first shared) */
  gdouble score[ARENA_MAX_BOTS]; /* the sum of its seats' final scores */
  guint seats[ARENA_MAX_BOTS];   /* seats it held */
  /* pairwise results: pair[a][b], a's points against b (1 a win, 0.5 a tie) */
  gdouble pair[ARENA_MAX_BOTS][ARENA_MAX_BOTS];
} ArenaStats;

/* The bot at seat @seat of game @game (doc/arena.md, "Seats and seeds"). */
static inline guint
arena_bot_of_seat (guint seat, guint game, guint n_bots)
{
  return (seat + game) % n_bots;
}

/* arena.c */
CarcGameConfig *arena_make_config (const ArenaPlan *plan, const char *set, guint index,
                                   GError **error);
gboolean arena_play_set (const ArenaPlan *plan, const char *set, ArenaStats *stats, GError **error);
/* arena-records.c: --from-records */
char *arena_record_path (const char *dir, const char *set, guint index);
gboolean arena_read_set (const ArenaPlan *plan, const char *dir, const char *set, ArenaStats *stats,
                         GError **error);
/* arena-stats.c */
void arena_stats_add_game (ArenaStats *stats, const guint *bot_of_seat, const guint *scores,
                           guint n_players);
void arena_wilson (gdouble wins, guint n, gdouble *low, gdouble *high);
void arena_elo (const ArenaStats *stats, gdouble elo[ARENA_MAX_BOTS]);
void arena_stats_print (const ArenaStats *stats, char **bots, GString *out);

G_END_DECLS
