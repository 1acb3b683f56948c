/* test-plugin-example.c: the example plugin (examples/plugin/wells.c) loaded from the build
 * tree and played, and the plugin host's refusals (doc/plugin-guide.md).
 *
 * The example's rules, as its header comment states them:
 *   W-1 tiles: its 4 tiles join the draw pile; an explicit tile order is the whole pile. Each
 *       has a well: the segment attribute `well` on a road or a city segment.
 *   W-2 figure: the bucket, 1 per player, stands on roads and cities only, strength 2 in a
 *       majority (a follower 1).
 *   W-3 move: after a turn in which a player placed a tile with a well, that player holds the
 *       "well" phase and makes "draw-water" or "leave-well"; outside it both are refused.
 *   W-4 score: a complete feature scores `bonus` (default 2) more for each drawn well in it,
 *       as a "wells" item; undrawn wells, and incomplete features, add nothing.
 *   W-5 state: the drawn wells (and the well waiting for its phase) are in the state hashes.
 * The host's rules (core/engine/carc-plugin.c, core/engine/carc-plugin-host.c) are named where
 * checked.
 *
 * Board conventions as in tests/engine/test-rules.c: the start tile D at (0, 0) has its city north
 * and its road west-east; rotation r turns a tile r quarter turns clockwise. Segments:
 *   WE-U: 0 road N-S (the well's), 1, 2 fields; "WE-U r1" is a west-east road.
 *   WE-K: 0 city N, 1 road S-W (the well's), 2, 3 fields; "WE-K r0" has its road west and south.
 *   A: 0 cloister, 1 road (S, ends at the cloister), 2 field; "A r1" has its road west,
 *      "A r3" east, "A r2" north.   E: 0 city N, 1 field; "E r2" faces its city south.
 *   U: 0 road N-S, 1, 2 fields.   V: 0 road S-W, 1, 2 fields; "V r1" joins N and W, "V r3"
 *      E and S.
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
  return g_build_filename (top_builddir (), "examples", "plugin", ".libs", "wells." G_MODULE_SUFFIX,
                           NULL);
}

static char *
plugins_dir (void)
{
  return g_build_filename (top_builddir (), "plugins", ".libs", NULL);
}

static CarcPlugin *
load_wells (void)
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

/* A two-player config with the example plugin (when @with_wells) and @order as the pile. */
static CarcGameConfig *
config_new (gboolean with_wells, const char *const *order)
{
  g_autoptr (CarcTileSet) tiles = base_tiles ();
  CarcGameConfig *config = carc_game_config_new (tiles);
  carc_game_config_set_tile_order (config, order);
  if (with_wells)
    {
      g_autoptr (CarcPlugin) wells = load_wells ();
      g_autoptr (GError) error = NULL;
      ck_assert_msg (carc_game_config_add_expansion (config, wells, &error), "%s",
                     error ? error->message : "?");
    }
  return config;
}

static void
set_option (CarcGameConfig *config, const char *option, guint32 value)
{
  g_autoptr (GError) error = NULL;
  ck_assert_msg (carc_game_config_set_option (config, "wells", option, value, &error),
                 "wells.%s = %u: %s", option, value, error ? error->message : "?");
}

/* A game and the events it reported that the tests look at. */
typedef struct
{
  CarcGame *game;
  GArray *scores;        /* CarcEvent: CARC_EVENT_FEATURE_SCORED, in order (items NULL) */
  GPtrArray *breakdowns; /* each scoring's items, "name*count=points ...", of players 0 | 1 */
} Play;

static void
append_items (GString *text, const CarcEvent *event, guint player)
{
  for (guint i = 0; i < carc_event_get_n_items (event, player); i++)
    {
      const CarcScoreItem *item = carc_event_get_item (event, player, i);
      g_string_append_printf (text, "%s%s*%u=%u", i ? " " : "", item->name, item->count,
                              item->points);
    }
}

static void
play_record (CarcGame *game, const CarcEvent *event, gpointer user_data)
{
  Play *play = user_data;
  if (event->type != CARC_EVENT_FEATURE_SCORED)
    return;
  CarcEvent kept = *event;
  kept.items = NULL; /* valid during the callback only */
  g_array_append_val (play->scores, kept);
  GString *text = g_string_new (NULL);
  append_items (text, event, 0);
  g_string_append (text, " | ");
  append_items (text, event, 1);
  g_ptr_array_add (play->breakdowns, g_string_free (text, FALSE));
}

static Play *
play_new (CarcGameConfig *config)
{
  g_autoptr (GError) error = NULL;
  Play *play = g_new0 (Play, 1);
  play->scores = g_array_new (FALSE, TRUE, sizeof (CarcEvent));
  play->breakdowns = g_ptr_array_new_with_free_func (g_free);
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

/* Deploys a figure of kind @figure ("follower", "bucket") on @segment, or skips (SKIP). */
static void
deploy_at (Play *play, int line, const char *figure, gint segment)
{
  g_autoptr (GError) error = NULL;
  gint kind = carc_game_find_figure (play->game, figure);
  ck_assert_msg (kind >= 0, "line %d: no figure %s", line, figure);
  gboolean ok = segment < 0 ? carc_game_skip (play->game, &error)
                            : carc_game_deploy (play->game, (guint)kind, (guint)segment, &error);
  ck_assert_msg (ok, "line %d: deploying a %s on %d: %s", line, figure, segment,
                 error ? error->message : "?");
}

/* A plugin move with no parameters, as a program makes one: by its type's name. */
static gboolean
apply_named (CarcGame *game, const char *name, GError **error)
{
  const CarcMove move = { .type = CARC_MOVE_PLUGIN, .name = name };
  return carc_game_apply_move (game, &move, error);
}

static void
well_move (Play *play, int line, const char *name)
{
  g_autoptr (GError) error = NULL;
  ck_assert_msg (apply_named (play->game, name, &error), "line %d: %s: %s", line, name,
                 error ? error->message : "?");
}

#define SKIP (-1)
/* One turn: place the tile in play, then deploy a follower on @segment or SKIP. */
#define turn(play, x, y, r, segment)                                                               \
  G_STMT_START                                                                                     \
  {                                                                                                \
    place_at ((play), __LINE__, (x), (y), (r));                                                    \
    deploy_at ((play), __LINE__, "follower", (segment));                                           \
  }                                                                                                \
  G_STMT_END

/* After a turn that placed a well (W-3): "draw-water" or "leave-well". */
#define well(play, name) well_move ((play), __LINE__, (name))

/* Asserts scoring event @index: its kind, whether final, the points of players 0 and 1, and
 * their breakdowns ("p0 items | p1 items"). */
#define assert_scored(play, index, kind_, final_, p0, p1, items)                                   \
  check_scored ((play), __LINE__, (index), (kind_), (final_), (p0), (p1), (items))

static void
check_scored (Play *play, int line, guint index, CarcFeatureKind kind, gboolean final, guint p0,
              guint p1, const char *items)
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
  const char *got = g_ptr_array_index (play->breakdowns, index);
  ck_assert_msg (strcmp (got, items) == 0, "line %d: event %u: items \"%s\", expected \"%s\"", line,
                 index, got, items);
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

/* The names of @player's legal moves now, space-separated, "place" and "deploy" counted
 * ("place*6 skip"), for short assertions. */
static char *
move_names (CarcGame *game, guint player)
{
  g_autoptr (GPtrArray) moves = carc_game_list_moves (game, player);
  GString *text = g_string_new (NULL);
  for (guint i = 0; i < moves->len;)
    {
      const char *name = carc_move_get_name (moves->pdata[i]);
      guint n = 0;
      while (i < moves->len && strcmp (carc_move_get_name (moves->pdata[i]), name) == 0)
        n++, i++;
      g_string_append_printf (text, "%s%s", text->len ? " " : "", name);
      if (n > 1)
        g_string_append_printf (text, "*%u", n);
    }
  return g_string_free (text, FALSE);
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
  g_autoptr (CarcPlugin) wells = load_wells ();
  ck_assert_str_eq (carc_plugin_get_name (wells), "wells");
  ck_assert_str_eq (carc_plugin_get_description (wells),
                    "Example: village wells, a bucket and water drawn for points");
  ck_assert_str_eq (carc_plugin_get_version (wells), "1.0");
  ck_assert_int_eq (carc_plugin_get_priority (wells), CARC_PLUGIN_PRIORITY_DEFAULT);
  ck_assert_str_eq (carc_plugin_get_path (wells), path);

  /* The descriptor itself, as the host reads it: built for this ABI, init but no exit. */
  GModule *module = g_module_open (path, G_MODULE_BIND_LOCAL);
  ck_assert_ptr_nonnull (module);
  gpointer symbol = NULL;
  ck_assert (g_module_symbol (module, CARC_PLUGIN_SYMBOL, &symbol));
  const CarcPluginDesc *desc = symbol;
  ck_assert_uint_eq (desc->abi_major, CARC_PLUGIN_ABI_MAJOR);
  ck_assert_uint_eq (desc->abi_minor, CARC_PLUGIN_ABI_MINOR);
  ck_assert_str_eq (desc->name, "wells");
  ck_assert_ptr_nonnull (desc->init);
  ck_assert_ptr_null (desc->exit);
  /* Nothing else is exported (-export-symbols-regex in plugins/Makefile.inc). */
  ck_assert (!g_module_symbol (module, "wells_init", &symbol));
  g_module_close (module);
}
END_TEST

/* Options: `bonus`, a number 1..5 (default 2), the only one. */
START_TEST (test_options)
{
  g_autoptr (CarcPlugin) wells = load_wells ();
  ck_assert_uint_eq (carc_plugin_get_n_options (wells), 1);
  const CarcOptionDef *bonus = carc_plugin_get_option (wells, 0);
  ck_assert_str_eq (bonus->name, "bonus");
  ck_assert_int_eq (bonus->type, CARC_OPTION_UINT);
  ck_assert_str_eq (bonus->description, "points a drawn well adds to its feature");
  ck_assert_uint_eq (bonus->default_value, 2);
  ck_assert_uint_eq (bonus->min, 1);
  ck_assert_uint_eq (bonus->max, 5);
  ck_assert_ptr_null (carc_plugin_get_option (wells, 1));
  ck_assert_ptr_eq (carc_plugin_lookup_option (wells, "bonus"), bonus);
  ck_assert_ptr_null (carc_plugin_lookup_option (wells, "colour"));
}
END_TEST

/* carc_game_config_set_option(): values in range are taken; out of range, an unknown option
 * or an expansion the config does not use are refused with these messages. An expansion is
 * named once. */
START_TEST (test_option_values)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, NULL);
  set_option (config, "bonus", 1);
  set_option (config, "bonus", 5);
  static const struct
  {
    const char *expansion, *option;
    guint32 value;
    gint code;
    const char *message;
  } refused[] = {
    { "wells", "bonus", 0, CARC_ERROR_INVALID_ARGUMENT,
      "option wells.bonus must be 1 to 5, not 0" },
    { "wells", "bonus", 6, CARC_ERROR_INVALID_ARGUMENT,
      "option wells.bonus must be 1 to 5, not 6" },
    { "wells", "colour", 1, CARC_ERROR_UNKNOWN_EXPANSION, "expansion wells has no option colour" },
    { "abbey", "bonus", 2, CARC_ERROR_UNKNOWN_EXPANSION, "the game does not use expansion abbey" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr (GError) error = NULL;
      ck_assert (!carc_game_config_set_option (config, refused[i].expansion, refused[i].option,
                                               refused[i].value, &error));
      assert_error (error, CARC_ERROR, refused[i].code, refused[i].message);
    }
  g_autoptr (CarcPlugin) again = load_wells ();
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_config_add_expansion (config, again, &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "expansion wells named twice");
  ck_assert_uint_eq (carc_game_config_get_n_expansions (config), 1);
}
END_TEST

/* W-1, the tile data: three types, four tiles, each with one segment carrying the bare
 * attribute `well` (value ""): WE-K's is its road, not its city. */
START_TEST (test_tiles)
{
  g_autoptr (CarcPlugin) wells = load_wells ();
  CarcTileSet *tiles = carc_plugin_get_tiles (wells);
  static const struct
  {
    const char *id;
    guint count;
    guint segment;
    CarcFeatureKind kind;
  } want[] = { { "WE-U", 2, 0, CARC_FEATURE_ROAD },
               { "WE-E", 1, 0, CARC_FEATURE_CITY },
               { "WE-K", 1, 1, CARC_FEATURE_ROAD } };
  ck_assert_uint_eq (carc_tile_set_get_n_types (tiles), G_N_ELEMENTS (want));
  ck_assert_uint_eq (carc_tile_set_get_n_tiles (tiles), 4);
  for (guint i = 0; i < G_N_ELEMENTS (want); i++)
    {
      const CarcTileType *t = carc_tile_set_lookup (tiles, want[i].id);
      ck_assert_msg (t != NULL, "no tile %s", want[i].id);
      ck_assert_uint_eq (carc_tile_type_get_count (t), want[i].count);
      for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
        {
          const char *well = carc_tile_type_get_segment_attribute (t, s, "well");
          if (s == want[i].segment)
            ck_assert_pstr_eq (well, "");
          else
            ck_assert_ptr_null (well);
        }
      ck_assert_int_eq (carc_tile_type_get_segment_kind (t, want[i].segment), want[i].kind);
    }
}
END_TEST

/* The segments of @t of @kinds (and with an attribute, when @attributed), one by one. */
static guint32
segments_one_by_one (const CarcTileType *t, guint32 kinds, gboolean attributed)
{
  guint32 mask = 0;
  for (guint s = 0; s < carc_tile_type_get_n_segments (t); s++)
    if (((kinds >> carc_tile_type_get_segment_kind (t, s)) & 1)
        && (!attributed || carc_tile_type_get_segment_n_attributes (t, s) > 0))
      mask |= 1u << s;
  return mask;
}

/* carc_tile_type_get_segments() (plugin ABI 2.6): the segments of some kinds, with an attribute
 * or not, as asking about each segment tells, for every kind set, the example's tiles and the
 * base set's; the wells' roads are the attributed ones. */
START_TEST (test_tile_segments)
{
  g_autoptr (CarcPlugin) wells = load_wells ();
  g_autoptr (CarcTileSet) base = base_tiles ();
  CarcTileSet *sets[] = { carc_plugin_get_tiles (wells), base };
  for (guint k = 0; k < G_N_ELEMENTS (sets); k++)
    for (guint i = 0; i < carc_tile_set_get_n_types (sets[k]); i++)
      {
        const CarcTileType *t = carc_tile_set_get_type_at (sets[k], i);
        for (guint32 kinds = 0; kinds < 1u << (CARC_FEATURE_WATER + 1); kinds++)
          for (gboolean attributed = FALSE; attributed <= TRUE; attributed++)
            ck_assert_uint_eq (carc_tile_type_get_segments (t, kinds, attributed),
                               segments_one_by_one (t, kinds, attributed));
      }
  const CarcTileType *u = carc_tile_set_lookup (sets[0], "WE-U");
  const CarcTileType *kt = carc_tile_set_lookup (sets[0], "WE-K");
  const guint32 road = 1u << CARC_FEATURE_ROAD;
  ck_assert_uint_eq (carc_tile_type_get_segments (u, road, TRUE), 1u << 0);
  ck_assert_uint_eq (carc_tile_type_get_segments (kt, road, TRUE), 1u << 1);
  ck_assert_uint_eq (carc_tile_type_get_segments (kt, 1u << CARC_FEATURE_CITY, TRUE), 0);
  ck_assert_uint_eq (carc_tile_type_get_segments (carc_tile_set_lookup (base, "D"), road, TRUE), 0);
  ck_assert_uint_ne (carc_tile_type_get_segments (carc_tile_set_lookup (base, "D"), road, FALSE),
                     0);
}
END_TEST

/* W-2: the plugin declares one figure kind, "bucket", 1 a player; a game with it has the
 * follower (kind 0) and the bucket (kind 1), and each player starts with 7 and 1. */
START_TEST (test_figure_kind)
{
  g_autoptr (CarcPlugin) wells = load_wells ();
  ck_assert_uint_eq (carc_plugin_get_n_figures (wells), 1);
  ck_assert_str_eq (carc_plugin_get_figure_name (wells, 0), "bucket");
  ck_assert_uint_eq (carc_plugin_get_figure_supply (wells, 0), 1);
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("U"));
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  ck_assert_uint_eq (carc_game_get_n_figures (game), 2);
  ck_assert_str_eq (carc_game_get_figure_name (game, CARC_FIGURE_FOLLOWER), "follower");
  ck_assert_str_eq (carc_game_get_figure_name (game, 1), "bucket");
  ck_assert_int_eq (carc_game_find_figure (game, "bucket"), 1);
  for (guint p = 0; p < 2; p++)
    {
      ck_assert_uint_eq (carc_game_get_figure_supply (game, CARC_FIGURE_FOLLOWER, p), 7);
      ck_assert_uint_eq (carc_game_get_figure_supply (game, 1, p), 1);
    }
}
END_TEST

/* Config rule: a game's expansions run in priority order, then by name: the shipped plugins
 * and the example all have CARC_PLUGIN_PRIORITY_DEFAULT, so by name, whatever order they were
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
  static const char *const order[] = { "abbey", "vineyards", "wells", "winter" };
  ck_assert_uint_eq (carc_game_config_get_n_expansions (config), G_N_ELEMENTS (order));
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    ck_assert_str_eq (carc_plugin_get_name (carc_game_config_get_expansion (config, i)), order[i]);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * The example plugin in play
 * --------------------------------------------------------------------------------------- */

/* W-1: without a tile order the 4 well tiles join the 71 base tiles of the pile (the deck
 * size query says so before any game; the first is drawn as the game starts); with one, the
 * order is the whole pile and may name the plugin's tile ids; an id neither the base set nor
 * the plugin has is refused. */
START_TEST (test_w1_deck)
{
  for (guint with = 0; with <= 1; with++)
    {
      g_autoptr (CarcGameConfig) config = config_new (with, NULL);
      carc_game_config_set_seed (config, 7);
      guint size = 0;
      ck_assert (carc_game_config_get_deck_size (config, &size, NULL));
      ck_assert_uint_eq (size, with ? 75 : 71);
      g_autoptr (CarcGame) game = carc_game_new (config, NULL);
      ck_assert_ptr_nonnull (game);
      ck_assert_uint_eq (carc_game_get_tiles_left (game), with ? 74 : 70);
    }
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("WE-K", "U"));
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  ck_assert_str_eq (carc_tile_type_get_id (carc_game_get_current_tile (game)), "WE-K");
  ck_assert_uint_eq (carc_game_get_tiles_left (game), 1);

  g_autoptr (CarcGameConfig) bad = config_new (TRUE, TILES ("WE-U", "WE-X"));
  assert_no_game (bad, CARC_ERROR_UNKNOWN_TILE,
                  "tile order entry 1: no land tile 'WE-X' in the tile set");
}
END_TEST

/* W-2: the bucket is offered on WE-U's road, after the follower, and on none of its fields; on
 * a field it is refused. Deployed, it leaves player 0's supply (0 left, player 1 still 1, the
 * followers 7); with none left the next is refused with NO_FOLLOWER. At the end the road
 * (4 tiles, incomplete) scores 4 and the bucket comes home. */
START_TEST (test_w2_bucket_supply)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("WE-U", "U", "U"));
  g_autoptr (Play) play = play_new (config);
  CarcGame *game = play->game;
  place_at (play, __LINE__, 1, 0, 1);
  guint n;
  const CarcDeployment *d = carc_game_get_deployments (game, &n);
  static const guint want[][2] = { { 0, 0 }, { 0, 1 }, { 1, 0 }, { 2, 0 } }; /* segment, kind */
  ck_assert_uint_eq (n, G_N_ELEMENTS (want));
  for (guint i = 0; i < n; i++)
    {
      ck_assert_uint_eq (d[i].segment, want[i][0]);
      ck_assert_uint_eq (d[i].figure, want[i][1]);
    }
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_game_deploy (game, 1, 1, &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_DEPLOYMENT,
                "a bucket cannot stand on a field");
  deploy_at (play, __LINE__, "bucket", 0);
  ck_assert_uint_eq (carc_game_get_figure_supply (game, 1, 0), 0);
  ck_assert_uint_eq (carc_game_get_figure_supply (game, 1, 1), 1);
  ck_assert_uint_eq (carc_game_get_figure_supply (game, CARC_FIGURE_FOLLOWER, 0), 7);
  well (play, "leave-well");
  turn (play, -1, 0, 1, SKIP);
  place_at (play, __LINE__, 2, 0, 1);
  g_clear_error (&error);
  ck_assert (!carc_game_deploy (game, 1, 0, &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_NO_FOLLOWER, "player 0 has no bucket in the supply");
  deploy_at (play, __LINE__, "follower", SKIP);
  ck_assert_int_eq (carc_game_get_phase (game), CARC_PHASE_OVER);
  ck_assert_uint_eq (play->scores->len, 1);
  assert_scored (play, 0, CARC_FEATURE_ROAD, TRUE, 4, 0, "tiles*4=4 | ");
  ck_assert_uint_eq (carc_game_get_figure_supply (game, 1, 0), 1);
}
END_TEST

/* W-2: strength 2. Player 0's bucket on V r0 east of the start tile and player 1's follower
 * on V r3 south of it end in one road when player 0's V r1 joins them at (1, 1): incomplete
 * at the end, 4 tiles, all 4 points to player 0 (2 against 1; followers alone would tie and
 * both score). */
START_TEST (test_w2_bucket_outweighs_a_follower)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("V", "V", "V"));
  g_autoptr (Play) play = play_new (config);
  place_at (play, __LINE__, 1, 0, 0);
  deploy_at (play, __LINE__, "bucket", 0);
  turn (play, 0, 1, 3, 0);
  turn (play, 1, 1, 1, SKIP);
  ck_assert_int_eq (carc_game_get_phase (play->game), CARC_PHASE_OVER);
  ck_assert_uint_eq (play->scores->len, 1);
  assert_scored (play, 0, CARC_FEATURE_ROAD, TRUE, 4, 0, "tiles*4=4 | ");
}
END_TEST

/* W-3: player 0 places WE-U: in the deploy phase draw-water is refused (ILLEGAL_MOVE, the
 * plugin's reason) and changes nothing; after the deployment player 0 holds the plugin phase
 * "well" of expansion "wells": the list has exactly its two moves, player 1 has none, a
 * built-in move is WRONG_PHASE. draw-water is recorded and ends the phase: player 1's turn.
 * A tile without a well (A) gives no phase. */
START_TEST (test_w3_well_phase)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("WE-U", "A", "A"));
  g_autoptr (Play) play = play_new (config);
  CarcGame *game = play->game;
  place_at (play, __LINE__, 1, 0, 1);
  g_autofree char *deploying = move_names (game, 0);
  ck_assert_str_eq (deploying, "deploy*4 skip");
  g_autofree char *hash = carc_game_get_state_hash (game);
  g_autoptr (GError) error = NULL;
  ck_assert (!apply_named (game, "draw-water", &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE,
                "water is drawn only right after placing a well");
  g_autofree char *unchanged = carc_game_get_state_hash (game);
  ck_assert_str_eq (unchanged, hash);

  deploy_at (play, __LINE__, "follower", 0);
  ck_assert_int_eq (carc_game_get_phase (game), CARC_PHASE_PLUGIN);
  ck_assert_str_eq (carc_game_get_phase_name (game), "well");
  ck_assert_str_eq (carc_game_get_phase_owner (game), "wells");
  ck_assert_uint_eq (carc_game_get_current_player (game), 0);
  g_autofree char *in_phase = move_names (game, 0);
  ck_assert_str_eq (in_phase, "draw-water leave-well");
  g_autofree char *other = move_names (game, 1);
  ck_assert_str_eq (other, "");
  g_clear_error (&error);
  ck_assert (!carc_game_skip (game, &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_WRONG_PHASE,
                "the well phase of expansion wells is on; make one of its moves");

  well (play, "draw-water");
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  ck_assert_int_eq (moves[n_moves - 1].type, CARC_MOVE_PLUGIN);
  ck_assert_str_eq (carc_move_get_name (&moves[n_moves - 1]), "draw-water");
  ck_assert_int_eq (carc_game_get_phase (game), CARC_PHASE_PLACE);
  ck_assert_uint_eq (carc_game_get_current_player (game), 1);
  turn (play, -1, 0, 3, SKIP);
  ck_assert_int_eq (carc_game_get_phase (game), CARC_PHASE_PLACE);
  ck_assert_uint_eq (carc_game_get_current_player (game), 0);
  g_clear_error (&error);
  ck_assert (!apply_named (game, "leave-well", &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_ILLEGAL_MOVE,
                "water is drawn only right after placing a well");
}
END_TEST

/* W-4 and the `bonus` option: A r3 | D | WE-U r1 | A r1 is a complete road of 4 tiles with
 * player 0's follower. Its well drawn: the engine's tiles 4 x 1 = 4 and the plugin's "wells"
 * item, 1 well x bonus (2, or 5); left: 4 alone. */
START_TEST (test_w4_drawn_well_scores)
{
  static const struct
  {
    const char *move;
    guint bonus, points;
    const char *items;
  } cases[] = {
    { "draw-water", 2, 6, "tiles*4=4 wells*1=2 | " },
    { "draw-water", 5, 9, "tiles*4=4 wells*1=5 | " },
    { "leave-well", 2, 4, "tiles*4=4 | " },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("WE-U", "A", "A"));
      set_option (config, "bonus", cases[i].bonus);
      g_autoptr (Play) play = play_new (config);
      turn (play, 1, 0, 1, 0);
      well (play, cases[i].move);
      turn (play, -1, 0, 3, SKIP);
      turn (play, 2, 0, 1, SKIP);
      ck_assert_uint_eq (play->scores->len, 1);
      assert_scored (play, 0, CARC_FEATURE_ROAD, FALSE, cases[i].points, 0, cases[i].items);
      ck_assert_uint_eq (carc_game_get_score (play->game, 0), cases[i].points);
    }
}
END_TEST

/* W-4: every drawn well of the feature counts, whoever drew it: player 1 draws from the second
 * WE-U of player 0's road. A r3 | D | WE-U r1 | WE-U r1 | A r1: 5 tiles and 2 wells, 5 + 4. */
START_TEST (test_w4_two_wells)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("WE-U", "WE-U", "A", "A"));
  g_autoptr (Play) play = play_new (config);
  turn (play, 1, 0, 1, 0);
  well (play, "draw-water");
  turn (play, 2, 0, 1, SKIP);
  well (play, "draw-water");
  turn (play, -1, 0, 3, SKIP);
  turn (play, 3, 0, 1, SKIP);
  ck_assert_uint_eq (play->scores->len, 1);
  assert_scored (play, 0, CARC_FEATURE_ROAD, FALSE, 9, 0, "tiles*5=5 wells*2=4 | ");
}
END_TEST

/* W-4: the well belongs to the segment its attribute marks (WE-K: the road). WE-K r0 east of
 * the start tile, its well drawn; player 1's E r2 closes WE-K's city: 2 tiles, 4 points, no
 * wells item. A r2 below WE-K and A r3 west of the start tile close the road: 4 tiles + 2. */
START_TEST (test_w4_only_the_wells_feature)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("WE-K", "E", "A", "A"));
  g_autoptr (Play) play = play_new (config);
  turn (play, 1, 0, 0, 1);
  well (play, "draw-water");
  turn (play, 1, -1, 2, 0);
  turn (play, 1, 1, 2, SKIP);
  turn (play, -1, 0, 3, SKIP);
  ck_assert_uint_eq (play->scores->len, 2);
  assert_scored (play, 0, CARC_FEATURE_CITY, FALSE, 0, 4, " | tiles*2=4");
  assert_scored (play, 1, CARC_FEATURE_ROAD, FALSE, 6, 0, "tiles*4=4 wells*1=2 | ");
}
END_TEST

/* W-4: an incomplete feature gets nothing for its drawn wells: D | WE-U r1 at the end scores
 * its 2 tiles. */
START_TEST (test_w4_incomplete_at_the_end)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("WE-U"));
  g_autoptr (Play) play = play_new (config);
  turn (play, 1, 0, 1, 0);
  well (play, "draw-water");
  ck_assert_int_eq (carc_game_get_phase (play->game), CARC_PHASE_OVER);
  ck_assert_uint_eq (play->scores->len, 1);
  assert_scored (play, 0, CARC_FEATURE_ROAD, TRUE, 2, 0, "tiles*2=2 | ");
}
END_TEST

/* The game of WE-U then U: WE-U r1 east of the start tile, no follower, then @move. */
static CarcGame *
well_game (const char *move)
{
  g_autoptr (CarcGameConfig) config = config_new (TRUE, TILES ("WE-U", "U"));
  g_autoptr (Play) play = play_new (config);
  turn (play, 1, 0, 1, SKIP);
  well (play, move);
  carc_game_set_event_func (play->game, NULL, NULL, NULL);
  return g_object_ref (play->game);
}

/* W-5 (issue 16: plugin state goes into the state hash): drawing water and leaving the well
 * leave the same board, scores and turn; only the plugin's digest tells them apart, in both
 * hashes (the drawn wells are public). A replay of the move log, the plugin's move with it,
 * gives the same hashes. */
START_TEST (test_w5_digest)
{
  g_autoptr (CarcGame) drawn = well_game ("draw-water");
  g_autoptr (CarcGame) left = well_game ("leave-well");
  g_autofree char *drawn_state = carc_game_get_state_hash (drawn);
  g_autofree char *left_state = carc_game_get_state_hash (left);
  g_autofree char *drawn_public = carc_game_get_public_hash (drawn);
  g_autofree char *left_public = carc_game_get_public_hash (left);
  ck_assert_str_ne (drawn_state, left_state);
  ck_assert_str_ne (drawn_public, left_public);

  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (drawn, &n_moves);
  ck_assert_uint_eq (n_moves, 3); /* place, skip, draw-water */
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcGame) replay
      = carc_game_replay (carc_game_get_config (drawn), moves, n_moves, &error);
  ck_assert_msg (replay != NULL, "replay: %s", error ? error->message : "?");
  g_autofree char *replay_state = carc_game_get_state_hash (replay);
  g_autofree char *replay_public = carc_game_get_public_hash (replay);
  ck_assert_str_eq (replay_state, drawn_state);
  ck_assert_str_eq (replay_public, drawn_public);
}
END_TEST

/* ---------------------------------------------------------------------------------------
 * Whole random games
 * --------------------------------------------------------------------------------------- */

typedef struct
{
  guint bonus;
  GArray *drawn;     /* guint: the drawn wells as the moves made them, piece, segment, ... */
  guint wells_items; /* "wells" items seen */
  guint points[CARC_MAX_PLAYERS];
} Referee;

/* The segment of @tile with a well, read here without the plugin's help, or -1. */
static gint
well_of (const CarcTileType *tile)
{
  for (guint s = 0; s < carc_tile_type_get_n_segments (tile); s++)
    if (carc_tile_type_get_segment_attribute (tile, s, "well"))
      return (gint)s;
  return -1;
}

/* How many drawn wells the feature with @id has. */
static guint
drawn_in (CarcGame *game, Referee *ref, guint id)
{
  guint n = 0;
  for (guint i = 0; i + 1 < ref->drawn->len; i += 2)
    {
      CarcFeatureInfo f;
      if (carc_game_get_piece_feature (game, g_array_index (ref->drawn, guint, i),
                                       g_array_index (ref->drawn, guint, i + 1), &f)
          && f.id == id)
        n++;
    }
  return n;
}

/* W-4 as every feature is scored: each winner (a player with items) has a "wells" item of
 * n x bonus when the feature is complete with n > 0 drawn wells, and none otherwise. */
static void
referee_event (CarcGame *game, const CarcEvent *ev, gpointer user_data)
{
  Referee *ref = user_data;
  if (ev->type != CARC_EVENT_FEATURE_SCORED && ev->type != CARC_EVENT_POINTS_AWARDED)
    return;
  for (guint p = 0; p < ev->n_players; p++)
    ref->points[p] += ev->points[p];
  if (ev->type != CARC_EVENT_FEATURE_SCORED)
    return;
  CarcFeatureInfo feature;
  ck_assert (carc_game_get_piece_feature (game, ev->piece, ev->segment, &feature));
  guint n = feature.complete ? drawn_in (game, ref, feature.id) : 0;
  for (guint p = 0; p < ev->n_players; p++)
    {
      const CarcScoreItem *wells = NULL;
      for (guint i = 0; i < carc_event_get_n_items (ev, p); i++)
        if (strcmp (carc_event_get_item (ev, p, i)->name, "wells") == 0)
          wells = carc_event_get_item (ev, p, i);
      if (n == 0 || carc_event_get_n_items (ev, p) == 0)
        {
          ck_assert_msg (wells == NULL, "%s at (%d, %d): player %u got a wells item",
                         carc_feature_kind_to_string (ev->kind), ev->x, ev->y, p);
          continue;
        }
      ck_assert_msg (wells && wells->count == n && wells->points == n * ref->bonus,
                     "%s at (%d, %d), %u drawn wells: player %u's item %u x = %u",
                     carc_feature_kind_to_string (ev->kind), ev->x, ev->y, n, p,
                     wells ? wells->count : 0, wells ? wells->points : 0);
      ref->wells_items++;
    }
}

/* One random legal move in any phase, from the move list: FALSE once over. A draw-water is
 * noted: its well is the piece placed last. */
static gboolean
random_move (CarcGame *game, CarcRng *rng, Referee *ref)
{
  if (carc_game_get_phase (game) == CARC_PHASE_OVER)
    return FALSE;
  g_autoptr (GPtrArray) moves = carc_game_list_moves (game, carc_game_get_current_player (game));
  ck_assert_uint_gt (moves->len, 0);
  const CarcMove *move = moves->pdata[carc_rng_below (rng, moves->len)];
  if (move->type == CARC_MOVE_PLUGIN && strcmp (move->name, "draw-water") == 0)
    {
      guint piece = carc_game_get_n_pieces (game) - 1;
      CarcPieceInfo info;
      ck_assert (carc_game_get_piece (game, piece, &info));
      gint segment = well_of (info.tile);
      ck_assert_int_ge (segment, 0);
      guint pair[2] = { piece, (guint)segment };
      g_array_append_vals (ref->drawn, pair, 2);
    }
  g_autoptr (GError) error = NULL;
  ck_assert_msg (carc_game_apply_move (game, move, &error),
                 "the engine refused a move it offered: %s", error ? error->message : "?");
  return TRUE;
}

/* Plays @config to its end with random moves, refereeing every scoring; then checks the
 * final scores against the events and against a replay of the move log. */
static void
play_random (CarcGameConfig *config, Referee *ref, guint64 seed)
{
  g_autoptr (GError) error = NULL;
  ref->drawn = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (CarcGame) game = carc_game_new_full (config, referee_event, ref, NULL, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  CarcRng rng;
  carc_rng_init (&rng, seed, 1);
  for (guint moves = 0; random_move (game, &rng, ref); moves++)
    ck_assert_uint_lt (moves, 20000);
  ck_assert_uint_eq (carc_game_get_tiles_left (game), 0);
  guint n_moves;
  const CarcMove *moves = carc_game_get_moves (game, &n_moves);
  g_autoptr (CarcGame) replay = carc_game_replay (config, moves, n_moves, &error);
  ck_assert_msg (replay != NULL, "replay: %s", error ? error->message : "?");
  ck_assert_int_eq (carc_game_get_phase (replay), CARC_PHASE_OVER);
  g_autofree char *hash = carc_game_get_state_hash (game);
  g_autofree char *replay_hash = carc_game_get_state_hash (replay);
  ck_assert_str_eq (replay_hash, hash);
  for (guint p = 0; p < carc_game_get_n_players (game); p++)
    {
      ck_assert_uint_eq (carc_game_get_score (game, p), ref->points[p]);
      ck_assert_uint_eq (carc_game_get_score (replay, p), ref->points[p]);
    }
  g_array_unref (ref->drawn);
}

/* Whole games with the example alone: 2 to 5 players, the default bonus and others; every
 * scoring refereed by W-4, until some "wells" items were seen (64 games at most). */
START_TEST (test_random_games)
{
  guint wells_items = 0;
  for (guint seed = 1; seed <= 8 || (!wells_items && seed <= 64); seed++)
    {
      g_autoptr (CarcGameConfig) config = config_new (TRUE, NULL);
      carc_game_config_set_seed (config, seed);
      carc_game_config_set_n_players (config, 2 + seed % 4);
      Referee ref = { .bonus = 2 };
      if (seed % 2)
        {
          ref.bonus = 1 + seed % 5;
          set_option (config, "bonus", ref.bonus);
        }
      play_random (config, &ref, seed);
      wells_items += ref.wells_items;
    }
  ck_assert_uint_gt (wells_items, 0);
}
END_TEST

/* Plugins combine without one knowing another (ARCHITECTURE.md section 5): the example with
 * every shipped one, their tiles, hands, figures, phases and end rounds on one board; the
 * wells items stay W-4's whatever the others add. */
START_TEST (test_random_games_with_shipped_plugins)
{
  g_autoptr (CarcPluginHost) host = carc_plugin_host_new ();
  g_autofree char *dir = plugins_dir ();
  ck_assert_uint_gt (carc_plugin_host_load_dir (host, dir, NULL, NULL), 0);
  for (guint seed = 1; seed <= 6; seed++)
    {
      g_autoptr (CarcGameConfig) config = config_new (TRUE, NULL);
      for (guint i = 0; i < carc_plugin_host_get_n_plugins (host); i++)
        {
          CarcPlugin *plugin = carc_plugin_host_get_plugin (host, i);
          /* hills (the hill half and its rule) in every third game */
          if (seed % 3 == 0 || !g_str_equal (carc_plugin_get_name (plugin), "hills"))
            ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
        }
      carc_game_config_set_seed (config, seed);
      carc_game_config_set_n_players (config, 2 + seed % 3);
      Referee ref = { .bonus = 2 };
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
      = { "", "Wells", "wells_2", "wells.so", "abcdefghijklmnopqrstuvwxyz0123456", NULL };
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
 * expansion, and what the expansions before it set up is freed (wells runs first here). An
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

  /* The same, failing first, with the winter plugin (and wells) after it. */
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

/* check_place_near (plugin ABI 2.5): a hook that vetoes the tiles tagged "start" (the D tiles)
 * on cells with fewer than crowded_near occupied neighbours. Declared, a listing asks it only
 * about cells with that many (from the counts the engine keeps); undeclared, about every cell:
 * both games must list the same placements at every turn, and the listing must say what
 * carc_game_can_place() says of every cell. */
static guint crowded_near;
static gboolean crowded_declares;

static CarcPlaceVerdict
crowded_check_place (CarcGame *game, gpointer data, const CarcTileType *tile, gint x, gint y,
                     guint rotation, const char **reason)
{
  guint near = 0;
  for (guint s = 0; s < 4; s++)
    {
      static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
      near += carc_game_is_occupied (game, x + dx[s], y + dy[s]);
    }
  if (near >= crowded_near)
    return CARC_PLACE_DEFAULT;
  *reason = "too few neighbours";
  return CARC_PLACE_VETO;
}

static gboolean
crowded_init (CarcPlugin *plugin, GError **error)
{
  CarcHooks hooks = { .size = sizeof (CarcHooks),
                      .check_place = crowded_check_place,
                      .check_place_tag = "start",
                      .check_place_near = crowded_declares ? crowded_near : 0 };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

/* The crowded plugin, declaring its need or not. */
static CarcPlugin *
crowded_new (gboolean declares)
{
  static CarcPluginDesc d; /* a plugin keeps its descriptor: one for both, as they differ
                            * only in their hooks */
  crowded_declares = declares;
  d = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "crowded", crowded_init);
  return carc_plugin_new_static (&d, NULL);
}

/* A seeded game with @crowded. */
static CarcGame *
crowded_game_new (guint64 seed, CarcPlugin *crowded)
{
  g_autoptr (CarcGameConfig) config = config_new (FALSE, NULL);
  carc_game_config_set_seed (config, seed);
  ck_assert (carc_game_config_add_expansion (config, crowded, NULL));
  g_autoptr (GError) error = NULL;
  CarcGame *game = carc_game_new (config, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "?");
  return game;
}

/* Whether @list of @n placements holds (x, y, rotation). */
static gboolean
listed (const CarcPlacement *list, guint n, gint x, gint y, guint rotation)
{
  for (guint i = 0; i < n; i++)
    if (list[i].x == x && list[i].y == y && list[i].rotation == rotation)
      return TRUE;
  return FALSE;
}

/* The listing of @game's tile says what carc_game_can_place() says, over the board and a
 * cell around it. */
static void
assert_listing_complete (CarcGame *game, const CarcPlacement *list, guint n)
{
  gint x0, y0, x1, y1;
  carc_game_get_bounds (game, &x0, &y0, &x1, &y1);
  for (gint y = y0 - 1; y <= y1 + 1; y++)
    for (gint x = x0 - 1; x <= x1 + 1; x++)
      for (guint r = 0; r < 4; r++)
        ck_assert_msg (carc_game_can_place (game, x, y, r) == listed (list, n, x, y, r),
                       "(%d, %d) rotation %u: can_place %d, listed %d", x, y, r,
                       carc_game_can_place (game, x, y, r), listed (list, n, x, y, r));
}

START_TEST (test_check_place_near)
{
  for (crowded_near = 1; crowded_near <= 4; crowded_near++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        g_autoptr (CarcPlugin) declared = crowded_new (TRUE);
        g_autoptr (CarcPlugin) undeclared = crowded_new (FALSE);
        g_autoptr (CarcGame) fast = crowded_game_new (seed, declared);
        g_autoptr (CarcGame) plain = crowded_game_new (seed, undeclared);
        for (guint turn = 0; carc_game_get_phase (fast) != CARC_PHASE_OVER; turn++)
          {
            ck_assert_int_eq (carc_game_get_phase (fast), carc_game_get_phase (plain));
            if (carc_game_get_phase (fast) != CARC_PHASE_PLACE)
              {
                ck_assert (carc_game_skip (fast, NULL) && carc_game_skip (plain, NULL));
                continue;
              }
            guint n, m;
            const CarcPlacement *p = carc_game_get_placements (fast, &n);
            const CarcPlacement *q = carc_game_get_placements (plain, &m);
            ck_assert_uint_eq (n, m);
            ck_assert_uint_gt (n, 0);
            ck_assert (memcmp (p, q, n * sizeof *p) == 0);
            assert_listing_complete (fast, p, n);
            const CarcPlacement at = p[(turn * 7) % n];
            ck_assert (carc_game_place (fast, at.x, at.y, at.rotation, NULL));
            ck_assert (carc_game_place (plain, at.x, at.y, at.rotation, NULL));
          }
        ck_assert_int_eq (carc_game_get_phase (plain), CARC_PHASE_OVER);
        g_autofree char *a = carc_game_get_state_hash (fast);
        g_autofree char *b = carc_game_get_state_hash (plain);
        ck_assert_str_eq (a, b);
      }
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

/* Hook dispatch past 32 expansions: the engine keeps, per hook called for every tile or
 * deployment (placed, turn_scored, check_deploy), a mask of the expansions that have it, the
 * first 32 by bit; a game of 40 expansions, every other one with the three hooks, calls each
 * of those the same number of times, in hook order, and none of the others. */
#define MANY_EXPANSIONS 40

typedef struct
{
  guint index; /* in hook order */
  guint placed, scored, deploy;
} ManyCounts;

static ManyCounts many_counts[MANY_EXPANSIONS];
static guint many_setups, many_last_placed;

static gpointer
many_setup (CarcSetup *setup, GError **error)
{
  ManyCounts *c = &many_counts[many_setups];
  c->index = many_setups++;
  return c;
}

static void
many_placed (CarcGame *game, gpointer data, const CarcPieceInfo *info)
{
  ManyCounts *c = data;
  ck_assert_uint_ge (c->index + 1, many_last_placed); /* in hook order */
  many_last_placed = c->index + 1;
  c->placed++;
}

static void
many_scored (CarcGame *game, gpointer data)
{
  ((ManyCounts *)data)->scored++;
  many_last_placed = 0;
}

static CarcPlaceVerdict
many_deploy (CarcGame *game, gpointer data, guint figure, guint segment)
{
  ((ManyCounts *)data)->deploy++;
  return CARC_PLACE_DEFAULT;
}

static gboolean
many_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = many_setup,
                                   .placed = many_placed,
                                   .turn_scored = many_scored,
                                   .check_deploy = many_deploy };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

static gboolean
many_quiet_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks), .setup = many_setup };
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

START_TEST (test_many_expansions)
{
  static char names[MANY_EXPANSIONS][8];
  static CarcPluginDesc descs[MANY_EXPANSIONS]; /* a plugin keeps its descriptor */
  g_autoptr (GPtrArray) plugins
      = g_ptr_array_new_with_free_func ((GDestroyNotify)carc_plugin_unref);
  g_autoptr (CarcGameConfig) config = config_new (FALSE, NULL);
  carc_game_config_set_seed (config, 3);
  for (guint i = 0; i < MANY_EXPANSIONS; i++)
    {
      g_snprintf (names[i], sizeof names[i], "many%02u", i);
      descs[i] = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, names[i],
                       i % 2 ? many_quiet_init : many_init);
      CarcPlugin *plugin = carc_plugin_new_static (&descs[i], NULL);
      g_ptr_array_add (plugins, plugin);
      ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
    }
  memset (many_counts, 0, sizeof many_counts);
  many_setups = many_last_placed = 0;
  g_autoptr (CarcGame) game = play_first_placements (config);
  ck_assert_uint_eq (many_setups, MANY_EXPANSIONS);
  guint pieces = carc_game_get_n_pieces (game) - 1; /* not the start tile */
  for (guint i = 0; i < MANY_EXPANSIONS; i++)
    {
      const ManyCounts *c = &many_counts[i];
      gboolean hooked = i % 2 == 0; /* by name: the hook order is the order they were added */
      ck_assert_uint_eq (c->placed, hooked ? pieces : 0);
      ck_assert_uint_eq (c->scored, hooked ? pieces : 0);
      ck_assert_uint_eq (c->deploy, hooked ? many_counts[0].deploy : 0);
    }
  ck_assert_uint_gt (many_counts[0].deploy, 0);
}
END_TEST

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
  g_autoptr (CarcPlugin) wells = load_wells ();
  ck_assert (carc_plugin_host_add (host, wells, NULL));
  const CarcPluginDesc impostor
      = DESC (CARC_PLUGIN_ABI_MAJOR, CARC_PLUGIN_ABI_MINOR, "wells", counting_init);
  g_autoptr (CarcPlugin) other = carc_plugin_new_static (&impostor, NULL);
  ck_assert_ptr_nonnull (other);
  g_autoptr (GError) error = NULL;
  ck_assert (!carc_plugin_host_add (host, other, &error));
  assert_error (error, CARC_ERROR, CARC_ERROR_PLUGIN, "a plugin called wells is already loaded");
  ck_assert_uint_eq (carc_plugin_host_get_n_plugins (host), 1);
  ck_assert_ptr_eq (carc_plugin_host_lookup (host, "wells"), wells);

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
  ck_assert_ptr_eq (carc_plugin_host_get_plugin (host, 2), wells);
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
  g_autofree char *wells = example_path ();
  link_into (dir, wells, "wells." G_MODULE_SUFFIX);
  link_into (dir, wells, "wells2." G_MODULE_SUFFIX);
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
  static const char *const order[] = { "abbey", "halftiles", "vineyards", "wells", "winter" };
  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    ck_assert_str_eq (carc_plugin_get_name (carc_plugin_host_get_plugin (host, i)), order[i]);
  g_autofree char *wells_path = g_build_filename (dir, "wells." G_MODULE_SUFFIX, NULL);
  ck_assert_str_eq (carc_plugin_get_path (carc_plugin_host_lookup (host, "wells")), wells_path);

  ck_assert_uint_eq (warnings->len, 3);
  g_autofree char *engine_so = g_build_filename (dir, "engine." G_MODULE_SUFFIX, NULL);
  g_autofree char *w_engine = g_strdup_printf (
      "plugins: refused: %s: not a carcassonned plugin (no carc_plugin_desc symbol)", engine_so);
  ck_assert_msg (warned (warnings, w_engine), "no warning \"%s\"", w_engine);
  g_autofree char *second = g_build_filename (dir, "wells2." G_MODULE_SUFFIX, NULL);
  g_autofree char *w_second
      = g_strdup_printf ("plugins: refused: %s: a plugin called wells is already loaded", second);
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
    ck_assert_str_eq (carc_plugin_host_get_refused (host, 2, &path, NULL), "wells2");
    ck_assert_str_eq (path, second);
    ck_assert_ptr_null (carc_plugin_host_get_refused (host, 3, &path, &reason));
    ck_assert_str_eq (carc_plugin_host_lookup_refusal (host, "wells2"),
                      "a plugin called wells is already loaded");
    ck_assert_ptr_null (carc_plugin_host_lookup_refusal (host, "wells"));
    ck_assert_ptr_null (carc_plugin_host_lookup_refusal (host, "readme"));
  }

  static const char *const known[]
      = { "abbey", "halftiles", "vineyards", "winter", "wells", "wells2", "engine", "junk" };
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
  g_autofree char *wells = example_path ();
  link_into (dir, wells, "tavern." G_MODULE_SUFFIX);
  g_autofree char *tavern = g_build_filename (dir, "tavern." G_MODULE_SUFFIX, NULL);

  g_autoptr (GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  guint loaded;
  g_autoptr (CarcPluginHost) host = load_dir_collecting (dir, warnings, &loaded);

  ck_assert_uint_eq (loaded, 1);
  ck_assert_ptr_nonnull (carc_plugin_host_lookup (host, "wells"));
  ck_assert_ptr_null (carc_plugin_host_lookup (host, "tavern"));
  ck_assert (carc_plugin_host_is_known (host, "tavern"));
  ck_assert_uint_eq (carc_plugin_host_get_n_refused (host), 0);
  ck_assert_uint_eq (warnings->len, 1);
  g_autofree char *w = g_strdup_printf (
      "plugins: %s is plugin wells: games take it as \"wells\", not \"tavern\"", tavern);
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
    { NULL, NULL,
      "abbey halftiles hills inns-cathedrals mayor river traders-builders vineyards winter" },
    { "abbey,winter", NULL, "abbey winter" },
    { "*i*", NULL, "halftiles hills inns-cathedrals river traders-builders vineyards winter" },
    { NULL, " h* , v*", "abbey inns-cathedrals mayor river traders-builders winter" },
    { "*", "winter",
      "abbey halftiles hills inns-cathedrals mayor river traders-builders vineyards" },
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
          = { "abbey", "halftiles",        "hills",     "inns-cathedrals", "mayor",
              "river", "traders-builders", "vineyards", "winter" };
      for (guint k = 0; k < G_N_ELEMENTS (all); k++)
        ck_assert_msg (carc_plugin_host_is_known (host, all[k]), "%s not known", all[k]);
      ck_assert (!carc_plugin_host_is_known (host, "wells"));
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
  tcase_add_test (desc, test_tile_segments);
  tcase_add_test (desc, test_figure_kind);
  tcase_add_test (desc, test_hook_order);
  suite_add_tcase (s, desc);

  TCase *rules = tcase_create ("rules");
  tcase_add_test (rules, test_w1_deck);
  tcase_add_test (rules, test_w2_bucket_supply);
  tcase_add_test (rules, test_w2_bucket_outweighs_a_follower);
  tcase_add_test (rules, test_w3_well_phase);
  tcase_add_test (rules, test_w4_drawn_well_scores);
  tcase_add_test (rules, test_w4_two_wells);
  tcase_add_test (rules, test_w4_only_the_wells_feature);
  tcase_add_test (rules, test_w4_incomplete_at_the_end);
  tcase_add_test (rules, test_w5_digest);
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
  tcase_add_test (host, test_check_place_near);
  tcase_add_test (host, test_many_expansions);
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
