/* test-plugin-example.c: the example plugin (examples/plugin/inns.c) loaded from the build
 * tree and played, and the plugin host's refusals (doc/plugin-guide.md).
 *
 * The example's rules, as its header comment states them:
 *   INN-1 setup: its 4 tiles join the draw pile; an explicit tile order is the whole pile.
 *   INN-2 check_place: an inn tile goes only where its inn's road continues a road on the
 *         board; a tile that fits nowhere is discarded (decision D3).
 *   INN-3 score: a complete road with an inn scores `bonus` (default 2) a tile, however many
 *         inns it has; other features, and roads without an inn, score as always.
 *   INN-4 score: an incomplete road with an inn scores 0 at the end (option `penalty`, on by
 *         default); with `penalty` off, 1 a tile as always.
 * The host's rules (core/engine/carc-plugin.c, core/engine/carc-plugin-host.c) are named where
 * checked.
 *
 * Board conventions as in tests/engine/test-rules.c: the start tile D at (0, 0) has its city north
 * and its road west-east; rotation r turns a tile r quarter turns clockwise. Segments:
 *   IN-U: 0 road N-S (the inn's), 1, 2 fields; "IN-U r1" is a west-east road.
 *   IN-K: 0 city N, 1 road S-W (the inn's), 2, 3 fields.
 *   A: 0 cloister, 1 road (S, ends at the cloister), 2 field; "A r1" has its road west,
 *      "A r3" east, "A r2" north.   E: 0 city N, 1 field; "E r2" faces its city south.
 *   V: 0 road S-W, 1, 2 fields.
 */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>
#include "carcassonne.h"
#include "check-run.h"

#define TILES(...) ((const char *const[]){ __VA_ARGS__, NULL })

/* ---------------------------------------------------------------------------------------
 * Helpers
 * --------------------------------------------------------------------------------------- */

static const char *
top_builddir (void)
{
  const char *dir = g_getenv ("TOP_BUILDDIR");
  return dir && *dir ? dir : TOP_BUILDDIR;
}

static char *
example_path (void)
{
  return g_build_filename (top_builddir (), "examples", "plugin", ".libs", "inns." G_MODULE_SUFFIX,
                           NULL);
}

static char *
plugins_dir (void)
{
  return g_build_filename (top_builddir (), "plugins", ".libs", NULL);
}

static CarcPlugin *
load_inns (void)
{
  g_autofree char *path = example_path ();
  g_autoptr (GError) error = NULL;
  CarcPlugin *plugin = carc_plugin_new_from_file (path, &error);
  ck_assert_msg (plugin != NULL, "loading %s: %s", path, error ? error->message : "?");
  return plugin;
}

static CarcTileSet *
base_tiles (void)
{
  g_autoptr (GError) error = NULL;
  CarcTileSet *set = carc_tile_set_new_base (&error);
  ck_assert_msg (set != NULL, "base tile set: %s", error ? error->message : "?");
  return set;
}

/* A two-player config with the example plugin (when @with_inns) and @order as the pile. */
static CarcGameConfig *
config_new (gboolean with_inns, const char *const *order)
{
  g_autoptr (CarcTileSet) tiles = base_tiles ();
  CarcGameConfig *config = carc_game_config_new (tiles);
  carc_game_config_set_tile_order (config, order);
  if (with_inns)
    {
      g_autoptr (CarcPlugin) inns = load_inns ();
      g_autoptr (GError) error = NULL;
      ck_assert_msg (carc_game_config_add_expansion (config, inns, &error), "%s",
                     error ? error->message : "?");
    }
  return config;
}

static void
set_option (CarcGameConfig *config, const char *option, guint32 value)
{
  g_autoptr (GError) error = NULL;
  ck_assert_msg (carc_game_config_set_option (config, "inns", option, value, &error),
                 "inns.%s = %u: %s", option, value, error ? error->message : "?");
}

/* A game and the events it reported that the tests look at. */
typedef struct
{
  CarcGame *game;
  GArray *scores;        /* CarcEvent: CARC_EVENT_FEATURE_SCORED, in order (items NULL) */
  GPtrArray *breakdowns; /* player 0's items in each of them, "name*count=points ..." */
  GArray *discards;      /* CarcEvent: CARC_EVENT_TILE_DISCARDED, in order */
} Play;

static char *
items_of (const CarcEvent *event, guint player)
{
  GString *text = g_string_new (NULL);
  for (guint i = 0; i < carc_event_get_n_items (event, player); i++)
    {
      const CarcScoreItem *item = carc_event_get_item (event, player, i);
      g_string_append_printf (text, "%s%s*%u=%u", i ? " " : "", item->name, item->count,
                              item->points);
    }
  return g_string_free (text, FALSE);
}

static void
play_record (CarcGame *game, const CarcEvent *event, gpointer user_data)
{
  Play *play = user_data;
  if (event->type == CARC_EVENT_FEATURE_SCORED)
    {
      CarcEvent kept = *event;
      kept.items = NULL; /* valid during the callback only */
      g_array_append_val (play->scores, kept);
      g_ptr_array_add (play->breakdowns, items_of (event, 0));
    }
  else if (event->type == CARC_EVENT_TILE_DISCARDED)
    g_array_append_val (play->discards, *event);
}

static Play *
play_new (CarcGameConfig *config)
{
  g_autoptr (GError) error = NULL;
  Play *play = g_new0 (Play, 1);
  play->scores = g_array_new (FALSE, TRUE, sizeof (CarcEvent));
  play->breakdowns = g_ptr_array_new_with_free_func (g_free);
  play->discards = g_array_new (FALSE, TRUE, sizeof (CarcEvent));
  play->game = carc_game_new_full (config, play_record, play, NULL, &error);
  ck_assert_msg (play->game != NULL, "carc_game_new: %s", error ? error->message : "?");
  return play;
}

static void
play_free (Play *play)
{
  g_clear_object (&play->game);
  g_array_unref (play->scores);
  g_ptr_array_unref (play->breakdowns);
  g_array_unref (play->discards);
  g_free (play);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Play, play_free)

static void
place_at (Play *play, int line, gint x, gint y, guint rotation)
{
  g_autoptr (GError) error = NULL;
  ck_assert_msg (carc_game_place (play->game, x, y, rotation, &error),
                 "line %d: placing at (%d, %d) r%u: %s", line, x, y, rotation,
                 error ? error->message : "?");
}

static void
deploy_at (Play *play, int line, gint segment)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = segment < 0
                    ? carc_game_skip (play->game, &error)
                    : carc_game_deploy (play->game, CARC_FIGURE_FOLLOWER, (guint)segment, &error);
  ck_assert_msg (ok, "line %d: deploying on %d: %s", line, segment, error ? error->message : "?");
}

#define SKIP (-1)
/* One turn: place the tile in play, then deploy on @segment or SKIP. */
#define turn(play, x, y, r, segment)                                                               \
  G_STMT_START                                                                                     \
  {                                                                                                \
    place_at ((play), __LINE__, (x), (y), (r));                                                    \
    deploy_at ((play), __LINE__, (segment));                                                       \
  }                                                                                                \
  G_STMT_END

/* Asserts scoring event @index: its kind, whether final, and the points of players 0 and 1. */
#define assert_scored(play, index, kind_, final_, p0, p1)                                          \
  check_scored ((play), __LINE__, (index), (kind_), (final_), (p0), (p1))

static void
check_scored (Play *play, int line, guint index, CarcFeatureKind kind, gboolean final, guint p0,
              guint p1)
{
  ck_assert_msg (index < play->scores->len, "line %d: %u scoring events, no event %u", line,
                 play->scores->len, index);
  const CarcEvent *ev = &g_array_index (play->scores, CarcEvent, index);
  ck_assert_msg (ev->kind == kind && !ev->final == !final,
                 "line %d: event %u scored a %s (final %d), expected a %s (final %d)", line, index,
                 carc_feature_kind_to_string (ev->kind), ev->final,
                 carc_feature_kind_to_string (kind), final);
  ck_assert_msg (ev->points[0] == p0 && ev->points[1] == p1,
                 "line %d: event %u (%s): %u and %u points, expected %u and %u", line, index,
                 carc_feature_kind_to_string (kind), ev->points[0], ev->points[1], p0, p1);
}

static void
assert_error (GError *error, GQuark domain, gint code, const char *message)
{
  ck_assert_msg (error != NULL, "no error; expected \"%s\"", message);
  ck_assert_msg (g_error_matches (error, domain, code), "error %s:%d \"%s\"; expected code %d",
                 g_quark_to_string (error->domain), error->code, error->message, code);
  ck_assert_str_eq (error->message, message);
}

/* Asserts that carc_game_new() refuses @config with this error. */
static void
assert_no_game (CarcGameConfig *config, gint code, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  ck_assert_ptr_null (game);
  assert_error (error, CARC_ERROR, code, message);
}

/* ---------------------------------------------------------------------------------------
 * The example plugin: what it declares
 * --------------------------------------------------------------------------------------- */

/* Host rule: carc_plugin_new_from_file() finds the descriptor (the only exported symbol),
 * checks its ABI and runs init(); the plugin's name, description, version and priority are
 * the descriptor's, its path the file's. */
START_TEST (test_descriptor)
{
  g_autofree char *path = example_path ();
  g_autoptr (CarcPlugin) inns = load_inns ();
  ck_assert_str_eq (carc_plugin_get_name (inns), "inns");
  ck_assert_str_eq (carc_plugin_get_description (inns),
                    "Example: wayside inns, double points for a complete road");
  ck_assert_str_eq (carc_plugin_get_version (inns), "1.0");
  ck_assert_int_eq (carc_plugin_get_priority (inns), CARC_PLUGIN_PRIORITY_DEFAULT);
  ck_assert_str_eq (carc_plugin_get_path (inns), path);

  /* The descriptor itself, as the host reads it: built for this ABI, init but no exit. */
  GModule *module = g_module_open (path, G_MODULE_BIND_LOCAL);
  ck_assert_ptr_nonnull (module);
  gpointer symbol = NULL;
  ck_assert (g_module_symbol (module, CARC_PLUGIN_SYMBOL, &symbol));
  const CarcPluginDesc *desc = symbol;
  ck_assert_uint_eq (desc->abi_major, CARC_PLUGIN_ABI_MAJOR);
  ck_assert_uint_eq (desc->abi_minor, CARC_PLUGIN_ABI_MINOR);
  ck_assert_str_eq (desc->name, "inns");
  ck_assert_ptr_nonnull (desc->init);
  ck_assert_ptr_null (desc->exit);
  /* Nothing else is exported (-export-symbols-regex in plugins/Makefile.inc). */
  ck_assert (!g_module_symbol (module, "inns_init", &symbol));
  g_module_close (module);
}
END_TEST

/* Options: `bonus` a number 1..5 (default 2), `penalty` a boolean (default on), in the
 * order init() declared them. */
START_TEST (test_options)
{
  g_autoptr (CarcPlugin) inns = load_inns ();
  ck_assert_uint_eq (carc_plugin_get_n_options (inns), 2);
  const CarcOptionDef *bonus = carc_plugin_get_option (inns, 0);
  ck_assert_str_eq (bonus->name, "bonus");
  ck_assert_int_eq (bonus->type, CARC_OPTION_UINT);
  ck_assert_uint_eq (bonus->default_value, 2);
  ck_assert_uint_eq (bonus->min, 1);
  ck_assert_uint_eq (bonus->max, 5);
  const CarcOptionDef *penalty = carc_plugin_get_option (inns, 1);
  ck_assert_str_eq (penalty->name, "penalty");
  ck_assert_int_eq (penalty->type, CARC_OPTION_BOOLEAN);
  ck_assert_uint_eq (penalty->default_value, 1);
  ck_assert_ptr_null (carc_plugin_get_option (inns, 2));
  ck_assert_ptr_eq (carc_plugin_lookup_option (inns, "penalty"), penalty);
  ck_assert_ptr_null (carc_plugin_lookup_option (inns, "colour"));
}
END_TEST

/* carc_game_config_set_option(): values in range are taken; out of range, a boolean other
 * than 0 or 1, an unknown option or an expansion the config does not use are refused with
 * these messages. An expansion is named once. */
START_TEST (test_option_values)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, NULL);
  set_option (config, "bonus", 1);
  set_option (config, "bonus", 5);
  set_option (config, "penalty", 0);
  set_option (config, "penalty", 1);
  static const struct
  {
    const char *expansion, *option;
    guint32 value;
    gint code;
    const char *message;
  } refused[] = {
    { "inns", "bonus", 0, CARC_ERROR_INVALID_ARGUMENT, "option inns.bonus must be 1 to 5, not 0" },
    { "inns", "bonus", 6, CARC_ERROR_INVALID_ARGUMENT, "option inns.bonus must be 1 to 5, not 6" },
    { "inns", "penalty", 2, CARC_ERROR_INVALID_ARGUMENT,
      "option inns.penalty is a boolean, not 2" },
    { "inns", "colour", 1, CARC_ERROR_UNKNOWN_EXPANSION, "expansion inns has no option colour" },
    { "abbey", "bonus", 2, CARC_ERROR_UNKNOWN_EXPANSION, "the game does not use expansion abbey" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) error = NULL;
      ck_assert (!carc_game_config_set_option (config, refused[i].expansion, refused[i].option,
                                               refused[i].value, &error));
      assert_error (error, CARC_ERROR, refused[i].code, refused[i].message);
    }
  g_autoptr (CarcPlugin) again = load_inns ();
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_config_add_expansion (config, again, &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "expansion inns named twice");
  ck_assert_uint_eq (carc_game_config_get_n_expansions (config), 1);
}
END_TEST

/* The tile data: three types, four tiles, each with an inn=<road segment> tag. */
START_TEST (test_tiles)
{
  g_autoptr (CarcPlugin) inns = load_inns ();
  CarcTileSet *tiles = carc_plugin_get_tiles (inns);
  static const struct
  {
    const char *id;
    guint count;
    const char *inn;
  } want[] = { { "IN-U", 2, "0" }, { "IN-V", 1, "0" }, { "IN-K", 1, "1" } };
  ck_assert_uint_eq (carc_tile_set_get_n_types (tiles), G_N_ELEMENTS (want));
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (tiles), 4);
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      const CarcTileType *t = carc_tile_set_lookup (tiles, want[i].id);
      ck_assert_msg (t != NULL, "no tile %s", want[i].id);
      ck_assert_uint_eq (carc_tile_type_get_count (t), want[i].count);
      ck_assert_str_eq (carc_tile_type_get_tag (t, "inn"), want[i].inn);
      guint seg = (guint)g_ascii_strtoull (want[i].inn, NULL, 10);
      ck_assert_int_eq (carc_tile_type_get_segment_kind (t, seg), CARC_FEATURE_ROAD);
    }
}
END_TEST

/* Config rule: a game's expansions run in priority order, then by name: the shipped four and
 * the example all have CARC_PLUGIN_PRIORITY_DEFAULT (the example needs no late priority since
 * the scoring stages give its penalty the last word), so by name, whatever order they were
 * added. */
START_TEST (test_hook_order)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, NULL);
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  g_autofree char *dir = plugins_dir ();
  ck_assert_uint_eq (carc_plugin_host_load_dir (host, dir, "winter,vineyards,abbey", NULL), 3);
  for (guint i = 0; i < 3; i++)
    ck_assert (
        carc_game_config_add_expansion (config, carc_plugin_host_get_plugin (host, i), NULL));
  static const char *const order[] = { "abbey", "inns", "vineyards", "winter" };
  ck_assert_uint_eq (carc_game_config_get_n_expansions (config), G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    ck_assert_str_eq (carc_plugin_get_name (carc_game_config_get_expansion (config, i)), order[i]);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * The example plugin in play
 * --------------------------------------------------------------------------------------- */

/* INN-1: without a tile order the 4 inn tiles join the 71 base tiles of the pile (the first
 * is drawn as the game starts); with one, the order is the whole pile and may name the
 * plugin's tile ids; an id neither the base set nor the plugin has is refused. */
START_TEST (test_inn1_deck)
{
  for (guint with = 0; with <= 1; with++)
    {
      g_autoptr (CarcGameConfig) config = config_new (with, NULL);
      carc_game_config_set_seed (config, 7);
      g_autoptr (CarcGame) game = carc_game_new (config, NULL);
      ck_assert_ptr_nonnull (game);
      ck_assert_uint_eq (carc_game_get_tiles_left (game), with ? 74 : 70);
    }
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("IN-K", "U"));
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  ck_assert_str_eq (carc_tile_type_get_id (carc_game_get_current_tile (game)), "IN-K");
  ck_assert_uint_eq (carc_game_get_tiles_left (game), 1);

  g_autoptr (CarcGameConfig) bad = config_new (TRUE, TILES ("IN-U", "IN-X"));
  assert_no_game (bad, CARC_ERROR_UNKNOWN_TILE,
                  "tile order entry 1: no land tile 'IN-X' in the tile set");
}
END_TEST

/* INN-2: next to the start tile, an inn tile may go east or west of it (its road continues
 * the start tile's), never south: there its field edges match the start tile's field, as the
 * base rules want, but its road would meet no road. The plain U of the base game, with the
 * same edges, has 6 placements; IN-U has 4, and the refused one fails as an illegal
 * placement. */
START_TEST (test_inn2_inn_continues_a_road)
{
  g_autoptr (CarcGameConfig) base = config_new (FALSE, TILES ("U"));
  g_autoptr (CarcGame) plain = carc_game_new (base, NULL);
  ck_assert_uint_eq (carc_game_get_n_placements (plain), 6);
  ck_assert (carc_game_can_place (plain, 0, 1, 1));

  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("IN-U"));
  g_autoptr (Play) play = play_new (config);
  ck_assert_uint_eq (carc_game_get_n_placements (play->game), 4);
  guint n;
  const CarcPlacement *list = carc_game_get_placements (play->game, &n);
  for (guint i = 0; i < n; i++)
    ck_assert_msg (list[i].y == 0 && (list[i].x == 1 || list[i].x == -1) && list[i].rotation % 2,
                   "placement (%d, %d) r%u offered", list[i].x, list[i].y, list[i].rotation);
  ck_assert (!carc_game_can_place (play->game, 0, 1, 1));
  ck_assert (!carc_game_can_place (play->game, 0, 1, 3));
  ck_assert (carc_game_can_place (play->game, 1, 0, 1));
  ck_assert (carc_game_can_place (play->game, -1, 0, 3));
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_place (play->game, 0, 1, 1, &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_PLACEMENT,
                "tile IN-U cannot go at (0, 1) with rotation 1: an inn's road must continue a "
                "road already on the board"); /* the hook's reason (issue 16) */
  ck_assert_int_eq (carc_game_get_phase (play->game), CARC_PHASE_PLACE);
  turn (play, 1, 0, 1, SKIP);
}
END_TEST

/* INN-2 and decision D3: once both ends of the start tile's road are closed by cloisters
 * (A), no road end is open: the inn tile drawn next fits nowhere and is discarded, and the
 * same player goes on with the next tile. */
START_TEST (test_inn2_discarded_when_no_road_is_open)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("A", "A", "IN-U", "E"));
  g_autoptr (Play) play = play_new (config);
  turn (play, -1, 0, 3, SKIP);
  turn (play, 1, 0, 1, SKIP);
  ck_assert_uint_eq (play->discards->len, 1);
  const CarcEvent *ev = &g_array_index (play->discards, CarcEvent, 0);
  ck_assert_str_eq (carc_tile_type_get_id (ev->tile), "IN-U");
  ck_assert_int_eq (ev->player, 0);
  ck_assert_uint_eq (carc_game_get_current_player (play->game), 0);
  ck_assert_str_eq (carc_tile_type_get_id (carc_game_get_current_tile (play->game)), "E");
}
END_TEST

/* INN-3 and the `bonus` option: A r3 | D | IN-U r1 | A r1 is a complete road of 4 tiles with
 * player 0's thief: 4 x bonus points (4 at bonus 1, as without the plugin). */
START_TEST (test_inn3_complete_road_bonus)
{
  static const guint bonuses[] = { 0 /* the default */, 1, 2, 3, 5 };
  for (guint i = 0; i < G_N_ELEMENTS (bonuses); i++)
    {
      g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("IN-U", "A", "A"));
      if (bonuses[i])
        set_option (config, "bonus", bonuses[i]);
      guint bonus = bonuses[i] ? bonuses[i] : 2;
      g_autoptr (Play) play = play_new (config);
      turn (play, 1, 0, 1, 0);
      turn (play, 2, 0, 1, SKIP);
      turn (play, -1, 0, 3, SKIP);
      ck_assert_uint_eq (play->scores->len, 1);
      assert_scored (play, 0, CARC_FEATURE_ROAD, FALSE, 4 * bonus, 0);
      /* issue 16: stage ADJUST adds an "inn" item to the engine's "tiles" */
      g_autofree char *want = bonus > 1 ? g_strdup_printf ("tiles*4=4 inn*0=%u", 4 * (bonus - 1))
                                        : g_strdup ("tiles*4=4");
      ck_assert_str_eq (g_ptr_array_index (play->breakdowns, 0), want);
      ck_assert_int_eq (carc_game_get_phase (play->game), CARC_PHASE_OVER);
      ck_assert_uint_eq (carc_game_get_score (play->game, 0), 4 * bonus);
      ck_assert_uint_eq (carc_game_get_score (play->game, 1), 0);
    }
}
END_TEST

/* INN-3: two inns on one road count once: A r3 | D | IN-U r1 | IN-U r1 | A r1 is 5 tiles,
 * 10 points (not 15 or 20). */
START_TEST (test_inn3_two_inns_count_once)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("IN-U", "IN-U", "A", "A"));
  g_autoptr (Play) play = play_new (config);
  turn (play, 1, 0, 1, 0);
  turn (play, 2, 0, 1, SKIP);
  turn (play, 3, 0, 1, SKIP);
  turn (play, -1, 0, 3, SKIP);
  assert_scored (play, 0, CARC_FEATURE_ROAD, FALSE, 10, 0);
  ck_assert_uint_eq (carc_game_get_score (play->game, 0), 10);
}
END_TEST

/* INN-3: the inn is by the road its tag names (IN-K: segment 1), so the city on the same
 * tile scores as always. IN-K r0 east of the start tile (its road runs west, then south);
 * player 1's E r2 closes IN-K's city: 2 tiles, 4 points. A r2 below IN-K and A r3 west of
 * the start tile close the road: 4 tiles, 8 points for player 0. */
START_TEST (test_inn3_only_the_inn_road)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("IN-K", "E", "A", "A"));
  g_autoptr (Play) play = play_new (config);
  turn (play, 1, 0, 0, 1);
  turn (play, 1, -1, 2, 0);
  assert_scored (play, 0, CARC_FEATURE_CITY, FALSE, 0, 4);
  turn (play, 1, 1, 2, SKIP);
  turn (play, -1, 0, 3, SKIP);
  assert_scored (play, 1, CARC_FEATURE_ROAD, FALSE, 8, 0);
  ck_assert_uint_eq (play->scores->len, 2);
  ck_assert_uint_eq (carc_game_get_score (play->game, 0), 8);
  ck_assert_uint_eq (carc_game_get_score (play->game, 1), 4);
}
END_TEST

/* INN-3: a road without an inn scores 1 a tile with the plugin on: A r3 | D | A r1, 3. */
START_TEST (test_inn3_plain_road_unchanged)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("A", "A"));
  g_autoptr (Play) play = play_new (config);
  turn (play, -1, 0, 3, 1);
  turn (play, 1, 0, 1, SKIP);
  assert_scored (play, 0, CARC_FEATURE_ROAD, FALSE, 3, 0);
}
END_TEST

/* INN-4: at the end, player 0's road D | IN-U r1 (2 tiles, incomplete, with an inn) scores
 * nothing while player 1's plain road on V r0 south of the start tile (1 tile) scores 1;
 * with `penalty` off the inn road scores its 2 as always. The score hook is called (and the
 * event reported) for a road that ends with 0 points. */
START_TEST (test_inn4_incomplete_road_at_the_end)
{
  for (guint penalty = 0; penalty <= 1; penalty++)
    {
      g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("IN-U", "V"));
      set_option (config, "penalty", penalty);
      g_autoptr (Play) play = play_new (config);
      turn (play, 1, 0, 1, 0);
      turn (play, 0, 1, 0, 0);
      ck_assert_int_eq (carc_game_get_phase (play->game), CARC_PHASE_OVER);
      ck_assert_uint_eq (play->scores->len, 2);
      assert_scored (play, 0, CARC_FEATURE_ROAD, TRUE, penalty ? 0 : 2, 0);
      /* issue 16: stage OVERRIDE replaces the items by one "inn" item of 0 */
      ck_assert_str_eq (g_ptr_array_index (play->breakdowns, 0), penalty ? "inn*0=0" : "tiles*2=2");
      assert_scored (play, 1, CARC_FEATURE_ROAD, TRUE, 0, 1);
      ck_assert_uint_eq (carc_game_get_score (play->game, 0), penalty ? 0 : 2);
      ck_assert_uint_eq (carc_game_get_score (play->game, 1), 1);
    }
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Whole random games
 * --------------------------------------------------------------------------------------- */

typedef struct
{
  guint bonus;
  gboolean penalty;
  guint road_scorings;
  guint inn_scorings[2]; /* roads with an inn scored: [0] incomplete, [1] complete */
  guint inns_discarded;
  guint points[CARC_MAX_PLAYERS];
} Referee;

/* TRUE if a tile with an inn stands by the road @road, found without the plugin's own
 * bookkeeping: every piece on the board, its inn tag, that segment's feature. */
static gboolean
road_has_inn (CarcGame *game, const CarcFeatureInfo *road)
{
  for (guint i = 0; i < carc_game_get_n_pieces (game); i++)
    {
      CarcPieceInfo piece;
      CarcFeatureInfo feature;
      ck_assert (carc_game_get_piece (game, i, &piece));
      const char *inn = carc_tile_type_get_tag (piece.tile, "inn");
      if (inn
          && carc_game_get_piece_feature (game, i, (guint)g_ascii_strtoull (inn, NULL, 10),
                                          &feature)
          && feature.id == road->id)
        return TRUE;
    }
  return FALSE;
}

/* INN-3 and INN-4 as every road is scored: the winners get units x bonus for a complete road
 * with an inn, 0 (penalty) for an incomplete one, units for any other road. */
static void
referee_event (CarcGame *game, const CarcEvent *ev, gpointer user_data)
{
  Referee *ref = user_data;
  if (ev->type == CARC_EVENT_TILE_DISCARDED && carc_tile_type_get_tag (ev->tile, "inn"))
    ref->inns_discarded++;
  if (ev->type != CARC_EVENT_FEATURE_SCORED)
    return;
  for (guint p = 0; p < ev->n_players; p++)
    ref->points[p] += ev->points[p];
  if (ev->kind != CARC_FEATURE_ROAD)
    return;
  CarcFeatureInfo road;
  ck_assert (carc_game_get_piece_feature (game, ev->piece, ev->segment, &road));
  gboolean inn = road_has_inn (game, &road);
  guint want = !inn            ? road.units
               : road.complete ? ref->bonus * road.units
               : ref->penalty  ? 0
                               : road.units;
  /* Who wins is the engine's (and the tie_break hooks') business: each player gets the
   * road's points or nothing, and someone with a follower in it gets them. */
  gboolean paid = FALSE;
  for (guint p = 0; p < ev->n_players; p++)
    {
      ck_assert_msg (ev->points[p] == 0 || ev->points[p] == want,
                     "road at (%d, %d), %u tiles, %s, inn %d: player %u got %u, not %u", ev->x,
                     ev->y, road.units, road.complete ? "complete" : "incomplete", inn, p,
                     ev->points[p], want);
      paid |= road.followers[p] > 0 && ev->points[p] == want;
    }
  ck_assert_msg (paid, "road at (%d, %d): nobody got its %u points", ev->x, ev->y, want);
  ref->road_scorings++;
  if (inn)
    ref->inn_scorings[road.complete]++;
}

/* One random legal move in any phase: a pick in the draft; in the choose phase a draw, a
 * pass or a piece from the hand; a placement; a deployment or a skip. FALSE once over. */
static gboolean
random_move (CarcGame *game, CarcRng *rng)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = TRUE;
  guint n;
  switch (carc_game_get_phase (game))
    {
      case CARC_PHASE_OVER:
        return FALSE;
      case CARC_PHASE_DRAFT:
        ok = carc_game_pick (game, carc_rng_below (rng, carc_game_get_pool_size (game)), &error);
        break;
      case CARC_PHASE_CHOOSE:
        {
          guint hand = carc_game_get_hand_size (game, carc_game_get_current_player (game));
          guint pick = carc_rng_below (rng, hand + 1);
          const CarcPlacement *list
              = pick < hand ? carc_game_get_piece_placements (game, pick, &n) : NULL;
          if (list && n)
            {
              const CarcPlacement *p = &list[carc_rng_below (rng, n)];
              ok = carc_game_place_piece (game, pick, p->x, p->y, p->rotation, &error);
            }
          else if (carc_game_can_draw (game))
            ok = carc_game_draw (game, &error);
          else if (carc_game_can_pass (game))
            ok = carc_game_pass (game, &error);
          /* else a turn that must place a piece, and this one fits nowhere: pick again */
          break;
        }
      case CARC_PHASE_PLACE:
        {
          CarcPlacement p;
          n = carc_game_get_n_placements (game);
          ck_assert_uint_gt (n, 0);
          ck_assert (carc_game_get_placement (game, carc_rng_below (rng, n), &p));
          ok = carc_game_place (game, p.x, p.y, p.rotation, &error);
          break;
        }
      case CARC_PHASE_DEPLOY:
        {
          const CarcDeployment *d = carc_game_get_deployments (game, &n);
          guint pick = carc_rng_below (rng, n + 1);
          ok = pick < n ? carc_game_deploy (game, d[pick].figure, d[pick].segment, &error)
                        : carc_game_skip (game, &error);
          break;
        }
      case CARC_PHASE_PLUGIN:
        {
          /* a plugin's phase (issue 16, Moves): one of the listed moves */
          g_autoptr (GPtrArray) moves
              = carc_game_list_moves (game, carc_game_get_current_player (game));
          ck_assert_uint_gt (moves->len, 0);
          ok = carc_game_apply_move (game, moves->pdata[carc_rng_below (rng, moves->len)],
                                     &error);
          break;
        }
    }
  ck_assert_msg (ok, "the engine refused a move it offered: %s", error ? error->message : "?");
  return TRUE;
}

/* Plays @config to its end with random moves, refereeing every road scored; then checks the
 * final scores against the events and against a replay of the move log. */
static void
play_random (CarcGameConfig *config, Referee *ref, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) game = carc_game_new_full (config, referee_event, ref, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  CarcRng rng;
  carc_rng_init (&rng, seed, 1);
  for (guint moves = 0; random_move (game, &rng); moves++)
    ck_assert_uint_lt (moves, 20000);
  ck_assert_uint_eq (carc_game_get_tiles_left (game), 0);
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  g_autoptr (CarcGame) replay = carc_game_replay (config, moves, n_moves, &error);
  ck_assert_msg (replay != NULL, "replay: %s", error ? error->message : "?");
  ck_assert_int_eq (carc_game_get_phase (replay), CARC_PHASE_OVER);
  for (guint p = 0; p < carc_game_get_n_players (game); p++)
    {
      ck_assert_uint_eq (carc_game_get_score (game, p), ref->points[p]);
      ck_assert_uint_eq (carc_game_get_score (replay, p), ref->points[p]);
    }
}

/* Whole games with the example alone: 2 to 5 players, the default options and others. Every
 * inn tile is placed or discarded (INN-1); every road scores by INN-3 and INN-4. */
START_TEST (test_random_games)
{
  guint inn_scorings[2] = { 0, 0 };
  /* At least 8 games, and on until both kinds of inn road have scored (64 at most: which
   * games see them depends on the engine's order of placements). */
  for (guint seed = 1; seed <= 8 || ((!inn_scorings[0] || !inn_scorings[1]) && seed <= 64); seed++)
    {
      g_autoptr (CarcGameConfig) config = config_new (TRUE, NULL);
      carc_game_config_set_seed (config, seed);
      carc_game_config_set_n_players (config, 2 + seed % 4);
      Referee ref = { .bonus = 2, .penalty = TRUE };
      if (seed % 2)
        {
          ref.bonus = 1 + seed % 5;
          ref.penalty = FALSE;
          set_option (config, "bonus", ref.bonus);
          set_option (config, "penalty", 0);
        }
      play_random (config, &ref, seed);
      ck_assert_uint_gt (ref.road_scorings, 0);
      inn_scorings[0] += ref.inn_scorings[0];
      inn_scorings[1] += ref.inn_scorings[1];
    }
  /* The games saw both kinds of road with an inn. */
  ck_assert_uint_gt (inn_scorings[0], 0);
  ck_assert_uint_gt (inn_scorings[1], 0);
}
END_TEST

/* Two plugins combine without either knowing the other (ARCHITECTURE.md section 5): the
 * example with the shipped ones, their tiles, hands, draft and end rounds; check_place hooks
 * of two plugins (abbey allows, inns vetoes) on one board. */
START_TEST (test_random_games_with_shipped_plugins)
{
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  g_autofree char *dir = plugins_dir ();
  ck_assert_uint_eq (carc_plugin_host_load_dir (host, dir, NULL, NULL), 6);
  for (guint seed = 1; seed <= 6; seed++)
    {
      g_autoptr (CarcGameConfig) config = config_new (TRUE, NULL);
      for (guint i = 0; i < carc_plugin_host_get_n_plugins (host); i++)
        {
          CarcPlugin *plugin = carc_plugin_host_get_plugin (host, i);
          const char *name = carc_plugin_get_name (plugin);
          /* hills (the hill half and its rule) in every third game; inns-cathedrals never: its
           * inns are the real expansion's, which the referee (the example's rules) does not
           * know */
          if (g_str_equal (name, "inns-cathedrals"))
            continue;
          if (seed % 3 == 0 || !g_str_equal (name, "hills"))
            ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
        }
      carc_game_config_set_seed (config, seed);
      carc_game_config_set_n_players (config, 2 + seed % 3);
      g_autoptr (GError) error = NULL;
      ck_assert (carc_game_config_set_option (config, "halftiles", "draft", seed % 2, &error));
      Referee ref = { .bonus = 2, .penalty = TRUE };
      play_random (config, &ref, seed);
    }
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * The host's refusals
 * --------------------------------------------------------------------------------------- */

static guint init_calls, exit_calls;

static gboolean
counting_init (CarcPlugin *plugin, GError **error)
{
  init_calls++;
  return TRUE;
}

static void
counting_exit (CarcPlugin *plugin)
{
  exit_calls++;
}

static gboolean
failing_init (CarcPlugin *plugin, GError **error)
{
  init_calls++;
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "no tavern keeper");
  return FALSE;
}

static gboolean
silent_failing_init (CarcPlugin *plugin, GError **error)
{
  init_calls++;
  return FALSE;
}

#define DESC(major, minor, name, init)                                                             \
  ((CarcPluginDesc){ (major), (minor), (name), "a test plugin", "0.1",                             \
                     CARC_PLUGIN_PRIORITY_DEFAULT, (init), counting_exit })

static void
assert_refused (const CarcPluginDesc *desc, const char *message)
{
  g_autoptr (GError) error = NULL;
  CarcPlugin *plugin = carc_plugin_new_static (desc, &error);
  ck_assert_ptr_null (plugin);
  assert_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, message);
}

/* ABI rule: a plugin loads only into a host of the same major and a minor at least its own;
 * anything else is refused before init() runs, with this message. */
START_TEST (test_abi_mismatch)
{
  init_calls = exit_calls = 0;
  const guint M = CARC_PLUGIN_ABI_MAJOR, m = CARC_PLUGIN_ABI_MINOR;
  const CarcPluginDesc newer_major = DESC (M + 1, m, "future", counting_init);
  g_autofree char *msg = g_strdup_printf (
      "built-in plugin: built for plugin ABI %u.%u, this engine has %u.%u", M + 1, m, M, m);
  assert_refused (&newer_major, msg);

  const CarcPluginDesc older_major = DESC (M - 1, m, "past", counting_init);
  g_autofree char *msg2 = g_strdup_printf (
      "built-in plugin: built for plugin ABI %u.%u, this engine has %u.%u", M - 1, m, M, m);
  assert_refused (&older_major, msg2);

  const CarcPluginDesc newer_minor = DESC (M, m + 1, "newer", counting_init);
  g_autofree char *msg3 = g_strdup_printf (
      "built-in plugin: built for plugin ABI %u.%u, this engine has %u.%u", M, m + 1, M, m);
  assert_refused (&newer_minor, msg3);
  ck_assert_uint_eq (init_calls, 0);

  const CarcPluginDesc same = DESC (M, m, "same", counting_init);
  g_autoptr (CarcPlugin) plugin = carc_plugin_new_static (&same, NULL);
  ck_assert_ptr_nonnull (plugin);
  ck_assert_ptr_null (carc_plugin_get_path (plugin));
#if CARC_PLUGIN_ABI_MINOR > 0
  const CarcPluginDesc older_minor = DESC (M, m - 1, "older", counting_init);
  g_autoptr (CarcPlugin) older = carc_plugin_new_static (&older_minor, NULL);
  ck_assert_ptr_nonnull (older);
#endif
  ck_assert_uint_eq (init_calls, 1 + (CARC_PLUGIN_ABI_MINOR > 0));
}
END_TEST

/* Descriptor rule: a name is 1-32 lower-case letters, digits or '-'; init, description and
 * version are required. Checked before init(). */
START_TEST (test_bad_descriptor)
{
  init_calls = 0;
  /* The last but one is 33 bytes; NULL is no name at all. */
  static const char *const bad_names[]
      = { "", "Inns", "inns_2", "inns.so", "abcdefghijklmnopqrstuvwxyz0123456", NULL };
  for (guint i = 0; i < G_N_ELEMENTS (bad_names); i++)
    {
      const CarcPluginDesc d
          = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, bad_names[i], counting_init);
      assert_refused (&d,
                      "built-in plugin: the name must be 1-32 lower-case letters, digits or '-'");
    }
  CarcPluginDesc d = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "no-version", NULL);
  assert_refused (&d, "built-in plugin: plugin no-version has no init, description or version");
  d.init = counting_init;
  d.version = NULL;
  assert_refused (&d, "built-in plugin: plugin no-version has no init, description or version");
  ck_assert_uint_eq (init_calls, 0);

  const CarcPluginDesc longest = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR,
                                       "abcdefghijklmnopqrstuvwxyz-01234", counting_init);
  g_autoptr (CarcPlugin) ok = carc_plugin_new_static (&longest, NULL);
  ck_assert_ptr_nonnull (ok);
}
END_TEST

/* init() rule: an init that returns FALSE refuses the plugin; its error's message is in the
 * host's (any domain), or "no reason given"; exit() is never called for it. */
START_TEST (test_init_fails)
{
  init_calls = exit_calls = 0;
  const CarcPluginDesc failing
      = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "failing", failing_init);
  assert_refused (&failing, "built-in plugin: plugin failing refused to start: no tavern keeper");
  const CarcPluginDesc silent
      = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "silent", silent_failing_init);
  assert_refused (&silent, "built-in plugin: plugin silent refused to start: no reason given");
  ck_assert_uint_eq (init_calls, 2);
  ck_assert_uint_eq (exit_calls, 0);
}
END_TEST

/* Lifetime rule: exit() runs once, when the last reference (host, config, game) is gone. */
START_TEST (test_exit_after_last_reference)
{
  init_calls = exit_calls = 0;
  const CarcPluginDesc d
      = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "counted", counting_init);
  CarcPlugin *plugin = carc_plugin_new_static (&d, NULL);
  CarcPluginHost *host = carc_plugin_host_new ();
  ck_assert (carc_plugin_host_add (host, plugin, NULL));
  carc_plugin_unref (plugin);
  g_autoptr (CarcGameConfig) config = config_new (FALSE, TILES ("U"));
  ck_assert (
      carc_game_config_add_expansion (config, carc_plugin_host_lookup (host, "counted"), NULL));
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  g_object_unref (host);
  ck_assert_uint_eq (exit_calls, 0);
  g_clear_pointer (&config, carc_game_config_unref);
  ck_assert_uint_eq (exit_calls, 0);
  g_clear_object (&game);
  ck_assert_uint_eq (init_calls, 1);
  ck_assert_uint_eq (exit_calls, 1);
}
END_TEST

/* Setup rule: a setup hook that sets an error stops carc_game_new(); the error names the
 * expansion, and what the expansions before it set up is freed (inns runs first here). An
 * expansion after the failing one never starts and is not asked to free anything. */
static gpointer
failing_setup (CarcSetup *setup, GError **error)
{
  g_set_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "the cellar is flooded");
  return NULL;
}

static gboolean
failing_setup_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks), .setup = failing_setup };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

START_TEST (test_setup_fails)
{
  CarcPluginDesc d
      = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "flooded", failing_setup_init);
  d.priority = CARC_PLUGIN_PRIORITY_LOW;
  g_autoptr (CarcPlugin) flooded = carc_plugin_new_static (&d, NULL);
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("U"));
  ck_assert (carc_game_config_add_expansion (config, flooded, NULL));
  assert_no_game (config, CARC_ERROR_INVALID_ARGUMENT, "expansion flooded: the cellar is flooded");

  /* The same, failing first, with the winter plugin (and inns) after it. */
  d.priority = CARC_PLUGIN_PRIORITY_HIGH;
  g_autoptr (CarcPlugin) first = carc_plugin_new_static (&d, NULL);
  g_autoptr (CarcGameConfig) second = config_new (TRUE, TILES ("U"));
  ck_assert (carc_game_config_add_expansion (second, first, NULL));
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  carc_plugin_host_load_dir (host, carc_plugin_host_get_default_dir (), "winter", NULL);
  ck_assert (
      carc_game_config_add_expansion (second, carc_plugin_host_lookup (host, "winter"), NULL));
  assert_no_game (second, CARC_ERROR_INVALID_ARGUMENT, "expansion flooded: the cellar is flooded");
}
END_TEST

/* Placement rule: CARC_PLACE_ALLOW waives an edge that continues the landscape, not the
 * landscape itself: a cell with no occupied neighbour stays out of reach. */
static CarcPlaceVerdict
allow_everything (CarcGame *game, gpointer data, const CarcTileType *tile, gint x, gint y,
                  guint rotation, const char **reason)
{
  return CARC_PLACE_ALLOW;
}

static gboolean
allow_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks), .check_place = allow_everything };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

START_TEST (test_allow_needs_a_neighbour)
{
  CarcPluginDesc d = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "lenient", allow_init);
  g_autoptr (CarcPlugin) lenient = carc_plugin_new_static (&d, NULL);
  g_autoptr (CarcGameConfig) config = config_new (FALSE, TILES ("U"));
  ck_assert (carc_game_config_add_expansion (config, lenient, NULL));
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) game = carc_game_new (config, &error);
  ck_assert_ptr_nonnull (game);
  ck_assert (!carc_game_can_place (game, 5, 5, 0));
  ck_assert (!carc_game_place (game, 5, 5, 0, &error));
  ck_assert_int_eq (error->code, CARC_ERROR_ILLEGAL_PLACEMENT);
  ck_assert (carc_game_can_place (game, 1, 0, 1));
}
END_TEST

/* A plugin that rolls a die after every placement (carc_game_random(), issue 16) and buries
 * the next tile on a 0, so the draws change the game; it keeps its draws for the test. */
typedef struct
{
  GArray *draws; /* guint */
} Dice;

static Dice *last_dice; /* the data of the game set up last */

static gpointer
dice_setup (CarcSetup *setup, GError **error)
{
  Dice *d = g_new0 (Dice, 1);
  d->draws = g_array_new (FALSE, FALSE, sizeof (guint));
  last_dice = d;
  return d;
}

static void
dice_free (gpointer data)
{
  Dice *d = data;
  g_array_unref (d->draws);
  g_free (d);
}

static void
dice_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  Dice *d = data;
  guint roll = carc_game_random (game, 6);
  g_array_append_val (d->draws, roll);
  if (roll == 0)
    carc_game_bury_next_tile (game);
}

static gboolean
dice_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = {
    .size = sizeof (CarcHooks), .setup = dice_setup, .free_data = dice_free, .placed = dice_placed
  };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

/* Plays @config's game to its end: the first placement of every tile, no follower. */
static CarcGame *
play_first_placements (const CarcGameConfig *config)
{
  g_autoptr (GError) error = NULL;
  CarcGame *game = carc_game_new (config, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  while (carc_game_get_phase (game) != CARC_PHASE_OVER)
    if (carc_game_get_phase (game) == CARC_PHASE_PLACE)
      {
        guint n;
        const CarcPlacement *p = carc_game_get_placements (game, &n);
        ck_assert_uint_gt (n, 0);
        ck_assert (carc_game_place (game, p[0].x, p[0].y, p[0].rotation, NULL));
      }
    else
      ck_assert (carc_game_skip (game, NULL));
  return game;
}

static GArray *
steal_draws (void)
{
  GArray *draws = g_array_ref (last_dice->draws);
  last_dice = NULL;
  return draws;
}

/* Issue 16 (hooks get the game's RNG): carc_game_random() draws from the game's seeded stream,
 * so seed + moves replay every draw (carc_game_replay() gives the same draws and the same
 * state hash, which holds the generator's state); another seed draws otherwise. */
START_TEST (test_hook_random_replays)
{
  CarcPluginDesc d = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "dice", dice_init);
  g_autoptr (CarcPlugin) dice = carc_plugin_new_static (&d, NULL);
  g_autoptr (CarcGameConfig) config = config_new (FALSE, NULL);
  carc_game_config_set_seed (config, 5);
  ck_assert (carc_game_config_add_expansion (config, dice, NULL));

  g_autoptr (CarcGame) game = play_first_placements (config);
  g_autoptr (GArray) draws = steal_draws ();
  ck_assert_uint_eq (draws->len, carc_game_get_n_pieces (game) - 1); /* not the start tile */
  guint zeros = 0;
  for (guint i = 0; i < draws->len; i++)
    zeros += g_array_index (draws, guint, i) == 0;
  ck_assert_uint_gt (zeros, 0);              /* some tiles went under */
  ck_assert_uint_lt (zeros, draws->len / 2); /* about one in six */
  ck_assert_uint_eq (carc_game_get_n_pieces (game) - 1 + zeros, 71);

  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) again = carc_game_replay (config, moves, n_moves, &error);
  ck_assert_msg (again != NULL, "%s", error ? error->message : "?");
  g_autoptr (GArray) redrawn = steal_draws ();
  ck_assert_uint_eq (redrawn->len, draws->len);
  ck_assert (memcmp (redrawn->data, draws->data, draws->len * sizeof (guint)) == 0);
  g_autofree char *hash = carc_game_get_state_hash (game);
  g_autofree char *hash_again = carc_game_get_state_hash (again);
  ck_assert_str_eq (hash_again, hash);

  carc_game_config_set_seed (config, 6);
  g_autoptr (CarcGame) other = play_first_placements (config);
  g_autoptr (GArray) other_draws = steal_draws ();
  guint same = 0, n = MIN (other_draws->len, draws->len);
  for (guint i = 0; i < n; i++)
    same += g_array_index (other_draws, guint, i) == g_array_index (draws, guint, i);
  ck_assert_uint_lt (same, n);
}
END_TEST

/* Two plugins with a digest hook (issue 16): "silent" appends nothing; "ledger" counts the
 * placements and appends the count to the state hash only (it is no public state). */
static gpointer
ledger_setup (CarcSetup *setup, GError **error)
{
  return g_new0 (guint32, 1);
}

static void
ledger_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  (*(guint32 *)data)++;
}

static void
ledger_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes)
{
  guint32 n = *(guint32 *)data;
  if (!public_only && n)
    carc_digest_add_u32 (bytes, n);
}

static gboolean
ledger_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = ledger_setup,
                                   .free_data = g_free,
                                   .placed = ledger_placed,
                                   .digest = ledger_digest };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

static void
silent_digest (CarcGame *game, gpointer data, gboolean public_only, GByteArray *bytes)
{
}

static gboolean
silent_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks), .digest = silent_digest };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

/* The game of seed 3 played by play_first_placements() with @plugin (may be NULL): its state
 * hash and public hash. */
static void
digest_hashes (CarcPlugin *plugin, char **state, char **public)
{
  g_autoptr (CarcGameConfig) config = config_new (FALSE, NULL);
  carc_game_config_set_seed (config, 3);
  if (plugin)
    ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
  g_autoptr (CarcGame) game = play_first_placements (config);
  *state = carc_game_get_state_hash (game);
  *public = carc_game_get_public_hash (game);
}

/* Issue 16 (plugin state in the hashes): a digest that appends nothing leaves both hashes as
 * they are without the plugin (so journals keep their hashes); appended bytes change the state
 * hash; what a digest leaves out of the public hash leaves that hash as it was. */
START_TEST (test_digest_hook)
{
  CarcPluginDesc ds = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "silent", silent_init);
  CarcPluginDesc dl = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "ledger", ledger_init);
  g_autoptr (CarcPlugin) silent = carc_plugin_new_static (&ds, NULL);
  g_autoptr (CarcPlugin) ledger = carc_plugin_new_static (&dl, NULL);
  g_autofree char *state = NULL, *public = NULL;
  g_autofree char *silent_state = NULL, *silent_public = NULL;
  g_autofree char *ledger_state = NULL, *ledger_public = NULL;
  digest_hashes (NULL, &state, &public);
  digest_hashes (silent, &silent_state, &silent_public);
  digest_hashes (ledger, &ledger_state, &ledger_public);
  ck_assert_str_eq (silent_state, state);
  ck_assert_str_eq (silent_public, public);
  ck_assert_str_ne (ledger_state, state);
  ck_assert_str_eq (ledger_public, public);
}
END_TEST

/* Host rule: one plugin per name; the second is refused, the first stays. The host lists
 * its plugins by priority, then name. */
START_TEST (test_host_duplicate_name)
{
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  g_autoptr (CarcPlugin) inns = load_inns ();
  ck_assert (carc_plugin_host_add (host, inns, NULL));
  const CarcPluginDesc impostor
      = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "inns", counting_init);
  g_autoptr (CarcPlugin) other = carc_plugin_new_static (&impostor, NULL);
  ck_assert_ptr_nonnull (other);
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_plugin_host_add (host, other, &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "a plugin called inns is already loaded");
  ck_assert_uint_eq (carc_plugin_host_get_n_plugins (host), 1);
  ck_assert_ptr_eq (carc_plugin_host_lookup (host, "inns"), inns);

  CarcPluginDesc early = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "zz", counting_init);
  early.priority = CARC_PLUGIN_PRIORITY_HIGH;
  g_autoptr (CarcPlugin) zz = carc_plugin_new_static (&early, NULL);
  const CarcPluginDesc plain
      = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "aa", counting_init);
  g_autoptr (CarcPlugin) aa = carc_plugin_new_static (&plain, NULL);
  ck_assert (carc_plugin_host_add (host, aa, NULL));
  ck_assert (carc_plugin_host_add (host, zz, NULL));
  ck_assert_ptr_eq (carc_plugin_host_get_plugin (host, 0), zz);
  ck_assert_ptr_eq (carc_plugin_host_get_plugin (host, 1), aa);
  ck_assert_ptr_eq (carc_plugin_host_get_plugin (host, 2), inns);
  ck_assert_ptr_null (carc_plugin_host_get_plugin (host, 3));
}
END_TEST

/* The warnings carc_plugin_host_load_dir() logs, collected. */
static void
collect_warning (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  if (level & (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL))
    g_ptr_array_add (data, g_strdup (message));
}

static gboolean
warned (GPtrArray *warnings, const char *message)
{
  for (guint i = 0; i < warnings->len; i++)
    if (strcmp (g_ptr_array_index (warnings, i), message) == 0)
      return TRUE;
  return FALSE;
}

/* A host with the plugins of @dir loaded (@loaded of them), its warnings in @warnings. */
static CarcPluginHost *
load_dir_collecting (const char *dir, GPtrArray *warnings, guint *loaded)
{
  GLogFunc old = g_log_set_default_handler (collect_warning, warnings);
  CarcPluginHost *host = carc_plugin_host_new ();

  *loaded = carc_plugin_host_load_dir (host, dir, NULL, NULL);
  g_log_set_default_handler (old, NULL);
  return host;
}

static void
link_into (const char *dir, const char *target, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  ck_assert_msg (symlink (target, path) == 0, "symlink %s: %s", path, g_strerror (errno));
}

/* Host rule (load_dir): every <name>.so in the directory is tried in name order; a file that
 * is not a plugin (junk, or a shared object without the descriptor) or repeats a loaded
 * plugin's name is refused with a warning naming it and the reason, and the others still
 * load. Other files are not looked at. Every .so seen is known by its file name. */
START_TEST (test_load_dir_skips_non_plugins)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("carc-plugins-XXXXXX", &error);
  ck_assert_msg (dir != NULL, "%s", error ? error->message : "?");
  g_autofree char *real = plugins_dir ();
  static const char *const shipped[] = { "abbey", "halftiles", "vineyards", "winter" };
  for (guint i = 0; i < G_N_ELEMENTS (shipped); i++)
    {
      g_autofree char *file = g_strconcat (shipped[i], "." G_MODULE_SUFFIX, NULL);
      g_autofree char *target = g_build_filename (real, file, NULL);
      link_into (dir, target, file);
    }
  g_autofree char *inns = example_path ();
  link_into (dir, inns, "inns." G_MODULE_SUFFIX);
  link_into (dir, inns, "second-inns." G_MODULE_SUFFIX);
  g_autofree char *engine = g_build_filename (top_builddir (), "core", "engine", ".libs",
                                              "libcarcassonne-1." G_MODULE_SUFFIX, NULL);
  link_into (dir, engine, "engine." G_MODULE_SUFFIX);
  g_autofree char *junk = g_build_filename (dir, "junk." G_MODULE_SUFFIX, NULL);
  ck_assert (g_file_set_contents (junk, "not a shared object\n", -1, NULL));
  g_autofree char *readme = g_build_filename (dir, "readme.txt", NULL);
  ck_assert (g_file_set_contents (readme, "plugins go here\n", -1, NULL));

  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  guint loaded;
  g_autoptr (CarcPluginHost) host = load_dir_collecting (dir, warnings, &loaded);

  ck_assert_uint_eq (loaded, 5);
  static const char *const order[] = { "abbey", "halftiles", "inns", "vineyards", "winter" };
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    ck_assert_str_eq (carc_plugin_get_name (carc_plugin_host_get_plugin (host, i)), order[i]);
  g_autofree char *inns_path = g_build_filename (dir, "inns." G_MODULE_SUFFIX, NULL);
  ck_assert_str_eq (carc_plugin_get_path (carc_plugin_host_lookup (host, "inns")), inns_path);

  ck_assert_uint_eq (warnings->len, 3);
  g_autofree char *engine_so = g_build_filename (dir, "engine." G_MODULE_SUFFIX, NULL);
  g_autofree char *w_engine = g_strdup_printf (
      "plugins: refused: %s: not a carcassonned plugin (no carc_plugin_desc symbol)", engine_so);
  ck_assert_msg (warned (warnings, w_engine), "no warning \"%s\"", w_engine);
  g_autofree char *second = g_build_filename (dir, "second-inns." G_MODULE_SUFFIX, NULL);
  g_autofree char *w_second
      = g_strdup_printf ("plugins: refused: %s: a plugin called inns is already loaded", second);
  ck_assert_msg (warned (warnings, w_second), "no warning \"%s\"", w_second);
  g_autofree char *w_junk = g_strdup_printf ("plugins: refused: %s: cannot load: ", junk);
  gboolean junk_warned = FALSE;
  for (guint i = 0; i < warnings->len; i++)
    junk_warned |= g_str_has_prefix (g_ptr_array_index (warnings, i), w_junk);
  ck_assert_msg (junk_warned, "no warning \"%s...\"", w_junk);

  /* issue 14: the refusals are kept, file by file in name order, with the reasons the
   * warnings give */
  {
    const char *path, *reason;

    ck_assert_uint_eq (carc_plugin_host_get_n_refused (host), 3);
    ck_assert_str_eq (carc_plugin_host_get_refused (host, 0, &path, &reason), "engine");
    ck_assert_str_eq (path, engine_so);
    ck_assert_str_eq (reason, "not a carcassonned plugin (no carc_plugin_desc symbol)");
    ck_assert_str_eq (carc_plugin_host_get_refused (host, 1, &path, &reason), "junk");
    ck_assert_str_eq (path, junk);
    ck_assert_msg (g_str_has_prefix (reason, "cannot load: "), "%s", reason);
    ck_assert_str_eq (carc_plugin_host_get_refused (host, 2, &path, NULL), "second-inns");
    ck_assert_str_eq (path, second);
    ck_assert_ptr_null (carc_plugin_host_get_refused (host, 3, &path, &reason));
    ck_assert_str_eq (carc_plugin_host_lookup_refusal (host, "second-inns"),
                      "a plugin called inns is already loaded");
    ck_assert_ptr_null (carc_plugin_host_lookup_refusal (host, "inns"));
    ck_assert_ptr_null (carc_plugin_host_lookup_refusal (host, "readme"));
  }

  static const char *const known[]
      = { "abbey", "halftiles", "vineyards", "winter", "inns", "second-inns", "engine", "junk" };
  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    ck_assert_msg (carc_plugin_host_is_known (host, known[i]), "%s not known", known[i]);
  ck_assert (!carc_plugin_host_is_known (host, "readme"));
  ck_assert (!carc_plugin_host_is_known (host, "readme.txt"));
  ck_assert_ptr_null (carc_plugin_host_lookup (host, "junk"));

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      g_autofree char *file = g_strconcat (known[i], "." G_MODULE_SUFFIX, NULL);
      g_autofree char *path = g_build_filename (dir, file, NULL);
      g_unlink (path);
    }
  g_unlink (readme);
  ck_assert_int_eq (g_rmdir (dir), 0);
}
END_TEST

/* Host rule (load_dir), issue 14: a plugin whose file name is not the name it declares loads
 * under its declared name, with one warning saying both names; it is no refusal, and the file
 * name stays known. */
START_TEST (test_load_dir_name_mismatch)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("carc-plugins-XXXXXX", &error);
  ck_assert_msg (dir != NULL, "%s", error ? error->message : "?");
  g_autofree char *inns = example_path ();
  link_into (dir, inns, "tavern." G_MODULE_SUFFIX);
  g_autofree char *tavern = g_build_filename (dir, "tavern." G_MODULE_SUFFIX, NULL);

  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  guint loaded;
  g_autoptr (CarcPluginHost) host = load_dir_collecting (dir, warnings, &loaded);

  ck_assert_uint_eq (loaded, 1);
  ck_assert_ptr_nonnull (carc_plugin_host_lookup (host, "inns"));
  ck_assert_ptr_null (carc_plugin_host_lookup (host, "tavern"));
  ck_assert (carc_plugin_host_is_known (host, "tavern"));
  ck_assert_uint_eq (carc_plugin_host_get_n_refused (host), 0);
  ck_assert_uint_eq (warnings->len, 1);
  g_autofree char *w = g_strdup_printf (
      "plugins: %s is plugin inns: games take it as \"inns\", not \"tavern\"", tavern);
  ck_assert_msg (warned (warnings, w), "no warning \"%s\" but \"%s\"", w,
                 (char *)g_ptr_array_index (warnings, 0));
  g_unlink (tavern);
  ck_assert_int_eq (g_rmdir (dir), 0);
}
END_TEST

/* Host rule (load_dir): @enable and @disable are comma-separated globs on the file's name
 * (spaces around a pattern ignored); a plugin loads when it matches @enable (if given) and
 * no @disable pattern: disable wins. Plugins left out are still known; names never seen are
 * not. A directory that cannot be read loads nothing, with a warning. */
START_TEST (test_load_dir_enable_disable)
{
  g_autofree char *dir = plugins_dir ();
  static const struct
  {
    const char *enable, *disable, *loaded;
  } cases[] = {
    { NULL, NULL, "abbey halftiles hills inns-cathedrals vineyards winter" },
    { "abbey,winter", NULL, "abbey winter" },
    { "*i*", NULL, "halftiles hills inns-cathedrals vineyards winter" },
    { NULL, " h* , v*", "abbey inns-cathedrals winter" },
    { "*", "winter", "abbey halftiles hills inns-cathedrals vineyards" },
    { "abbey", "abbey", "" },
    { "", NULL, "" },
    { "nosuch", NULL, "" },
    { "?bbey,w?nter", "", "abbey winter" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
      guint n = carc_plugin_host_load_dir (host, dir, cases[i].enable, cases[i].disable);
      g_autoptr (GString) names = g_string_new (NULL);
      for (guint k = 0; k < carc_plugin_host_get_n_plugins (host); k++)
        g_string_append_printf (names, "%s%s", k ? " " : "",
                                carc_plugin_get_name (carc_plugin_host_get_plugin (host, k)));
      ck_assert_msg (strcmp (names->str, cases[i].loaded) == 0,
                     "enable \"%s\" disable \"%s\": loaded \"%s\", expected \"%s\"",
                     cases[i].enable ? cases[i].enable : "(null)",
                     cases[i].disable ? cases[i].disable : "(null)", names->str, cases[i].loaded);
      ck_assert_uint_eq (n, carc_plugin_host_get_n_plugins (host));
      static const char *const all[]
          = { "abbey", "halftiles", "hills", "inns-cathedrals", "vineyards", "winter" };
      for (guint k = 0; k < G_N_ELEMENTS (all); k++)
        ck_assert_msg (carc_plugin_host_is_known (host, all[k]), "%s not known", all[k]);
      ck_assert (!carc_plugin_host_is_known (host, "inns"));
      ck_assert (!carc_plugin_host_is_known (host, "nosuch"));
    }

  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  GLogFunc old = g_log_set_default_handler (collect_warning, warnings);
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  g_autofree char *missing = g_build_filename (dir, "no-such-dir", NULL);
  ck_assert_uint_eq (carc_plugin_host_load_dir (host, missing, NULL, NULL), 0);
  g_log_set_default_handler (old, NULL);
  ck_assert_uint_eq (warnings->len, 1);
  ck_assert (g_str_has_prefix (g_ptr_array_index (warnings, 0), "plugins: "));
  ck_assert (strstr (g_ptr_array_index (warnings, 0), missing) != NULL);
  ck_assert_uint_eq (carc_plugin_host_get_n_plugins (host), 0);
}
END_TEST

/* Host rule: without CARCASSONNE_PLUGIN_DIR the default directory is where `make install`
 * puts plugins; with it (as `make check` sets it), that directory. */
START_TEST (test_default_dir)
{
  g_autofree char *dir = plugins_dir ();
  g_setenv ("CARCASSONNE_PLUGIN_DIR", dir, TRUE);
  ck_assert_str_eq (carc_plugin_host_get_default_dir (), dir);
  g_unsetenv ("CARCASSONNE_PLUGIN_DIR");
  ck_assert (g_str_has_suffix (carc_plugin_host_get_default_dir (), "/carcassonned/plugins"));
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("plugin-example");
  TCase *desc = tcase_create ("descriptor");
  tcase_add_test (desc, test_descriptor);
  tcase_add_test (desc, test_options);
  tcase_add_test (desc, test_option_values);
  tcase_add_test (desc, test_tiles);
  tcase_add_test (desc, test_hook_order);
  suite_add_tcase (s, desc);

  TCase *rules = tcase_create ("rules");
  tcase_add_test (rules, test_inn1_deck);
  tcase_add_test (rules, test_inn2_inn_continues_a_road);
  tcase_add_test (rules, test_inn2_discarded_when_no_road_is_open);
  tcase_add_test (rules, test_inn3_complete_road_bonus);
  tcase_add_test (rules, test_inn3_two_inns_count_once);
  tcase_add_test (rules, test_inn3_only_the_inn_road);
  tcase_add_test (rules, test_inn3_plain_road_unchanged);
  tcase_add_test (rules, test_inn4_incomplete_road_at_the_end);
  suite_add_tcase (s, rules);

  TCase *games = tcase_create ("games");
  tcase_set_timeout (games, 300);
  tcase_add_test (games, test_random_games);
  tcase_add_test (games, test_random_games_with_shipped_plugins);
  suite_add_tcase (s, games);

  TCase *host = tcase_create ("host");
  tcase_add_test (host, test_abi_mismatch);
  tcase_add_test (host, test_bad_descriptor);
  tcase_add_test (host, test_init_fails);
  tcase_add_test (host, test_exit_after_last_reference);
  tcase_add_test (host, test_setup_fails);
  tcase_add_test (host, test_allow_needs_a_neighbour);
  tcase_add_test (host, test_hook_random_replays);
  tcase_add_test (host, test_digest_hook);
  tcase_add_test (host, test_host_duplicate_name);
  tcase_add_test (host, test_load_dir_skips_non_plugins);
  tcase_add_test (host, test_load_dir_name_mismatch);
  tcase_add_test (host, test_load_dir_enable_disable);
  tcase_add_test (host, test_default_dir);
  suite_add_tcase (s, host);
  return check_run_suite (s);
}
