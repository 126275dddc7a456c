/* The dunder methods of built-in types, made from their slots as CPython's slot wrappers are:
 * `[].__len__()`, `it.__next__()`, `int.__add__(1, 2)`. Each is a method descriptor over one of
 * the functions below, put in the namespace of every built-in type that has the slot, unless it
 * names a method there already. Not object's or type's: a class statement's slots come from
 * what its own chain of classes defines (class.c), and every class would find object's.
 *
 * A wrapper runs the slot of the built-in type itself, not the protocol on self: called on an
 * instance of a class derived from the type (super().__setitem__(k, v) in the class's own
 * __setitem__), the protocol would find the class's dunder again. */
#include <stddef.h>
#include <string.h>

#include "builtin_subclass.h"
#include "objmodel.h"
#include "quack_opcodes.h"
#include "types.h"

static bool arity(QkThread *tstate, size_t nargs, QkValue kwnames, size_t expected) {
    if (kwnames != QK_NULL) {
        qk_raise(tstate, &qk_exc_TypeError, "wrapper takes no keyword arguments");
        return false;
    }
    if (nargs != expected) {
        qk_raise(tstate, &qk_exc_TypeError, "expected %zu argument%s, got %zu", expected,
                 expected == 1 ? "" : "s", nargs);
        return false;
    }
    return true;
}

#define NO_ARGS(fname, body)                                                                       \
    static QkValue fname(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,             \
                         QkValue kwnames) {                                                        \
        (void)args;                                                                                \
        return arity(tstate, nargs, kwnames, 0) ? (body) : QK_NULL;                                \
    }

static QkValue int_or_null(int64_t v) { return v < 0 ? QK_NULL : qk_from_int(v); }

static QkValue bool_or_null(int v) { return v < 0 ? QK_NULL : v ? QK_TRUE : QK_FALSE; }

/* The built-in type whose slots the wrappers of self's methods run. */
static QkType *own(QkValue self) { return qk_builtin_slots(qk_type_of(self)); }

static QkValue hash_value(QkThread *tstate, QkValue self) {
    int64_t hash;
    /* A hash may leave the tagged range (str's do): a big int then, as hash() gives. */
    return own(self)->hash(tstate, self, &hash) < 0 ? QK_NULL : qk_int_result(tstate, hash);
}

static QkValue str_value(QkThread *tstate, QkValue self) {
    QkType *t = own(self);
    return t->str != NULL ? t->str(tstate, self) : t->repr(tstate, self);
}

static QkValue unary_value(QkThread *tstate, uint32_t op, QkValue self) {
    return own(self)->unary(tstate, op, self, QK_NULL);
}

/* An iterator's end is QK_NULL with no exception; as a method it raises StopIteration. */
static QkValue next_value(QkThread *tstate, QkValue self) {
    QkValue v = own(self)->next(tstate, self);
    if (v == QK_NULL && tstate->exception == QK_NULL) {
        qk_raise_stop_iteration(tstate, QK_NONE);
    }
    return v;
}

NO_ARGS(wrap_repr, own(self)->repr(tstate, self))
NO_ARGS(wrap_str, str_value(tstate, self))
NO_ARGS(wrap_hash, hash_value(tstate, self))
NO_ARGS(wrap_len, int_or_null(own(self)->len(tstate, self)))
NO_ARGS(wrap_bool, bool_or_null(own(self)->truth(tstate, self)))
NO_ARGS(wrap_iter, own(self)->iter(tstate, self))
NO_ARGS(wrap_next, next_value(tstate, self))
NO_ARGS(wrap_neg, unary_value(tstate, QK_UNARY_NEGATIVE, self))
NO_ARGS(wrap_pos, unary_value(tstate, QK_UNARY_POSITIVE, self))
NO_ARGS(wrap_invert, unary_value(tstate, QK_UNARY_INVERT, self))
NO_ARGS(wrap_abs, unary_value(tstate, QK_UNARY_ABS, self))

static QkValue wrap_getitem(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    return arity(tstate, nargs, kwnames, 1) ? own(self)->getitem(tstate, self, args[0])
                                            : QK_NULL;
}

static QkValue wrap_setitem(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    return !arity(tstate, nargs, kwnames, 2) ||
                   own(self)->setitem(tstate, self, args[0], args[1]) < 0
               ? QK_NULL
               : QK_NONE;
}

static QkValue wrap_delitem(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    return !arity(tstate, nargs, kwnames, 1) ||
                   own(self)->setitem(tstate, self, args[0], QK_NULL) < 0
               ? QK_NULL
               : QK_NONE;
}

static QkValue wrap_contains(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    return arity(tstate, nargs, kwnames, 1)
               ? bool_or_null(own(self)->contains(tstate, self, args[0]))
               : QK_NULL;
}

static QkValue wrap_call(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    return qk_call(tstate, self, args, nargs, kwnames);
}

/* Binary operators through the type's number slot, reflected ones with the operands swapped; a
 * slot that does not take the other operand answers NotImplemented, as CPython's does. */
#define BINARY(fname, rname, op)                                                                   \
    static QkValue fname(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,             \
                         QkValue kwnames) {                                                        \
        return arity(tstate, nargs, kwnames, 1)                                                    \
                   ? own(self)->number(tstate, op, self, args[0])                             \
                   : QK_NULL;                                                                      \
    }                                                                                              \
    static QkValue rname(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,             \
                         QkValue kwnames) {                                                        \
        return arity(tstate, nargs, kwnames, 1)                                                    \
                   ? own(self)->number(tstate, op, args[0], self)                             \
                   : QK_NULL;                                                                      \
    }

#define BINARY_OPERATORS(X)                                                                        \
    X(add, QK_BINARY_OP_ADD) X(sub, QK_BINARY_OP_SUBTRACT) X(mul, QK_BINARY_OP_MULTIPLY)          \
    X(truediv, QK_BINARY_OP_TRUE_DIVIDE) X(floordiv, QK_BINARY_OP_FLOOR_DIVIDE)                   \
    X(mod, QK_BINARY_OP_REMAINDER) X(pow, QK_BINARY_OP_POWER) X(and, QK_BINARY_OP_AND)            \
    X(or, QK_BINARY_OP_OR) X(xor, QK_BINARY_OP_XOR) X(lshift, QK_BINARY_OP_LSHIFT)                \
    X(rshift, QK_BINARY_OP_RSHIFT) X(matmul, QK_BINARY_OP_MATRIX_MULTIPLY)

#define DEFINE_BINARY(id, op) BINARY(wrap_##id, wrap_r##id, op)
BINARY_OPERATORS(DEFINE_BINARY)

#define COMPARE(fname, op)                                                                         \
    static QkValue fname(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,             \
                         QkValue kwnames) {                                                        \
        return arity(tstate, nargs, kwnames, 1)                                                    \
                   ? own(self)->compare(tstate, self, args[0], op)                            \
                   : QK_NULL;                                                                      \
    }
COMPARE(wrap_lt, QK_COMPARE_OP_LT)
COMPARE(wrap_le, QK_COMPARE_OP_LE)
COMPARE(wrap_eq, QK_COMPARE_OP_EQ)
COMPARE(wrap_ne, QK_COMPARE_OP_NE)
COMPARE(wrap_gt, QK_COMPARE_OP_GT)
COMPARE(wrap_ge, QK_COMPARE_OP_GE)

typedef struct SlotMethod {
    QkMethodDef def;
    int name; /* QK_NAME_* */
    size_t slot; /* offsetof(QkType, <the slot>) */
} SlotMethod;

#define SLOT(dunder, fname, field) {{"__" #dunder "__", fname}, QK_NAME_##dunder, offsetof(QkType, field)}
#define BINARY_SLOTS(id, op) SLOT(id, wrap_##id, number), SLOT(r##id, wrap_r##id, number),

static const SlotMethod slot_methods[] = {
    SLOT(repr, wrap_repr, repr),
    SLOT(str, wrap_str, repr), /* str() falls back to repr(), as object.__str__ does */
    SLOT(hash, wrap_hash, hash),
    SLOT(len, wrap_len, len),
    SLOT(bool, wrap_bool, truth),
    SLOT(iter, wrap_iter, iter),
    SLOT(next, wrap_next, next),
    SLOT(getitem, wrap_getitem, getitem),
    SLOT(setitem, wrap_setitem, setitem),
    SLOT(delitem, wrap_delitem, setitem),
    SLOT(contains, wrap_contains, contains),
    SLOT(call, wrap_call, call),
    SLOT(neg, wrap_neg, unary),
    SLOT(pos, wrap_pos, unary),
    SLOT(invert, wrap_invert, unary),
    SLOT(abs, wrap_abs, unary),
    SLOT(lt, wrap_lt, compare),
    SLOT(le, wrap_le, compare),
    SLOT(eq, wrap_eq, compare),
    SLOT(ne, wrap_ne, compare),
    SLOT(gt, wrap_gt, compare),
    SLOT(ge, wrap_ge, compare),
    BINARY_OPERATORS(BINARY_SLOTS)
};

static bool has_slot(const QkType *type, size_t slot) {
    void *fn;
    memcpy(&fn, (const char *)type + slot, sizeof fn);
    return fn != NULL;
}

int qk_add_slot_methods(QkThread *tstate, QkType *type) {
    if (type == &qk_object_type || type == &qk_type_type) {
        return 0;
    }
    for (size_t i = 0; i < sizeof slot_methods / sizeof slot_methods[0]; i++) {
        const SlotMethod *m = &slot_methods[i];
        QkValue name = qk_names[m->name];
        if (!has_slot(type, m->slot) || qk_dict_get(type->dict, name) != QK_NULL) {
            continue;
        }
        /* An unhashable type's __hash__ is None, as in CPython. */
        bool unhashable = m->slot == offsetof(QkType, hash) && type->hash == qk_hash_unhashable;
        QkValue method = unhashable ? QK_NONE : qk_method_descr_new(tstate, type, &m->def);
        if (!unhashable && method != QK_NULL) {
            ((QkMethodDescr *)method)->wraps_slot = true;
        }
        if (method == QK_NULL || qk_dict_set(tstate, type->dict, name, method) < 0) {
            return -1;
        }
    }
    return 0;
}
