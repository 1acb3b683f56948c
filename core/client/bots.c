/* bots.c: the bots' strategies (Manager.Strategies and their Strategy objects), a strategy
 * spec ("mcts:ms=200,threads=2") as AddBot's and GetHint's keys, and `hint`: the move a
 * strategy would make for our seat, numbered as 'moves' numbers it (doc/dbus-strategy.md). */
#include "config.h"

#include <string.h>
#include "bus.h"
#include "ctl.h"

#define STRATEGY_PREFIX "/org/carcassonne/Engine1/strategy/"
#define IFACE_STRATEGY  "org.carcassonne.Engine1.Strategy"

/* A usage error: "--strategy SPEC: why". */
static gboolean G_GNUC_PRINTF (4, 5)
    spec_error (GError **error, const char *option, const char *spec, const char *format, ...)
{
  va_list ap;
  va_start (ap, format);
  g_autofree char *why = g_strdup_vprintf (format, ap);
  va_end (ap);
  g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "%s '%s': %s", option, spec, why);
  return FALSE;
}

/* One "key=number" of a spec as a u option; @seen: the keys so far. */
static gboolean
add_spec_item (const char *option, const char *spec, const char *item, GHashTable *seen,
               GVariantBuilder *b, GError **error)
{
  const char *eq = strchr (item, '=');
  guint64 v;
  if (!eq || eq == item || !g_ascii_string_to_unsigned (eq + 1, 10, 0, G_MAXUINT32, &v, NULL))
    return spec_error (error, option, spec,
                       "'%s' is not OPTION=NUMBER (a whole number from 0 to 4294967295)", item);
  g_autofree char *key = g_strndup (item, (gsize)(eq - item));
  if (g_str_equal (key, "strategy") || g_str_equal (key, "token"))
    return spec_error (error, option, spec, "'%s' is not a strategy's option", key);
  if (!g_hash_table_add (seen, g_strdup (key)))
    return spec_error (error, option, spec, "'%s' is given twice", key);
  g_variant_builder_add (b, "{sv}", key, g_variant_new_uint32 ((guint32)v));
  return TRUE;
}

gboolean
ctl_strategy_options (const char *option, const char *spec, GVariantBuilder *b, GError **error)
{
  const char *colon = strchr (spec, ':');
  g_autofree char *name = colon ? g_strndup (spec, (gsize)(colon - spec)) : g_strdup (spec);
  if (!*name)
    return spec_error (error, option, spec,
                       "no strategy named (STRATEGY[:OPTION=NUMBER,...], e.g. greedy or "
                       "mcts:ms=200; 'strategies' lists them)");
  g_variant_builder_add (b, "{sv}", "strategy", g_variant_new_string (name));
  if (!colon)
    return TRUE;
  if (!colon[1])
    return spec_error (error, option, spec, "no options after ':'");
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_auto (GStrv) items = g_strsplit (colon + 1, ",", -1);
  for (guint i = 0; items[i]; i++)
    if (!add_spec_item (option, spec, items[i], seen, b, error))
      return FALSE;
  return TRUE;
}

/* One strategy: "name: description", then its options as --strategy takes them. */
static gboolean
print_strategy (Ctl *ctl, const char *name, GError **error)
{
  g_autofree char *path = ctl_named_object_path (STRATEGY_PREFIX, name);
  if (!path)
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "no object path for strategy '%s'", name);
      return FALSE;
    }
  g_autoptr (GVariant) p = ctl_get_all (ctl->conn, path, IFACE_STRATEGY, error);
  if (!p)
    return FALSE;
  ctl_outf ("%s: %s\n", name, ctl_lookup_str (p, "Description"));
  g_autofree char *prefix = g_strdup_printf ("--strategy %s:", name);
  ctl_print_options (p, prefix);
  return TRUE;
}

gboolean
ctl_cmd_strategies (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autoptr (GVariant) manager
      = ctl_get_all (ctl->conn, CTL_MANAGER_PATH, CTL_IFACE_MANAGER, error);
  g_autofree const char **names = NULL;
  if (!manager)
    return FALSE;
  if (!g_variant_lookup (manager, "Strategies", "^a&s", &names))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED,
                   "the daemon lists no strategies (Manager.Strategies): it seats random bots "
                   "only");
      return FALSE;
    }
  for (guint i = 0; names[i]; i++)
    if (!print_strategy (ctl, names[i], error))
      return FALSE;
  return TRUE;
}

/* The same arguments, whatever the order of their keys. */
static gboolean
same_args (GVariant *a, GVariant *b)
{
  GVariantIter iter;
  const char *key;
  GVariant *value;
  if (g_variant_n_children (a) != g_variant_n_children (b))
    return FALSE;
  g_variant_iter_init (&iter, a);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      g_autoptr (GVariant) owned = value;
      g_autoptr (GVariant) other = g_variant_lookup_value (b, key, NULL);
      if (!other || !g_variant_equal (value, other))
        return FALSE;
    }
  return TRUE;
}

/* The number of move (@type, @args) in @moves, from 1; 0 if it is not there. */
static guint
move_number (GVariant *moves, const char *type, GVariant *args)
{
  for (guint i = 0; i < g_variant_n_children (moves); i++)
    {
      const char *t;
      g_autoptr (GVariant) a = NULL;
      g_variant_get_child (moves, i, "(&s@a{sv})", &t, &a);
      if (g_str_equal (t, type) && same_args (a, args))
        return i + 1;
    }
  return 0;
}

/* hint: Game.GetHint for our seat, printed as 'moves' prints that move, so that 'move N'
 * plays it. A search takes as long as its budget: the call waits for the answer. */
gboolean
ctl_cmd_hint (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  GVariant *options = ctl_strategy_call_options (opts, error);
  if (!options)
    return FALSE;
  g_variant_ref_sink (options);
  g_autoptr (GVariant) owned = options;
  g_autofree char *game = ctl_seated_game (ctl, opts, n_args ? args[0] : NULL, error);
  if (!game)
    return FALSE;
  g_autoptr (GVariant) reply
      = ctl_call_timeout (ctl->conn, game, CTL_IFACE_GAME, "GetHint",
                          g_variant_new ("(@a{sv})", options), DBUS_TIMEOUT_INFINITE, error);
  if (!reply)
    return FALSE;
  if (!g_variant_is_of_type (reply, G_VARIANT_TYPE ("(sa{sv})")))
    {
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "GetHint answered %s, not (sa{sv})",
                   g_variant_get_type_string (reply));
      return FALSE;
    }
  const char *type;
  g_autoptr (GVariant) hint = NULL;
  g_variant_get (reply, "(&s@a{sv})", &type, &hint);
  g_autoptr (GVariant) moves = ctl_get_moves (ctl, opts, game, error);
  if (!moves)
    return FALSE;
  guint n = move_number (moves, type, hint);
  if (!n)
    {
      g_autofree char *text = ctl_move_args_text (hint);
      g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED,
                   "the hint %s%s is not among the %zu moves 'moves' lists", type, text,
                   g_variant_n_children (moves));
      return FALSE;
    }
  ctl_print_move (n, type, hint);
  return TRUE;
}
