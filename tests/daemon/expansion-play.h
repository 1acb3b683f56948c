/* expansion-play.h: games with expansions played through the daemon, and by the engine.
 *
 * One seeded policy chooses every move, from a GRand both sides seed alike, so that a game
 * played by D-Bus clients and the same game played in-process by the engine make the same
 * moves and must end with the same scores and the same board. Each move draws its numbers
 * in the same order on both sides:
 *
 * - an expansion's phase (State 6: a draft's picks): k = rand (moves listed), GetMoves' order
 *   and the engine's being the same;
 * - choosing with tiles left: rand (8), and on 1..7 Draw; once the draw pile is empty,
 *   rand (3), and on 0 a Pass is tried (the engine passes if carc_game_can_pass(); a client
 *   calls Pass and takes WrongPhase as "not allowed"); else k = rand (n) over every
 *   placement of hand piece 0, then of piece 1, ... (so hands last into the end game);
 * - placing: k = rand (placements); deploying: k = rand (deployments + 1), the last: Skip.
 */
#pragma once
#include <gio/gio.h>

#include "carcassonne.h"

#define ALL_EXPANSIONS "['abbey', 'halftiles', 'inns-cathedrals', 'vineyards', 'winter']"

/* The plugins of the build tree ($CARCASSONNE_PLUGIN_DIR), for in-process games. */
CarcPluginHost *test_plugin_host (void);

/* A config of @n_players and @seed using the expansions @names, each "<exp>.<option>=value"
 * of @options set (NULL-terminated; may be NULL). */
CarcGameConfig *expansion_config (CarcPluginHost *host, const char *const *names,
                                  const char *const *options, guint n_players, guint64 seed);

/* The policy's RNG for a game of @seed. */
GRand *policy_rand (guint64 seed);

/* The engine makes one move of the policy. */
void engine_policy_move (CarcGame *game, GRand *rand);

/* The active client @c makes one move of the policy in @game (seated at @player). */
void dbus_policy_move (GDBusConnection *c, const char *game, GRand *rand);

/* Plays @game to its end by the policy, @clients[i] holding seat @players[i]. */
void dbus_policy_play_to_end (GDBusConnection **clients, char **players, guint n, const char *game,
                              GRand *rand);

/* The pieces of an engine game as GetPieces prints them, with the seat paths of @game. */
char *engine_pieces_text (CarcGame *engine, const char *game);

/* The moves named @name (carc_move_get_name ()) in @engine's log. */
guint engine_count_moves (CarcGame *engine, const char *name);
