/* carc-enum-types.c: GTypes of the engine's enums. The nicks are the names the rest of the
 * project uses for them (carc_feature_kind_to_string(), carc_event_type_to_string()). */
#include "config.h"
#include "carc-enum-types.h"

G_DEFINE_ENUM_TYPE (CarcSide, carc_side, G_DEFINE_ENUM_VALUE (CARC_SIDE_N, "n"),
                    G_DEFINE_ENUM_VALUE (CARC_SIDE_E, "e"), G_DEFINE_ENUM_VALUE (CARC_SIDE_S, "s"),
                    G_DEFINE_ENUM_VALUE (CARC_SIDE_W, "w"))

G_DEFINE_ENUM_TYPE (CarcEdgeKind, carc_edge_kind, G_DEFINE_ENUM_VALUE (CARC_EDGE_FIELD, "field"),
                    G_DEFINE_ENUM_VALUE (CARC_EDGE_ROAD, "road"),
                    G_DEFINE_ENUM_VALUE (CARC_EDGE_CITY, "city"),
                    G_DEFINE_ENUM_VALUE (CARC_EDGE_WALL, "wall"),
                    G_DEFINE_ENUM_VALUE (CARC_EDGE_WATER, "water"))

G_DEFINE_ENUM_TYPE (CarcFeatureKind, carc_feature_kind,
                    G_DEFINE_ENUM_VALUE (CARC_FEATURE_FIELD, "field"),
                    G_DEFINE_ENUM_VALUE (CARC_FEATURE_ROAD, "road"),
                    G_DEFINE_ENUM_VALUE (CARC_FEATURE_CITY, "city"),
                    G_DEFINE_ENUM_VALUE (CARC_FEATURE_CLOISTER, "cloister"),
                    G_DEFINE_ENUM_VALUE (CARC_FEATURE_WATER, "water"))

G_DEFINE_ENUM_TYPE (CarcShape, carc_shape, G_DEFINE_ENUM_VALUE (CARC_SHAPE_SQUARE, "square"),
                    G_DEFINE_ENUM_VALUE (CARC_SHAPE_HALF, "half"))

G_DEFINE_ENUM_TYPE (CarcError, carc_error,
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_INVALID_ARGUMENT, "invalid-argument"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_UNKNOWN_TILE, "unknown-tile"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_PARSE, "parse"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_WRONG_PHASE, "wrong-phase"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_ILLEGAL_PLACEMENT, "illegal-placement"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_ILLEGAL_DEPLOYMENT, "illegal-deployment"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_NO_FOLLOWER, "no-follower"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_GAME_OVER, "game-over"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_PLUGIN, "plugin"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_UNKNOWN_EXPANSION, "unknown-expansion"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_NO_PIECE, "no-piece"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_INVALID_RECORD, "invalid-record"),
                    G_DEFINE_ENUM_VALUE (CARC_ERROR_ILLEGAL_MOVE, "illegal-move"))

G_DEFINE_ENUM_TYPE (CarcPhase, carc_phase, G_DEFINE_ENUM_VALUE (CARC_PHASE_PLACE, "place"),
                    G_DEFINE_ENUM_VALUE (CARC_PHASE_DEPLOY, "deploy"),
                    G_DEFINE_ENUM_VALUE (CARC_PHASE_OVER, "over"),
                    G_DEFINE_ENUM_VALUE (CARC_PHASE_CHOOSE, "choose"),
                    G_DEFINE_ENUM_VALUE (CARC_PHASE_PLUGIN, "plugin"))

G_DEFINE_ENUM_TYPE (CarcEventType, carc_event_type,
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_TURN_STARTED, "turn-started"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_TILE_DISCARDED, "tile-discarded"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_TILE_PLACED, "tile-placed"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_FOLLOWER_DEPLOYED, "follower-deployed"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_FEATURE_SCORED, "feature-scored"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_FOLLOWER_RETURNED, "follower-returned"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_GAME_OVER, "game-over"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_TILE_DRAWN, "tile-drawn"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_PIECE_GIVEN, "piece-given"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_TURN_PASSED, "turn-passed"),
                    G_DEFINE_ENUM_VALUE (CARC_EVENT_POINTS_AWARDED, "points-awarded"))

G_DEFINE_ENUM_TYPE (CarcMoveType, carc_move_type, G_DEFINE_ENUM_VALUE (CARC_MOVE_PLACE, "place"),
                    G_DEFINE_ENUM_VALUE (CARC_MOVE_DEPLOY, "deploy"),
                    G_DEFINE_ENUM_VALUE (CARC_MOVE_SKIP, "skip"),
                    G_DEFINE_ENUM_VALUE (CARC_MOVE_DRAW, "draw"),
                    G_DEFINE_ENUM_VALUE (CARC_MOVE_PLACE_PIECE, "place-piece"),
                    G_DEFINE_ENUM_VALUE (CARC_MOVE_PASS, "pass"),
                    G_DEFINE_ENUM_VALUE (CARC_MOVE_PLUGIN, "plugin"))

G_DEFINE_ENUM_TYPE (CarcPlaceVerdict, carc_place_verdict,
                    G_DEFINE_ENUM_VALUE (CARC_PLACE_DEFAULT, "default"),
                    G_DEFINE_ENUM_VALUE (CARC_PLACE_ALLOW, "allow"),
                    G_DEFINE_ENUM_VALUE (CARC_PLACE_VETO, "veto"))

G_DEFINE_ENUM_TYPE (CarcEndVerdict, carc_end_verdict, G_DEFINE_ENUM_VALUE (CARC_END_STOP, "stop"),
                    G_DEFINE_ENUM_VALUE (CARC_END_SKIP, "skip"),
                    G_DEFINE_ENUM_VALUE (CARC_END_OFFER, "offer"),
                    G_DEFINE_ENUM_VALUE (CARC_END_REQUIRE, "require"))

G_DEFINE_ENUM_TYPE (CarcOptionType, carc_option_type,
                    G_DEFINE_ENUM_VALUE (CARC_OPTION_BOOLEAN, "boolean"),
                    G_DEFINE_ENUM_VALUE (CARC_OPTION_UINT, "uint"))
