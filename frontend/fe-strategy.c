/* fe-strategy.c: which strategy the bots of a new game play: one radio button per strategy of
 * Manager.Strategies (its Strategy object's description beside it), and under each its
 * options (Strategy.Options: an mcts budget in iterations or ms, threads...) as spin
 * buttons, live while it is chosen. The choice goes to CreateGame as "bot-options"; an
 * option is sent only when changed, so the daemon's defaults stay the defaults (an option
 * whose default is below its range, mcts's "ms", is unset: its spin starts at that default).
 *
 * Every label has a mnemonic (Alt and its underlined letter), the first letter of its name
 * that no other label of the box (nor @reserved) took: the Xvfb test chooses with the keys. */
#include "fe-strategy.h"

#include "carc-remote.h"
#include <string.h>

#define BUS_NAME        "org.carcassonne.Engine1"
#define MANAGER_PATH    "/org/carcassonne/Engine1"
#define STRATEGY_PREFIX MANAGER_PATH "/strategy/"

typedef struct
{
  GPtrArray *choices; /* of GtkCheckButton, "name" set */
  GPtrArray *options; /* of GtkSpinButton, "key", "strategy" and "initial" set */
  GString *used;      /* the mnemonic letters taken */
} Chooser;

static void
chooser_free (gpointer data)
{
  Chooser *c = data;
  g_ptr_array_unref (c->choices);
  g_ptr_array_unref (c->options);
  g_string_free (c->used, TRUE);
  g_free (c);
}

/* "_" doubled in @text, appended to @s (no mnemonic there) */
static void
append_plain (GString *s, const char *text)
{
  for (const char *p = text; *p; p++)
    if (*p == '_')
      g_string_append (s, "__");
    else
      g_string_append_c (s, *p);
}

/* @name with "_" before its first letter not yet used, then @rest (nullable), as a label */
static char *
mnemonic (Chooser *c, const char *name, const char *rest)
{
  GString *s = g_string_new (NULL);
  const char *p = name;
  while (*p && (!g_ascii_isalpha (*p) || strchr (c->used->str, g_ascii_tolower (*p))))
    p++;
  g_autofree char *head = g_strndup (name, (gsize)(p - name));
  append_plain (s, head);
  if (*p)
    {
      g_string_append_c (s, '_');
      g_string_append_c (c->used, g_ascii_tolower (*p));
    }
  append_plain (s, p);
  if (rest)
    append_plain (s, rest);
  return g_string_free (s, FALSE);
}

static GtkWidget *
option_row (Chooser *c, const char *strategy, const char *name, const char *description,
            GVariant *value, guint min, guint max)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  g_autofree char *text = mnemonic (c, name, NULL);
  GtkWidget *label = gtk_label_new_with_mnemonic (text);
  /* a default below min is "unset unless given" (Strategy.Options): the spin starts there */
  guint def
      = g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32) ? g_variant_get_uint32 (value) : min;
  GtkWidget *spin = gtk_spin_button_new_with_range (MIN (def, min), max, 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (spin), def);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
  g_autofree char *tip
      = def < min ? g_strdup_printf ("%s (%u: unset)", description, def) : g_strdup (description);
  gtk_widget_set_tooltip_text (spin, tip);
  g_object_set_data_full (G_OBJECT (spin), "key", g_strdup (name), g_free);
  g_object_set_data_full (G_OBJECT (spin), "strategy", g_strdup (strategy), g_free);
  g_object_set_data (G_OBJECT (spin), "initial",
                     GUINT_TO_POINTER (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (spin))));
  g_ptr_array_add (c->options, spin);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), spin);
  return row;
}

/* one strategy: its radio button, and its options (u) below it */
static GtkWidget *
strategy_row (Chooser *c, GDBusConnection *bus, const char *name)
{
  g_autofree char *path = g_strconcat (STRATEGY_PREFIX, name, NULL);
  g_strdelimit (path + strlen (STRATEGY_PREFIX), "-", '_');
  g_autoptr (CarcRemoteStrategy) strategy
      = g_variant_is_object_path (path) ? carc_remote_strategy_proxy_new_sync (
            bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, path, NULL, NULL)
                                        : NULL;
  const char *description = strategy ? carc_remote_strategy_get_description (strategy) : NULL;
  g_autofree char *rest = description ? g_strdup_printf (" \u2014 %s", description) : NULL;
  g_autofree char *text = mnemonic (c, name, rest);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *check = gtk_check_button_new_with_mnemonic (text);
  if (c->choices->len)
    gtk_check_button_set_group (GTK_CHECK_BUTTON (check), c->choices->pdata[0]);
  g_object_set_data_full (G_OBJECT (check), "name", g_strdup (name), g_free);
  g_ptr_array_add (c->choices, check);
  gtk_box_append (GTK_BOX (box), check);

  GVariant *options = strategy ? carc_remote_strategy_get_options (strategy) : NULL;
  GVariantIter iter;
  const char *option, *type, *what;
  GVariant *value;
  guint min, max;
  if (!options)
    return box;
  g_variant_iter_init (&iter, options);
  while (g_variant_iter_next (&iter, "(&s&s&svuu)", &option, &type, &what, &value, &min, &max))
    {
      if (g_str_equal (type, "u"))
        {
          GtkWidget *row = option_row (c, name, option, what, value, min, max);
          gtk_widget_set_margin_start (row, 24);
          g_object_bind_property (check, "active", row, "sensitive", G_BINDING_SYNC_CREATE);
          gtk_box_append (GTK_BOX (box), row);
        }
      g_variant_unref (value);
    }
  return box;
}

/**
 * fe_strategy_chooser_new:
 * @reserved: mnemonic letters the box around it uses
 *
 * Returns: (transfer floating): the chooser, "random" chosen (the daemon's default); an
 *   empty box when the daemon lists no strategies
 */
GtkWidget *
fe_strategy_chooser_new (GDBusConnection *bus, const char *reserved)
{
  Chooser *c = g_new0 (Chooser, 1);
  c->choices = g_ptr_array_new ();
  c->options = g_ptr_array_new ();
  c->used = g_string_new (reserved);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_object_set_data_full (G_OBJECT (box), "fe-strategy", c, chooser_free);
  g_autoptr (CarcRemoteManager) manager = carc_remote_manager_proxy_new_sync (
      bus, G_DBUS_PROXY_FLAGS_NONE, BUS_NAME, MANAGER_PATH, NULL, NULL);
  const char *const *names = manager ? carc_remote_manager_get_strategies (manager) : NULL;
  if (!names || !names[0])
    return box;
  GtkWidget *title = gtk_label_new ("The bots play");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);
  for (guint i = 0; names[i]; i++)
    gtk_box_append (GTK_BOX (box), strategy_row (c, bus, names[i]));
  for (guint i = 0; i < c->choices->len; i++)
    if (i == 0 || g_str_equal (g_object_get_data (c->choices->pdata[i], "name"), "random"))
      gtk_check_button_set_active (c->choices->pdata[i], TRUE);
  return box;
}

/**
 * fe_strategy_chooser_get_options:
 *
 * Returns: (transfer floating) (nullable): the chosen strategy as AddBot's options:
 *   "strategy" and each option changed from its default; %NULL when there is no choice
 */
GVariant *
fe_strategy_chooser_get_options (GtkWidget *chooser)
{
  Chooser *c = g_object_get_data (G_OBJECT (chooser), "fe-strategy");
  const char *name = NULL;
  for (guint i = 0; i < c->choices->len; i++)
    if (gtk_check_button_get_active (c->choices->pdata[i]))
      name = g_object_get_data (c->choices->pdata[i], "name");
  if (!name)
    return NULL;
  GVariantBuilder b;
  g_variant_builder_init (&b, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&b, "{sv}", "strategy", g_variant_new_string (name));
  for (guint i = 0; i < c->options->len; i++)
    {
      GtkSpinButton *spin = c->options->pdata[i];
      if (!g_str_equal (g_object_get_data (G_OBJECT (spin), "strategy"), name))
        continue;
      gtk_spin_button_update (spin); /* text typed but not yet taken */
      guint value = gtk_spin_button_get_value_as_int (spin);
      if (value != GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (spin), "initial")))
        g_variant_builder_add (&b, "{sv}", (const char *)g_object_get_data (G_OBJECT (spin), "key"),
                               g_variant_new_uint32 (value));
    }
  return g_variant_builder_end (&b);
}
