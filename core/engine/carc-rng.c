/* carc-rng.c: PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically
 * Good Algorithms for Random Number Generation"), XSH-RR output. */
#include "config.h"

#include "carc-boxed-private.h"
#include "carc-rng-private.h"

/**
 * carc_rng_new:
 * @seed: the seed
 * @stream: the stream: generators of the same seed and different streams are independent
 *
 * Returns: (transfer full): a generator seeded as carc_rng_init() seeds one, to free with
 *   carc_rng_free()
 */
CarcRng *
carc_rng_new (guint64 seed, guint64 stream)
{
  CarcRng *rng = g_new (CarcRng, 1);
  carc_rng_init (rng, seed, stream);
  return rng;
}

/**
 * carc_rng_copy:
 * @rng: a generator
 *
 * Returns: (transfer full): a generator in the same state
 */
/**
 * carc_rng_free:
 * @rng: (nullable): a generator from carc_rng_new() or carc_rng_copy()
 */
CARC_DEFINE_PLAIN_BOXED (CarcRng, carc_rng)

/**
 * carc_rng_init:
 * @rng: the generator to seed (its state is overwritten)
 * @seed: the seed
 * @stream: the stream
 */
void
carc_rng_init (CarcRng *rng, guint64 seed, guint64 stream)
{
  g_return_if_fail (rng != NULL);
  rng->state = 0;
  rng->inc = (stream << 1) | 1u;
  carc_rng_next (rng);
  rng->state += seed;
  carc_rng_next (rng);
}

/**
 * carc_rng_next:
 * @rng: a generator
 *
 * Returns: the next 32 random bits
 */
guint32
carc_rng_next (CarcRng *rng)
{
  g_return_val_if_fail (rng != NULL, 0);
  return carc_rng_step (rng);
}

/**
 * carc_rng_below:
 * @rng: a generator
 * @bound: the bound
 *
 * A uniform number in [0, @bound), without modulo bias (Lemire's method).
 *
 * Returns: the number; 0 when @bound is 0 or 1 (no random bits used)
 */
guint32
carc_rng_below (CarcRng *rng, guint32 bound)
{
  g_return_val_if_fail (rng != NULL, 0);
  return carc_rng_draw_below (rng, bound);
}
