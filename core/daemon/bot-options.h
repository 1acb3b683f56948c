/* bot-options.h: a strategy and its options, as AddBot, GetHint and CreateGame's
 * "bot-options" take them (doc/dbus-strategy.md): "strategy" (s), then the strategy's own
 * options by name (carc_bot_list_options()), each checked by the library's carc_bot_new(). */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

#include "carcassonne.h"

/* A strategy and its options, checked: carcd_bot_spec_new_bot() cannot fail on them. */
typedef struct
{
  char *strategy;    /* NULL: none read (the default's) */
  GVariant *options; /* a{sv}, the strategy's options; NULL: none */
} CarcdBotSpec;

/* Reads the a{sv} @dict into @spec: "strategy" (s, default @default_strategy) and every other
 * key but "token" (skipped when @skip_token, else refused like any the strategy lacks) as the
 * strategy's option. InvalidArgs with carc_bot_new()'s message for an unknown strategy, a key
 * it takes not, a value of another type or out of range; "Option \"strategy\" must be of type
 * s" and "given twice" as the daemon's other options. @spec is untouched on error. */
gboolean carcd_bot_spec_read (DBusMessageIter *dict, gboolean skip_token,
                              const char *default_strategy, CarcdBotSpec *spec, GError **error);

/* A new bot of @spec seeded with @seed; NULL (InvalidArgs) only for a spec not read above. */
CarcBot *carcd_bot_spec_new_bot (const CarcdBotSpec *spec, guint64 seed, GError **error);

void carcd_bot_spec_clear (CarcdBotSpec *spec);

/* The strategy of @spec: its own, else "random". */
const char *carcd_bot_spec_strategy (const CarcdBotSpec *spec);
