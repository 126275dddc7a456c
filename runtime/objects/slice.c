/* slice objects, and resolving slices and indices against a sequence's length. */
#include <inttypes.h>

#include "builtin_subclass.h"
#include "quack.h"
#include "types.h"

QkValue qk_slice_new(QkThread *tstate, QkValue start, QkValue stop, QkValue step) {
    QkSlice *s = (QkSlice *)qk_alloc(tstate, &qk_slice_type, sizeof *s);
    if (s == NULL) {
        return QK_NULL;
    }
    s->start = start;
    s->stop = stop;
    s->step = step;
    return (QkValue)s;
}

int qk_slice_index_object(QkThread *tstate, QkValue v, int64_t *out) {
    v = qk_builtin_self(v);
    if (qk_is_int(v)) {
        *out = qk_int_value(v);
        return 0;
    }
    if (!qk_is_anyint(v)) {
        qk_raise(tstate, &qk_exc_TypeError,
                 "slice indices must be integers or None or have an __index__ method");
        return -1;
    }
    /* As CPython's, a bound beyond 64 bits is clipped (it is past either end anyway). */
    if (!qk_long_as_int64(v, out)) {
        *out = qk_long_compare(v, qk_from_int(0)) < 0 ? INT64_MIN : INT64_MAX;
    }
    return 0;
}

/* A bound clipped into the sequence: negative counts from the end. */
static int64_t adjust(int64_t v, int64_t length, int64_t step) {
    if (v < 0) {
        v += length;
        return v < 0 ? (step < 0 ? -1 : 0) : v;
    }
    return v >= length ? (step < 0 ? length - 1 : length) : v;
}

int64_t qk_slice_clip(QkValue bound, int64_t absent, int64_t length) {
    return bound == QK_NONE ? absent : adjust(qk_int_value(bound), length, 1);
}

int qk_slice_indices(QkThread *tstate, QkValue slice, int64_t length, int64_t *start,
                     int64_t *stop, int64_t *step, int64_t *count) {
    QkSlice *s = (QkSlice *)slice;
    *step = 1;
    if (s->step != QK_NONE && qk_slice_index(tstate, s->step, step) < 0) {
        return -1;
    }
    if (*step == 0) {
        qk_raise(tstate, &qk_exc_ValueError, "slice step cannot be zero");
        return -1;
    }
    if (s->start == QK_NONE) {
        *start = *step < 0 ? length - 1 : 0;
    } else if (qk_slice_index(tstate, s->start, start) < 0) {
        return -1;
    } else {
        *start = adjust(*start, length, *step);
    }
    if (s->stop == QK_NONE) {
        *stop = *step < 0 ? -1 : length;
    } else if (qk_slice_index(tstate, s->stop, stop) < 0) {
        return -1;
    } else {
        *stop = adjust(*stop, length, *step);
    }
    if (*step == 1) { /* most slices: no division (a 64-bit one costs tens of cycles) */
        *count = *start < *stop ? *stop - *start : 0;
    } else if (*step > 0) {
        *count = *start < *stop ? (*stop - *start - 1) / *step + 1 : 0;
    } else {
        *count = *stop < *start ? (*start - *stop - 1) / -*step + 1 : 0;
    }
    return 0;
}

int qk_normalize_index(QkThread *tstate, QkValue key, int64_t length, const char *what,
                       int64_t *index) {
    key = qk_builtin_self(key);
    int64_t i = qk_is_int(key) ? qk_int_value(key) : 0;
    if (!qk_is_int(key) && !qk_long_as_int64(key, &i)) {
        qk_raise(tstate, &qk_exc_IndexError, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    if (!qk_wrap_index(&i, length)) {
        qk_raise(tstate, &qk_exc_IndexError, "%s index out of range", what);
        return -1;
    }
    *index = i;
    return 0;
}

static void slice_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkSlice *s = (QkSlice *)self;
    visit(s->start, arg);
    visit(s->stop, arg);
    visit(s->step, arg);
}

static QkValue slice_repr(QkThread *tstate, QkValue self) {
    QkSlice *s = (QkSlice *)self;
    QkBuf b = {0};
    if (qk_buf_append(tstate, &b, "slice(", 6) < 0 || qk_buf_repr(tstate, &b, s->start) < 0 ||
        qk_buf_append(tstate, &b, ", ", 2) < 0 || qk_buf_repr(tstate, &b, s->stop) < 0 ||
        qk_buf_append(tstate, &b, ", ", 2) < 0 || qk_buf_repr(tstate, &b, s->step) < 0 ||
        qk_buf_putc(tstate, &b, ')') < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue slice_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "slice", nargs, kwnames, 1, 3) < 0) {
        return QK_NULL;
    }
    if (nargs == 1) {
        return qk_slice_new(tstate, QK_NONE, args[0], QK_NONE);
    }
    return qk_slice_new(tstate, args[0], args[1], nargs == 3 ? args[2] : QK_NONE);
}

static QkValue slice_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkSlice *s = (QkSlice *)self;
    const char *n = qk_as_str(name)->data;
    return strcmp(n, "start") == 0  ? s->start
           : strcmp(n, "stop") == 0 ? s->stop
           : strcmp(n, "step") == 0 ? s->step
                                    : qk_generic_getattr(tstate, self, name);
}

QkType qk_slice_type = {
    QK_STATIC_TYPE,
    .name = "slice",
    .traverse = slice_traverse,
    .getattr = slice_getattr,
    .repr = slice_repr,
    .hash = qk_hash_unhashable,
    .construct = slice_construct,
};
