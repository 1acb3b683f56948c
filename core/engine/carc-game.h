/* carc-game.h: one game of Carcassonne, its turn state machine, queries and events.
 *
 * A turn: the engine draws the tile in play (tiles that fit nowhere are discarded and
 * reported), the player places it (carc_game_place()), then deploys a follower on one of its
 * segments or skips (carc_game_deploy() / carc_game_skip()); the features the tile completed
 * are scored, followers return, and the next player's turn starts. When the draw pile is
 * empty the game ends with final scoring. Every call that fails returns a #CarcError and
 * leaves the game exactly as it was.
 */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>
#include "carc-types.h"
#include "carc-tile.h"
#include "carc-rng.h"

G_BEGIN_DECLS

/**
 * CarcGameConfig:
 *
 * The options a game is created with: tile set, players, seed or explicit tile order,
 * followers per player, farmers. Reference counted; copied into the game at creation.
 */
typedef struct _CarcGameConfig CarcGameConfig;

#define CARC_TYPE_GAME_CONFIG (carc_game_config_get_type ())
GType carc_game_config_get_type (void) G_GNUC_CONST;
CarcGameConfig *carc_game_config_new (CarcTileSet *tiles);
CarcGameConfig *carc_game_config_new_base (GError **error);
CarcGameConfig *carc_game_config_ref (CarcGameConfig *config);
void carc_game_config_unref (CarcGameConfig *config);
void carc_game_config_set_n_players (CarcGameConfig *config, guint n_players);
void carc_game_config_set_seed (CarcGameConfig *config, guint64 seed);
void carc_game_config_set_tile_order (CarcGameConfig *config, const char *const *tile_ids);
void carc_game_config_set_hand (CarcGameConfig *config, guint player, const char *const *tile_ids);
void carc_game_config_set_followers (CarcGameConfig *config, guint followers);
void carc_game_config_set_farmers (CarcGameConfig *config, gboolean farmers);
guint carc_game_config_get_n_players (const CarcGameConfig *config);
guint64 carc_game_config_get_seed (const CarcGameConfig *config);
guint carc_game_config_get_followers (const CarcGameConfig *config);
gboolean carc_game_config_get_farmers (const CarcGameConfig *config);
CarcTileSet *carc_game_config_get_tiles (const CarcGameConfig *config);
gboolean carc_game_config_get_deck_size (const CarcGameConfig *config, guint *size, GError **error);

/* The core's rule options (carc-rules.c). */
guint carc_rule_get_n (void);
const char *carc_rule_get_name (guint index);
const char *carc_rule_get_description (guint index);
guint32 carc_rule_get_default (guint index);
const guint32 *carc_rule_get_values (guint index, guint *n_values);
gint carc_rule_lookup (const char *name);
gboolean carc_game_config_set_rule (CarcGameConfig *config, const char *name, guint32 value,
                                    GError **error);
guint32 carc_game_config_get_rule (const CarcGameConfig *config, const char *name);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcGameConfig, carc_game_config_unref)

/**
 * CarcPhase:
 * @CARC_PHASE_PLACE: the current player must place the tile in play
 * @CARC_PHASE_DEPLOY: the tile is placed; the player may deploy a follower on it, or skip
 * @CARC_PHASE_OVER: the game has ended and final scoring is done
 * @CARC_PHASE_CHOOSE: before drawing: the current player may draw (carc_game_draw()) or
 *   place a piece from the hand instead (carc_game_place_piece()); once the draw pile is
 *   empty, place a piece or (when allowed) pass (carc_game_pass())
 * @CARC_PHASE_PLUGIN: a phase an expansion holds (carc_game_get_phase_owner(),
 *   carc_game_get_phase_name()): only that expansion's moves are legal
 *   (carc_game_list_moves()). Its value is 5: 4 is retired (a phase of ABI 1), so that the
 *   state hashes of games in the other phases stay as they were
 */
typedef enum
{
  CARC_PHASE_PLACE,
  CARC_PHASE_DEPLOY,
  CARC_PHASE_OVER,
  CARC_PHASE_CHOOSE,
  CARC_PHASE_PLUGIN = 5,
} CarcPhase;

/**
 * CarcPlacement:
 * @x: column
 * @y: row
 * @rotation: clockwise quarter turns, 0..3
 *
 * A legal placement of the tile in play (or of a piece from the hand).
 */
typedef struct _CarcPlacement
{
  gint x;
  gint y;
  guint rotation;
  /*< private >*/
  guint reserved; /* room to grow: zero */
} CarcPlacement;

/* The follower's figure kind: always the first kind of a game (carc_game_get_figure_name()). */
#define CARC_FIGURE_FOLLOWER 0

/**
 * CarcDeployment:
 * @segment: the segment's index on the tile
 * @kind: its feature kind
 * @location: the sides and half-edges it touches in board orientation (CARC_LOC_* bits)
 * @figure: the figure kind that may go there (carc_game_get_figure_name()); 0 is the follower
 *
 * A deployment offered on the tile just placed: a figure kind and a segment. The list has
 * the segments in order and, for each, the kinds in the game's order.
 */
typedef struct _CarcDeployment
{
  guint segment;
  CarcFeatureKind kind;
  guint32 location;
  guint figure;
} CarcDeployment;

/**
 * CarcPieceInfo:
 * @tile: its tile type
 * @x: column
 * @y: row
 * @rotation: clockwise quarter turns
 * @player: who placed it; -1 for the start tile
 * @index: pieces are numbered in the order they were placed
 *
 * One piece on the board.
 */
typedef struct _CarcPieceInfo
{
  const CarcTileType *tile;
  gint x;
  gint y;
  guint rotation;
  gint player;
  guint index;
  /*< private >*/
  gpointer padding[4]; /* room to grow: zero */
} CarcPieceInfo;

/**
 * CarcFeatureInfo:
 * @id: the same for every segment of the feature at this moment (it may change when
 *   features join), so a client can group the segments of the board into features
 * @kind: the feature's kind
 * @complete: %TRUE once it is complete
 * @units: distinct tiles (counting units) it covers
 * @shields: cities: shields in it
 * @open: roads and cities: open ports left; cloisters: empty cells around it
 * @segments: segments joined into it
 * @followers: figures of each player in it, of every kind (carc_feature_info_get_followers())
 *
 * A feature as it stands: the segment it was asked for belongs to it.
 */
typedef struct _CarcFeatureInfo
{
  guint id;
  CarcFeatureKind kind;
  gboolean complete;
  guint units;
  guint shields;
  guint open;
  guint segments;
  guint followers[CARC_MAX_PLAYERS];
  /*< private >*/
  gpointer padding[4]; /* room to grow: zero */
} CarcFeatureInfo;

/**
 * CarcFollowerInfo:
 * @player: its owner
 * @x: column of the piece it stands on
 * @y: row of that piece
 * @segment: the segment it stands on, an index on that piece's tile
 * @kind: the feature kind of that segment
 * @piece: the piece it stands on (carc_game_get_piece())
 * @figure: its figure kind (carc_game_get_figure_name()); 0 is the follower
 *
 * A figure on the board: a follower, or a figure of an expansion's kind.
 */
typedef struct _CarcFollowerInfo
{
  guint player;
  gint x;
  gint y;
  guint segment;
  CarcFeatureKind kind;
  guint piece;
  guint figure;
  /*< private >*/
  gpointer padding[4]; /* room to grow: zero */
} CarcFollowerInfo;

/**
 * CarcEventType:
 * @CARC_EVENT_TURN_STARTED: @player's turn starts with @tile in play
 * @CARC_EVENT_TILE_DISCARDED: @tile, drawn by @player, fits nowhere and leaves the game
 * @CARC_EVENT_TILE_PLACED: @tile placed at @x, @y with @rotation (player -1: the start tile)
 * @CARC_EVENT_FOLLOWER_DEPLOYED: @player put a figure of kind @figure (a follower, or an
 *   expansion's kind) on @segment of the tile at @x, @y
 * @CARC_EVENT_FEATURE_SCORED: the feature holding @segment of the tile at @x, @y scored
 *   @points per player (@final: during final scoring)
 * @CARC_EVENT_FOLLOWER_RETURNED: @player's figure of kind @figure at @x, @y, @segment went
 *   back to that kind's supply
 * @CARC_EVENT_GAME_OVER: the game ended; @points holds the final scores
 * @CARC_EVENT_TILE_DRAWN: @player chose to draw and drew @tile (after a choose phase)
 * @CARC_EVENT_PIECE_GIVEN: an expansion put @tile into @player's hand during the game
 *   (carc_game_give_piece())
 * @CARC_EVENT_TURN_PASSED: @player placed nothing in an end-of-game turn
 * @CARC_EVENT_POINTS_AWARDED: an expansion gave @player points outside a feature's scoring
 *   (carc_game_award(): @points, with one named item, carc_event_get_item())
 *
 * For events about a piece on the board, @piece is its index (carc_game_get_piece()); with
 * triangular pieces two pieces share a cell, and @rotation tells which corner a half holds.
 */
typedef enum
{
  CARC_EVENT_TURN_STARTED,
  CARC_EVENT_TILE_DISCARDED,
  CARC_EVENT_TILE_PLACED,
  CARC_EVENT_FOLLOWER_DEPLOYED,
  CARC_EVENT_FEATURE_SCORED,
  CARC_EVENT_FOLLOWER_RETURNED,
  CARC_EVENT_GAME_OVER,
  CARC_EVENT_TILE_DRAWN,
  CARC_EVENT_PIECE_GIVEN,
  CARC_EVENT_TURN_PASSED,
  CARC_EVENT_POINTS_AWARDED,
} CarcEventType;

/**
 * CarcScoreItem:
 * @name: what the points are for: "tiles", "shields", "cities" (the engine's), or an
 *   expansion's own ("bonus"); a static string
 * @count: how many of it (tiles, shields, ...); 0 for an item that counts nothing
 * @points: the points it is worth
 *
 * One line of a score's breakdown: @count × something = @points. A player's points in a
 * scoring are the sum of the points of its items (doc/engine-model.md, "Scoring").
 */
typedef struct _CarcScoreItem
{
  const char *name;
  guint count;
  guint points;
} CarcScoreItem;

/* The most items in one player's breakdown of one scoring. */
#define CARC_SCORE_MAX_ITEMS 8

/**
 * CarcScoreItems:
 * @n_items: the items used
 * @items: the items, in the order they were added: the first @n_items are used
 *
 * One player's breakdown of one scoring: a fixed array, so that scoring allocates nothing.
 */
typedef struct
{
  guint n_items;
  CarcScoreItem items[CARC_SCORE_MAX_ITEMS];
} CarcScoreItems;

/**
 * CarcEvent:
 * @type: what happened
 * @player: the player it concerns, or -1
 * @turn: the turn it happened in
 * @tile: (nullable): the tile it concerns
 * @x: column of the piece it concerns
 * @y: row of that piece
 * @rotation: that piece's rotation
 * @segment: the segment it concerns, an index on the piece's tile
 * @kind: that segment's feature kind
 * @location: that segment's sides and half-edges in board orientation (CARC_LOC_* bits)
 * @final: %TRUE during final scoring
 * @n_players: the game's players: the valid entries of @points
 * @points: points per player (carc_event_get_points())
 * @piece: the index of the piece it concerns (carc_game_get_piece())
 * @items: (skip): feature-scored and points-awarded events: the breakdown of @points, one
 *   #CarcScoreItems per player (@n_players of them); %NULL for other events. Read it with
 *   carc_event_get_n_items() and carc_event_get_item()
 * @figure: follower-deployed and follower-returned events: the figure's kind
 *   (carc_game_get_figure_name()); 0, the follower, for other events
 *
 * An engine event, as the event callback and the #CarcGame::event signal report it.
 * Which members are meaningful depends on @type (#CarcEventType).
 */
typedef struct _CarcEvent
{
  CarcEventType type;
  gint player;
  guint turn;
  const CarcTileType *tile;
  gint x;
  gint y;
  guint rotation;
  guint segment;
  CarcFeatureKind kind;
  guint32 location;
  gboolean final;
  guint n_players;
  guint points[CARC_MAX_PLAYERS];
  guint piece;
  const CarcScoreItems *items;
  guint figure;
  /*< private >*/
  gpointer padding[2]; /* room to grow: zero */
} CarcEvent;

const char *carc_event_type_to_string (CarcEventType type);

/**
 * CarcMoveType:
 * @CARC_MOVE_PLACE: the tile in play at x, y, rotation
 * @CARC_MOVE_DEPLOY: a figure (a follower unless @figure names another kind) on segment
 * @CARC_MOVE_SKIP: no follower
 * @CARC_MOVE_DRAW: draw instead of placing from the hand
 * @CARC_MOVE_PLACE_PIECE: hand piece @piece at x, y, rotation
 * @CARC_MOVE_PASS: nothing in an end-of-game turn
 * @CARC_MOVE_PLUGIN: a move type an expansion registered (carc_plugin_add_move()), named by
 *   @name, with the parameters @params says
 *
 * The kinds of recorded move. The move log plus the game's config replays the game exactly.
 */
typedef enum
{
  CARC_MOVE_PLACE,
  CARC_MOVE_DEPLOY,
  CARC_MOVE_SKIP,
  CARC_MOVE_DRAW,
  CARC_MOVE_PLACE_PIECE,
  CARC_MOVE_PASS,
  CARC_MOVE_PLUGIN,
} CarcMoveType;

/**
 * CarcMoveParams:
 * @CARC_MOVE_PARAM_X: the move has @x ("x", D-Bus "i")
 * @CARC_MOVE_PARAM_Y: the move has @y ("y", "i")
 * @CARC_MOVE_PARAM_ROTATION: the move has @rotation ("rotation", "u")
 * @CARC_MOVE_PARAM_SEGMENT: the move has @segment ("segment", "u")
 * @CARC_MOVE_PARAM_PIECE: the move has @piece ("piece", "u")
 * @CARC_MOVE_PARAM_FIGURE: the move has @figure ("figure", "s")
 * @CARC_MOVE_PARAM_TILE: the move has @tile ("tile", "s"): the id of the tile it concerns,
   one some loaded tile set has (a face-up piece a plugin move takes)
 *
 * The parameters a move carries (carc_move_get_params()), by name as in a record and in
 * D-Bus a{sv} (carc_move_to_args()).
 */
typedef enum /*< flags >*/
{
  CARC_MOVE_PARAM_X = 1 << 0,
  CARC_MOVE_PARAM_Y = 1 << 1,
  CARC_MOVE_PARAM_ROTATION = 1 << 2,
  CARC_MOVE_PARAM_SEGMENT = 1 << 3,
  CARC_MOVE_PARAM_PIECE = 1 << 4,
  CARC_MOVE_PARAM_FIGURE = 1 << 5,
  CARC_MOVE_PARAM_TILE = 1 << 6,
} CarcMoveParams;

/**
 * CarcMove:
 * @type: the kind of move
 * @x: column (place, place-piece)
 * @y: row (place, place-piece)
 * @rotation: rotation (place, place-piece)
 * @segment: segment (deploy)
 * @piece: the hand index (place-piece), or an index a plugin move gives it
 * @figure: (nullable): deploy: the figure kind's name, an interned string; %NULL for the
 *   follower (a deploy that names no kind deploys a follower)
 * @name: (nullable): a plugin move: its type's name, an interned string
 *   (carc_move_get_name() names every move)
 * @params: a plugin move: the parameters it carries (#CarcMoveParams); built-in moves carry
 *   those of their type
 * @tile: (nullable): a plugin move: the tile id it names (CARC_MOVE_PARAM_TILE), an interned
 *   string
 *
 * A move: recorded (carc_game_get_moves()), legal now (carc_game_list_moves()) or to make
 * (carc_game_apply_move()). Plain data: copied with a struct copy.
 */
typedef struct _CarcMove
{
  CarcMoveType type;
  gint x;
  gint y;
  guint rotation;
  guint segment;
  guint piece;
  const char *figure;
  const char *name;
  guint params;
  const char *tile;
  /*< private >*/
  guint reserved; /* room to grow: zero */
} CarcMove;

#define CARC_TYPE_PLACEMENT (carc_placement_get_type ())
GType carc_placement_get_type (void) G_GNUC_CONST;
CarcPlacement *carc_placement_copy (const CarcPlacement *placement);
void carc_placement_free (CarcPlacement *placement);
#define CARC_TYPE_DEPLOYMENT (carc_deployment_get_type ())
GType carc_deployment_get_type (void) G_GNUC_CONST;
CarcDeployment *carc_deployment_copy (const CarcDeployment *deployment);
void carc_deployment_free (CarcDeployment *deployment);
#define CARC_TYPE_PIECE_INFO (carc_piece_info_get_type ())
GType carc_piece_info_get_type (void) G_GNUC_CONST;
CarcPieceInfo *carc_piece_info_copy (const CarcPieceInfo *info);
void carc_piece_info_free (CarcPieceInfo *info);
#define CARC_TYPE_FEATURE_INFO (carc_feature_info_get_type ())
GType carc_feature_info_get_type (void) G_GNUC_CONST;
CarcFeatureInfo *carc_feature_info_copy (const CarcFeatureInfo *info);
void carc_feature_info_free (CarcFeatureInfo *info);
const guint *carc_feature_info_get_followers (const CarcFeatureInfo *info, guint *n_players);
#define CARC_TYPE_FOLLOWER_INFO (carc_follower_info_get_type ())
GType carc_follower_info_get_type (void) G_GNUC_CONST;
CarcFollowerInfo *carc_follower_info_copy (const CarcFollowerInfo *info);
void carc_follower_info_free (CarcFollowerInfo *info);
#define CARC_TYPE_EVENT (carc_event_get_type ())
GType carc_event_get_type (void) G_GNUC_CONST;
CarcEvent *carc_event_copy (const CarcEvent *event);
void carc_event_free (CarcEvent *event);
const guint *carc_event_get_points (const CarcEvent *event, guint *n_players);
const CarcTileType *carc_event_get_tile (const CarcEvent *event);
guint carc_event_get_n_items (const CarcEvent *event, guint player);
const CarcScoreItem *carc_event_get_item (const CarcEvent *event, guint player, guint index);
#define CARC_TYPE_SCORE_ITEM (carc_score_item_get_type ())
GType carc_score_item_get_type (void) G_GNUC_CONST;
CarcScoreItem *carc_score_item_copy (const CarcScoreItem *item);
void carc_score_item_free (CarcScoreItem *item);
const CarcTileType *carc_piece_info_get_tile (const CarcPieceInfo *info);
#define CARC_TYPE_MOVE (carc_move_get_type ())
GType carc_move_get_type (void) G_GNUC_CONST;
CarcMove *carc_move_copy (const CarcMove *move);
void carc_move_free (CarcMove *move);
const char *carc_move_get_name (const CarcMove *move);
guint carc_move_get_params (const CarcMove *move);
GVariant *carc_move_to_args (const CarcMove *move);
gboolean carc_move_init_from_args (CarcMove *move, const char *name, GVariant *args,
                                   GError **error);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcPlacement, carc_placement_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcDeployment, carc_deployment_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcPieceInfo, carc_piece_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcFeatureInfo, carc_feature_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcFollowerInfo, carc_follower_info_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcEvent, carc_event_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcScoreItem, carc_score_item_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcMove, carc_move_free)

#define CARC_TYPE_GAME (carc_game_get_type ())
G_DECLARE_FINAL_TYPE (CarcGame, carc_game, CARC, GAME, GObject)

/**
 * CarcEventFunc:
 * @game: the game
 * @event: (transfer none): what happened; valid during the call only
 * @user_data: the data given with the function
 *
 * The event callback (carc_game_set_event_func()). The #CarcGame::event signal reports
 * the same events.
 */
typedef void (*CarcEventFunc) (CarcGame *game, const CarcEvent *event, gpointer user_data);

CarcGame *carc_game_new (const CarcGameConfig *config, GError **error);
CarcGame *carc_game_new_with_signals (const CarcGameConfig *config, GError **error);
void carc_game_set_event_signals (CarcGame *self, gboolean enabled);
gboolean carc_game_get_event_signals (CarcGame *self);
CarcGame *carc_game_new_full (const CarcGameConfig *config, CarcEventFunc func, gpointer user_data,
                              GDestroyNotify destroy, GError **error);
void carc_game_set_event_func (CarcGame *self, CarcEventFunc func, gpointer user_data,
                               GDestroyNotify destroy);
const CarcGameConfig *carc_game_get_config (CarcGame *self);

CarcPhase carc_game_get_phase (CarcGame *self);
guint carc_game_get_n_players (CarcGame *self);
guint carc_game_get_current_player (CarcGame *self);
guint carc_game_get_turn (CarcGame *self);
const CarcTileType *carc_game_get_current_tile (CarcGame *self);
guint carc_game_get_tiles_left (CarcGame *self);
guint carc_game_get_score (CarcGame *self, guint player);
guint *carc_game_get_scores (CarcGame *self, guint *n_players);
guint carc_game_get_supply (CarcGame *self, guint player);
guint carc_game_get_n_figures (CarcGame *self);
const char *carc_game_get_figure_name (CarcGame *self, guint figure);
gint carc_game_find_figure (CarcGame *self, const char *name);
guint carc_game_get_figure_supply (CarcGame *self, guint figure, guint player);

const CarcPlacement *carc_game_get_placements (CarcGame *self, guint *n_placements);
guint carc_game_get_n_placements (CarcGame *self);
gboolean carc_game_get_placement (CarcGame *self, guint index, CarcPlacement *placement);
gboolean carc_game_can_place (CarcGame *self, gint x, gint y, guint rotation);
gboolean carc_game_place (CarcGame *self, gint x, gint y, guint rotation, GError **error);
const CarcDeployment *carc_game_get_deployments (CarcGame *self, guint *n_deployments);
gboolean carc_game_deploy (CarcGame *self, guint figure, guint segment, GError **error);
gboolean carc_game_skip (CarcGame *self, GError **error);
gboolean carc_game_preview_deployments (CarcGame *self, const CarcMove *move,
                                        CarcDeployment **deployments, guint *n_deployments,
                                        GError **error);
gboolean carc_game_apply_moves (CarcGame *self, const CarcMove *moves, guint n_moves,
                                GError **error);

gboolean carc_game_can_draw (CarcGame *self);
gboolean carc_game_can_pass (CarcGame *self);
gboolean carc_game_draw (CarcGame *self, GError **error);
gboolean carc_game_pass (CarcGame *self, GError **error);
guint carc_game_get_hand_size (CarcGame *self, guint player);
const CarcTileType *carc_game_get_hand_piece (CarcGame *self, guint player, guint index);
gboolean carc_game_get_hands_open (CarcGame *self);
const CarcPlacement *carc_game_get_piece_placements (CarcGame *self, guint index,
                                                     guint *n_placements);
gboolean carc_game_place_piece (CarcGame *self, guint index, gint x, gint y, guint rotation,
                                GError **error);

guint carc_game_get_n_pieces (CarcGame *self);
gboolean carc_game_get_piece (CarcGame *self, guint index, CarcPieceInfo *info);
gboolean carc_game_get_piece_at (CarcGame *self, gint x, gint y, CarcPieceInfo *info);
CarcPieceInfo **carc_game_list_pieces_at (CarcGame *self, gint x, gint y, guint *n_pieces);
void carc_game_get_bounds (CarcGame *self, gint *min_x, gint *min_y, gint *max_x, gint *max_y);
gboolean carc_game_get_feature (CarcGame *self, gint x, gint y, guint segment,
                                CarcFeatureInfo *info);
gboolean carc_game_get_piece_feature (CarcGame *self, guint piece, guint segment,
                                      CarcFeatureInfo *info);
guint carc_game_get_piece_feature_id (CarcGame *self, guint piece, guint segment);
gboolean carc_game_is_piece_feature_complete (CarcGame *self, guint piece, guint segment);
gboolean carc_game_get_feature_segments (CarcGame *self, guint piece, guint segment, guint **pieces,
                                         guint **segments, guint *n_segments);
guint carc_game_get_n_followers (CarcGame *self);
gint carc_game_find_follower (CarcGame *self, guint from, gint figure, gint player);
gboolean carc_game_get_follower (CarcGame *self, guint index, CarcFollowerInfo *info);

const CarcMove *carc_game_get_moves (CarcGame *self, guint *n_moves);
GPtrArray *carc_game_list_moves (CarcGame *self, guint player);
const char *carc_game_get_phase_name (CarcGame *self);
const char *carc_game_get_phase_owner (CarcGame *self);
gboolean carc_game_apply_move (CarcGame *self, const CarcMove *move, GError **error);
CarcGame *carc_game_replay (const CarcGameConfig *config, const CarcMove *moves, guint n_moves,
                            GError **error);

CarcGame *carc_game_copy (CarcGame *self, GError **error);
void carc_game_redeal_hidden (CarcGame *self, gint viewer, CarcRng *rng);

G_END_DECLS
