/* game.h: what carcassonnectl knows of one game: its properties, its players, its tile types
 * and board, read over D-Bus into the renderer's plain structs (board.h). */
#pragma once
#include <dbus/dbus.h>
#include <glib.h>
#include "board.h"

G_BEGIN_DECLS

typedef enum
{
  CTL_STATE_WAITING = 0,
  CTL_STATE_PLACING = 1,
  CTL_STATE_DEPLOYING = 2,
  CTL_STATE_OVER = 3,
  CTL_STATE_CHOOSING = 4, /* before drawing: Draw, or PlacePiece from the hand (Pass at the end) */
  /* 5 is no longer used (doc/dbus-game.md) */
  CTL_STATE_PLUGIN = 6, /* an expansion's phase: 'moves', 'move N' */
} CtlState;

typedef struct
{
  char *path;
  const char *name;
  guint state, seats, turn, tiles_left;
  const char *tile;       /* in play, "" for none */
  const char *active;     /* ActivePlayer, "/" for none */
  const char *state_hash; /* StateHash, "" for none (or a daemon without it) */
  guint64 sequence;       /* the sequence number the state is valid at (GetSnapshot); 0 for a
                           * daemon without sequence numbers */
  GVariant *options;

  /* By seat (n_players == seats); a free seat has path NULL. */
  CtlPlayer *players;
  const char **player_paths;
  guint *hand_sizes;       /* pieces in each player's hand */
  const char **strategies; /* each bot's spec (Player.Strategy), "" for a client's seat */
  guint n_players;

  CtlTileType *types;
  guint n_types;
  CtlPlacedTile *tiles;
  guint n_tiles;
  CtlFollower *followers;
  guint n_followers;
  const char **figures; /* the game's figure kinds in its order (Player.Figures) */
  guint n_figures;
  GPtrArray *attribute_lists; /* the segments' attribute name lists (owned) */

  GStringChunk *strings; /* every string the structs above point to */
} CtlGame;

/* Reads the game's properties, players, tile types and board. */
CtlGame *ctl_game_new (DBusConnection *conn, const char *path, GError **error);
/* Reads properties and players again, and the board unless @board is FALSE: one GetSnapshot
 * (which brings the board in any case), or separate reads from a daemon without it. */
gboolean ctl_game_refresh (CtlGame *game, DBusConnection *conn, gboolean board, GError **error);
void ctl_game_free (CtlGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CtlGame, ctl_game_free)

/* Follow the game from its signals, between two reads: a tile placed, a follower put on a
 * segment of the tile placed last at x, y (one fewer in its player's supply) or back to the
 * supply. */
void ctl_game_add_tile (CtlGame *game, const char *id, gint x, gint y, guint rotation);
/* @figure: the figure kind's name (FollowerDeployed, FollowerReturned): only "follower"
 * changes the player's count of followers in the supply. */
/* @piece: the piece the figure stands on (the signals' piece index, which is the index of
 * ctl_game_add_tile()'s tiles): exact where a cell holds two triangular pieces. A follower read
 * from an old daemon's GetBoard has no piece: it is found by x, y, segment. */
void ctl_game_add_follower (CtlGame *game, gint seat, guint piece, gint x, gint y, guint segment,
                            const char *figure);
void ctl_game_remove_follower (CtlGame *game, guint piece, gint x, gint y, guint segment,
                               const char *figure);

/* The board for the renderer; @marks (x, y pairs) may be NULL. */
CtlBoard ctl_game_board (const CtlGame *game, const gint *marks, guint n_marks);
const CtlTileType *ctl_game_tile_type (const CtlGame *game, const char *id);
/* The seat of a Player path in this game, -1 if none. */
gint ctl_game_seat (const CtlGame *game, const char *player_path);
/* "ann (red)", the name coloured when @flags has CTL_RENDER_COLOR; "nobody" for "/". */
char *ctl_game_player_label (const CtlGame *game, gint seat, CtlRenderFlags flags);
const char *ctl_state_name (guint state);

/* GetHand: the tile ids in @player's hand (ours, or anyone's while hands are open). */
char **ctl_game_get_hand (DBusConnection *conn, const char *game, const char *player,
                          GError **error);

G_END_DECLS
