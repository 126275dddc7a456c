/* range objects (lazy arithmetic sequences) and their iterators.
 *
 * A range holds its bounds as ints. When start, stop and step are all tagged ints (the common
 * case), so is every item, and the range's operations run in 64-bit arithmetic; otherwise they
 * run in arbitrary precision, as CPython computes every range (`range(10**20, 10**20 + 3)`), and
 * iteration goes through a `longrange_iterator`. The length is computed when asked for, not
 * kept: three fields keep a range in the 48-byte cells its many short-lived instances (one per
 * `for i in range(n)`) have always taken. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "builtin_subclass.h"
#include "long.h"
#include "quack.h"
#include "quack_opargs.h"
#include "quack_opcodes.h"
#include "types.h"

static QkRange *as_range(QkValue v) { return (QkRange *)v; }

static bool is_small(const QkRange *r) {
    return qk_is_int(r->start) && qk_is_int(r->stop) && qk_is_int(r->step);
}

static int64_t small_length(int64_t start, int64_t stop, int64_t step) {
    /* In unsigned arithmetic: the distance between two 63-bit bounds fits 64 bits. A step of 1
     * (most ranges) needs no division. */
    if (step == 1) {
        return start < stop ? (int64_t)((uint64_t)stop - (uint64_t)start) : 0;
    }
    if (step > 0) {
        return start < stop ? (int64_t)(((uint64_t)stop - (uint64_t)start - 1) / (uint64_t)step + 1)
                            : 0;
    }
    return start > stop
               ? (int64_t)(((uint64_t)start - (uint64_t)stop - 1) / (0 - (uint64_t)step) + 1)
               : 0;
}

/* ---- arbitrary-precision arithmetic on ints (tagged or big) ---- */

static QkValue arith(QkThread *tstate, uint32_t op, QkValue a, QkValue b) {
    return qk_long_number(tstate, op, a, b);
}

static int sign_of(QkValue v) { return qk_long_compare(v, qk_from_int(0)); }

/* The number of items, as CPython's compute_range_length: (hi - lo - 1) // step + 1. */
static QkValue big_length(QkThread *tstate, QkValue start, QkValue stop, QkValue step) {
    QkValue lo = start, hi = stop, n = QK_NULL;
    if (sign_of(step) < 0) {
        lo = stop;
        hi = start;
        step = qk_long_unary(tstate, QK_UNARY_NEGATIVE, step);
        if (step == QK_NULL) {
            return QK_NULL;
        }
    }
    if (qk_long_compare(lo, hi) >= 0) {
        return qk_from_int(0);
    }
    qk_root_push(tstate, &step);
    qk_root_push(tstate, &n);
    n = arith(tstate, QK_BINARY_OP_SUBTRACT, hi, lo);
    n = n == QK_NULL ? QK_NULL : arith(tstate, QK_BINARY_OP_SUBTRACT, n, qk_from_int(1));
    n = n == QK_NULL ? QK_NULL : arith(tstate, QK_BINARY_OP_FLOOR_DIVIDE, n, step);
    n = n == QK_NULL ? QK_NULL : arith(tstate, QK_BINARY_OP_ADD, n, qk_from_int(1));
    qk_root_pop(tstate, 2);
    return n;
}

/* start + i * step. */
static QkValue item_at(QkThread *tstate, const QkRange *r, QkValue i) {
    if (is_small(r) && qk_is_int(i)) {
        __int128 v = (__int128)qk_int_value(r->start) +
                     (__int128)qk_int_value(i) * (__int128)qk_int_value(r->step);
        return qk_long_from_i128(tstate, v);
    }
    QkValue p = arith(tstate, QK_BINARY_OP_MULTIPLY, i, r->step);
    return p == QK_NULL ? QK_NULL : arith(tstate, QK_BINARY_OP_ADD, r->start, p);
}

/* The number of items as an int (a big one for a range past 63 bits, or a small range longer
 * than 2**62), QK_NULL on MemoryError. */
static QkValue length_of(QkThread *tstate, const QkRange *r) {
    if (is_small(r)) {
        return qk_int_result(tstate, small_length(qk_int_value(r->start), qk_int_value(r->stop),
                                                  qk_int_value(r->step)));
    }
    return big_length(tstate, r->start, r->stop, r->step);
}

/* ---- construction ---- */

/* bounds: start, stop, step (nonzero), any ints; rooted by the caller. */
static QkValue range_from_bounds(QkThread *tstate, const QkValue *bounds) {
    QkRange *r = (QkRange *)qk_alloc(tstate, &qk_range_type, sizeof *r);
    if (r == NULL) {
        return QK_NULL;
    }
    r->start = bounds[0];
    r->stop = bounds[1];
    r->step = bounds[2];
    return (QkValue)r;
}

/* An int, a bool or an int subclass's value, as an int (QK_TRUE and QK_FALSE are not tagged):
 * false when the value is none of them. */
static bool int_item(QkValue item, QkValue *out) {
    QkValue v = qk_builtin_self(item);
    *out = v == QK_TRUE || v == QK_FALSE ? qk_from_int(v == QK_TRUE) : v;
    return qk_is_int(*out) || qk_is_bigint(*out);
}

/* An argument of range() or of a range method that must be an int: else CPython's TypeError. */
static int as_int(QkThread *tstate, QkValue v, QkValue *out) {
    if (!int_item(v, out)) {
        qk_raise(tstate, &qk_exc_TypeError, "'%s' object cannot be interpreted as an integer",
                 qk_type_name(*out));
        return -1;
    }
    return 0;
}

QkValue qk_range_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs) {
    if (!qk_range_args_small(args, nargs)) {
        return qk_call(tstate, callable, args, nargs, QK_NULL);
    }
    QkValue bounds[3] = {qk_from_int(0), qk_from_int(0), qk_from_int(1)};
    for (size_t i = 0; i < nargs; i++) {
        bounds[nargs == 1 ? 1 : i] = args[i];
    }
    return range_from_bounds(tstate, bounds); /* ints: nothing to root */
}

QkValue qk_range_iter_of(QkThread *tstate, const QkValue *args, size_t nargs) {
    int64_t start = nargs == 1 ? 0 : qk_int_value(args[0]);
    int64_t stop = qk_int_value(args[nargs == 1 ? 0 : 1]);
    int64_t step = nargs == 3 ? qk_int_value(args[2]) : 1;
    return qk_range_iter_new(tstate, start, step, small_length(start, stop, step));
}

static QkValue range_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "range", nargs, kwnames, 1, 3) < 0) {
        return QK_NULL;
    }
    QkValue bounds[3] = {qk_from_int(0), qk_from_int(0), qk_from_int(1)};
    for (size_t i = 0; i < nargs; i++) {
        QkValue *bound = &bounds[nargs == 1 ? 1 : i];
        if (qk_is_int(args[i])) {
            *bound = args[i]; /* the common case, decided inline */
        } else if (as_int(tstate, args[i], bound) < 0) {
            return QK_NULL;
        }
    }
    if (bounds[2] == qk_from_int(0)) {
        return qk_raise(tstate, &qk_exc_ValueError, "range() arg 3 must not be zero");
    }
    qk_root_push(tstate, &bounds[0]);
    qk_root_push(tstate, &bounds[1]);
    qk_root_push(tstate, &bounds[2]);
    QkValue r = range_from_bounds(tstate, bounds);
    qk_root_pop(tstate, 3);
    return r;
}

static void range_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkRange *r = (QkRange *)self;
    visit(r->start, arg);
    visit(r->stop, arg);
    visit(r->step, arg);
}

/* ---- the sequence protocol ---- */

static int64_t range_len(QkThread *tstate, QkValue self) {
    QkRange *r = as_range(self);
    if (is_small(r)) {
        return small_length(qk_int_value(r->start), qk_int_value(r->stop), qk_int_value(r->step));
    }
    QkValue length = length_of(tstate, r);
    int64_t n;
    if (length == QK_NULL || qk_long_as_int64(length, &n)) {
        return length == QK_NULL ? -1 : n;
    }
    qk_raise(tstate, &qk_exc_OverflowError, "Python int too large to convert to C ssize_t");
    return -1;
}

static int range_truth(QkThread *tstate, QkValue self) {
    (void)tstate;
    QkRange *r = as_range(self);
    int order = qk_long_compare(r->start, r->stop);
    return sign_of(r->step) > 0 ? order < 0 : order > 0;
}

/* A slice bound of a range of `length` items, clipped as CPython's _PySlice_GetLongIndices. */
static int slice_bound(QkThread *tstate, QkValue v, QkValue length, bool negative_step,
                       bool is_start, QkValue *out) {
    QkValue lower = negative_step ? qk_from_int(-1) : qk_from_int(0);
    QkValue upper = length;
    if (negative_step) {
        upper = arith(tstate, QK_BINARY_OP_SUBTRACT, length, qk_from_int(1));
        if (upper == QK_NULL) {
            return -1;
        }
    }
    if (v == QK_NONE) {
        *out = negative_step == is_start ? upper : lower;
        return 0;
    }
    if (as_int(tstate, v, &v) < 0) {
        return -1;
    }
    if (sign_of(v) < 0) {
        qk_root_push(tstate, &upper);
        v = arith(tstate, QK_BINARY_OP_ADD, v, length);
        qk_root_pop(tstate, 1);
        if (v == QK_NULL) {
            return -1;
        }
        *out = qk_long_compare(v, lower) < 0 ? lower : v;
    } else {
        *out = qk_long_compare(v, upper) > 0 ? upper : v;
    }
    return 0;
}

/* range[slice]: the range of the selected items, computed in arbitrary precision. */
static QkValue range_slice(QkThread *tstate, QkRange *r, QkSlice *s) {
    QkValue step = qk_from_int(1);
    if (s->step != QK_NONE) {
        if (as_int(tstate, s->step, &step) < 0) {
            return QK_NULL;
        }
        if (step == qk_from_int(0)) {
            return qk_raise(tstate, &qk_exc_ValueError, "slice step cannot be zero");
        }
    }
    bool negative = sign_of(step) < 0;
    /* i, j, start, stop, step, the length */
    QkValue v[6] = {QK_NULL, QK_NULL, QK_NULL, QK_NULL, QK_NULL, QK_NULL};
    for (int k = 0; k < 6; k++) {
        qk_root_push(tstate, &v[k]);
    }
    v[4] = step;
    QkValue result = QK_NULL;
    if ((v[5] = length_of(tstate, r)) != QK_NULL &&
        slice_bound(tstate, s->start, v[5], negative, true, &v[0]) == 0 &&
        slice_bound(tstate, s->stop, v[5], negative, false, &v[1]) == 0 &&
        (v[2] = item_at(tstate, r, v[0])) != QK_NULL &&
        (v[3] = item_at(tstate, r, v[1])) != QK_NULL &&
        (v[4] = arith(tstate, QK_BINARY_OP_MULTIPLY, v[4], r->step)) != QK_NULL) {
        result = range_from_bounds(tstate, &v[2]);
    }
    qk_root_pop(tstate, 6);
    return result;
}

static QkValue range_getitem(QkThread *tstate, QkValue self, QkValue key) {
    QkRange *r = as_range(self);
    if (qk_is_type(key, &qk_slice_type)) {
        qk_root_push(tstate, &self);
        QkValue result = range_slice(tstate, r, (QkSlice *)key);
        qk_root_pop(tstate, 1);
        return result;
    }
    QkValue i;
    if (!int_item(key, &i)) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "range indices must be integers or slices, not %s", qk_type_name(key));
    }
    QkValue length = length_of(tstate, r);
    if (length == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &length);
    if (sign_of(i) < 0) {
        i = arith(tstate, QK_BINARY_OP_ADD, i, length);
    }
    bool inside = i != QK_NULL && sign_of(i) >= 0 && qk_long_compare(i, length) < 0;
    qk_root_pop(tstate, 1);
    if (!inside) {
        return i == QK_NULL ? QK_NULL
                            : qk_raise(tstate, &qk_exc_IndexError, "range object index out of range");
    }
    return item_at(tstate, r, i);
}

/* Whether the int v is one of the items: 1 or 0, -1 on error. */
static int contains_int(QkThread *tstate, QkRange *r, QkValue v) {
    if (is_small(r) && qk_is_int(v)) {
        int64_t x = qk_int_value(v), start = qk_int_value(r->start);
        int64_t stop = qk_int_value(r->stop), step = qk_int_value(r->step);
        bool inside = step > 0 ? (x >= start && x < stop) : (x <= start && x > stop);
        return inside && (x - start) % step == 0;
    }
    bool inside = sign_of(r->step) > 0
                      ? qk_long_compare(v, r->start) >= 0 && qk_long_compare(v, r->stop) < 0
                      : qk_long_compare(v, r->start) <= 0 && qk_long_compare(v, r->stop) > 0;
    if (!inside) {
        return 0;
    }
    QkValue d = arith(tstate, QK_BINARY_OP_SUBTRACT, v, r->start);
    d = d == QK_NULL ? QK_NULL : arith(tstate, QK_BINARY_OP_REMAINDER, d, r->step);
    return d == QK_NULL ? -1 : d == qk_from_int(0);
}

/* Compares item with each item, as CPython does for anything but an int or a bool: how many are
 * equal, stopping at the first when `where` is not NULL (which gets its index); -1 on error. */
static int64_t scan_equal(QkThread *tstate, QkValue self, QkValue item, int64_t *where) {
    QkValue it = qk_get_iter(tstate, self), x = QK_NULL;
    if (it == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &it);
    qk_root_push(tstate, &x);
    int64_t n = 0, i = 0;
    for (; (x = qk_iter_next(tstate, it)) != QK_NULL; i++) {
        int eq = qk_equal(tstate, x, item);
        if (eq < 0) {
            n = -1;
            break;
        }
        n += eq;
        if (where != NULL && n > 0) {
            *where = i;
            break;
        }
    }
    qk_root_pop(tstate, 2);
    return n < 0 || qk_error_occurred(tstate) ? -1 : n;
}

static int range_contains(QkThread *tstate, QkValue self, QkValue item) {
    QkValue v;
    return int_item(item, &v) ? contains_int(tstate, as_range(self), v)
                              : (int)scan_equal(tstate, self, item, &(int64_t){0});
}

static QkValue range_index(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    if (qk_check_args(tstate, "index", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkRange *r = as_range(self);
    QkValue v;
    if (!int_item(args[0], &v)) {
        int64_t where;
        int64_t found = scan_equal(tstate, self, args[0], &where);
        return found < 0    ? QK_NULL
               : found == 0 ? qk_raise(tstate, &qk_exc_ValueError,
                                       "sequence.index(x): x not in sequence")
                            : qk_int_result(tstate, where);
    }
    int found = contains_int(tstate, r, v);
    if (found <= 0) {
        if (found == 0) {
            QkValue text = qk_repr(tstate, v);
            if (text != QK_NULL) {
                qk_raise(tstate, &qk_exc_ValueError, "%s is not in range", qk_as_str(text)->data);
            }
        }
        return QK_NULL;
    }
    QkValue d = arith(tstate, QK_BINARY_OP_SUBTRACT, v, r->start);
    return d == QK_NULL ? QK_NULL : arith(tstate, QK_BINARY_OP_FLOOR_DIVIDE, d, r->step);
}

static QkValue range_count(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    if (qk_check_args(tstate, "count", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkValue v;
    if (int_item(args[0], &v)) {
        int found = contains_int(tstate, as_range(self), v);
        return found < 0 ? QK_NULL : qk_from_int(found);
    }
    int64_t n = scan_equal(tstate, self, args[0], NULL);
    return n < 0 ? QK_NULL : qk_int_result(tstate, n);
}

static QkValue range_repr(QkThread *tstate, QkValue self) {
    QkRange *r = as_range(self);
    QkBuf b = {0};
    bool step = r->step != qk_from_int(1);
    if (qk_buf_append(tstate, &b, "range(", 6) < 0 || qk_buf_repr(tstate, &b, r->start) < 0 ||
        qk_buf_append(tstate, &b, ", ", 2) < 0 || qk_buf_repr(tstate, &b, r->stop) < 0 ||
        (step && (qk_buf_append(tstate, &b, ", ", 2) < 0 || qk_buf_repr(tstate, &b, r->step) < 0)) ||
        qk_buf_putc(tstate, &b, ')') < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

/* Ranges are equal when they hold the same items: CPython compares the length, then the first
 * item, then the step; the hash is of the same: (length, start or None, step or None). */
static QkValue range_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if (!qk_is_type(rhs, &qk_range_type) || (op != QK_COMPARE_OP_EQ && op != QK_COMPARE_OP_NE)) {
        return QK_NOT_IMPLEMENTED;
    }
    QkRange *a = as_range(lhs), *b = as_range(rhs);
    QkValue n = length_of(tstate, a), m = QK_NULL;
    qk_root_push(tstate, &n);
    m = n == QK_NULL ? QK_NULL : length_of(tstate, b);
    qk_root_pop(tstate, 1);
    if (m == QK_NULL) {
        return QK_NULL;
    }
    bool equal = qk_long_compare(n, m) == 0 &&
                 (n == qk_from_int(0) ||
                  (qk_long_compare(a->start, b->start) == 0 &&
                   (n == qk_from_int(1) || qk_long_compare(a->step, b->step) == 0)));
    return qk_bool(equal == (op == QK_COMPARE_OP_EQ));
}

static int range_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    QkRange *r = as_range(self);
    QkValue length = length_of(tstate, r);
    if (length == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &length);
    QkValue key = qk_tuple_new(tstate, 3);
    qk_root_pop(tstate, 1);
    if (key == QK_NULL) {
        return -1;
    }
    QkValue *items = qk_as_tuple(key)->items;
    items[0] = length;
    items[1] = length == qk_from_int(0) ? QK_NONE : r->start;
    items[2] = qk_long_compare(length, qk_from_int(1)) <= 0 ? QK_NONE : r->step;
    return qk_hash(tstate, key, hash);
}

static QkValue range_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkRange *r = as_range(self);
    const char *n = qk_as_str(name)->data;
    return strcmp(n, "start") == 0  ? r->start
           : strcmp(n, "stop") == 0 ? r->stop
           : strcmp(n, "step") == 0 ? r->step
                                    : qk_generic_getattr(tstate, self, name);
}

/* ---- iterators ---- */

/* An iterator over n items from `first` by `step` (reversed() uses it too). */
QkValue qk_range_iter_new(QkThread *tstate, int64_t first, int64_t step, int64_t n) {
    QkRangeIter *it = (QkRangeIter *)qk_alloc(tstate, &qk_range_iter_type, sizeof *it);
    if (it == NULL) {
        return QK_NULL;
    }
    it->next = first;
    it->step = step;
    it->remaining = n;
    return (QkValue)it;
}

static QkValue range_iter_next(QkThread *tstate, QkValue self) {
    (void)tstate;
    QkRangeIter *it = (QkRangeIter *)self;
    if (it->remaining <= 0) {
        return QK_NULL;
    }
    int64_t v = it->next;
    it->remaining--;
    /* The step after the last item may leave the 63-bit range; it is never used then. */
    if (it->remaining > 0) {
        it->next += it->step;
    }
    return qk_from_int(v);
}

/* The iterator of a range with items beyond 63 bits: its state is ints. */
typedef struct LongRangeIter {
    QkObject ob;
    QkValue next, step, remaining;
} LongRangeIter;

static void long_iter_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    LongRangeIter *it = (LongRangeIter *)self;
    visit(it->next, arg);
    visit(it->step, arg);
    visit(it->remaining, arg);
}

/* An iterator over n items of a range with items beyond 63 bits, from `first` by `step`
 * (reversed() passes the last item and -step). */
static QkValue long_iter_new(QkThread *tstate, QkValue first, QkValue step, QkValue n) {
    qk_root_push(tstate, &first);
    qk_root_push(tstate, &step);
    qk_root_push(tstate, &n);
    LongRangeIter *it = (LongRangeIter *)qk_alloc(tstate, &qk_long_range_iter_type, sizeof *it);
    qk_root_pop(tstate, 3);
    if (it == NULL) {
        return QK_NULL;
    }
    it->next = first;
    it->step = step;
    it->remaining = n;
    return (QkValue)it;
}

static QkValue long_iter_next(QkThread *tstate, QkValue self) {
    LongRangeIter *it = (LongRangeIter *)self;
    if (sign_of(it->remaining) <= 0) {
        return QK_NULL;
    }
    QkValue v = it->next;
    qk_root_push(tstate, &self);
    qk_root_push(tstate, &v);
    QkValue next = arith(tstate, QK_BINARY_OP_ADD, v, it->step);
    QkValue remaining =
        next == QK_NULL ? QK_NULL : arith(tstate, QK_BINARY_OP_SUBTRACT, it->remaining, qk_from_int(1));
    qk_root_pop(tstate, 2);
    if (remaining == QK_NULL) {
        return QK_NULL;
    }
    it = (LongRangeIter *)self;
    it->next = next;
    it->remaining = remaining;
    return v;
}

QkType qk_long_range_iter_type = {
    QK_STATIC_TYPE,
    .name = "longrange_iterator",
    .traverse = long_iter_traverse,
    .iter = qk_iter_self,
    .next = long_iter_next,
};

static QkValue range_iter(QkThread *tstate, QkValue self) {
    QkRange *r = as_range(self);
    if (is_small(r)) {
        return qk_range_iter_new(
            tstate, qk_int_value(r->start), qk_int_value(r->step),
            small_length(qk_int_value(r->start), qk_int_value(r->stop), qk_int_value(r->step)));
    }
    QkValue length = length_of(tstate, r);
    return length == QK_NULL ? QK_NULL : long_iter_new(tstate, r->start, r->step, length);
}

QkValue qk_range_reversed(QkThread *tstate, QkValue range) {
    QkRange *r = as_range(range);
    if (is_small(r)) {
        /* The last item is an item, so a 63-bit value; -step fits 64 bits. */
        int64_t step = qk_int_value(r->step);
        int64_t n = small_length(qk_int_value(r->start), qk_int_value(r->stop), step);
        return qk_range_iter_new(tstate, n == 0 ? 0 : qk_int_value(r->start) + (n - 1) * step,
                                 -step, n);
    }
    QkValue v[3] = {QK_NULL, QK_NULL, QK_NULL}; /* the last item, -step, the length */
    qk_root_push(tstate, &range);
    for (int k = 0; k < 3; k++) {
        qk_root_push(tstate, &v[k]);
    }
    QkValue it = QK_NULL;
    if ((v[2] = length_of(tstate, r)) != QK_NULL &&
        (v[0] = arith(tstate, QK_BINARY_OP_SUBTRACT, v[2], qk_from_int(1))) != QK_NULL &&
        (v[0] = item_at(tstate, as_range(range), v[0])) != QK_NULL &&
        (v[1] = qk_long_unary(tstate, QK_UNARY_NEGATIVE, as_range(range)->step)) != QK_NULL) {
        it = long_iter_new(tstate, v[0], v[1], v[2]);
    }
    qk_root_pop(tstate, 4);
    return it;
}

static const QkMethodDef range_methods[] = {
    {"index", range_index},
    {"count", range_count},
    {NULL, NULL},
};

QkType qk_range_type = {
    QK_STATIC_TYPE,
    .name = "range",
    .traverse = range_traverse,
    .getattr = range_getattr,
    .repr = range_repr,
    .hash = range_hash,
    .compare = range_compare,
    .truth = range_truth,
    .len = range_len,
    .getitem = range_getitem,
    .contains = range_contains,
    .iter = range_iter,
    .construct = range_construct,
    .methods = range_methods,
};

QkType qk_range_iter_type = {
    QK_STATIC_TYPE,
    .name = "range_iterator",
    .iter = qk_iter_self,
    .next = range_iter_next,
};
