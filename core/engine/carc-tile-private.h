/* carc-tile-private.h: the inside of a tile type, shared by the parser and the engine. */
#pragma once

#include "carc-tile.h"

G_BEGIN_DECLS

/* Road ends (the road stops on this tile). */
#define CARC_ROAD_THROUGH  0
#define CARC_ROAD_JUNCTION 'J'
#define CARC_ROAD_CLOISTER 'K'
#define CARC_ROAD_GATE     'C'
#define CARC_ROAD_HOUSE    'H'

typedef struct
{
  CarcFeatureKind kind;
  gboolean shield;
  char road_end;     /* roads: CARC_ROAD_* */
  gint8 gate;        /* roads ending at a gate: the city segment */
  guint32 location;  /* canonical orientation, CARC_LOC_* bits */
  guint32 turned[4]; /* the location turned by each rotation (carc_tile_type_finish) */
  guint16 borders;   /* fields: bit i set = borders segment i (a city) on this tile */
  guint8 n_ports;    /* ports this segment owns: its open ports when the tile stands alone */
} CarcSegmentDef;

typedef struct
{
  char *key;
  char *value; /* "" for a bare tag */
} CarcTileTag;

struct _CarcTileType
{
  CarcTileSet *set; /* the set that owns it (no reference: the set outlives it) */
  char *id;
  guint index;
  guint count;
  guint start_count;
  CarcShape shape;
  guint n_sides; /* 4 for a square tile, 3 for a half tile (legs N, E and the long side) */
  CarcEdgeKind edge[4];
  guint n_segments;
  CarcSegmentDef seg[CARC_MAX_SEGMENTS];
  gint8 port[4][3]; /* segment on each port: side, then port 0..2 clockwise; -1: none */
  /* Square tiles, per rotation: the edges as seen on the board, 2 bits per side (N at bit 0). */
  guint8 code[4];
  /* gives[r][s]: the demand bits a piece turned by r puts on the empty neighbour at board side
   * s: (edge kind + 1) on that neighbour's side facing the piece; 0 for a wall or a gap. */
  guint8 gives[4][4];
  /* fit[demand]: bit r set when the tile turned by r meets a frontier cell's demand (see
   * CarcBoard: 2 bits per side, 0 = no neighbour, else the neighbour's edge kind + 1). For a
   * square tile that includes sharing an edge (fit[0] is empty); for a half tile it says only
   * whether its legs match (carc_game_piece_fits() checks the rest). */
  guint8 fit[256];
  guint n_tags;
  CarcTileTag *tags;
};

struct _CarcTileSet
{
  GObject parent_instance;
  GPtrArray *types; /* CarcTileType*, owned */
  GHashTable *by_id;
  guint n_tiles;
};

G_GNUC_INTERNAL void carc_tile_type_free (CarcTileType *type);
G_GNUC_INTERNAL void carc_tile_type_finish (CarcTileType *type);
G_GNUC_INTERNAL guint32 carc_location_rotate (guint32 location, CarcShape shape, guint rotation);

/* Parses tile data and appends the types to @set; on error @set is unchanged. */
G_GNUC_INTERNAL gboolean carc_tile_data_parse (CarcTileSet *set, const char *data, gsize length,
                                               const char *source_name, GError **error);

G_END_DECLS
