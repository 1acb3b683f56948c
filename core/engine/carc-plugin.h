/* carc-plugin.h: the whole API an expansion plugin sees (doc/plugin-guide.md).
 *
 * A plugin is a shared object with one descriptor, made by CARC_PLUGIN_DEFINE(). The host
 * (#CarcPluginHost) loads it with GModule, checks its ABI version and calls its init(),
 * which registers a hook table (carc_plugin_set_hooks()), tile data
 * (carc_plugin_add_tiles()) and options (carc_plugin_add_option()). A game that names the
 * plugin among its expansions calls the hooks, in priority order (lower first) among the
 * game's expansions. Every hook is optional.
 */
#pragma once

#if !defined(CARCASSONNE_INSIDE) && !defined(CARCASSONNE_COMPILATION)
#error "Only <carcassonne.h> can be included directly."
#endif

#include <glib-object.h>
#include <gmodule.h>
#include "carc-types.h"
#include "carc-tile.h"
#include "carc-game.h"

G_BEGIN_DECLS

/* The plugin ABI. A plugin built against major M minor N loads into a host of major M and
 * minor >= N. The major changes when a hook's signature or meaning changes; the minor when
 * hooks or API functions are added. */
#define CARC_PLUGIN_ABI_MAJOR 2
#define CARC_PLUGIN_ABI_MINOR 7

typedef struct _CarcPlugin CarcPlugin;
typedef struct _CarcSetup CarcSetup;

/**
 * CarcPluginDesc:
 * @abi_major: CARC_PLUGIN_ABI_MAJOR the plugin was built with
 * @abi_minor: CARC_PLUGIN_ABI_MINOR the plugin was built with
 * @name: the expansion's name: lower-case letters, digits and '-', 1-32 bytes
 * @description: one line for people
 * @version: the plugin's own version
 * @priority: hook order among a game's expansions: lower runs first
 * @init: registers hooks, tiles and options; %FALSE with @error set refuses the plugin
 * @exit: (nullable): called once before the plugin is dropped
 */
typedef struct
{
  guint abi_major;
  guint abi_minor;
  const char *name;
  const char *description;
  const char *version;
  gint priority;
  gboolean (*init) (CarcPlugin *plugin, GError **error);
  void (*exit) (CarcPlugin *plugin);
} CarcPluginDesc;

/* The symbol the host looks up in a plugin. */
#define CARC_PLUGIN_SYMBOL "carc_plugin_desc"

#define CARC_PLUGIN_DEFINE(name, description, version, priority, init, exit)                       \
  G_MODULE_EXPORT const CarcPluginDesc carc_plugin_desc = {                                        \
    CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, name, description, version, priority, init, exit \
  };

/* Priorities of the shipped plugins; plugin authors pick their own. */
#define CARC_PLUGIN_PRIORITY_HIGH    -100
#define CARC_PLUGIN_PRIORITY_DEFAULT 0
#define CARC_PLUGIN_PRIORITY_LOW     100

/**
 * CarcPlaceVerdict:
 * @CARC_PLACE_DEFAULT: no opinion: the base rules decide (an empty cell, or the free half of
 *   a cell; every touching edge matches; at least one edge continues the landscape)
 * @CARC_PLACE_ALLOW: allowed even without an edge that continues the landscape (the edges
 *   must still match and the cell must still be free)
 * @CARC_PLACE_VETO: refused, whatever the base rules say
 *
 * What the check_place hook says of a placement. A veto from any hook wins, then an allow.
 * A veto may come with a reason (the hook's @reason), which the engine's
 * CARC_ERROR_ILLEGAL_PLACEMENT for that placement ends with, so a client can show it.
 */
typedef enum
{
  CARC_PLACE_DEFAULT,
  CARC_PLACE_ALLOW,
  CARC_PLACE_VETO,
} CarcPlaceVerdict;

/**
 * CarcEndVerdict:
 * @CARC_END_STOP: this player gets no turn from this expansion, and it owes nobody else one:
 *   under its rules the game may end here (it ends at the first player with nothing to
 *   place; or a final round it holds is over)
 * @CARC_END_SKIP: this player gets no turn, but this expansion still owes a turn to a later
 *   player, so the game goes on to the next player (a final round of its own, while a later
 *   player still holds a piece it may place). It outranks every other expansion's STOP: answer
 *   it only while such a player exists, or no other expansion can end the game
 * @CARC_END_OFFER: this player gets a turn to place a piece from the hand, or pass
 * @CARC_END_REQUIRE: this player gets a turn and must place a piece from the hand
 *
 * Once the draw pile is empty, each turn the end_turn hooks decide: any REQUIRE or OFFER
 * gives the player a turn (REQUIRE wins: no pass); else any SKIP moves on to the next
 * player; else the game ends. A game where every player is skipped in a row ends too.
 * doc/rules.md ("D6 with D10") says how the shipped expansions combine.
 */
typedef enum
{
  CARC_END_STOP,
  CARC_END_SKIP,
  CARC_END_OFFER,
  CARC_END_REQUIRE,
} CarcEndVerdict;

/**
 * CarcScoring:
 * @kind: the feature's kind
 * @final: %TRUE during final scoring
 * @x: for a cloister-like feature its cell; otherwise the cell of one of its segments
 * @y: see @x
 * @piece: the piece (carc_game_get_piece() index) of that segment
 * @segment: the segment's index on that piece's tile
 * @complete: %TRUE if the feature is complete
 * @units: counting units (occupied cells) the feature covers; for a cloister the occupied
 *   cells of its neighbourhood, its own included; for a field the completed cities it borders
 * @shields: shields in a city
 * @n_players: the game's players: the valid entries of @strength and @points
 * @strength: each player's strength in the feature: the sum of its figures' strengths there
 *   (#CarcFigureDef: a follower 1; figures that only go along 0 unless their
 *   kind says otherwise)
 * @winners: the players who hold the majority (bit p: player p): the greatest strength, if
 *   above 0, after the tie_break hooks; 0 when nobody holds the feature
 * @points: each player's points, as named items: the engine fills in its own items for every
 *   winner, the score_adjust hooks add or change items, the score_override hooks may
 *   replace them (carc_scoring_add_item(), carc_scoring_find_item(),
 *   carc_scoring_clear_items()); each player then scores the sum of its items
 *
 * A feature being scored, as the scoring hooks see it (doc/plugin-guide.md, "Scoring"). It
 * lives on the engine's stack: hooks keep no pointer to it.
 */
typedef struct
{
  CarcFeatureKind kind;
  gboolean final;
  gint x;
  gint y;
  guint piece;
  guint segment;
  gboolean complete;
  guint units;
  guint shields;
  guint n_players;
  guint strength[CARC_MAX_PLAYERS];
  guint winners;
  CarcScoreItems points[CARC_MAX_PLAYERS];
} CarcScoring;

gboolean carc_scoring_add_item (CarcScoring *scoring, guint player, const char *name, guint count,
                                guint points);
void carc_scoring_add_item_to_winners (CarcScoring *scoring, const char *name, guint count,
                                       guint points);
CarcScoreItem *carc_scoring_find_item (CarcScoring *scoring, guint player, const char *name);
void carc_scoring_clear_items (CarcScoring *scoring, guint player);
void carc_scoring_replace_items (CarcScoring *scoring, const char *name, guint count, guint points);
guint carc_scoring_get_points (const CarcScoring *scoring, guint player);

/* The segment kinds a figure may stand on (#CarcFigureDef.stands): bit 1 << CarcFeatureKind;
 * anywhere is field, road, city and cloister: no figure stands on water. CARC_STANDS_CORNER
 * (ABI 2.1) is a place of its own: a corner of the tile just placed where four cells meet and
 * each is filled with field there (one field segment holds both half-edges that meet there,
 * or a cell's two triangular pieces one each, joined into one field); the figure then stands in
 * that field, on the placed tile's field segment at the corner (doc/plugin-guide.md, "Figures"). */
#define CARC_STANDS_ON(kind) (1u << (kind))
#define CARC_STANDS_ANYWHERE 0xfu
#define CARC_STANDS_CORNER   (1u << 8)

/**
 * CarcStrengthFunc:
 * @game: the game
 * @data: what the declaring expansion's setup hook returned
 * @scoring: the feature being scored: its kind, units and shields are measured, its
 *   strengths and winners not yet
 * @player: the figure's owner
 *
 * A figure kind's strength in a majority when it depends on the feature (a figure worth the
 * city's shields, 0 shields = 0). Called once for every figure of the kind in the feature.
 *
 * Returns: the strength this figure adds to @player's
 */
typedef guint (*CarcStrengthFunc) (CarcGame *game, gpointer data, const CarcScoring *scoring,
                                   guint player);

/**
 * CarcFigureDef:
 * @name: the kind's name, unique in a game: 1-32 lower-case letters, digits or '-'
 *   ("large-follower"); a static string. "follower" is the core's
 * @supply: how many each player starts with (carc_setup_set_supply() may change it per game)
 * @stands: the segment kinds it may stand on (CARC_STANDS_ON() bits); a game without farmers
 *   puts no figure on a field
 * @strength: its strength in a majority when @strength_func is %NULL (follower 1, large
 *   follower 2, a figure that only goes along 0)
 * @strength_func: (nullable): its strength computed per feature, instead of @strength
 * @accompanies: %FALSE for a figure that holds its feature (a follower): no other holding
 *   figure may join the feature (rule 8), and the feature is scored when it is complete.
 *   %TRUE for one that only goes along: it goes only into a feature the
 *   player already holds, never makes a feature held, and goes home with its holders
 *
 * A kind of figure an expansion brings (carc_plugin_add_figure()), doc/plugin-guide.md,
 * "Figures". Its points are never multiplied by its strength: only the majority counts it.
 */
typedef struct _CarcFigureDef
{
  const char *name;
  guint supply;
  guint32 stands;
  guint strength;
  CarcStrengthFunc strength_func;
  gboolean accompanies;
  /*< private >*/
  gpointer padding[4]; /* room to grow: zero */
} CarcFigureDef;

/**
 * CarcPhasePoint:
 * @CARC_PHASE_POINT_BEGIN: the start tile is down, before the first turn
 * @CARC_PHASE_POINT_TURN_END: a turn's move is made and scored, before the next turn
 *
 * Where in the game an expansion may hold a phase of its own (#CarcHooks.claim_phase).
 */
typedef enum
{
  CARC_PHASE_POINT_BEGIN,
  CARC_PHASE_POINT_TURN_END,
} CarcPhasePoint;

/**
 * CarcHooks:
 * @size: sizeof (CarcHooks) as the plugin was built: members past it are taken as absent
 * @setup: at game creation, in priority order: add tiles to the deck, hand out pieces,
 *   read options; returns the per-game data every other hook receives as @data (may be
 *   %NULL), or sets @error (the game is not created)
 * @free_data: frees what setup returned, when the game is finalized
 * @check_place: placement: may veto or allow placing @tile at (@x, @y) with @rotation; with a
 *   veto it may set *@reason to one static sentence for people, lower case, no full stop
 *   ("this tile goes only into a hole, an empty cell with 4 occupied
 *   neighbours"); it is asked for often (listings), so setting @reason must cost nothing
 * @placed: placement: a piece was placed (after its edges were joined, before scoring)
 * @counting_unit: adjacency: the counting unit of the piece @info for roads and cities,
 *   given the engine's (@unit, one per occupied cell, decision D5); return it unchanged
 *   for the default
 * @score_adjust: scoring, stage ADJUST: add items to or change items of @scoring->points
 *   of an occupied feature about to be scored; every expansion's, in hook order
 * @score_override: scoring, stage OVERRIDE, after every score_adjust hook: may replace a
 *   player's items (an expansion's rule that an incomplete feature scores nothing)
 * @tie_break: scoring: among the tied players in @winners (bit p set = player p), keep
 *   those who win the tie; return @winners for no change. Runs before the score stages
 * @feature_completed: scoring: a feature was completed during the game, occupied or not,
 *   after it was scored (@scoring as scored; @scoring->winners 0 when nobody held it). May
 *   award points with carc_game_award()
 * @game_over: end: after final scoring, before the game-over event; may award points with
 *   carc_game_award()
 * @end_turn: end: once the draw pile is empty, whether @player gets another turn
 * @check_place_tag: (nullable): when set, @check_place is asked only about tiles carrying
 *   this tag (a tag its special tiles carry); the engine then keeps its fast path for the rest
 * @digest: state: append to @bytes the per-game state this expansion keeps that the game's
 *   future depends on and the board, hands and scores do not show (a final round of its own: the
 *   players it has reached), for the state hash (carc_game_get_state_hash()) and, with
 *   @public_only, only what every player may know, for the public hash
 *   (carc_game_get_public_hash()). Append nothing for a state that is as at the start: a
 *   plugin that appends nothing leaves both hashes as they would be without it. The engine
 *   frames what you append (your name, its length), so plain bytes are enough; write
 *   numbers in a fixed byte order (little-endian)
 * @claim_phase: moves: at @point, whether this expansion holds a phase of its own: its name
 *   (a static string, "bell") or %NULL. While it holds it the phase is #CARC_PHASE_PLUGIN,
 *   the current player makes one of this expansion's moves (carc_plugin_add_move()), and its
 *   apply hook ends the phase with carc_game_end_phase(). A hook that claims may hand the
 *   phase to another player first (carc_game_set_phase_player()). Expansions are asked in hook
 * order; when one ends its phase the later ones are asked
 * @check_deploy: deployment (ABI 2.1): whether a figure of kind @figure
 *   (carc_game_get_figure_name()) may go on @segment of the tile just placed
 *   (carc_game_get_n_pieces() - 1), asked for every pair its kind's stands and the supply
 *   allow: %CARC_PLACE_VETO refuses it, %CARC_PLACE_ALLOW offers it even where the holding
 *   rule (a held feature takes no other holding figure) would not, %CARC_PLACE_DEFAULT leaves
 *   it to that rule. A veto of any expansion wins, then an allow. Asked whenever the
 *   deployments are listed: change nothing
 * @turn_scored: scoring (ABI 2.1): a tile part's completed features are scored and their
 *   figures went home, before the phases are claimed (#CARC_PHASE_POINT_TURN_END); may score
 *   a feature (carc_game_score_feature()) and send figures home (carc_game_return_figure())
 * @copy_data: state: a copy of @data for @copy, a copy of the game being made
 *   (carc_game_copy(), for search): everything later hooks of @copy change must be the
 *   copy's own. Required of an expansion whose setup returns data: without it games of it
 *   cannot be copied (CARC_ERROR_PLUGIN); since plugin ABI 2.1
 * @check_place_near: placement (ABI 2.5): 0, or 1 to 4 when @check_place vetoes every empty
 *   cell fewer of whose four neighbouring cells hold a piece (a cell holding one half counts:
 *   carc_game_is_occupied()), whatever the tile it is asked about; a listing of placements
 *   (carc_game_get_placements(), the hands' pieces at a turn's start) then asks it only about
 *   cells with that many, from counts the engine keeps. A promise: a hook that would allow such a
 *   cell makes listings and carc_game_can_place() disagree
 * @claim_phase_points: moves (ABI 2.7): 0, or the points at which @claim_phase may claim a
 *   phase, bit p for #CarcPhasePoint p: it is asked only there. A hook that only claims at the
 *   start (a draft: 1 << %CARC_PHASE_POINT_BEGIN) then costs nothing at every turn's end. A
 *   promise: 0 (every point) is what a plugin built before ABI 2.7 gets
 *
 * Hooks a plugin registers with carc_plugin_set_hooks(). @data is what @setup returned.
 */
typedef struct
{
  gsize size;
  gpointer (*setup) (CarcSetup *setup, GError **error);
  void (*free_data) (gpointer data);
  CarcPlaceVerdict (*check_place) (CarcGame *game, gpointer data, const CarcTileType *tile, gint x,
                                   gint y, guint rotation, const char **reason);
  void (*placed) (CarcGame *game, gpointer data, const CarcPieceInfo *info);
  guint (*counting_unit) (CarcGame *game, gpointer data, const CarcPieceInfo *info, guint unit);
  void (*score_adjust) (CarcGame *game, gpointer data, CarcScoring *scoring);
  void (*score_override) (CarcGame *game, gpointer data, CarcScoring *scoring);
  guint (*tie_break) (CarcGame *game, gpointer data, const CarcScoring *scoring, guint winners);
  void (*feature_completed) (CarcGame *game, gpointer data, const CarcScoring *scoring);
  void (*game_over) (CarcGame *game, gpointer data);
  CarcEndVerdict (*end_turn) (CarcGame *game, gpointer data, guint player);
  const char *check_place_tag;
  void (*digest) (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes);
  const char *(*claim_phase) (CarcGame *game, gpointer data, CarcPhasePoint point);
  CarcPlaceVerdict (*check_deploy) (CarcGame *game, gpointer data, guint figure, guint segment);
  void (*turn_scored) (CarcGame *game, gpointer data);
  gpointer (*copy_data) (CarcGame *copy, gconstpointer data);
  guint check_place_near;
  guint claim_phase_points;
} CarcHooks;

/**
 * CarcMoveListFunc:
 * @game: the game
 * @data: what the expansion's setup hook returned
 * @player: the current player, whose moves are listed
 * @moves: (element-type CarcMove): append the legal moves of this type with
 *   carc_move_list_add()
 *
 * Lists the legal moves of a plugin move type now, in every phase (check
 * carc_game_get_phase()); in a plugin phase only the owner's types are asked. Called as
 * often as moves are listed: change nothing, draw nothing.
 */
typedef void (*CarcMoveListFunc) (CarcGame *game, gpointer data, guint player, GPtrArray *moves);

/**
 * CarcMoveApplyFunc:
 * @game: the game
 * @data: what the expansion's setup hook returned
 * @move: the move: its type is this one and it carries exactly the type's parameters
 * @error: return location for a #CarcError (CARC_ERROR_ILLEGAL_MOVE for a move that is
 *   not legal now)
 *
 * Makes the move, or refuses it and changes nothing. The engine records it after a success.
 *
 * Returns: %TRUE on success
 */
typedef gboolean (*CarcMoveApplyFunc) (CarcGame *game, gpointer data, const CarcMove *move,
                                       GError **error);

/**
 * CarcMoveDef:
 * @name: the type's name: 1-32 lower-case letters, digits or '-', not a built-in move's
 *   ("place", ...); a static string
 * @params: the parameters its moves carry (#CarcMoveParams)
 * @list: lists the legal moves of the type
 * @apply: makes one
 * @optional: parameters its moves may carry or not, none of @params (a "tile" that tells
 *   which tile a move takes, which records written without it lack); the apply hook sees
 *   which in the move's @params
 *
 * A move type an expansion brings (carc_plugin_add_move()), doc/plugin-guide.md, "Moves".
 */
typedef struct _CarcMoveDef
{
  const char *name;
  guint params;
  CarcMoveListFunc list;
  CarcMoveApplyFunc apply;
  guint optional;
  /*< private >*/
  gpointer padding[3]; /* room to grow: zero */
} CarcMoveDef;

/**
 * CarcOptionType:
 * @CARC_OPTION_BOOLEAN: %TRUE or %FALSE (D-Bus "b")
 * @CARC_OPTION_UINT: an unsigned number in [min, max] (D-Bus "u")
 */
typedef enum
{
  CARC_OPTION_BOOLEAN,
  CARC_OPTION_UINT,
} CarcOptionType;

/**
 * CarcOptionDef:
 * @name: the option's name, unique in its plugin
 * @type: boolean or number
 * @description: one line for people
 * @default_value: its value unless the game's config sets it
 * @min: the smallest value (numbers)
 * @max: the largest value (numbers)
 *
 * A game option an expansion declares (carc_plugin_add_option()). Its strings are static
 * (plugins stay loaded), so a boxed copy is a plain copy of the struct.
 */
typedef struct _CarcOptionDef
{
  const char *name;
  CarcOptionType type;
  const char *description;
  guint32 default_value;
  guint32 min;
  guint32 max;
  /*< private >*/
  gpointer padding[4]; /* room to grow: zero */
} CarcOptionDef;

#define CARC_TYPE_OPTION_DEF (carc_option_def_get_type ())
GType carc_option_def_get_type (void) G_GNUC_CONST;
CarcOptionDef *carc_option_def_copy (const CarcOptionDef *option);
void carc_option_def_free (CarcOptionDef *option);

/* Called from init(). */
void carc_plugin_set_hooks (CarcPlugin *plugin, const CarcHooks *hooks);
gboolean carc_plugin_add_tiles (CarcPlugin *plugin, const char *data, gssize length,
                                GError **error);
void carc_plugin_add_option (CarcPlugin *plugin, const CarcOptionDef *option);
void carc_plugin_add_figure (CarcPlugin *plugin, const CarcFigureDef *figure);
void carc_plugin_add_move (CarcPlugin *plugin, const CarcMoveDef *move);
CarcTileSet *carc_plugin_get_tiles (CarcPlugin *plugin);

/* Called from the setup hook. */
CarcGame *carc_setup_get_game (CarcSetup *setup);
CarcTileSet *carc_setup_get_tiles (CarcSetup *setup);
guint32 carc_setup_get_option (CarcSetup *setup, const char *name);
gboolean carc_setup_has_expansion (CarcSetup *setup, const char *name);
gboolean carc_setup_has_tile_order (CarcSetup *setup);
void carc_setup_add_to_deck (CarcSetup *setup, const CarcTileType *tile, guint count);
void carc_setup_add_all_to_deck (CarcSetup *setup);
void carc_setup_add_to_deck_section (CarcSetup *setup, const CarcTileType *tile, guint count,
                                     gint section);
void carc_setup_set_start_tile (CarcSetup *setup, const CarcTileType *tile,
                                gboolean set_start_to_deck);
void carc_setup_set_draw_first (CarcSetup *setup, gint section);
void carc_setup_give (CarcSetup *setup, guint player, const CarcTileType *tile);
void carc_setup_reserve (CarcSetup *setup, const CarcTileType *tile);
void carc_setup_set_hands_open (CarcSetup *setup, gboolean open);
guint carc_setup_random (CarcSetup *setup, guint bound);
void carc_setup_set_supply (CarcSetup *setup, const char *figure, guint player, guint supply);

/* Queries the hooks may use on a game (besides the public carc_game_* API). */
guint carc_game_get_pieces_at (CarcGame *self, gint x, gint y, CarcPieceInfo info[2]);
gboolean carc_game_is_occupied (CarcGame *self, gint x, gint y);
gboolean carc_game_is_ending (CarcGame *self);
gboolean carc_game_has_expansion (CarcGame *self, const char *name);
gboolean carc_game_hand_can_place (CarcGame *self, guint player, gint shape);
void carc_game_bury_next_tile (CarcGame *self);
void carc_game_award (CarcGame *self, guint player, const char *name, guint count, guint points);
guint carc_game_random (CarcGame *self, guint bound);

/* Called from a hook during a move (placed, the scoring hooks, a move's apply hook; ABI
 * 2.1). */
void carc_game_repeat_turn (CarcGame *self);

/* Called from a move's hooks. */
void carc_move_list_add (GPtrArray *moves, const CarcMove *move);
void carc_game_end_phase (CarcGame *self);
void carc_game_set_phase_player (CarcGame *self, guint player);
void carc_game_give_piece (CarcGame *self, guint player, const CarcTileType *tile);
gboolean carc_game_put_figure (CarcGame *self, guint player, guint figure, guint piece,
                               guint segment, GError **error);

/* Called from the turn_scored hook or a move's apply hook (ABI 2.1). */
gboolean carc_game_score_feature (CarcGame *self, guint piece, guint segment);
gboolean carc_game_return_figure (CarcGame *self, guint index);

/* Called from the digest hook. */
void carc_digest_add_u32 (GByteArray *bytes, guint32 value);

G_END_DECLS
