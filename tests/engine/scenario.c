/* scenario.c: the rule-scenario harness (see scenario.h). */
#include "config.h"

#include <string.h>
#include "scenario.h"
#include "plugin-host.h"

static void
on_event (CarcGame *game, const CarcEvent *event, gpointer user_data)
{
  Scenario *sc = user_data;
  (void)game;
  CarcEventType type = event->type;
  g_array_append_val (sc->event_types, type);
  if (event->type == CARC_EVENT_FEATURE_SCORED)
    {
      ScenarioScore s = { .kind = event->kind,
                          .final = event->final,
                          .x = event->x,
                          .y = event->y,
                          .segment = event->segment };
      for (guint p = 0; p < CARC_MAX_PLAYERS && p < event->n_players; p++)
        {
          s.points[p] = event->points[p];
          s.items[p].n_items = carc_event_get_n_items (event, p);
          for (guint i = 0; i < s.items[p].n_items; i++)
            s.items[p].items[i] = *carc_event_get_item (event, p, i);
        }
      g_array_append_val (sc->scores, s);
    }
  else if (event->type == CARC_EVENT_POINTS_AWARDED)
    {
      const CarcScoreItem *item = carc_event_get_item (event, (guint)event->player, 0);
      ck_assert_ptr_nonnull (item);
      ck_assert_uint_eq (item->points, event->points[event->player]);
      g_ptr_array_add (sc->awards,
                       g_strdup_printf ("%d:%s*%u=%u%s", event->player, item->name, item->count,
                                        item->points, event->final ? " final" : ""));
    }
  else if (event->type == CARC_EVENT_TILE_DISCARDED)
    {
      ScenarioDiscard d
          = { .player = event->player,
              .tile_id = g_strdup (event->tile ? carc_tile_type_get_id (event->tile) : "(null)") };
      g_array_append_val (sc->discards, d);
    }
}

static void
discard_clear (gpointer data)
{
  ScenarioDiscard *d = data;
  g_free (d->tile_id);
}

static Scenario *
scenario_alloc (CarcTileSet *tiles, guint n_players)
{
  Scenario *sc = g_new0 (Scenario, 1);
  sc->tiles = tiles;
  sc->n_players = n_players;
  sc->scores = g_array_new (FALSE, TRUE, sizeof (ScenarioScore));
  sc->awards = g_ptr_array_new_with_free_func (g_free);
  sc->discards = g_array_new (FALSE, TRUE, sizeof (ScenarioDiscard));
  g_array_set_clear_func (sc->discards, discard_clear);
  sc->event_types = g_array_new (FALSE, TRUE, sizeof (CarcEventType));
  return sc;
}

static Scenario *
scenario_create (CarcTileSet *tiles, guint n_players, guint followers,
                 const char *const *tile_order)
{
  g_autoptr (GError) error = NULL;
  Scenario *sc = scenario_alloc (tiles, n_players);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  carc_game_config_set_n_players (config, n_players);
  carc_game_config_set_followers (config, followers);
  carc_game_config_set_tile_order (config, tile_order);
  sc->game = carc_game_new (config, &error);
  ck_assert_msg (sc->game != NULL, "carc_game_new failed: %s", error ? error->message : "?");
  carc_game_set_event_func (sc->game, on_event, sc, NULL);
  return sc;
}

Scenario *
scenario_new_expansions_full (guint n_players, const char *expansions, const char *const *options,
                              const char *const *tiles, const char *const *const *hands)
{
  g_autoptr (GError) error = NULL;
  CarcTileSet *base = carc_tile_set_new_base (&error);
  ck_assert_msg (base != NULL, "base tiles: %s", error ? error->message : "?");
  Scenario *sc = scenario_alloc (base, n_players);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (base);
  carc_game_config_set_n_players (config, n_players);
  carc_game_config_set_tile_order (config, tiles);
  g_auto (GStrv) names = g_strsplit (expansions, ",", -1);
  for (guint i = 0; names[i]; i++)
    {
      CarcPlugin *plugin = carc_plugin_host_lookup (test_plugin_host (), names[i]);
      ck_assert_msg (plugin != NULL, "plugin %s not found in %s", names[i],
                     carc_plugin_host_get_default_dir ());
      ck_assert (carc_game_config_add_expansion (config, plugin, NULL));
    }
  for (guint i = 0; options && options[i]; i++)
    {
      g_auto (GStrv) kv = g_strsplit_set (options[i], ".=", 3);
      ck_assert_msg (g_strv_length (kv) == 3, "bad option %s", options[i]);
      gboolean ok = carc_game_config_set_option (
          config, kv[0], kv[1], (guint32)g_ascii_strtoull (kv[2], NULL, 10), &error);
      ck_assert_msg (ok, "option %s: %s", options[i], error ? error->message : "?");
    }
  for (guint p = 0; hands && p < n_players; p++)
    if (hands[p])
      carc_game_config_set_hand (config, p, hands[p]);
  sc->game = carc_game_new_full (config, on_event, sc, NULL, &error);
  ck_assert_msg (sc->game != NULL, "carc_game_new failed: %s", error ? error->message : "?");
  return sc;
}

Scenario *
scenario_new_expansions (guint n_players, const char *expansions, const char *const *tiles,
                         const char *const *const *hands)
{
  return scenario_new_expansions_full (n_players, expansions, NULL, tiles, hands);
}

Scenario *
scenario_new (guint n_players, const char *const *tiles)
{
  return scenario_new_full (n_players, 7, tiles);
}

Scenario *
scenario_new_full (guint n_players, guint followers, const char *const *tiles)
{
  g_autoptr (GError) error = NULL;
  CarcTileSet *set = carc_tile_set_new_base (&error);
  ck_assert_msg (set != NULL, "base tile set: %s", error ? error->message : "?");
  return scenario_create (set, n_players, followers, tiles);
}

Scenario *
scenario_new_with_rules (guint n_players, const char *const *rules, const char *const *tiles)
{
  g_autoptr (GError) error = NULL;
  CarcTileSet *set = carc_tile_set_new_base (&error);
  ck_assert_msg (set != NULL, "base tile set: %s", error ? error->message : "?");
  Scenario *sc = scenario_alloc (set, n_players);
  g_autoptr (CarcGameConfig) config = carc_game_config_new (set);
  carc_game_config_set_n_players (config, n_players);
  carc_game_config_set_tile_order (config, tiles);
  for (guint i = 0; rules && rules[i]; i++)
    {
      g_auto (GStrv) kv = g_strsplit (rules[i], "=", 2);
      ck_assert_msg (g_strv_length (kv) == 2, "bad rule %s", rules[i]);
      gboolean ok = carc_game_config_set_rule (config, kv[0],
                                               (guint32)g_ascii_strtoull (kv[1], NULL, 10), &error);
      ck_assert_msg (ok, "rule %s: %s", rules[i], error ? error->message : "?");
    }
  sc->game = carc_game_new_full (config, on_event, sc, NULL, &error);
  ck_assert_msg (sc->game != NULL, "carc_game_new failed: %s", error ? error->message : "?");
  return sc;
}

Scenario *
scenario_new_with_data (guint n_players, const char *tile_data, const char *const *tiles)
{
  g_autoptr (GError) error = NULL;
  CarcTileSet *set = carc_tile_set_new ();
  gboolean ok = carc_tile_set_load_data (set, tile_data, -1, "scenario.tiles", &error);
  ck_assert_msg (ok, "tile data: %s", error ? error->message : "?");
  return scenario_create (set, n_players, 7, tiles);
}

void
scenario_free (Scenario *sc)
{
  if (!sc)
    return;
  g_clear_object (&sc->game);
  g_clear_object (&sc->tiles);
  g_array_unref (sc->scores);
  g_ptr_array_unref (sc->awards);
  g_array_unref (sc->discards);
  g_array_unref (sc->event_types);
  g_free (sc);
}

/* Moves */

void
scenario_place_at (Scenario *sc, const char *file, int line, gint x, gint y, guint rotation)
{
  g_autoptr (GError) error = NULL;
  const CarcTileType *t = carc_game_get_current_tile (sc->game);
  const char *id = t ? carc_tile_type_get_id (t) : "(none)";
  gboolean ok = carc_game_place (sc->game, x, y, rotation, &error);
  ck_assert_msg (ok, "%s:%d: placing %s at (%d, %d) rotation %u failed: %s", file, line, id, x, y,
                 rotation, error ? error->message : "?");
}

void
scenario_deploy_at (Scenario *sc, const char *file, int line, guint segment)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = carc_game_deploy (sc->game, CARC_FIGURE_FOLLOWER, segment, &error);
  ck_assert_msg (ok, "%s:%d: deploying on segment %u failed: %s", file, line, segment,
                 error ? error->message : "?");
}

void
scenario_skip_at (Scenario *sc, const char *file, int line)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = carc_game_skip (sc->game, &error);
  ck_assert_msg (ok, "%s:%d: skip failed: %s", file, line, error ? error->message : "?");
}

void
scenario_turn_at (Scenario *sc, const char *file, int line, gint x, gint y, guint rotation,
                  gint segment)
{
  scenario_place_at (sc, file, line, x, y, rotation);
  if (segment < 0)
    scenario_skip_at (sc, file, line);
  else
    scenario_deploy_at (sc, file, line, (guint)segment);
}

/* Snapshots */

void
scenario_snapshot_take (Scenario *sc, ScenarioSnapshot *snap)
{
  CarcGame *g = sc->game;
  memset (snap, 0, sizeof *snap);
  snap->phase = carc_game_get_phase (g);
  snap->current = carc_game_get_current_player (g);
  snap->turn = carc_game_get_turn (g);
  snap->tiles_left = carc_game_get_tiles_left (g);
  snap->n_pieces = carc_game_get_n_pieces (g);
  snap->n_followers = carc_game_get_n_followers (g);
  carc_game_get_moves (g, &snap->n_moves);
  for (guint p = 0; p < sc->n_players; p++)
    {
      snap->score[p] = carc_game_get_score (g, p);
      snap->supply[p] = carc_game_get_supply (g, p);
    }
  const CarcPlacement *pl = carc_game_get_placements (g, &snap->n_placements);
  snap->placements = g_memdup2 (pl, snap->n_placements * sizeof (CarcPlacement));
  const CarcDeployment *dl = carc_game_get_deployments (g, &snap->n_deployments);
  snap->deployments = g_memdup2 (dl, snap->n_deployments * sizeof (CarcDeployment));
  snap->n_events = sc->event_types->len;
  for (guint p = 0; p < sc->n_players; p++)
    snap->hand[p] = carc_game_get_hand_size (g, p);
}

void
scenario_snapshot_clear (ScenarioSnapshot *snap)
{
  g_clear_pointer (&snap->placements, g_free);
  g_clear_pointer (&snap->deployments, g_free);
}

void
scenario_snapshot_assert_same_at (Scenario *sc, const char *file, int line,
                                  const ScenarioSnapshot *snap)
{
  ScenarioSnapshot now;
  scenario_snapshot_take (sc, &now);
  ck_assert_msg (now.phase == snap->phase, "%s:%d: phase changed from %d to %d", file, line,
                 snap->phase, now.phase);
  ck_assert_msg (now.current == snap->current, "%s:%d: current player changed from %u to %u", file,
                 line, snap->current, now.current);
  ck_assert_msg (now.turn == snap->turn, "%s:%d: turn changed", file, line);
  ck_assert_msg (now.tiles_left == snap->tiles_left, "%s:%d: tiles left changed", file, line);
  ck_assert_msg (now.n_pieces == snap->n_pieces, "%s:%d: pieces changed from %u to %u", file, line,
                 snap->n_pieces, now.n_pieces);
  ck_assert_msg (now.n_followers == snap->n_followers, "%s:%d: followers on board changed", file,
                 line);
  ck_assert_msg (now.n_moves == snap->n_moves, "%s:%d: move log changed", file, line);
  for (guint p = 0; p < sc->n_players; p++)
    {
      ck_assert_msg (now.score[p] == snap->score[p], "%s:%d: score of player %u changed", file,
                     line, p);
      ck_assert_msg (now.supply[p] == snap->supply[p], "%s:%d: supply of player %u changed", file,
                     line, p);
      ck_assert_msg (now.hand[p] == snap->hand[p], "%s:%d: hand of player %u changed", file, line,
                     p);
    }
  ck_assert_msg (now.n_placements == snap->n_placements,
                 "%s:%d: number of legal placements changed from %u to %u", file, line,
                 snap->n_placements, now.n_placements);
  ck_assert_msg (
      now.n_placements == 0
          || memcmp (now.placements, snap->placements, now.n_placements * sizeof (CarcPlacement))
                 == 0,
      "%s:%d: legal placements changed", file, line);
  ck_assert_msg (now.n_deployments == snap->n_deployments,
                 "%s:%d: number of deployments changed from %u to %u", file, line,
                 snap->n_deployments, now.n_deployments);
  ck_assert_msg (now.n_deployments == 0
                     || memcmp (now.deployments, snap->deployments,
                                now.n_deployments * sizeof (CarcDeployment))
                            == 0,
                 "%s:%d: deployments changed", file, line);
  ck_assert_msg (now.n_events == snap->n_events, "%s:%d: a failed call emitted events", file, line);
  scenario_snapshot_clear (&now);
}

static void
assert_error (const char *file, int line, const char *what, gboolean ok, const GError *error,
              CarcError code)
{
  ck_assert_msg (!ok, "%s:%d: %s succeeded; expected error code %d", file, line, what, code);
  ck_assert_msg (error != NULL, "%s:%d: %s failed without setting an error", file, line, what);
  ck_assert_msg (error->domain == CARC_ERROR, "%s:%d: %s: error not in CARC_ERROR: %s", file, line,
                 what, error->message);
  ck_assert_msg (error->code == (gint)code, "%s:%d: %s: expected error code %d, got %d (%s)", file,
                 line, what, code, error->code, error->message);
}

void
scenario_expect_place_error_at (Scenario *sc, const char *file, int line, gint x, gint y,
                                guint rotation, CarcError code)
{
  g_autoptr (GError) error = NULL;
  ScenarioSnapshot snap;
  scenario_snapshot_take (sc, &snap);
  gboolean ok = carc_game_place (sc->game, x, y, rotation, &error);
  g_autofree char *what = g_strdup_printf ("place at (%d, %d) rotation %u", x, y, rotation);
  assert_error (file, line, what, ok, error, code);
  scenario_snapshot_assert_same_at (sc, file, line, &snap);
  scenario_snapshot_clear (&snap);
}

void
scenario_expect_deploy_error_at (Scenario *sc, const char *file, int line, guint segment,
                                 CarcError code)
{
  g_autoptr (GError) error = NULL;
  ScenarioSnapshot snap;
  scenario_snapshot_take (sc, &snap);
  gboolean ok = carc_game_deploy (sc->game, CARC_FIGURE_FOLLOWER, segment, &error);
  g_autofree char *what = g_strdup_printf ("deploy on segment %u", segment);
  assert_error (file, line, what, ok, error, code);
  scenario_snapshot_assert_same_at (sc, file, line, &snap);
  scenario_snapshot_clear (&snap);
}

void
scenario_expect_skip_error_at (Scenario *sc, const char *file, int line, CarcError code)
{
  g_autoptr (GError) error = NULL;
  ScenarioSnapshot snap;
  scenario_snapshot_take (sc, &snap);
  gboolean ok = carc_game_skip (sc->game, &error);
  assert_error (file, line, "skip", ok, error, code);
  scenario_snapshot_assert_same_at (sc, file, line, &snap);
  scenario_snapshot_clear (&snap);
}

/* Queries */

guint
scenario_score (Scenario *sc, guint player)
{
  return carc_game_get_score (sc->game, player);
}

guint
scenario_supply (Scenario *sc, guint player)
{
  return carc_game_get_supply (sc->game, player);
}

CarcPhase
scenario_phase (Scenario *sc)
{
  return carc_game_get_phase (sc->game);
}

guint
scenario_current_player (Scenario *sc)
{
  return carc_game_get_current_player (sc->game);
}

const char *
scenario_current_tile (Scenario *sc)
{
  const CarcTileType *t = carc_game_get_current_tile (sc->game);
  return t ? carc_tile_type_get_id (t) : NULL;
}

gboolean
scenario_can_deploy (Scenario *sc, guint segment)
{
  guint n;
  const CarcDeployment *d = carc_game_get_deployments (sc->game, &n);
  for (guint i = 0; i < n; i++)
    if (d[i].segment == segment)
      return TRUE;
  return FALSE;
}

guint
scenario_n_deployments (Scenario *sc)
{
  guint n;
  carc_game_get_deployments (sc->game, &n);
  return n;
}

gboolean
scenario_placements_contain_cell (Scenario *sc, gint x, gint y)
{
  guint n;
  const CarcPlacement *p = carc_game_get_placements (sc->game, &n);
  for (guint i = 0; i < n; i++)
    if (p[i].x == x && p[i].y == y)
      return TRUE;
  return FALSE;
}

void
scenario_feature_at (Scenario *sc, const char *file, int line, gint x, gint y, guint segment,
                     CarcFeatureInfo *info)
{
  gboolean ok = carc_game_get_feature (sc->game, x, y, segment, info);
  ck_assert_msg (ok, "%s:%d: no segment %u on a piece at (%d, %d)", file, line, segment, x, y);
}

guint
scenario_followers_in (Scenario *sc, gint x, gint y, guint segment, guint player)
{
  CarcFeatureInfo info;
  scenario_feature_at (sc, __FILE__, __LINE__, x, y, segment, &info);
  return player < CARC_MAX_PLAYERS ? info.followers[player] : 0;
}

guint
scenario_followers_on_board (Scenario *sc, guint player)
{
  guint n = 0;
  for (guint i = 0; i < carc_game_get_n_followers (sc->game); i++)
    {
      CarcFollowerInfo f;
      if (carc_game_get_follower (sc->game, i, &f) && f.player == player)
        n++;
    }
  return n;
}

guint
scenario_n_scores (Scenario *sc)
{
  return sc->scores->len;
}

const ScenarioScore *
scenario_score_event (Scenario *sc, guint index)
{
  ck_assert_msg (index < sc->scores->len, "only %u scoring events, no event %u", sc->scores->len,
                 index);
  return &g_array_index (sc->scores, ScenarioScore, index);
}

char *
scenario_score_items (Scenario *sc, guint index, guint player)
{
  const ScenarioScore *s = scenario_score_event (sc, index);
  ck_assert_uint_lt (player, sc->n_players);
  GString *text = g_string_new (NULL);
  guint sum = 0;
  for (guint i = 0; i < s->items[player].n_items; i++)
    {
      const CarcScoreItem *item = &s->items[player].items[i];
      g_string_append_printf (text, "%s%s*%u=%u", i ? " " : "", item->name, item->count,
                              item->points);
      sum += item->points;
    }
  /* the event's points are the sum of the breakdown */
  ck_assert_uint_eq (sum, s->points[player]);
  return g_string_free (text, FALSE);
}

guint
scenario_n_awards (Scenario *sc)
{
  return sc->awards->len;
}

char *
scenario_award (Scenario *sc, guint index)
{
  ck_assert_msg (index < sc->awards->len, "only %u awards, no award %u", sc->awards->len, index);
  return g_strdup (g_ptr_array_index (sc->awards, index));
}

guint
scenario_points_scored (Scenario *sc, guint player, gboolean final)
{
  guint sum = 0;
  for (guint i = 0; i < sc->scores->len; i++)
    {
      const ScenarioScore *s = &g_array_index (sc->scores, ScenarioScore, i);
      if (!s->final == !final && player < CARC_MAX_PLAYERS)
        sum += s->points[player];
    }
  return sum;
}

void
scenario_expect_score_at (Scenario *sc, const char *file, int line, guint index,
                          CarcFeatureKind kind, gboolean final, guint player, guint points,
                          const char *items)
{
  ck_assert_msg (index < scenario_n_scores (sc), "%s:%d: %u scorings, no scoring %u", file, line,
                 scenario_n_scores (sc), index);
  const ScenarioScore *ev = scenario_score_event (sc, index);
  g_autofree char *got = scenario_score_items (sc, index, player);
  ck_assert_msg (ev->kind == kind && ev->final == final, "%s:%d: scoring %u is of kind %d%s", file,
                 line, index, ev->kind, ev->final ? " (final)" : "");
  ck_assert_msg (ev->points[player] == points && g_str_equal (got, items),
                 "%s:%d: scoring %u gave player %u %u \"%s\", expected %u \"%s\"", file, line,
                 index, player, ev->points[player], got, points, items);
}

guint
scenario_n_scores_of_kind (Scenario *sc, CarcFeatureKind kind, gboolean final)
{
  guint n = 0;
  for (guint i = 0; i < sc->scores->len; i++)
    {
      const ScenarioScore *s = &g_array_index (sc->scores, ScenarioScore, i);
      n += s->kind == kind && !s->final == !final;
    }
  return n;
}

guint
scenario_n_discards (Scenario *sc)
{
  return sc->discards->len;
}

const ScenarioDiscard *
scenario_discard_event (Scenario *sc, guint index)
{
  ck_assert_msg (index < sc->discards->len, "only %u discard events, no event %u",
                 sc->discards->len, index);
  return &g_array_index (sc->discards, ScenarioDiscard, index);
}

guint
scenario_n_events (Scenario *sc)
{
  return sc->event_types->len;
}

CarcEventType
scenario_event_type (Scenario *sc, guint index)
{
  ck_assert_msg (index < sc->event_types->len, "only %u events, no event %u", sc->event_types->len,
                 index);
  return g_array_index (sc->event_types, CarcEventType, index);
}

guint
scenario_n_events_of_type (Scenario *sc, CarcEventType type)
{
  guint n = 0;
  for (guint i = 0; i < sc->event_types->len; i++)
    n += g_array_index (sc->event_types, CarcEventType, i) == type;
  return n;
}

void
scenario_draw_at (Scenario *sc, const char *file, int line)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = carc_game_draw (sc->game, &error);
  ck_assert_msg (ok, "%s:%d: draw failed: %s", file, line, error ? error->message : "?");
}

void
scenario_piece_at (Scenario *sc, const char *file, int line, guint index, gint x, gint y,
                   guint rotation)
{
  g_autoptr (GError) error = NULL;
  guint player = carc_game_get_current_player (sc->game);
  const CarcTileType *t = carc_game_get_hand_piece (sc->game, player, index);
  gboolean ok = carc_game_place_piece (sc->game, index, x, y, rotation, &error);
  ck_assert_msg (ok, "%s:%d: placing hand piece %u (%s) at (%d, %d) rotation %u failed: %s", file,
                 line, index, t ? carc_tile_type_get_id (t) : "none", x, y, rotation,
                 error ? error->message : "?");
}

void
scenario_piece_turn_at (Scenario *sc, const char *file, int line, guint index, gint x, gint y,
                        guint rotation, gint segment)
{
  scenario_piece_at (sc, file, line, index, x, y, rotation);
  if (segment < 0)
    scenario_skip_at (sc, file, line);
  else
    scenario_deploy_at (sc, file, line, (guint)segment);
}

void
scenario_pass_at (Scenario *sc, const char *file, int line)
{
  g_autoptr (GError) error = NULL;
  gboolean ok = carc_game_pass (sc->game, &error);
  ck_assert_msg (ok, "%s:%d: pass failed: %s", file, line, error ? error->message : "?");
}

void
scenario_expect_piece_error_at (Scenario *sc, const char *file, int line, guint index, gint x,
                                gint y, guint rotation, CarcError code)
{
  g_autoptr (GError) error = NULL;
  ScenarioSnapshot snap;
  scenario_snapshot_take (sc, &snap);
  gboolean ok = carc_game_place_piece (sc->game, index, x, y, rotation, &error);
  g_autofree char *what
      = g_strdup_printf ("hand piece %u at (%d, %d) rotation %u", index, x, y, rotation);
  assert_error (file, line, what, ok, error, code);
  scenario_snapshot_assert_same_at (sc, file, line, &snap);
  scenario_snapshot_clear (&snap);
}

void
scenario_expect_pass_error_at (Scenario *sc, const char *file, int line, CarcError code)
{
  g_autoptr (GError) error = NULL;
  ScenarioSnapshot snap;
  scenario_snapshot_take (sc, &snap);
  gboolean ok = carc_game_pass (sc->game, &error);
  assert_error (file, line, "pass", ok, error, code);
  scenario_snapshot_assert_same_at (sc, file, line, &snap);
  scenario_snapshot_clear (&snap);
}
