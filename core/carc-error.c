/* carc-error.c: the engine's error domain. */
#include "config.h"
#include "carc-error.h"

G_DEFINE_QUARK (carc - error - quark, carc_error)
