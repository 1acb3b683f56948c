/* carc-rng.c: PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically
 * Good Algorithms for Random Number Generation"), XSH-RR output. */
#include "config.h"
#include "carc-rng.h"

void
carc_rng_init (CarcRng *rng, guint64 seed, guint64 stream)
{
  rng->state = 0;
  rng->inc = (stream << 1) | 1u;
  carc_rng_next (rng);
  rng->state += seed;
  carc_rng_next (rng);
}

guint32
carc_rng_next (CarcRng *rng)
{
  guint64 old = rng->state;
  rng->state = old * G_GUINT64_CONSTANT (6364136223846793005) + rng->inc;
  guint32 xorshifted = (guint32)(((old >> 18u) ^ old) >> 27u);
  guint32 rot = (guint32)(old >> 59u);
  return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

/* A uniform number in [0, bound), without modulo bias (Lemire's method). */
guint32
carc_rng_below (CarcRng *rng, guint32 bound)
{
  if (bound <= 1)
    return 0;
  guint64 m = (guint64)carc_rng_next (rng) * bound;
  guint32 low = (guint32)m;
  if (low < bound)
    {
      guint32 threshold = -bound % bound;
      while (low < threshold)
        {
          m = (guint64)carc_rng_next (rng) * bound;
          low = (guint32)m;
        }
    }
  return (guint32)(m >> 32);
}
