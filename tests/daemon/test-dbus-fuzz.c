/* test-dbus-fuzz.c: our own D-Bus fuzzer for carcassonned (issue 8, "Reliability and security").
 *
 * Real games and seats are set up first (games waiting, playing, with every expansion, with a
 * bot, over, imported), so that calls get past the first checks. The fuzzer then walks the
 * daemon's introspection from "/" and calls every method and every property (Get, GetAll,
 * Set) of every object it finds, and some that do not exist, with random and hostile values:
 * right and wrong signatures, wrong variant contents, huge strings, deep nesting (variants in
 * variants, arrays of arrays, up to the bus's limits), existing, nonexistent and near-miss
 * object paths, boundary numbers (0, -1, INT_MAX, UINT32_MAX, NaN...). Calls go out in
 * batches, pipelined on one connection at a time. After every batch the daemon must still
 * answer (Peer.Ping, Manager.ListGames) and every game must pass its invariant: its record
 * (ExportRecord, as the creator) replays in-process to exactly the daemon's StateHash, and its
 * seats are still held by the clients that took them. The games are kept moving with legal
 * moves between batches, so that the calls meet every phase.
 *
 * Seeded: the seed is printed; DBUS_FUZZ_SEED=N repeats the same calls (the daemon's bots and
 * the order of the bus make the outcomes of a few calls vary). DBUS_FUZZ_CALLS=N sets the
 * number of calls (default 3000, the `make check` form; doc/reliability.md gives the long
 * form). Under the ASan+UBSan build (tools/sanitize) a sanitizer report in the daemon, a crash
 * or a leak at exit makes daemon_stop() nonzero, and the test fails.
 */
#include "config.h"

#include <check.h>
#include <dbus/dbus.h>
#include <math.h>

#include "check-run.h"
#include "daemon-fixture.h"
#include "daemon-mirror.h"
#include "daemon-stats.h"
#include "plugin-host.h"

#define N_CLIENTS 5 /* 0..3 hold seats, 4 is a stranger */
#define BATCH     100

typedef struct
{
  char *path;
  guint n_seats;
  gint seat_client[6]; /* the client holding each seat we took, -1: a bot or not ours */
  char *tokens[6];
  gboolean protect; /* never Leave or Delete it with the right signature */
} Game;

typedef struct
{
  char *path, *iface, *member, *signature; /* signature: the in args, or the property type */
  gboolean property;
} Target;

typedef struct
{
  GRand *rand;
  GDBusConnection *c[N_CLIENTS];
  GPtrArray *games;     /* Game* */
  GPtrArray *targets;   /* Target* */
  GPtrArray *paths;     /* every object path found */
  GPtrArray *strings;   /* interesting strings: tokens, records, names, keys */
  CarcPluginHost *host; /* nullable */
  guint pending;
  guint64 calls, replies_ok;
  GHashTable *outcomes; /* error name (or "ok") -> count */
  guint huge_max;       /* the largest string sent, bytes */
  guint not_sent;       /* calls past the D-Bus limits, which the bus would refuse */
  guint seats_taken;    /* seats that changed hands by a fuzzed Rejoin with a real token */
  gboolean verbose;     /* DBUS_FUZZ_VERBOSE: every call printed */
  gsize huge_left;      /* bytes of huge strings the call being built may still take */
} Fuzz;

/* Values ---------------------------------------------------------------------------------- */

static const char *const option_keys[]
    = { "players",        "bots",    "bot-delay", "seed",  "tile-order",     "expansions",
        "followers",      "farmers", "name",      "moves", "halftiles.hand", "halftiles.draft",
        "halftiles.hill", "abbey.x", "winter",    "",      "players\n",      "PLAYERS",
        "halftiles.",     ".hand",   "token" };

static const char *const basic_types = "bynqiuxtdsog";

static gint64
boundary_int (Fuzz *f)
{
  static const gint64 values[]
      = { 0,      1,          -1,         2,           3,     4,     6,
          7,      G_MAXINT32, G_MININT32, G_MAXUINT32, 32765, 32766, -32766,
          -32767, G_MAXINT64, G_MININT64, 255,         256,   65535 };

  switch (g_rand_int_range (f->rand, 0, 4))
    {
      case 0:
        return g_rand_int_range (f->rand, -3, 4);
      case 1:
        return (gint64)((guint64)g_rand_int (f->rand) << 32 | g_rand_int (f->rand));
      default:
        return values[g_rand_int_range (f->rand, 0, G_N_ELEMENTS (values))];
    }
}

static double
boundary_double (Fuzz *f)
{
  static const double values[] = { 0.0, -0.0, 1.0, -1.0, 1e308, -1e308, 4.9e-324, 0.5, 3.0 };

  switch (g_rand_int_range (f->rand, 0, 5))
    {
      case 0:
        return NAN;
      case 1:
        return INFINITY;
      case 2:
        return -INFINITY;
      case 3:
        return g_rand_double_range (f->rand, -1e9, 1e9);
      default:
        return values[g_rand_int_range (f->rand, 0, G_N_ELEMENTS (values))];
    }
}

/* A string of @len random bytes of valid UTF-8, mostly ASCII, some control characters. */
static char *
random_text (Fuzz *f, gsize len)
{
  static const char *const pieces[] = { "é", "€", "𝄞", "\t", "\n", "\x01", "\x7f", " ", "{", "\"" };
  GString *s = g_string_sized_new (len + 4);

  while (s->len < len)
    {
      if (g_rand_int_range (f->rand, 0, 8) == 0)
        g_string_append (s, pieces[g_rand_int_range (f->rand, 0, G_N_ELEMENTS (pieces))]);
      else
        g_string_append_c (s, (char)g_rand_int_range (f->rand, 0x20, 0x7f));
    }
  return g_string_free (s, FALSE);
}

static char *
random_string (Fuzz *f)
{
  switch (g_rand_int_range (f->rand, 0, 16))
    {
      case 0:
        return g_strdup ("");
      case 1:
        {
          /* huge: 64 KiB up to 1 MiB, 1 MiB in all per call */
          gsize len = (gsize)g_rand_int_range (f->rand, 64 << 10, (1 << 20) + 1);
          char *s;

          if (len > f->huge_left)
            return g_strdup ("not huge");
          f->huge_left -= len;
          s = g_malloc (len + 1);
          memset (s, "aZ0 {"[g_rand_int_range (f->rand, 0, 5)], len);
          s[len] = '\0';
          f->huge_max = MAX (f->huge_max, (guint)len);
          return s;
        }
      case 2:
        return random_text (f, (gsize)g_rand_int_range (f->rand, 60, 70)); /* near the name cap */
      case 3:
      case 4:
        return random_text (f, (gsize)g_rand_int_range (f->rand, 0, 40));
      case 5:
      case 6:
        return g_strdup (option_keys[g_rand_int_range (f->rand, 0, G_N_ELEMENTS (option_keys))]);
      default:
        {
          const char *s
              = g_ptr_array_index (f->strings, g_rand_int_range (f->rand, 0, f->strings->len));
          gsize len = strlen (s);

          if (len > 0 && g_rand_int_range (f->rand, 0, 3) == 0)
            {
              /* a mutated copy: one ASCII byte changed, or cut short */
              char *m = g_strdup (s);
              gsize at = (gsize)g_rand_int_range (f->rand, 0, (gint)len);

              if (g_rand_boolean (f->rand))
                m[at] = (char)g_rand_int_range (f->rand, 0x20, 0x7f);
              else
                m[at] = '\0';
              if (!g_utf8_validate (m, -1, NULL))
                m[at] = '\0';
              return m;
            }
          return g_strdup (s);
        }
    }
}

static char *
random_path (Fuzz *f)
{
  static const char *const odd[] = { "/",
                                     "/org",
                                     "/org/carcassonne",
                                     "/org/carcassonne/Engine1/game",
                                     "/org/carcassonne/Engine1/game/0",
                                     "/org/carcassonne/Engine1/game/01",
                                     "/org/carcassonne/Engine1/game/4294967296",
                                     "/org/carcassonne/Engine1/game/99999",
                                     "/org/carcassonne/Engine1/game/1x",
                                     "/org/carcassonne/Engine1/game/1/player",
                                     "/org/carcassonne/Engine1/game/1/player/6",
                                     "/org/carcassonne/Engine1/game/1/player/0/x",
                                     "/org/carcassonne/Engine1/game/1/player/00",
                                     "/org/carcassonne/Engine1/expansion",
                                     "/org/carcassonne/Engine1/expansion/nope",
                                     "/org/carcassonne/Engine1/expansion/abbey/x",
                                     "/org/carcassonne/Engine2",
                                     "/org/freedesktop/DBus" };

  if (g_rand_int_range (f->rand, 0, 3) == 0)
    return g_strdup (odd[g_rand_int_range (f->rand, 0, G_N_ELEMENTS (odd))]);
  const char *p = g_ptr_array_index (f->paths, g_rand_int_range (f->rand, 0, f->paths->len));
  switch (g_rand_int_range (f->rand, 0, 4))
    {
      case 0:
        return g_strconcat (p, g_str_equal (p, "/") ? "x" : "/x", NULL);
      case 1:
        return g_strconcat (p, "0", NULL);
      default:
        return g_strdup (p);
    }
}

/* A random type, at most @depth containers deep. */
static void
random_type (Fuzz *f, GString *t, guint depth)
{
  guint k = (guint)g_rand_int_range (f->rand, 0, depth > 0 ? 14 : 8);

  if (k < 8)
    g_string_append_c (t, basic_types[g_rand_int_range (f->rand, 0, 12)]);
  else if (k < 10)
    {
      g_string_append_c (t, 'a');
      random_type (f, t, depth - 1);
    }
  else if (k == 10)
    {
      g_string_append (t, "a{");
      g_string_append_c (t, basic_types[g_rand_int_range (f->rand, 0, 12)]);
      random_type (f, t, depth - 1);
      g_string_append_c (t, '}');
    }
  else if (k == 11)
    g_string_append_c (t, 'v');
  else
    {
      guint n = (guint)g_rand_int_range (f->rand, 1, 4);
      g_string_append_c (t, '(');
      for (guint i = 0; i < n; i++)
        random_type (f, t, depth - 1);
      g_string_append_c (t, ')');
    }
}

static GVariant *value_of (Fuzz *f, const GVariantType *type, guint depth);

/* A variant's contents: mostly small random values, sometimes variants in variants up to 30
 * deep, sometimes arrays of arrays (the bus allows 32 levels of each). */
static GVariant *
variant_contents (Fuzz *f, guint depth)
{
  guint k = (guint)g_rand_int_range (f->rand, 0, 12);

  if (k == 0 && depth < 2)
    {
      guint n = (guint)g_rand_int_range (f->rand, 1, 31);
      GVariant *v = g_variant_new_uint32 ((guint32)boundary_int (f));
      for (guint i = 0; i < n; i++)
        v = g_variant_new_variant (v);
      return v;
    }
  if (k == 1 && depth < 2)
    {
      guint n = (guint)g_rand_int_range (f->rand, 1, 30);
      g_autofree char *t = g_strnfill (n, 'a');
      g_autofree char *full = g_strconcat (t, g_rand_boolean (f->rand) ? "s" : "v", NULL);
      return value_of (f, G_VARIANT_TYPE (full), 30);
    }
  g_autoptr (GString) t = g_string_new (NULL);
  random_type (f, t, depth < 3 ? 2 : 0);
  return value_of (f, G_VARIANT_TYPE (t->str), depth + 1);
}

/* An a{sv} of options: known and unknown keys, right and wrong types, boundary values. */
static GVariant *
options_value (Fuzz *f, guint depth)
{
  GVariantBuilder b;
  guint n;

  switch (g_rand_int_range (f->rand, 0, 8))
    {
      case 0:
        n = 0;
        break;
      case 1:
        n = (guint)g_rand_int_range (f->rand, 30, 200); /* past the 32-entry cap */
        break;
      default:
        n = (guint)g_rand_int_range (f->rand, 1, 5);
    }
  g_variant_builder_init (&b, G_VARIANT_TYPE ("a{sv}"));
  for (guint i = 0; i < n; i++)
    {
      const char *key = option_keys[g_rand_int_range (f->rand, 0, G_N_ELEMENTS (option_keys))];
      GVariant *v;

      switch (g_rand_int_range (f->rand, 0, 6))
        {
          case 0:
            v = g_variant_new_uint32 ((guint32)boundary_int (f));
            break;
          case 1:
            v = g_variant_new_uint64 ((guint64)boundary_int (f));
            break;
          case 2:
            v = g_variant_new_boolean (g_rand_boolean (f->rand));
            break;
          case 3:
            {
              /* an as: tile ids or expansion names, or junk */
              GVariantBuilder ab;
              guint m = (guint)g_rand_int_range (f->rand, 0, g_rand_boolean (f->rand) ? 5 : 1100);
              static const char *const ids[]
                  = { "D", "A", "V", "abbey", "halftiles", "vineyards", "winter", "Q", "ZZ" };

              g_variant_builder_init (&ab, G_VARIANT_TYPE ("as"));
              for (guint j = 0; j < m; j++)
                {
                  if (g_rand_int_range (f->rand, 0, 20) == 0)
                    {
                      g_autofree char *s = random_string (f);
                      g_variant_builder_add (&ab, "s", s);
                    }
                  else
                    g_variant_builder_add (&ab, "s",
                                           ids[g_rand_int_range (f->rand, 0, G_N_ELEMENTS (ids))]);
                }
              v = g_variant_builder_end (&ab);
              break;
            }
          case 4:
            {
              g_autofree char *s = random_string (f);
              v = g_variant_new_string (s);
              break;
            }
          default:
            v = variant_contents (f, depth + 1);
        }
      g_variant_builder_add (&b, "{sv}", key, v);
    }
  return g_variant_builder_end (&b);
}

static GVariant *
value_of (Fuzz *f, const GVariantType *type, guint depth)
{
  if (g_variant_type_equal (type, G_VARIANT_TYPE ("a{sv}")) && g_rand_int_range (f->rand, 0, 4))
    return options_value (f, depth);
  switch (g_variant_type_peek_string (type)[0])
    {
      case 'b':
        return g_variant_new_boolean (g_rand_boolean (f->rand));
      case 'y':
        return g_variant_new_byte ((guchar)boundary_int (f));
      case 'n':
        return g_variant_new_int16 ((gint16)boundary_int (f));
      case 'q':
        return g_variant_new_uint16 ((guint16)boundary_int (f));
      case 'i':
        return g_variant_new_int32 ((gint32)boundary_int (f));
      case 'u':
      case 'h':
        return g_variant_new_uint32 ((guint32)boundary_int (f));
      case 'x':
        return g_variant_new_int64 (boundary_int (f));
      case 't':
        return g_variant_new_uint64 ((guint64)boundary_int (f));
      case 'd':
        return g_variant_new_double (boundary_double (f));
      case 's':
        {
          g_autofree char *s = random_string (f);
          return g_variant_new_string (s);
        }
      case 'o':
        {
          g_autofree char *s = random_path (f);
          return g_variant_new_object_path (s);
        }
      case 'g':
        {
          g_autoptr (GString) t = g_string_new (NULL);
          random_type (f, t, 2);
          return g_variant_new_signature (t->str);
        }
      case 'v':
        return g_variant_new_variant (variant_contents (f, depth));
      case 'a':
        {
          const GVariantType *element = g_variant_type_element (type);
          GVariantBuilder b;
          guint n;

          switch (g_rand_int_range (f->rand, 0, 10))
            {
              case 0:
                n = depth > 4 ? 1 : (guint)g_rand_int_range (f->rand, 100, 5000);
                break;
              case 1:
              case 2:
                n = 0;
                break;
              default:
                n = (guint)g_rand_int_range (f->rand, 1, 4);
            }
          if (n > 4
              && (!g_variant_type_is_basic (element)
                  || strchr ("sog", g_variant_type_peek_string (element)[0])))
            n = 4;
          g_variant_builder_init (&b, type);
          for (guint i = 0; i < n; i++)
            g_variant_builder_add_value (&b, value_of (f, element, depth + 1));
          return g_variant_builder_end (&b);
        }
      case '{':
        {
          const GVariantType *k = g_variant_type_key (type);
          const GVariantType *v = g_variant_type_value (type);
          return g_variant_new_dict_entry (value_of (f, k, depth + 1), value_of (f, v, depth + 1));
        }
      case '(':
        {
          GVariantBuilder b;

          g_variant_builder_init (&b, type);
          for (const GVariantType *t = g_variant_type_first (type); t; t = g_variant_type_next (t))
            g_variant_builder_add_value (&b, value_of (f, t, depth + 1));
          return g_variant_builder_end (&b);
        }
      default:
        ck_abort_msg ("no value for type %s", g_variant_type_peek_string (type));
        return NULL;
    }
}

/* Arguments for a method with in-signature @sig: mostly its own signature with hostile values;
 * else one argument missing, one too many, or any other signature. */
static GVariant *
arguments (Fuzz *f, const char *sig)
{
  g_autoptr (GString) t = g_string_new ("(");
  g_autofree char *own = g_strconcat ("(", sig, ")", NULL);
  guint k = (guint)g_rand_int_range (f->rand, 0, 10);

  if (k < 6)
    g_string_assign (t, own);
  else if (k == 6 && sig[0] != '\0')
    {
      /* the last complete type left out */
      g_autoptr (GVariantType) full = g_variant_type_new (own);
      guint n = (guint)g_variant_type_n_items (full);
      const GVariantType *it = g_variant_type_first (full);
      for (guint i = 0; i + 1 < n; i++, it = g_variant_type_next (it))
        g_string_append_len (t, g_variant_type_peek_string (it),
                             g_variant_type_get_string_length (it));
      g_string_append_c (t, ')');
    }
  else if (k == 7)
    {
      g_string_append (t, sig);
      random_type (f, t, 2);
      g_string_append_c (t, ')');
    }
  else
    {
      guint n = (guint)g_rand_int_range (f->rand, 0, 4);
      for (guint i = 0; i < n; i++)
        random_type (f, t, 3);
      g_string_append_c (t, ')');
    }
  if (g_str_equal (t->str, "()"))
    return NULL;
  return value_of (f, G_VARIANT_TYPE (t->str), 0);
}

/* Calls ----------------------------------------------------------------------------------- */

typedef struct
{
  Fuzz *f;
  char *what;      /* for the message */
  guint caller;    /* the client that sent it */
  gboolean rejoin; /* a Rejoin: when it succeeds, the caller now holds that seat */
} Pending;

static Game *game_at (Fuzz *f, const char *path);

/* A fuzzed Rejoin with a real token took a seat: legal, and the fuzzer's record of who holds
 * which seat follows. */
static void
seat_taken (Fuzz *f, guint caller, GDBusMessage *reply)
{
  GVariant *body = g_dbus_message_get_body (reply);
  const char *player, *seat;
  Game *g;

  if (body == NULL || !g_variant_is_of_type (body, G_VARIANT_TYPE ("(o)")))
    return;
  g_variant_get (body, "(&o)", &player);
  g = game_at (f, player);
  seat = strrchr (player, '/');
  if (g && seat)
    {
      guint64 i = g_ascii_strtoull (seat + 1, NULL, 10);
      ck_assert_uint_lt (i, g->n_seats);
      if (g->seat_client[i] != (gint)caller)
        f->seats_taken++;
      g->seat_client[i] = (gint)caller;
    }
}

static void
on_reply (GObject *source, GAsyncResult *res, gpointer data)
{
  Pending *p = data;
  Fuzz *f = p->f;
  g_autoptr (GError) error = NULL;
  g_autoptr (GDBusMessage) r
      = g_dbus_connection_send_message_with_reply_finish (G_DBUS_CONNECTION (source), res, &error);
  g_autofree char *name = NULL;

  f->pending--;
  if (r == NULL)
    {
      /* refused by GDBus before sending (a value it cannot marshal), or no reply */
      ck_assert_msg (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT)
                         || error->domain == G_DBUS_ERROR,
                     "%s: %s", p->what, error->message);
      ck_assert_msg (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT), "%s: %s", p->what,
                     error->message);
      name = g_strdup_printf ("local: %s", error->message);
      if (strlen (name) > 60)
        name[60] = '\0';
    }
  else if (g_dbus_message_get_message_type (r) == G_DBUS_MESSAGE_TYPE_ERROR)
    {
      name = g_strdup (g_dbus_message_get_error_name (r));
      ck_assert_msg (!g_str_equal (name, DBUS_E ("NoReply"))
                         && !g_str_equal (name, DBUS_E ("ServiceUnknown"))
                         && !g_str_equal (name, DBUS_E ("NameHasNoOwner"))
                         && !g_str_equal (name, DBUS_E ("Disconnected")),
                     "%s: %s: the daemon is gone or hung", p->what, name);
    }
  else
    {
      f->replies_ok++;
      name = g_strdup ("ok");
      if (p->rejoin)
        seat_taken (f, p->caller, r);
    }
  g_hash_table_insert (
      f->outcomes, g_strdup (name),
      GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (f->outcomes, name)) + 1));
  g_free (p->what);
  g_free (p);
}

/* The message is one the bus takes: libdbus, which validates messages as the bus does, reads it
 * back. The bus would disconnect a client for a message past the D-Bus limits (nesting, mostly);
 * those are counted, not sent. */
static gboolean
bus_accepts (Fuzz *f, GDBusMessage *m, const char *what)
{
  g_autoptr (GError) error = NULL;
  gsize size;
  g_autofree guchar *blob = NULL;
  DBusError e = DBUS_ERROR_INIT;
  DBusMessage *back;

  g_dbus_message_set_serial (m, 1);
  blob = g_dbus_message_to_blob (m, &size, G_DBUS_CAPABILITY_FLAGS_NONE, &error);
  g_dbus_message_set_serial (m, 0);
  if (blob == NULL)
    return TRUE; /* GDBus refuses it itself, with an error to the reply callback */
  back = dbus_message_demarshal ((const char *)blob, (int)size, &e);
  if (back)
    {
      dbus_message_unref (back);
      return TRUE;
    }
  if (f->verbose)
    {
      GVariant *body = g_dbus_message_get_body (m);
      g_autofree char *text = body ? g_variant_print (body, TRUE) : g_strdup ("()");

      if (strlen (text) > 400)
        strcpy (text + 390, "...");
      g_print ("not sent, the bus would refuse it: %s: %s: %s\n", what, e.message, text);
    }
  dbus_error_free (&e);
  f->not_sent++;
  return FALSE;
}

/* Sends a method call (@iface may be NULL: the message then has no interface field). */
static void
send_call (Fuzz *f, guint caller, const char *path, const char *iface, const char *member,
           GVariant *args)
{
  Pending *p = g_new0 (Pending, 1);
  GDBusConnection *c = f->c[caller];
  g_autoptr (GDBusMessage) m = g_dbus_message_new_method_call (BUS_NAME, path, iface, member);

  p->f = f;
  p->what = g_strdup_printf ("%s %s.%s", path, iface ? iface : "(none)", member);
  p->caller = caller;
  p->rejoin = g_str_equal (member, "Rejoin");
  if (args)
    g_dbus_message_set_body (m, args);
  if (!bus_accepts (f, m, p->what))
    {
      g_free (p->what);
      g_free (p);
      return;
    }
  if (f->verbose)
    g_print ("call %" G_GUINT64_FORMAT ": %s (%s, %" G_GSIZE_FORMAT " bytes)\n", f->calls, p->what,
             args ? g_variant_get_type_string (args) : "", args ? g_variant_get_size (args) : 0);
  f->pending++;
  f->calls++;
  g_dbus_connection_send_message_with_reply (c, m, G_DBUS_SEND_MESSAGE_FLAGS_NONE, 120000, NULL,
                                             NULL, on_reply, p);
}

static Game *
game_at (Fuzz *f, const char *path)
{
  for (guint i = 0; i < f->games->len; i++)
    {
      Game *g = g_ptr_array_index (f->games, i);
      gsize n = strlen (g->path);
      if (strncmp (path, g->path, n) == 0 && (path[n] == '\0' || path[n] == '/'))
        return g;
    }
  return NULL;
}

/* One fuzzed call from @c. */
static void
fuzz_one (Fuzz *f, guint caller)
{
  Target *t = g_ptr_array_index (f->targets, g_rand_int_range (f->rand, 0, f->targets->len));
  g_autofree char *path = g_strdup (t->path);
  const char *iface = t->iface;
  const char *member = t->member;
  GVariant *args = NULL;
  guint k = (guint)g_rand_int_range (f->rand, 0, 20);

  f->huge_left = 1 << 20;
  if (k == 0)
    {
      g_free (path);
      path = random_path (f);
    }
  else if (k == 1)
    iface = g_rand_boolean (f->rand) ? NULL : "org.carcassonne.Engine1.Nope";
  else if (k == 2)
    {
      /* a method of another target, on this path */
      Target *o = g_ptr_array_index (f->targets, g_rand_int_range (f->rand, 0, f->targets->len));
      if (!o->property)
        {
          iface = o->iface;
          member = o->member;
        }
    }

  if (t->property)
    {
      /* Get, GetAll or Set of this property */
      switch (g_rand_int_range (f->rand, 0, 4))
        {
          case 0:
            args = g_variant_new ("(ss)", t->iface, t->member);
            member = "Get";
            break;
          case 1:
            args = g_variant_new ("(s)", g_rand_boolean (f->rand) ? t->iface : "");
            member = "GetAll";
            break;
          case 2:
            {
              g_autoptr (GString) ty = g_string_new (NULL);
              random_type (f, ty, 2);
              args = g_variant_new (
                  "(ssv)", t->iface, t->member,
                  value_of (f, G_VARIANT_TYPE (g_rand_boolean (f->rand) ? t->signature : ty->str),
                            1));
              member = "Set";
              break;
            }
          default:
            {
              static const char *const members[] = { "Get", "GetAll", "Set" };
              static const char *const sigs[] = { "ss", "s", "ssv" };
              guint m = (guint)g_rand_int_range (f->rand, 0, 3);
              member = members[m];
              args = arguments (f, sigs[m]);
            }
        }
      if (k != 1)
        iface = PROPS_IFACE;
    }
  else
    args = arguments (f, t->signature);

  /* Leave and Delete, with the right signature, only on games the fuzzer may lose. */
  if (!t->property && (args == NULL || g_variant_is_of_type (args, G_VARIANT_TYPE ("(a{sv})")))
      && (iface == NULL || g_str_equal (iface, GAME_IFACE))
      && (g_str_equal (member, "Leave") || g_str_equal (member, "Delete")))
    {
      Game *g = game_at (f, path);
      if (g && g->protect)
        member = "Start";
    }
  send_call (f, caller, path, iface, member, args);
}

/* The daemon's objects ---------------------------------------------------------------------- */

static void
walk (Fuzz *f, const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r
      = call (f->c[4], path, "org.freedesktop.DBus.Introspectable", "Introspect", NULL, &error);
  g_autoptr (GDBusNodeInfo) node = NULL;
  const char *xml;

  if (r == NULL)
    return; /* gone meanwhile */
  g_variant_get (r, "(&s)", &xml);
  node = g_dbus_node_info_new_for_xml (xml, &error);
  ck_assert_msg (node != NULL, "%s: Introspect's XML does not parse: %s", path, error->message);
  g_ptr_array_add (f->paths, g_strdup (path));
  for (guint i = 0; node->interfaces && node->interfaces[i]; i++)
    {
      GDBusInterfaceInfo *iface = node->interfaces[i];
      for (guint m = 0; iface->methods && iface->methods[m]; m++)
        {
          GDBusMethodInfo *method = iface->methods[m];
          Target *t = g_new0 (Target, 1);
          GString *sig = g_string_new (NULL);

          for (guint a = 0; method->in_args && method->in_args[a]; a++)
            g_string_append (sig, method->in_args[a]->signature);
          t->path = g_strdup (path);
          t->iface = g_strdup (iface->name);
          t->member = g_strdup (method->name);
          t->signature = g_string_free (sig, FALSE);
          g_ptr_array_add (f->targets, t);
        }
      for (guint p = 0; iface->properties && iface->properties[p]; p++)
        {
          Target *t = g_new0 (Target, 1);
          t->path = g_strdup (path);
          t->iface = g_strdup (iface->name);
          t->member = g_strdup (iface->properties[p]->name);
          t->signature = g_strdup (iface->properties[p]->signature);
          t->property = TRUE;
          g_ptr_array_add (f->targets, t);
        }
    }
  for (guint i = 0; node->nodes && node->nodes[i]; i++)
    {
      g_autofree char *child = g_str_equal (path, "/")
                                   ? g_strconcat ("/", node->nodes[i]->path, NULL)
                                   : g_strconcat (path, "/", node->nodes[i]->path, NULL);
      walk (f, child);
    }
}

static void
target_free (gpointer data)
{
  Target *t = data;
  g_free (t->path);
  g_free (t->iface);
  g_free (t->member);
  g_free (t->signature);
  g_free (t);
}

static void
rewalk (Fuzz *f)
{
  g_ptr_array_set_size (f->targets, 0);
  g_ptr_array_set_size (f->paths, 0);
  walk (f, "/");
  ck_assert_uint_gt (f->targets->len, 50);
}

/* Games ----------------------------------------------------------------------------------- */

static void
game_free (gpointer data)
{
  Game *g = data;
  g_free (g->path);
  for (guint i = 0; i < 6; i++)
    g_free (g->tokens[i]);
  g_free (g);
}

static void
seat (Fuzz *f, Game *g, guint seat_index, guint client)
{
  g_autofree char *name = g_strdup_printf ("Fuzz %u", client);
  g_autoptr (GVariant) r
      = call_ok (f->c[client], g->path, GAME_IFACE, "Join", g_variant_new ("(sa{sv})", name, NULL));
  const char *token;

  g_variant_get (r, "(o&s)", NULL, &token);
  g->seat_client[seat_index] = (gint)client;
  g->tokens[seat_index] = g_strdup (token);
  g_ptr_array_add (f->strings, g_strdup (token));
}

/* A game created by client 0 with @options; @clients (-1 ended) take the seats in order. */
static Game *
new_game (Fuzz *f, const char *options, const gint *clients, guint n_seats, guint bots,
          gboolean start, gboolean protect)
{
  Game *g = g_new0 (Game, 1);

  g->path = create_game (f->c[0], options);
  g->n_seats = n_seats;
  g->protect = protect;
  for (guint i = 0; i < 6; i++)
    g->seat_client[i] = -1;
  for (guint i = 0; clients[i] >= 0; i++)
    seat (f, g, bots + i, (guint)clients[i]);
  if (start)
    g_variant_unref (call_ok (f->c[0], g->path, GAME_IFACE, "Start", NO_OPTIONS));
  g_ptr_array_add (f->games, g);
  g_ptr_array_add (f->strings, g_strdup (g->path));
  return g;
}

static gboolean
game_exists (Fuzz *f, Game *g)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GVariant) r = call (f->c[4], g->path, PROPS_IFACE, "Get",
                                 g_variant_new ("(ss)", GAME_IFACE, "State"), &error);
  if (r)
    return TRUE;
  ck_assert_msg (g_dbus_error_is_remote_error (error), "%s", error->message);
  g_autofree char *name = g_dbus_error_get_remote_error (error);
  ck_assert_str_eq (name, E ("NoSuchGame"));
  ck_assert_msg (!g->protect, "%s vanished", g->path);
  return FALSE;
}

/* The invariant of @g: its record replays to the daemon's StateHash; the seats we took are
 * still ours (Rejoin with another seat's token is AlreadySeated only for a seated caller) and
 * connected. Then, when it is playing and every seat is ours or a bot's, one legal move. */
static void
check_game (Fuzz *f, Game *g, gboolean move)
{
  guint state = 0;
  g_autoptr (GVariant) sv = get_property (f->c[0], g->path, GAME_IFACE, "State");

  g_variant_get (sv, "u", &state);
  for (guint i = 0; i < g->n_seats; i++)
    {
      g_autofree char *player = g_strdup_printf ("%s/player/%u", g->path, i);
      g_autoptr (GVariant) connected = NULL;
      guint other = (i + 1) % g->n_seats;

      if (g->seat_client[i] < 0)
        continue;
      connected = get_property (f->c[4], player, PLAYER_IFACE, "Connected");
      ck_assert_msg (g_variant_get_boolean (connected), "%s lost its connection", player);
      if (g->tokens[other] == NULL)
        continue;
      g_autofree char *e = call_error (f->c[g->seat_client[i]], g->path, GAME_IFACE, "Rejoin",
                                       g_variant_new ("(s)", g->tokens[other]));
      ck_assert_msg (g_str_equal (e, E ("AlreadySeated")), "%s: client %d: %s", player,
                     g->seat_client[i], e);
    }
  if (state == 0)
    return;

  g_autofree char *record = export_record (f->c[0], g->path);
  g_autoptr (CarcGame) mirror = mirror_from_record (record, f->host);
  assert_in_sync (f->c[0], g->path, mirror);
  if (g_rand_int_range (f->rand, 0, 8) == 0 && strlen (record) < 100000)
    g_ptr_array_add (f->strings, g_strdup (record));

  if (move && carc_game_get_phase (mirror) != CARC_PHASE_OVER)
    {
      gint client = g->seat_client[carc_game_get_current_player (mirror)];
      g_autoptr (GError) error = NULL;
      CarcMove m;

      if (client < 0)
        return; /* a bot's turn */
      mirror_choose (mirror, f->rand, &m);
      ck_assert_msg (move_call (f->c[client], g->path, &m, &error), "%s: %s", g->path,
                     error->message);
    }
}

static void
check_daemon (Fuzz *f)
{
  g_variant_unref (call_ok (f->c[4], ROOT_PATH, "org.freedesktop.DBus.Peer", "Ping", NULL));
  g_variant_unref (call_ok (f->c[4], ROOT_PATH, MANAGER_IFACE, "ListGames", NULL));
  for (guint i = 0; i < f->games->len;)
    {
      Game *g = g_ptr_array_index (f->games, i);
      if (!game_exists (f, g))
        {
          g_ptr_array_remove_index (f->games, i);
          continue;
        }
      check_game (f, g, TRUE);
      i++;
    }
}

static void
setup_games (Fuzz *f, guint64 seed)
{
  static const gint two[] = { 0, 1, -1 }, three[] = { 1, 2, -1 }, four[] = { 0, 1, 2, 3, -1 },
                    one[] = { 2, -1 }, none[] = { -1 };
  g_autofree char *base = g_strdup_printf ("{'seed': <@t %" G_GUINT64_FORMAT ">}", seed);
  g_autofree char *all = g_strdup_printf ("{'seed': <@t %" G_GUINT64_FORMAT
                                          ">, 'players': <@u 4>, 'expansions': <['abbey', "
                                          "'halftiles', 'vineyards', 'winter']>}",
                                          seed + 1);
  g_autofree char *draft = g_strdup_printf ("{'seed': <@t %" G_GUINT64_FORMAT
                                            ">, 'expansions': <['halftiles']>, 'halftiles.draft': "
                                            "<true>, 'name': <'draft'>}",
                                            seed + 2);
  g_autofree char *bot = g_strdup_printf (
      "{'seed': <@t %" G_GUINT64_FORMAT ">, 'bots': <@u 1>, 'name': <'bot'>}", seed + 3);
  Game *over;

  new_game (f, base, two, 2, 0, TRUE, TRUE);
  new_game (f, "{'players': <@u 3>, 'name': <'waiting'>}", three, 3, 0, FALSE, TRUE);
  new_game (f, all, four, 4, 0, TRUE, TRUE);
  new_game (f, draft, two, 2, 0, TRUE, TRUE);
  new_game (f, bot, one, 2, 1, TRUE, TRUE);
  over = new_game (f, "{'tile-order': <['D', 'D']>, 'name': <'short'>}", two, 2, 0, TRUE, TRUE);
  for (guint i = 0; i < 8; i++)
    check_game (f, over, TRUE);
  new_game (f, "{'players': <@u 2>}", none, 2, 0, FALSE, FALSE);
  for (guint i = 0; i < 3; i++)
    check_daemon (f);
}

static gint
compare_lines (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *)a, *(const char *const *)b);
}

static void
print_outcomes (Fuzz *f)
{
  GHashTableIter it;
  gpointer key, value;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  g_hash_table_iter_init (&it, f->outcomes);
  while (g_hash_table_iter_next (&it, &key, &value))
    g_ptr_array_add (lines,
                     g_strdup_printf ("  %8u %s", GPOINTER_TO_UINT (value), (const char *)key));
  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_print ("%s\n", (const char *)g_ptr_array_index (lines, i));
}

START_TEST (test_dbus_fuzz)
{
  static const char *const args[]
      = { "--max-games=200", "--max-games-per-client=100", "--abandon-timeout=0", NULL };
  guint64 seed = env_u64 ("DBUS_FUZZ_SEED", (guint64)g_get_real_time ());
  guint64 n_calls = env_u64 ("DBUS_FUZZ_CALLS", 3000);
  gint64 start = g_get_monotonic_time ();
  GPid pid;
  Fuzz f = { 0 };

  g_print ("dbus-fuzz: seed %" G_GUINT64_FORMAT " (DBUS_FUZZ_SEED=%" G_GUINT64_FORMAT
           " repeats it), %" G_GUINT64_FORMAT " calls\n",
           seed, seed, n_calls);
  f.rand = g_rand_new_with_seed ((guint32)(seed ^ (seed >> 32)));
  f.games = g_ptr_array_new_with_free_func (game_free);
  f.targets = g_ptr_array_new_with_free_func (target_free);
  f.paths = g_ptr_array_new_with_free_func (g_free);
  f.strings = g_ptr_array_new_with_free_func (g_free);
  f.outcomes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  f.host = test_plugin_host ();
  f.verbose = g_getenv ("DBUS_FUZZ_VERBOSE") != NULL;
  for (guint i = 0; i < G_N_ELEMENTS (option_keys); i++)
    g_ptr_array_add (f.strings, g_strdup (option_keys[i]));

  pid = daemon_start (args);
  for (guint i = 0; i < N_CLIENTS; i++)
    {
      f.c[i] = client_new ();
      g_ptr_array_add (f.strings, g_strdup (g_dbus_connection_get_unique_name (f.c[i])));
    }
  setup_games (&f, seed);
  rewalk (&f);

  for (guint batch = 0; f.calls < n_calls; batch++)
    {
      guint caller = (guint)g_rand_int_range (f.rand, 0, N_CLIENTS);

      for (guint i = 0; i < BATCH && f.calls < n_calls; i++)
        fuzz_one (&f, caller);
      while (f.pending > 0)
        g_main_context_iteration (NULL, TRUE);
      check_daemon (&f);
      if (batch % 10 == 9)
        rewalk (&f);
      if (batch % 100 == 99)
        g_print ("dbus-fuzz: %" G_GUINT64_FORMAT " calls\n", f.calls);
    }

  g_print ("dbus-fuzz: %" G_GUINT64_FORMAT " calls fuzzed (%" G_GUINT64_FORMAT
           " accepted, %u more not sent: past the bus's limits), %u seats taken over by Rejoin, "
           "%u objects, %u games checked, largest "
           "string %u bytes, %.1f s\n",
           f.calls, f.replies_ok, f.not_sent, f.seats_taken, f.paths->len, f.games->len, f.huge_max,
           (double)(g_get_monotonic_time () - start) / G_USEC_PER_SEC);
  print_outcomes (&f);
  for (guint i = 0; i < N_CLIENTS; i++)
    g_clear_object (&f.c[i]);
  ck_assert_int_eq (daemon_stop (pid), 0);
  g_ptr_array_unref (f.games);
  g_ptr_array_unref (f.targets);
  g_ptr_array_unref (f.paths);
  g_ptr_array_unref (f.strings);
  g_hash_table_unref (f.outcomes);
  g_clear_object (&f.host);
  g_rand_free (f.rand);
}
END_TEST

int
main (void)
{
  Suite *s = suite_create ("dbus-fuzz");
  TCase *tc = tcase_create ("fuzz");

  /* the long forms run for as long as they are asked to */
  tcase_set_timeout (tc, (double)env_u64 ("DBUS_FUZZ_TIMEOUT", 3600));
  tcase_add_test (tc, test_dbus_fuzz);
  suite_add_tcase (s, tc);
  return check_run_suite (s);
}
