/* fe-picture.h: a tile type as the client knows it (Game.GetTileTypes) and the geometry of
 * its segments (Game.GetSegmentGeometry). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The side of a tile's picture in picture units (x east, y south, as the engine's). */
#define FE_TILE_SIZE 100.0

typedef struct
{
  guint kind; /* feature kind: 0 field, 1 road, 2 city, 3 cloister */
  char **locations;
  gboolean shield;
} FeSegment;

typedef struct
{
  char *id;
  guint n_edges; /* 4, or 3 for a half tile (N, E, long side) */
  guint edges[4];
  GArray *segments; /* of FeSegment */
  GHashTable *tags; /* key -> value */
} FeTileType;

/* A segment of a tile type unrotated, as the engine draws it: where a figure on it stands
 * (x, y) and its outline, SVG path data: a line to stroke, or an area to fill (even-odd). */
typedef struct
{
  guint kind;
  double x, y;
  gboolean line;
  char *path;
} FeSegmentGeometry;

GHashTable *fe_tile_types_from_variant (GVariant *tiles);
GArray *fe_segment_geometry_from_variant (GVariant *segments);
void fe_picture_rotate_point (guint rotation, double *x, double *y);

G_END_DECLS
