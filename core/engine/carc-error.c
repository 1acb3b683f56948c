/* carc-error.c: the engine's error domain. */
#include "config.h"
#include "carc-error.h"

#include <string.h>
#include "carc-game-private.h"

/**
 * carc_error_quark:
 *
 * The error domain of libcarcassonne, "carc-error-quark" (bindings see it as
 * #CarcError: Carcassonne.Error in Python and JavaScript).
 *
 * Returns: the quark
 */
GQuark
carc_error_quark (void)
{
  return g_quark_from_static_string ("carc-error-quark");
}

/* How many bytes of @text to print when a message quotes at most @max of them: the count
 * ends between two UTF-8 characters, so that "%.*s" never cuts one in half (the message
 * reaches D-Bus, which takes valid UTF-8 only). */
int
carc_utf8_cut (const char *text, gsize max)
{
  gsize n = strnlen (text, max);
  if (n == max)
    while (n > 0 && ((guchar)text[n] & 0xc0) == 0x80)
      n--;
  return (int)n;
}
