/* carc-error.c: the engine's error domain. */
#include "config.h"
#include "carc-error.h"

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
