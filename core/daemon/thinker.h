/* thinker.h: bots that think off the main loop (doc/dbus-strategy.md, "Threads").
 *
 * carcd_think() copies the game (carc_game_copy(), on the main loop) and hands the copy and
 * the bot to a worker thread of the daemon's pool, which chooses (carc_bot_choose()); the
 * choice comes back to the main loop, where the callback applies it to the real game through
 * the session's usual path. The worker sees only its copy and its bot: no D-Bus, no session.
 * A thought cancelled (the game deleted, the daemon stopping) stops its bot
 * (carc_bot_cancel()) and never calls back; carcd_thinkers_shutdown() waits for the workers.
 */
#pragma once
#include "daemon.h"

typedef struct _CarcdThought CarcdThought;

/* The moves chosen (@n_moves > 0), or none with @error (carc_bot_choose()'s), in the main
 * loop. */
typedef void (*CarcdThoughtFunc) (const CarcMove *moves, guint n_moves, const GError *error,
                                  gpointer data);

/* @bot (a reference is taken) chooses for the current player of @game (copied now): one move,
 * or with @whole_turn the moves of the rest of the player's turn (carc_bot_play_turn() on the
 * copy, which is the game itself: the engine is deterministic, so the moves make the same
 * turn in the game). @done is called once, from the main loop, unless cancelled first. NULL
 * with @error when the game cannot be copied (an expansion without a copy hook). */
CarcdThought *carcd_think (CarcdDaemon *daemon, CarcBot *bot, CarcGame *game, gboolean whole_turn,
                           CarcdThoughtFunc done, gpointer data, GError **error);

/* From the main loop: @done will not be called; the bot is stopped. */
void carcd_thought_cancel (CarcdThought *thought);

/* Cancels every thought and waits for the workers; frees what they leave. */
void carcd_thinkers_shutdown (CarcdDaemon *daemon);
