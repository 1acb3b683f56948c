/* carc-boxed-private.h (internal): boxed types of plain structs. */
#pragma once

#include <glib-object.h>

/* Defines type_name_copy() (a plain copy of the struct), type_name_free() and the boxed
 * GType of a struct that owns nothing through its pointers. */
#define CARC_DEFINE_PLAIN_BOXED(TypeName, type_name)                                               \
  TypeName *type_name##_copy (const TypeName *self)                                                \
  {                                                                                                \
    g_return_val_if_fail (self != NULL, NULL);                                                     \
    return g_memdup2 (self, sizeof *self);                                                         \
  }                                                                                                \
  void type_name##_free (TypeName *self)                                                           \
  {                                                                                                \
    g_free (self);                                                                                 \
  }                                                                                                \
  G_DEFINE_BOXED_TYPE (TypeName, type_name, type_name##_copy, type_name##_free)
