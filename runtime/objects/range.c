/* range objects (lazy arithmetic sequences) and their iterator. */
#include <inttypes.h>
#include <stdio.h>

#include "builtin_subclass.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

int64_t qk_range_length(int64_t start, int64_t stop, int64_t step) {
    if (step > 0) {
        return start < stop ? (stop - start - 1) / step + 1 : 0;
    }
    return start > stop ? (start - stop - 1) / -step + 1 : 0;
}

QkValue qk_range_new(QkThread *tstate, int64_t start, int64_t stop, int64_t step) {
    QkRange *r = (QkRange *)qk_alloc(tstate, &qk_range_type, sizeof *r);
    if (r == NULL) {
        return QK_NULL;
    }
    r->start = start;
    r->stop = stop;
    r->step = step;
    return (QkValue)r;
}

static QkValue range_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)type;
    int64_t bounds[3] = {0, 0, 1};
    if (qk_check_args(tstate, "range", nargs, kwnames, 1, 3) < 0) {
        return QK_NULL;
    }
    for (size_t i = 0; i < nargs; i++) {
        if (qk_index(tstate, args[i], &bounds[nargs == 1 ? 1 : i]) < 0) {
            return QK_NULL;
        }
    }
    if (bounds[2] == 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "range() arg 3 must not be zero");
    }
    return qk_range_new(tstate, bounds[0], bounds[1], bounds[2]);
}

static int64_t range_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    QkRange *r = (QkRange *)self;
    return qk_range_length(r->start, r->stop, r->step);
}

static QkValue range_getitem(QkThread *tstate, QkValue self, QkValue key) {
    QkRange *r = (QkRange *)self;
    int64_t n = qk_range_length(r->start, r->stop, r->step);
    if (qk_is_type(key, &qk_slice_type)) {
        int64_t start, stop, step, count;
        if (qk_slice_indices(tstate, key, n, &start, &stop, &step, &count) < 0) {
            return QK_NULL;
        }
        (void)count;
        return qk_range_new(tstate, r->start + start * r->step, r->start + stop * r->step,
                            step * r->step);
    }
    if (!qk_is_anyint(qk_builtin_self(key))) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "range indices must be integers or slices, not %s", qk_type_name(key));
    }
    int64_t i;
    /* CPython computes a range's items in big ints: any index beyond 64 bits is out of range. */
    if (qk_is_bigint(key)) {
        return qk_raise(tstate, &qk_exc_IndexError, "range object index out of range");
    }
    if (qk_normalize_index(tstate, key, n, "range object", &i) < 0) {
        return QK_NULL;
    }
    return qk_from_int(r->start + i * r->step);
}

static int range_contains(QkThread *tstate, QkValue self, QkValue item) {
    QkRange *r = (QkRange *)self;
    if (qk_is_int_like(item)) {
        int64_t v = qk_int_like_value(item);
        bool inside = r->step > 0 ? (v >= r->start && v < r->stop)
                                  : (v <= r->start && v > r->stop);
        return inside && (v - r->start) % r->step == 0;
    }
    if (qk_is_bigint(item)) {
        return 0; /* every item is a small int */
    }
    /* Anything else (a float, an object with __eq__): compare with each item. */
    int64_t n = qk_range_length(r->start, r->stop, r->step);
    for (int64_t i = 0; i < n; i++) {
        int eq = qk_equal(tstate, qk_from_int(r->start + i * r->step), item);
        if (eq != 0) {
            return eq;
        }
    }
    return 0;
}

static QkValue range_repr(QkThread *tstate, QkValue self) {
    QkRange *r = (QkRange *)self;
    char buf[96];
    if (r->step == 1) {
        snprintf(buf, sizeof buf, "range(%" PRId64 ", %" PRId64 ")", r->start, r->stop);
    } else {
        snprintf(buf, sizeof buf, "range(%" PRId64 ", %" PRId64 ", %" PRId64 ")", r->start,
                 r->stop, r->step);
    }
    return qk_str_from_cstr(tstate, buf);
}

/* Equal when they hold the same items (CPython compares length, first item, step). */
static QkValue range_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    (void)tstate;
    if (!qk_is_type(rhs, &qk_range_type) || (op != QK_COMPARE_OP_EQ && op != QK_COMPARE_OP_NE)) {
        return QK_NOT_IMPLEMENTED;
    }
    QkRange *a = (QkRange *)lhs, *b = (QkRange *)rhs;
    int64_t na = qk_range_length(a->start, a->stop, a->step);
    int64_t nb = qk_range_length(b->start, b->stop, b->step);
    bool equal = na == nb && (na == 0 || (a->start == b->start && (na == 1 || a->step == b->step)));
    return qk_bool(equal == (op == QK_COMPARE_OP_EQ));
}

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

static QkValue range_iter(QkThread *tstate, QkValue self) {
    QkRange *r = (QkRange *)self;
    return qk_range_iter_new(tstate, r->start, r->step, qk_range_length(r->start, r->stop, r->step));
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

QkType qk_range_type = {
    QK_STATIC_TYPE,
    .name = "range",
    .repr = range_repr,
    .compare = range_compare,
    .len = range_len,
    .getitem = range_getitem,
    .contains = range_contains,
    .iter = range_iter,
    .construct = range_construct,
};

QkType qk_range_iter_type = {
    QK_STATIC_TYPE,
    .name = "range_iterator",
    .iter = qk_iter_self,
    .next = range_iter_next,
};
