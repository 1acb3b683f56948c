/* pool-moves.c: a draft's pool read from the move list (pool-moves.h). */
#include "config.h"

#include "pool-moves.h"
#include <string.h>

gboolean
pool_in_draft (CarcGame *game)
{
  return g_strcmp0 (carc_game_get_phase_owner (game), "halftiles") == 0
         && g_strcmp0 (carc_game_get_phase_name (game), "draft") == 0;
}

char **
pool_list (CarcGame *game)
{
  GPtrArray *ids = g_ptr_array_new ();
  if (!pool_in_draft (game)) /* and listing every placement would be slow */
    {
      g_ptr_array_add (ids, NULL);
      return (char **)g_ptr_array_free (ids, FALSE);
    }
  g_autoptr (GPtrArray) moves = carc_game_list_moves (game, carc_game_get_current_player (game));
  for (guint i = 0; i < moves->len; i++)
    {
      const CarcMove *m = moves->pdata[i];
      if (strcmp (carc_move_get_name (m), "pick") != 0)
        continue;
      g_assert_cmpuint (m->piece, ==, ids->len); /* one pick per piece, in index order */
      g_assert_nonnull (m->tile);
      g_ptr_array_add (ids, g_strdup (m->tile));
    }
  g_ptr_array_add (ids, NULL);
  return (char **)g_ptr_array_free (ids, FALSE);
}

guint
pool_size (CarcGame *game)
{
  g_auto (GStrv) ids = pool_list (game);
  return g_strv_length (ids);
}

gboolean
pool_pick (CarcGame *game, guint index, GError **error)
{
  g_autoptr (GVariant) args = g_variant_ref_sink (g_variant_new_parsed ("{'piece': <%u>}", index));
  CarcMove m;
  return carc_move_init_from_args (&m, "pick", args, error)
         && carc_game_apply_move (game, &m, error);
}
