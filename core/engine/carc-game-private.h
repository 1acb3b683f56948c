/* carc-game-private.h (internal): the state of a game, shared by the game's source files. */
#pragma once

#include "carc-game.h"
#include "carc-board.h"
#include "carc-feature.h"
#include "carc-rng-private.h"
#include "carc-tile-private.h"
#include "carc-plugin-private.h"

G_BEGIN_DECLS

/* The core's rule options (carc-rules.c), indices of CarcGameConfig.rules. */
typedef enum
{
  CARC_RULE_FARMERS,
  CARC_RULE_FIELD_SCORING,
  CARC_RULE_TINY_CITY,
  CARC_N_RULES
} CarcRule;

struct _CarcGameConfig
{
  gint ref_count;
  CarcTileSet *tiles;
  guint n_players;
  guint64 seed;
  char **tile_order;
  guint followers;
  guint32 rules[CARC_N_RULES];    /* the rule options; rules[CARC_RULE_FARMERS] is 0 or 1 */
  GArray *expansions;             /* CarcConfigExpansion, by priority then name */
  char **hands[CARC_MAX_PLAYERS]; /* explicit hands; NULL: the expansions deal */
};

typedef struct
{
  const CarcTileType *type;
  gint16 x, y;
  guint8 rotation;
  gint8 player;
  guint seg_base;
} CarcPiece;

/* A figure on the board, or one that went home this turn (inactive; the next turn drops it
 * from the list, carc_game_drop_returned()). */
typedef struct
{
  guint8 player;
  guint8 figure; /* its kind: an index of CarcGame.figures */
  gboolean monk; /* a figure that holds, on a cloister: one of CarcGame.monks_out */
  gboolean active;
  gint seg;
} CarcFollower;

/* A figure kind of a game (doc/engine-model.md, "Figures"): the core's follower first, then
 * those the game's expansions declare, in hook order. */
typedef struct
{
  const CarcFigureDef *def;
  const char *name; /* interned */
  /* def's, copied: read for every figure in every scoring */
  CarcStrengthFunc strength_func;
  guint strength;
  gboolean accompanies;
  guint32 stands; /* def->stands, without fields in a game without farmers */
  gint exp;       /* the declaring expansion's index in CarcGame.exp; -1: the core */
} CarcGameFigure;

typedef struct
{
  CarcPlacement *items;
  guint len, cap;
} CarcPlacementList;

/* The room a hand piece's first listing makes, in placements: room for a few turns' growth,
 * so that the list is not made again and again as the frontier grows. */
#define CARC_HAND_LIST_MIN 128

#define CARC_HAND_CACHE 32

/* A player's hand: pieces placed instead of drawing, dealt by the expansions. */
typedef struct
{
  const CarcTileType **pieces;
  guint len, cap;
} CarcHand;

/* Which hooks some expansion of the game has, so the engine skips the rest. */
enum
{
  CARC_HOOK_CHECK_PLACE = 1 << 0,
  CARC_HOOK_PLACED = 1 << 1,
  CARC_HOOK_UNIT = 1 << 2,
  CARC_HOOK_SCORE = 1 << 3,
  CARC_HOOK_TIE = 1 << 4,
  CARC_HOOK_END = 1 << 5,
  CARC_HOOK_OVERRIDE = 1 << 6,
  CARC_HOOK_COMPLETED = 1 << 7,
  CARC_HOOK_GAME_OVER = 1 << 8,
  CARC_HOOK_DEPLOY = 1 << 9,
  CARC_HOOK_TURN_SCORED = 1 << 10,
  CARC_HOOK_CLAIM_PHASE = 1 << 11,
  CARC_HOOK_PLACE_NEAR = 1 << 12, /* a check_place_near: the board counts occupied neighbours */
};

/* How many cells of monks a game keeps (CarcGame.monk_cells). */
#define CARC_MONK_CELLS 8

/* How many tile types a game remembers the asking check_place hooks of (CarcGame.asked). */
#define CARC_ASKED_TYPES 4

/* A tile type and the expansions whose check_place hook asks about it (bit i: expansion i),
 * with the most occupied neighbours those hooks need; type NULL: none remembered yet. */
typedef struct
{
  const CarcTileType *type;
  guint32 mask;
  guint near;
} CarcAskedType;

struct _CarcGame
{
  GObject parent_instance;
  guint32 live; /* CARC_GAME_LIVE from init to finalize: CARC_GAME_VALID() */
  CarcGameConfig *config;
  CarcRng rng;

  guint n_players;
  guint current;
  guint turn;
  CarcPhase phase;
  guint score[CARC_MAX_PLAYERS];
  CarcGameFigure figures[CARC_MAX_FIGURES];
  guint n_figures;
  gboolean companions; /* some kind only goes along: a feature's figures outnumber its holders */
  /* per figure kind, per player; bytes: a supply starts at 255 at most (and only figures taken
   * from it come back), and the game must stay within 2048 bytes, as g_object_new() zeroes it
   * with a loop to that size and byte by byte (rep stosb) past it */
  guint8 supply[CARC_MAX_FIGURES][CARC_MAX_PLAYERS];

  const CarcTileType *start; /* the start tile: the set's, or an expansion's (D29) */
  const CarcTileType **deck; /* the draw pile, built in place by the setup (carc_game_deck_add) */
  guint deck_len, deck_pos, deck_cap;
  gint draw_first;     /* setup: sections below it are drawn before any hand piece (D36) */
  guint hands_wait;    /* the first pile entries, those sections: no hand piece before them */
  gint *deck_sections; /* each pile entry's section (carc_setup_add_to_deck_section()), or NULL */
  guint16 *buried;     /* deck indices of the tiles buried face down (carc_game_bury_next_tile) */
  guint n_buried;
  const CarcTileType *tile; /* in play */

  CarcBoard board;
  CarcPiece *pieces;
  guint n_pieces, cap_pieces;
  CarcFeatures features;
  CarcFollower *followers;
  guint n_followers, cap_followers;
  gboolean followers_gone; /* some of them went home: begin_turn() drops them from the list */
  guint monks_out; /* holding figures on cloisters, so scoring can skip the cloister check */
  /* The cells of those figures, in no order, while they all fit (monk_cells_lost unset: set
   * when one came with all taken, until none is left): a tile placed with none of them in its
   * 3x3 block completes none of their cloisters, and the turn's scoring looks no further. */
  gint16 monk_cells[CARC_MONK_CELLS][2];
  gboolean monk_cells_lost;

  CarcPlacement *placements; /* built on demand: placements_listed */
  guint n_placements, cap_placements;
  gboolean placements_listed;
  CarcDeployment *deployments; /* CARC_MAX_SEGMENTS per figure kind, allocated at creation */
  guint n_deployments;
  /* Roots touched by the tile just placed whose completion must be checked when scoring. */
  gint touched[2 * CARC_MAX_SEGMENTS];
  guint n_touched;

  /* Scratch marks for counting distinct units and cities while scoring. */
  guint *unit_mark;
  guint *seg_mark;
  guint mark_cap_units, mark_cap_segs;
  guint epoch;

  CarcMove *moves;
  guint n_moves, cap_moves;

  /* One allocation for the arrays sized at creation (the pieces, their segments, the moves,
   * figures, deployments and marks), each moved out when it grows (carc_game_regrow(),
   * carc_features_grow()): a game is made and freed in one call instead of seven. NULL in a
   * copy. */
  gpointer block;
  gsize block_size;

  /* Expansions, in hook order, and what they handed out. */
  CarcGameExpansion *exp;
  guint n_exp;
  guint hook_mask;
  /* The expansions with a check_place, check_deploy, placed or turn_scored hook (bit i:
   * expansion i; bit 31 also for any past the 32nd; carc_game_next_exp()), the hooks called
   * for every tile or deployment. */
  guint32 place_exps, deploy_exps, placed_exps, scored_exps;
  /* carc-move.c: the same for claim_phase hooks, per CarcPhasePoint: those asked there
   * (CarcHooks.claim_phase_points) */
  guint32 claim_exps[CARC_PHASE_POINT_TURN_END + 1];
  /* carc-placement.c: the expansions whose check_place hook asks about asking_type. */
  const CarcTileType *asking_type;
  guint32 asking_mask;
  guint asking_near; /* the most occupied neighbours those hooks need (check_place_near) */
  /* The same for every type without tags, made at setup: the hooks with no check_place_tag.
   * Such types (most land tiles, drawn every turn) need no walk over the hooks and take no
   * slot of asked, which then keeps the hand's pieces, asked about every turn. */
  guint32 untagged_mask;
  guint untagged_near;
  /* The same for types with tags asked about before, at asked[type's index %
   * CARC_ASKED_TYPES]: the hand's listing comes back to a few types. */
  CarcAskedType asked[CARC_ASKED_TYPES];
  gboolean in_check_place; /* a check_place hook is running: it may not draw (carc_game_random) */
  CarcHand hand[CARC_MAX_PLAYERS];
  /* Room for pieces an expansion may put into a hand during the game (carc_setup_reserve(),
   * carc_game_give_piece()): made at creation, used up by each piece given. */
  guint reserved_pieces, reserved_segments;
  gboolean hands_open;
  /* The choose phase: draw, place a piece from the hand, or (ending) pass. */
  gboolean can_draw, can_pass;
  gboolean ending;        /* the draw pile is empty; end_turn hooks decide who plays */
  gboolean final_scoring; /* carc_score_final() has begun: awards are final */
  guint32 *city_scored;   /* final field scoring, 2nd edition: per city root, bit p scored */
  /* CARC_PHASE_PLUGIN (carc-move.c): the expansion holding it, its name, where it began, the
   * player who had the turn then (who has it again when the phase ends); claiming: a
   * claim_phase hook is running, and may hand the phase to a player. */
  guint phase_owner;
  const char *phase_name;
  CarcPhasePoint phase_point;
  guint phase_return;
  gboolean claiming;
  guint end_skips;
  /* carc_game_repeat_turn(): once this turn is over the same player plays another turn part. */
  gboolean repeat_turn;
  /* The placements of each hand piece of the current player, listed on demand; hand_listed
   * is cleared by every move. */
  CarcPlacementList hand_lists[CARC_HAND_CACHE + 1];
  guint32 hand_listed; /* bit i: hand_lists[i] is valid */

  CarcEventFunc event_func;
  gpointer event_data;
  GDestroyNotify event_destroy;
  /* Whether the "event" signal is emitted at all (carc_game_set_event_signals(): off for C
   * callers, on for bindings' Game.new), and whether, at the start of this move, it had a
   * handler (a lookup per event would cost the engine a fifth of its speed; one per move
   * still costs a tenth, hence the switch). */
  gboolean event_signals;
  gboolean event_handlers;
};

/* The precondition of the engine's public entry points on a game: not %NULL, and marked
 * live by carc_game_init() (finalize clears the mark). CARC_IS_GAME() would call
 * carc_game_get_type() and compare classes on every call: about 3% of the instructions of a
 * random game, whose bots make a few hundred calls each (doc/performance.md). */
#define CARC_GAME_LIVE     0x43617263u /* "Carc" */
#define CARC_GAME_VALID(g) ((g) != NULL && ((const CarcGame *)(g))->live == CARC_GAME_LIVE)

/* The expansion after @i (-1: the first) among those in @mask (bit i: expansion i); past the
 * 32nd, every expansion (the caller tests the hook). g->n_exp once there is none. */
static inline guint
carc_game_next_exp (const CarcGame *g, guint32 mask, gint i)
{
  guint from = (guint)(i + 1);
  if (from < 32)
    {
      guint32 rest = mask & (G_MAXUINT32 << from);
      if (rest)
        return (guint)__builtin_ctz (rest);
      from = 32;
    }
  return MIN (from, g->n_exp);
}

static inline gboolean
carc_game_wants_events (CarcGame *g)
{
  return g->event_func != NULL || g->event_handlers;
}

/* carc-error.c */
G_GNUC_INTERNAL int carc_utf8_cut (const char *text, gsize max);

/* carc-game.c */
G_GNUC_INTERNAL void carc_game_drop_returned (CarcGame *g);
G_GNUC_INTERNAL void carc_game_begin (CarcGame *g);
G_GNUC_INTERNAL void carc_game_emit (CarcGame *g, CarcEvent *ev);
G_GNUC_INTERNAL void carc_game_emit_at (CarcGame *g, CarcEvent *ev, gint seg);
G_GNUC_INTERNAL void carc_game_emit_figure (CarcGame *g, CarcEventType type,
                                            const CarcFollower *fw);

G_GNUC_INTERNAL void carc_game_resume (CarcGame *g, CarcPhasePoint point);
G_GNUC_INTERNAL gboolean carc_game_refuse_phase (CarcGame *g, CarcPhase want, GError **error);
G_GNUC_INTERNAL void carc_game_find_handlers (CarcGame *g);

/* TRUE in phase @want; else FALSE with @error saying why. Inline: every move asks. */
static inline gboolean
carc_game_check_phase (CarcGame *g, CarcPhase want, GError **error)
{
  return G_LIKELY (g->phase == want) || carc_game_refuse_phase (g, want, error);
}

/* Called at the start of every move: whether the "event" signal has a handler now. A handler
 * connected during a move (from inside another handler) sees the events of the next move. Only
 * a game that emits the signal looks (carc_game_set_event_signals()). */
static inline void
carc_game_look_for_handlers (CarcGame *g)
{
  if (G_UNLIKELY (g->event_signals))
    carc_game_find_handlers (g);
  else
    g->event_handlers = FALSE;
}
G_GNUC_INTERNAL void carc_game_grow_moves (CarcGame *g);

/* Appends @move to the move log: inline, as every move of every game makes one. */
static inline void
carc_game_record (CarcGame *g, const CarcMove *move)
{
  if (G_UNLIKELY (g->n_moves == g->cap_moves))
    carc_game_grow_moves (g);
  g->moves[g->n_moves++] = *move;
}

/* carc-move.c */
G_GNUC_INTERNAL gboolean carc_game_ask_claim_phase (CarcGame *g, CarcPhasePoint point, guint from);

/* Whether @h has a claim_phase hook that is asked at @point (CarcHooks.claim_phase_points). */
static inline gboolean
carc_hooks_claim_at (const CarcHooks *h, guint point)
{
  return h->claim_phase && (!h->claim_phase_points || ((h->claim_phase_points >> point) & 1));
}

/* Asks the expansions from @from on whether one holds a phase at @point. Inline: asked at every
 * turn's end, and most games have no phase to claim. */
static inline gboolean
carc_game_claim_phase (CarcGame *g, CarcPhasePoint point, guint from)
{
  return (g->hook_mask & CARC_HOOK_CLAIM_PHASE) && g->claim_exps[point]
         && carc_game_ask_claim_phase (g, point, from);
}
G_GNUC_INTERNAL const char *carc_move_name_lookup (const char *name);
G_GNUC_INTERNAL void carc_game_collect_moves (CarcGame *g, guint player, GArray *moves);

/* carc-game-new.c */
G_GNUC_INTERNAL void carc_hand_add (CarcHand *hand, const CarcTileType *tile);
G_GNUC_INTERNAL gpointer carc_game_regrow (CarcGame *g, gpointer array, gsize n, gsize cap,
                                           gsize size);

/* Whether @array lies in the game's block (CarcGame.block) rather than on its own. */
static inline gboolean
carc_game_in_block (const CarcGame *g, gconstpointer array)
{
  return (guintptr)array - (guintptr)g->block < g->block_size;
}
G_GNUC_INTERNAL void carc_game_deck_grow (CarcGame *g);
G_GNUC_INTERNAL void carc_game_deck_append (CarcGame *g, const CarcTileType *const *tiles, guint n);

/* Appends @tile to the draw pile being set up (before the shuffle). */
static inline void
carc_game_deck_add (CarcGame *g, const CarcTileType *tile)
{
  if (G_UNLIKELY (g->deck_len == g->deck_cap))
    carc_game_deck_grow (g);
  g->deck[g->deck_len++] = tile;
}

/* carc-game-query.c */
G_GNUC_INTERNAL guint carc_game_list_placements (CarcGame *g);
G_GNUC_INTERNAL const CarcPlacementList *carc_game_hand_list (CarcGame *g, guint index);
G_GNUC_INTERNAL gboolean carc_game_hand_placeable (CarcGame *g, guint player, gint shape);
G_GNUC_INTERNAL guint carc_game_count_followers (CarcGame *g, gint root,
                                                 guint count[CARC_MAX_PLAYERS]);
G_GNUC_INTERNAL guint carc_game_cloister_neighbours (CarcGame *g, gint x, gint y);

/* The counting unit of a piece: the cell it stands in (rule 20; decision D5), named by the
 * first piece there; a square piece fills its cell alone, so it is its own, without a look at
 * the board. Inline: measuring a feature asks it for every segment. */
static inline guint
carc_game_unit_of_piece (CarcGame *g, guint piece)
{
  const CarcPiece *p = &g->pieces[piece];
  return p->type->shape == CARC_SHAPE_SQUARE
             ? piece
             : carc_board_cell (&g->board, p->x, p->y)->piece[0] - 1u;
}

/* carc-figure.c */
G_GNUC_INTERNAL gboolean carc_game_add_figures (CarcGame *g, GError **error);
G_GNUC_INTERNAL gboolean carc_game_holds (CarcGame *g, gint root, guint player);
G_GNUC_INTERNAL gboolean carc_game_at_corner (CarcGame *g, const CarcPiece *p, guint segment);
G_GNUC_INTERNAL void carc_game_add_follower (CarcGame *g, guint player, guint figure, gint seg);
G_GNUC_INTERNAL const char *carc_figure_name_lookup (const char *name);
/* A process-wide set of names plugins declared (figure kinds, move types), interned. */
typedef struct
{
  GHashTable *names;
  GMutex lock; /* static storage: zeroed is initialised */
} CarcNameSet;
G_GNUC_INTERNAL gboolean carc_declared_name_is_valid (const char *name);
G_GNUC_INTERNAL const char *carc_name_set_add (CarcNameSet *set, const char *name);
G_GNUC_INTERNAL const char *carc_name_set_lookup (CarcNameSet *set, const char *name);

/* carc-rules.c */
G_GNUC_INTERNAL void carc_rules_init (guint32 values[CARC_N_RULES]);

/* carc-game-config.c */
G_GNUC_INTERNAL CarcGameConfig *carc_game_config_dup (const CarcGameConfig *config);

/* carc-placement.c */
G_GNUC_INTERNAL gboolean carc_game_hooks_ask (CarcGame *g, const CarcTileType *t);

/* Whether some expansion's check_place hook wants to be asked about @t; FALSE at once in a
 * game without such hooks, and with no call for the type asked about last. (The other known
 * types are found in the call: inline here, their code made the base game's hot callers,
 * which return at the first test, about 2% slower.) */
static inline gboolean
carc_game_hooks_check (CarcGame *g, const CarcTileType *t)
{
  if (!(g->hook_mask & CARC_HOOK_CHECK_PLACE))
    return FALSE;
  if (G_LIKELY (t == g->asking_type && g->n_exp <= 32))
    return g->asking_mask != 0;
  return carc_game_hooks_ask (g, t);
}
G_GNUC_INTERNAL gboolean carc_game_piece_fits (CarcGame *g, const CarcTileType *t, gint x, gint y,
                                               guint rot);
/* Why a hook vetoes placing @t there (its reason, static), or NULL: it fits, the base rules
 * refuse it, or the vetoing hook gave no reason. Only for error messages: it asks again. */
G_GNUC_INTERNAL const char *carc_game_piece_refusal (CarcGame *g, const CarcTileType *t, gint x,
                                                     gint y, guint rot);
G_GNUC_INTERNAL guint carc_game_enumerate (CarcGame *g, const CarcTileType *t, CarcPlacement *out,
                                           guint max);
G_GNUC_INTERNAL guint carc_game_put_piece (CarcGame *g, const CarcTileType *t, gint x, gint y,
                                           guint rot, gint player);

/* carc-score.c */
G_GNUC_INTERNAL void carc_score_turn (CarcGame *g);
G_GNUC_INTERNAL void carc_score_final (CarcGame *g);
G_GNUC_INTERNAL void carc_score_return_follower (CarcGame *g, CarcFollower *fw);
G_GNUC_INTERNAL void carc_score_measure (CarcGame *g, gint root, guint *units, guint *shields);

G_END_DECLS
