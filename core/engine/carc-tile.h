/* carc-tile.h: tile types and tile sets, loaded from tile data (doc/tile-data.md). */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>
#include "carc-types.h"

G_BEGIN_DECLS

/**
 * CarcTileType:
 *
 * One kind of tile (e.g. the base game's "D"): its edges, its segments and its tags.
 * Owned by its #CarcTileSet, immutable once loaded: C code uses the `const CarcTileType *`
 * the engine returns as long as the set (or the game, config or plugin holding the set)
 * lives, and never frees it.
 *
 * As a boxed type (for bindings and #GValue) a copy is the same pointer with a reference on
 * the owning set, and freeing the copy drops that reference: a tile type a Python or
 * JavaScript program holds keeps its set alive, so it stays valid after the game is gone.
 */
typedef struct _CarcTileType CarcTileType;

#define CARC_TYPE_TILE_TYPE (carc_tile_type_get_type ())
GType carc_tile_type_get_type (void) G_GNUC_CONST;

#define CARC_TYPE_TILE_SET (carc_tile_set_get_type ())
G_DECLARE_FINAL_TYPE (CarcTileSet, carc_tile_set, CARC, TILE_SET, GObject)

CarcTileSet *carc_tile_set_new (void);
gboolean carc_tile_set_load_data (CarcTileSet *self, const char *data, gssize length,
                                  const char *source_name, GError **error);
gboolean carc_tile_set_load_file (CarcTileSet *self, const char *path, GError **error);
CarcTileSet *carc_tile_set_new_base (GError **error);

guint carc_tile_set_get_n_types (CarcTileSet *self);
const CarcTileType *carc_tile_set_get_type_at (CarcTileSet *self, guint index);
const CarcTileType *carc_tile_set_lookup (CarcTileSet *self, const char *id);
guint carc_tile_set_get_n_tiles (CarcTileSet *self);
const CarcTileType *carc_tile_set_get_start (CarcTileSet *self);

const char *carc_tile_type_get_id (const CarcTileType *type);
guint carc_tile_type_get_index (const CarcTileType *type);
guint carc_tile_type_get_count (const CarcTileType *type);
CarcShape carc_tile_type_get_shape (const CarcTileType *type);
guint carc_tile_type_get_n_sides (const CarcTileType *type);
CarcEdgeKind carc_tile_type_get_edge (const CarcTileType *type, guint side);
guint carc_tile_type_get_n_segments (const CarcTileType *type);
CarcFeatureKind carc_tile_type_get_segment_kind (const CarcTileType *type, guint segment);
guint32 carc_tile_type_get_segment_location (const CarcTileType *type, guint segment,
                                             guint rotation);
gboolean carc_tile_type_get_segment_shield (const CarcTileType *type, guint segment);
guint carc_tile_type_get_segment_shields (const CarcTileType *type, guint segment);
gchar carc_tile_type_get_segment_end (const CarcTileType *type, guint segment, gint *gate);
guint carc_tile_type_get_segment_n_attributes (const CarcTileType *type, guint segment);
guint32 carc_tile_type_get_segments (const CarcTileType *type, guint32 kinds, gboolean attributed);
const char *carc_tile_type_get_segment_attribute_at (const CarcTileType *type, guint segment,
                                                     guint index, const char **value);
const char *carc_tile_type_get_segment_attribute (const CarcTileType *type, guint segment,
                                                  const char *name);
const char *carc_tile_type_get_tag (const CarcTileType *type, const char *key);
guint carc_tile_type_get_n_tags (const CarcTileType *type);
const char *carc_tile_type_get_tag_at (const CarcTileType *type, guint index, const char **value);
CarcTileSet *carc_tile_type_get_tile_set (const CarcTileType *type);

G_END_DECLS
