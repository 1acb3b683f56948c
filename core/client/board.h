/* board.h: carcassonnectl's board renderer. Pure: plain C structs in, a string out; it knows
 * nothing of D-Bus, so tests can feed it hand-written boards.
 *
 * Each tile is a block of 7x3 characters. Fields are '·', cities '▓', roads '─' '│' and box
 * corners, a junction or village where roads end '○', a cloister '✚', a shield '◆', walls '█'
 * (a tile of walls only: walls all round, its cloister-like segment '✚' inside), a follower '●' in
 * its player's colour (without colour: the seat number). A triangular piece is the triangle of its
 * cell on its corner's side of the diagonal, the long side drawn '╲' or '╱' where a field meets it;
 * the other triangle stays blank unless the other half is there. Columns are x (east), rows
 * are y (south); the labels give the coordinates a place command takes.
 *
 * Whatever the expansions declare is drawn from its name, with no code per expansion: a
 * figure of another kind than the follower is a capital letter (ctl_figure_letter()) in its
 * player's colour (without colour: the seat number, then the letter), and a segment
 * attribute a small letter beside the segment's follower spot
 * (ctl_tile_types_mark_attributes()); the legend lists those the board shows. */
#pragma once
#include <glib.h>

G_BEGIN_DECLS

/* Feature kinds (u on the bus). */
typedef enum
{
  CTL_FEATURE_FIELD = 0,
  CTL_FEATURE_ROAD = 1,
  CTL_FEATURE_CITY = 2,
  CTL_FEATURE_CLOISTER = 3,
  CTL_FEATURE_WATER = 4, /* water: drawn, never scored, no figure on it */
} CtlFeatureKind;

/* Edge kinds (u on the bus). */
typedef enum
{
  CTL_EDGE_FIELD = 0,
  CTL_EDGE_ROAD = 1,
  CTL_EDGE_CITY = 2,
  CTL_EDGE_WALL = 3,
  CTL_EDGE_WATER = 4,
} CtlEdgeKind;

/* Locations: the four sides N E S W (a side's middle port; the whole side for a city), then
 * the eight half-edges clockwise from NNW, then a triangular piece's long side L and its halves LSE
 * and LNW (a triangular piece's legs are N and E, with the half-edges NNW NNE ENE ESE). */
#define CTL_SIDE_N      0
#define CTL_SIDE_E      1
#define CTL_SIDE_S      2
#define CTL_SIDE_W      3
#define CTL_LOC_SIDE(s) (1u << (s))
#define CTL_LOC_HALF(h) (1u << (4 + (h)))
#define CTL_LOC_SIDES   0xfu
#define CTL_LOC_L       (1u << 12)
#define CTL_LOC_LSE     (1u << 13)
#define CTL_LOC_LNW     (1u << 14)

/* Parses location names ("N", "NNE", ...); unknown names are ignored (a later expansion's
 * locations draw as nothing rather than failing). */
guint32 ctl_location_parse (const char *const *names);
/* Turns a location clockwise by @rotation quarter turns (side N with 1 becomes E). The long
 * side's bits stay as they are: they only mean something in a triangular piece's own orientation.
 */
guint32 ctl_location_rotate (guint32 loc, guint rotation);
/* "N,NNE" style, in the order sides then half-edges; "" for none. */
char *ctl_location_to_string (guint32 loc);
/* "field", "road", "city", "cloister", or "feature" for an unknown kind. */
const char *ctl_feature_kind_name (guint kind);

typedef struct
{
  guint kind;        /* CtlFeatureKind */
  guint32 locations; /* CTL_LOC_* bits, in the tile's own orientation */
  gboolean shield;
  /* Its attributes' names (doc/tile-data.md), NULL-terminated; NULL for none. */
  const char *const *attributes;
  /* One mark (a small letter) per attribute, as ctl_tile_types_mark_attributes() chose them;
   * NULL: each attribute's first letter. */
  const char *marks;
} CtlSegment;

typedef struct
{
  const char *id;
  guint edges[4]; /* CtlEdgeKind, N E S W; a triangular piece's N E L */
  guint n_segments;
  const CtlSegment *segments;
  /* A triangular piece (3 edges): the north-east triangle of its cell in its own orientation; on
   * the board its rotation is the corner it holds, 0 NE, 1 SE, 2 SW, 3 NW. */
  gboolean half;
} CtlTileType;

/* A cell may hold two triangular pieces: two entries with the same x, y. */
typedef struct
{
  gint x, y;
  const char *tile; /* a CtlTileType id; unknown ids draw as '?' */
  guint rotation;
} CtlPlacedTile;

typedef struct
{
  gint seat; /* index into CtlBoard.players; -1 unknown */
  gint x, y;
  guint segment; /* index into the tile type's segments */
  /* The tile it stands on: 1 + its index in CtlBoard.tiles; 0 for the last one listed at
   * x, y (the same unless two triangular pieces share the cell). */
  guint piece;
  /* Its figure kind's name (Player.Figures); NULL or "follower" for a follower. */
  const char *figure;
} CtlFollower;

typedef struct
{
  const char *name;
  const char *colour; /* "red", "blue", "yellow", "green", "black", "grey" */
  guint score;
  guint followers; /* in the supply */
  gboolean bot;
  gboolean connected;
  gboolean active; /* whose turn it is */
} CtlPlayer;

typedef struct
{
  const CtlTileType *types;
  guint n_types;
  const CtlPlacedTile *tiles;
  guint n_tiles;
  const CtlFollower *followers;
  guint n_followers;
  const CtlPlayer *players; /* by seat */
  guint n_players;
  const gint *marks; /* n_marks (x, y) pairs: empty cells to mark '+' (legal places) */
  guint n_marks;
  /* The game's figure kinds in the game's order (Player.Figures), which ctl_figure_letter()
   * follows; NULL: the kinds in the order the followers list them. */
  const char *const *figures;
  guint n_figures;
} CtlBoard;

typedef enum
{
  CTL_RENDER_COLOR = 1 << 0,  /* ANSI colours */
  CTL_RENDER_ASCII = 1 << 1,  /* '#' '-' '|' '+' 'o' 'K' '.' '$' '%' '\\' '/' instead of Unicode */
  CTL_RENDER_LEGEND = 1 << 2, /* the symbols and the players under the board */
} CtlRenderFlags;

/* The board with coordinate labels (and the legend when asked), one '\n' after every line.
 * An empty board renders as a short sentence. */
char *ctl_board_render (const CtlBoard *board, CtlRenderFlags flags);

/* One tile type in its four rotations side by side, labelled "rot 0".."rot 3" (a triangular piece:
 * the four corners it can hold). */
char *ctl_tile_render (const CtlTileType *type, CtlRenderFlags flags);
/* @n tiles side by side, @per_row to a row (0: as many as fit in 79 columns), each turned by
 * @rotations[i] (NULL: none) under its label: a hand. A NULL type is '?'. */
char *ctl_tiles_render (const CtlTileType *const *types, const guint *rotations,
                        const char *const *labels, guint n, guint per_row, CtlRenderFlags flags);

/* A player's name in its colour (when @flags has CTL_RENDER_COLOR), e.g. for event lines. */
char *ctl_player_label (const CtlPlayer *player, gint seat, CtlRenderFlags flags);

/* The ANSI SGR parameters for a player colour name ("91" for red), NULL if unknown. */
const char *ctl_colour_sgr (const char *colour);

/* The capital letter that draws figure kind @figure (NULL or "follower": 0, the follower's
 * own glyph): the first letter of its name that no kind before it in @kinds (@n_kinds, the
 * game's order, "follower" first) took, 'K' never (the ASCII cloister); '*' if none is left.
 * A kind not in @kinds comes after them all. */
char ctl_figure_letter (const char *const *kinds, guint n_kinds, const char *figure);
/* Chooses every segment attribute's mark in @types: in the order the attributes first occur
 * in @types (type by type, segment by segment), the first letter of its name, in lower case,
 * that no attribute before it took, 'o' never (the ASCII junction); '*' if none is left. The
 * same name has the same mark everywhere. The marks strings are allocated in @strings. */
void ctl_tile_types_mark_attributes (CtlTileType *types, guint n_types, GStringChunk *strings);

const CtlTileType *ctl_tile_type_lookup (const CtlTileType *types, guint n_types, const char *id);

G_END_DECLS
