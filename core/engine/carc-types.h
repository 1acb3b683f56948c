/* carc-types.h: small enums and constants shared by the whole engine API.
 *
 * Coordinates: x grows to the east, y grows to the south; the start tile is at (0, 0).
 * Rotation: clockwise quarter turns, 0..3 (a tile turned once shows its north edge to the east).
 */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * CarcSide:
 * @CARC_SIDE_N: north
 * @CARC_SIDE_E: east
 * @CARC_SIDE_S: south
 * @CARC_SIDE_W: west
 *
 * The four sides of a cell, clockwise from north.
 */
typedef enum
{
  CARC_SIDE_N = 0,
  CARC_SIDE_E = 1,
  CARC_SIDE_S = 2,
  CARC_SIDE_W = 3,
} CarcSide;

/**
 * CarcEdgeKind:
 * @CARC_EDGE_FIELD: a field edge
 * @CARC_EDGE_ROAD: a road in the middle of the edge, field on both halves
 * @CARC_EDGE_CITY: a city edge
 * @CARC_EDGE_WALL: fits any neighbour and closes whatever meets it (a tile of walls only)
 * @CARC_EDGE_WATER: water (a stream) in the middle of the edge, field on both halves; it
 *   meets only water (or a wall)
 *
 * What a tile shows along one of its edges.
 */
typedef enum
{
  CARC_EDGE_FIELD = 0,
  CARC_EDGE_ROAD = 1,
  CARC_EDGE_CITY = 2,
  CARC_EDGE_WALL = 3,
  CARC_EDGE_WATER = 4,
} CarcEdgeKind;

/**
 * CarcFeatureKind:
 * @CARC_FEATURE_FIELD: a field (farmers)
 * @CARC_FEATURE_ROAD: a road (thieves)
 * @CARC_FEATURE_CITY: a city (knights)
 * @CARC_FEATURE_CLOISTER: a cloister, or any cloister-like feature an expansion's tile has (monks)
 * @CARC_FEATURE_WATER: water (a stream, a lake): part of the landscape, but no follower stands
 *   on it and the base rules never score it; it separates the fields beside it
 *
 * The kind of a segment and of the feature it belongs to.
 */
typedef enum
{
  CARC_FEATURE_FIELD = 0,
  CARC_FEATURE_ROAD = 1,
  CARC_FEATURE_CITY = 2,
  CARC_FEATURE_CLOISTER = 3,
  CARC_FEATURE_WATER = 4,
} CarcFeatureKind;

/**
 * CarcShape:
 * @CARC_SHAPE_SQUARE: an ordinary land tile filling a whole cell
 * @CARC_SHAPE_HALF: a triangular triangular piece; in its canonical orientation it holds the
 *   north-east corner of its cell (legs N and E, long side on the NW-SE diagonal)
 *
 * The shape of a piece.
 */
typedef enum
{
  CARC_SHAPE_SQUARE = 0,
  CARC_SHAPE_HALF = 1,
} CarcShape;

/* Bits of a location mask (CarcLocation): which sides and half-edges a segment touches.
 * Sides N, E, S, W are bits 0..3; the half-edges NNW NNE ENE ESE SSE SSW WSW WNW are
 * bits 4..11 (clockwise from the north-west corner); a triangular piece's long side L is bit 12
 * and its half-edges LSE, LNW bits 13 and 14. */
#define CARC_LOC_SIDE(s)      (1u << (s))
#define CARC_LOC_HALF(h)      (1u << (4 + (h)))
#define CARC_LOC_LONG         (1u << 12)
#define CARC_LOC_LONG_HALF(h) (1u << (13 + (h)))
#define CARC_LOC_SIDES_MASK   0x000fu
#define CARC_LOC_HALVES_MASK  0x0ff0u

/* The most players a game can have, and the most segments a single piece can carry. */
#define CARC_MAX_PLAYERS  6
#define CARC_MIN_PLAYERS  2
#define CARC_MAX_SEGMENTS 16
/* The most figure kinds in one game: the follower and the kinds its expansions declare. */
#define CARC_MAX_FIGURES 8
/* The most pieces a game can hold (the start tile and every tile it may draw). The frontier of
 * n pieces has at most 2n + 2 cells, which must fit the board's 16-bit frontier indices. */
#define CARC_MAX_PIECES 30000

const char *carc_feature_kind_to_string (CarcFeatureKind kind);
char *carc_location_to_string (guint32 location);

G_END_DECLS
