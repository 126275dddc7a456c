/* list: a growable array of values (the array is malloc'd, so the list has a finalizer). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "storage.h"
#include "types.h"

static void list_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkList *l = (QkList *)self;
    for (int64_t i = 0; i < l->size; i++) {
        visit(l->items[i], arg);
    }
}

/* An empty list's array until it grows: `d.setdefault(k, [])` makes lists most of which stay
 * empty and die young, and a malloc and a free each cost more than the list itself. Never NULL,
 * so memcpy and pointer arithmetic on an empty list's array stay defined. */
static QkValue no_items[1];

static void list_finalize(QkObject *self) {
    QkList *l = (QkList *)self;
    if (l->capacity > 0) {
        qk_storage_free(l->items, (size_t)l->capacity * sizeof(QkValue));
    }
}

/* Room for `needed` items: half as much again when an append outgrows the array (amortized
 * constant appends), exactly `needed` when that is more (an extend or a slice's assignment). */
static int list_reserve(QkThread *tstate, QkList *l, int64_t needed) {
    if (needed <= l->capacity) {
        return 0;
    }
    int64_t grown = l->capacity < 4 ? 4 : l->capacity + l->capacity / 2 + 1;
    int64_t cap = grown > needed ? grown : needed;
    QkValue *items = qk_storage_realloc(l->capacity > 0 ? l->items : NULL,
                                        (size_t)l->capacity * sizeof(QkValue),
                                        (size_t)cap * sizeof(QkValue));
    if (items == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return -1;
    }
    l->items = items;
    l->capacity = cap;
    return 0;
}

/* n items, QK_NULL until the caller fills them (before its next allocation). The array holds
 * exactly n, as CPython's: a list made whole (a slice, a copy) is seldom appended to. */
QkValue qk_list_from_array(QkThread *tstate, QkValue *values, int64_t n) {
    QkList *l = (QkList *)qk_alloc_as(tstate, &qk_list_type, sizeof *l, 1);
    if (l == NULL) {
        return QK_NULL;
    }
    l->items = no_items;
    if (n > 0) {
        QkValue *items = qk_storage_alloc((size_t)n * sizeof(QkValue));
        if (items == NULL) {
            return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        }
        l->items = items;
        l->capacity = n;
        if (values != NULL) {
            memcpy(items, values, (size_t)n * sizeof(QkValue));
        } else {
            memset(items, 0, (size_t)n * sizeof(QkValue));
        }
    }
    l->size = n;
    return (QkValue)l;
}

QkValue qk_list_new(QkThread *tstate, int64_t n) {
    QkValue l = qk_list_from_array(tstate, NULL, n);
    for (int64_t i = 0; l != QK_NULL && i < n; i++) {
        qk_as_list(l)->items[i] = QK_NONE;
    }
    return l;
}

int qk_list_append(QkThread *tstate, QkValue list, QkValue value) {
    QkList *l = qk_as_list(list);
    if (list_reserve(tstate, l, l->size + 1) < 0) {
        return -1;
    }
    l->items[l->size++] = value;
    return 0;
}

/* CPython's PyObject_LengthHint as list.extend uses it: the iterable's len() if its type has
 * one (a TypeError from __len__ counts as none, so 0), or -1 after another error. */
static int64_t length_hint(QkThread *tstate, QkValue iterable) {
    QkType *t = qk_type_of(iterable);
    int64_t n = t->len != NULL ? t->len(tstate, iterable) : 0;
    if (n < 0 && qk_type_is_subtype(qk_type_of(tstate->exception), &qk_exc_TypeError)) {
        tstate->exception = QK_NULL;
        return 0;
    }
    return n;
}

/* Appends the iterable's items; `hint`: as list.extend does, asking its length (which a class's
 * __len__ sees) once the iterator is made, to reserve room. */
static int extend_from(QkThread *tstate, QkValue list, QkValue iterable, bool hint) {
    QkValue *items;
    int64_t n;
    /* Only an exact list or tuple is copied: a subclass's __iter__ may say otherwise. */
    bool exact = qk_is_type(iterable, &qk_list_type) || qk_is_type(iterable, &qk_tuple_type);
    if (exact && qk_sequence_items(iterable, &items, &n)) {
        /* Copied after reserving: `l.extend(l)` reads the grown array. */
        QkList *l = qk_as_list(list);
        if (list_reserve(tstate, l, l->size + n) < 0) {
            return -1;
        }
        qk_sequence_items(iterable, &items, &n);
        if (n > 0) {
            memcpy(l->items + l->size, items, (size_t)n * sizeof(QkValue));
        }
        l->size += n;
        return 0;
    }
    QkValue it = qk_get_iter(tstate, iterable);
    if (it == QK_NULL || !hint) {
        return it == QK_NULL ? -1 : qk_for_each_from(tstate, it, qk_list_append, list);
    }
    qk_root_push(tstate, &it);
    qk_root_push(tstate, &list);
    n = length_hint(tstate, iterable);
    QkList *l = qk_as_list(list);
    int failed = n < 0 || list_reserve(tstate, l, l->size + n) < 0;
    qk_root_pop(tstate, 2);
    return failed ? -1 : qk_for_each_from(tstate, it, qk_list_append, list);
}

int qk_list_extend(QkThread *tstate, QkValue list, QkValue iterable) {
    return extend_from(tstate, list, iterable, true);
}

/* `[*1]` and `f(x, *1)` say "Value after * ..." as CPython's LIST_EXTEND does, while
 * list.extend(1) keeps the plain "'int' object is not iterable". */
int qk_list_extend_unpack(QkThread *tstate, QkValue list, QkValue iterable) {
    if (!qk_is_iterable(iterable)) {
        qk_raise(tstate, &qk_exc_TypeError, "Value after * must be an iterable, not %s",
                 qk_type_name(iterable));
        return -1;
    }
    return qk_list_extend(tstate, list, iterable);
}

static QkValue list_from(QkThread *tstate, QkValue iterable, bool hint) {
    QkValue list = qk_list_new(tstate, 0);
    if (list == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &list);
    int failed = extend_from(tstate, list, iterable, hint);
    qk_root_pop(tstate, 1);
    return failed ? QK_NULL : list;
}

QkValue qk_list_from_iterable(QkThread *tstate, QkValue iterable) {
    return list_from(tstate, iterable, true);
}

QkValue qk_list_collect(QkThread *tstate, QkValue iterable) {
    return list_from(tstate, iterable, false);
}

/* ---- sorting (the algorithm: runtime/objects/listsort.c) ---- */

/* As CPython: the list looks empty while it sorts (a key function or comparison that looks at
 * it sees no items; one that changes it gets "list modified during sort" and its changes are
 * dropped); the keys first (a key function that raises leaves the list as it was); a comparison
 * that raises leaves the list in the order the sort had reached. */
int qk_list_sort(QkThread *tstate, QkValue list, QkValue key, bool reverse) {
    QkList *l = qk_as_list(list);
    int64_t n = l->size;
    QkValue items = qk_list_to_tuple(tstate, list), keys = QK_NULL;
    if (items == QK_NULL) {
        return -1;
    }
    QkValue *saved = l->items;
    int64_t saved_capacity = l->capacity;
    l->items = no_items;
    l->size = l->capacity = 0;
    qk_root_push(tstate, &items);
    qk_root_push(tstate, &keys);
    int failed = 0;
    if (key == QK_NULL || key == QK_NONE) {
        keys = items;
    } else {
        keys = qk_tuple_new(tstate, n);
        for (int64_t i = 0; keys != QK_NULL && i < n; i++) {
            QkValue arg = qk_as_tuple(items)->items[i];
            QkValue k = qk_call(tstate, key, &arg, 1, QK_NULL);
            if (k == QK_NULL) {
                failed = -1;
                break;
            }
            qk_as_tuple(keys)->items[i] = k;
        }
        failed |= keys == QK_NULL ? -1 : 0;
    }
    int64_t *perm = failed ? NULL : malloc((size_t)(n + 1) * sizeof *perm);
    if (!failed && perm == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        failed = -1;
    }
    if (!failed) {
        failed = qk_timsort(tstate, keys, perm, n, reverse);
        for (int64_t i = 0; i < n; i++) {
            saved[i] = qk_as_tuple(items)->items[perm[i]];
        }
    }
    bool modified = l->capacity > 0 || l->size != 0;
    list_finalize(&l->ob);
    l->items = saved;
    l->size = n;
    l->capacity = saved_capacity;
    if (!failed && modified) {
        qk_raise(tstate, &qk_exc_ValueError, "list modified during sort");
        failed = -1;
    }
    free(perm);
    qk_root_pop(tstate, 2);
    return failed;
}

/* ---- slots ---- */

static QkValue list_repr(QkThread *tstate, QkValue self) {
    return qk_sequence_repr(tstate, self, "[", "]");
}

static QkValue list_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if (!qk_is_list(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    return qk_sequence_compare(tstate, lhs, rhs, op);
}

/* l *= n: the repeated list's array moves into l (the temporary keeps l's old one). */
static QkValue list_repeat_in_place(QkThread *tstate, QkValue list, QkValue times) {
    QkValue r = qk_binary_op(tstate, QK_BINARY_OP_MULTIPLY, list, times);
    if (r != QK_NULL) {
        QkList tmp = *qk_as_list(list), *l = qk_as_list(list), *t = qk_as_list(r);
        l->items = t->items;
        l->size = t->size;
        l->capacity = t->capacity;
        t->items = tmp.items;
        t->size = 0;
        t->capacity = tmp.capacity;
    }
    return r == QK_NULL ? QK_NULL : list;
}

static QkValue list_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (op == QK_BINARY_OP_INPLACE_ADD && qk_is_list(lhs)) {
        return qk_list_extend(tstate, lhs, rhs) < 0 ? QK_NULL : lhs;
    }
    if (op == QK_BINARY_OP_INPLACE_MULTIPLY && qk_is_list(lhs) && qk_is_anyint(rhs)) {
        return list_repeat_in_place(tstate, lhs, rhs);
    }
    if (op == QK_BINARY_OP_ADD && qk_is_list(lhs) && qk_is_list(rhs)) {
        int64_t na = qk_as_list(lhs)->size, nb = qk_as_list(rhs)->size;
        QkValue r = qk_list_from_array(tstate, NULL, na + nb);
        if (r != QK_NULL) {
            memcpy(qk_as_list(r)->items, qk_as_list(lhs)->items, (size_t)na * sizeof(QkValue));
            memcpy(qk_as_list(r)->items + na, qk_as_list(rhs)->items,
                   (size_t)nb * sizeof(QkValue));
        }
        return r;
    }
    if (op == QK_BINARY_OP_MULTIPLY && (qk_is_anyint(lhs) || qk_is_anyint(rhs))) {
        QkValue seq = qk_is_list(lhs) ? lhs : rhs;
        int64_t times;
        if (!qk_is_list(seq)) {
            return QK_NOT_IMPLEMENTED;
        }
        if (qk_index(tstate, qk_is_list(lhs) ? rhs : lhs, &times) < 0) {
            return QK_NULL;
        }
        int64_t n = qk_as_list(seq)->size;
        times = times < 0 ? 0 : times;
        if (n > 0 && times > INT64_MAX / 16 / n) {
            return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        }
        QkValue r = qk_list_from_array(tstate, NULL, n * times);
        for (int64_t i = 0; r != QK_NULL && i < times; i++) {
            memcpy(qk_as_list(r)->items + i * n, qk_as_list(seq)->items,
                   (size_t)n * sizeof(QkValue));
        }
        return r;
    }
    return QK_NOT_IMPLEMENTED;
}

static int64_t list_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    return qk_as_list(self)->size;
}

QkValue qk_list_slice(QkThread *tstate, QkValue list, int64_t lo, int64_t hi) {
    int64_t n = hi > lo ? hi - lo : 0;
    QkValue r = qk_list_from_array(tstate, NULL, n);
    if (r != QK_NULL && n > 0) {
        memcpy(qk_as_list(r)->items, qk_as_list(list)->items + lo, (size_t)n * sizeof(QkValue));
    }
    return r;
}

static QkValue list_getitem(QkThread *tstate, QkValue self, QkValue key) {
    QkList *l = qk_as_list(self);
    if (qk_is_type(key, &qk_slice_type)) {
        int64_t start, stop, step, count;
        if (qk_slice_indices(tstate, key, l->size, &start, &stop, &step, &count) < 0) {
            return QK_NULL;
        }
        if (step == 1) {
            return qk_list_slice(tstate, self, start, start + count);
        }
        QkValue r = qk_list_from_array(tstate, NULL, count);
        for (int64_t i = 0; r != QK_NULL && i < count; i++) {
            qk_as_list(r)->items[i] = l->items[start + i * step];
        }
        return r;
    }
    if (!qk_is_anyint(qk_builtin_self(key))) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "list indices must be integers or slices, not %s", qk_type_name(key));
    }
    int64_t i;
    return qk_normalize_index(tstate, key, l->size, "list", &i) < 0 ? QK_NULL : l->items[i];
}

/* Removes `count` items from `at` on. */
static void list_remove_range(QkList *l, int64_t at, int64_t count) {
    memmove(l->items + at, l->items + at + count,
            (size_t)(l->size - at - count) * sizeof(QkValue));
    l->size -= count;
}

int qk_list_assign_slice(QkThread *tstate, QkValue list, int64_t start, int64_t stop,
                         const QkValue *items, int64_t n) {
    QkList *l = qk_as_list(list);
    int64_t old = stop > start ? stop - start : 0, grow = n - old;
    if (grow > 0 && list_reserve(tstate, l, l->size + grow) < 0) {
        return -1;
    }
    memmove(l->items + start + n, l->items + start + old,
            (size_t)(l->size - start - old) * sizeof(QkValue));
    if (n > 0) {
        memcpy(l->items + start, items, (size_t)n * sizeof(QkValue));
    }
    l->size += grow;
    return 0;
}

static int list_setslice(QkThread *tstate, QkValue self, QkValue slice, QkValue value) {
    QkList *l = qk_as_list(self);
    int64_t start, stop, step, count;
    if (qk_slice_indices(tstate, slice, l->size, &start, &stop, &step, &count) < 0) {
        return -1;
    }
    if (value == QK_NULL) {
        if (count == 0) {
            return 0;
        }
        if (step < 0) {
            start += (count - 1) * step;
            step = -step;
        }
        /* Deleting every step-th item from start: compact the rest down. */
        int64_t w = start, deleted = 0;
        for (int64_t r = start; r < l->size; r++) {
            if (deleted < count && r == start + deleted * step) {
                deleted++;
                continue;
            }
            l->items[w++] = l->items[r];
        }
        l->size = w;
        return 0;
    }
    if (!qk_is_iterable(value)) {
        qk_raise(tstate, &qk_exc_TypeError,
                 step == 1 ? "can only assign an iterable" : "must assign iterable to extended slice");
        return -1;
    }
    /* A snapshot of the new items: the value may be the list itself. */
    QkValue items = qk_list_collect(tstate, value);
    if (items == QK_NULL) {
        return -1;
    }
    QkList *src = qk_as_list(items);
    l = qk_as_list(self);
    if (step == 1) {
        qk_root_push(tstate, &items);
        int failed = qk_list_assign_slice(tstate, self, start, stop, src->items, src->size);
        qk_root_pop(tstate, 1);
        return failed;
    }
    if (src->size != count) {
        qk_raise(tstate, &qk_exc_ValueError,
                 "attempt to assign sequence of size %" PRId64 " to extended slice of size %" PRId64,
                 src->size, count);
        return -1;
    }
    for (int64_t i = 0; i < count; i++) {
        l->items[start + i * step] = src->items[i];
    }
    return 0;
}

static int list_setitem(QkThread *tstate, QkValue self, QkValue key, QkValue value) {
    if (qk_is_type(key, &qk_slice_type)) {
        return list_setslice(tstate, self, key, value);
    }
    if (!qk_is_anyint(qk_builtin_self(key))) {
        qk_raise(tstate, &qk_exc_TypeError, "list indices must be integers or slices, not %s",
                 qk_type_name(key));
        return -1;
    }
    QkList *l = qk_as_list(self);
    int64_t i;
    if (qk_normalize_index(tstate, key, l->size, "list assignment", &i) < 0) {
        return -1;
    }
    if (value == QK_NULL) {
        list_remove_range(l, i, 1);
    } else {
        l->items[i] = value;
    }
    return 0;
}

static QkValue list_iter(QkThread *tstate, QkValue self) { return qk_seq_iter_new(tstate, self); }

static QkValue list_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "list", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    return nargs == 0 ? qk_list_new(tstate, 0) : qk_list_from_iterable(tstate, args[0]);
}

/* ---- methods ---- */

/* list.__init__(iterable=()), what a subclass's __init__ calls up to: empties the list first,
 * as CPython's does. */
static QkValue list_init(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    if (qk_check_args(tstate, "list", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    qk_as_list(self)->size = 0;
    return nargs == 0 || qk_list_extend(tstate, self, args[0]) == 0 ? QK_NONE : QK_NULL;
}

QkValue qk_list_append_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    if (qk_check_args(tstate, "list.append", nargs, kwnames, 1, 1) < 0 ||
        qk_list_append(tstate, self, args[0]) < 0) {
        return QK_NULL;
    }
    return QK_NONE;
}

static QkValue list_extend(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    if (qk_check_args(tstate, "list.extend", nargs, kwnames, 1, 1) < 0 ||
        qk_list_extend(tstate, self, args[0]) < 0) {
        return QK_NULL;
    }
    return QK_NONE;
}

static QkValue list_insert(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    int64_t at;
    if (qk_check_args(tstate, "insert", nargs, kwnames, 2, 2) < 0 ||
        qk_index(tstate, args[0], &at) < 0) {
        return QK_NULL;
    }
    QkList *l = qk_as_list(self);
    if (list_reserve(tstate, l, l->size + 1) < 0) {
        return QK_NULL;
    }
    /* Like a slice position: clipped to [0, len]. */
    if (at < 0) {
        at = at + l->size < 0 ? 0 : at + l->size;
    }
    at = at > l->size ? l->size : at;
    memmove(l->items + at + 1, l->items + at, (size_t)(l->size - at) * sizeof(QkValue));
    l->items[at] = args[1];
    l->size++;
    return QK_NONE;
}

static QkValue list_pop(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    if (qk_check_args(tstate, "pop", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    QkList *l = qk_as_list(self);
    if (l->size == 0) {
        return qk_raise(tstate, &qk_exc_IndexError, "pop from empty list");
    }
    int64_t i = l->size - 1;
    if (nargs > 0) {
        if (!qk_is_anyint(qk_builtin_self(args[0]))) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "'%s' object cannot be interpreted as an integer",
                            qk_type_name(args[0]));
        }
        if (qk_normalize_index(tstate, args[0], l->size, "pop", &i) < 0) {
            return QK_NULL;
        }
    }
    QkValue v = l->items[i];
    list_remove_range(l, i, 1);
    return v;
}

static QkValue list_remove(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    if (qk_check_args(tstate, "list.remove", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    for (int64_t i = 0; i < qk_as_list(self)->size; i++) {
        int eq = qk_equal(tstate, qk_as_list(self)->items[i], args[0]);
        if (eq < 0) {
            return QK_NULL;
        }
        if (eq && i < qk_as_list(self)->size) {
            list_remove_range(qk_as_list(self), i, 1);
            return QK_NONE;
        }
    }
    return qk_raise(tstate, &qk_exc_ValueError, "list.remove(x): x not in list");
}

static QkValue list_index(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    return qk_sequence_index(tstate, "list", self, args, nargs, kwnames);
}

static QkValue list_reverse(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "list.reverse", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkList *l = qk_as_list(self);
    for (int64_t i = 0, j = l->size - 1; i < j; i++, j--) {
        QkValue t = l->items[i];
        l->items[i] = l->items[j];
        l->items[j] = t;
    }
    return QK_NONE;
}

static QkValue list_sort(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    static const char *const names[] = {"key", "reverse"};
    QkValue a[2];
    if (qk_parse_args(tstate, "sort", args, nargs, kwnames, 0, 0, 2, names, a) < 0) {
        return QK_NULL;
    }
    int reverse = a[1] == QK_NULL ? 0 : qk_truth(tstate, a[1]);
    if (reverse < 0 || qk_list_sort(tstate, self, a[0], reverse) < 0) {
        return QK_NULL;
    }
    return QK_NONE;
}

static QkValue list_copy(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "list.copy", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_list_from_array(tstate, qk_as_list(self)->items, qk_as_list(self)->size);
}

static QkValue list_clear(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "list.clear", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    qk_as_list(self)->size = 0;
    return QK_NONE;
}

static const QkMethodDef list_methods[] = {
    {"__init__", list_init},   {"append", qk_list_append_method},   {"extend", list_extend}, {"insert", list_insert},
    {"pop", list_pop},         {"remove", list_remove}, {"index", list_index},
    {"count", qk_sequence_count}, {"reverse", list_reverse}, {"sort", list_sort},
    {"copy", list_copy},       {"clear", list_clear},   {NULL, NULL},
};

QkType qk_list_type = {
    QK_STATIC_TYPE,
    .name = "list",
    .flags = QK_TYPE_BASETYPE,
    .instance_size = sizeof(QkList),
    .traverse = list_traverse,
    .finalize = list_finalize,
    .repr = list_repr,
    .hash = qk_hash_unhashable,
    .compare = list_compare,
    .number = list_number,
    .len = list_len,
    .getitem = list_getitem,
    .setitem = list_setitem,
    .contains = qk_sequence_contains,
    .iter = list_iter,
    .construct = list_construct,
    .methods = list_methods,
};
