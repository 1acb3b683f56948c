/* scenario.h: a small harness for rule-scenario tests (tests/engine/test-rules.c).
 *
 * A Scenario is one game with an explicit tile order, a record of the events it emitted and
 * assertion helpers that report the caller's line. Every helper that makes a move asserts
 * that the move succeeded; the scenario_expect_*() helpers assert that a move fails with a
 * given CarcError and that the failed call changed nothing.
 */
#pragma once

#include <check.h>
#include "carcassonne.h"

G_BEGIN_DECLS

/* Pass as the segment of scenario_turn() to skip the deployment. */
#define SCENARIO_SKIP (-1)

/* One CARC_EVENT_FEATURE_SCORED event as it was reported. */
typedef struct
{
  CarcFeatureKind kind;
  gboolean final;
  gint x;
  gint y;
  guint segment;
  guint points[CARC_MAX_PLAYERS];
  CarcScoreItems items[CARC_MAX_PLAYERS]; /* the breakdown of points[] */
} ScenarioScore;

/* One CARC_EVENT_TILE_DISCARDED event. */
typedef struct
{
  gint player;
  char *tile_id;
} ScenarioDiscard;

typedef struct
{
  CarcTileSet *tiles;
  CarcGame *game;
  guint n_players;
  GArray *scores;      /* ScenarioScore, in order */
  GPtrArray *awards;   /* POINTS_AWARDED events as "player:name*count=points", " final"
                        * added during final scoring, in order */
  GArray *discards;    /* ScenarioDiscard, in order */
  GArray *event_types; /* CarcEventType of every event, in order */
} Scenario;

/* Everything a failed call must leave as it was. */
typedef struct
{
  CarcPhase phase;
  guint current;
  guint turn;
  guint tiles_left;
  guint n_pieces;
  guint n_followers;
  guint n_moves;
  guint score[CARC_MAX_PLAYERS];
  guint supply[CARC_MAX_PLAYERS];
  guint n_placements;
  CarcPlacement *placements;
  guint n_deployments;
  CarcDeployment *deployments;
  guint n_events;
  guint hand[CARC_MAX_PLAYERS];
} ScenarioSnapshot;

/* Creating games. @tiles is the NULL-terminated draw pile (the start tile D is not in it). */
Scenario *scenario_new (guint n_players, const char *const *tiles);
Scenario *scenario_new_full (guint n_players, guint followers, const char *const *tiles);
/* A base game with the core's rule options: NULL-terminated "name=value" strings. */
Scenario *scenario_new_with_rules (guint n_players, const char *const *rules,
                                   const char *const *tiles);
Scenario *scenario_new_with_data (guint n_players, const char *tile_data, const char *const *tiles);
/* A game with expansion plugins (comma-separated names, loaded from the build tree) and
 * explicit hands: @hands[p] is player p's NULL-terminated hand, or NULL to let the expansions
 * deal it; @hands itself may be NULL. */
Scenario *scenario_new_expansions (guint n_players, const char *expansions,
                                   const char *const *tiles, const char *const *const *hands);
/* The same with options: NULL-terminated "expansion.option=value" strings. */
Scenario *scenario_new_expansions_full (guint n_players, const char *expansions,
                                        const char *const *options, const char *const *tiles,
                                        const char *const *const *hands);
void scenario_free (Scenario *sc);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Scenario, scenario_free)

/* Moves (each asserts success; the _at variants are called through the macros below). */
void scenario_place_at (Scenario *sc, const char *file, int line, gint x, gint y, guint rotation);
void scenario_deploy_at (Scenario *sc, const char *file, int line, guint segment);
void scenario_skip_at (Scenario *sc, const char *file, int line);
void scenario_turn_at (Scenario *sc, const char *file, int line, gint x, gint y, guint rotation,
                       gint segment);
#define scenario_place(sc, x, y, r) scenario_place_at ((sc), __FILE__, __LINE__, (x), (y), (r))
#define scenario_deploy(sc, seg)    scenario_deploy_at ((sc), __FILE__, __LINE__, (seg))
#define scenario_skip(sc)           scenario_skip_at ((sc), __FILE__, __LINE__)
#define scenario_turn(sc, x, y, r, s)                                                              \
  scenario_turn_at ((sc), __FILE__, __LINE__, (x), (y), (r), (s))

/* Moves of expansion games: draw instead of placing from the hand; place hand piece @index;
 * pass an end-of-game turn. scenario_piece_turn() places and deploys (or skips). */
void scenario_draw_at (Scenario *sc, const char *file, int line);
void scenario_piece_at (Scenario *sc, const char *file, int line, guint index, gint x, gint y,
                        guint rotation);
void scenario_piece_turn_at (Scenario *sc, const char *file, int line, guint index, gint x, gint y,
                             guint rotation, gint segment);
void scenario_pass_at (Scenario *sc, const char *file, int line);
void scenario_expect_piece_error_at (Scenario *sc, const char *file, int line, guint index, gint x,
                                     gint y, guint rotation, CarcError code);
void scenario_expect_pass_error_at (Scenario *sc, const char *file, int line, CarcError code);
#define scenario_draw(sc) scenario_draw_at ((sc), __FILE__, __LINE__)
#define scenario_piece(sc, i, x, y, r)                                                             \
  scenario_piece_at ((sc), __FILE__, __LINE__, (i), (x), (y), (r))
#define scenario_piece_turn(sc, i, x, y, r, s)                                                     \
  scenario_piece_turn_at ((sc), __FILE__, __LINE__, (i), (x), (y), (r), (s))
#define scenario_pass(sc) scenario_pass_at ((sc), __FILE__, __LINE__)
#define scenario_expect_piece_error(sc, i, x, y, r, code)                                          \
  scenario_expect_piece_error_at ((sc), __FILE__, __LINE__, (i), (x), (y), (r), (code))
#define scenario_expect_pass_error(sc, code)                                                       \
  scenario_expect_pass_error_at ((sc), __FILE__, __LINE__, (code))

/* Failing moves: each asserts the call fails with @code and that nothing changed. */
void scenario_expect_place_error_at (Scenario *sc, const char *file, int line, gint x, gint y,
                                     guint rotation, CarcError code);
void scenario_expect_deploy_error_at (Scenario *sc, const char *file, int line, guint segment,
                                      CarcError code);
void scenario_expect_skip_error_at (Scenario *sc, const char *file, int line, CarcError code);
#define scenario_expect_place_error(sc, x, y, r, code)                                             \
  scenario_expect_place_error_at ((sc), __FILE__, __LINE__, (x), (y), (r), (code))
#define scenario_expect_deploy_error(sc, seg, code)                                                \
  scenario_expect_deploy_error_at ((sc), __FILE__, __LINE__, (seg), (code))
#define scenario_expect_skip_error(sc, code)                                                       \
  scenario_expect_skip_error_at ((sc), __FILE__, __LINE__, (code))

/* Snapshots (used by the expect helpers; also usable directly). */
void scenario_snapshot_take (Scenario *sc, ScenarioSnapshot *snap);
void scenario_snapshot_assert_same_at (Scenario *sc, const char *file, int line,
                                       const ScenarioSnapshot *snap);
void scenario_snapshot_clear (ScenarioSnapshot *snap);

/* Queries. */
guint scenario_score (Scenario *sc, guint player);
guint scenario_supply (Scenario *sc, guint player);
CarcPhase scenario_phase (Scenario *sc);
guint scenario_current_player (Scenario *sc);
const char *scenario_current_tile (Scenario *sc);
gboolean scenario_can_deploy (Scenario *sc, guint segment);
guint scenario_n_deployments (Scenario *sc);
gboolean scenario_placements_contain_cell (Scenario *sc, gint x, gint y);
void scenario_feature_at (Scenario *sc, const char *file, int line, gint x, gint y, guint segment,
                          CarcFeatureInfo *info);
#define scenario_feature(sc, x, y, seg, info)                                                      \
  scenario_feature_at ((sc), __FILE__, __LINE__, (x), (y), (seg), (info))
/* Followers of @player standing in the feature of (x, y, segment). */
guint scenario_followers_in (Scenario *sc, gint x, gint y, guint segment, guint player);
/* Followers of @player on the board (any feature). */
guint scenario_followers_on_board (Scenario *sc, guint player);

/* Recorded FEATURE_SCORED events. */
guint scenario_n_scores (Scenario *sc);
const ScenarioScore *scenario_score_event (Scenario *sc, guint index);
/* Points @player got from FEATURE_SCORED events, during the game (final FALSE) or final. */
guint scenario_points_scored (Scenario *sc, guint player, gboolean final);
/* Number of FEATURE_SCORED events of @kind (during the game or final). */
guint scenario_n_scores_of_kind (Scenario *sc, CarcFeatureKind kind, gboolean final);

/* The breakdown of @player's points in scoring event @index, "name*count=points" items in
 * their order, joined by ' ' ("tiles*3=6 shields*1=2"; "" for none). Free it. The same for
 * POINTS_AWARDED event @index (its player's item). */
char *scenario_score_items (Scenario *sc, guint index, guint player);
#define scenario_assert_items(sc, index, player, expected)                                         \
  do                                                                                               \
    {                                                                                              \
      g_autofree char *got_ = scenario_score_items ((sc), (index), (player));                      \
      ck_assert_str_eq (got_, (expected));                                                         \
    }                                                                                              \
  while (0)
/* Asserts that scoring event @index scored a feature of @kind during the game (final FALSE)
 * or at the end, and gave @player @points with the breakdown @items (scenario_score_items()). */
void scenario_expect_score_at (Scenario *sc, const char *file, int line, guint index,
                               CarcFeatureKind kind, gboolean final, guint player, guint points,
                               const char *items);
#define scenario_expect_score(sc, index, kind, final, player, points, items)                       \
  scenario_expect_score_at ((sc), __FILE__, __LINE__, (index), (kind), (final), (player),          \
                            (points), (items))
guint scenario_n_awards (Scenario *sc);
char *scenario_award (Scenario *sc, guint index);

/* Recorded TILE_DISCARDED events. */
guint scenario_n_discards (Scenario *sc);
const ScenarioDiscard *scenario_discard_event (Scenario *sc, guint index);

/* All recorded event types; scenario_n_events_of_type() counts one type. */
guint scenario_n_events (Scenario *sc);
CarcEventType scenario_event_type (Scenario *sc, guint index);
guint scenario_n_events_of_type (Scenario *sc, CarcEventType type);

G_END_DECLS
