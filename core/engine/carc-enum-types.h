/* carc-enum-types.h: GTypes of the engine's enums, for GObject properties, signals and
 * GObject Introspection. */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>
#include "carc-types.h"
#include "carc-error.h"
#include "carc-game.h"
#include "carc-plugin.h"

G_BEGIN_DECLS

#define CARC_TYPE_SIDE (carc_side_get_type ())
GType carc_side_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_EDGE_KIND (carc_edge_kind_get_type ())
GType carc_edge_kind_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_FEATURE_KIND (carc_feature_kind_get_type ())
GType carc_feature_kind_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_SHAPE (carc_shape_get_type ())
GType carc_shape_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_ERROR (carc_error_get_type ())
GType carc_error_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_PHASE (carc_phase_get_type ())
GType carc_phase_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_EVENT_TYPE (carc_event_type_get_type ())
GType carc_event_type_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_MOVE_TYPE (carc_move_type_get_type ())
GType carc_move_type_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_PLACE_VERDICT (carc_place_verdict_get_type ())
GType carc_place_verdict_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_END_VERDICT (carc_end_verdict_get_type ())
GType carc_end_verdict_get_type (void) G_GNUC_CONST;
#define CARC_TYPE_OPTION_TYPE (carc_option_type_get_type ())
GType carc_option_type_get_type (void) G_GNUC_CONST;

G_END_DECLS
