/* carc-feature.h (internal): segments joined into features by union-find. Each root keeps the
 * feature's counters: open ports (a road or city is complete at zero), followers, size. The
 * segments of a feature form a ring through `next`, so a feature can be walked at scoring. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  gint parent;
  gint next;
  guint16 piece;   /* the piece the segment is on */
  guint8 local;    /* its index on that piece's tile type */
  guint8 kind;     /* CarcFeatureKind */
  gint open;       /* root only: open ports */
  guint followers; /* root only: followers in the feature */
  guint size;      /* root only: segments in the feature */
} CarcSeg;

typedef struct
{
  CarcSeg *segs;
  guint n, cap;
} CarcFeatures;

G_GNUC_INTERNAL void carc_features_init (CarcFeatures *f, guint capacity);
G_GNUC_INTERNAL void carc_features_clear (CarcFeatures *f);
G_GNUC_INTERNAL gint carc_features_add (CarcFeatures *f, guint piece, guint local, guint kind,
                                        gint open);
G_GNUC_INTERNAL gint carc_features_union (CarcFeatures *f, gint a, gint b);

static inline gint
carc_features_find (CarcFeatures *f, gint s)
{
  CarcSeg *segs = f->segs;
  while (segs[s].parent != s)
    {
      segs[s].parent = segs[segs[s].parent].parent;
      s = segs[s].parent;
    }
  return s;
}

G_END_DECLS
