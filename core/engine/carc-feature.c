/* carc-feature.c: union-find over segments with per-feature counters (the hot operations are
 * inline in carc-feature.h). */
#include "config.h"

#include <string.h>
#include "carc-feature.h"

/* No features, with room for @capacity segments: @room, which the caller owns and keeps
 * while @f uses it, or an allocation of @f's own if @room is NULL. */
void
carc_features_init (CarcFeatures *f, CarcSeg *room, guint capacity)
{
  f->cap = room ? capacity : MAX (capacity, 16u);
  f->n = 0;
  f->segs = room ? room : g_new (CarcSeg, f->cap);
  f->borrowed = room != NULL;
}

void
carc_features_clear (CarcFeatures *f)
{
  if (!f->borrowed)
    g_free (f->segs);
  f->segs = NULL;
  f->n = f->cap = 0;
  f->borrowed = FALSE;
}

/* Doubles the room for segments (a game sizes it to its pieces, so only hooks that add
 * pieces past the deck get here); the caller's room is left, not reallocated. */
void
carc_features_grow (CarcFeatures *f)
{
  f->cap *= 2;
  if (!f->borrowed)
    {
      f->segs = g_renew (CarcSeg, f->segs, f->cap);
      return;
    }
  CarcSeg *segs = g_new (CarcSeg, f->cap);
  memcpy (segs, f->segs, f->n * sizeof *segs);
  f->segs = segs;
  f->borrowed = FALSE;
}
