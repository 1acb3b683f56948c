/* carc-picture-private.h: the drawing of a tile type, worked out from its tile data
 * (carc-tile-geometry.c) and written as SVG (carc-svg.c). */
#pragma once

#include "carc-picture.h"
#include "carc-tile-private.h"

G_BEGIN_DECLS

/* A point of a tile's picture: x east, y south, the cell 0..CARC_PICTURE_TILE_SIZE. */
typedef struct
{
  double x, y;
} CarcPt;

/* One step of a path: 'M' move to p[0], 'L' line to p[0], 'Q' quadratic curve through the
 * control point p[0] to p[1], 'Z' close. */
typedef struct
{
  char op;
  CarcPt p[2];
} CarcPathOp;

#define CARC_PATH_MAX_OPS 64

typedef struct
{
  guint n;
  CarcPathOp ops[CARC_PATH_MAX_OPS];
} CarcPath;

/* What is drawn at the end of a one-sided road or water segment. */
typedef enum
{
  CARC_MARK_NONE,
  CARC_MARK_HOUSE,    /* a farmstead */
  CARC_MARK_DEAD_END, /* the data does not say: a bar across the road */
  CARC_MARK_SPRING,   /* water rising */
  CARC_MARK_LAKE,     /* water ending in a lake */
} CarcEndMark;

typedef struct
{
  CarcPath path; /* the area (fields, cities, cloisters) or the line (roads, water) */
  gboolean line; /* stroke the path instead of filling it */
  CarcPt anchor; /* where a figure stands */
  CarcPt deco;   /* where its shields and attribute badges go */
  CarcEndMark mark;
  CarcPt end; /* where the mark is */
} CarcSegmentPicture;

/* A tile type's picture in its canonical orientation; carc_picture_turn() turns a point. */
typedef struct
{
  const CarcTileType *type;
  guint n_corners;
  CarcPt corner[4]; /* corner[i] starts side i, clockwise */
  CarcPt mid[4];    /* the middle of side i */
  CarcPt centre;    /* of the square, or of the triangle */
  double scale;     /* 1 for a square, smaller for a triangular piece's buildings */
  CarcSegmentPicture seg[CARC_MAX_SEGMENTS];
  gboolean junction; /* roads end at a junction in the centre */
  CarcPt tag_spot;   /* where the tile's bare tags are written */
} CarcTilePicture;

/* Where a piece's picture goes: turned by @rotation, then moved by (x, y); element ids
 * start with @id_prefix ("" in a tile's own picture). */
typedef struct
{
  double x, y;
  guint rotation;
  const char *id_prefix;
} CarcSvgPlace;

/* Line pieces a curve is flattened into, and the most points a flattened path has. */
#define CARC_PATH_FLAT       8
#define CARC_PATH_MAX_POINTS (CARC_PATH_MAX_OPS * CARC_PATH_FLAT)

G_GNUC_INTERNAL guint carc_path_flatten (const CarcPath *path, CarcPt *out, gboolean *starts);
/* carc-field-outline.c: the exact outline of field @seg (its sectors less the cities and the
 * cloister over them), turned by @rotation, as SVG path data to fill even-odd. */
G_GNUC_INTERNAL char *carc_picture_field_outline (const CarcTilePicture *pic, guint seg,
                                                  guint rotation);
G_GNUC_INTERNAL void carc_tile_picture_init (CarcTilePicture *pic, const CarcTileType *type);
/* @type's picture, worked out on the first call and kept with the type (thread-safe). */
G_GNUC_INTERNAL const CarcTilePicture *carc_tile_picture_of (const CarcTileType *type);
G_GNUC_INTERNAL CarcPt carc_picture_turn (CarcPt p, guint rotation);
G_GNUC_INTERNAL void carc_picture_upright (const CarcTilePicture *pic, const CarcPath *path,
                                           guint rotation, CarcPath *out);

/* carc-svg.c */
G_GNUC_INTERNAL void carc_svg_num (GString *s, double v);
G_GNUC_INTERNAL void carc_svg_append_path_data (GString *s, const CarcPath *path,
                                                const CarcSvgPlace *at);
G_GNUC_INTERNAL void carc_svg_append_piece (GString *s, const CarcTilePicture *pic,
                                            const CarcSvgPlace *at);
G_GNUC_INTERNAL void carc_svg_badge (GString *s, CarcPt c, const char *name, const char *class);
G_GNUC_INTERNAL void carc_svg_begin (GString *s, double x, double y, double w, double h);
G_GNUC_INTERNAL void carc_svg_end (GString *s);

G_END_DECLS
