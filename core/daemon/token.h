/* token.h: the secrets that stand for a seat or a game's creator (doc/dbus-game.md, "Tokens").
 *
 * A token is 32 hex digits of randomness. It is bound to the Unix user it was issued to,
 * whenever the bus can tell the user (every bus on a Unix socket can): a call presenting it
 * from another user is refused as if the token were wrong.
 */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>

#define CARCD_TOKEN_CHARS 32
/* No Unix user known: a token of nobody's (never issued as such on a Unix-socket bus). */
#define CARCD_NO_UID ((gint64)-1)

/* @len random bytes, or FALSE with errno set. */
gboolean carcd_random_bytes (void *buf, gsize len);

/* A new token into @token (CARCD_TOKEN_CHARS + 1 bytes), or Failed. */
gboolean carcd_token_new (char *token, GError **error);

/* @a and @b are the same token; compared in a time that does not depend on where they
 * differ. */
gboolean carcd_token_equal (const char *a, const char *b);

/* @text looks like a token: CARCD_TOKEN_CHARS lowercase hex digits. */
gboolean carcd_token_valid (const char *text);

/* The Unix user of the bus connection @name, asked of the bus driver
 * (GetConnectionUnixUser); CARCD_NO_UID if the bus cannot tell. */
gint64 carcd_caller_uid (DBusConnection *connection, const char *name);

/* Reads the "token" (s) of the a{sv} options @dict: @token is NULL when there is none.
 * InvalidArgs when it is not a string or given twice. @dict is left as it was. */
gboolean carcd_options_get_token (const DBusMessageIter *dict, const char **token, GError **error);

/* InvalidArgs for any key of @dict but "token": the options of @method, which takes no
 * other. */
gboolean carcd_options_expect_only_token (const DBusMessageIter *dict, const char *method,
                                          GError **error);
