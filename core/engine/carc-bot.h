/* carc-bot.h: computer players (doc/bots.md): strategies that choose a move of the move list
 * (carc_game_list_moves()) from what the player to move can see. */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>
#include "carc-game.h"

G_BEGIN_DECLS

#define CARC_TYPE_BOT (carc_bot_get_type ())
G_DECLARE_FINAL_TYPE (CarcBot, carc_bot, CARC, BOT, GObject)

const char *const *carc_bot_list_strategies (void);
const char *carc_bot_get_strategy_description (const char *strategy);
GPtrArray *carc_bot_list_options (const char *strategy, GError **error);
CarcBot *carc_bot_new (const char *strategy, GVariant *options, guint64 seed, GError **error);
CarcBot *carc_bot_new_from_spec (const char *spec, guint64 seed, GError **error);
const char *carc_bot_get_strategy (CarcBot *self);
char *carc_bot_to_spec (CarcBot *self);
gboolean carc_bot_choose (CarcBot *self, CarcGame *game, CarcMove *move, GError **error);
gboolean carc_bot_play_turn (CarcBot *self, CarcGame *game, GError **error);
guint64 carc_bot_get_playouts (CarcBot *self);
void carc_bot_cancel (CarcBot *self);

G_END_DECLS
