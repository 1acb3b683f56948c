/* test-conformance.c: replays every game played by JCloisterZone, a peer engine
 * (tests/data/conformance: all 200 games, base, Winter, abbeys, vineyards and their mixes),
 * through the public API, from the recorded draw order and moves, with the real expansion
 * plugins loaded from the build tree, and checks after every turn the player to move, whether
 * the abbey was on offer, the points of every player, every follower supply, the tiles
 * discarded, and at the end the final scores. Any disagreement prints the game file and the
 * turn. */
#include "config.h"

#include <check.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>
#include "carcassonne.h"
#include "check-run.h"
#include "plugin-host.h"

/* JCloisterZone ids of the base tiles against tiles.txt letters (conformance/README.md). */
static const char *const jcz_ids[][2] = {
  { "BA/LR", "A" },   { "BA/L", "B" },    { "BA/Cccc+", "C" }, { "BA/RCr", "D" },
  { "BA/C", "E" },    { "BA/CFc+", "F" }, { "BA/CFc.1", "G" }, { "BA/CFC.2", "H" },
  { "BA/CC.2", "I" }, { "BA/CRr", "J" },  { "BA/RrC", "K" },   { "BA/CRRR", "L" },
  { "BA/Cc+", "M" },  { "BA/Cc.1", "N" }, { "BA/CcRr+", "O" }, { "BA/CcRr", "P" },
  { "BA/Ccc+", "Q" }, { "BA/Ccc", "R" },  { "BA/CccR+", "S" }, { "BA/CccR", "T" },
  { "BA/RFr", "U" },  { "BA/Rr", "V" },   { "BA/RRR", "W" },   { "BA/RRRR", "X" },
};

/* Our tile id for a JCloisterZone id: base tiles by the table; Winter and Hills & Sheep tiles
 * keep their names with '-' for '/' (conformance/README.md). */
static const char *
ctn_of (const char *jcz)
{
  for (guint i = 0; i < G_N_ELEMENTS (jcz_ids); i++)
    if (strcmp (jcz_ids[i][0], jcz) == 0)
      return jcz_ids[i][1];
  if (g_str_has_prefix (jcz, "WI/") || g_str_has_prefix (jcz, "HS/"))
    {
      g_autofree char *id = g_strdup (jcz);
      id[2] = '-';
      return g_intern_string (id);
    }
  return NULL;
}

static guint32
location_of_edges (JsonArray *edges)
{
  static const char *const sides[] = { "N", "E", "S", "W" };
  static const char *const halves[] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
  guint32 loc = 0;
  for (guint i = 0; i < json_array_get_length (edges); i++)
    {
      const char *e = json_array_get_string_element (edges, i);
      for (int s = 0; s < 4; s++)
        if (strcmp (e, sides[s]) == 0)
          loc |= CARC_LOC_SIDE (s);
      for (int h = 0; h < 8; h++)
        if (strcmp (e, halves[h]) == 0)
          loc |= CARC_LOC_HALF (h);
    }
  return loc;
}

static gboolean
feature_kind (const char *name, CarcFeatureKind *kind)
{
  static const struct
  {
    const char *name;
    CarcFeatureKind kind;
  } map[] = { { "City", CARC_FEATURE_CITY },
              { "Road", CARC_FEATURE_ROAD },
              { "Field", CARC_FEATURE_FIELD },
              { "Monastery", CARC_FEATURE_CLOISTER } };
  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (strcmp (map[i].name, name) == 0)
      {
        *kind = map[i].kind;
        return TRUE;
      }
  return FALSE;
}

typedef struct
{
  guint final_points[CARC_MAX_PLAYERS];
  GPtrArray *scorings;         /* "Kind:p0,p1,..." per scoring event during play, this turn */
  GPtrArray *final_scorings;   /* the same for final scoring */
  GPtrArray *all_discards;     /* every tile discarded in the game */
  GPtrArray *pending_discards; /* ids discarded since the last turn started */
  GPtrArray *turn_discards;    /* ids discarded at the start of the current turn */
} Tracker;

static void
on_event (CarcGame *game, const CarcEvent *ev, gpointer data)
{
  Tracker *t = data;
  switch (ev->type)
    {
      case CARC_EVENT_TILE_DISCARDED:
        g_ptr_array_add (t->pending_discards, (gpointer)carc_tile_type_get_id (ev->tile));
        g_ptr_array_add (t->all_discards, (gpointer)carc_tile_type_get_id (ev->tile));
        break;
      case CARC_EVENT_TURN_STARTED:
        g_ptr_array_set_size (t->turn_discards, 0);
        G_GNUC_FALLTHROUGH;
      case CARC_EVENT_TILE_DRAWN:
        g_ptr_array_extend_and_steal (t->turn_discards, g_steal_pointer (&t->pending_discards));
        t->pending_discards = g_ptr_array_new ();
        break;
      case CARC_EVENT_FEATURE_SCORED:
        {
          static const char *const names[] = { "Field", "Road", "City", "Monastery" };
          GString *key = g_string_new (names[ev->kind]);
          for (guint p = 0; p < ev->n_players; p++)
            {
              g_string_append_printf (key, "%c%u", p ? ',' : ':', ev->points[p]);
              if (ev->final)
                t->final_points[p] += ev->points[p];
            }
          g_ptr_array_add (ev->final ? t->final_scorings : t->scorings, g_string_free (key, FALSE));
        }
        break;
      default:
        break;
    }
}

static gint
compare_strings (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

/* The scoring events JCZ recorded, against ours since the last call, as sorted multisets of
 * "Kind:points,points,...". Returns a description of the difference, or NULL. */
static char *
diff_scorings (JsonArray *theirs, GPtrArray *ours)
{
  g_autoptr (GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < json_array_get_length (theirs); i++)
    {
      JsonObject *ev = json_array_get_object_element (theirs, i);
      JsonArray *pts = json_object_get_array_member (ev, "points");
      GString *key = g_string_new (json_object_get_string_member (ev, "feature"));
      for (guint p = 0; p < json_array_get_length (pts); p++)
        g_string_append_printf (key, "%c%" G_GINT64_FORMAT, p ? ',' : ':',
                                json_array_get_int_element (pts, p));
      g_ptr_array_add (want, g_string_free (key, FALSE));
    }
  g_ptr_array_sort (want, compare_strings);
  g_ptr_array_sort (ours, compare_strings);
  gboolean same = want->len == ours->len;
  for (guint i = 0; same && i < want->len; i++)
    same = g_strcmp0 (g_ptr_array_index (want, i), g_ptr_array_index (ours, i)) == 0;
  char *diff = NULL;
  if (!same)
    {
      g_ptr_array_add (want, NULL);
      g_ptr_array_add (ours, NULL);
      g_autofree char *a = g_strjoinv (" ", (char **)want->pdata);
      g_autofree char *b = g_strjoinv (" ", (char **)ours->pdata);
      diff = g_strdup_printf ("scoring events: JCZ [%s], ours [%s]", a, b);
    }
  g_ptr_array_set_size (ours, 0);
  return diff;
}

static GPtrArray *
read_records (const char *path, GError **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInputStream) raw = g_file_read (file, NULL, error);
  if (!raw)
    return NULL;
  g_autoptr (GZlibDecompressor) gz = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  g_autoptr (GInputStream) plain
      = g_converter_input_stream_new (G_INPUT_STREAM (raw), G_CONVERTER (gz));
  g_autoptr (GDataInputStream) lines = g_data_input_stream_new (plain);
  g_autoptr (GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify)json_node_unref);
  for (;;)
    {
      gsize len;
      g_autofree char *line = g_data_input_stream_read_line_utf8 (lines, &len, NULL, error);
      if (!line)
        {
          if (error && *error)
            return NULL;
          break;
        }
      if (len == 0)
        continue;
      JsonNode *node = json_from_string (line, error);
      if (!node)
        return NULL;
      g_ptr_array_add (records, node);
    }
  return g_steal_pointer (&records);
}

/* Replays one game; returns the number of disagreements (each printed). */
static guint
replay_game (CarcTileSet *tiles, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) records = read_records (path, &error);
  g_autofree char *name = g_path_get_basename (path);
  guint bad = 0;
#define DISAGREE(turn, ...)                                                                        \
  do                                                                                               \
    {                                                                                              \
      g_autofree char *msg_ = g_strdup_printf (__VA_ARGS__);                                       \
      fprintf (stderr, "DISAGREEMENT %s turn %u: %s\n", name, (turn), msg_);                       \
      bad++;                                                                                       \
    }                                                                                              \
  while (0)

  if (!records || records->len < 2)
    {
      DISAGREE (0, "cannot read the record: %s", error ? error->message : "too short");
      return bad;
    }
  JsonObject *header = json_node_get_object (g_ptr_array_index (records, 0));
  guint n_players = (guint)json_object_get_int_member (header, "players");
  JsonArray *draw = json_object_get_array_member (header, "draw_order");
  g_autoptr (GPtrArray) order = g_ptr_array_new ();
  for (guint i = 0; i < json_array_get_length (draw); i++)
    {
      const char *ctn = ctn_of (json_array_get_string_element (draw, i));
      if (!ctn)
        {
          DISAGREE (0, "unknown tile %s", json_array_get_string_element (draw, i));
          return bad;
        }
      g_ptr_array_add (order, (gpointer)ctn);
    }
  g_ptr_array_add (order, NULL);

  g_autoptr (CarcGameConfig) config = carc_game_config_new (tiles);
  carc_game_config_set_n_players (config, n_players);
  carc_game_config_set_followers (config, (guint)json_object_get_int_member (header, "followers"));
  carc_game_config_set_farmers (config, json_object_get_boolean_member (header, "farmers"));
  carc_game_config_set_tile_order (config, (const char *const *)order->pdata);
  JsonArray *exps = json_object_get_array_member (header, "expansions");
  for (guint i = 0; i < json_array_get_length (exps); i++)
    {
      const char *exp_name = json_array_get_string_element (exps, i);
      if (strcmp (exp_name, "base") == 0)
        continue;
      CarcPlugin *plugin = carc_plugin_host_lookup (test_plugin_host (), exp_name);
      if (!plugin || !carc_game_config_add_expansion (config, plugin, &error))
        {
          DISAGREE (0, "expansion %s: %s", exp_name, plugin ? error->message : "plugin not loaded");
          return bad;
        }
    }
  Tracker tr = { .scorings = g_ptr_array_new_with_free_func (g_free),
                 .final_scorings = g_ptr_array_new_with_free_func (g_free),
                 .all_discards = g_ptr_array_new (),
                 .pending_discards = g_ptr_array_new (),
                 .turn_discards = g_ptr_array_new () };
  g_autoptr (CarcGame) game = carc_game_new_full (config, on_event, &tr, NULL, &error);
  if (!game)
    {
      DISAGREE (0, "game not created: %s", error->message);
      return bad;
    }

  for (guint i = 1; i < records->len && bad == 0; i++)
    {
      JsonObject *rec = json_node_get_object (g_ptr_array_index (records, i));
      const char *kind = json_object_get_string_member (rec, "kind");
      if (strcmp (kind, "final") == 0)
        {
          JsonArray *score = json_object_get_array_member (rec, "score");
          g_autofree char *diff = diff_scorings (
              json_object_get_array_member (rec, "final_scoring"), tr.final_scorings);
          if (diff)
            DISAGREE (0, "final %s", diff);
          JsonArray *disc = json_object_get_array_member (rec, "discarded");
          gboolean same = json_array_get_length (disc) == tr.all_discards->len;
          for (guint k = 0; same && k < tr.all_discards->len; k++)
            same = g_strcmp0 (ctn_of (json_array_get_string_element (disc, k)),
                              g_ptr_array_index (tr.all_discards, k))
                   == 0;
          if (!same)
            DISAGREE (0, "tiles discarded in the game: JCZ %u, ours %u",
                      json_array_get_length (disc), tr.all_discards->len);
          if (carc_game_get_phase (game) != CARC_PHASE_OVER)
            DISAGREE (0, "final record but our game is not over (%u tiles left)",
                      carc_game_get_tiles_left (game));
          for (guint p = 0; p < n_players; p++)
            {
              guint want = (guint)json_array_get_int_element (score, p);
              if (carc_game_get_score (game, p) != want)
                DISAGREE (0, "final score of player %u: JCZ %u, ours %u", p, want,
                          carc_game_get_score (game, p));
            }
          continue;
        }
      guint turn = (guint)json_object_get_int_member (rec, "turn");
      guint player = (guint)json_object_get_int_member (rec, "player");
      CarcPhase phase = carc_game_get_phase (game);
      if (phase != CARC_PHASE_PLACE && phase != CARC_PHASE_CHOOSE)
        {
          DISAGREE (turn, "our game is not waiting for a move");
          break;
        }
      if (carc_game_get_current_player (game) != player)
        DISAGREE (turn, "player: JCZ %u, ours %u", player, carc_game_get_current_player (game));
      /* The abbey is on offer before drawing exactly when a hole exists (doc/rules.md section 4):
       * JCZ's abbey_pass, or its abbey move, against our choose phase. */
      JsonNode *anode = json_object_get_member (rec, "action");
      JsonObject *action = JSON_NODE_HOLDS_NULL (anode) ? NULL : json_node_get_object (anode);
      const char *type = action ? json_object_get_string_member (action, "type") : "pass";
      gboolean offered = json_object_get_boolean_member_with_default (rec, "abbey_pass", FALSE)
                         || strcmp (type, "tile") != 0;
      if (offered != (phase == CARC_PHASE_CHOOSE))
        {
          DISAGREE (turn, "abbey on offer: JCZ %s, ours %s", offered ? "yes" : "no",
                    phase == CARC_PHASE_CHOOSE ? "yes" : "no");
          break;
        }
      gboolean ok = TRUE;
      if (strcmp (type, "tile") == 0)
        {
          if (phase == CARC_PHASE_CHOOSE && !carc_game_draw (game, &error))
            {
              DISAGREE (turn, "draw refused: %s", error->message);
              break;
            }
          JsonArray *disc = json_object_get_array_member (rec, "discarded");
          guint nd = json_array_get_length (disc);
          if (nd != tr.turn_discards->len)
            DISAGREE (turn, "discarded: JCZ %u tiles, ours %u", nd, tr.turn_discards->len);
          else
            for (guint k = 0; k < nd; k++)
              if (g_strcmp0 (ctn_of (json_array_get_string_element (disc, k)),
                             g_ptr_array_index (tr.turn_discards, k))
                  != 0)
                DISAGREE (turn, "discarded tile %u differs", k);
          const char *ctn = json_object_get_string_member (action, "ctn");
          const CarcTileType *in_play = carc_game_get_current_tile (game);
          const char *ours = in_play ? carc_tile_type_get_id (in_play) : "(none)";
          if (strcmp (ctn, ours) != 0)
            {
              DISAGREE (turn, "tile in play: JCZ %s, ours %s", ctn, ours);
              break;
            }
          gint x = (gint)json_object_get_int_member (action, "x");
          gint y = (gint)json_object_get_int_member (action, "y");
          guint rot = (guint)json_object_get_int_member (action, "ctn_rot");
          ok = carc_game_place (game, x, y, rot, &error);
          if (!ok)
            {
              DISAGREE (turn, "placement %s at (%d,%d) rot %u refused: %s", ctn, x, y, rot,
                        error->message);
              break;
            }
        }
      else if (strcmp (type, "abbey") == 0)
        {
          gint x = (gint)json_object_get_int_member (action, "x");
          gint y = (gint)json_object_get_int_member (action, "y");
          guint idx = 0;
          while (idx < carc_game_get_hand_size (game, player)
                 && !carc_tile_type_get_tag (carc_game_get_hand_piece (game, player, idx), "abbey"))
            idx++;
          if (!carc_game_place_piece (game, idx, x, y, 0, &error))
            {
              DISAGREE (turn, "abbey at (%d,%d) refused: %s", x, y, error->message);
              break;
            }
        }
      else if (!carc_game_pass (game, &error))
        {
          DISAGREE (turn, "pass refused: %s", error->message);
          break;
        }
      JsonNode *mnode = json_object_get_member (rec, "meeple");
      if (!action)
        ; /* a pass: no deployment */
      else if (JSON_NODE_HOLDS_NULL (mnode))
        ok = carc_game_skip (game, &error);
      else
        {
          JsonObject *m = json_node_get_object (mnode);
          CarcFeatureKind fk;
          if (!feature_kind (json_object_get_string_member (m, "feature"), &fk))
            {
              DISAGREE (turn, "unknown feature %s", json_object_get_string_member (m, "feature"));
              break;
            }
          guint32 loc = location_of_edges (json_object_get_array_member (m, "edges"));
          guint n;
          const CarcDeployment *d = carc_game_get_deployments (game, &n);
          const CarcDeployment *hit = NULL;
          for (guint k = 0; k < n; k++)
            if (d[k].kind == fk && d[k].location == loc)
              hit = &d[k];
          if (!hit)
            {
              DISAGREE (turn, "JCZ deploys on %s %s; we offer no such deployment",
                        json_object_get_string_member (m, "feature"),
                        json_object_get_string_member (m, "location"));
              break;
            }
          ok = carc_game_deploy (game, hit->segment, &error);
        }
      if (!ok)
        {
          DISAGREE (turn, "deploy/skip refused: %s", error->message);
          break;
        }
      g_autofree char *diff
          = diff_scorings (json_object_get_array_member (rec, "scoring"), tr.scorings);
      if (diff)
        DISAGREE (turn, "%s", diff);
      JsonArray *score = json_object_get_array_member (rec, "score");
      for (guint p = 0; p < n_players; p++)
        {
          guint want = (guint)json_array_get_int_element (score, p);
          guint got = carc_game_get_score (game, p) - tr.final_points[p];
          if (got != want)
            DISAGREE (turn, "points of player %u: JCZ %u, ours %u", p, want, got);
        }
      JsonNode *snode = json_object_get_member (rec, "supply");
      if (!JSON_NODE_HOLDS_NULL (snode))
        {
          JsonArray *supply = json_node_get_array (snode);
          for (guint p = 0; p < n_players; p++)
            {
              guint want = (guint)json_array_get_int_element (supply, p);
              if (carc_game_get_supply (game, p) != want)
                DISAGREE (turn, "supply of player %u: JCZ %u, ours %u", p, want,
                          carc_game_get_supply (game, p));
            }
        }
    }
  g_ptr_array_unref (tr.scorings);
  g_ptr_array_unref (tr.final_scorings);
  g_ptr_array_unref (tr.all_discards);
  g_ptr_array_unref (tr.pending_discards);
  g_ptr_array_unref (tr.turn_discards);
  return bad;
#undef DISAGREE
}

static gint
compare_paths (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

static void
replay_folder (const char *folder, guint expected_games)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (CarcTileSet) tiles = carc_tile_set_new_base (&error);
  ck_assert_msg (tiles != NULL, "base tiles: %s", error ? error->message : "");
  g_autofree char *dir = g_build_filename (TEST_DATA_DIR, "conformance", folder, NULL);
  g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
  ck_assert_msg (d != NULL, "conformance folder %s: %s", dir, error ? error->message : "");
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *entry;
  while ((entry = g_dir_read_name (d)))
    if (g_str_has_suffix (entry, ".jsonl.gz"))
      g_ptr_array_add (files, g_build_filename (dir, entry, NULL));
  g_ptr_array_sort (files, compare_paths);
  guint bad_games = 0;
  for (guint i = 0; i < files->len; i++)
    bad_games += replay_game (tiles, g_ptr_array_index (files, i)) > 0;
  ck_assert_uint_eq (files->len, expected_games);
  ck_assert_msg (bad_games == 0, "%s: %u of %u games disagree with JCloisterZone", folder,
                 bad_games, files->len);
}

START_TEST (test_conformance_base2p)
{
  replay_folder ("base2p", 40);
}
END_TEST

START_TEST (test_conformance_base5p)
{
  replay_folder ("base5p", 20);
}
END_TEST

START_TEST (test_conformance_base2p_builder)
{
  replay_folder ("base2p_builder", 20);
}
END_TEST

START_TEST (test_conformance_winter2p)
{
  replay_folder ("winter2p", 20);
}
END_TEST

START_TEST (test_conformance_abbey3p)
{
  replay_folder ("abbey3p", 20);
}
END_TEST

START_TEST (test_conformance_abbey3p_builder)
{
  replay_folder ("abbey3p_builder", 20);
}
END_TEST

START_TEST (test_conformance_vineyard2p)
{
  replay_folder ("vineyard2p", 10);
}
END_TEST

START_TEST (test_conformance_vineyard2p_builder)
{
  replay_folder ("vineyard2p_builder", 20);
}
END_TEST

START_TEST (test_conformance_winter_abbey_vineyard4p)
{
  replay_folder ("winter_abbey_vineyard4p", 10);
}
END_TEST

START_TEST (test_conformance_winter_abbey_vineyard4p_builder)
{
  replay_folder ("winter_abbey_vineyard4p_builder", 20);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("conformance");
  TCase *tc = tcase_create ("jcloisterzone");
  tcase_set_timeout (tc, 600);
  tcase_add_test (tc, test_conformance_base2p);
  tcase_add_test (tc, test_conformance_base5p);
  tcase_add_test (tc, test_conformance_base2p_builder);
  tcase_add_test (tc, test_conformance_winter2p);
  tcase_add_test (tc, test_conformance_abbey3p);
  tcase_add_test (tc, test_conformance_abbey3p_builder);
  tcase_add_test (tc, test_conformance_vineyard2p);
  tcase_add_test (tc, test_conformance_vineyard2p_builder);
  tcase_add_test (tc, test_conformance_winter_abbey_vineyard4p);
  tcase_add_test (tc, test_conformance_winter_abbey_vineyard4p_builder);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
