/* carc-tile-private.h: the inside of a tile type, shared by the parser and the engine. */
#pragma once

#include <string.h>

#include "carc-feature.h"
#include "carc-tile.h"

G_BEGIN_DECLS

/* Where a one-sided road or water segment ends on its tile (roads: always said; water: may be
 * left unsaid). */
#define CARC_ROAD_THROUGH  0
#define CARC_ROAD_JUNCTION 'J'
#define CARC_ROAD_CLOISTER 'K'
#define CARC_ROAD_GATE     'C'
#define CARC_ROAD_HOUSE    'H'
#define CARC_ROAD_UNKNOWN  'X' /* ends on the tile; the data does not say at what */
#define CARC_WATER_SPRING  'S'
#define CARC_WATER_LAKE    'L'

/* The demand of a frontier cell (see CarcBoard) has one base-5 digit a side, N first:
 * CARC_DEMAND_VALUES demands in all. */
#define CARC_DEMAND_VALUES 625

typedef struct
{
  CarcFeatureKind kind;
  guint8 shields;    /* cities: how many shields (":s", ":s2") */
  char road_end;     /* one-sided roads and water: CARC_ROAD_*, CARC_WATER_* */
  gint8 gate;        /* roads ending at a gate: the city segment */
  guint8 n_attrs;    /* its attributes: CarcTileType.attrs[first_attr .. first_attr + n_attrs) */
  guint32 location;  /* canonical orientation, CARC_LOC_* bits; 0 for an inner field */
  guint32 turned[4]; /* the location turned by each rotation (carc_tile_type_finish) */
  guint16 borders;   /* fields: bit i set = borders segment i (a city) on this tile */
  guint8 n_ports;    /* ports this segment owns: its open ports when the tile stands alone */
  guint8 first_attr;
} CarcSegmentDef;

/* A tile's tag, or a segment's attribute (doc/tile-data.md). */
typedef struct
{
  char *key;
  char *value; /* "" for a bare tag */
} CarcTileTag;

/* A side's three ports as runs of one segment each, so that two sides facing each other join
 * run to run (carc-placement.c). A port without a segment (a gap: the middle of a field side, a
 * wall) is in no run and breaks none. form: bits 0 to 2 the gaps, bit 3 set when the first two
 * ports with a segment differ, bit 4 when the second and third do; mirror: the form seen from
 * the facing side, where port i meets port 2 - i (both bit runs reversed). Two sides meet run to
 * run when one's form is the other's mirror. The runs' segments count from port 0 (seg) and from
 * port 2 (rseg); len: run i's ports, from port 0; closes: the open ports run i closes when it
 * joins (2 * len for a road or a city, else 0). */
typedef struct
{
  guint8 form;
  guint8 mirror;
  guint8 n;
  gint8 seg[3];
  gint8 rseg[3];
  guint8 len[3];
  guint8 closes[3];
} CarcSideRuns;

struct _CarcTileType
{
  CarcTileSet *set; /* the set that owns it (no reference: the set outlives it) */
  char *id;
  guint index;
  guint count;
  guint start_count;
  CarcShape shape;
  guint n_sides; /* 4 for a square tile, 3 for a triangular piece (legs N, E and the long side) */
  CarcEdgeKind edge[4];
  guint n_segments;
  CarcSegmentDef seg[CARC_MAX_SEGMENTS];
  guint kinds; /* bit k: some segment is of CarcFeatureKind k */
  /* of_kind[k]: bit s set when segment s is of CarcFeatureKind k; attributed: bit s set when
   * segment s has an attribute (carc_tile_type_get_segments()) */
  guint16 of_kind[CARC_FEATURE_WATER + 1];
  guint16 attributed;
  gint8 port[4][3];     /* segment on each port: side, then port 0..2 clockwise; -1: none */
  CarcSideRuns runs[4]; /* port[s] as runs (carc_tile_type_finish()) */
  /* seg_init[s]: segment s as a feature of its own, but for its index and piece (set as a piece
   * is put): its open ports are its n_ports for a road or a city, 0 for the kinds that never
   * close; closable: the roads and cities, n_closable of them, in order (carc_tile_type_finish(),
   * for placing a piece). */
  CarcSeg seg_init[CARC_MAX_SEGMENTS];
  guint8 closable[CARC_MAX_SEGMENTS];
  guint n_closable;
  /* Square tiles, per rotation: the edges as seen on the board, 3 bits per side (N at bit 0). */
  guint16 code[4];
  gboolean all_walls; /* a square of walls only: it looks the same every way round */
  /* gives[r][s]: what a piece turned by r adds to the demand of the empty neighbour at board
   * side s: the digit of its edge (carc_demand_digit()) on that neighbour's side facing the
   * piece; 0 for a wall or a gap. */
  guint16 gives[4][4];
  /* fit[demand]: bit r set when the tile turned by r meets a frontier cell's demand (see
   * CarcBoard: a digit a side, 0 = no neighbour, else what the neighbour's edge is). For a
   * square tile that includes sharing an edge (fit[0] is empty); for a triangular piece it says
   * only whether its legs match (carc_game_piece_fits() checks the rest). */
  guint8 fit[CARC_DEMAND_VALUES];
  /* n_fit[demand]: how many rotations fit[demand] holds (what the placement count and the
   * k-th placement add up, without a popcount: that is a libgcc call without -mpopcnt). */
  guint8 n_fit[CARC_DEMAND_VALUES];
  guint n_tags;
  CarcTileTag *tags;
  guint n_attrs;
  CarcTileTag *attrs; /* the segments' attributes, segment by segment */
  gpointer picture;   /* its CarcTilePicture, worked out when first drawn (carc_tile_picture_of) */
};

struct _CarcTileSet
{
  GObject parent_instance;
  GPtrArray *types; /* CarcTileType*, owned */
  GHashTable *by_id;
  guint n_tiles;
  /* What a game's draw pile starts from (carc_tile_set_update_pile()): the start tile, and
   * every land tile but one copy of it, by type; kept so that every game copies it and need
   * not count its segments. */
  const CarcTileType *start;
  const CarcTileType **pile;
  guint pile_len;
  guint pile_segments; /* the segments of the pile's tiles */
};

G_GNUC_INTERNAL void carc_tile_set_update_pile (CarcTileSet *set);

/* The powers of 5: the weight of side s's digit in a demand. */
G_GNUC_INTERNAL extern const guint16 carc_demand_weight[4];

/* A side's digit in a demand: 0 no neighbour (or a wall, a gap), 1 field, 2 road, 3 city,
 * 4 water; carc_demand_edge() is the inverse for digits 1..4. */
static inline guint
carc_demand_digit (CarcEdgeKind kind)
{
  return kind == CARC_EDGE_WALL ? 0 : kind == CARC_EDGE_WATER ? 4 : (guint)kind + 1;
}

static inline CarcEdgeKind
carc_demand_edge (guint digit)
{
  return digit == 4 ? CARC_EDGE_WATER : (CarcEdgeKind)(digit - 1);
}

/* The value of @type's tag @key ("" for a bare tag), or NULL: carc_tile_type_get_tag() without
 * its preconditions, for the engine's own lookups (a listing asks about a type's tags often). */
static inline const char *
carc_tile_type_find_tag (const CarcTileType *type, const char *key)
{
  /* the first characters first: keys mostly differ there, and a call to strcmp() that a
   * random game's tags keep mispredicting costs more than the whole test */
  for (guint i = 0; i < type->n_tags; i++)
    if (type->tags[i].key[0] == key[0] && strcmp (type->tags[i].key, key) == 0)
      return type->tags[i].value;
  return NULL;
}

G_GNUC_INTERNAL void carc_tile_type_free (CarcTileType *type);
/* carc-tile-set.c: every tile id some tile set of this process has, interned, so that a move
 * naming a tile (CARC_MOVE_PARAM_TILE) holds a string that lives as long as the process. */
G_GNUC_INTERNAL void carc_tile_id_note (const char *id);
G_GNUC_INTERNAL const char *carc_tile_id_lookup (const char *id);
G_GNUC_INTERNAL void carc_tile_type_finish (CarcTileType *type);
G_GNUC_INTERNAL guint32 carc_location_rotate (guint32 location, CarcShape shape, guint rotation);

/* Parses tile data and appends the types to @set; on error @set is unchanged. */
G_GNUC_INTERNAL gboolean carc_tile_data_parse (CarcTileSet *set, const char *data, gsize length,
                                               const char *source_name, GError **error);

G_END_DECLS
