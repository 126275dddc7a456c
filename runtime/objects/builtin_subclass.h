/* Classes derived from built-in types other than object and the exceptions (list, dict, set,
 * tuple, str, float, int): see docs/architecture.md "Objects". Declared here, not in object.h or
 * objmodel.h, because no stencil needs any of it. */
#ifndef QUACK_BUILTIN_SUBCLASS_H
#define QUACK_BUILTIN_SUBCLASS_H

#include <stdbool.h>

#include "object.h"

/* A QkType flag, beside object.h's: a class whose instances have a built-in type's layout
 * followed by one word, their attribute dict (QK_NULL until the first attribute). */
enum { QK_TYPE_BUILTIN_LAYOUT = 1 << 6 };

/* The nearest base of t that is not a class statement's (t itself for a built-in type). */
static inline QkType *qk_builtin_base(const QkType *t) {
    while (t->flags & QK_TYPE_HEAP) {
        t = t->base;
    }
    return (QkType *)t;
}

/* The type whose slots serve the built-in part of t's instances: the nearest built-in base, or
 * for a class derived from int, one whose slots see the ints its instances box. */
QkType *qk_builtin_slots(const QkType *t);
/* The int an instance of a class derived from int boxes; any other instance of a class itself. */
QkValue qk_builtin_unbox(QkValue v);
/* What a built-in type's C function gets for v: v itself, or the int that an instance of a
 * class derived from int boxes. Inline up to the class test: the callers' common case is a
 * built-in value. */
static inline QkValue qk_builtin_self(QkValue v) {
    return qk_is_object(v) && (qk_as_object(v)->type->flags & QK_TYPE_HEAP) ? qk_builtin_unbox(v)
                                                                             : v;
}

/* Can a class statement derive from the built-in type (one with a layout of its own)? */
bool qk_builtin_subclassable(const QkType *base);
/* Gives the new class `t`, derived from a subclassable built-in (or from a class derived from
 * one), its layout, collector hooks and constructor. */
void qk_builtin_subclass_setup(QkType *t, QkType *builtin);
/* The word after the built-in part of an instance of such a class: its attribute dict. */
QkValue *qk_builtin_subclass_dict(QkValue obj);
/* cls(...) through the class's __new__ (class.c): __new__(cls, ...), then __init__ if what it
 * returned is an instance of cls. */
QkValue qk_construct_with_new(QkThread *tstate, QkType *t, QkValue new, QkValue *args,
                              size_t nargs, QkValue kwnames);
/* Puts __new__ into the namespace of every subclassable built-in (after qk_init_types). */
int qk_init_builtin_subclassing(QkThread *tstate);

#endif
