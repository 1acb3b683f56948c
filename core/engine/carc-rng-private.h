/* carc-rng-private.h (internal): PCG32's step and the bounded draw, inline for the engine's own
 * draws (the shuffle of every new game, the redeal): the numbers carc_rng_next() and
 * carc_rng_below() give, without a call through the PLT for each. */
#pragma once

#include "carc-rng.h"

G_BEGIN_DECLS

/* One step of PCG32 (XSH RR): what carc_rng_next() returns. */
static inline guint32
carc_rng_step (CarcRng *rng)
{
  guint64 old = rng->state;
  rng->state = old * G_GUINT64_CONSTANT (6364136223846793005) + rng->inc;
  guint32 xorshifted = (guint32)(((old >> 18u) ^ old) >> 27u);
  guint32 rot = (guint32)(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

/* carc_rng_below() for a generator known to be there: a uniform number in [0, @bound) by
 * Lemire's method, 0 for a bound of 0 or 1 (no random bits used). */
static inline guint32
carc_rng_draw_below (CarcRng *rng, guint32 bound)
{
  if (bound <= 1)
    return 0;
  guint64 m = (guint64)carc_rng_step (rng) * bound;
  guint32 low = (guint32)m;
  if (low < bound)
    {
      guint32 threshold = -bound % bound;
      while (low < threshold)
        {
          m = (guint64)carc_rng_step (rng) * bound;
          low = (guint32)m;
        }
    }
  return (guint32)(m >> 32);
}

G_END_DECLS
