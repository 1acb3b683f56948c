/* test-bot-options.c: what the library says of its bot strategies (issue 19, "Expansion-style
 * discovery of the strategies and their options"; doc/bots.md), and the cancel a daemon needs
 * to stop a bot thinking in another thread.
 *
 * - carc_bot_list_options() lists, per strategy, exactly the options carc_bot_new() takes,
 *   with the ranges it checks: min and max are taken, min - 1 and max + 1 are refused with the
 *   documented message, and an option the strategy lacks is refused;
 * - every strategy has a description, an unknown one none;
 * - carc_bot_cancel() from another thread stops an mcts search with a budget of an hour, and
 *   the bot then fails with CARC_ERROR_CANCELLED. */
#include "config.h"

#include <check.h>
#include "carcassonne.h"
#include "check-run.h"

static CarcBot *
bot_with (const char *strategy, const char *key, guint32 value, GError **error)
{
  g_autoptr (GVariant) options
      = g_variant_ref_sink (g_variant_new_parsed ("{%s: <%u>}", key, value));
  return carc_bot_new (strategy, options, 1, error);
}

START_TEST (test_options_are_checked)
{
  static const char *const mcts[] = { "iterations", "ms", "threads", "c", "depth", "prior" };
  const char *const *names = carc_bot_list_strategies ();

  for (guint i = 0; names[i]; i++)
    {
      g_autoptr (GPtrArray) options = carc_bot_list_options (names[i], NULL);
      gboolean is_mcts = g_str_equal (names[i], "mcts");
      /* the documented options of mcts, in this order, first (doc/dbus-strategy.md); the
       * others none */
      if (is_mcts)
        ck_assert_uint_ge (options->len, G_N_ELEMENTS (mcts));
      else
        ck_assert_uint_eq (options->len, 0);
      ck_assert_ptr_nonnull (carc_bot_get_strategy_description (names[i]));
      for (guint k = 0; k < options->len; k++)
        {
          const CarcOptionDef *def = options->pdata[k];
          g_autoptr (GError) error = NULL;
          g_autofree char *message
              = g_strdup_printf ("bot option '%s' is an unsigned number (u) from %u to %u",
                                 def->name, def->min, def->max);

          if (k < G_N_ELEMENTS (mcts))
            ck_assert_str_eq (def->name, mcts[k]);
          ck_assert_int_eq (def->type, CARC_OPTION_UINT);
          ck_assert_uint_le (def->min, def->max);
          {
            g_autoptr (CarcBot) lo = bot_with (names[i], def->name, def->min, NULL);
            g_autoptr (CarcBot) hi = bot_with (names[i], def->name, def->max, NULL);
            ck_assert (lo != NULL && hi != NULL);
          }
          if (def->min > 0)
            {
              ck_assert_ptr_null (bot_with (names[i], def->name, def->min - 1, &error));
              ck_assert_str_eq (error->message, message);
              g_clear_error (&error);
            }
          ck_assert_ptr_null (bot_with (names[i], def->name, def->max + 1, &error));
          ck_assert_str_eq (error->message, message);
        }
    }
  /* an option only mcts lists */
  g_autoptr (GError) error = NULL;
  ck_assert_ptr_null (bot_with ("greedy", "depth", 4, &error));
  ck_assert_str_eq (error->message, "bot strategy 'greedy' has no option 'depth'");
  g_clear_error (&error);
  ck_assert_ptr_null (carc_bot_list_options ("best", &error));
  g_assert_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT);
  ck_assert_str_eq (error->message, "no bot strategy 'best' (random, greedy, mcts)");
  ck_assert_ptr_null (carc_bot_get_strategy_description ("best"));
}
END_TEST

/* The defaults the options list are the bot's when none is given: its spec says them. */
START_TEST (test_defaults)
{
  g_autoptr (CarcBot) bot = carc_bot_new ("mcts", NULL, 1, NULL);
  g_autofree char *spec = carc_bot_to_spec (bot);
  ck_assert_str_eq (spec, "mcts:iterations=1000,threads=1,k=8,reply=4");
}
END_TEST

typedef struct
{
  CarcBot *bot;
  CarcGame *game;
  gboolean ok;
  GError *error;
} Search;

static gpointer
search (gpointer data)
{
  Search *s = data;
  CarcMove move;
  s->ok = carc_bot_choose (s->bot, s->game, &move, &s->error);
  return NULL;
}

/* carc_bot_cancel(): a search of an hour stops, and the bot is cancelled for good. */
START_TEST (test_cancel)
{
  g_autoptr (CarcGameConfig) config = carc_game_config_new_base (NULL);
  carc_game_config_set_seed (config, 3);
  g_autoptr (CarcGame) game = carc_game_new (config, NULL);
  g_autoptr (CarcBot) bot = carc_bot_new_from_spec ("mcts:ms=3600000", 1, NULL);
  Search s = { bot, game, TRUE, NULL };
  GThread *thread = g_thread_new ("search", search, &s);
  CarcMove move;
  g_autoptr (GError) error = NULL;

  g_usleep (50000);
  carc_bot_cancel (bot);
  g_thread_join (thread);
  ck_assert (!s.ok);
  g_assert_error (s.error, CARC_ERROR, CARC_ERROR_CANCELLED);
  ck_assert_str_eq (s.error->message, "the bot was cancelled");
  g_clear_error (&s.error);
  ck_assert (!carc_bot_choose (bot, game, &move, &error));
  g_assert_error (error, CARC_ERROR, CARC_ERROR_CANCELLED);
}
END_TEST

static Suite *
bot_options_suite (void)
{
  Suite *s = suite_create ("bot-options");
  TCase *tc = tcase_create ("options");
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_options_are_checked);
  tcase_add_test (tc, test_defaults);
  tcase_add_test (tc, test_cancel);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (bot_options_suite ());
}
