/* carc-rng.h: a small, fast, seedable random number generator (PCG32) whose sequence is
 * fixed forever, so that a seed always gives the same game. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 state;
  guint64 inc;
} CarcRng;

void carc_rng_init (CarcRng *rng, guint64 seed, guint64 stream);
guint32 carc_rng_next (CarcRng *rng);
guint32 carc_rng_below (CarcRng *rng, guint32 bound);

G_END_DECLS
