/* Classes derived from list, dict, set, tuple, str, float and int (docs/architecture.md
 * "Objects").
 *
 * An instance is the built-in object itself, its type the class, followed by one word: the
 * attribute dict. Every C function of the base then works on it unchanged (they only read the
 * prefix), its slots are the base's unless the class defines the dunder, and the exact-type
 * guards of specialized instructions and traces (qk_has_type(v, &qk_list_type)) fail for it, so
 * it always takes the generic path, where the class's dunders run. An int has no layout to
 * extend (a small one is a tagged word): an instance of a class derived from int boxes one
 * (BoxedInt), and the int slots and methods see the int it holds (qk_builtin_self). */
#include <string.h>

#include "builtin_subclass.h"
#include "objmodel.h"
#include "quack.h"
#include "types.h"

typedef struct BoxedInt {
    QkObject ob;
    QkValue value; /* an int: tagged or big */
} BoxedInt;

typedef struct BuiltinLayout {
    QkType *type;
    /* Variable-sized types: where the object keeps its int64 item count, the bytes of an item,
     * and the bytes after the last one (str's NUL, then its code point count in the next
     * word). The fixed part is the type's instance_size. */
    size_t count_at, item_size, trailer;
    /* Made empty by __new__ and filled by __init__, as CPython's mutable containers are; the
     * others are made whole by __new__ (an object of the base, copied into the class's). */
    bool filled_by_init;
    /* A BoxedInt holding the value, not a copy of it. */
    bool boxed;
} BuiltinLayout;

static const BuiltinLayout layouts[] = {
    {&qk_list_type, 0, 0, 0, true, false},
    {&qk_dict_type, 0, 0, 0, true, false},
    {&qk_set_type, 0, 0, 0, true, false},
    {&qk_tuple_type, offsetof(QkTuple, size), sizeof(QkValue), 0, false, false},
    {&qk_str_type, offsetof(QkStr, length), 1, 1 + sizeof(int64_t), false, false},
    {&qk_float_type, 0, 0, 0, false, false},
    {&qk_int_type, 0, 0, 0, false, true},
};

static const BuiltinLayout *layout_of_builtin(const QkType *builtin) {
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
        if (layouts[i].type == builtin) {
            return &layouts[i];
        }
    }
    return NULL;
}

/* The layout of an instance of a class with QK_TYPE_BUILTIN_LAYOUT. */
static const BuiltinLayout *layout_of(const QkType *t) {
    return layout_of_builtin(qk_builtin_base(t));
}

bool qk_builtin_subclassable(const QkType *base) { return layout_of_builtin(base) != NULL; }

/* The bytes of the built-in part of obj, rounded up to a word. */
static size_t builtin_size(const BuiltinLayout *l, const QkObject *obj) {
    size_t size = l->boxed ? sizeof(BoxedInt) : l->type->instance_size;
    if (l->item_size != 0) {
        int64_t count;
        memcpy(&count, (const char *)obj + l->count_at, sizeof count);
        size += (size_t)count * l->item_size + l->trailer;
    }
    return (size + sizeof(QkValue) - 1) & ~(sizeof(QkValue) - 1);
}

static QkValue *dict_of(const BuiltinLayout *l, QkObject *obj) {
    return (QkValue *)((char *)obj + builtin_size(l, obj));
}

QkValue *qk_builtin_subclass_dict(QkValue obj) {
    return dict_of(layout_of(qk_type_of(obj)), qk_as_object(obj));
}

static void subclass_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    const BuiltinLayout *l = layout_of(self->type);
    if (l->boxed) {
        visit(((BoxedInt *)self)->value, arg);
    } else if (l->type->traverse != NULL) {
        l->type->traverse(self, visit, arg);
    }
    visit(*dict_of(l, self), arg);
}

static QkValue subclass_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                  QkValue kwnames) {
    QkType *t = (QkType *)type;
    return qk_construct_with_new(tstate, t, qk_type_lookup(t, QK_NAME(new)), args, nargs,
                                 kwnames);
}

void qk_builtin_subclass_setup(QkType *t, QkType *builtin) {
    t->flags = (t->flags & ~(uint32_t)QK_TYPE_HAS_DICT) | QK_TYPE_BUILTIN_LAYOUT;
    t->instance_size =
        (layout_of_builtin(builtin)->boxed ? sizeof(BoxedInt) : builtin->instance_size) +
        sizeof(QkValue);
    t->traverse = subclass_traverse;
    t->finalize = builtin->finalize;
    t->construct = subclass_construct;
}

/* An empty instance of cls: the base's clear() makes its zeroed memory a valid empty container
 * (the free of a NULL table does nothing). */
static QkValue new_empty(QkThread *tstate, const BuiltinLayout *l, QkType *cls) {
    QkObject *obj = qk_alloc_as(tstate, cls, l->type->instance_size + sizeof(QkValue),
                               cls->finalize != NULL);
    if (obj == NULL) {
        return QK_NULL;
    }
    for (const QkMethodDef *def = l->type->methods; def->name != NULL; def++) {
        if (strcmp(def->name, "clear") == 0) {
            QkValue v = (QkValue)obj;
            qk_root_push(tstate, &v);
            QkValue r = def->func(tstate, v, NULL, 0, QK_NULL);
            qk_root_pop(tstate, 1);
            return r == QK_NULL ? QK_NULL : v;
        }
    }
    return (QkValue)obj;
}

/* The base's object `value` copied (or boxed) into a new instance of cls. */
static QkValue copy_into(QkThread *tstate, const BuiltinLayout *l, QkType *cls, QkValue value) {
    size_t size = l->boxed ? sizeof(BoxedInt) : builtin_size(l, qk_as_object(value));
    qk_root_push(tstate, &value);
    QkObject *obj = qk_alloc_as(tstate, cls, size + sizeof(QkValue), cls->finalize != NULL);
    qk_root_pop(tstate, 1);
    if (obj == NULL) {
        return QK_NULL;
    }
    if (l->boxed) {
        ((BoxedInt *)obj)->value = value;
    } else {
        memcpy(obj + 1, qk_as_object(value) + 1, size - sizeof(QkObject));
    }
    return (QkValue)obj;
}

QkValue qk_builtin_unbox(QkValue v) {
    return qk_type_is_subtype(qk_as_object(v)->type, &qk_int_type) ? ((BoxedInt *)v)->value : v;
}

/* The slots of a class derived from int that does not define the dunder: int's, on the ints
 * the operands box. */
static QkValue boxed_repr(QkThread *tstate, QkValue self) {
    return qk_int_type.repr(tstate, qk_builtin_self(self));
}

static int boxed_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    return qk_int_type.hash(tstate, qk_builtin_self(self), hash);
}

static QkValue boxed_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    return qk_int_type.compare(tstate, qk_builtin_self(lhs), qk_builtin_self(rhs), op);
}

static QkValue boxed_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    return qk_int_type.number(tstate, op, qk_builtin_self(lhs), qk_builtin_self(rhs));
}

static QkValue boxed_unary(QkThread *tstate, uint32_t op, QkValue self, QkValue unused) {
    return qk_int_type.unary(tstate, op, qk_builtin_self(self), unused);
}

static int boxed_truth(QkThread *tstate, QkValue self) {
    return qk_int_type.truth(tstate, qk_builtin_self(self));
}

static QkType boxed_int_slots = {
    QK_STATIC_TYPE,
    .name = "int",
    .repr = boxed_repr,
    .hash = boxed_hash,
    .compare = boxed_compare,
    .number = boxed_number,
    .unary = boxed_unary,
    .truth = boxed_truth,
};

QkType *qk_builtin_slots(const QkType *t) {
    QkType *builtin = qk_builtin_base(t);
    return builtin == &qk_int_type && (t->flags & QK_TYPE_HEAP) ? &boxed_int_slots : builtin;
}

/* list.__new__(cls, ...) and the others': `self` is the built-in type, to which the function
 * is bound. */
static QkValue builtin_new(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    QkType *base = (QkType *)self;
    if (nargs == 0) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s.__new__(): not enough arguments",
                        base->name);
    }
    if (!qk_is_class(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s.__new__(X): X is not a type object (%s)",
                        base->name, qk_type_name(args[0]));
    }
    QkType *cls = (QkType *)args[0];
    if (!qk_type_is_subtype(cls, base)) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s.__new__(%s): %s is not a subtype of %s",
                        base->name, cls->name, cls->name, base->name);
    }
    const BuiltinLayout *l = layout_of_builtin(base);
    if (l->filled_by_init) {
        return cls == base ? base->construct(tstate, self, NULL, 0, QK_NULL)
                           : new_empty(tstate, l, cls);
    }
    QkValue value = base->construct(tstate, self, args + 1, nargs - 1, kwnames);
    return value == QK_NULL || cls == base ? value : copy_into(tstate, l, cls, value);
}

int qk_init_builtin_subclassing(QkThread *tstate) {
    for (size_t i = 0; i < sizeof layouts / sizeof *layouts; i++) {
        QkType *t = layouts[i].type;
        QkValue new = QK_NULL;
        qk_root_push(tstate, &new);
        new = qk_builtin_new(tstate, "__new__", builtin_new, (QkValue)t);
        if (new != QK_NULL) {
            new = qk_call(tstate, (QkValue)&qk_staticmethod_type, &new, 1, QK_NULL);
        }
        int failed = new == QK_NULL || qk_dict_set(tstate, t->dict, QK_NAME(new), new) < 0;
        qk_root_pop(tstate, 1);
        if (failed) {
            return -1;
        }
    }
    return 0;
}
