/* tuple, and what tuples and lists share: item access, lexicographic comparison, repr. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "builtin_subclass.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

QkValue qk_tuple_new(QkThread *tstate, int64_t n) {
    QkTuple *t = (QkTuple *)qk_alloc(tstate, &qk_tuple_type,
                                     sizeof(QkTuple) + (size_t)n * sizeof(QkValue));
    if (t == NULL) {
        return QK_NULL;
    }
    t->size = n;
    return (QkValue)t;
}

QkValue qk_tuple_from_array(QkThread *tstate, QkValue *values, int64_t n) {
    return values != NULL ? qk_tuple_pack(tstate, values, n) : qk_tuple_new(tstate, n);
}

QkValue qk_list_to_tuple(QkThread *tstate, QkValue list) {
    return qk_tuple_from_array(tstate, qk_as_list(list)->items, qk_as_list(list)->size);
}

QkValue qk_tuple_from_iterable(QkThread *tstate, QkValue iterable) {
    if (qk_is_type(iterable, &qk_tuple_type)) {
        return iterable;
    }
    QkValue list = qk_list_from_iterable(tstate, iterable);
    if (list == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &list);
    QkValue t = qk_list_to_tuple(tstate, list);
    qk_root_pop(tstate, 1);
    return t;
}

bool qk_sequence_items(QkValue v, QkValue **items, int64_t *n) {
    if (qk_is_tuple(v)) {
        *items = qk_as_tuple(v)->items;
        *n = qk_as_tuple(v)->size;
        return true;
    }
    if (qk_is_list(v)) {
        *items = qk_as_list(v)->items;
        *n = qk_as_list(v)->size;
        return true;
    }
    return false;
}

/* The items of a tuple or a list whose kind is known: no type test. */
static inline QkValue *items_of(QkValue v, bool tuple, int64_t *n) {
    if (tuple) {
        *n = qk_as_tuple(v)->size;
        return qk_as_tuple(v)->items;
    }
    *n = qk_as_list(v)->size;
    return qk_as_list(v)->items;
}

/* Both tuples or both lists (their compare slots check). Lists may change under user __eq__:
 * items are fetched again after every comparison that ran code. Tuples cannot, so theirs are read
 * once. As in CPython, lists of different lengths are unequal without comparing an item, while
 * tuples compare their common prefix first. Inline with `tuples` a constant: each kind gets a
 * loop of its own. */
static inline __attribute__((always_inline)) QkValue compare_items(QkThread *tstate, QkValue a,
                                                                   QkValue b, uint32_t op,
                                                                   bool tuples) {
    int64_t nx, ny, i = 0;
    QkValue *x = items_of(a, tuples, &nx), *y = items_of(b, tuples, &ny);
    bool equality = op == QK_COMPARE_OP_EQ || op == QK_COMPARE_OP_NE;
    if (!tuples && equality && nx != ny) {
        return qk_bool(op == QK_COMPARE_OP_NE);
    }
    for (; i < nx && i < ny; i++) {
        int eq = qk_equal_plain(x[i], y[i]);
        if (eq < 0) {
            eq = qk_equal_values(tstate, x[i], y[i]);
            if (eq < 0) {
                return QK_NULL;
            }
            if (!tuples) { /* __eq__ may have resized either list */
                x = items_of(a, false, &nx);
                y = items_of(b, false, &ny);
            }
        }
        if (!eq) {
            break;
        }
    }
    if (i >= nx || i >= ny) {
        return qk_bool(qk_compare_int64(op, nx, ny));
    }
    if (equality) {
        return qk_bool(op == QK_COMPARE_OP_NE);
    }
    if (qk_is_int(x[i]) && qk_is_int(y[i])) {
        return qk_bool(qk_compare_int64(op, qk_int_value(x[i]), qk_int_value(y[i])));
    }
    return qk_richcompare(tstate, x[i], y[i], op);
}

QkValue qk_sequence_compare(QkThread *tstate, QkValue a, QkValue b, uint32_t op) {
    return qk_is_tuple(a) ? compare_items(tstate, a, b, op, true)
                          : compare_items(tstate, a, b, op, false);
}

/* None of the pairs it decides can run code, so its answer is compare_items' (which finds the
 * first pair that differ by equality, then orders that pair: two tuples, such as a heap's
 * (priority, node) entries of equal priority, were compared twice at each level). Nesting deeper
 * than this is left undecided, so that the record of the pairs entered is bounded. */
#define ORDER_DEPTH 8

int qk_tuple_order(const QkTuple *x, const QkTuple *y) {
    /* Nested pairs are entered in a loop, not by recursion, with the pairs entered and where each
     * stood kept here: a leaf, with no frame to save at each comparison. */
    const QkTuple *outer_x[ORDER_DEPTH], *outer_y[ORDER_DEPTH];
    int64_t outer_i[ORDER_DEPTH];
    int depth = 0;
    int64_t i = 0;
    for (;;) {
        int64_t n = x->size < y->size ? x->size : y->size;
        for (; i < n; i++) {
            QkValue a = x->items[i], b = y->items[i];
            if (a == b) {
                continue;
            }
            if (qk_is_int(a) && qk_is_int(b)) {
                return qk_int_value(a) < qk_int_value(b) ? -1 : 1;
            }
            if (depth == ORDER_DEPTH || !qk_is_type(a, &qk_tuple_type) ||
                !qk_is_type(b, &qk_tuple_type)) {
                return QK_ORDER_UNDECIDED;
            }
            outer_x[depth] = x;
            outer_y[depth] = y;
            outer_i[depth++] = i;
            x = qk_as_tuple(a);
            y = qk_as_tuple(b);
            n = x->size < y->size ? x->size : y->size;
            i = -1;
        }
        int order = x->size < y->size ? -1 : x->size > y->size;
        if (order != 0 || depth == 0) {
            return order;
        }
        depth--;
        x = outer_x[depth];
        y = outer_y[depth];
        i = outer_i[depth] + 1;
    }
}

QkValue qk_sequence_repr(QkThread *tstate, QkValue self, const char *open, const char *close) {
    int entered = qk_repr_enter(tstate, self);
    if (entered != 0) {
        char buf[8];
        snprintf(buf, sizeof buf, "%c...%c", open[0], close[strlen(close) - 1]);
        return entered < 0 ? QK_NULL : qk_str_from_cstr(tstate, buf);
    }
    QkBuf b = {0};
    int failed = qk_buf_append(tstate, &b, open, strlen(open));
    QkValue *items;
    int64_t n;
    for (int64_t i = 0; !failed && qk_sequence_items(self, &items, &n) && i < n; i++) {
        failed = (i > 0 && qk_buf_append(tstate, &b, ", ", 2) < 0) ||
                 qk_buf_repr(tstate, &b, items[i]) < 0;
    }
    qk_repr_leave(self);
    if (failed || qk_buf_append(tstate, &b, close, strlen(close)) < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

/* ---- tuple slots ---- */

static void tuple_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkTuple *t = (QkTuple *)self;
    for (int64_t i = 0; i < t->size; i++) {
        visit(t->items[i], arg);
    }
}

static QkValue tuple_repr(QkThread *tstate, QkValue self) {
    return qk_sequence_repr(tstate, self, "(", qk_as_tuple(self)->size == 1 ? ",)" : ")");
}

/* Whether v's hash is fixed by its value, whatever code runs later: then a tuple of such items
 * may keep its hash. Other items (instances whose __hash__ reads a field) are hashed each time. */
static bool hash_is_fixed(QkValue v) {
    QkType *t = qk_type_of(v);
    return t == &qk_int_type || t == &qk_str_type || t == &qk_float_type || t == &qk_bool_type ||
           t == &qk_none_type || (t == &qk_tuple_type && qk_as_tuple(v)->hash != 0);
}

/* CPython's tuple hash (xxHash's mixing), so hash((1, 2)) matches: each item's hash a lane. */
#define XXPRIME_1 11400714785074694791ull
#define XXPRIME_2 14029467366897019727ull
#define XXPRIME_5 2870177450012600261ull

static uint64_t hash_lane(uint64_t acc, int64_t lane) {
    acc += (uint64_t)lane * XXPRIME_2;
    acc = (acc << 31) | (acc >> 33);
    return acc * XXPRIME_1;
}

static int64_t hash_end(uint64_t acc, int64_t size) {
    acc += (uint64_t)size ^ (XXPRIME_5 ^ 3527539ull);
    return acc == UINT64_MAX ? 1546275796 : (int64_t)acc;
}

/* A small int below the modulus, the common item of a key, is its own hash. */
static int64_t int_lane(QkValue item) {
    int64_t v = qk_int_value(item);
    return v >= 0 && v < QK_HASH_MODULUS ? v : qk_hash_int(v);
}

/* The hash of a key's common items, small ints and exact strs already hashed, kept: a leaf, with
 * no frame to save. False at any other item. */
static __attribute__((noinline)) bool hash_plain(QkTuple *t) {
    uint64_t acc = XXPRIME_5;
    for (int64_t i = 0; i < t->size; i++) {
        QkValue item = t->items[i];
        if (qk_is_int(item)) {
            acc = hash_lane(acc, int_lane(item));
        } else if (qk_is_type(item, &qk_str_type) && qk_as_str(item)->hash != 0) {
            acc = hash_lane(acc, (int64_t)qk_as_str(item)->hash);
        } else {
            return false;
        }
    }
    t->hash = hash_end(acc, t->size);
    return true;
}

/* Any items: an exact str is hashed without dispatch, the others through the protocol. The hash
 * is kept when every item's is fixed. */
static __attribute__((noinline)) int hash_items(QkThread *tstate, QkTuple *t, int64_t *hash) {
    uint64_t acc = XXPRIME_5;
    bool fixed = true;
    for (int64_t i = 0; i < t->size; i++) {
        QkValue item = t->items[i];
        int64_t lane;
        if (qk_is_int(item)) {
            lane = int_lane(item);
        } else if (qk_is_type(item, &qk_str_type)) {
            lane = (int64_t)qk_str_hash(item);
        } else if (qk_hash(tstate, item, &lane) < 0) {
            return -1;
        } else {
            fixed = fixed && hash_is_fixed(item);
        }
        acc = hash_lane(acc, lane);
    }
    *hash = hash_end(acc, t->size);
    if (fixed) {
        t->hash = *hash;
    }
    return 0;
}

/* A tuple is hashed again at every lookup of a dict or set it keys, so one whose items all have
 * fixed hashes keeps its own. */
static int tuple_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    QkTuple *t = qk_as_tuple(self);
    if (t->hash != 0 || hash_plain(t)) {
        *hash = t->hash;
        return 0;
    }
    return hash_items(tstate, t, hash);
}

static QkValue tuple_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if (!qk_is_tuple(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    return qk_sequence_compare(tstate, lhs, rhs, op);
}

/* a + b and a * n for tuples: items of `parts` repeated. */
static QkValue tuple_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (op == QK_BINARY_OP_ADD && qk_is_tuple(lhs) && qk_is_tuple(rhs)) {
        int64_t na = qk_as_tuple(lhs)->size, nb = qk_as_tuple(rhs)->size;
        QkValue r = qk_tuple_new(tstate, na + nb);
        if (r != QK_NULL) {
            memcpy(qk_as_tuple(r)->items, qk_as_tuple(lhs)->items, (size_t)na * sizeof(QkValue));
            memcpy(qk_as_tuple(r)->items + na, qk_as_tuple(rhs)->items,
                   (size_t)nb * sizeof(QkValue));
        }
        return r;
    }
    if (op == QK_BINARY_OP_MULTIPLY && (qk_is_anyint(lhs) || qk_is_anyint(rhs))) {
        QkValue seq = qk_is_tuple(lhs) ? lhs : rhs;
        int64_t times;
        if (!qk_is_tuple(seq)) {
            return QK_NOT_IMPLEMENTED;
        }
        if (qk_index(tstate, qk_is_tuple(lhs) ? rhs : lhs, &times) < 0) {
            return QK_NULL;
        }
        int64_t n = qk_as_tuple(seq)->size;
        times = times < 0 ? 0 : times;
        if (n > 0 && times > INT64_MAX / 16 / n) {
            return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        }
        QkValue r = qk_tuple_new(tstate, n * times);
        for (int64_t i = 0; r != QK_NULL && i < times; i++) {
            memcpy(qk_as_tuple(r)->items + i * n, qk_as_tuple(seq)->items,
                   (size_t)n * sizeof(QkValue));
        }
        return r;
    }
    return QK_NOT_IMPLEMENTED;
}

static int64_t tuple_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    return qk_as_tuple(self)->size;
}

static QkValue tuple_getitem(QkThread *tstate, QkValue self, QkValue key) {
    QkTuple *t = qk_as_tuple(self);
    if (qk_is_type(key, &qk_slice_type)) {
        int64_t start, stop, step, count;
        if (qk_slice_indices(tstate, key, t->size, &start, &stop, &step, &count) < 0) {
            return QK_NULL;
        }
        QkValue r = qk_tuple_new(tstate, count);
        for (int64_t i = 0; r != QK_NULL && i < count; i++) {
            qk_as_tuple(r)->items[i] = t->items[start + i * step];
        }
        return r;
    }
    if (!qk_is_anyint(qk_builtin_self(key))) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "tuple indices must be integers or slices, not %s", qk_type_name(key));
    }
    int64_t i;
    return qk_normalize_index(tstate, key, t->size, "tuple", &i) < 0 ? QK_NULL : t->items[i];
}

/* `in`, for tuples and lists. */
int qk_sequence_contains(QkThread *tstate, QkValue self, QkValue item) {
    QkValue *items;
    int64_t n;
    for (int64_t i = 0; qk_sequence_items(self, &items, &n) && i < n; i++) {
        int eq = qk_equal(tstate, items[i], item);
        if (eq != 0) {
            return eq;
        }
    }
    return 0;
}

static QkValue tuple_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "tuple", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    return nargs == 0 ? qk_tuple_new(tstate, 0) : qk_tuple_from_iterable(tstate, args[0]);
}

/* index and count, for tuples and lists: `what` names the type in the error. */
QkValue qk_sequence_index(QkThread *tstate, const char *what, QkValue self, QkValue *args,
                          size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, "index", nargs, kwnames, 1, 3) < 0) {
        return QK_NULL;
    }
    QkValue *items;
    int64_t n, bounds[2] = {0, INT64_MAX};
    qk_sequence_items(self, &items, &n);
    for (size_t k = 1; k < nargs; k++) {
        if (qk_index(tstate, args[k], &bounds[k - 1]) < 0) {
            return QK_NULL;
        }
        if (bounds[k - 1] < 0) {
            bounds[k - 1] = bounds[k - 1] + n < 0 ? 0 : bounds[k - 1] + n;
        }
    }
    for (int64_t i = bounds[0]; qk_sequence_items(self, &items, &n) && i < n && i < bounds[1];
         i++) {
        int eq = qk_equal(tstate, items[i], args[0]);
        if (eq != 0) {
            return eq < 0 ? QK_NULL : qk_from_int(i);
        }
    }
    if (qk_is_list(self)) {
        QkValue r = qk_repr(tstate, args[0]);
        return r == QK_NULL ? QK_NULL
                            : qk_raise(tstate, &qk_exc_ValueError, "%s is not in list",
                                       qk_as_str(r)->data);
    }
    return qk_raise(tstate, &qk_exc_ValueError, "%s.index(x): x not in %s", what, what);
}

QkValue qk_sequence_count(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    if (qk_check_args(tstate, "count", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkValue *items;
    int64_t n, count = 0;
    for (int64_t i = 0; qk_sequence_items(self, &items, &n) && i < n; i++) {
        int eq = qk_equal(tstate, items[i], args[0]);
        if (eq < 0) {
            return QK_NULL;
        }
        count += eq;
    }
    return qk_from_int(count);
}

static QkValue tuple_index(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    return qk_sequence_index(tstate, "tuple", self, args, nargs, kwnames);
}

static QkValue tuple_iter(QkThread *tstate, QkValue self) { return qk_seq_iter_new(tstate, self); }

static const QkMethodDef tuple_methods[] = {
    {"index", tuple_index},
    {"count", qk_sequence_count},
    {NULL, NULL},
};

QkType qk_tuple_type = {
    QK_STATIC_TYPE,
    .name = "tuple",
    .flags = QK_TYPE_BASETYPE,
    .instance_size = sizeof(QkTuple),
    .traverse = tuple_traverse,
    .repr = tuple_repr,
    .hash = tuple_hash,
    .compare = tuple_compare,
    .number = tuple_number,
    .len = tuple_len,
    .getitem = tuple_getitem,
    .contains = qk_sequence_contains,
    .iter = tuple_iter,
    .construct = tuple_construct,
    .methods = tuple_methods,
};
