/* carc-rules.c: the core's rule options, one table (doc/rules.md section 13; RULES-next.md
 * section 8). Each is a game option of the config (carc_game_config_set_rule()) with a
 * default and its allowed values, listed for clients (the daemon's Manager.RuleOptions),
 * written into records when one differs from its default. Expansions' own options are
 * CarcOptionDef, declared by their plugins. */
#include "config.h"

#include <string.h>
#include "carc-error.h"
#include "carc-game-private.h"

typedef struct
{
  const char *name;
  const char *description;
  guint32 default_value;
  guint n_values;
  guint32 values[4]; /* the allowed values, the default first */
} CarcRuleDef;

/* In the order of CarcRule (carc-game-private.h). */
static const CarcRuleDef rules[CARC_N_RULES] = {
  [CARC_RULE_FARMERS]
  = { "farmers", "followers may go on fields as farmers: 1 on, 0 off", 1, 2, { 1, 0 } },
  [CARC_RULE_FIELD_SCORING]
  = { "field-scoring",
      "farm scoring by edition: 3 per field 3 per city (D2), 2 the same but each city once per "
      "player, 1 per city 4 to the majority of the farmers of all its fields",
      3,
      3,
      { 3, 2, 1 } },
  [CARC_RULE_TINY_CITY] = { "tiny-city-scoring",
                            "a completed city of 2 tiles: 4 scores 2 per tile and shield (D37), "
                            "2 scores 1 per tile and shield",
                            4,
                            2,
                            { 4, 2 } },
};

/**
 * carc_rule_get_n:
 *
 * Returns: how many rule options the core has (carc_rule_get_name() 0 .. n - 1)
 */
guint
carc_rule_get_n (void)
{
  return CARC_N_RULES;
}

/**
 * carc_rule_get_name:
 * @index: 0 .. carc_rule_get_n() - 1
 *
 * Returns: (nullable): the rule option's name ("tiny-city-scoring"), %NULL past the end
 */
const char *
carc_rule_get_name (guint index)
{
  return index < CARC_N_RULES ? rules[index].name : NULL;
}

/**
 * carc_rule_get_description:
 * @index: 0 .. carc_rule_get_n() - 1
 *
 * Returns: (nullable): one line for people, %NULL past the end
 */
const char *
carc_rule_get_description (guint index)
{
  return index < CARC_N_RULES ? rules[index].description : NULL;
}

/**
 * carc_rule_get_default:
 * @index: 0 .. carc_rule_get_n() - 1
 *
 * Returns: the value a config has unless carc_game_config_set_rule() changes it; 0 past the end
 */
guint32
carc_rule_get_default (guint index)
{
  return index < CARC_N_RULES ? rules[index].default_value : 0;
}

/**
 * carc_rule_get_values:
 * @index: 0 .. carc_rule_get_n() - 1
 * @n_values: (out): how many
 *
 * Returns: (array length=n_values) (transfer none) (nullable): the allowed values, the
 *   default first; %NULL past the end
 */
const guint32 *
carc_rule_get_values (guint index, guint *n_values)
{
  g_return_val_if_fail (n_values != NULL, NULL);
  *n_values = index < CARC_N_RULES ? rules[index].n_values : 0;
  return index < CARC_N_RULES ? rules[index].values : NULL;
}

/**
 * carc_rule_lookup:
 * @name: a rule option's name
 *
 * Returns: its index, or -1 for a name that is none
 */
gint
carc_rule_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, -1);
  for (guint i = 0; i < CARC_N_RULES; i++)
    if (strcmp (rules[i].name, name) == 0)
      return (gint)i;
  return -1;
}

/* The defaults of every rule, for a new config. */
void
carc_rules_init (guint32 values[CARC_N_RULES])
{
  for (guint i = 0; i < CARC_N_RULES; i++)
    values[i] = rules[i].default_value;
}

static gboolean
allowed (const CarcRuleDef *r, guint32 value)
{
  for (guint i = 0; i < r->n_values; i++)
    if (r->values[i] == value)
      return TRUE;
  return FALSE;
}

/* "4 or 2", "3, 2 or 1". */
static char *
describe_values (const CarcRuleDef *r)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < r->n_values; i++)
    g_string_append_printf (s, "%s%u",
                            i == 0                 ? ""
                            : i + 1 == r->n_values ? " or "
                                                   : ", ",
                            r->values[i]);
  return g_string_free (s, FALSE);
}

/**
 * carc_game_config_set_rule:
 * @config: a config
 * @name: a rule option's name (carc_rule_get_name())
 * @value: one of its allowed values (carc_rule_get_values())
 * @error: return location for a #CarcError
 *
 * Sets one of the core's rule options for games of @config ("farmers" is the same switch as
 * carc_game_config_set_farmers()).
 *
 * Returns: %TRUE on success; %FALSE with CARC_ERROR_INVALID_ARGUMENT for a name that is no
 *   rule option or a value it does not allow, and @config unchanged
 */
gboolean
carc_game_config_set_rule (CarcGameConfig *config, const char *name, guint32 value, GError **error)
{
  g_return_val_if_fail (config != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  gint i = carc_rule_lookup (name);
  if (i < 0)
    {
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "no rule option '%s'", name);
      return FALSE;
    }
  if (!allowed (&rules[i], value))
    {
      g_autofree char *values = describe_values (&rules[i]);
      g_set_error (error, CARC_ERROR, CARC_ERROR_INVALID_ARGUMENT, "rule option %s is %s, not %u",
                   name, values, value);
      return FALSE;
    }
  config->rules[i] = value;
  return TRUE;
}

/**
 * carc_game_config_get_rule:
 * @config: a config
 * @name: a rule option's name
 *
 * Returns: its value in @config; 0 for a name that is no rule option
 */
guint32
carc_game_config_get_rule (const CarcGameConfig *config, const char *name)
{
  g_return_val_if_fail (config != NULL, 0);
  g_return_val_if_fail (name != NULL, 0);
  gint i = carc_rule_lookup (name);
  return i < 0 ? 0 : config->rules[i];
}
