/* jcz-ids.h: JCloisterZone's names for tiles, features and tile parts in our engine's terms
 * (tests/data/conformance/README.md, "Tile ids against tiles.txt" and "Coordinates,
 * rotations, locations"). */
#pragma once

#include "carcassonne.h"

G_BEGIN_DECLS

const char *jcz_tile_id (const char *jcz_id);
const char *jcz_expansion_plugin (const char *name);
const char *jcz_figure_kind (const char *jcz_figure);
const char *jcz_item_name (const char *jcz_item);
const char *jcz_token_item (const char *token);
gboolean jcz_award_is_token (const char *item);
const char *jcz_award_feature (const char *item);
gboolean jcz_feature_kind (const char *name, CarcFeatureKind *kind);
const char *jcz_feature_name (CarcFeatureKind kind);
guint32 jcz_location_of_edges (const char *const *edges);

G_END_DECLS
