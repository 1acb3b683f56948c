/* fe-tokens.c: the tokens of the games this user plays, in a key file under the user's state
 * directory ($XDG_STATE_HOME/carcassonne-gtk/tokens.ini, g_get_user_state_dir()), one group
 * per Game object path, readable by the user only: a token acts for its seat. */
#include "fe-tokens.h"

#include <errno.h>
#include <glib/gstdio.h>

void
fe_token_entry_free (FeTokenEntry *entry)
{
  if (!entry)
    return;
  g_free (entry->game);
  g_free (entry->seat);
  g_free (entry->creator);
  g_free (entry->name);
  g_free (entry);
}

/**
 * fe_tokens_path:
 *
 * Returns: (transfer full): the key file's path
 */
char *
fe_tokens_path (void)
{
  return g_build_filename (g_get_user_state_dir (), "carcassonne-gtk", "tokens.ini", NULL);
}

static GKeyFile *
load (void)
{
  g_autofree char *path = fe_tokens_path ();
  GKeyFile *file = g_key_file_new ();
  g_key_file_load_from_file (file, path, G_KEY_FILE_NONE, NULL);
  return file;
}

static gboolean
store (GKeyFile *file, GError **error)
{
  g_autofree char *path = fe_tokens_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *data = g_key_file_to_data (file, NULL, NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "cannot create %s", dir);
      return FALSE;
    }
  return g_file_set_contents_full (path, data, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

static void
set_if (GKeyFile *file, const char *group, const char *key, const char *value)
{
  if (value)
    g_key_file_set_string (file, group, key, value);
}

/**
 * fe_tokens_save:
 *
 * Records @entry (its non-NULL fields; the others are kept).
 */
gboolean
fe_tokens_save (const FeTokenEntry *entry, GError **error)
{
  g_autoptr (GKeyFile) file = load ();

  g_return_val_if_fail (entry && entry->game, FALSE);
  set_if (file, entry->game, "seat", entry->seat);
  set_if (file, entry->game, "creator", entry->creator);
  set_if (file, entry->game, "name", entry->name);
  return store (file, error);
}

static FeTokenEntry *
entry_from_file (GKeyFile *file, const char *game)
{
  if (!g_key_file_has_group (file, game))
    return NULL;
  FeTokenEntry *entry = g_new0 (FeTokenEntry, 1);
  entry->game = g_strdup (game);
  entry->seat = g_key_file_get_string (file, game, "seat", NULL);
  entry->creator = g_key_file_get_string (file, game, "creator", NULL);
  entry->name = g_key_file_get_string (file, game, "name", NULL);
  return entry;
}

/**
 * fe_tokens_lookup:
 *
 * Returns: (transfer full) (nullable): what is kept for @game
 */
FeTokenEntry *
fe_tokens_lookup (const char *game)
{
  g_autoptr (GKeyFile) file = load ();
  return entry_from_file (file, game);
}

/**
 * fe_tokens_list:
 *
 * Returns: (transfer full) (element-type FeTokenEntry): every game kept
 */
GPtrArray *
fe_tokens_list (void)
{
  g_autoptr (GKeyFile) file = load ();
  g_auto (GStrv) groups = g_key_file_get_groups (file, NULL);
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify)fe_token_entry_free);

  for (char **g = groups; g && *g; g++)
    g_ptr_array_add (entries, entry_from_file (file, *g));
  return entries;
}

/* fe_tokens_forget: drops what is kept for @game (it was deleted, or the tokens refused). */
void
fe_tokens_forget (const char *game)
{
  g_autoptr (GKeyFile) file = load ();
  if (g_key_file_remove_group (file, game, NULL))
    store (file, NULL);
}
