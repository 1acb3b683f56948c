/* expansions.c: the expansions the daemon loaded (their Expansion objects), and the options
 * `new --expansions A,B --option A.OPT=VALUE` turns into CreateGame keys. */
#include "config.h"

#include <string.h>
#include "bus.h"
#include "ctl.h"

#define EXPANSION_PREFIX "/org/carcassonne/Engine1/expansion/"
#define IFACE_EXPANSION  "org.carcassonne.Engine1.Expansion"

char *
ctl_named_object_path (const char *prefix, const char *name)
{
  g_autofree char *escaped = g_strdelimit (g_strdup (name), "-", '_');
  g_autofree char *path = g_strconcat (prefix, escaped, NULL);
  return *name && g_variant_is_object_path (path) ? g_steal_pointer (&path) : NULL;
}

/* The Expansion object of @name, NULL if no path can name it. */
static char *
expansion_path (const char *name)
{
  return ctl_named_object_path (EXPANSION_PREFIX, name);
}

/* The D-Bus type an expansion declares for @option ("b", "u"), or NULL when the daemon has no
 * such expansion loaded or it declares no such option: then CreateGame says what is wrong. */
static char *
option_type (Ctl *ctl, const char *expansion, const char *option)
{
  g_autofree char *path = expansion_path (expansion);
  if (!path)
    return NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) props = ctl_get_all (ctl->conn, path, IFACE_EXPANSION, &error);
  g_autoptr (GVariant) options
      = props ? g_variant_lookup_value (props, "Options", G_VARIANT_TYPE ("a(sssvuu)")) : NULL;
  if (!options)
    return NULL;
  GVariantIter iter;
  const char *name, *type;
  g_variant_iter_init (&iter, options);
  while (g_variant_iter_next (&iter, "(&s&s&svuu)", &name, &type, NULL, NULL, NULL, NULL))
    if (g_str_equal (name, option))
      return g_strdup (type);
  return NULL;
}

/* VALUE as @type: true/false for "b", a number for "u"; guessed from VALUE when the type is
 * not known. */
static GVariant *
option_value (const char *key, const char *text, const char *type, GError **error)
{
  guint64 n;
  gboolean is_true = g_str_equal (text, "true"), is_false = g_str_equal (text, "false");
  gboolean is_number = g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT32, &n, NULL);
  if (g_strcmp0 (type, "b") == 0 || (!type && (is_true || is_false)))
    {
      if (is_true || is_false)
        return g_variant_new_boolean (is_true);
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "--option %s: '%s' is not true or false", key,
                   text);
      return NULL;
    }
  if (g_strcmp0 (type, "u") == 0 || (!type && is_number))
    {
      if (is_number)
        return g_variant_new_uint32 ((guint32)n);
      g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                   "--option %s: '%s' is not a number from 0 to %u", key, text, G_MAXUINT32);
      return NULL;
    }
  return g_variant_new_string (text);
}

gboolean
ctl_expansion_options (Ctl *ctl, const CtlOptions *opts, GVariantBuilder *b, GError **error)
{
  if (opts->expansions)
    {
      g_auto (GStrv) names = g_strsplit (opts->expansions, ",", -1);
      g_variant_builder_add (b, "{sv}", "expansions",
                             g_variant_new_strv ((const char *const *)names, -1));
    }
  for (char **o = opts->option; o && *o; o++)
    {
      const char *eq = strchr (*o, '='), *dot = strchr (*o, '.');
      if (!eq || !dot || dot == *o || dot + 1 >= eq)
        {
          g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE,
                       "--option takes EXPANSION.OPTION=VALUE, not '%s'", *o);
          return FALSE;
        }
      g_autofree char *key = g_strndup (*o, (gsize)(eq - *o));
      g_autofree char *expansion = g_strndup (*o, (gsize)(dot - *o));
      g_autofree char *type = option_type (ctl, expansion, key + (dot - *o) + 1);
      GVariant *value = option_value (key, eq + 1, type, error);
      if (!value)
        return FALSE;
      g_variant_builder_add (b, "{sv}", key, value);
    }
  return TRUE;
}

gboolean
ctl_rule_options (const CtlOptions *opts, GVariantBuilder *b, GError **error)
{
  for (char **r = opts->rule; r && *r; r++)
    {
      const char *eq = strchr (*r, '=');
      guint64 v;
      if (!eq || eq == *r || !g_ascii_string_to_unsigned (eq + 1, 10, 0, G_MAXUINT32, &v, NULL))
        {
          g_set_error (error, CTL_ERROR, CTL_ERROR_USAGE, "--rule takes NAME=NUMBER, not '%s'", *r);
          return FALSE;
        }
      g_autofree char *key = g_strndup (*r, (gsize)(eq - *r));
      g_variant_builder_add (b, "{sv}", key, g_variant_new_uint32 ((guint32)v));
    }
  return TRUE;
}

/* The daemon's rule options (Manager.RuleOptions), as --rule would take them. */
static void
print_rules (GVariant *manager)
{
  g_autoptr (GVariant) rules
      = g_variant_lookup_value (manager, "RuleOptions", G_VARIANT_TYPE ("a(ssuau)"));
  GVariantIter iter;
  const char *name, *text;
  guint32 def;
  GVariant *values;
  if (!rules)
    return;
  ctl_out ("rules\n");
  g_variant_iter_init (&iter, rules);
  while (g_variant_iter_next (&iter, "(&s&su@au)", &name, &text, &def, &values))
    {
      gsize n;
      const guint32 *v = g_variant_get_fixed_array (values, &n, sizeof (guint32));
      g_autoptr (GString) allowed = g_string_new (NULL);
      for (gsize i = 0; i < n; i++)
        g_string_append_printf (allowed, "%s%u", i ? "|" : "", v[i]);
      if (g_str_equal (name, "farmers"))
        ctl_outf ("  --no-farmers  (default farmers on)  %s\n", text);
      else
        ctl_outf ("  --rule %s=%s  (default %u)  %s\n", name, allowed->str, def, text);
      g_variant_unref (values);
    }
}

const char *
ctl_lookup_str (GVariant *dict, const char *key)
{
  const char *s = "";
  g_variant_lookup (dict, key, "&s", &s);
  return s;
}

void
ctl_print_options (GVariant *props, const char *prefix)
{
  g_autoptr (GVariant) options
      = g_variant_lookup_value (props, "Options", G_VARIANT_TYPE ("a(sssvuu)"));
  GVariantIter iter;
  const char *name, *type, *text;
  GVariant *value;
  guint32 min, max;
  if (!options)
    return;
  g_variant_iter_init (&iter, options);
  while (g_variant_iter_next (&iter, "(&s&s&svuu)", &name, &type, &text, &value, &min, &max))
    {
      /* a default below the range: unset unless given (Strategy.Options) */
      gboolean unset = g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32)
                       && g_variant_get_uint32 (value) < min;
      g_autofree char *def = unset ? g_strdup ("unset") : g_variant_print (value, FALSE);
      g_autofree char *what = g_str_equal (type, "b")   ? g_strdup ("true|false")
                              : g_str_equal (type, "u") ? g_strdup_printf ("%u..%u", min, max)
                                                        : g_strdup (type);
      ctl_outf ("  %s%s=%s  (default %s)  %s\n", prefix, name, what, def, text);
      g_variant_unref (value);
    }
}

gboolean
ctl_cmd_expansions (Ctl *ctl, const CtlOptions *opts, char **args, guint n_args, GError **error)
{
  g_autoptr (GVariant) manager
      = ctl_get_all (ctl->conn, CTL_MANAGER_PATH, CTL_IFACE_MANAGER, error);
  if (!manager)
    return FALSE;
  g_autofree const char **names = NULL;
  print_rules (manager);
  if (!g_variant_lookup (manager, "Expansions", "^a&s", &names) || !*names)
    {
      ctl_out ("(no expansion loaded)\n");
      return TRUE;
    }
  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *path = expansion_path (names[i]);
      g_autoptr (GVariant) p = path ? ctl_get_all (ctl->conn, path, IFACE_EXPANSION, error) : NULL;
      if (!p)
        {
          if (!path)
            g_set_error (error, CTL_ERROR, CTL_ERROR_FAILED, "no object path for expansion '%s'",
                         names[i]);
          return FALSE;
        }
      g_autofree const char **tiles = NULL;
      if (!g_variant_lookup (p, "Tiles", "^a&s", &tiles))
        tiles = g_new0 (const char *, 1);
      guint n_tiles = g_strv_length ((char **)tiles);
      ctl_outf ("%s %s: %s\n  %u tile type%s\n", names[i], ctl_lookup_str (p, "Version"),
                ctl_lookup_str (p, "Description"), n_tiles, n_tiles == 1 ? "" : "s");
      g_autofree char *prefix = g_strdup_printf ("--option %s.", names[i]);
      ctl_print_options (p, prefix);
    }
  return TRUE;
}
