/* jcz-record.h: one game played by JCloisterZone, read from its record (JSON Lines, format
 * tests/data/conformance/README.md) into plain C values, every member checked: what the
 * replay reads is here, typed and in range, or the reader refused the record. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define JCZ_RECORD_ERROR (jcz_record_error_quark ())
GQuark jcz_record_error_quark (void);

typedef enum
{
  JCZ_RECORD_ERROR_INVALID, /* not a record of this format: the message names the line */
  JCZ_RECORD_ERROR_TOO_BIG, /* more than JCZ_RECORD_MAX_BYTES of text */
} JczRecordError;

/* The most text a record may hold once uncompressed (the vendored ones are below 100 KB). */
#define JCZ_RECORD_MAX_BYTES (16u * 1024 * 1024)
/* Players in a record: 1 .. JCZ_MAX_PLAYERS (the engine refuses what it cannot play). */
#define JCZ_MAX_PLAYERS 6

typedef enum
{
  JCZ_ACTION_PASS,  /* "action": null, an end-round abbey pass */
  JCZ_ACTION_TILE,  /* the drawn tile placed */
  JCZ_ACTION_ABBEY, /* the abbey placed in a hole instead of drawing */
} JczActionType;

/* A figure type's supply after a turn (format 2's "supply_figures"). */
typedef struct
{
  char *figure; /* JCZ's type: BigFollower, Builder, ... */
  guint supply[JCZ_MAX_PLAYERS];
} JczFigureSupply;

/* A wagon's decision after its feature scored (format 2's "wagon_moves"): a move to a tile
 * part, or a pass (it stays home). */
typedef struct
{
  guint player;
  gboolean pass;
  gint x, y;      /* the move's target: its tile */
  char *feature;  /* City, Road, Monastery */
  char **edges;   /* our tile data's side and half-edge names of the target part */
  char *location; /* JCZ's name of the part, for messages */
} JczWagonMove;

typedef struct
{
  guint turn;
  guint player; /* < the header's players */
  gboolean abbey_pass;
  gboolean double_turn; /* format 2: the builder's extra turn part */
  JczActionType action;
  char *ctn; /* JCZ_ACTION_TILE: our tile id */
  gint x, y; /* JCZ_ACTION_TILE and JCZ_ACTION_ABBEY */
  guint rot; /* JCZ_ACTION_TILE: 0 .. 3, in our tile data's orientation */
  gboolean meeple;
  char *meeple_figure;     /* JCZ's figure type; SmallFollower where the record names none */
  char *meeple_feature;    /* City, Road, Field, Monastery */
  char *meeple_location;   /* JCZ's name of the part, for messages */
  char **meeple_edges;     /* our tile data's side and half-edge names */
  gint meeple_x, meeple_y; /* the tile the meeple's part is on (a barn's: see meeple_corner) */
  gboolean meeple_corner;  /* a barn: it stands at the NW corner of (meeple_x, meeple_y) */
  GPtrArray *wagon_moves;  /* JczWagonMove, in JCZ's order; empty where the record has none */
  char **discarded;        /* JCZ tile ids */
  GPtrArray *scoring;      /* "Feature:p0,p1,..." per scoring event, as recorded */
  guint score[JCZ_MAX_PLAYERS];
  gboolean has_supply; /* FALSE on the turn that ends the game */
  guint supply[JCZ_MAX_PLAYERS];
  GPtrArray *supply_figures; /* JczFigureSupply, as recorded; empty where the record has none */
  GPtrArray *goods; /* format 2's "trade_goods": "player:item*count" per token kind received */
} JczTurn;

typedef struct
{
  char *config; /* the configuration's name, e.g. "abbey3p" */
  guint players;
  guint followers;
  gboolean farmers;
  char **expansions; /* "base" included */
  char **draw_order; /* JCZ tile ids */
  GPtrArray *turns;  /* of JczTurn */
  guint final_score[JCZ_MAX_PLAYERS];
  GPtrArray *final_scoring; /* as JczTurn.scoring */
  char **final_discarded;
  GPtrArray *final_goods; /* format 2's "goods": "player:item*count", counts above 0 only */
} JczGame;

JczGame *jcz_game_parse (const char *text, gsize length, GError **error);
JczGame *jcz_game_load (const char *path, GError **error);
void jcz_game_free (JczGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (JczGame, jcz_game_free)

G_END_DECLS
