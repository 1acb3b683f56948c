/* test-daemon-introspection.c: the running daemon's introspection says what the XML says.
 *
 * introspection/org.carcassonne.Engine1.Manager.xml: "This file is the specification; a test
 * checks that the running daemon's introspection says exactly the same." Each interface is
 * written out as canonical text (members sorted by kind and name, arguments in order with
 * their types and directions, properties with type and access, every member's annotations
 * sorted by name), and the member sets are compared both ways, so that a failure names what is
 * missing or different. Issue 14: the EmitsChangedSignal annotations ("const" for what never
 * changes) are part of the specification, and busctl shows them.
 */
#include "config.h"

#include <check.h>

#include "check-run.h"
#include "daemon-fixture.h"

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

static void
dump_args (GString *out, GDBusArgInfo **args, const char *direction)
{
  for (guint i = 0; args && args[i]; i++)
    g_string_append_printf (out, "    %s%s%s %s\n", direction ? direction : "",
                            direction ? " " : "", args[i]->signature, args[i]->name);
}

/* "@name value" for each of @annotations, sorted. */
static void
dump_annotations (GString *out, GDBusAnnotationInfo **annotations)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; annotations && annotations[i]; i++)
    g_ptr_array_add (lines,
                     g_strdup_printf ("    @%s %s\n", annotations[i]->key, annotations[i]->value));
  g_ptr_array_sort (lines, compare_names);
  for (guint i = 0; i < lines->len; i++)
    g_string_append (out, g_ptr_array_index (lines, i));
}

/* "method Join", "signal GameOver", "property Name": every member of @iface, sorted. */
static GPtrArray *
member_names (GDBusInterfaceInfo *iface)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; iface->methods && iface->methods[i]; i++)
    g_ptr_array_add (names, g_strconcat ("method ", iface->methods[i]->name, NULL));
  for (guint i = 0; iface->signals && iface->signals[i]; i++)
    g_ptr_array_add (names, g_strconcat ("signal ", iface->signals[i]->name, NULL));
  for (guint i = 0; iface->properties && iface->properties[i]; i++)
    g_ptr_array_add (names, g_strconcat ("property ", iface->properties[i]->name, NULL));
  g_ptr_array_sort (names, compare_names);
  return names;
}

/* One member of @iface, as canonical text. */
static void
dump_member (GString *out, GDBusInterfaceInfo *iface, const char *member)
{
  const char *name = strchr (member, ' ') + 1;

  g_string_append_printf (out, "  %s\n", member);
  if (g_str_has_prefix (member, "method "))
    {
      GDBusMethodInfo *m = g_dbus_interface_info_lookup_method (iface, name);
      dump_args (out, m->in_args, "in");
      dump_args (out, m->out_args, "out");
      dump_annotations (out, m->annotations);
    }
  else if (g_str_has_prefix (member, "signal "))
    {
      GDBusSignalInfo *s = g_dbus_interface_info_lookup_signal (iface, name);
      dump_args (out, s->args, NULL);
      dump_annotations (out, s->annotations);
    }
  else
    {
      GDBusPropertyInfo *p = g_dbus_interface_info_lookup_property (iface, name);
      g_string_append_printf (out, "    %s %s%s\n", p->signature,
                              (p->flags & G_DBUS_PROPERTY_INFO_FLAGS_READABLE) ? "read" : "",
                              (p->flags & G_DBUS_PROPERTY_INFO_FLAGS_WRITABLE) ? "write" : "");
      dump_annotations (out, p->annotations);
    }
}

/* The canonical text of @iface. */
static char *
dump_interface (GDBusInterfaceInfo *iface)
{
  g_autoptr (GPtrArray) names = member_names (iface);
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "interface %s\n", iface->name);
  dump_annotations (out, iface->annotations);
  for (guint i = 0; i < names->len; i++)
    dump_member (out, iface, g_ptr_array_index (names, i));
  return g_string_free (out, FALSE);
}

static gboolean
contains (GPtrArray *names, const char *name)
{
  for (guint i = 0; i < names->len; i++)
    if (g_str_equal (g_ptr_array_index (names, i), name))
      return TRUE;
  return FALSE;
}

/* NULL when @running says what @spec says; otherwise what differs: the members missing on
 * either side, then each member present on both sides whose text differs. */
static char *
interface_difference (GDBusInterfaceInfo *spec, GDBusInterfaceInfo *running)
{
  g_autoptr (GPtrArray) want = member_names (spec);
  g_autoptr (GPtrArray) have = member_names (running);
  GString *out = g_string_new (NULL);

  if (!g_str_equal (spec->name, running->name))
    g_string_append_printf (out, "interface %s is %s\n", spec->name, running->name);
  for (guint i = 0; i < want->len; i++)
    if (!contains (have, g_ptr_array_index (want, i)))
      g_string_append_printf (out, "the daemon lacks %s\n", (char *)g_ptr_array_index (want, i));
  for (guint i = 0; i < have->len; i++)
    if (!contains (want, g_ptr_array_index (have, i)))
      g_string_append_printf (out, "the XML lacks %s\n", (char *)g_ptr_array_index (have, i));
  for (guint i = 0; i < want->len; i++)
    {
      const char *member = g_ptr_array_index (want, i);
      g_autoptr (GString) a = g_string_new (NULL);
      g_autoptr (GString) b = g_string_new (NULL);

      if (!contains (have, member))
        continue;
      dump_member (a, spec, member);
      dump_member (b, running, member);
      if (!g_str_equal (a->str, b->str))
        g_string_append_printf (out, "the XML says\n%sthe daemon says\n%s", a->str, b->str);
    }
  if (out->len == 0)
    {
      /* the member-wise comparison missed nothing the whole text would show */
      g_autofree char *x = dump_interface (spec);
      g_autofree char *y = dump_interface (running);
      if (g_str_equal (x, y))
        {
          g_string_free (out, TRUE);
          return NULL;
        }
      g_string_append_printf (out, "the XML says\n%sthe daemon says\n%s", x, y);
    }
  return g_string_free (out, FALSE);
}

/* The specification of @iface: introspection/@iface.xml in the source tree. */
static GDBusNodeInfo *
spec_node (const char *iface, const char *replace, const char *by)
{
  g_autofree char *file = g_strdup_printf ("%s/introspection/%s.xml", TOP_SRCDIR, iface);
  g_autofree char *xml = NULL;
  g_autoptr (GError) error = NULL;
  GDBusNodeInfo *node;

  ck_assert_msg (g_file_get_contents (file, &xml, NULL, &error), "%s", error ? error->message : "");
  if (replace)
    {
      g_auto (GStrv) parts = g_strsplit (xml, replace, -1);
      ck_assert_uint_eq (g_strv_length (parts), 2);
      g_free (xml);
      xml = g_strjoinv (by, parts);
    }
  node = g_dbus_node_info_new_for_xml (xml, &error);
  ck_assert_msg (node != NULL, "%s: %s", file, error ? error->message : "");
  return node;
}

/* The daemon's answer to Introspect at @path. */
static GDBusNodeInfo *
running_node (GDBusConnection *c, const char *path)
{
  g_autoptr (GVariant) r
      = call_ok (c, path, "org.freedesktop.DBus.Introspectable", "Introspect", NULL);
  g_autoptr (GError) error = NULL;
  const char *xml;
  GDBusNodeInfo *node;

  g_variant_get (r, "(&s)", &xml);
  node = g_dbus_node_info_new_for_xml (xml, &error);
  ck_assert_msg (node != NULL, "Introspect at %s: %s", path, error ? error->message : "");
  return node;
}

/* The interfaces of @node, sorted, one a line. */
static char *
interface_names (GDBusNodeInfo *node)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();

  for (guint i = 0; node->interfaces && node->interfaces[i]; i++)
    g_ptr_array_add (names, node->interfaces[i]->name);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv ("\n", (char **)names->pdata);
}

#define STANDARD_IFACES                                                                            \
  "org.freedesktop.DBus.Introspectable\norg.freedesktop.DBus.Peer\n"                               \
  "org.freedesktop.DBus.Properties"

/* @path's introspection holds exactly @ifaces, and @iface as its XML says. */
static void
check_path (GDBusConnection *c, const char *path, const char *iface, const char *ifaces)
{
  g_autoptr (GDBusNodeInfo) spec = spec_node (iface, NULL, NULL);
  g_autoptr (GDBusNodeInfo) running = running_node (c, path);
  g_autofree char *names = interface_names (running);
  g_autofree char *diff = NULL;
  GDBusInterfaceInfo *want = g_dbus_node_info_lookup_interface (spec, iface);
  GDBusInterfaceInfo *have = g_dbus_node_info_lookup_interface (running, iface);

  ck_assert_msg (want != NULL, "introspection/%s.xml does not define %s", iface, iface);
  ck_assert_uint_eq (g_strv_length ((char **)spec->interfaces), 1);
  ck_assert_msg (have != NULL, "no %s at %s", iface, path);
  ck_assert_str_eq (names, ifaces);
  {
    g_autoptr (GPtrArray) members = member_names (want);
    ck_assert_uint_ge (members->len, 3); /* the XML was read whole (Strategy has 3) */
  }
  diff = interface_difference (want, have);
  ck_assert_msg (diff == NULL, "%s at %s differs from its XML:\n%.3000s", iface, path, diff);
}

/* introspection/org.carcassonne.Engine1.Manager.xml: the specification; the root object
 * answers it (and the ObjectManager). */
START_TEST (test_manager)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();

  check_path (c, ROOT_PATH, MANAGER_IFACE,
              MANAGER_IFACE "\norg.freedesktop.DBus.Introspectable\n"
                            "org.freedesktop.DBus.ObjectManager\norg.freedesktop.DBus.Peer\n"
                            "org.freedesktop.DBus.Properties");
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Game.xml and Player.xml: a game's and a seat's
 * objects, before and after the start, answer their XML exactly. */
START_TEST (test_game_and_player)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'bots': <uint32 1>}");
  g_autoptr (GVariant) joined
      = call_ok (c, game, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", "Ann", NULL));
  const char *player;

  g_variant_get (joined, "(&o&s)", &player, NULL);
  for (guint started = 0; started < 2; started++)
    {
      check_path (c, game, GAME_IFACE, GAME_IFACE "\n" STANDARD_IFACES);
      check_path (c, player, PLAYER_IFACE, PLAYER_IFACE "\n" STANDARD_IFACES);
      check_path (c, ROOT_PATH "/game/1/player/0", PLAYER_IFACE, PLAYER_IFACE "\n" STANDARD_IFACES);
      if (!started)
        g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* A game made by ImportGame is a game like any: its objects answer their XML, before and
 * after the start. */
START_TEST (test_imported_game)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'bots': <uint32 2>, 'tile-order': <['U']>}");
  g_autoptr (GVariant) record = NULL;
  g_autoptr (GVariant) imported = NULL;
  const char *copy, *text;

  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  record = call_ok (c, game, GAME_IFACE, "ExportRecord", NO_OPTIONS);
  g_variant_get (record, "(&s)", &text);
  imported
      = call_ok (c, ROOT_PATH, MANAGER_IFACE, "ImportGame", g_variant_new ("(sa{sv})", text, NULL));
  g_variant_get (imported, "(&o&s)", &copy, NULL);
  ck_assert_str_eq (copy, ROOT_PATH "/game/2");
  g_variant_unref (call_ok (c, copy, GAME_IFACE, "AddBot", A ("('Robot', @a{sv} {})")));
  for (guint started = 0; started < 2; started++)
    {
      check_path (c, copy, GAME_IFACE, GAME_IFACE "\n" STANDARD_IFACES);
      check_path (c, ROOT_PATH "/game/2/player/0", PLAYER_IFACE, PLAYER_IFACE "\n" STANDARD_IFACES);
      if (!started)
        {
          g_variant_unref (call_ok (c, copy, GAME_IFACE, "AddBot", A ("('Bot', @a{sv} {})")));
          g_variant_unref (call_ok (c, copy, GAME_IFACE, "Start", NO_OPTIONS));
        }
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Expansion.xml: the object of every plugin the daemon
 * loaded (those of the build tree) answers its XML exactly. */
START_TEST (test_expansions)
{
  static const char *const names[] = { "abbey", "halftiles", "hills",     "inns-cathedrals",
                                       "mayor", "river",     "vineyards", "winter" };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = expansion_object_path (names[i]);
      check_path (c, path, EXPANSION_IFACE, EXPANSION_IFACE "\n" STANDARD_IFACES);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* introspection/org.carcassonne.Engine1.Strategy.xml: the object of every bot strategy of
 * the library (issue 19) answers its XML exactly. */
START_TEST (test_strategies)
{
  static const char *const names[] = { "random", "greedy", "mcts" };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_strconcat (ROOT_PATH "/strategy/", names[i], NULL);
      check_path (c, path, STRATEGY_IFACE, STRATEGY_IFACE "\n" STANDARD_IFACES);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

#define OPTIONS_XML "<arg name=\"options\" type=\"a{sv}\" direction=\"in\"/>"
#define SKIP_XML    "<method name=\"Skip\">\n      " OPTIONS_XML "\n    </method>"

/* The comparison can fail: a member missing on either side, or an argument or property that
 * differs, is reported by name. */
START_TEST (test_comparison_fails)
{
  static const char *const edits[][3] = {
    /* interface, XML text, replacement, in the specification */
    { GAME_IFACE, SKIP_XML, "" },
    { GAME_IFACE, SKIP_XML, SKIP_XML "<method name=\"Undo\"/>" },
    { GAME_IFACE, "<signal name=\"TurnStarted\">\n      <arg name=\"turn\" type=\"u\"/>",
      "<signal name=\"TurnStarted\">" },
    { GAME_IFACE,
      "<method name=\"Deploy\">\n      <arg name=\"figure\" type=\"s\" direction=\"in\"/>\n      "
      "<arg name=\"segment\" type=\"u\"",
      "<method name=\"Deploy\">\n      <arg name=\"figure\" type=\"s\" direction=\"in\"/>\n      "
      "<arg name=\"segment\" type=\"i\"" },
    { GAME_IFACE, "<arg name=\"token\" type=\"s\" direction=\"out\"/>",
      "<arg name=\"secret\" type=\"s\" direction=\"out\"/>" },
    { GAME_IFACE, "<property name=\"Turn\" type=\"u\" access=\"read\"/>",
      "<property name=\"Turn\" type=\"u\" access=\"readwrite\"/>" },
    { PLAYER_IFACE, "<property name=\"Connected\" type=\"b\" access=\"read\"/>", "" },
    { MANAGER_IFACE,
      "<method name=\"CreateGame\">\n      <arg name=\"options\" type=\"a{sv}\" direction=\"in\"/>",
      "<method name=\"CreateGame\">" },
    { EXPANSION_IFACE, "<property name=\"Options\" type=\"a(sssvuu)\" access=\"read\">",
      "<property name=\"Options\" type=\"a(sssv)\" access=\"read\">" },
    { GAME_IFACE, "<method name=\"Pass\">\n      " OPTIONS_XML, "<method name=\"Pass\">" },
    /* the members of persistence and records */
    { GAME_IFACE, "<property name=\"StateHash\" type=\"s\" access=\"read\"/>", "" },
    { GAME_IFACE, "<arg name=\"record\" type=\"s\" direction=\"out\"/>",
      "<arg name=\"record\" type=\"ay\" direction=\"out\"/>" },
    { MANAGER_IFACE, "<arg name=\"record\" type=\"s\" direction=\"in\"/>", "" },
    /* issue 14: the annotations, taken away or added */
    { MANAGER_IFACE, "<property name=\"Version\" type=\"s\" access=\"read\">\n      <annotation",
      "<property name=\"Version\" type=\"s\" access=\"read\">\n      <annotation "
      "name=\"org.example.Unused\" value=\"x\"/><annotation" },
    { PLAYER_IFACE,
      "<property name=\"Seat\" type=\"u\" access=\"read\">\n      <annotation "
      "name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"const\"/>",
      "<property name=\"Seat\" type=\"u\" access=\"read\">" },
    { GAME_IFACE, "<property name=\"Turn\" type=\"u\" access=\"read\"/>",
      "<property name=\"Turn\" type=\"u\" access=\"read\"><annotation "
      "name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"const\"/></property>" },
    { EXPANSION_IFACE, "value=\"const\"/>\n    </property>\n    <!-- Tiles",
      "value=\"invalidates\"/>\n    </property>\n    <!-- Tiles" },
  };
  static const char *const named[]
      = { "Skip",       "Undo",       "TurnStarted", "Deploy", "Join",      "Turn",
          "Connected",  "CreateGame", "Options",     "Pass",   "StateHash", "ExportRecord",
          "ImportGame", "Version",    "Seat",        "Turn",   "Options" };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autofree char *game = create_game (c, "{'bots': <uint32 1>}");
  const char *player = ROOT_PATH "/game/1/player/0";

  for (guint i = 0; i < G_N_ELEMENTS (edits); i++)
    {
      const char *iface = edits[i][0];
      const char *path = g_str_equal (iface, GAME_IFACE)        ? game
                         : g_str_equal (iface, PLAYER_IFACE)    ? player
                         : g_str_equal (iface, EXPANSION_IFACE) ? ROOT_PATH "/expansion/winter"
                                                                : ROOT_PATH;
      g_autoptr (GDBusNodeInfo) spec = spec_node (iface, edits[i][1], edits[i][2]);
      g_autoptr (GDBusNodeInfo) running = running_node (c, path);
      g_autofree char *diff
          = interface_difference (g_dbus_node_info_lookup_interface (spec, iface),
                                  g_dbus_node_info_lookup_interface (running, iface));
      /* and the other way round: the daemon lacking what the XML has */
      g_autofree char *back
          = interface_difference (g_dbus_node_info_lookup_interface (running, iface),
                                  g_dbus_node_info_lookup_interface (spec, iface));

      ck_assert_msg (diff != NULL, "edit %u went unnoticed", i);
      ck_assert_msg (strstr (diff, named[i]) != NULL, "edit %u: %s", i, diff);
      ck_assert_msg (back != NULL, "edit %u went unnoticed the other way", i);
      ck_assert_msg (strstr (back, named[i]) != NULL, "edit %u: %s", i, back);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

static Suite *
introspection_suite (void)
{
  Suite *s = suite_create ("daemon-introspection");
  TCase *tc = tcase_create ("introspection");

  tcase_set_timeout (tc, 30);
  tcase_add_test (tc, test_manager);
  tcase_add_test (tc, test_game_and_player);
  tcase_add_test (tc, test_expansions);
  tcase_add_test (tc, test_strategies);
  tcase_add_test (tc, test_imported_game);
  tcase_add_test (tc, test_comparison_fails);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  return check_run_suite (introspection_suite ());
}
