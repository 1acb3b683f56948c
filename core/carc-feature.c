/* carc-feature.c: union-find over segments with per-feature counters. */
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

gint
carc_features_add (CarcFeatures *f, guint piece, guint local, guint kind, gint open)
{
  if (f->n == f->cap)
    {
      f->cap *= 2;
      f->segs = g_renew (CarcSeg, f->segs, f->cap);
    }
  gint s = (gint)f->n++;
  f->segs[s] = (CarcSeg){ .parent = s,
                          .next = s,
                          .piece = (guint16)piece,
                          .local = (guint8)local,
                          .kind = (guint8)kind,
                          .open = open,
                          .followers = 0,
                          .size = 1 };
  return s;
}

/* Joins the features of @a and @b; returns the root of the joined feature. */
gint
carc_features_union (CarcFeatures *f, gint a, gint b)
{
  gint ra = carc_features_find (f, a), rb = carc_features_find (f, b);
  if (ra == rb)
    return ra;
  CarcSeg *segs = f->segs;
  if (segs[ra].size < segs[rb].size)
    {
      gint t = ra;
      ra = rb;
      rb = t;
    }
  segs[rb].parent = ra;
  segs[ra].size += segs[rb].size;
  segs[ra].open += segs[rb].open;
  segs[ra].followers += segs[rb].followers;
  gint na = segs[ra].next;
  segs[ra].next = segs[rb].next;
  segs[rb].next = na;
  return ra;
}
