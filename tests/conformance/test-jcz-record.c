/* test-jcz-record.c: the JCloisterZone record reader (tests/conformance/jcz-record.c) refuses
 * every malformed record with JCZ_RECORD_ERROR and a message naming the line and what is wrong
 * (issue 14: "a parser: malformed lines give a clear error, never a crash"), and reads a good
 * one into exactly the values the replay uses; and JCZ's tile and expansion names in ours. */
#include "config.h"

#include <check.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include "check-run.h"
#include "jcz-ids.h"
#include "jcz-record.h"

#define HEADER                                                                                     \
  "{\"kind\":\"header\",\"format\":\"jcz-random-games/1\",\"config\":\"t\",\"players\":2,"         \
  "\"expansions\":[\"base\"],\"farmers\":true,\"followers\":7,\"draw_order\":[\"BA/LR\"]}\n"
#define TURN                                                                                       \
  "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"discarded\":[],\"action\":{\"type\":\"tile\","     \
  "\"ctn\":\"A\",\"x\":1,\"y\":-2,\"ctn_rot\":3},\"meeple\":{\"feature\":\"Road\",\"location\":"   \
  "\"WE\",\"edges\":[\"W\",\"E\"]},\"scoring\":[],\"score\":[0,0],\"supply\":[6,7]}\n"
#define FINAL                                                                                      \
  "{\"kind\":\"final\",\"score\":[2,0],\"final_scoring\":[{\"feature\":\"Road\",\"points\":[2,"    \
  "0]}],\"discarded\":[]}\n"

/* A record, and the message its refusal must carry (NULL: it must be read). */
static const struct
{
  const char *text;
  const char *message;
} cases[] = {
  { HEADER TURN FINAL, NULL },
  { HEADER "\r\n\n" TURN FINAL "\n\n", NULL },
  { "", "line 1: no header line" },
  { HEADER, "line 2: no final line" },
  { HEADER TURN, "line 3: no final line" },
  { "[1]\n", "line 1: not a JSON object" },
  { "{\"format\":1}\n", "line 1: \"kind\": missing or not a string" },
  { TURN, "line 1: kind \"turn\" where the header must be" },
  { "{\"kind\":\"header\",\"format\":\"other/1\"}\n",
    "line 1: format \"other/1\" is not jcz-random-games/N" },
  { "{\"kind\":\"header\",\"format\":\"jcz-random-games/1\",\"config\":\"t\",\"players\":7}\n",
    "line 1: \"players\": missing or not an integer from 1 to 6" },
  { "{\"kind\":\"header\",\"format\":\"jcz-random-games/1\",\"config\":\"t\",\"players\":\"2\"}\n",
    "line 1: \"players\": missing or not an integer from 1 to 6" },
  { "{\"kind\":\"header\",\"format\":\"jcz-random-games/1\",\"config\":\"t\",\"players\":2,"
    "\"followers\":7,\"farmers\":1}\n",
    "line 1: \"farmers\": missing or not true or false" },
  { "{\"kind\":\"header\",\"format\":\"jcz-random-games/1\",\"config\":\"t\",\"players\":2,"
    "\"followers\":7,\"farmers\":true,\"expansions\":[],\"draw_order\":[1]}\n",
    "line 1: \"draw_order\" element 0: not a string" },
  { HEADER "{\"kind\":\"bogus\"}\n", "line 2: kind \"bogus\" is neither turn nor final" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":2}\n",
    "line 2: \"player\": missing or not an integer from 0 to 1" },
  { HEADER "{\"kind\":\"turn\",\"turn\":-1,\"player\":0}\n",
    "line 2: \"turn\": missing or not an integer from 0 to 2147483647" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"abbey_pass\":null}\n",
    "line 2: \"abbey_pass\": missing or not true or false" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":{\"type\":\"fly\"}}\n",
    "line 2: action type \"fly\" is neither tile nor abbey" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":{\"type\":\"tile\",\"ctn\":\"A\","
           "\"x\":1,\"y\":0,\"ctn_rot\":4}}\n",
    "line 2: \"ctn_rot\": missing or not an integer from 0 to 3" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":{\"type\":\"abbey\",\"x\":1e3,"
           "\"y\":0}}\n",
    "line 2: \"x\": missing or not an integer from -100000 to 100000" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":5}\n",
    "line 2: \"meeple\": missing or not an object or null" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":{\"feature\":"
           "\"Road\",\"location\":\"N\",\"edges\":\"N\"}}\n",
    "line 2: \"edges\": missing or not an array of strings" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[3]}\n",
    "line 2: \"scoring\" element 0: not an object" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[{\"feature\":\"City\",\"points\":[1,-4]}]}\n",
    "line 2: \"scoring\" element 0: points 1: not an integer from 0 to 2147483647" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[],\"score\":[1,2,3]}\n",
    "line 2: \"score\": 3 values for 2 players" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[],\"score\":[1,2],\"supply\":[true,1]}\n",
    "line 2: \"supply\" element 0: not an integer from 0 to 2147483647" },
  { HEADER "{\"kind\":\"final\",\"score\":[0,0],\"final_scoring\":[]}\n",
    "line 2: \"discarded\": missing or not an array of strings" },
  { HEADER FINAL TURN, "line 3: a line after the final line" },
  { "\xff\n", "line 1: not UTF-8 text" },
  /* issue 16: format 2's figure types and their supplies */
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":{\"follower\":"
           "7,\"feature\":\"Road\",\"location\":\"N\",\"edges\":[\"N\"]}}\n",
    "line 2: \"follower\": missing or not a string" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[],\"score\":[1,2],\"supply\":[1,1],\"supply_figures\":"
           "{\"BigFollower\":[1]}}\n",
    "line 2: \"BigFollower\": 1 values for 2 players" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[],\"score\":[1,2],\"supply\":[1,1],\"supply_figures\":"
           "[]}\n",
    "line 2: \"supply_figures\": missing or not an object or null" },
  /* issue 17: format 2's trade goods received in a turn */
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[],\"score\":[1,2],\"supply\":[1,1],\"trade_goods\":"
           "{}}\n",
    "line 2: \"trade_goods\": missing or not an array of tokens" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[],\"score\":[1,2],\"supply\":[1,1],\"trade_goods\":"
           "[{\"player\":0,\"token\":\"SILK\",\"count\":1}]}\n",
    "line 2: \"trade_goods\" element 0: unknown token \"SILK\"" },
  { HEADER "{\"kind\":\"turn\",\"turn\":1,\"player\":0,\"action\":null,\"meeple\":null,"
           "\"discarded\":[],\"scoring\":[],\"score\":[1,2],\"supply\":[1,1],\"trade_goods\":"
           "[{\"player\":0,\"token\":\"WINE\",\"count\":0}]}\n",
    "line 2: \"count\": missing or not an integer from 1 to 2147483647" },
  { HEADER "{\"kind\":\"final\",\"score\":[2,0],\"final_scoring\":[],\"discarded\":[],"
           "\"goods\":{\"SILK\":[0,1]}}\n",
    "line 2: \"goods\": unknown token \"SILK\"" },
  { HEADER "{\"kind\":\"final\",\"score\":[2,0],\"final_scoring\":[],\"discarded\":[],"
           "\"goods\":{\"WINE\":[0]}}\n",
    "line 2: \"WINE\": 1 values for 2 players" },
  /* issue 16: the awards' items, where given, are checked too */
  { HEADER "{\"kind\":\"final\",\"score\":[2,0],\"final_scoring\":[{\"feature\":\"Road\","
           "\"points\":[2,0],\"awards\":[{\"player\":0,\"items\":[[\"tiles\",-2,2]]}]}],"
           "\"discarded\":[]}\n",
    "line 2: \"final_scoring\" element 0: item 0: not [name, count or null, points]" },
  { HEADER "{\"kind\":\"final\",\"score\":[2,0],\"final_scoring\":[{\"feature\":\"Road\","
           "\"points\":[2,0],\"awards\":[{\"player\":2,\"items\":[]}]}],\"discarded\":[]}\n",
    "line 2: \"player\": missing or not an integer from 0 to 1" },
};

START_TEST (test_jcz_record_cases)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (JczGame) game = jcz_game_parse (cases[_i].text, strlen (cases[_i].text), &error);
  if (!cases[_i].message)
    {
      ck_assert_msg (game != NULL, "case %d: %s", _i, error ? error->message : "");
      return;
    }
  ck_assert_msg (game == NULL, "case %d read", _i);
  ck_assert_msg (g_error_matches (error, JCZ_RECORD_ERROR, JCZ_RECORD_ERROR_INVALID), "case %d",
                 _i);
  ck_assert_str_eq (error->message, cases[_i].message);
}
END_TEST

/* issue 16: a scoring event's awards become its breakdown, in player order, each award's
 * items sorted by name, JCZ's "pennants" as our "shields", a null count as 0, awards without
 * items left out; an award with no "items" member drops the breakdown (points only). */
START_TEST (test_jcz_record_awards)
{
  const char *text
      = HEADER "{\"kind\":\"final\",\"score\":[8,8],\"final_scoring\":["
               "{\"feature\":\"City\",\"points\":[8,8],\"awards\":["
               "{\"player\":1,\"items\":[[\"tiles\",3,6],[\"pennants\",1,2]]},"
               "{\"player\":0,\"items\":[[\"tiles\",3,6],[\"inn\",null,2]]}]},"
               "{\"feature\":\"Field\",\"points\":[0,0],\"awards\":[{\"player\":0,\"items\":[]}]},"
               "{\"feature\":\"Road\",\"points\":[1,0],\"awards\":[{\"player\":0}]}],"
               "\"discarded\":[]}\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (JczGame) game = jcz_game_parse (text, strlen (text), &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (game->final_scoring->len, 3);
  ck_assert_str_eq (g_ptr_array_index (game->final_scoring, 0),
                    "City:8,8 {0:inn*0=2,tiles*3=6 1:shields*1=2,tiles*3=6}");
  ck_assert_str_eq (g_ptr_array_index (game->final_scoring, 1), "Field:0,0 {}");
  ck_assert_str_eq (g_ptr_array_index (game->final_scoring, 2), "Road:1,0");
}
END_TEST

/* Text that is not JSON: the line, then the JSON parser's own words. */
START_TEST (test_jcz_record_not_json)
{
  g_autoptr (GError) error = NULL;
  const char *text = HEADER "{\"kind\":\"turn\",\n";
  ck_assert (jcz_game_parse (text, strlen (text), &error) == NULL);
  ck_assert (g_error_matches (error, JCZ_RECORD_ERROR, JCZ_RECORD_ERROR_INVALID));
  ck_assert_msg (g_str_has_prefix (error->message, "line 2: not JSON: "), "%s", error->message);
}
END_TEST

/* A NUL byte inside a line is refused, not read as the end of the text. */
START_TEST (test_jcz_record_nul)
{
  g_autoptr (GError) error = NULL;
  static const char text[] = HEADER "{\"kind\":\0\"final\"}\n";
  ck_assert (jcz_game_parse (text, sizeof text - 1, &error) == NULL);
  ck_assert_str_eq (error->message, "line 2: not UTF-8 text");
}
END_TEST

START_TEST (test_jcz_record_too_big)
{
  g_autoptr (GError) error = NULL;
  gsize len = JCZ_RECORD_MAX_BYTES + 1;
  g_autofree char *text = g_malloc0 (len);
  ck_assert (jcz_game_parse (text, len, &error) == NULL);
  ck_assert (g_error_matches (error, JCZ_RECORD_ERROR, JCZ_RECORD_ERROR_TOO_BIG));
}
END_TEST

/* What the replay reads comes out as the record says. */
START_TEST (test_jcz_record_values)
{
  const char *text = HEADER TURN FINAL;
  g_autoptr (JczGame) game = jcz_game_parse (text, strlen (text), NULL);
  ck_assert (game != NULL);
  ck_assert_str_eq (game->config, "t");
  ck_assert_uint_eq (game->players, 2);
  ck_assert_uint_eq (game->followers, 7);
  ck_assert (game->farmers);
  ck_assert_str_eq (game->expansions[0], "base");
  ck_assert_ptr_null (game->expansions[1]);
  ck_assert_str_eq (game->draw_order[0], "BA/LR");
  ck_assert_uint_eq (game->turns->len, 1);
  const JczTurn *t = g_ptr_array_index (game->turns, 0);
  ck_assert_uint_eq (t->turn, 1);
  ck_assert_uint_eq (t->player, 0);
  ck_assert (!t->abbey_pass);
  ck_assert_int_eq (t->action, JCZ_ACTION_TILE);
  ck_assert_str_eq (t->ctn, "A");
  ck_assert_int_eq (t->x, 1);
  ck_assert_int_eq (t->y, -2);
  ck_assert_uint_eq (t->rot, 3);
  ck_assert (t->meeple);
  ck_assert_str_eq (t->meeple_feature, "Road");
  ck_assert_str_eq (t->meeple_edges[1], "E");
  ck_assert_uint_eq (t->supply[0], 6);
  ck_assert (t->has_supply);
  ck_assert_uint_eq (game->final_score[0], 2);
  ck_assert_uint_eq (game->final_scoring->len, 1);
  ck_assert_str_eq (g_ptr_array_index (game->final_scoring, 0), "Road:2,0");
}
END_TEST

/* Format 2: the figure type of a deployment (SmallFollower where a format-1 record names none)
 * and the supplies of the other figure types, absent or null meaning none. */
START_TEST (test_jcz_record_figures)
{
  const char *text
      = HEADER TURN "{\"kind\":\"turn\",\"turn\":2,\"player\":1,\"action\":{\"type\":\"tile\","
                    "\"ctn\":\"B\",\"x\":0,\"y\":1,\"ctn_rot\":0},\"meeple\":{\"follower\":"
                    "\"BigFollower\",\"feature\":\"Monastery\",\"location\":\"I\",\"edges\":[]},"
                    "\"discarded\":[],\"scoring\":[],\"score\":[0,0],\"supply\":[6,7],"
                    "\"supply_figures\":{\"BigFollower\":[1,0]}}\n"
                    "{\"kind\":\"turn\",\"turn\":3,\"player\":0,\"action\":null,\"meeple\":null,"
                    "\"discarded\":[],\"scoring\":[],\"score\":[0,0],\"supply\":null,"
                    "\"supply_figures\":null}\n" FINAL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JczGame) game = jcz_game_parse (text, strlen (text), &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (game->turns->len, 3);
  const JczTurn *t1 = g_ptr_array_index (game->turns, 0);
  const JczTurn *t2 = g_ptr_array_index (game->turns, 1);
  const JczTurn *t3 = g_ptr_array_index (game->turns, 2);
  ck_assert_str_eq (t1->meeple_figure, "SmallFollower");
  ck_assert_uint_eq (t1->supply_figures->len, 0);
  ck_assert_str_eq (t2->meeple_figure, "BigFollower");
  ck_assert_uint_eq (t2->supply_figures->len, 1);
  const JczFigureSupply *s = g_ptr_array_index (t2->supply_figures, 0);
  ck_assert_str_eq (s->figure, "BigFollower");
  ck_assert_uint_eq (s->supply[0], 1);
  ck_assert_uint_eq (s->supply[1], 0);
  ck_assert_uint_eq (t3->supply_figures->len, 0);
  ck_assert_str_eq (jcz_figure_kind ("BigFollower"), "large-follower");
  ck_assert_str_eq (jcz_figure_kind ("SmallFollower"), "follower");
  ck_assert_str_eq (jcz_figure_kind ("Mayor"), "mayor");
  ck_assert_str_eq (jcz_figure_kind ("Wagon"), "wagon");
  ck_assert_str_eq (jcz_figure_kind ("Barn"), "barn");
  ck_assert_ptr_null (jcz_figure_kind ("NoSuchFigure"));
}
END_TEST

/* Format 2: the trade goods of a turn as "player:item*count", none where the record has
 * none. */
START_TEST (test_jcz_record_trade_goods)
{
  const char *text
      = HEADER TURN "{\"kind\":\"turn\",\"turn\":2,\"player\":1,\"action\":null,"
                    "\"meeple\":null,\"discarded\":[],\"scoring\":[],\"score\":[0,0],"
                    "\"supply\":[7,7],\"trade_goods\":[{\"player\":1,\"token\":\"CLOTH\","
                    "\"count\":2,\"x\":0,\"y\":1,\"location\":\"W\"}]}\n" FINAL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JczGame) game = jcz_game_parse (text, strlen (text), &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  const JczTurn *t1 = g_ptr_array_index (game->turns, 0);
  const JczTurn *t2 = g_ptr_array_index (game->turns, 1);
  ck_assert_uint_eq (t1->goods->len, 0);
  ck_assert_uint_eq (t2->goods->len, 1);
  ck_assert_str_eq (g_ptr_array_index (t2->goods, 0), "1:cloth*2");
  ck_assert_uint_eq (game->final_goods->len, 0);
  const char *final = HEADER "{\"kind\":\"final\",\"score\":[2,0],\"final_scoring\":[],"
                             "\"discarded\":[],\"goods\":{\"WINE\":[0,3],\"GRAIN\":[0,0]}}\n";
  g_autoptr (JczGame) ended = jcz_game_parse (final, strlen (final), &error);
  ck_assert_msg (ended != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (ended->final_goods->len, 1);
  ck_assert_str_eq (g_ptr_array_index (ended->final_goods, 0), "1:wine*3");
}
END_TEST

/* Files: plain text is read as it is; a damaged gzip file is an error, not a crash. */
START_TEST (test_jcz_record_files)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("test-jcz-record.XXXXXX", &error);
  ck_assert (dir != NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.jsonl", NULL);
  g_autofree char *gz = g_build_filename (dir, "broken.jsonl.gz", NULL);
  ck_assert (g_file_set_contents (plain, HEADER TURN FINAL, -1, NULL));
  ck_assert (g_file_set_contents (gz, "\x1f\x8b\x08\x00garbage", -1, NULL));
  g_autoptr (JczGame) game = jcz_game_load (plain, &error);
  ck_assert_msg (game != NULL, "%s", error ? error->message : "");
  g_autoptr (JczGame) broken = jcz_game_load (gz, &error);
  ck_assert (broken == NULL && error != NULL);
  g_clear_error (&error);
  g_autoptr (JczGame) missing = jcz_game_load ("/nonexistent.jsonl", &error);
  ck_assert (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND));
  g_unlink (plain);
  g_unlink (gz);
  g_rmdir (dir);
}
END_TEST

/* JCZ's ids in ours (tests/data/conformance/README.md, "Tile ids against tiles.txt" and Part
 * 2): base tiles by the table, every other id with its first '/' made '-'; the records'
 * expansion names, where they are not our plugins' names, by the tool's table. */
START_TEST (test_jcz_ids)
{
  ck_assert_str_eq (jcz_tile_id ("BA/RCr"), "D");
  ck_assert_str_eq (jcz_tile_id ("WI/RCc.i"), "WI-RCc.i");
  ck_assert_str_eq (jcz_tile_id ("IC/Cccc.c"), "IC-Cccc.c");
  ck_assert_str_eq (jcz_tile_id ("RI.1/CIRI"), "RI.1-CIRI");
  ck_assert_ptr_null (jcz_tile_id ("RCr"));
  ck_assert_ptr_null (jcz_tile_id ("/RCr"));
  ck_assert_ptr_null (jcz_tile_id ("IC/"));
  ck_assert_str_eq (jcz_expansion_plugin ("inns-and-cathedrals"), "inns-cathedrals");
  ck_assert_str_eq (jcz_expansion_plugin ("abbey"), "abbey");
  ck_assert_str_eq (jcz_expansion_plugin ("abbey-and-mayor"), "abbey mayor");
  ck_assert_str_eq (jcz_expansion_plugin ("traders-and-builders"), "traders-builders");
  ck_assert_str_eq (jcz_figure_kind ("Builder"), "builder");
  ck_assert_str_eq (jcz_figure_kind ("Pig"), "pig");
  ck_assert_str_eq (jcz_item_name ("pennants"), "shields");
  ck_assert_str_eq (jcz_item_name ("pigs"), "pig");
  ck_assert_str_eq (jcz_item_name ("trade-goods.CLOTH"), "cloth-majority");
  ck_assert_str_eq (jcz_item_name ("tiles"), "tiles");
  ck_assert_str_eq (jcz_token_item ("GRAIN"), "grain");
  ck_assert_ptr_null (jcz_token_item ("grain"));
  ck_assert_str_eq (jcz_award_feature ("wine-majority"), "TradeGoods");
  ck_assert_str_eq (jcz_award_feature ("bell"), "Award");
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("jcz-record");
  TCase *tc = tcase_create ("reader");
  tcase_add_loop_test (tc, test_jcz_record_cases, 0, G_N_ELEMENTS (cases));
  tcase_add_test (tc, test_jcz_record_not_json);
  tcase_add_test (tc, test_jcz_record_nul);
  tcase_add_test (tc, test_jcz_record_too_big);
  tcase_add_test (tc, test_jcz_record_values);
  tcase_add_test (tc, test_jcz_record_trade_goods);
  tcase_add_test (tc, test_jcz_record_awards);
  tcase_add_test (tc, test_jcz_record_files);
  tcase_add_test (tc, test_jcz_ids);
  tcase_add_test (tc, test_jcz_record_figures);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
