/* carc-feature.c: union-find over segments with per-feature counters (the hot operations are
 * inline in carc-feature.h). */
#include "config.h"

#include "carc-feature.h"

void
carc_features_init (CarcFeatures *f, guint capacity)
{
  f->cap = MAX (capacity, 16u);
  f->n = 0;
  f->segs = g_new (CarcSeg, f->cap);
}

void
carc_features_clear (CarcFeatures *f)
{
  g_clear_pointer (&f->segs, g_free);
  f->n = f->cap = 0;
}

/* Doubles the room for segments (a game sizes it to its pieces, so only hooks that add
 * pieces past the deck get here). */
void
carc_features_grow (CarcFeatures *f)
{
  f->cap *= 2;
  f->segs = g_renew (CarcSeg, f->segs, f->cap);
}
