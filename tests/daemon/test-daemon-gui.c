/* test-daemon-gui.c: the API a GUI needs (issue 18, "The API a GUI needs"), on the real daemon.
 *
 * PreviewDeployments answers what GetDeployments says after the placement; PlaceAndDeploy
 * makes both or neither; segment references carry the piece, so a cell holding two half tiles
 * is not ambiguous; FeatureScored carries its feature's segments as GetFeatures lists them;
 * a snapshot taken while bots play at full speed plus the messages numbered after it give the
 * final board and scores; GetHistory shows a running game's moves to anyone.
 */
#include "config.h"

#include <check.h>
#include <string.h>
#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-play.h"

static GVariant *
place_args (gint x, gint y, guint rotation)
{
  return g_variant_new_parsed ("{'x': <%i>, 'y': <%i>, 'rotation': <%u>}", x, y, rotation);
}

static GVariant *
preview (GDBusConnection *c, const char *game, gint x, gint y, guint rotation)
{
  g_autoptr (GVariant) r
      = call_ok (c, game, GAME_IFACE, "PreviewDeployments",
                 g_variant_new ("(s@a{sv}a{sv})", "place", place_args (x, y, rotation), NULL));
  return g_variant_get_child_value (r, 0);
}

static GVariant *
deployments (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetDeployments", NULL);
  return g_variant_get_child_value (r, 0);
}

/* The active seat's client of @f. */
static GDBusConnection *
mover (Fixture *f)
{
  g_autofree char *active = active_player (f->a, f->game);
  return g_str_equal (active, f->pa) ? f->a : f->b;
}

/* Issue 18: "the deployments a candidate placement would offer, without placing it". For 12
 * turns of a seeded game, every legal placement is previewed (the game does not change), then
 * the policy's placement is made and GetDeployments equals its preview; a follower goes on
 * every third turn so that later previews meet occupied features. An illegal placement is
 * IllegalPlacement, another seat's preview NotYourTurn. */
START_TEST (test_preview_equals_deployments)
{
  Fixture f;
  fixture_setup (&f, NULL, "{'seed': <@t 11>}", TRUE);
  guint compared = 0, nonempty = 0;

  for (guint turn = 1; turn <= 12; turn++)
    {
      GDBusConnection *c = mover (&f);
      g_autoptr (GVariant) r = call_ok (c, f.game, GAME_IFACE, "GetPlacements", NULL);
      g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
      guint n = (guint)g_variant_n_children (list), pick = turn % n;
      g_autofree char *before = game_snapshot (f.x, f.game);
      g_autoptr (GVariant) chosen = NULL;
      gint32 x, y;
      guint32 rotation;

      for (guint i = 0; i < n; i++)
        {
          g_variant_get_child (list, i, "(iiu)", &x, &y, &rotation);
          g_autoptr (GVariant) p = preview (c, f.game, x, y, rotation);
          if (i == pick)
            chosen = g_variant_ref (p);
        }
      g_autofree char *after = game_snapshot (f.x, f.game);
      ck_assert_str_eq (after, before);
      g_variant_get_child (list, pick, "(iiu)", &x, &y, &rotation);
      g_variant_unref (call_ok (c, f.game, GAME_IFACE, "Place",
                                g_variant_new ("(iiua{sv})", x, y, rotation, NULL)));
      g_autoptr (GVariant) real = deployments (c, f.game);
      ck_assert (g_variant_equal (real, chosen));
      compared++;
      nonempty += g_variant_n_children (real) > 0;
      if (turn % 3 == 0 && g_variant_n_children (real) > 0)
        {
          const char *figure;
          guint32 segment;
          g_variant_get_child (real, 0, "(&suu@as)", &figure, &segment, NULL, NULL);
          g_variant_unref (call_ok (c, f.game, GAME_IFACE, "Deploy",
                                    g_variant_new ("(sua{sv})", figure, segment, NULL)));
        }
      else
        g_variant_unref (call_ok (c, f.game, GAME_IFACE, "Skip", NO_OPTIONS));
    }
  ck_assert_uint_eq (compared, 12);
  ck_assert_uint_gt (nonempty, 0);

  GDBusConnection *c = mover (&f), *other = c == f.a ? f.b : f.a;
  GAME_REFUSED (c, f.game, "PreviewDeployments",
                g_variant_new ("(s@a{sv}a{sv})", "place", place_args (40, 40, 0), NULL),
                E ("IllegalPlacement"));
  GAME_REFUSED (other, f.game, "PreviewDeployments",
                g_variant_new ("(s@a{sv}a{sv})", "place", place_args (0, -1, 0), NULL),
                E ("NotYourTurn"));
  fixture_teardown (&f);
}
END_TEST

/* Issue 18: "one call that places and deploys together". On the start tile D (city north,
 * road east-west) Ann's W at (1, 0) with rotation 0 offers a follower on segment 2 (the west
 * arm, test-daemon-figures); PlaceAndDeploy with a segment W does not have is
 * IllegalDeployment and places nothing, a placement off the board IllegalPlacement; then
 * PlaceAndDeploy puts W and the follower down at once, and Bob's W at (-1, 0) with ""
 * deploys nothing and closes the road (rules §7: a road of 3 tiles scores 3). */
START_TEST (test_place_and_deploy)
{
  Fixture f;
  fixture_setup (&f, NULL, "{'tile-order': <['W', 'W', 'W']>}", TRUE);

  GAME_REFUSED (f.a, f.game, "PlaceAndDeploy",
                g_variant_new ("(iiusua{sv})", 1, 0, 0, "follower", 9, NULL),
                E ("IllegalDeployment"));
  GAME_REFUSED (f.a, f.game, "PlaceAndDeploy",
                g_variant_new ("(iiusua{sv})", 1, 0, 0, "pig", 2, NULL), E ("IllegalDeployment"));
  GAME_REFUSED (f.a, f.game, "PlaceAndDeploy",
                g_variant_new ("(iiusua{sv})", 5, 5, 0, "follower", 2, NULL),
                E ("IllegalPlacement"));
  GAME_REFUSED (f.b, f.game, "PlaceAndDeploy",
                g_variant_new ("(iiusua{sv})", 1, 0, 0, "follower", 2, NULL), E ("NotYourTurn"));
  GAME_REFUSED (f.a, f.game, "PlaceAndDeploy",
                g_variant_new ("(iiusu@a{sv})", 1, 0, 0, "follower", 2,
                               g_variant_new_parsed ("{'piece': <'one'>}")),
                E ("InvalidArgs"));
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 1);

  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "PlaceAndDeploy",
                            g_variant_new ("(iiusua{sv})", 1, 0, 0, "follower", 2, NULL)));
  g_autoptr (GVariant) pieces = call_ok (f.x, f.game, GAME_IFACE, "GetPieces", NULL);
  g_autofree char *text = g_variant_print (pieces, FALSE);
  g_autofree char *expected = g_strdup_printf (
      "([(0, 0, 0, 'D', 0, '/'), (1, 1, 0, 'W', 0, '%s')], [('%s', 1, 2, 1)])", f.pa, f.pa);
  ck_assert_str_eq (text, expected);
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "Turn"), 2);

  g_variant_unref (call_ok (f.b, f.game, GAME_IFACE, "PlaceAndDeploy",
                            g_variant_new ("(iiusua{sv})", -1, 0, 0, "", 7, NULL)));
  /* Bob's W closes the road W-D-W: Ann's follower scores 3 and comes home */
  g_autoptr (GVariant) after = call_ok (f.x, f.game, GAME_IFACE, "GetPieces", NULL);
  g_autoptr (GVariant) followers = g_variant_get_child_value (after, 1);
  ck_assert_uint_eq (g_variant_n_children (followers), 0);
  g_autoptr (GVariant) scores = get_property (f.x, f.game, GAME_IFACE, "Scores");
  g_autofree char *scores_text = g_variant_print (scores, FALSE);
  ck_assert_str_eq (scores_text, "[3, 0]");
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "Turn"), 3);
  fixture_teardown (&f);
}
END_TEST

/* Everything a listener learns of one game, in the order it arrives. */
typedef struct
{
  const char *game;
  GPtrArray *messages; /* of Message */
  guint tiles_placed;
  gboolean over;
} Listener;

typedef struct
{
  char *member;
  char *path;
  GVariant *params;
  guint64 sequence;
} Message;

static void
message_free (gpointer data)
{
  Message *m = data;
  g_free (m->member);
  g_free (m->path);
  g_variant_unref (m->params);
  g_free (m);
}

/* The sequence number of a Game signal (its last argument) or of a PropertiesChanged (its
 * Sequence entry); 0 for none. */
static guint64
sequence_of (const char *member, GVariant *params)
{
  guint64 sequence = 0;

  if (g_str_equal (member, "PropertiesChanged"))
    {
      g_autoptr (GVariant) changed = g_variant_get_child_value (params, 1);
      g_variant_lookup (changed, "Sequence", "t", &sequence);
      return sequence;
    }
  gsize n = g_variant_n_children (params);
  g_autoptr (GVariant) last = n ? g_variant_get_child_value (params, n - 1) : NULL;
  return last && g_variant_is_of_type (last, G_VARIANT_TYPE_UINT64) ? g_variant_get_uint64 (last)
                                                                    : 0;
}

static void
on_message (GDBusConnection *c, const char *sender, const char *path, const char *iface,
            const char *member, GVariant *params, gpointer data)
{
  Listener *l = data;
  Message *m;

  if (!g_str_equal (path, l->game)
      && !(g_str_has_prefix (path, l->game) && path[strlen (l->game)] == '/'))
    return;
  if (!g_str_equal (iface, GAME_IFACE) && !g_str_equal (member, "PropertiesChanged"))
    return;
  m = g_new0 (Message, 1);
  m->member = g_strdup (member);
  m->path = g_strdup (path);
  m->params = g_variant_ref (params);
  m->sequence = sequence_of (member, params);
  g_ptr_array_add (l->messages, m);
  l->tiles_placed += g_str_equal (member, "TilePlaced");
  l->over |= g_str_equal (member, "GameOver");
}

/* A client's copy of the board: "(piece, x, y, tile, rotation, player)" and
 * "(player, piece, segment, kind)" lines, as GetPieces prints them. */
typedef struct
{
  GPtrArray *pieces;
  GPtrArray *followers;
  guint scores[6];
  guint n_seats;
} Copy;

static gint
compare_lines (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* @lines as an array's text "[a, b]", sorted first if @sort. */
static char *
joined (GPtrArray *lines, gboolean sort)
{
  g_autoptr (GPtrArray) v = g_ptr_array_copy (lines, NULL, NULL);
  g_ptr_array_set_free_func (v, NULL); /* the strings stay @lines' */
  GString *out = g_string_new ("[");

  if (sort)
    g_ptr_array_sort (v, compare_lines);
  for (guint i = 0; i < v->len; i++)
    g_string_append_printf (out, "%s%s", i ? ", " : "", (char *)v->pdata[i]);
  g_string_append_c (out, ']');
  return g_string_free (out, FALSE);
}

/* An array's children printed, sorted, as joined() prints them. */
static char *
sorted_array_text (GVariant *array)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  for (gsize i = 0; i < g_variant_n_children (array); i++)
    {
      g_autoptr (GVariant) p = g_variant_get_child_value (array, i);
      g_ptr_array_add (lines, g_variant_print (p, FALSE));
    }
  return joined (lines, TRUE);
}

static void
copy_from_pieces (Copy *copy, GVariant *pieces, GVariant *followers)
{
  for (gsize i = 0; i < g_variant_n_children (pieces); i++)
    {
      g_autoptr (GVariant) p = g_variant_get_child_value (pieces, i);
      g_ptr_array_add (copy->pieces, g_variant_print (p, FALSE));
    }
  for (gsize i = 0; i < g_variant_n_children (followers); i++)
    {
      g_autoptr (GVariant) p = g_variant_get_child_value (followers, i);
      g_ptr_array_add (copy->followers, g_variant_print (p, FALSE));
    }
}

static void
copy_remove_follower (Copy *copy, const char *text)
{
  for (guint i = 0; i < copy->followers->len; i++)
    if (g_str_equal (copy->followers->pdata[i], text))
      {
        g_ptr_array_remove_index (copy->followers, i);
        return;
      }
  ck_abort_msg ("FollowerReturned for %s, which the copy does not have", text);
}

/* Applies one Game signal to @copy: the board and the points (Scores from the points). */
static void
copy_apply (Copy *copy, const Message *m)
{
  const char *player, *tile, *figure;
  gint32 x, y;
  guint32 rotation, piece, segment, kind, count, points;
  g_autoptr (GVariant) per_seat = NULL;

  if (g_str_equal (m->member, "TilePlaced"))
    {
      g_variant_get (m->params, "(&o&siiuut)", &player, &tile, &x, &y, &rotation, &piece, NULL);
      ck_assert_uint_eq (piece, copy->pieces->len);
      g_autoptr (GVariant) v
          = g_variant_ref_sink (g_variant_new ("(uiisuo)", piece, x, y, tile, rotation, player));
      g_ptr_array_add (copy->pieces, g_variant_print (v, FALSE));
    }
  else if (g_str_equal (m->member, "FollowerDeployed"))
    {
      g_variant_get (m->params, "(&oiiuuu@as&st)", &player, &x, &y, &piece, &segment, &kind, NULL,
                     &figure, NULL);
      g_autoptr (GVariant) v
          = g_variant_ref_sink (g_variant_new ("(ouuu)", player, piece, segment, kind));
      g_ptr_array_add (copy->followers, g_variant_print (v, FALSE));
    }
  else if (g_str_equal (m->member, "FollowerReturned"))
    {
      /* the feature kind is not in the signal: find the figure by the rest */
      g_variant_get (m->params, "(&oiiuu&st)", &player, &x, &y, &piece, &segment, &figure, NULL);
      g_autofree char *prefix = g_strdup_printf ("('%s', %u, %u, ", player, piece, segment);
      char *found = NULL;
      for (guint i = 0; !found && i < copy->followers->len; i++)
        if (g_str_has_prefix (copy->followers->pdata[i], prefix))
          found = g_strdup (copy->followers->pdata[i]);
      ck_assert_msg (found != NULL, "no figure %s...) in the copy", prefix);
      copy_remove_follower (copy, found);
      g_free (found);
    }
  else if (g_str_equal (m->member, "FeatureScored"))
    {
      g_variant_get (m->params, "(iiuuub@au@a(usuu)@a(iiuu)t)", NULL, NULL, NULL, NULL, NULL, NULL,
                     &per_seat, NULL, NULL, NULL);
      for (gsize i = 0; i < g_variant_n_children (per_seat) && i < copy->n_seats; i++)
        {
          g_variant_get_child (per_seat, i, "u", &points);
          copy->scores[i] += points;
        }
    }
  else if (g_str_equal (m->member, "PointsAwarded"))
    {
      g_variant_get (m->params, "(&o&suut)", &player, NULL, &count, &points, NULL);
      copy->scores[atoi (strrchr (player, '/') + 1)] += points;
    }
}

/* Records the properties @props of @path as the values last known ("path property" to their
 * text), Sequence left out. */
static void
known_add (GHashTable *known, const char *path, GVariant *props)
{
  GVariantIter iter;
  const char *key;
  GVariant *value;

  g_variant_iter_init (&iter, props);
  while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
    {
      if (!g_str_equal (key, "Sequence"))
        g_hash_table_insert (known, g_strdup_printf ("%s %s", path, key),
                             g_variant_print (value, FALSE));
      g_variant_unref (value);
    }
}

/* A message numbered after the snapshot tells something the snapshot did not hold: a
 * PropertiesChanged changes each property it names from the value last known (the
 * snapshot's, then the messages'), a TurnStarted starts a turn after the snapshot's, a
 * TilePlaced is checked by copy_apply(); one numbered at or before it, something it holds. */
static void
check_against_snapshot (GHashTable *known, const Message *m, gboolean after, guint turn,
                        guint n_pieces)
{
  guint32 t, piece;

  if (g_str_equal (m->member, "PropertiesChanged") && after)
    {
      g_autoptr (GVariant) changed = g_variant_get_child_value (m->params, 1);
      GVariantIter iter;
      const char *key;
      GVariant *value;

      g_variant_iter_init (&iter, changed);
      while (g_variant_iter_next (&iter, "{&sv}", &key, &value))
        {
          g_autofree char *name = g_strdup_printf ("%s %s", m->path, key);
          g_autofree char *text = g_variant_print (value, FALSE);
          g_variant_unref (value);
          if (g_str_equal (key, "Sequence"))
            continue;
          ck_assert_msg (g_strcmp0 (g_hash_table_lookup (known, name), text) != 0,
                         "PropertiesChanged %" G_GUINT64_FORMAT " says %s is %s, as it was",
                         m->sequence, name, text);
          g_hash_table_insert (known, g_steal_pointer (&name), g_steal_pointer (&text));
        }
    }
  else if (g_str_equal (m->member, "TurnStarted"))
    {
      g_variant_get (m->params, "(u&o&sut)", &t, NULL, NULL, NULL, NULL);
      ck_assert_msg (after ? t > turn : t <= turn, "TurnStarted %u %s a snapshot at turn %u", t,
                     after ? "after" : "before", turn);
    }
  else if (g_str_equal (m->member, "TilePlaced") && !after)
    {
      g_variant_get (m->params, "(&o&siiuut)", NULL, NULL, NULL, NULL, NULL, &piece, NULL);
      ck_assert_uint_lt (piece, n_pieces);
    }
}

/* Issue 18, Done when: "A snapshot taken at any moment plus the signals after it equal the
 * final board and scores, in a test with bots playing at full speed." Three bots (no delay)
 * play a seeded game; the listener subscribed before the start asks GetSnapshot with a
 * blocking call after a random number of TilePlaced, while the bots go on. Its copy (the
 * snapshot, then only the messages numbered above the snapshot's number, in order) ends equal
 * to GetPieces and Scores; the numbers of every message of the game and its players count up
 * by one; and the boundary is exact: every PropertiesChanged after the snapshot changes what
 * it names from the snapshot's value, every TurnStarted and TilePlaced before it is in it.
 * Repeated for three seeds. */
START_TEST (test_snapshot_while_bots_play)
{
  static const guint64 seeds[] = { 3, 17, 29 };
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (18);

  for (guint round = 0; round < G_N_ELEMENTS (seeds); round++)
    {
      g_autofree char *options = g_strdup_printf (
          "{'players': <@u 3>, 'bots': <@u 3>, 'bot-delay': <@u 0>, 'seed': <@t %" G_GUINT64_FORMAT
          ">}",
          seeds[round]);
      g_autofree char *game = create_game (c, options);
      Listener l = { game, g_ptr_array_new_with_free_func (message_free), 0, FALSE };
      guint sub = g_dbus_connection_signal_subscribe (
          c, BUS_NAME, NULL, NULL, NULL, NULL, G_DBUS_SIGNAL_FLAGS_NONE, on_message, &l, NULL);
      guint wait_for = (guint)g_rand_int_range (rand, 1, 40);
      Copy copy = {
        g_ptr_array_new_with_free_func (g_free), g_ptr_array_new_with_free_func (g_free), { 0 }, 3
      };

      g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
      WAIT_FOR (l.tiles_placed >= wait_for || l.over);
      g_autoptr (GVariant) snap
          = call_ok (c, game, GAME_IFACE, "GetSnapshot", g_variant_new ("(a{sv})", NULL));
      guint64 at;
      g_autoptr (GVariant) props = NULL, players = NULL, pieces = NULL, followers = NULL;
      g_autoptr (GVariant) hand = NULL;
      g_variant_get (snap, "(t@a{sv}@a(oa{sv})@a(uiisuo)@a(ouuu)@as)", &at, &props, &players,
                     &pieces, &followers, &hand);
      ck_assert_uint_eq (g_variant_n_children (players), 3);
      ck_assert_uint_eq (g_variant_n_children (hand), 0); /* the listener holds no seat */
      copy_from_pieces (&copy, pieces, followers);
      g_autoptr (GHashTable) known
          = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      known_add (known, game, props);
      for (gsize i = 0; i < g_variant_n_children (players); i++)
        {
          const char *path;
          g_autoptr (GVariant) p = NULL;
          g_variant_get_child (players, i, "(&o@a{sv})", &path, &p);
          known_add (known, path, p);
        }
      guint32 snap_turn = 0;
      g_variant_lookup (props, "Turn", "u", &snap_turn);
      guint64 snap_sequence = 0;
      g_variant_lookup (props, "Sequence", "t", &snap_sequence);
      ck_assert_uint_eq (snap_sequence, at);
      guint n_snap_pieces = (guint)g_variant_n_children (pieces);
      g_autoptr (GVariant) scores = g_variant_lookup_value (props, "Scores", G_VARIANT_TYPE ("au"));
      for (guint i = 0; i < 3; i++)
        g_variant_get_child (scores, i, "u", &copy.scores[i]);
      WAIT_FOR (l.over);
      ck_assert (l.over);
      /* the final PropertiesChanged may follow GameOver: read once the daemon answered */
      g_autoptr (GVariant) end = call_ok (c, game, GAME_IFACE, "GetPieces", NULL);
      g_autoptr (GVariant) final_scores = get_property (c, game, GAME_IFACE, "Scores");

      guint before = 0, after = 0;
      for (guint i = 0; i < l.messages->len; i++)
        {
          const Message *m = l.messages->pdata[i];
          ck_assert_msg (m->sequence != 0, "%s of %s has no sequence number", m->member, m->path);
          if (i > 0)
            ck_assert_msg (m->sequence == ((Message *)l.messages->pdata[i - 1])->sequence + 1,
                           "%s numbered %" G_GUINT64_FORMAT " after %" G_GUINT64_FORMAT, m->member,
                           m->sequence, ((Message *)l.messages->pdata[i - 1])->sequence);
          check_against_snapshot (known, m, m->sequence > at, snap_turn, n_snap_pieces);
          if (m->sequence <= at)
            {
              before++;
              continue;
            }
          after++;
          copy_apply (&copy, m);
        }
      /* the listener saw messages the snapshot already held: the race the numbers solve */
      ck_assert_uint_gt (before, 0);
      g_autoptr (GVariant) end_pieces = g_variant_get_child_value (end, 0);
      g_autoptr (GVariant) end_followers = g_variant_get_child_value (end, 1);
      g_autofree char *want_pieces = g_variant_print (end_pieces, FALSE);
      g_autofree char *want_followers = g_variant_print (end_followers, FALSE);
      g_autofree char *got_pieces = joined (copy.pieces, FALSE);
      g_autofree char *got_followers = joined (copy.followers, TRUE);
      g_autofree char *sorted_followers = sorted_array_text (end_followers);
      ck_assert_str_eq (got_pieces, want_pieces);
      ck_assert_str_eq (got_followers, sorted_followers);
      for (guint i = 0; i < 3; i++)
        {
          guint32 want;
          g_variant_get_child (final_scores, i, "u", &want);
          ck_assert_uint_eq (copy.scores[i], want);
        }
      g_ptr_array_unref (copy.pieces);
      g_ptr_array_unref (copy.followers);
      (void)want_followers;
      /* for the log: where the snapshot fell (no timing is asserted) */
      g_print ("seed %" G_GUINT64_FORMAT ": snapshot at %" G_GUINT64_FORMAT
               ", %u messages before it, %u after\n",
               seeds[round], at, before, after);
      g_dbus_connection_signal_unsubscribe (c, sub);
      g_ptr_array_unref (l.messages);
    }
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* The segments of each tile id of @game (GetTileTypes). */
static GHashTable *
segments_per_tile (GDBusConnection *c, const char *game)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetTileTypes", NULL);
  g_autoptr (GVariant) types = g_variant_get_child_value (r, 0);
  GHashTable *n = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (gsize i = 0; i < g_variant_n_children (types); i++)
    {
      const char *id;
      g_autoptr (GVariant) segs = NULL;
      g_variant_get_child (types, i, "(&s@au@a(uasb)@a{ss})", &id, NULL, &segs, NULL);
      g_hash_table_insert (n, g_strdup (id), GUINT_TO_POINTER (g_variant_n_children (segs)));
    }
  return n;
}

/* Plays a 2-bot half-tile game of @seed to the end; returns its messages. */
static GPtrArray *
play_bot_game (GDBusConnection *c, const char *options, char **game_out)
{
  char *game = create_game (c, options);
  Listener l = { game, g_ptr_array_new_with_free_func (message_free), 0, FALSE };
  guint sub = g_dbus_connection_signal_subscribe (c, BUS_NAME, GAME_IFACE, NULL, game, NULL,
                                                  G_DBUS_SIGNAL_FLAGS_NONE, on_message, &l, NULL);

  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  WAIT_FOR (l.over);
  ck_assert (l.over);
  g_dbus_connection_signal_unsubscribe (c, sub);
  *game_out = game;
  return l.messages;
}

/* "(piece, segment)" of every segment of every feature, and the features' texts. */
static void
check_features (GDBusConnection *c, const char *game, GVariant *pieces, GHashTable *n_segments,
                GHashTable *features)
{
  g_autoptr (GVariant) r = call_ok (c, game, GAME_IFACE, "GetFeatures", NULL);
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint want = 0;

  for (gsize i = 0; i < g_variant_n_children (pieces); i++)
    {
      const char *tile;
      g_variant_get_child (pieces, i, "(uii&suo)", NULL, NULL, NULL, &tile, NULL, NULL);
      want += GPOINTER_TO_UINT (g_hash_table_lookup (n_segments, tile));
    }
  for (gsize i = 0; i < g_variant_n_children (list); i++)
    {
      g_autoptr (GVariant) segs = NULL;
      g_variant_get_child (list, i, "(uubuu@au@a(iiuu))", NULL, NULL, NULL, NULL, NULL, NULL,
                           &segs);
      for (gsize k = 0; k < g_variant_n_children (segs); k++)
        {
          gint32 x, y, px, py;
          guint32 piece, segment;
          g_variant_get_child (segs, k, "(iiuu)", &x, &y, &piece, &segment);
          ck_assert_uint_lt (piece, g_variant_n_children (pieces));
          g_variant_get_child (pieces, piece, "(uii&suo)", NULL, &px, &py, NULL, NULL, NULL);
          ck_assert (x == px && y == py);
          ck_assert_msg (g_hash_table_add (seen, g_strdup_printf ("%u/%u", piece, segment)),
                         "piece %u segment %u in two features", piece, segment);
        }
      g_hash_table_add (features, g_variant_print (segs, FALSE));
    }
  ck_assert_uint_eq (g_hash_table_size (seen), want);
}

/* GetBoard's followers (player, x, y, piece, segment, kind) are @p's, GetPieces' (player,
 * piece, segment, kind), in order, with the cell of their piece; returns how many stand in a
 * cell holding two pieces, where (x, y, segment) alone was ambiguous. */
static guint
check_board_followers (GVariant *b, GVariant *p)
{
  g_autoptr (GVariant) tiles = g_variant_get_child_value (b, 0);
  g_autoptr (GVariant) on_board = g_variant_get_child_value (b, 1);
  g_autoptr (GVariant) pieces = g_variant_get_child_value (p, 0);
  g_autoptr (GVariant) by_piece = g_variant_get_child_value (p, 1);
  guint shared = 0;

  ck_assert_uint_eq (g_variant_n_children (on_board), g_variant_n_children (by_piece));
  ck_assert_uint_eq (g_variant_n_children (tiles), g_variant_n_children (pieces));
  for (gsize i = 0; i < g_variant_n_children (on_board); i++)
    {
      const char *player, *want_player;
      gint32 x, y, px, py;
      guint32 piece, segment, kind, want_piece, want_segment, want_kind;
      g_variant_get_child (on_board, i, "(&oiiuuu)", &player, &x, &y, &piece, &segment, &kind);
      g_variant_get_child (by_piece, i, "(&ouuu)", &want_player, &want_piece, &want_segment,
                           &want_kind);
      ck_assert_str_eq (player, want_player);
      ck_assert_uint_eq (piece, want_piece);
      ck_assert_uint_eq (segment, want_segment);
      ck_assert_uint_eq (kind, want_kind);
      g_variant_get_child (pieces, piece, "(uii&suo)", NULL, &px, &py, NULL, NULL, NULL);
      ck_assert (x == px && y == py);
      guint in_cell = 0;
      for (gsize q = 0; q < g_variant_n_children (pieces); q++)
        {
          g_variant_get_child (pieces, q, "(uii&suo)", NULL, &px, &py, NULL, NULL, NULL);
          in_cell += px == x && py == y;
        }
      shared += in_cell > 1;
    }
  return shared;
}

/* Follows a bot game of @options to its end, checking GetBoard's followers against GetPieces
 * whenever a GetBoard falls between two equal GetPieces (the bots did not move in between);
 * returns the followers seen in a cell of two pieces. */
static guint
follow_board_followers (GDBusConnection *c, const char *options)
{
  g_autofree char *game = create_game (c, options);
  guint shared = 0, checks = 0;
  g_variant_unref (call_ok (c, game, GAME_IFACE, "Start", NO_OPTIONS));
  while (get_uint (c, game, GAME_IFACE, "State") != 3)
    {
      g_autoptr (GVariant) before = call_ok (c, game, GAME_IFACE, "GetPieces", NULL);
      g_autoptr (GVariant) board = call_ok (c, game, GAME_IFACE, "GetBoard", NULL);
      g_autoptr (GVariant) after = call_ok (c, game, GAME_IFACE, "GetPieces", NULL);
      if (!g_variant_equal (before, after))
        continue;
      shared += check_board_followers (board, after);
      checks++;
    }
  ck_assert_uint_gt (checks, 10);
  return shared;
}

/* Issue 18: "Every segment reference (features, signals) says which piece of a cell it is on"
 * and "FeatureScored carries the feature's segments". Two bots play half-tile games (halftiles,
 * hands of 3) to the end. GetFeatures names every segment of every piece exactly once as
 * (x, y, piece, segment), (x, y) being the piece's; FollowerDeployed, FollowerReturned and
 * FeatureScored name a piece at their (x, y); every FeatureScored's segments are, exactly, one
 * feature of the final GetFeatures (a scored feature is complete, or scored at the end), and
 * hold its own reference. Some of those references are in a cell of two half tiles whose other
 * half has a segment of the same index: (x, y, segment) alone would be ambiguous there.
 * GetHistory of the game lists the tiles placed in GetPieces' order. GetBoard's followers
 * (x, y, piece, segment) are GetPieces' with their piece's cell throughout a bot game, some
 * in a cell of two half tiles. */
START_TEST (test_half_tile_references)
{
  GPid pid = daemon_start (NULL);
  g_autoptr (GDBusConnection) c = client_new ();
  guint ambiguous = 0, scorings = 0, shared = 0;

  for (guint64 seed = 1; seed <= 3; seed++)
    {
      g_autofree char *options
          = g_strdup_printf ("{'bots': <@u 2>, 'bot-delay': <@u 0>, 'seed': <@t %" G_GUINT64_FORMAT
                             ">, 'expansions': <['halftiles']>, 'halftiles.hand': <@u 3>}",
                             seed);
      g_autofree char *game = NULL;
      g_autoptr (GPtrArray) messages = play_bot_game (c, options, &game);
      g_autoptr (GHashTable) n_segments = segments_per_tile (c, game);
      g_autoptr (GHashTable) features
          = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_autoptr (GVariant) board = call_ok (c, game, GAME_IFACE, "GetPieces", NULL);
      g_autoptr (GVariant) pieces = g_variant_get_child_value (board, 0);

      check_features (c, game, pieces, n_segments, features);
      for (guint i = 0; i < messages->len; i++)
        {
          const Message *m = messages->pdata[i];
          gint32 x, y, px, py;
          guint32 piece, segment;
          g_autoptr (GVariant) segs = NULL;

          if (g_str_equal (m->member, "FollowerDeployed"))
            g_variant_get (m->params, "(&oiiuuu@as&st)", NULL, &x, &y, &piece, &segment, NULL, NULL,
                           NULL, NULL);
          else if (g_str_equal (m->member, "FollowerReturned"))
            g_variant_get (m->params, "(&oiiuu&st)", NULL, &x, &y, &piece, &segment, NULL, NULL);
          else if (g_str_equal (m->member, "FeatureScored"))
            g_variant_get (m->params, "(iiuuub@au@a(usuu)@a(iiuu)t)", &x, &y, &piece, &segment,
                           NULL, NULL, NULL, NULL, &segs, NULL);
          else
            continue;
          g_variant_get_child (pieces, piece, "(uii&suo)", NULL, &px, &py, NULL, NULL, NULL);
          ck_assert_msg (x == px && y == py, "%s names piece %u at (%d, %d), not (%d, %d)",
                         m->member, piece, px, py, x, y);
          if (segs == NULL)
            continue;
          scorings++;
          g_autofree char *text = g_variant_print (segs, FALSE);
          ck_assert_msg (g_hash_table_contains (features, text),
                         "FeatureScored's %s is no feature of GetFeatures", text);
          g_autoptr (GVariant) own
              = g_variant_ref_sink (g_variant_new ("(iiuu)", x, y, piece, segment));
          gboolean found = FALSE;
          for (gsize k = 0; k < g_variant_n_children (segs); k++)
            {
              g_autoptr (GVariant) ref = g_variant_get_child_value (segs, k);
              gint32 rx, ry;
              guint32 rp, rs;
              found |= g_variant_equal (ref, own);
              g_variant_get (ref, "(iiuu)", &rx, &ry, &rp, &rs);
              /* another piece in the same cell with a segment of the same index */
              for (gsize q = 0; q < g_variant_n_children (pieces); q++)
                {
                  const char *tile;
                  g_variant_get_child (pieces, q, "(uii&suo)", NULL, &px, &py, &tile, NULL, NULL);
                  ambiguous += q != rp && px == rx && py == ry
                               && rs < GPOINTER_TO_UINT (g_hash_table_lookup (n_segments, tile));
                }
            }
          ck_assert (found);
        }

      /* GetHistory (issue 18): the tiles the moves placed, in GetPieces' order */
      g_autoptr (GVariant) h = call_ok (c, game, GAME_IFACE, "GetHistory", NULL);
      g_autoptr (GVariant) history = g_variant_get_child_value (h, 0);
      guint placed = 1; /* the start tile is no move */
      for (gsize i = 0; i < g_variant_n_children (history); i++)
        {
          const char *type, *tile, *want;
          g_variant_get_child (history, i, "(u&o&s@a{sv}&s)", NULL, NULL, &type, NULL, &tile);
          if (!g_str_equal (type, "place") && !g_str_equal (type, "place-piece"))
            continue;
          g_variant_get_child (pieces, placed++, "(uii&suo)", NULL, NULL, NULL, &want, NULL, NULL);
          ck_assert_str_eq (tile, want);
        }
      ck_assert_uint_eq (placed, g_variant_n_children (pieces));
    }
  /* GetBoard's followers name their piece, throughout a game of bots that wait 5 ms */
  for (guint64 seed = 1; seed <= 3 && shared == 0; seed++)
    {
      g_autofree char *options
          = g_strdup_printf ("{'bots': <@u 2>, 'bot-delay': <@u 5>, 'seed': <@t %" G_GUINT64_FORMAT
                             ">, 'expansions': <['halftiles']>, 'halftiles.hand': <@u 3>}",
                             seed);
      shared += follow_board_followers (c, options);
    }
  ck_assert_uint_gt (scorings, 0);
  ck_assert_uint_gt (ambiguous, 0);
  ck_assert_uint_gt (shared, 0);
  g_print ("half tiles: %u scorings, %u references ambiguous without the piece, %u of GetBoard's "
           "followers in a cell of two pieces\n",
           scorings, ambiguous, shared);
  ck_assert_int_eq (daemon_stop (pid), 0);
}
END_TEST

/* Issue 18: "The move history of a running game, readable by anyone (the seed and the
 * face-down order stay hidden)". After 6 turns of a seeded game, a stranger's GetHistory lists
 * the 12 moves: turn t's place then deploy or skip, by Ann on odd turns and Bob on even ones,
 * each place with the tile GetPieces shows there and nothing else with a tile; ExportRecord,
 * which holds the seed and the pile, stays the creator's (PermissionDenied). */
START_TEST (test_history_for_anyone)
{
  Fixture f;
  fixture_setup (&f, NULL, "{'seed': <@t 5>}", TRUE);
  GDBusConnection *clients[2];
  char *players[2];

  fixture_players (&f, clients, players);
  for (guint turn = 1; turn <= 6; turn++)
    play_policy_turn (mover (&f), f.game);
  g_autoptr (GVariant) h = call_ok (f.x, f.game, GAME_IFACE, "GetHistory", NULL);
  g_autoptr (GVariant) history = g_variant_get_child_value (h, 0);
  g_autoptr (GVariant) board = call_ok (f.x, f.game, GAME_IFACE, "GetPieces", NULL);
  g_autoptr (GVariant) pieces = g_variant_get_child_value (board, 0);

  ck_assert_uint_eq (g_variant_n_children (history), 12);
  for (guint i = 0; i < 12; i++)
    {
      guint32 turn;
      const char *player, *type, *tile, *want;
      g_autoptr (GVariant) args = NULL;
      g_variant_get_child (history, i, "(u&o&s@a{sv}&s)", &turn, &player, &type, &args, &tile);
      ck_assert_uint_eq (turn, i / 2 + 1);
      ck_assert_str_eq (player, players[i / 2 % 2]);
      if (i % 2 == 0)
        {
          gint32 x, y, px, py;
          ck_assert_str_eq (type, "place");
          ck_assert (g_variant_lookup (args, "x", "i", &x)
                     && g_variant_lookup (args, "y", "i", &y));
          g_variant_get_child (pieces, i / 2 + 1, "(uii&suo)", NULL, &px, &py, &want, NULL, NULL);
          ck_assert (x == px && y == py);
          ck_assert_str_eq (tile, want);
        }
      else
        {
          ck_assert (g_str_equal (type, "deploy") || g_str_equal (type, "skip"));
          ck_assert_str_eq (tile, "");
        }
    }
  GAME_REFUSED (f.x, f.game, "ExportRecord", NO_OPTIONS, E ("PermissionDenied"));
  fixture_teardown (&f);
}
END_TEST

/* PlaceAndDeploy's "piece" and PreviewDeployments' "place-piece" (issue 18): a half-tile game
 * (hands of 2) starts choosing (State 4). Ann previews her hand piece 0 at its first legal
 * placement; PlaceAndDeploy with "piece" 5 is NoPiece, with "piece" of type s InvalidArgs,
 * both changing nothing; then PlaceAndDeploy with "piece" 0 and no figure places that half
 * tile (GetPieces shows the hand's tile there, HandSize drops to 1) and the turn ends. A
 * second game, alike, makes the same placement with PlacePiece: GetDeployments then equals
 * the preview. */
START_TEST (test_place_piece_and_preview)
{
  const char *options = "{'seed': <@t 12>, 'expansions': <['halftiles']>, "
                        "'halftiles.hand': <uint32 2>}";
  Fixture f;
  fixture_setup (&f, NULL, options, TRUE);
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "State"), 4);
  g_autoptr (GVariant) hand
      = call_ok (f.a, f.game, GAME_IFACE, "GetHand", g_variant_new ("(oa{sv})", f.pa, NULL));
  const char *tile;
  g_autoptr (GVariant) ids = g_variant_get_child_value (hand, 0);
  g_variant_get_child (ids, 0, "&s", &tile);
  g_autoptr (GVariant) r = call_ok (f.a, f.game, GAME_IFACE, "GetPiecePlacements",
                                    g_variant_new ("(ua{sv})", 0, NULL));
  g_autoptr (GVariant) list = g_variant_get_child_value (r, 0);
  gint32 x, y;
  guint32 rotation;
  ck_assert_uint_gt (g_variant_n_children (list), 0);
  g_variant_get_child (list, 0, "(iiu)", &x, &y, &rotation);

  g_autoptr (GVariant) p
      = call_ok (f.a, f.game, GAME_IFACE, "PreviewDeployments",
                 g_variant_new ("(s@a{sv}a{sv})", "place-piece",
                                g_variant_new_parsed ("{'piece': <@u 0>, 'x': <%i>, 'y': <%i>, "
                                                      "'rotation': <%u>}",
                                                      x, y, rotation),
                                NULL));
  g_autoptr (GVariant) preview = g_variant_get_child_value (p, 0);
  ck_assert_uint_gt (g_variant_n_children (preview), 0); /* a half tile offers its segments */
  GAME_REFUSED (f.a, f.game, "PlaceAndDeploy",
                g_variant_new ("(iiusu@a{sv})", x, y, rotation, "", 0,
                               g_variant_new_parsed ("{'piece': <@u 5>}")),
                E ("NoPiece"));
  GAME_REFUSED (f.a, f.game, "PlaceAndDeploy",
                g_variant_new ("(iiusu@a{sv})", x, y, rotation, "", 0,
                               g_variant_new_parsed ("{'piece': <'0'>}")),
                E ("InvalidArgs"));
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "PlaceAndDeploy",
                            g_variant_new ("(iiusu@a{sv})", x, y, rotation, "", 0,
                                           g_variant_new_parsed ("{'piece': <@u 0>}"))));
  g_autoptr (GVariant) board = call_ok (f.x, f.game, GAME_IFACE, "GetPieces", NULL);
  g_autoptr (GVariant) pieces = g_variant_get_child_value (board, 0);
  gint32 px, py;
  const char *placed;
  g_variant_get_child (pieces, 1, "(uii&suo)", NULL, &px, &py, &placed, NULL, NULL);
  ck_assert (px == x && py == y);
  ck_assert_str_eq (placed, tile);
  ck_assert_uint_eq (get_uint (f.a, f.pa, PLAYER_IFACE, "HandSize"), 1);
  ck_assert_uint_eq (get_uint (f.a, f.game, GAME_IFACE, "Turn"), 2);
  fixture_teardown (&f);

  fixture_setup (&f, NULL, options, TRUE);
  g_variant_unref (call_ok (f.a, f.game, GAME_IFACE, "PlacePiece",
                            g_variant_new ("(uiiua{sv})", 0, x, y, rotation, NULL)));
  g_autoptr (GVariant) real = deployments (f.a, f.game);
  ck_assert (g_variant_equal (real, preview));
  fixture_teardown (&f);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("daemon-gui");
  TCase *tc = tcase_create ("gui");
  tcase_set_timeout (tc, 120);
  tcase_add_test (tc, test_preview_equals_deployments);
  tcase_add_test (tc, test_place_and_deploy);
  tcase_add_test (tc, test_snapshot_while_bots_play);
  tcase_add_test (tc, test_half_tile_references);
  tcase_add_test (tc, test_history_for_anyone);
  tcase_add_test (tc, test_place_piece_and_preview);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
