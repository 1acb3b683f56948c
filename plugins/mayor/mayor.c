/* mayor.c: Abbey & Mayor without the abbey (RULES-next.md section 4, D24-D28; the abbey
 * tile is plugins/abbey): its 12 land tiles, the mayor, the wagon and the barn.
 *
 * Setup adds the 12 land tiles to the draw pile; every player has one mayor, one wagon and
 * one barn (figure kinds "mayor", "wagon", "barn").
 * - The mayor stands in a city only; its strength is the number of shields in the whole
 *   city when it is scored (D24): 0 shields, strength 0, and a city whose figures all have
 *   strength 0 scores nobody (the engine reports it with 0 points; the mayor goes home).
 * - The wagon stands on a road, a city or a cloister (an abbey too), strength 1; after its
 *   feature is scored it may move on (wagon.c, D25-D26).
 * - The barn stands at a corner where four fields meet (barn.c, D27-D28).
 *
 * The item names and values are JCloisterZone's (tests/data/conformance/README.md, Part 2). */
#include "config.h"

#include "mayor-private.h"

static const char mayor_tiles[] =
#include "plugins/mayor/mayor-tiles.h"
    ;

static gpointer
mayor_setup (CarcSetup *setup, GError **error)
{
  /* With an explicit tile order (tests, replays) this adds nothing: the order is the pile. */
  carc_setup_add_all_to_deck (setup);
  CarcGame *game = carc_setup_get_game (setup);
  MayorGame *mg = g_new0 (MayorGame, 1);
  mg->wagon = carc_game_find_figure (game, "wagon");
  mg->barn = carc_game_find_figure (game, "barn");
  mg->barn_shared = carc_setup_get_option (setup, "barn-into-barn-field") != 0;
  mg->wagon_c1 = carc_setup_get_option (setup, "wagon-c1") != 0;
  mg->wagons = g_array_new (FALSE, FALSE, sizeof (MayorWagon));
  mg->barn_at = g_array_new (FALSE, FALSE, sizeof (MayorSpot));
  return mg;
}

/* A game copy's own data (carc_game_copy()): its own lists of wagons and barns. */
static gpointer
mayor_copy_data (CarcGame *copy, gconstpointer data)
{
  const MayorGame *mg = data;
  MayorGame *c = g_memdup2 (mg, sizeof *mg);
  c->wagons = g_array_copy (mg->wagons);
  c->barn_at = g_array_copy (mg->barn_at);
  return c;
}

static void
mayor_free_data (gpointer data)
{
  MayorGame *mg = data;
  g_array_unref (mg->wagons);
  g_array_unref (mg->barn_at);
  g_free (mg);
}

/* D24: the mayor's strength is the city's shields, counted in the whole city now. */
static guint
mayor_strength (CarcGame *game, gpointer data, const CarcScoring *scoring, guint player)
{
  return scoring->shields;
}

static gboolean
mayor_init (CarcPlugin *plugin, GError **error)
{
  static const CarcHooks hooks = { .size = sizeof (CarcHooks),
                                   .setup = mayor_setup,
                                   .free_data = mayor_free_data,
                                   .copy_data = mayor_copy_data,
                                   .score_override = mayor_barn_score_override,
                                   .feature_completed = mayor_wagon_completed,
                                   .digest = mayor_wagon_digest,
                                   .claim_phase = mayor_wagon_claim_phase,
                                   .check_deploy = mayor_barn_check_deploy,
                                   .turn_scored = mayor_barn_turn_scored };
  static const CarcFigureDef mayor = { .name = "mayor",
                                       .supply = 1,
                                       .stands = CARC_STANDS_ON (CARC_FEATURE_CITY),
                                       .strength_func = mayor_strength };
  static const CarcFigureDef wagon
      = { .name = "wagon",
          .supply = 1,
          .stands = CARC_STANDS_ON (CARC_FEATURE_ROAD) | CARC_STANDS_ON (CARC_FEATURE_CITY)
                    | CARC_STANDS_ON (CARC_FEATURE_CLOISTER),
          .strength = 1 };
  static const CarcFigureDef barn = {
    .name = "barn", .supply = 1, .stands = CARC_STANDS_CORNER, .strength_func = mayor_barn_strength
  };
  static const CarcOptionDef barn_shared
      = { .name = "barn-into-barn-field",
          .type = CARC_OPTION_BOOLEAN,
          .description = "a barn may go into a field that already has one (JCZ "
                         "barn-placement=occupied; D27)",
          .default_value = 0,
          .min = 0,
          .max = 1 };
  static const CarcOptionDef wagon_c1
      = { .name = "wagon-c1",
          .type = CARC_OPTION_BOOLEAN,
          .description = "a wagon moves only to a feature its road, city or cloister leads to "
                         "(JCZ wagon-move=C1; D25)",
          .default_value = 0,
          .min = 0,
          .max = 1 };
  if (!carc_plugin_add_tiles (plugin, mayor_tiles, -1, error))
    return FALSE;
  carc_plugin_add_figure (plugin, &mayor);
  carc_plugin_add_figure (plugin, &wagon);
  carc_plugin_add_figure (plugin, &barn);
  carc_plugin_add_move (plugin, &mayor_wagon_move);
  carc_plugin_add_move (plugin, &mayor_wagon_pass);
  carc_plugin_add_option (plugin, &barn_shared);
  carc_plugin_add_option (plugin, &wagon_c1);
  carc_plugin_set_hooks (plugin, &hooks);
  return TRUE;
}

CARC_PLUGIN_DEFINE ("mayor", "Abbey & Mayor: the mayor, the wagon, the barn and 12 land tiles",
                    VERSION, CARC_PLUGIN_PRIORITY_DEFAULT, mayor_init, NULL)
