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

#include <glib-object.h>
#include "carc-types.h"
#include "carc-tile.h"

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
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CarcGameConfig, carc_game_config_unref)

/**
 * CarcPhase:
 * @CARC_PHASE_PLACE: the current player must place the tile in play
 * @CARC_PHASE_DEPLOY: the tile is placed; the player may deploy a follower on it, or skip
 * @CARC_PHASE_OVER: the game has ended and final scoring is done
 * @CARC_PHASE_CHOOSE: before drawing: the current player may draw (carc_game_draw()) or
 *   place a piece from the hand instead (carc_game_place_piece()); once the draw pile is
 *   empty, place a piece or (when allowed) pass (carc_game_pass())
 * @CARC_PHASE_DRAFT: before the first turn the current player picks a face-up piece
 *   (carc_game_pick())
 */
typedef enum
{
  CARC_PHASE_PLACE,
  CARC_PHASE_DEPLOY,
  CARC_PHASE_OVER,
  CARC_PHASE_CHOOSE,
  CARC_PHASE_DRAFT,
} CarcPhase;

/* A legal placement of the tile in play. */
typedef struct
{
  gint x;
  gint y;
  guint rotation;
} CarcPlacement;

/* A follower deployment offered on the tile just placed: the segment's index on the tile,
 * its feature kind, and the sides and half-edges it touches in board orientation. */
typedef struct
{
  guint segment;
  CarcFeatureKind kind;
  guint32 location;
} CarcDeployment;

/* One piece on the board. */
typedef struct
{
  const CarcTileType *tile;
  gint x;
  gint y;
  guint rotation;
  gint player; /* who placed it; -1 for the start tile */
  guint index; /* pieces are numbered in the order they were placed */
} CarcPieceInfo;

/* A feature as it stands: the segment it was asked for belongs to it. @id is the same for every
 * segment of the feature at this moment (it may change when features join), so a client can
 * group the segments of the board into features. */
typedef struct
{
  guint id;
  CarcFeatureKind kind;
  gboolean complete;
  guint units;    /* distinct tiles (counting units) it covers */
  guint shields;  /* cities: shields in it */
  guint open;     /* roads and cities: open ports left */
  guint segments; /* segments joined into it */
  guint followers[CARC_MAX_PLAYERS];
} CarcFeatureInfo;

/* A follower on the board. */
typedef struct
{
  guint player;
  gint x;
  gint y;
  guint segment;
  CarcFeatureKind kind;
  guint piece; /* the piece it stands on */
} CarcFollowerInfo;

/**
 * CarcEventType:
 * @CARC_EVENT_TURN_STARTED: @player's turn starts with @tile in play
 * @CARC_EVENT_TILE_DISCARDED: @tile, drawn by @player, fits nowhere and leaves the game
 * @CARC_EVENT_TILE_PLACED: @tile placed at @x, @y with @rotation (player -1: the start tile)
 * @CARC_EVENT_FOLLOWER_DEPLOYED: @player put a follower on @segment of the tile at @x, @y
 * @CARC_EVENT_FEATURE_SCORED: the feature holding @segment of the tile at @x, @y scored
 *   @points per player (@final: during final scoring)
 * @CARC_EVENT_FOLLOWER_RETURNED: @player's follower at @x, @y, @segment went back to the supply
 * @CARC_EVENT_GAME_OVER: the game ended; @points holds the final scores
 * @CARC_EVENT_TILE_DRAWN: @player chose to draw and drew @tile (after a choose phase)
 * @CARC_EVENT_PIECE_PICKED: @player picked @tile from the draft pool
 * @CARC_EVENT_TURN_PASSED: @player placed nothing in an end-of-game turn
 *
 * For events about a piece on the board, @piece is its index (carc_game_get_piece()); with
 * half tiles two pieces share a cell, and @rotation tells which corner a half holds.
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
  CARC_EVENT_PIECE_PICKED,
  CARC_EVENT_TURN_PASSED,
} CarcEventType;

typedef struct
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
} CarcEvent;

const char *carc_event_type_to_string (CarcEventType type);

/* A recorded move. The move log plus the game's config replays the game exactly.
 * PLACE: the tile in play at x, y, rotation. DEPLOY: a follower on segment. SKIP: no
 * follower. DRAW: draw instead of placing from the hand. PLACE_PIECE: hand piece @piece at
 * x, y, rotation. PASS: nothing in an end-of-game turn. PICK: draft pool piece @piece. */
typedef enum
{
  CARC_MOVE_PLACE,
  CARC_MOVE_DEPLOY,
  CARC_MOVE_SKIP,
  CARC_MOVE_DRAW,
  CARC_MOVE_PLACE_PIECE,
  CARC_MOVE_PASS,
  CARC_MOVE_PICK,
} CarcMoveType;

typedef struct
{
  CarcMoveType type;
  gint x;
  gint y;
  guint rotation;
  guint segment;
  guint piece;
} CarcMove;

#define CARC_TYPE_GAME (carc_game_get_type ())
G_DECLARE_FINAL_TYPE (CarcGame, carc_game, CARC, GAME, GObject)

typedef void (*CarcEventFunc) (CarcGame *game, const CarcEvent *event, gpointer user_data);

CarcGame *carc_game_new (const CarcGameConfig *config, GError **error);
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
guint carc_game_get_supply (CarcGame *self, guint player);

const CarcPlacement *carc_game_get_placements (CarcGame *self, guint *n_placements);
guint carc_game_get_n_placements (CarcGame *self);
gboolean carc_game_get_placement (CarcGame *self, guint index, CarcPlacement *placement);
gboolean carc_game_can_place (CarcGame *self, gint x, gint y, guint rotation);
gboolean carc_game_place (CarcGame *self, gint x, gint y, guint rotation, GError **error);
const CarcDeployment *carc_game_get_deployments (CarcGame *self, guint *n_deployments);
gboolean carc_game_deploy (CarcGame *self, guint segment, GError **error);
gboolean carc_game_skip (CarcGame *self, GError **error);

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
guint carc_game_get_pool_size (CarcGame *self);
const CarcTileType *carc_game_get_pool_piece (CarcGame *self, guint index);
gboolean carc_game_pick (CarcGame *self, guint index, GError **error);

guint carc_game_get_n_pieces (CarcGame *self);
gboolean carc_game_get_piece (CarcGame *self, guint index, CarcPieceInfo *info);
gboolean carc_game_get_piece_at (CarcGame *self, gint x, gint y, CarcPieceInfo *info);
void carc_game_get_bounds (CarcGame *self, gint *min_x, gint *min_y, gint *max_x, gint *max_y);
gboolean carc_game_get_feature (CarcGame *self, gint x, gint y, guint segment,
                                CarcFeatureInfo *info);
gboolean carc_game_get_piece_feature (CarcGame *self, guint piece, guint segment,
                                      CarcFeatureInfo *info);
guint carc_game_get_n_followers (CarcGame *self);
gboolean carc_game_get_follower (CarcGame *self, guint index, CarcFollowerInfo *info);

const CarcMove *carc_game_get_moves (CarcGame *self, guint *n_moves);
gboolean carc_game_apply_move (CarcGame *self, const CarcMove *move, GError **error);
CarcGame *carc_game_replay (const CarcGameConfig *config, const CarcMove *moves, guint n_moves,
                            GError **error);

G_END_DECLS
