/* carc-picture.h: pictures of tile types and of a game's board, drawn from the tile data
 * (doc/engine-api.md, "Pictures"). */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>
#include "carc-tile.h"
#include "carc-game.h"

G_BEGIN_DECLS

/* The side of a cell in picture units: a tile's picture spans 0..CARC_PICTURE_TILE_SIZE, x
 * east, y south; a board's cell (x, y) starts at (x, y) * CARC_PICTURE_TILE_SIZE. */
#define CARC_PICTURE_TILE_SIZE 100

/* The width of the line a road's path is stroked with; water's is CARC_PICTURE_WATER_WIDTH. */
#define CARC_PICTURE_ROAD_WIDTH  8
#define CARC_PICTURE_WATER_WIDTH 12

gboolean carc_tile_type_get_segment_anchor (const CarcTileType *type, guint segment, guint rotation,
                                            double *x, double *y);
char *carc_tile_type_get_segment_path (const CarcTileType *type, guint segment, guint rotation,
                                       gboolean *line);
char *carc_tile_type_to_svg (const CarcTileType *type, guint rotation);
char *carc_tile_set_to_svg (CarcTileSet *set);
char *carc_game_to_svg (CarcGame *game);

G_END_DECLS
