/* mayor-private.h: the per-game state the files of the Abbey & Mayor plugin share
 * (mayor.c: the plugin, the tiles and the mayor; wagon.c: the wagon's move; barn.c: the barn). */
#pragma once

#include <carcassonne.h>

/* How the barn's field is being scored (barn.c): the engine asks the barn's strength and the
 * score hooks read it. */
typedef enum
{
  BARN_SCORING_NONE,      /* an ordinary scoring: at the end the barns hold their field */
  BARN_SCORING_PLACED,    /* a barn just arrived: its field's farmers score as at the end */
  BARN_SCORING_CONNECTED, /* farmers joined a barn field: 1 per completed city */
} BarnScoring;

/* A wagon whose feature was scored this tile part: it may move on (D25, D26). */
typedef struct
{
  guint player;
  guint piece;   /* where it stood: the C2 range is the 3x3 cells around this piece */
  guint segment; /* and on which segment: C1 starts from that (completed) feature */
} MayorWagon;

/* A segment of a piece: where a barn stands. */
typedef struct
{
  guint piece;
  guint segment;
} MayorSpot;

typedef struct
{
  gint wagon, barn;     /* the game's figure kinds (carc_game_find_figure()), -1: none */
  gboolean barn_shared; /* option "barn-into-barn-field" (JCZ barn-placement=occupied) */
  gboolean wagon_c1;    /* option "wagon-c1" (JCZ wagon-move=C1) */
  BarnScoring barn_scoring;
  GArray *wagons;    /* MayorWagon, in the order they will move */
  GArray *barn_at;   /* MayorSpot: where each barn deployed stands (barns never move) */
  guint turn_player; /* whose tile part it was, while the wagons move */
} MayorGame;

/* wagon.c */
void mayor_wagon_completed (CarcGame *game, gpointer data, const CarcScoring *scoring);
const char *mayor_wagon_claim_phase (CarcGame *game, gpointer data, CarcPhasePoint point);
void mayor_wagon_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes);
extern const CarcMoveDef mayor_wagon_move, mayor_wagon_pass;

/* barn.c */
gboolean mayor_field_has_barn (CarcGame *game, const MayorGame *mg, guint piece, guint segment);
guint mayor_barn_strength (CarcGame *game, gpointer data, const CarcScoring *scoring, guint player);
CarcPlaceVerdict mayor_barn_check_deploy (CarcGame *game, gpointer data, guint figure,
                                          guint segment);
void mayor_barn_turn_scored (CarcGame *game, gpointer data);
void mayor_barn_score_override (CarcGame *game, gpointer data, CarcScoring *scoring);
