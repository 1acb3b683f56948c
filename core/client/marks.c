/* marks.c: the letters that draw what the expansions declare: figure kinds and segment
 * attributes, chosen from their names alone (see board.h). */
#include "config.h"

#include "board.h"

/* The first letter of @name, as @upper or lower case, that is not in @taken (26 flags) and
 * not @reserved; '*' if none. */
static char
pick_letter (const char *name, gboolean upper, const gboolean *taken, char reserved)
{
  for (const char *p = name; p && *p; p++)
    {
      if (!g_ascii_isalpha (*p))
        continue;
      char c = upper ? g_ascii_toupper (*p) : g_ascii_tolower (*p);
      gint i = g_ascii_tolower (c) - 'a';
      if (c != reserved && !taken[i])
        return c;
    }
  return '*';
}

static void
take (gboolean *taken, char c)
{
  if (g_ascii_isalpha (c))
    taken[g_ascii_tolower (c) - 'a'] = TRUE;
}

static gboolean
is_follower (const char *figure)
{
  return figure == NULL || g_str_equal (figure, "follower");
}

char
ctl_figure_letter (const char *const *kinds, guint n_kinds, const char *figure)
{
  gboolean taken[26] = { FALSE };
  if (is_follower (figure))
    return 0;
  for (guint i = 0; i < n_kinds; i++)
    {
      if (is_follower (kinds[i]))
        continue;
      char c = pick_letter (kinds[i], TRUE, taken, 'K');
      if (g_str_equal (kinds[i], figure))
        return c;
      take (taken, c);
    }
  return pick_letter (figure, TRUE, taken, 'K');
}

void
ctl_tile_types_mark_attributes (CtlTileType *types, guint n_types, GStringChunk *strings)
{
  gboolean taken[26] = { FALSE };
  g_autoptr (GHashTable) marks = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint t = 0; t < n_types; t++)
    for (guint s = 0; s < types[t].n_segments; s++)
      {
        CtlSegment *seg = (CtlSegment *)&types[t].segments[s];
        guint n = seg->attributes ? g_strv_length ((char **)seg->attributes) : 0;
        if (!n)
          continue;
        g_autofree char *out = g_new0 (char, n + 1);
        for (guint k = 0; k < n; k++)
          {
            gpointer c = g_hash_table_lookup (marks, seg->attributes[k]);
            if (!c)
              {
                char letter = pick_letter (seg->attributes[k], FALSE, taken, 'o');
                take (taken, letter);
                c = GINT_TO_POINTER ((gint)letter);
                g_hash_table_insert (marks, (gpointer)seg->attributes[k], c);
              }
            out[k] = (char)GPOINTER_TO_INT (c);
          }
        seg->marks = g_string_chunk_insert (strings, out);
      }
}
