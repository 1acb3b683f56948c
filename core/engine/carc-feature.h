/* carc-feature.h (internal): segments joined into features by union-find. Each root keeps the
 * feature's counters: open ports (a road or city is complete at zero), followers, size. The
 * segments of a feature form a ring through `next`, so a feature can be walked at scoring.
 *
 * Every segment's `parent` is its feature's root itself (quick-find): a union by size points
 * the smaller feature's segments at the new root, walking its ring. A find, which the engine
 * makes for every join, deployment and scored follower, is then one load, with no loop whose
 * length a random game decides; a union relabels a piece's one segment in the common case (a
 * tile placed against a feature), and a segment is relabelled at most log2(n) times in all. */
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
  gboolean borrowed; /* segs is the caller's room (carc_features_init()), not an allocation */
} CarcFeatures;

G_GNUC_INTERNAL void carc_features_init (CarcFeatures *f, CarcSeg *room, guint capacity);
G_GNUC_INTERNAL void carc_features_clear (CarcFeatures *f);
G_GNUC_INTERNAL void carc_features_grow (CarcFeatures *f);

static inline gint
carc_features_find (const CarcFeatures *f, gint s)
{
  return f->segs[s].parent;
}

/* Makes room for @n more segments. */
static inline void
carc_features_reserve (CarcFeatures *f, guint n)
{
  while (G_UNLIKELY (f->n + n > f->cap))
    carc_features_grow (f);
}

/* Adds the @n segments of a piece as features of their own, where carc_features_reserve() made
 * room: copies of @init (CarcTileType.seg_init) with their index and @piece. Inline: the engine
 * adds every segment of every piece placed. */
static inline void
carc_features_add_piece (CarcFeatures *f, guint piece, const CarcSeg *init, guint n)
{
  CarcSeg *seg = f->segs + f->n;
  for (guint s = 0; s < n; s++)
    {
      seg[s] = init[s];
      seg[s].parent = seg[s].next = (gint)(f->n + s);
      seg[s].piece = (guint16)piece;
    }
  f->n += n;
}
/* Joins the features of @a and @b (union by size); returns the root of the joined feature. */
static inline gint
carc_features_union (CarcFeatures *f, gint a, gint b)
{
  gint ra = carc_features_find (f, a), rb = carc_features_find (f, b);
  if (ra == rb)
    return ra;
  CarcSeg *segs = f->segs;
  /* the larger feature's root stays: swapped by a mask, not a branch, which the sizes a
   * random game joins mispredict */
  gint swap = (ra ^ rb) & -(gint)(segs[ra].size < segs[rb].size);
  ra ^= swap;
  rb ^= swap;
  /* the smaller feature is one segment in nearly every union (a placed piece's segment
   * joining): its ring is walked only when it has more */
  segs[rb].parent = ra;
  if (G_UNLIKELY (segs[rb].size > 1))
    for (gint s = segs[rb].next; s != rb; s = segs[s].next)
      segs[s].parent = ra;
  segs[ra].size += segs[rb].size;
  segs[ra].open += segs[rb].open;
  segs[ra].followers += segs[rb].followers;
  gint na = segs[ra].next;
  segs[ra].next = segs[rb].next;
  segs[rb].next = na;
  return ra;
}

G_END_DECLS
