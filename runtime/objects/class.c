/* Types as objects: `type` and `object`, classes made by a class statement (heap types) whose
 * slots call the class's dunder methods, __build_class__, instance construction, super, and the
 * descriptor types property, classmethod and staticmethod. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "ceval.h"
#include "invalidate.h"
#include "objmodel.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

QkValue qk_names[QK_NAME_COUNT];

/* ---- versions and the registry of live classes ---- */

/* Versions come from one counter, so a type never gets back a version a cache has seen. */
static uint32_t last_version = 1;

uint32_t qk_next_type_version(void) { return qk_next_version(&last_version); }

/* Every live heap type (weak: a class removes itself when it is freed), so that changing a
 * class can reach its subclasses without each base holding pointers to objects that may be
 * freed in the same collection. */
static QkType **heap_types;
static size_t heap_type_count, heap_type_capacity;

static int register_heap_type(QkThread *tstate, QkType *t) {
    if (heap_type_count == heap_type_capacity) {
        size_t capacity = heap_type_capacity ? heap_type_capacity * 2 : 16;
        QkType **grown = realloc(heap_types, capacity * sizeof *grown);
        if (grown == NULL) {
            qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
            return -1;
        }
        heap_types = grown;
        heap_type_capacity = capacity;
    }
    heap_types[heap_type_count++] = t;
    return 0;
}

static void unregister_heap_type(QkType *t) {
    for (size_t i = 0; i < heap_type_count; i++) {
        if (heap_types[i] == t) {
            heap_types[i] = heap_types[--heap_type_count];
            break;
        }
    }
    if (heap_type_count == 0) {
        free(heap_types);
        heap_types = NULL;
        heap_type_capacity = 0;
    }
}

/* ---- calling dunders ---- */

/* Calls type(self).<name>(self, args...); *found tells whether the class has the method. */
static QkValue call_dunder(QkThread *tstate, QkValue self, int name_id, QkValue *args,
                           size_t nargs, bool *found) {
    QkValue attr = qk_type_lookup(qk_type_of(self), qk_names[name_id]);
    *found = attr != QK_NULL;
    if (attr == QK_NULL) {
        return QK_NULL;
    }
    QkValue argv[4] = {self};
    if (qk_is_type(attr, &qk_function_type) || qk_is_type(attr, &qk_method_descr_type)) {
        if (nargs > 0) {
            memcpy(argv + 1, args, nargs * sizeof *args);
        }
        return qk_call(tstate, attr, argv, nargs + 1, QK_NULL);
    }
    QkValue bound = qk_bind_class_attribute(tstate, attr, self);
    if (bound == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &bound);
    QkValue r = qk_call(tstate, bound, args, nargs, QK_NULL);
    qk_root_pop(tstate, 1);
    return r;
}

static QkValue call_dunder0(QkThread *tstate, QkValue self, int name_id) {
    bool found;
    return call_dunder(tstate, self, name_id, NULL, 0, &found);
}

/* ---- slot wrappers: a heap type's slots call its dunders ---- */

static QkValue slot_repr(QkThread *tstate, QkValue self) {
    return call_dunder0(tstate, self, QK_NAME_repr);
}

static QkValue slot_str(QkThread *tstate, QkValue self) {
    return call_dunder0(tstate, self, QK_NAME_str);
}

/* object.__repr__ for classes: named by their module, as CPython does. */
static QkValue heap_default_repr(QkThread *tstate, QkValue self) {
    QkType *t = qk_type_of(self);
    QkValue module = qk_type_lookup(t, QK_NAME(module));
    char buffer[320];
    snprintf(buffer, sizeof buffer, "<%s%s%s object at %p>",
             qk_is_str(module) ? qk_as_str(module)->data : "", qk_is_str(module) ? "." : "",
             qk_type_qualname(t), (void *)self);
    return qk_str_from_cstr(tstate, buffer);
}

static int slot_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    if (qk_type_lookup(qk_type_of(self), QK_NAME(hash)) == QK_NONE) {
        return qk_hash_unhashable(tstate, self, hash);
    }
    QkValue r = call_dunder0(tstate, self, QK_NAME_hash);
    if (r == QK_NULL) {
        return -1;
    }
    if (!qk_is_anyint(r)) {
        qk_raise(tstate, &qk_exc_TypeError, "__hash__ method should return an integer");
        return -1;
    }
    /* As CPython: the int itself when it fits a hash (so returning hash(y) makes hash(x) ==
     * hash(y)), else the int's own hash. */
    int64_t h;
    if (!qk_long_as_int64(r, &h)) {
        h = qk_long_hash(r);
    }
    *hash = h == -1 ? -2 : h;
    return 0;
}

static const int compare_names[] = {
    [QK_COMPARE_OP_LT] = QK_NAME_lt, [QK_COMPARE_OP_LE] = QK_NAME_le,
    [QK_COMPARE_OP_EQ] = QK_NAME_eq, [QK_COMPARE_OP_NE] = QK_NAME_ne,
    [QK_COMPARE_OP_GT] = QK_NAME_gt, [QK_COMPARE_OP_GE] = QK_NAME_ge,
};

static QkValue slot_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    bool found;
    QkValue r = call_dunder(tstate, lhs, compare_names[op], &rhs, 1, &found);
    if (found || op != QK_COMPARE_OP_NE) {
        return found ? r : QK_NOT_IMPLEMENTED;
    }
    /* object.__ne__: the negation of __eq__, unless that is NotImplemented. */
    r = call_dunder(tstate, lhs, QK_NAME_eq, &rhs, 1, &found);
    if (!found || r == QK_NULL || r == QK_NOT_IMPLEMENTED) {
        return found ? r : QK_NOT_IMPLEMENTED;
    }
    int truth = qk_truth(tstate, r);
    return truth < 0 ? QK_NULL : qk_bool(!truth);
}

/* Per binary operator: the method and its reflection. */
static const int binary_names[][2] = {
    [QK_BINARY_OP_ADD] = {QK_NAME_add, QK_NAME_radd},
    [QK_BINARY_OP_AND] = {QK_NAME_and, QK_NAME_rand},
    [QK_BINARY_OP_FLOOR_DIVIDE] = {QK_NAME_floordiv, QK_NAME_rfloordiv},
    [QK_BINARY_OP_LSHIFT] = {QK_NAME_lshift, QK_NAME_rlshift},
    [QK_BINARY_OP_MATRIX_MULTIPLY] = {QK_NAME_matmul, QK_NAME_rmatmul},
    [QK_BINARY_OP_MULTIPLY] = {QK_NAME_mul, QK_NAME_rmul},
    [QK_BINARY_OP_REMAINDER] = {QK_NAME_mod, QK_NAME_rmod},
    [QK_BINARY_OP_OR] = {QK_NAME_or, QK_NAME_ror},
    [QK_BINARY_OP_POWER] = {QK_NAME_pow, QK_NAME_rpow},
    [QK_BINARY_OP_RSHIFT] = {QK_NAME_rshift, QK_NAME_rrshift},
    [QK_BINARY_OP_SUBTRACT] = {QK_NAME_sub, QK_NAME_rsub},
    [QK_BINARY_OP_TRUE_DIVIDE] = {QK_NAME_truediv, QK_NAME_rtruediv},
    [QK_BINARY_OP_XOR] = {QK_NAME_xor, QK_NAME_rxor},
};

/* The in-place forms: only the left operand's method; without one the plain operator runs. */
static const int inplace_names[] = {
    [QK_BINARY_OP_ADD] = QK_NAME_iadd, [QK_BINARY_OP_AND] = QK_NAME_iand,
    [QK_BINARY_OP_FLOOR_DIVIDE] = QK_NAME_ifloordiv, [QK_BINARY_OP_LSHIFT] = QK_NAME_ilshift,
    [QK_BINARY_OP_MATRIX_MULTIPLY] = QK_NAME_imatmul, [QK_BINARY_OP_MULTIPLY] = QK_NAME_imul,
    [QK_BINARY_OP_REMAINDER] = QK_NAME_imod, [QK_BINARY_OP_OR] = QK_NAME_ior,
    [QK_BINARY_OP_POWER] = QK_NAME_ipow, [QK_BINARY_OP_RSHIFT] = QK_NAME_irshift,
    [QK_BINARY_OP_SUBTRACT] = QK_NAME_isub, [QK_BINARY_OP_TRUE_DIVIDE] = QK_NAME_itruediv,
    [QK_BINARY_OP_XOR] = QK_NAME_ixor,
};

/* CPython's SLOT1BINFULL for the method `name` and its reflection `rname`, over the operands
 * that take part (do_left, do_right): the right operand's reflection first when its class
 * derives from the left's and defines it differently, then the left's method, then the right's
 * reflection. QK_NOT_IMPLEMENTED if none answers. */
static QkValue call_binary_dunders(QkThread *tstate, QkValue lhs, QkValue rhs, int name,
                                   int rname, bool do_left, bool do_right) {
    QkType *tl = qk_type_of(lhs), *tr = qk_type_of(rhs);
    bool found;
    if (do_left && do_right && qk_type_is_subtype(tr, tl) &&
        qk_type_lookup(tr, qk_names[rname]) != qk_type_lookup(tl, qk_names[rname])) {
        QkValue r = call_dunder(tstate, rhs, rname, &lhs, 1, &found);
        if (r != QK_NOT_IMPLEMENTED) {
            return r;
        }
        do_right = false;
    }
    if (do_left) {
        QkValue r = call_dunder(tstate, lhs, name, &rhs, 1, &found);
        if (found && r != QK_NOT_IMPLEMENTED) {
            return r;
        }
    }
    if (do_right) {
        QkValue r = call_dunder(tstate, rhs, rname, &lhs, 1, &found);
        if (found) {
            return r;
        }
    }
    return QK_NOT_IMPLEMENTED;
}

/* Both operands' methods are tried here: every class shares this slot, so qk_binary_op calls
 * it once for two different classes. */
static QkValue slot_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (op != qk_plain_binary_op(op)) {
        bool found;
        QkValue r = qk_type_of(lhs)->number == slot_number
                        ? call_dunder(tstate, lhs, inplace_names[qk_plain_binary_op(op)], &rhs, 1,
                                      &found)
                        : QK_NOT_IMPLEMENTED;
        return r == QK_NULL && !found ? QK_NOT_IMPLEMENTED : r;
    }
    QkType *tl = qk_type_of(lhs), *tr = qk_type_of(rhs);
    return call_binary_dunders(tstate, lhs, rhs, binary_names[op][0], binary_names[op][1],
                               tl->number == slot_number, tr != tl && tr->number == slot_number);
}

/* divmod(a, b) when either is an instance of a class: __divmod__ and __rdivmod__ in a binary
 * operator's order (a class defining only those has no number slot, so any class takes part). */
QkValue qk_class_divmod(QkThread *tstate, QkValue a, QkValue b) {
    QkType *ta = qk_type_of(a), *tb = qk_type_of(b);
    QkValue r = call_binary_dunders(tstate, a, b, QK_NAME_divmod, QK_NAME_rdivmod,
                                    ta->flags & QK_TYPE_HEAP, tb != ta && (tb->flags & QK_TYPE_HEAP));
    return r != QK_NOT_IMPLEMENTED ? r
                                   : qk_raise(tstate, &qk_exc_TypeError,
                                              "unsupported operand type(s) for divmod(): '%s' "
                                              "and '%s'",
                                              qk_type_name(a), qk_type_name(b));
}

/* qk_binary_dunder_of's lookups, by class version (which names one state of one class) and
 * operator: a function found is held by the class while the version is current. */
#define DUNDER_CACHE_SIZE 256
static struct DunderCacheEntry {
    uint32_t version, op;
    QkValue func;
} dunder_cache[DUNDER_CACHE_SIZE];

static QkValue binary_dunder_lookup(QkType *type, uint32_t op) {
    uint32_t plain = qk_plain_binary_op(op);
    if (op != plain && qk_type_lookup(type, qk_names[inplace_names[plain]]) != QK_NULL) {
        return QK_NULL;
    }
    return qk_type_lookup(type, qk_names[binary_names[plain][0]]);
}

QkValue qk_binary_dunder_of(QkType *type, uint32_t op) {
    if (!(type->flags & QK_TYPE_HEAP) || type->number != slot_number) {
        return QK_NULL;
    }
    struct DunderCacheEntry *e =
        &dunder_cache[(type->version * 2654435761u + op) % DUNDER_CACHE_SIZE];
    if (e->version != type->version || e->op != op) {
        /* Checked once: a function's code, so its parameters, never changes. */
        QkValue func = binary_dunder_lookup(type, op);
        *e = (struct DunderCacheEntry){type->version, op,
                                       qk_is_exact_args_function(func, 2) ? func : QK_NULL};
    }
    return e->func;
}

static const int unary_names[] = {
    [QK_UNARY_NEGATIVE] = QK_NAME_neg, [QK_UNARY_POSITIVE] = QK_NAME_pos,
    [QK_UNARY_INVERT] = QK_NAME_invert, [QK_UNARY_ABS] = QK_NAME_abs,
};

static QkValue slot_unary(QkThread *tstate, uint32_t op, QkValue self, QkValue unused) {
    (void)unused;
    bool found;
    QkValue r = call_dunder(tstate, self, unary_names[op], NULL, 0, &found);
    return found ? r : QK_NOT_IMPLEMENTED;
}

static int slot_truth(QkThread *tstate, QkValue self) {
    QkValue r = call_dunder0(tstate, self, QK_NAME_bool);
    if (r == QK_NULL) {
        return -1;
    }
    if (r != QK_TRUE && r != QK_FALSE) {
        qk_raise(tstate, &qk_exc_TypeError, "__bool__ should return bool, returned %s",
                 qk_type_name(r));
        return -1;
    }
    return r == QK_TRUE;
}

static int64_t slot_len(QkThread *tstate, QkValue self) {
    QkValue r = call_dunder0(tstate, self, QK_NAME_len);
    int64_t n;
    if (r == QK_NULL || qk_index(tstate, r, &n) < 0) {
        return -1;
    }
    if (n < 0) {
        qk_raise(tstate, &qk_exc_ValueError, "__len__() should return >= 0");
        return -1;
    }
    return n;
}

static QkValue slot_getitem(QkThread *tstate, QkValue self, QkValue key) {
    bool found;
    return call_dunder(tstate, self, QK_NAME_getitem, &key, 1, &found);
}

static int slot_setitem(QkThread *tstate, QkValue self, QkValue key, QkValue value) {
    bool found;
    QkValue args[2] = {key, value};
    QkValue r = value == QK_NULL ? call_dunder(tstate, self, QK_NAME_delitem, args, 1, &found)
                                 : call_dunder(tstate, self, QK_NAME_setitem, args, 2, &found);
    if (!found) {
        qk_raise(tstate, &qk_exc_TypeError,
                 value == QK_NULL ? "'%s' object doesn't support item deletion"
                                  : "'%s' object does not support item assignment",
                 qk_type_name(self));
        return -1;
    }
    return r == QK_NULL ? -1 : 0;
}

static int slot_contains(QkThread *tstate, QkValue self, QkValue item) {
    bool found;
    QkValue r = call_dunder(tstate, self, QK_NAME_contains, &item, 1, &found);
    return r == QK_NULL ? -1 : qk_truth(tstate, r);
}

static QkValue slot_iter(QkThread *tstate, QkValue self) {
    QkValue r = call_dunder0(tstate, self, QK_NAME_iter);
    if (r != QK_NULL && qk_type_of(r)->next == NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "iter() returned non-iterator of type '%s'",
                        qk_type_name(r));
    }
    return r;
}

/* StopIteration from __next__ is how a Python iterator ends: the slot reports exhaustion. */
static QkValue slot_next(QkThread *tstate, QkValue self) {
    QkValue r = call_dunder0(tstate, self, QK_NAME_next);
    if (r == QK_NULL && tstate->exception != QK_NULL &&
        qk_isinstance(tstate->exception, &qk_exc_StopIteration)) {
        tstate->exception = QK_NULL;
    }
    return r;
}

static QkValue slot_call(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    QkValue attr = qk_type_lookup(qk_type_of(self), QK_NAME(call));
    if (attr == QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not callable",
                        qk_type_name(self));
    }
    return qk_call_with_self(tstate, attr, self, args, nargs, kwnames);
}

/* __getattribute__ (object's, unless the class has its own), then __getattr__ when that
 * raises AttributeError. */
static QkValue slot_getattr(QkThread *tstate, QkValue self, QkValue name) {
    bool found;
    QkValue r = call_dunder(tstate, self, QK_NAME_getattribute, &name, 1, &found);
    if (r != QK_NULL || !qk_isinstance(tstate->exception, &qk_exc_AttributeError) ||
        qk_type_lookup(qk_type_of(self), QK_NAME(getattr)) == QK_NULL) {
        return r;
    }
    tstate->exception = QK_NULL;
    return call_dunder(tstate, self, QK_NAME_getattr, &name, 1, &found);
}

/* __setattr__ or __delattr__; object's own for the one the class does not define. */
static int slot_setattr(QkThread *tstate, QkValue self, QkValue name, QkValue value) {
    bool found;
    QkValue args[2] = {name, value};
    QkValue r = value == QK_NULL ? call_dunder(tstate, self, QK_NAME_delattr, args, 1, &found)
                                 : call_dunder(tstate, self, QK_NAME_setattr, args, 2, &found);
    return r == QK_NULL ? -1 : 0;
}

/* Does a class statement in t's MRO (heap types only) define any of the names? */
static bool heap_defines(const QkType *t, const int *names) {
    const QkTuple *mro = qk_as_tuple(t->mro);
    for (int64_t i = 0; i < mro->size; i++) {
        const QkType *b = (const QkType *)mro->items[i];
        for (const int *n = names; *n >= 0 && (b->flags & QK_TYPE_HEAP); n++) {
            if (qk_dict_get(b->dict, qk_names[*n]) != QK_NULL) {
                return true;
            }
        }
    }
    return false;
}

/* Each slot calls the class's dunder when some class statement in its MRO defines one of the
 * names (the dunder the lookup finds may then be a built-in type's slot wrapper, which runs
 * that type's slot); otherwise it is the nearest built-in base's (exceptions, object). */
static void fixup_slots(QkType *t) {
    QkType *builtin = qk_builtin_slots(t);
#define QK_SLOT(field, wrapper, ...)                                                               \
    t->field = heap_defines(t, (const int[]){__VA_ARGS__, -1}) ? wrapper : builtin->field;
    QK_SLOT(repr, slot_repr, QK_NAME_repr)
    QK_SLOT(str, slot_str, QK_NAME_str)
    QK_SLOT(hash, slot_hash, QK_NAME_hash)
    QK_SLOT(compare, slot_compare, QK_NAME_eq, QK_NAME_ne, QK_NAME_lt, QK_NAME_le, QK_NAME_gt,
            QK_NAME_ge)
    QK_SLOT(number, slot_number, QK_NAME_add, QK_NAME_sub, QK_NAME_mul, QK_NAME_truediv,
            QK_NAME_floordiv, QK_NAME_mod, QK_NAME_pow, QK_NAME_and, QK_NAME_or, QK_NAME_xor,
            QK_NAME_lshift, QK_NAME_rshift, QK_NAME_matmul, QK_NAME_radd, QK_NAME_rsub,
            QK_NAME_rmul, QK_NAME_rtruediv, QK_NAME_rfloordiv, QK_NAME_rmod, QK_NAME_rpow,
            QK_NAME_rand, QK_NAME_ror, QK_NAME_rxor, QK_NAME_rlshift, QK_NAME_rrshift,
            QK_NAME_rmatmul, QK_NAME_iadd, QK_NAME_isub, QK_NAME_imul, QK_NAME_itruediv,
            QK_NAME_ifloordiv, QK_NAME_imod, QK_NAME_ipow, QK_NAME_iand, QK_NAME_ior, QK_NAME_ixor,
            QK_NAME_ilshift, QK_NAME_irshift, QK_NAME_imatmul)
    QK_SLOT(unary, slot_unary, QK_NAME_neg, QK_NAME_pos, QK_NAME_invert, QK_NAME_abs)
    QK_SLOT(truth, slot_truth, QK_NAME_bool)
    QK_SLOT(len, slot_len, QK_NAME_len)
    QK_SLOT(getitem, slot_getitem, QK_NAME_getitem)
    QK_SLOT(setitem, slot_setitem, QK_NAME_setitem, QK_NAME_delitem)
    QK_SLOT(contains, slot_contains, QK_NAME_contains)
    QK_SLOT(iter, slot_iter, QK_NAME_iter)
    QK_SLOT(next, slot_next, QK_NAME_next)
    QK_SLOT(call, slot_call, QK_NAME_call)
    QK_SLOT(getattr, slot_getattr, QK_NAME_getattr, QK_NAME_getattribute)
    QK_SLOT(setattr, slot_setattr, QK_NAME_setattr, QK_NAME_delattr)
#undef QK_SLOT
    if (t->repr == NULL) {
        t->repr = heap_default_repr;
    }
}

static bool is_dunder(QkValue name) {
    QkStr *s = qk_as_str(name);
    return s->length > 4 && memcmp(s->data, "__", 2) == 0 &&
           memcmp(s->data + s->length - 2, "__", 2) == 0;
}

QkType *qk_type_with_version(uint32_t version) {
    for (size_t i = 0; i < heap_type_count; i++) {
        if (heap_types[i]->version == version) {
            return heap_types[i];
        }
    }
    return NULL;
}

/* Every cache and trace that relied on the class as it was is dropped. */
static void renew_version(QkThread *tstate, QkType *t) {
    t->version = qk_next_type_version();
    t->simple_init = QK_NULL;
    qk_invalidate_dependents(tstate, QK_DEPENDS_ON_CLASS, t, 0);
}

/* Which names' lookups on the class find no data descriptor (QkType.plain_names). */
static void update_plain_names(QkType *t) {
    uint64_t plain = ~(uint64_t)0;
    if (!(t->flags & QK_TYPE_HEAP) || !(t->flags & QK_TYPE_HAS_DICT) || t->getattr != NULL ||
        t->setattr != NULL) {
        plain = 0;
    }
    const QkTuple *mro = qk_as_tuple(t->mro);
    for (int64_t i = 0; i < mro->size && plain != 0; i++) {
        QkType *b = (QkType *)mro->items[i];
        if (!(b->flags & QK_TYPE_HEAP)) {
            /* Built-in bases: only `object` and the exceptions, whose instance attributes go
             * through the generic lookup (no properties on them). */
            continue;
        }
        int64_t pos = 0;
        QkValue key, value;
        while (qk_dict_next(b->dict, &pos, &key, &value)) {
            if (qk_is_type(value, &qk_property_type)) {
                plain &= ~((uint64_t)1 << (qk_is_str(key) ? qk_name_bit(key) : 0));
            }
        }
    }
    t->plain_names = plain;
}

void qk_type_modified(QkThread *tstate, QkType *type, QkValue name, bool added) {
    bool slots = is_dunder(name);
    for (size_t i = 0; i < heap_type_count; i++) {
        QkType *t = heap_types[i];
        if (qk_type_is_subtype(t, type)) {
            if (added) {
                /* Existing instances may have the name in their dicts already. */
                t->flags |= QK_TYPE_MAY_SHADOW;
            }
            renew_version(tstate, t);
            if (slots) {
                fixup_slots(t);
            }
            update_plain_names(t);
        }
    }
}

void qk_type_may_shadow(QkThread *tstate, QkType *type) {
    if (!(type->flags & QK_TYPE_MAY_SHADOW)) {
        type->flags |= QK_TYPE_MAY_SHADOW;
        renew_version(tstate, type);
    }
}

/* Are the slots (member descriptors) along a's MRO all found along b's? */
static bool members_found(QkType *a, QkType *b) {
    const QkTuple *mro = qk_as_tuple(a->mro);
    for (int64_t i = 0; i < mro->size; i++) {
        QkValue dict = ((QkType *)mro->items[i])->dict;
        int64_t pos = 0;
        QkValue key, value;
        while (dict != QK_NULL && qk_dict_next(dict, &pos, &key, &value)) {
            if (qk_is_type(value, &qk_member_type) &&
                !qk_is_type(qk_type_lookup(b, key), &qk_member_type)) {
                return false;
            }
        }
    }
    return true;
}

/* Could an instance of a be an instance of b as it is (CPython's compatible_for_assignment)? */
static bool same_layout(QkType *a, QkType *b) {
    const uint32_t layout =
        QK_TYPE_HAS_DICT | QK_TYPE_EXCEPTION | QK_TYPE_SLOTTED | QK_TYPE_BUILTIN_LAYOUT;
    return qk_builtin_base(a) == qk_builtin_base(b) && a->instance_size == b->instance_size &&
           a->traverse == b->traverse &&
           a->finalize == b->finalize && (a->flags & layout) == (b->flags & layout) &&
           members_found(a, b) && members_found(b, a);
}

int qk_set_class(QkThread *tstate, QkValue obj, QkValue value) {
    if (value == QK_NULL) {
        qk_raise(tstate, &qk_exc_TypeError, "can't delete __class__ attribute");
        return -1;
    }
    if (!qk_is_class(value)) {
        qk_raise(tstate, &qk_exc_TypeError, "__class__ must be set to a class, not '%s' object",
                 qk_type_name(value));
        return -1;
    }
    QkType *old = qk_type_of(obj), *new = (QkType *)value;
    if (!(old->flags & QK_TYPE_HEAP) || !(new->flags & QK_TYPE_HEAP)) {
        qk_raise(tstate, &qk_exc_TypeError,
                 "__class__ assignment only supported for mutable types or ModuleType subclasses");
        return -1;
    }
    if (!same_layout(old, new)) {
        qk_raise(tstate, &qk_exc_TypeError,
                 "__class__ assignment: '%s' object layout differs from '%s'", new->name,
                 old->name);
        return -1;
    }
    if (old == new) {
        return 0;
    }
    if (qk_is_class(obj)) {
        /* A class whose metaclass changes: it has no inline values, and no site is specialized
         * for a class of a metaclass (qk_is_class_version wants `type`). */
        qk_as_object(obj)->type = new;
        return 0;
    }
    /* Specialized instructions and traces know an object's class only through guards of its
     * version and facts proven from them (optimizer.c), which the tree depends on: treating
     * the change as a modification of the old class drops them all, and the trace running the
     * assignment stops at its next validity check. */
    renew_version(tstate, old);
    /* Inline values are named by the old class: they move to the dict first. */
    QkValue dict = qk_instance_dict(tstate, obj);
    if (dict == QK_NULL) {
        return -1;
    }
    /* The instance's dict may hold names the new class has: it may shadow them. */
    int64_t pos = 0;
    QkValue key, v;
    while (dict != QK_NULL && !(new->flags & QK_TYPE_MAY_SHADOW) &&
           qk_dict_next(dict, &pos, &key, &v)) {
        if (qk_type_lookup(new, key) != QK_NULL) {
            qk_type_may_shadow(tstate, new);
        }
    }
    qk_as_object(obj)->type = new;
    return 0;
}

/* ---- type ---- */

static void type_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkType *t = (QkType *)self;
    visit(t->dict, arg);
    visit(t->simple_init, arg);
    visit(t->name_value, arg);
    visit((QkValue)t->base, arg);
    visit(t->bases, arg);
    visit(t->mro, arg);
    for (uint32_t i = 0; i < t->n_inline_names; i++) {
        visit(t->inline_names[i], arg);
    }
}

/* Only classes are ever freed (built-in types are static). */
static void type_finalize(QkObject *self) { unregister_heap_type((QkType *)self); }

QkValue qk_type_name_value(QkThread *tstate, QkType *type) {
    if (type->name_value != QK_NULL) {
        return type->name_value;
    }
    /* A built-in type of a module is named "module.name", as CPython's: __name__ is the last
     * part. */
    const char *dot = strrchr(type->name, '.');
    return qk_str_from_cstr(tstate, dot != NULL ? dot + 1 : type->name);
}

static QkValue type_repr(QkThread *tstate, QkValue self) {
    QkType *t = (QkType *)self;
    QkValue module = (t->flags & QK_TYPE_HEAP) ? qk_dict_get(t->dict, QK_NAME(module)) : QK_NULL;
    char buffer[320];
    snprintf(buffer, sizeof buffer, "<class '%s%s%s'>",
             qk_is_str(module) ? qk_as_str(module)->data : "", qk_is_str(module) ? "." : "",
             qk_type_qualname(t));
    return qk_str_from_cstr(tstate, buffer);
}

/* type(x) gives x's class; calling any other class makes an instance of it. */
static QkValue type_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    QkType *t = (QkType *)callable;
    if (t == &qk_type_type && nargs != 3) {
        if (nargs != 1 || kwnames != QK_NULL) {
            return qk_raise(tstate, &qk_exc_TypeError, "type() takes 1 or 3 arguments");
        }
        return (QkValue)qk_type_of(args[0]);
    }
    if (t->construct == NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "cannot create '%s' instances", t->name);
    }
    return t->construct(tstate, callable, args, nargs, kwnames);
}

static QkValue make_class(QkThread *tstate, QkValue name, QkValue bases, QkValue *ns,
                          QkType *meta);
static QkType *metaclass_of(QkThread *tstate, QkType *meta, const QkTuple *bases);
static QkValue raise_class_keywords(QkThread *tstate, QkValue name);

/* type.__new__(mcs, name, bases, ns): the class a metaclass's __new__ builds through super(). */
static QkValue type_new(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    (void)self;
    nargs -= qk_nkwargs(kwnames);
    if (nargs == 0) {
        return qk_raise(tstate, &qk_exc_TypeError, "type.__new__(): not enough arguments");
    }
    if (!qk_is_class(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "type.__new__(X): X is not a type object (%s)",
                        qk_type_name(args[0]));
    }
    QkType *meta = (QkType *)args[0];
    if (!qk_type_is_subtype(meta, &qk_type_type)) {
        return qk_raise(tstate, &qk_exc_TypeError, "type.__new__(%s): %s is not a subtype of type",
                        meta->name, meta->name);
    }
    if (nargs != 4) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "type.__new__() takes exactly 3 arguments (%zu given)", nargs - 1);
    }
    if (!qk_is_str(args[1])) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "type.__new__() argument 1 must be str, not %s", qk_type_name(args[1]));
    }
    if (!qk_is_tuple(args[2])) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "type.__new__() argument 2 must be tuple, not %s", qk_type_name(args[2]));
    }
    if (!qk_is_dict(args[3])) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "type.__new__() argument 3 must be dict, not %s", qk_type_name(args[3]));
    }
    if (kwnames != QK_NULL) {
        /* CPython hands the class's keywords to __init_subclass__, object's refuses them. */
        return raise_class_keywords(tstate, args[1]);
    }
    meta = metaclass_of(tstate, meta, qk_as_tuple(args[2]));
    if (meta == NULL) {
        return QK_NULL;
    }
    /* The class gets a copy of the namespace, which it then owns; without __module__ (no
     * class statement made it), the calling code's module is the class's. */
    QkValue ns = qk_dict_copy(tstate, args[3]);
    if (ns == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &ns);
    QkValue module = tstate->current_frame != NULL
                         ? qk_dict_get(tstate->current_frame->globals, QK_NAME(name))
                         : QK_NULL;
    if (qk_dict_get(ns, QK_NAME(module)) == QK_NULL && module != QK_NULL &&
        qk_dict_set(tstate, ns, QK_NAME(module), module) < 0) {
        qk_root_pop(tstate, 1);
        return QK_NULL;
    }
    QkValue cls = make_class(tstate, args[1], args[2], &ns, meta);
    qk_root_pop(tstate, 1);
    return cls;
}

/* type.__init__(cls, ...): nothing to do, but CPython's argument checks. */
static QkValue type_init(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    (void)self;
    (void)args;
    if (kwnames != QK_NULL && nargs == 1) {
        return qk_raise(tstate, &qk_exc_TypeError, "type.__init__() takes no keyword arguments");
    }
    if (nargs != 1 && nargs != 3) {
        return qk_raise(tstate, &qk_exc_TypeError, "type.__init__() takes 1 or 3 arguments");
    }
    return QK_NONE;
}

/* type.__call__(cls, ...): what calling a class does when its metaclass does not say otherwise
 * (a metaclass's __call__ reaches it through super()). */
static QkValue type_call_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                QkValue kwnames) {
    return type_call(tstate, self, args, nargs, kwnames);
}

/* Calling a metaclass (type(name, bases, ns) among them): its __new__, then its __init__. */
static QkValue type_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    QkType *meta = (QkType *)type;
    return qk_construct_with_new(tstate, meta, qk_type_lookup(meta, QK_NAME(new)), args, nargs,
                                 kwnames);
}

/* type.__setattr__ and __delattr__: object's refuse classes (CPython's hackcheck), so a
 * metaclass's own __setattr__ reaches type's through super(). `value` QK_NULL deletes. */
static QkValue type_set_or_delete(QkThread *tstate, QkValue self, QkValue name, QkValue value) {
    if (!qk_is_str(name)) {
        return qk_raise(tstate, &qk_exc_TypeError, "attribute name must be string, not '%s'",
                        qk_type_name(name));
    }
    return qk_type_setattr(tstate, self, name, value) < 0 ? QK_NULL : QK_NONE;
}

static QkValue type_setattr_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                   QkValue kwnames) {
    if (qk_check_args(tstate, "__setattr__", nargs, kwnames, 2, 2) < 0) {
        return QK_NULL;
    }
    return type_set_or_delete(tstate, self, args[0], args[1]);
}

static QkValue type_delattr_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                   QkValue kwnames) {
    if (qk_check_args(tstate, "__delattr__", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return type_set_or_delete(tstate, self, args[0], QK_NULL);
}

/* type.mro(cls): the MRO as a list. */
static QkValue type_mro(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    (void)args;
    return qk_check_args(tstate, "mro", nargs, kwnames, 0, 0) < 0
               ? QK_NULL
               : qk_list_collect(tstate, ((QkType *)self)->mro);
}

/* type.__instancecheck__ and __subclasscheck__: the plain tests, which a metaclass's own
 * reach through super(). */
static QkValue type_instancecheck(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                  QkValue kwnames) {
    if (qk_check_args(tstate, "type.__instancecheck__", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return qk_bool(qk_type_is_subtype(qk_type_of(args[0]), (QkType *)self));
}

static QkValue type_subclasscheck(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                  QkValue kwnames) {
    if (qk_check_args(tstate, "type.__subclasscheck__", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (!qk_is_class(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "issubclass() arg 1 must be a class");
    }
    return qk_bool(qk_type_is_subtype((QkType *)args[0], (QkType *)self));
}

static const QkMethodDef type_methods[] = {
    {"__instancecheck__", type_instancecheck},
    {"__subclasscheck__", type_subclasscheck},
    {"__init__", type_init},
    {"mro", type_mro},
    {"__call__", type_call_method},
    {"__setattr__", type_setattr_method},
    {"__delattr__", type_delattr_method},
    {NULL, NULL},
};

static const QkMethodDef type_staticmethods[] = {
    {"__new__", type_new},
    {NULL, NULL},
};

QkType qk_type_type = {
    QK_STATIC_TYPE,
    .name = "type",
    .flags = QK_TYPE_BASETYPE,
    .instance_size = sizeof(QkType),
    .traverse = type_traverse,
    .finalize = type_finalize,
    .repr = type_repr,
    .call = type_call,
    .construct = type_construct,
    .methods = type_methods,
    .staticmethods = type_staticmethods,
    .getitem = qk_class_getitem,
    .getattr = qk_type_getattr,
    .setattr = qk_type_setattr,
};

/* ---- object and instances ---- */

static void instance_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    qk_instance_traverse_attributes(self, visit, arg);
}

static QkValue object_init(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames);

static bool is_object_init(QkValue init) {
    return qk_is_type(init, &qk_method_descr_type) &&
           ((QkMethodDescr *)init)->def->func == object_init;
}

static QkValue object_init(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)args;
    if (nargs == 0 && kwnames == QK_NULL) {
        return QK_NONE;
    }
    QkType *t = qk_type_of(self);
    if (is_object_init(qk_type_lookup(t, QK_NAME(init)))) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "%s.__init__() takes exactly one argument (the instance to initialize)",
                        t->name);
    }
    return qk_raise(tstate, &qk_exc_TypeError,
                    "object.__init__() takes exactly one argument (the instance to initialize)");
}

/* Calls the class's __init__ on a new instance; the instance, or QK_NULL. */
static QkValue run_init(QkThread *tstate, QkValue init, QkValue obj, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    qk_root_push(tstate, &obj);
    QkValue r = qk_call_with_self(tstate, init, obj, args, nargs, kwnames);
    qk_root_pop(tstate, 1);
    if (r == QK_NULL) {
        return QK_NULL;
    }
    if (r != QK_NONE) {
        return qk_raise(tstate, &qk_exc_TypeError, "__init__() should return None, not '%s'",
                        qk_type_name(r));
    }
    return obj;
}

static __attribute__((noinline)) QkValue instance_alloc_slow(QkThread *tstate, QkType *type) {
    size_t size = type->instance_size ? type->instance_size : sizeof(QkObject);
    return (QkValue)qk_alloc_as(tstate, type, size, type->finalize != NULL);
}

QkValue qk_instance_alloc(QkThread *tstate, QkType *type) {
    /* A plain class's instance (its layout QkInstance's, as its traverse says): a leaf that saves
     * no register, and that zeroes the header, the dict and the count but not the values, which
     * are read only below the count. */
    if (type->traverse == instance_traverse && type->finalize == NULL) {
        QkObject *ob =
            qk_alloc_fast_head(type, sizeof(QkInstance), offsetof(QkInstance, values), 0);
        if (ob != NULL) {
            return (QkValue)ob;
        }
    }
    return instance_alloc_slow(tstate, type);
}

bool qk_type_keeps_object_init(QkType *type) {
    return is_object_init(qk_type_lookup(type, QK_NAME(init)));
}

bool qk_type_keeps_object_new(QkType *type) {
    return qk_type_lookup(type, QK_NAME(new)) == qk_dict_get(qk_object_type.dict, QK_NAME(new));
}

static QkValue object_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                QkValue kwnames);

/* Does the class's __new__ come from a class statement (a function, made a static method)? */
static bool has_python_new(QkType *t) {
    QkValue new = qk_type_lookup(t, QK_NAME(new));
    return qk_is_type(new, &qk_staticmethod_type) &&
           qk_is_type(((QkDescriptor *)new)->func, &qk_function_type);
}

/* CPython refuses an instance of a class whose __abstractmethods__ (abc.ABCMeta sets it) is
 * not empty, naming them sorted; -1 then. Only a class of a metaclass has one here, so a class
 * whose metaclass is exactly `type` pays one compare. */
static int check_not_abstract(QkThread *tstate, QkType *t) {
    QkValue abstract = qk_type_of((QkValue)t) == &qk_type_type
                           ? QK_NULL
                           : qk_dict_get(t->dict, QK_NAME(abstractmethods));
    if (abstract == QK_NULL) {
        return 0;
    }
    QkValue names = qk_list_collect(tstate, abstract);
    if (names == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &names);
    int64_t n = qk_as_list(names)->size;
    if (n == 0 || qk_list_sort(tstate, names, QK_NULL, false) < 0) {
        qk_root_pop(tstate, 1);
        return n == 0 ? 0 : -1;
    }
    char text[400];
    size_t used = 0;
    for (int64_t i = 0; i < n && used < sizeof text; i++) {
        QkValue name = qk_as_list(names)->items[i];
        used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", i ? ", " : "",
                                 qk_is_str(name) ? qk_as_str(name)->data : "?");
    }
    qk_root_pop(tstate, 1);
    qk_raise(tstate, &qk_exc_TypeError,
             "Can't instantiate abstract class %s with abstract method%s %s", t->name,
             n == 1 ? "" : "s", text);
    return -1;
}

/* object.__new__(cls, ...): CPython's checks, then a new instance with no attributes. */
static QkValue object_new(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    (void)self;
    if (nargs == 0) {
        return qk_raise(tstate, &qk_exc_TypeError, "object.__new__(): not enough arguments");
    }
    if (!qk_is_class(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "object.__new__(X): X is not a type object (%s)", qk_type_name(args[0]));
    }
    QkType *t = (QkType *)args[0];
    if (t->construct != object_construct) {
        /* CPython names the nearest class whose __new__ is not a Python function. */
        QkType *safe = t;
        while ((safe->flags & QK_TYPE_HEAP) && has_python_new(safe)) {
            safe = safe->base;
        }
        return qk_raise(tstate, &qk_exc_TypeError, "object.__new__(%s) is not safe, use %s.__new__()",
                        t->name, safe->name);
    }
    if (nargs > 1 || kwnames != QK_NULL) {
        if (!qk_type_keeps_object_new(t)) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "object.__new__() takes exactly one argument (the type to instantiate)");
        }
        if (qk_type_keeps_object_init(t)) {
            return qk_raise(tstate, &qk_exc_TypeError, "%s() takes no arguments", t->name);
        }
    }
    return check_not_abstract(tstate, t) < 0 ? QK_NULL : qk_instance_alloc(tstate, t);
}

QkValue qk_construct_with_new(QkThread *tstate, QkType *t, QkValue new, QkValue *args,
                              size_t nargs, QkValue kwnames) {
    QkValue func = qk_is_type(new, &qk_staticmethod_type) ? ((QkDescriptor *)new)->func : new;
    QkValue small[8], *with_cls = nargs < 8 ? small : malloc((nargs + 1) * sizeof *with_cls);
    if (with_cls == NULL) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    with_cls[0] = (QkValue)t;
    if (nargs > 0) {
        memcpy(with_cls + 1, args, nargs * sizeof *args);
    }
    QkValue obj = qk_call(tstate, func, with_cls, nargs + 1, kwnames);
    if (with_cls != small) {
        free(with_cls);
    }
    if (obj == QK_NULL || !qk_type_is_subtype(qk_type_of(obj), t)) {
        return obj;
    }
    QkValue init = qk_type_lookup(qk_type_of(obj), QK_NAME(init));
    return init == QK_NULL || is_object_init(init)
               ? obj
               : run_init(tstate, init, obj, args, nargs, kwnames);
}

static QkValue object_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                QkValue kwnames) {
    QkType *t = (QkType *)type;
    if (!qk_type_keeps_object_new(t)) {
        return qk_construct_with_new(tstate, t, qk_type_lookup(t, QK_NAME(new)), args, nargs,
                                     kwnames);
    }
    QkValue init = qk_type_lookup(t, QK_NAME(init));
    if (is_object_init(init) && (nargs > 0 || kwnames != QK_NULL)) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s() takes no arguments", t->name);
    }
    if (check_not_abstract(tstate, t) < 0) {
        return QK_NULL;
    }
    QkValue obj = qk_instance_alloc(tstate, t);
    if (obj == QK_NULL || is_object_init(init) || init == QK_NULL) {
        return obj;
    }
    return run_init(tstate, init, obj, args, nargs, kwnames);
}

static QkValue object_getattribute(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                   QkValue kwnames) {
    return qk_check_args(tstate, "__getattribute__", nargs, kwnames, 1, 1) < 0
               ? QK_NULL
               : qk_object_getattr(tstate, self, args[0]);
}

static QkValue object_setattr(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    return qk_check_args(tstate, "__setattr__", nargs, kwnames, 2, 2) < 0 ||
                   qk_object_setattr(tstate, self, args[0], args[1]) < 0
               ? QK_NULL
               : QK_NONE;
}

static QkValue object_delattr(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    return qk_check_args(tstate, "__delattr__", nargs, kwnames, 1, 1) < 0 ||
                   qk_object_setattr(tstate, self, args[0], QK_NULL) < 0
               ? QK_NULL
               : QK_NONE;
}

static const QkMethodDef object_methods[] = {
    {"__init__", object_init},
    {"__getattribute__", object_getattribute},
    {"__setattr__", object_setattr},
    {"__delattr__", object_delattr},
    {NULL, NULL},
};

static const QkMethodDef object_staticmethods[] = {
    {"__new__", object_new},
    {NULL, NULL},
};

QkType qk_object_type = {
    .ob = {.type = &qk_type_type, .gc_static = 1},
    .name = "object",
    .flags = QK_TYPE_BASETYPE,
    .instance_size = sizeof(QkObject),
    .construct = object_construct,
    .methods = object_methods,
    .staticmethods = object_staticmethods,
};

/* Exceptions construct themselves (args first); their classes run __init__ the same way. */
QkValue qk_exception_run_init(QkThread *tstate, QkValue init, QkValue obj, QkValue *args,
                              size_t nargs, QkValue kwnames) {
    return run_init(tstate, init, obj, args, nargs, kwnames);
}

/* ---- member descriptors: the slots of classes with __slots__ ---- */

static void member_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkMember *)self)->name, arg);
    visit((QkValue)((QkMember *)self)->owner, arg);
}

/* Reached only when the instance lacks the slot's attribute (the lookup tries the instance's
 * own first), or through super(): the value is the instance's, if any. */
static QkValue member_get(QkThread *tstate, QkValue descr, QkValue obj) {
    QkMember *m = (QkMember *)descr;
    QkValue v = qk_isinstance(obj, m->owner) ? qk_instance_get(obj, m->name) : QK_NULL;
    return v != QK_NULL ? v : qk_raise_no_attribute(tstate, obj, m->name);
}

static QkValue member_repr(QkThread *tstate, QkValue self) {
    QkMember *m = (QkMember *)self;
    char buffer[320];
    snprintf(buffer, sizeof buffer, "<member '%s' of '%s' objects>", qk_as_str(m->name)->data,
             m->owner->name);
    return qk_str_from_cstr(tstate, buffer);
}

QkType qk_member_type = {
    QK_STATIC_TYPE,
    .name = "member_descriptor",
    .traverse = member_traverse,
    .descr_get = member_get,
    .repr = member_repr,
};

/* The names __slots__ gives (a str, or an iterable of them) as a tuple, checked as CPython
 * does against the class namespace; QK_NULL after raising. */
static QkValue slot_names(QkThread *tstate, QkValue slots, QkValue ns) {
    QkValue names = qk_is_str(slots) ? qk_tuple_from_array(tstate, &slots, 1)
                                     : qk_tuple_from_iterable(tstate, slots);
    if (names == QK_NULL) {
        return QK_NULL;
    }
    QkTuple *tuple = qk_as_tuple(names);
    for (int64_t i = 0; i < tuple->size; i++) {
        QkValue name = tuple->items[i];
        if (!qk_is_str(name)) {
            return qk_raise(tstate, &qk_exc_TypeError, "__slots__ items must be strings, not '%s'",
                            qk_type_name(name));
        }
        if (qk_dict_get(ns, name) != QK_NULL) {
            return qk_raise(tstate, &qk_exc_ValueError,
                            "'%s' in __slots__ conflicts with class variable",
                            qk_as_str(name)->data);
        }
    }
    return names;
}

static bool slot_is_special(QkValue name) {
    return qk_str_equal(name, QK_NAME(dict)) || qk_str_equal(name, QK_NAME(weakref));
}

/* Puts a member descriptor per slot name into the new class's namespace. */
static int add_members(QkThread *tstate, QkType *t, QkValue *names) {
    QkTuple *tuple = qk_as_tuple(*names);
    for (int64_t i = 0; i < tuple->size; i++) {
        if (slot_is_special(tuple->items[i])) {
            continue;
        }
        QkMember *m = (QkMember *)qk_alloc(tstate, &qk_member_type, sizeof *m);
        if (m == NULL) {
            return -1;
        }
        m->name = tuple->items[i];
        m->owner = t;
        QkValue member = (QkValue)m;
        qk_root_push(tstate, &member);
        int failed = qk_dict_set(tstate, t->dict, m->name, member);
        qk_root_pop(tstate, 1);
        if (failed) {
            return -1;
        }
    }
    return 0;
}

/* __slots__ without __dict__, over bases that have no dict either. */
static bool slots_exclude_dict(QkValue names, const QkTuple *bases) {
    QkTuple *tuple = qk_as_tuple(names);
    for (int64_t i = 0; i < tuple->size; i++) {
        if (qk_str_equal(tuple->items[i], QK_NAME(dict))) {
            return false;
        }
    }
    for (int64_t i = 0; i < bases->size; i++) {
        QkType *base = (QkType *)bases->items[i];
        if (base != &qk_object_type && !(base->flags & QK_TYPE_SLOTTED) &&
            !qk_builtin_subclassable(base)) {
            return false;
        }
    }
    return true;
}

/* ---- __build_class__ ---- */

/* CPython's __set_name__ for the descriptors that have one: a property takes the name it is
 * bound to in the namespace (the last one, if several). */
static void name_properties(QkValue ns) {
    int64_t pos = 0;
    QkValue key, value;
    while (qk_dict_next(ns, &pos, &key, &value)) {
        if (qk_is_type(value, &qk_property_type) && qk_is_str(key)) {
            ((QkDescriptor *)value)->name = key;
        }
    }
}

const char *qk_type_qualname(QkType *type) {
    QkValue q = (type->flags & QK_TYPE_HEAP) ? qk_dict_get(type->dict, QK_NAME(qualname)) : QK_NULL;
    return qk_is_str(q) ? qk_as_str(q)->data : type->name;
}

/* ---- the bases of a new class: their layouts and their MRO ---- */

/* The class `value` as a base of a class statement, or NULL after raising. */
static QkType *acceptable_base(QkThread *tstate, QkValue value) {
    if (!qk_is_class(value)) {
        qk_raise(tstate, &qk_exc_TypeError, "bases must be types");
        return NULL;
    }
    QkType *base = (QkType *)value;
    if (!(base->flags & QK_TYPE_BASETYPE) ||
        !(base == &qk_object_type || (base->flags & QK_TYPE_HAS_DICT) ||
          (base->flags & QK_TYPE_BUILTIN_LAYOUT) || qk_builtin_subclassable(base) ||
          qk_type_is_subtype(base, &qk_type_type))) {
        qk_raise(tstate, &qk_exc_TypeError, "type '%s' is not an acceptable base type",
                 base->name);
        return NULL;
    }
    return base;
}

/* CPython's metaclass calculation: the most derived of meta and the bases' metaclasses, or
 * NULL after raising when they are not one chain. */
static QkType *metaclass_of(QkThread *tstate, QkType *meta, const QkTuple *bases) {
    for (int64_t i = 0; i < bases->size; i++) {
        QkType *m = qk_type_of(bases->items[i]);
        if (qk_type_is_subtype(m, meta)) {
            meta = m;
        } else if (!qk_type_is_subtype(meta, m)) {
            qk_raise(tstate, &qk_exc_TypeError,
                     "metaclass conflict: the metaclass of a derived class must be a "
                     "(non-strict) subclass of the metaclasses of all its bases");
            return NULL;
        }
    }
    return meta;
}

/* Do t's instances extend the layout of its base's (CPython's extra_ivars)? A built-in type
 * with a layout of its own, or a class whose __slots__ name slots. */
static bool adds_layout(const QkType *t) {
    if (!(t->flags & QK_TYPE_HEAP)) {
        return t->base != NULL &&
               (qk_builtin_subclassable(t) || t->instance_size != t->base->instance_size);
    }
    int64_t pos = 0;
    QkValue key, value;
    while (qk_dict_next(t->dict, &pos, &key, &value)) {
        if (qk_is_type(value, &qk_member_type) && ((QkMember *)value)->owner == t) {
            return true;
        }
    }
    return false;
}

/* The nearest type of t's layout chain whose instances have a layout of its own (CPython's
 * solid_base). */
static QkType *solid_base(QkType *t) {
    while (t->base != NULL && !adds_layout(t)) {
        t = t->base;
    }
    return t;
}

/* The base whose layout instances of a class of these bases have (CPython's best_base, the
 * class's `base`): the solid bases of all must be one chain, and that base's is the most
 * derived. NULL after raising. */
static QkType *best_base(QkThread *tstate, const QkTuple *bases) {
    QkType *best = NULL, *winner = NULL;
    for (int64_t i = 0; i < bases->size; i++) {
        QkType *base = acceptable_base(tstate, bases->items[i]);
        if (base == NULL) {
            return NULL;
        }
        QkType *candidate = solid_base(base);
        if (winner == NULL || (!qk_type_is_subtype(winner, candidate) &&
                               qk_type_is_subtype(candidate, winner))) {
            winner = candidate;
            best = base;
        } else if (!qk_type_is_subtype(winner, candidate)) {
            qk_raise(tstate, &qk_exc_TypeError, "multiple bases have instance lay-out conflict");
            return NULL;
        }
    }
    return best;
}

/* The lists C3 merges for a class (each base's MRO, then the bases), and where the part of
 * each not taken yet starts. */
typedef struct MroMerge {
    const QkTuple **lists;
    int64_t *heads, count;
} MroMerge;

static QkValue merge_head(const MroMerge *m, int64_t i) {
    return m->heads[i] < m->lists[i]->size ? m->lists[i]->items[m->heads[i]] : QK_NULL;
}

/* Is c in the part after the head of any list? Then it cannot come next. */
static bool in_some_tail(const MroMerge *m, QkValue c) {
    for (int64_t i = 0; i < m->count; i++) {
        for (int64_t j = m->heads[i] + 1; j < m->lists[i]->size; j++) {
            if (m->lists[i]->items[j] == c) {
                return true;
            }
        }
    }
    return false;
}

/* CPython's message: the heads no order could take, each once, in the lists' order. */
static void raise_mro_conflict(QkThread *tstate, const MroMerge *m) {
    QkBuf b = {0};
    int failed = qk_buf_printf(tstate, &b,
                               "Cannot create a consistent method resolution\norder (MRO) for bases");
    const char *separator = " ";
    for (int64_t i = 0; i < m->count && !failed; i++) {
        QkValue head = merge_head(m, i);
        bool seen = head == QK_NULL;
        for (int64_t j = 0; j < i && !seen; j++) {
            seen = merge_head(m, j) == head;
        }
        if (!seen) {
            failed = qk_buf_printf(tstate, &b, "%s%s", separator, ((QkType *)head)->name);
            separator = ", ";
        }
    }
    if (!failed) {
        qk_raise(tstate, &qk_exc_TypeError, "%.*s", (int)b.len, b.data);
    }
    qk_buf_free(&b);
}

/* A class's MRO after the class itself (CPython's mro_implementation: the C3 merge of its
 * bases' MROs and the bases), into a malloc'd array of *count types; NULL after raising. */
static QkType **merge_mros(QkThread *tstate, const QkTuple *bases, int64_t *count) {
    int64_t n = bases->size, total = n;
    for (int64_t i = 0; i < n; i++) {
        for (int64_t j = i + 1; j < n; j++) {
            if (bases->items[j] == bases->items[i]) {
                qk_raise(tstate, &qk_exc_TypeError, "duplicate base class %s",
                         ((QkType *)bases->items[i])->name);
                return NULL;
            }
        }
        total += qk_as_tuple(((QkType *)bases->items[i])->mro)->size;
    }
    MroMerge m = {malloc((size_t)(n + 1) * sizeof *m.lists),
                  calloc((size_t)n + 1, sizeof *m.heads), n + 1};
    QkType **out = malloc((size_t)total * sizeof *out);
    if (m.lists == NULL || m.heads == NULL || out == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        free(out);
        out = NULL;
    }
    for (int64_t i = 0; i < n && out != NULL; i++) {
        m.lists[i] = qk_as_tuple(((QkType *)bases->items[i])->mro);
    }
    if (out != NULL) {
        m.lists[n] = bases;
    }
    *count = 0;
    while (out != NULL) {
        /* The first head, list by list, that is in no list's tail. */
        QkValue next = QK_NULL;
        bool left = false;
        for (int64_t i = 0; i < m.count && next == QK_NULL; i++) {
            QkValue head = merge_head(&m, i);
            left |= head != QK_NULL;
            if (head != QK_NULL && !in_some_tail(&m, head)) {
                next = head;
            }
        }
        if (!left) {
            break;
        }
        if (next == QK_NULL) {
            raise_mro_conflict(tstate, &m);
            free(out);
            out = NULL;
            break;
        }
        out[(*count)++] = (QkType *)next;
        for (int64_t i = 0; i < m.count; i++) {
            m.heads[i] += merge_head(&m, i) == next;
        }
    }
    free(m.lists);
    free(m.heads);
    return out;
}

/* The class `name` whose layout is base's, its MRO itself then the `count` types of `after`,
 * an instance of the metaclass `meta`. */
static QkValue new_class(QkThread *tstate, QkValue name, QkValue bases, QkType *base,
                         QkType **after, int64_t count, QkValue *ns, QkType *meta) {
    if (qk_dict_get(*ns, QK_NAME(eq)) != QK_NULL && qk_dict_get(*ns, QK_NAME(hash)) == QK_NULL &&
        qk_dict_set(tstate, *ns, QK_NAME(hash), QK_NONE) < 0) {
        return QK_NULL;
    }
    name_properties(*ns);
    /* A class's __new__ is a static method even when written as a plain function. */
    QkValue new = qk_dict_get(*ns, QK_NAME(new));
    if (qk_is_type(new, &qk_function_type)) {
        new = qk_call(tstate, (QkValue)&qk_staticmethod_type, &new, 1, QK_NULL);
        if (new == QK_NULL || qk_dict_set(tstate, *ns, QK_NAME(new), new) < 0) {
            return QK_NULL;
        }
    }
    QkValue slots = qk_dict_get(*ns, QK_NAME(slots));
    if (slots != QK_NULL && (slots = slot_names(tstate, slots, *ns)) == QK_NULL) {
        return QK_NULL;
    }
    /* Out of the namespace, the cell may be held only here until it gets the class. */
    QkValue cell = qk_dict_get(*ns, QK_NAME(classcell));
    qk_root_push(tstate, &cell);
    qk_root_push(tstate, &slots);
    QkType *t = NULL;
    if (cell == QK_NULL || qk_dict_delitem(tstate, *ns, QK_NAME(classcell), NULL) >= 0) {
        t = (QkType *)qk_alloc_as(tstate, meta, sizeof(QkType), 1);
    }
    if (t == NULL) {
        qk_root_pop(tstate, 2);
        return QK_NULL;
    }
    t->name = qk_as_str(name)->data;
    t->name_value = name;
    t->base = base;
    t->dict = *ns;
    t->bases = bases;
    /* Making the MRO and the members allocates: nothing else holds the new class yet. */
    QkValue keep = (QkValue)t;
    qk_root_push(tstate, &keep);
    t->mro = qk_tuple_new(tstate, count + 1);
    if (t->mro == QK_NULL) {
        qk_root_pop(tstate, 3);
        return QK_NULL;
    }
    qk_as_tuple(t->mro)->items[0] = (QkValue)t;
    for (int64_t i = 0; i < count; i++) {
        qk_as_tuple(t->mro)->items[i + 1] = (QkValue)after[i];
    }
    t->version = qk_next_type_version();
    /* A metaclass's instances are classes: their attributes live in their namespace. */
    bool metaclass = qk_type_is_subtype(base, &qk_type_type);
    t->flags = QK_TYPE_HEAP | QK_TYPE_BASETYPE |
               (base->flags & (QK_TYPE_EXCEPTION | QK_TYPE_BUILTIN_LAYOUT)) |
               (base->flags & QK_TYPE_BUILTIN_LAYOUT || metaclass ? 0 : QK_TYPE_HAS_DICT);
    if (slots != QK_NULL && slots_exclude_dict(slots, qk_as_tuple(bases))) {
        t->flags |= QK_TYPE_SLOTTED;
    }
    bool plain = base == &qk_object_type || (base->flags & QK_TYPE_HEAP && base->traverse == instance_traverse);
    t->instance_size = plain ? sizeof(QkInstance) : base->instance_size;
    t->traverse = plain ? instance_traverse : base->traverse;
    t->finalize = base->finalize;
    t->construct = base->construct;
    t->descr_get = base->descr_get;
    if (qk_builtin_subclassable(base)) {
        qk_builtin_subclass_setup(t, base);
    }
    int failed = register_heap_type(tstate, t) < 0 ||
                 (slots != QK_NULL && add_members(tstate, t, &slots) < 0);
    qk_root_pop(tstate, 3);
    if (failed) {
        return QK_NULL;
    }
    fixup_slots(t);
    update_plain_names(t);
    qk_cell_set(cell, (QkValue)t);
    return (QkValue)t;
}

/* The class `name` with the bases (a tuple; none means object), the namespace and the
 * metaclass `meta`, after CPython's checks of the bases: their layouts, then their MRO. */
static QkValue make_class(QkThread *tstate, QkValue name, QkValue bases, QkValue *ns,
                          QkType *meta) {
    QkValue object = (QkValue)&qk_object_type;
    if (qk_as_tuple(bases)->size == 0 &&
        (bases = qk_tuple_from_array(tstate, &object, 1)) == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &bases);
    QkType *base = best_base(tstate, qk_as_tuple(bases));
    int64_t count;
    QkType **after = base != NULL ? merge_mros(tstate, qk_as_tuple(bases), &count) : NULL;
    QkValue cls = after != NULL ? new_class(tstate, name, bases, base, after, count, ns, meta)
                                : QK_NULL;
    free(after);
    qk_root_pop(tstate, 1);
    return cls;
}

static QkValue raise_class_keywords(QkThread *tstate, QkValue name) {
    return qk_raise(tstate, &qk_exc_TypeError, "%s.__init_subclass__() takes no keyword arguments",
                    qk_as_str(name)->data);
}

/* A class statement whose metaclass is `type`: the body runs in a new dict, which becomes the
 * class's namespace. */
static QkValue build_plain_class(QkThread *tstate, QkValue body, QkValue name, QkValue bases,
                                 bool other_keywords) {
    QkValue ns = qk_dict_new(tstate);
    if (ns == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &ns);
    QkValue cls = QK_NULL;
    if (qk_run_class_body(tstate, body, ns) != QK_NULL) {
        cls = other_keywords ? raise_class_keywords(tstate, name)
                             : make_class(tstate, name, bases, &ns, &qk_type_type);
    }
    qk_root_pop(tstate, 1);
    return cls;
}

/* __build_class__(body, name, *bases): runs the class body with a fresh namespace as its
 * locals, then makes the class from that namespace. */
static QkValue build_class(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    /* The class statement's keywords are the call's: `metaclass=` is taken; any other is
     * refused once the body has run, as CPython's type.__init_subclass__ does (a metaclass
     * taking keywords of its own is not supported). */
    QkValue meta = QK_NULL;
    size_t nkw = qk_nkwargs(kwnames);
    bool other_keywords = false;
    for (size_t i = 0; i < nkw; i++) {
        if (qk_str_equal(qk_as_tuple(kwnames)->items[i], QK_NAME(metaclass))) {
            meta = args[nargs - nkw + i];
        } else {
            other_keywords = true;
        }
    }
    nargs -= nkw;
    if (nargs < 2) {
        return qk_raise(tstate, &qk_exc_TypeError, "__build_class__: not enough arguments");
    }
    if (!qk_is_type(args[0], &qk_function_type)) {
        return qk_raise(tstate, &qk_exc_TypeError, "__build_class__: func must be a function");
    }
    if (!qk_is_str(args[1])) {
        return qk_raise(tstate, &qk_exc_TypeError, "__build_class__: name is not a string");
    }
    for (size_t i = 2; i < nargs; i++) {
        if (acceptable_base(tstate, args[i]) == NULL) {
            return QK_NULL;
        }
    }
    QkValue bases = QK_NULL, prepare = QK_NULL, ns = QK_NULL, cls = QK_NULL;
    qk_root_push(tstate, &bases);
    qk_root_push(tstate, &prepare);
    qk_root_push(tstate, &ns);
    bases = qk_tuple_from_array(tstate, args + 2, nargs - 2);
    /* CPython's metaclass: the first base's unless `metaclass=` says, then the most derived
     * of it and every base's (a callable that is no class is called as it is). */
    if (meta == QK_NULL) {
        meta = (QkValue)(nargs > 2 ? qk_type_of(args[2]) : &qk_type_type);
    }
    if (bases != QK_NULL && qk_is_class(meta)) {
        meta = (QkValue)metaclass_of(tstate, (QkType *)meta, qk_as_tuple(bases));
    }
    bool ready = bases != QK_NULL && meta != QK_NULL;
    if (ready && meta == (QkValue)&qk_type_type) {
        cls = build_plain_class(tstate, args[0], args[1], bases, other_keywords);
    } else if (ready && qk_lookup_attr(tstate, meta, QK_NAME(prepare), &prepare) >= 0) {
        /* Any other metaclass: the namespace is its __prepare__(name, bases) if it has one,
         * the class meta(name, bases, ns), whose __new__ builds it through type.__new__. */
        QkValue pargs[2] = {args[1], bases};
        ns = prepare != QK_NULL ? qk_call(tstate, prepare, pargs, 2, QK_NULL) : qk_dict_new(tstate);
        if (ns != QK_NULL && qk_type_of(ns)->getitem == NULL) {
            qk_raise(tstate, &qk_exc_TypeError, "%s.__prepare__() must return a mapping, not %s",
                     qk_is_class(meta) ? ((QkType *)meta)->name : "<metaclass>",
                     qk_type_name(ns));
        } else if (ns != QK_NULL && qk_run_class_body(tstate, args[0], ns) != QK_NULL) {
            if (other_keywords) {
                raise_class_keywords(tstate, args[1]);
            } else {
                QkValue margs[3] = {args[1], bases, ns};
                cls = qk_call(tstate, meta, margs, 3, QK_NULL);
            }
        }
    }
    qk_root_pop(tstate, 3);
    return cls;
}

static QkBuiltin build_class_builtin = {
    .ob = {.type = &qk_builtin_type, .gc_static = 1},
    .name = "__build_class__",
    .func = build_class,
};

QkValue qk_build_class_function(QkThread *tstate) {
    (void)tstate;
    return (QkValue)&build_class_builtin;
}

/* ---- super ---- */

typedef struct QkSuper {
    QkObject ob;
    QkValue type; /* the class the lookup starts after */
    QkValue obj;  /* an instance of it, or a subclass (in a classmethod) */
} QkSuper;

static void super_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkSuper *)self)->type, arg);
    visit(((QkSuper *)self)->obj, arg);
}

static QkValue super_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)type;
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "super() takes no keyword arguments");
    }
    if (nargs != 2) {
        return qk_raise(tstate, &qk_exc_RuntimeError, "super(): __class__ cell not found");
    }
    if (!qk_is_class(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "super() argument 1 must be a type, not %s",
                        qk_type_name(args[0]));
    }
    QkType *start = (QkType *)args[0];
    if (!qk_isinstance(args[1], start) &&
        !(qk_is_class(args[1]) && qk_type_is_subtype((QkType *)args[1], start))) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "super(type, obj): obj must be an instance or subtype of type");
    }
    QkSuper *s = (QkSuper *)qk_alloc(tstate, &qk_super_type, sizeof *s);
    if (s == NULL) {
        return QK_NULL;
    }
    s->type = args[0];
    s->obj = args[1];
    return (QkValue)s;
}

/* CPython's super lookup: the MRO of obj's class (of obj itself when it is a class derived
 * from `type`, super() in a classmethod), from the class after `type` on. */
static QkValue super_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkSuper *s = (QkSuper *)self;
    bool of_class = qk_is_class(s->obj) && qk_type_is_subtype((QkType *)s->obj, (QkType *)s->type);
    const QkTuple *mro = qk_as_tuple((of_class ? (QkType *)s->obj : qk_type_of(s->obj))->mro);
    int64_t i = 0;
    while (i < mro->size && mro->items[i] != s->type) {
        i++;
    }
    /* __class__ is the super object's own. */
    for (i++; i < mro->size && !qk_str_equal(name, QK_NAME(class)); i++) {
        QkValue dict = ((QkType *)mro->items[i])->dict;
        QkValue attr = dict != QK_NULL ? qk_dict_get(dict, name) : QK_NULL;
        if (attr == QK_NULL) {
            continue;
        }
        /* Through a class, functions stay plain; classmethods bind to it. */
        if (!of_class || qk_is_type(attr, &qk_classmethod_type) ||
            qk_is_type(attr, &qk_staticmethod_type)) {
            return qk_bind_class_attribute(tstate, attr, s->obj);
        }
        return attr;
    }
    return qk_generic_getattr(tstate, self, name);
}

static QkValue super_repr(QkThread *tstate, QkValue self) {
    QkSuper *s = (QkSuper *)self;
    char buffer[320];
    snprintf(buffer, sizeof buffer, "<super: <class '%s'>, <%s object>>",
             ((QkType *)s->type)->name, qk_type_name(s->obj));
    return qk_str_from_cstr(tstate, buffer);
}

QkType qk_super_type = {
    QK_STATIC_TYPE,
    .name = "super",
    .traverse = super_traverse,
    .construct = super_construct,
    .getattr = super_getattr,
    .repr = super_repr,
};

/* ---- property, classmethod, staticmethod ---- */

static void descriptor_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkDescriptor *d = (QkDescriptor *)self;
    visit(d->func, arg);
    visit(d->fset, arg);
    visit(d->fdel, arg);
    visit(d->name, arg);
}

static QkValue descriptor_new(QkThread *tstate, QkType *type, QkValue func, QkValue fset,
                              QkValue fdel) {
    QkValue keep[3] = {func, fset, fdel};
    for (int i = 0; i < 3; i++) {
        qk_root_push(tstate, &keep[i]);
    }
    QkDescriptor *d = (QkDescriptor *)qk_alloc(tstate, type, sizeof *d);
    qk_root_pop(tstate, 3);
    if (d == NULL) {
        return QK_NULL;
    }
    d->func = keep[0];
    d->fset = keep[1];
    d->fdel = keep[2];
    return (QkValue)d;
}

static QkValue wrapper_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                 QkValue kwnames) {
    QkType *t = (QkType *)type;
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s() takes no keyword arguments", t->name);
    }
    if (nargs != 1) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s expected 1 argument, got %zu", t->name,
                        nargs);
    }
    return descriptor_new(tstate, t, args[0], QK_NULL, QK_NULL);
}

/* classmethod's and staticmethod's __func__, property's fget, fset and fdel, and the
 * __isabstractmethod__ of all three: whether a function they wrap is abstract, as CPython's. */
static QkValue descriptor_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkDescriptor *d = (QkDescriptor *)self;
    const char *n = qk_as_str(name)->data;
    QkValue wrapped[3] = {d->func, d->fset, d->fdel};
    if (qk_is_type(self, &qk_property_type)) {
        static const char *const names[3] = {"fget", "fset", "fdel"};
        for (int i = 0; i < 3; i++) {
            if (strcmp(n, names[i]) == 0) {
                return wrapped[i] == QK_NULL ? QK_NONE : wrapped[i];
            }
        }
    } else if (strcmp(n, "__func__") == 0) {
        return d->func;
    }
    if (strcmp(n, "__isabstractmethod__") != 0) {
        return qk_generic_getattr(tstate, self, name);
    }
    for (int i = 0; i < 3; i++) {
        QkValue abstract;
        int found = wrapped[i] == QK_NULL || wrapped[i] == QK_NONE
                        ? 0
                        : qk_lookup_attr(tstate, wrapped[i], name, &abstract);
        int truth = found > 0 ? qk_truth(tstate, abstract) : found;
        if (truth != 0) {
            return truth < 0 ? QK_NULL : QK_TRUE;
        }
    }
    return QK_FALSE;
}

static QkValue classmethod_get(QkThread *tstate, QkValue descr, QkValue obj) {
    QkValue cls = qk_is_class(obj) ? obj : (QkValue)qk_type_of(obj);
    return qk_method_new(tstate, ((QkDescriptor *)descr)->func, cls);
}

static QkValue staticmethod_get(QkThread *tstate, QkValue descr, QkValue obj) {
    (void)tstate;
    (void)obj;
    return ((QkDescriptor *)descr)->func;
}

QkType qk_classmethod_type = {
    QK_STATIC_TYPE,
    .name = "classmethod",
    .traverse = descriptor_traverse,
    .construct = wrapper_construct,
    .descr_get = classmethod_get,
    .getattr = descriptor_getattr,
};

static QkValue staticmethod_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                                 QkValue kwnames) {
    return qk_call(tstate, ((QkDescriptor *)callable)->func, args, nargs, kwnames);
}

QkType qk_staticmethod_type = {
    QK_STATIC_TYPE,
    .name = "staticmethod",
    .traverse = descriptor_traverse,
    .construct = wrapper_construct,
    .descr_get = staticmethod_get,
    .call = staticmethod_call,
    .getattr = descriptor_getattr,
};

static QkValue property_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                  QkValue kwnames) {
    (void)type;
    static const char *const names[] = {"fget", "fset", "fdel", "doc"};
    QkValue out[4];
    if (qk_parse_args(tstate, "property", args, nargs, kwnames, 0, 4, 4, names, out) < 0) {
        return QK_NULL;
    }
    for (int i = 0; i < 3; i++) {
        if (out[i] == QK_NONE) {
            out[i] = QK_NULL;
        }
    }
    return descriptor_new(tstate, &qk_property_type, out[0], out[1], out[2]);
}

/* "property 'p' of 'Q' object has no setter", or without the name for a property no class
 * statement named, as CPython 3.11 says it. */
static QkValue raise_property_lacks(QkThread *tstate, QkValue descr, QkValue obj,
                                    const char *what) {
    QkValue name = ((QkDescriptor *)descr)->name;
    const char *owner = qk_type_qualname(qk_type_of(obj));
    if (name == QK_NULL) {
        return qk_raise(tstate, &qk_exc_AttributeError, "property of '%s' object has no %s", owner,
                        what);
    }
    return qk_raise(tstate, &qk_exc_AttributeError, "property '%s' of '%s' object has no %s",
                    qk_as_str(name)->data, owner, what);
}

static QkValue property_get(QkThread *tstate, QkValue descr, QkValue obj) {
    QkDescriptor *d = (QkDescriptor *)descr;
    if (d->func == QK_NULL) {
        return raise_property_lacks(tstate, descr, obj, "getter");
    }
    return qk_call(tstate, d->func, &obj, 1, QK_NULL);
}

int qk_property_set(QkThread *tstate, QkValue descr, QkValue obj, QkValue value) {
    QkDescriptor *d = (QkDescriptor *)descr;
    QkValue f = value == QK_NULL ? d->fdel : d->fset;
    if (f == QK_NULL) {
        raise_property_lacks(tstate, descr, obj, value == QK_NULL ? "deleter" : "setter");
        return -1;
    }
    QkValue argv[2] = {obj, value};
    return qk_call(tstate, f, argv, value == QK_NULL ? 1 : 2, QK_NULL) == QK_NULL ? -1 : 0;
}

/* prop.setter(f) / .getter / .deleter: a copy of the property with that function replaced. */
static QkValue property_copy(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames, int which, const char *name) {
    if (qk_check_args(tstate, name, nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkDescriptor *d = (QkDescriptor *)self;
    QkValue f[3] = {d->func, d->fset, d->fdel};
    f[which] = args[0];
    QkValue copy = descriptor_new(tstate, &qk_property_type, f[0], f[1], f[2]);
    if (copy != QK_NULL) {
        ((QkDescriptor *)copy)->name = ((QkDescriptor *)self)->name;
    }
    return copy;
}

#define QK_PROPERTY_COPY(name, which)                                                              \
    static QkValue property_##name(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,   \
                                   QkValue kwnames) {                                              \
        return property_copy(tstate, self, args, nargs, kwnames, which, #name);                    \
    }
QK_PROPERTY_COPY(getter, 0)
QK_PROPERTY_COPY(setter, 1)
QK_PROPERTY_COPY(deleter, 2)

static const QkMethodDef property_methods[] = {
    {"getter", property_getter},
    {"setter", property_setter},
    {"deleter", property_deleter},
    {NULL, NULL},
};

QkType qk_property_type = {
    QK_STATIC_TYPE,
    .name = "property",
    .traverse = descriptor_traverse,
    .construct = property_construct,
    .descr_get = property_get,
    .getattr = descriptor_getattr,
    .methods = property_methods,
};

/* ---- isinstance, issubclass, callable ---- */

/* A metaclass's __instancecheck__ or __subclasscheck__ (hook) on cls, called with arg: its
 * truth, -1 after an error, or -2 when the metaclass has none. */
static int metaclass_check(QkThread *tstate, QkValue cls, int hook, QkValue arg) {
    QkValue check = qk_type_lookup(qk_type_of(cls), qk_names[hook]);
    if (check == QK_NULL) {
        return -2;
    }
    QkValue r = qk_call_with_self(tstate, check, cls, &arg, 1, QK_NULL);
    return r == QK_NULL ? -1 : qk_truth(tstate, r);
}

/* 1 if cls (a class or a tuple of them, nested) matches v, an instance (`instance`) or a class;
 * -1 after raising with `message`. A class whose metaclass is exactly `type` is one subtype
 * test; any other metaclass's __instancecheck__/__subclasscheck__ decides, as CPython's (which
 * takes an instance of exactly cls without asking). */
static int class_matches(QkThread *tstate, QkValue v, bool instance, QkValue cls,
                         const char *message) {
    /* issubclass's default test wants a class before anything else, as CPython's. */
    const char *not_class =
        instance || qk_is_class(v) ? NULL : "issubclass() arg 1 must be a class";
    if (qk_is_class(cls)) {
        if (qk_type_of(cls) != &qk_type_type && !(instance && qk_type_of(v) == (QkType *)cls)) {
            int r = metaclass_check(tstate, cls,
                                    instance ? QK_NAME_instancecheck : QK_NAME_subclasscheck, v);
            if (r != -2) {
                return r;
            }
        }
        if (not_class != NULL) {
            qk_raise(tstate, &qk_exc_TypeError, "%s", not_class);
            return -1;
        }
        return qk_type_is_subtype(instance ? qk_type_of(v) : (QkType *)v, (QkType *)cls);
    }
    if (qk_is_tuple(cls)) {
        for (int64_t i = 0; i < qk_as_tuple(cls)->size; i++) {
            int r = class_matches(tstate, v, instance, qk_as_tuple(cls)->items[i], message);
            if (r != 0) {
                return r;
            }
        }
        return 0;
    }
    qk_raise(tstate, &qk_exc_TypeError, "%s", not_class != NULL ? not_class : message);
    return -1;
}

QK_MODEL_BUILTIN(isinstance) {
    (void)self;
    if (qk_check_args(tstate, "isinstance", nargs, kwnames, 2, 2) < 0) {
        return QK_NULL;
    }
    int r = class_matches(tstate, args[0], true, args[1],
                          "isinstance() arg 2 must be a type, a tuple of types, or a union");
    return r < 0 ? QK_NULL : qk_bool(r);
}

QK_MODEL_BUILTIN(issubclass) {
    (void)self;
    if (qk_check_args(tstate, "issubclass", nargs, kwnames, 2, 2) < 0) {
        return QK_NULL;
    }
    int r = class_matches(tstate, args[0], false, args[1],
                          "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return r < 0 ? QK_NULL : qk_bool(r);
}

QK_MODEL_BUILTIN(callable) {
    (void)self;
    if (qk_check_args(tstate, "callable", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return qk_bool(qk_type_of(args[0])->call != NULL);
}

/* ---- _abc: what lib/abc.py and lib/collections/abc.py need of the object model ---- */

/* _abc.type_lookup(cls, name, default): name as the class and its bases define it (not its
 * metaclass), as CPython's _PyType_Lookup; collections.abc's one-trick ponies ask it, since a
 * class has no __dict__ here. */
static QkValue abc_type_lookup(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "type_lookup", nargs, kwnames, 3, 3) < 0) {
        return QK_NULL;
    }
    if (!qk_is_class(args[0]) || !qk_is_str(args[1])) {
        return qk_raise(tstate, &qk_exc_TypeError, "type_lookup() takes a class and a str");
    }
    QkValue v = qk_type_lookup((QkType *)args[0], args[1]);
    return v == QK_NULL ? args[2] : v;
}

int qk_init_abc(QkThread *tstate, QkValue module) {
    QkValue f = qk_builtin_new(tstate, "type_lookup", abc_type_lookup, module);
    return f == QK_NULL ? -1 : qk_module_add(tstate, module, "type_lookup", f);
}

/* ---- setup ---- */

QkType *const qk_model_types[] = {
    &qk_type_type,        &qk_object_type,      &qk_builtin_type,   &qk_method_type,
    &qk_method_descr_type, &qk_module_type,     &qk_super_type,     &qk_property_type,
    &qk_classmethod_type, &qk_staticmethod_type, &qk_member_type,
};
const size_t qk_model_type_count = sizeof qk_model_types / sizeof qk_model_types[0];

static const char *const name_texts[QK_NAME_COUNT] = {
#define QK_NAME_TEXT(id, text) [QK_NAME_##id] = text,
    QK_NAME_LIST(QK_NAME_TEXT)
#undef QK_NAME_TEXT
};

int qk_init_object_model(QkThread *tstate) {
    for (int i = 0; i < QK_NAME_COUNT; i++) {
        qk_names[i] = qk_str_from_cstr(tstate, name_texts[i]);
        if (qk_names[i] == QK_NULL) {
            return -1;
        }
    }
    return 0;
}

void qk_traverse_object_model(QkVisitFunc visit, void *arg) {
    for (int i = 0; i < QK_NAME_COUNT; i++) {
        visit(qk_names[i], arg);
    }
}

static int add_builtin(QkThread *tstate, QkValue builtins, const char *name, QkValue value) {
    QkValue key = QK_NULL;
    qk_root_push(tstate, &value);
    qk_root_push(tstate, &key);
    key = qk_str_from_cstr(tstate, name);
    int r = key == QK_NULL ? -1 : qk_dict_set(tstate, builtins, key, value);
    qk_root_pop(tstate, 2);
    return r;
}

int qk_register_object_model_builtins(QkThread *tstate, QkValue builtins) {
    static const struct {
        const char *name;
        QkCFunction func;
    } functions[] = {
        {"isinstance", qk_builtin_isinstance}, {"issubclass", qk_builtin_issubclass},
        {"getattr", qk_builtin_getattr},       {"setattr", qk_builtin_setattr},
        {"hasattr", qk_builtin_hasattr},       {"delattr", qk_builtin_delattr},
        {"callable", qk_builtin_callable},
    };
    static QkType *const types[] = {
        &qk_type_type,     &qk_object_type,      &qk_super_type,
        &qk_property_type, &qk_classmethod_type, &qk_staticmethod_type,
    };
    qk_root_push(tstate, &builtins);
    int failed = 0;
    for (size_t i = 0; i < sizeof functions / sizeof functions[0] && !failed; i++) {
        QkValue f = qk_builtin_new(tstate, functions[i].name, functions[i].func, QK_NULL);
        failed = f == QK_NULL || add_builtin(tstate, builtins, functions[i].name, f) < 0;
    }
    for (size_t i = 0; i < sizeof types / sizeof types[0] && !failed; i++) {
        failed = add_builtin(tstate, builtins, types[i]->name, (QkValue)types[i]) < 0;
    }
    for (size_t i = 0; i < qk_exception_type_count && !failed; i++) {
        QkType *t = qk_exception_types[i];
        failed = add_builtin(tstate, builtins, t->name, (QkValue)t) < 0;
    }
    qk_root_pop(tstate, 1);
    return failed ? -1 : 0;
}
