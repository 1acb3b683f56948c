/* carc-plugin-private.h (internal): a loaded plugin and a game's view of its expansions. */
#pragma once

#include "carc-plugin-host.h"
#include "carc-plugin.h"

G_BEGIN_DECLS

struct _CarcPlugin
{
  gint ref_count;
  const CarcPluginDesc *desc;
  char *path; /* NULL: built in */
  CarcHooks hooks;
  CarcTileSet *tiles;
  GArray *options; /* CarcOptionDef */
  GArray *figures; /* CarcFigureDef, names interned */
  GArray *moves;   /* CarcMoveDef, names interned */
  gboolean initialised;
};

/* An expansion as a config names it: the plugin and the values of its options. */
typedef struct
{
  CarcPlugin *plugin;
  guint32 *values; /* one per option of the plugin */
} CarcConfigExpansion;

/* An expansion as a game runs it: its hooks and the data its setup returned. */
typedef struct
{
  CarcPlugin *plugin;
  const CarcHooks *hooks;
  gpointer data;
  const guint32 *values;
} CarcGameExpansion;

struct _CarcSetup
{
  CarcGame *game;
  const CarcConfigExpansion *exp;
  GArray *sections; /* gint per deck entry: its section (carc_setup_add_to_deck_section()) */
  gboolean tile_order;
};

G_END_DECLS
