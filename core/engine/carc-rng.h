/* carc-rng.h: a small, fast, seedable random number generator (PCG32) whose sequence is
 * fixed forever, so that a seed always gives the same game. */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>

G_BEGIN_DECLS

/**
 * CarcRng:
 * @state: the generator's state
 * @inc: its stream (odd)
 *
 * A PCG32 generator. C code keeps one by value and seeds it with carc_rng_init(); bindings
 * create one with carc_rng_new().
 */
typedef struct _CarcRng
{
  guint64 state;
  guint64 inc;
} CarcRng;

#define CARC_TYPE_RNG (carc_rng_get_type ())
GType carc_rng_get_type (void) G_GNUC_CONST;
CarcRng *carc_rng_new (guint64 seed, guint64 stream);
CarcRng *carc_rng_copy (const CarcRng *rng);
void carc_rng_free (CarcRng *rng);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcRng, carc_rng_free)

void carc_rng_init (CarcRng *rng, guint64 seed, guint64 stream);
guint32 carc_rng_next (CarcRng *rng);
guint32 carc_rng_below (CarcRng *rng, guint32 bound);

G_END_DECLS
