/* fe-tokens.h: the tokens of the games this user plays, kept across restarts. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *game;    /* the Game object path */
  char *seat;    /* the seat's token, or NULL */
  char *creator; /* the creator's token, or NULL */
  char *name;    /* the name the seat joined with */
} FeTokenEntry;

void fe_token_entry_free (FeTokenEntry *entry);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FeTokenEntry, fe_token_entry_free)

char *fe_tokens_path (void);
gboolean fe_tokens_save (const FeTokenEntry *entry, GError **error);
FeTokenEntry *fe_tokens_lookup (const char *game);
GPtrArray *fe_tokens_list (void);
void fe_tokens_forget (const char *game);

G_END_DECLS
