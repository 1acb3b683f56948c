/* fe-game.h: one game as the client sees it over D-Bus: the board, the moves open to the
 * seat, the players; refreshed after every signal, moves sent asynchronously. */
#pragma once

#include <gio/gio.h>
#include "carc-remote.h"
#include "fe-picture.h"

G_BEGIN_DECLS

/* Game.State */
enum
{
  FE_STATE_WAITING,
  FE_STATE_PLACING,
  FE_STATE_DEPLOYING,
  FE_STATE_OVER,
  FE_STATE_CHOOSING,
  FE_STATE_UNUSED, /* 5: no longer used (ABI 2) */
  FE_STATE_PLUGIN
};

typedef struct
{
  guint index;
  int x, y;
  char *tile;
  guint rotation;
  char *player; /* who placed it, "/" for the start tile */
} FePiece;

typedef struct
{
  char *player;
  guint piece, segment, kind;
} FeFollower;

typedef struct
{
  int x, y;
  guint rotation;
} FePlacement;

typedef struct
{
  char *figure;
  guint segment, kind;
} FeDeployment;

typedef struct
{
  char *type;
  GVariant *args;
} FeMove;

/* a segment of the board: segment of piece, at cell (x, y) */
typedef struct
{
  int x, y;
  guint piece, segment;
} FeSegmentRef;

typedef struct _FeGame FeGame;
typedef void (*FeGameFunc) (FeGame *game, gpointer data);
/* a feature scored: its segments (of FeSegmentRef), and the points of every seat added up */
typedef void (*FeScoredFunc) (FeGame *game, GArray *segments, guint points, gpointer data);

FeGame *fe_game_new (GDBusConnection *bus, const char *path, const char *player, const char *token,
                     GError **error);
void fe_game_free (FeGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeGame, fe_game_free)

void fe_game_set_funcs (FeGame *game, FeGameFunc changed, FeScoredFunc scored, FeGameFunc replied,
                        gpointer data);
void fe_game_refresh (FeGame *game);
void fe_log (const char *format, ...) G_GNUC_PRINTF (1, 2);
void fe_log_open (const char *path);

gint64 fe_game_take_signal_time (FeGame *game);
CarcRemoteGame *fe_game_proxy (FeGame *game);
char *fe_game_board_text (FeGame *game);
const char *fe_game_player (FeGame *game);
gboolean fe_game_my_turn (FeGame *game);
guint fe_game_state (FeGame *game);
GPtrArray *fe_game_players (FeGame *game);
const char *fe_game_colour (FeGame *game, const char *player);
GArray *fe_game_pieces (FeGame *game);
GArray *fe_game_followers (FeGame *game);
GArray *fe_game_placements (FeGame *game);
GArray *fe_game_deployments (FeGame *game);
GPtrArray *fe_game_moves (FeGame *game);
char **fe_game_hand (FeGame *game);
int fe_game_hand_selected (FeGame *game);
const char *fe_game_piece_in_play (FeGame *game);
const FeTileType *fe_game_tile_type (FeGame *game, const char *id);
char *fe_game_tile_svg (FeGame *game, const char *id);
GArray *fe_game_segment_geometry (FeGame *game, const char *id);
const FePiece *fe_game_last_piece (FeGame *game);
const char *fe_game_error (FeGame *game);
char *fe_move_label (const FeMove *move);

gboolean fe_game_composing (FeGame *game);
void fe_game_cancel (FeGame *game);
void fe_game_select_hand (FeGame *game, int index);
void fe_game_place (FeGame *game, const FePlacement *placement);
void fe_game_deploy (FeGame *game, const char *figure, guint segment);
void fe_game_skip (FeGame *game);
void fe_game_play (FeGame *game, const FeMove *move);
void fe_game_start (FeGame *game, const char *creator_token);

G_END_DECLS
