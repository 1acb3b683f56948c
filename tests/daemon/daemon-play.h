/* daemon-play.h: playing whole games through the daemon, and the engine's answer to compare.
 *
 * One deterministic policy is played both by D-Bus clients and by the engine in-process, so
 * that a seeded game's final scores over D-Bus can be checked against the engine's.
 */
#pragma once
#include <gio/gio.h>

/* The policy: placement turn % n; a follower on deployment turn % n every third turn, else
 * skip (-1). */
guint policy_placement (guint turn, guint n);
gint policy_deployment (guint turn, guint n);

/* The engine's final scores for a game of @n_players shuffled with @seed, played by the
 * policy in-process. */
void engine_scores (guint64 seed, guint n_players, guint *scores);

/* A "u" property. */
guint get_uint (GDBusConnection *c, const char *path, const char *iface, const char *name);

/* The game's ActivePlayer (g_free it). */
char *active_player (GDBusConnection *c, const char *game);

/* Game.Join with no options; returns the Player path and sets @token (both g_free). */
char *join_game (GDBusConnection *c, const char *game, const char *name, char **token);

/* The active client @c plays one turn of the policy through D-Bus. */
void play_policy_turn (GDBusConnection *c, const char *game);

/* Plays @game to the end by the policy, @clients[i] holding seat @players[i]; seats held by
 * none of them (bots) are waited for. */
void play_to_end (GDBusConnection **clients, char **players, guint n, const char *game);

/* The game's Scores property equals @expected (n seats). */
void assert_scores (GDBusConnection *c, const char *game, const guint *expected, guint n);

/* A daemon with a 2-seat game: @a created it and holds seat 0 (Ann), @b seat 1 (Bob), @x is a
 * stranger. */
typedef struct
{
  GPid pid;
  GDBusConnection *a, *b, *x;
  char *game, *pa, *pb, *ta, *tb;
} Fixture;

/* Starts the daemon with @daemon_args, creates the game with @options (GVariant text), seats
 * Ann and Bob, and starts the game if @start. */
void fixture_setup (Fixture *f, const char *const *daemon_args, const char *options,
                    gboolean start);
/* Closes the clients and stops the daemon, which must exit with 0. */
void fixture_teardown (Fixture *f);
/* A new temporary plugin directory holding only a link to the test plugin
 * tests/daemon/.libs/@name.so; remove it with remove_tree(). */
char *test_plugin_dir (const char *name);
/* The same for any plugin file @target (a path ending in <name>.so). */
char *plugin_dir_linking (const char *target);

/* @f's stranger (@f->x) records every signal of @f's game into @seen as "Name(args)" (strings
 * to g_free); returns the subscription, for g_dbus_connection_signal_unsubscribe(). */
guint listen_to_game (Fixture *f, GPtrArray *seen);
/* The first of @seen that starts with @prefix, or NULL. */
const char *first_signal (GPtrArray *seen, const char *prefix);
/* @c's legal moves in @game (Game.GetMoves), printed (g_free it). */
char *game_moves (GDBusConnection *c, const char *game);
/* A player's Figures property, printed (g_free it). */
char *player_figures (GDBusConnection *c, const char *player);
/* @f's seated clients and their Player paths, seat by seat (borrowed from @f). */
void fixture_players (Fixture *f, GDBusConnection **clients, char **players);
