/* The array module: array.array, a mutable sequence of C numbers of one type (its typecode)
 * kept unboxed in a malloc'd buffer, so a million bytes cost a million bytes. Items are stored as
 * CPython stores them (C's sizes on LP64: 'l' is 8 bytes, 'u' a 4-byte wchar_t; 'f' rounds to a
 * C float), refused with CPython's messages, and read back as ints, floats or one-character
 * strs. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "bytes.h"
#include "long.h"
#include "objmodel.h"
#include "quack.h"
#include "types.h"

enum { KIND_SIGNED, KIND_UNSIGNED, KIND_FLOAT, KIND_CHAR };

/* A range narrower than 64 bits that a value is checked against, and its C type's name for
 * CPython's "<what> is less than minimum" / "is greater than maximum". */
typedef struct Limit {
    int64_t lo, hi;
    const char *what;
} Limit;

typedef struct ArrayCode {
    char code;
    uint8_t size, kind;
    const char *too_big;  /* an int beyond 64 bits (signed) or beyond [0, 2**64) (unsigned) */
    const char *negative; /* unsigned: a negative int */
    Limit limits[2];      /* checked in order; what is NULL past the last */
} ArrayCode;

#define TOO_BIG_LONG "Python int too large to convert to C long"
#define TOO_BIG_ULONG "Python int too large to convert to C unsigned long"
#define SHORT_LIMIT {INT16_MIN, INT16_MAX, "signed short integer"}
#define INT_LIMIT {INT32_MIN, INT32_MAX, "signed integer"}

/* CPython's checks, which go through PyArg_Parse formats wider than the item first: a 'b' item
 * is a short before it is a signed char. */
static const ArrayCode codes[] = {
    {'b', 1, KIND_SIGNED, TOO_BIG_LONG, NULL, {SHORT_LIMIT, {INT8_MIN, INT8_MAX, "signed char"}}},
    {'B', 1, KIND_UNSIGNED, TOO_BIG_LONG, NULL, {{0, UINT8_MAX, "unsigned byte integer"}}},
    {'u', 4, KIND_CHAR, NULL, NULL, {{0}}},
    {'h', 2, KIND_SIGNED, TOO_BIG_LONG, NULL, {SHORT_LIMIT}},
    {'H', 2, KIND_UNSIGNED, TOO_BIG_LONG, NULL, {INT_LIMIT, {0, UINT16_MAX, "unsigned short"}}},
    {'i', 4, KIND_SIGNED, TOO_BIG_LONG, NULL, {INT_LIMIT}},
    {'I', 4, KIND_UNSIGNED, TOO_BIG_ULONG, "can't convert negative value to unsigned int",
     {{0, UINT32_MAX, "unsigned int"}}},
    {'l', 8, KIND_SIGNED, TOO_BIG_LONG, NULL, {{0}}},
    {'L', 8, KIND_UNSIGNED, TOO_BIG_ULONG, "can't convert negative value to unsigned int", {{0}}},
    {'q', 8, KIND_SIGNED, "int too big to convert", NULL, {{0}}},
    {'Q', 8, KIND_UNSIGNED, "int too big to convert", "can't convert negative int to unsigned",
     {{0}}},
    {'f', 4, KIND_FLOAT, NULL, NULL, {{0}}},
    {'d', 8, KIND_FLOAT, NULL, NULL, {{0}}},
};

typedef struct QkArray {
    QkObject ob;
    const ArrayCode *code;
    char *data; /* malloc'd, capacity items */
    int64_t length, capacity;
} QkArray;

static QkArray *as_array(QkValue v) { return (QkArray *)v; }

static bool is_array(QkValue v) { return qk_is_type(v, &qk_array_type); }

static void array_finalize(QkObject *self) { free(((QkArray *)self)->data); }

static QkArray *array_alloc(QkThread *tstate, const ArrayCode *code, int64_t length) {
    QkArray *a = (QkArray *)qk_alloc_as(tstate, &qk_array_type, sizeof *a, 1);
    if (a == NULL) {
        return NULL;
    }
    a->code = code;
    if (length > 0) {
        a->data = calloc((size_t)length, code->size);
        if (a->data == NULL) {
            qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
            return NULL;
        }
    }
    a->length = a->capacity = length;
    return a;
}

/* Room for `extra` more items. */
static int reserve(QkThread *tstate, QkArray *a, int64_t extra) {
    if (a->length + extra <= a->capacity) {
        return 0;
    }
    int64_t capacity = a->capacity < 4 ? 4 : a->capacity;
    while (capacity < a->length + extra) {
        capacity += capacity / 2 + 1;
    }
    char *data = realloc(a->data, (size_t)capacity * a->code->size);
    if (data == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return -1;
    }
    a->data = data;
    a->capacity = capacity;
    return 0;
}

/* ---- one item: C value <-> Python value ---- */

static QkValue get_item(QkThread *tstate, const QkArray *a, int64_t i) {
    const char *p = a->data + i * a->code->size;
    switch (a->code->code) {
#define READ(CODE, CTYPE, MAKE)                                                                    \
    case CODE: {                                                                                   \
        CTYPE v;                                                                                   \
        memcpy(&v, p, sizeof v);                                                                   \
        return MAKE;                                                                               \
    }
        READ('b', int8_t, qk_from_int(v))
        READ('B', uint8_t, qk_from_int(v))
        READ('h', int16_t, qk_from_int(v))
        READ('H', uint16_t, qk_from_int(v))
        READ('i', int32_t, qk_from_int(v))
        READ('I', uint32_t, qk_from_int(v))
        READ('l', int64_t, qk_int_result(tstate, v))
        READ('q', int64_t, qk_int_result(tstate, v))
        READ('L', uint64_t, qk_long_from_i128(tstate, v))
        READ('Q', uint64_t, qk_long_from_i128(tstate, v))
        READ('f', float, qk_float_new(tstate, v))
        READ('d', double, qk_float_new(tstate, v))
        READ('u', uint32_t, qk_str_from_codepoint(tstate, v))
#undef READ
    }
    return QK_NULL;
}

static int overflow(QkThread *tstate, const char *message) {
    qk_raise(tstate, &qk_exc_OverflowError, "%s", message);
    return -1;
}

/* An int beyond 64 bits as an unsigned 64-bit value: 1 if it is one, 0 if not (*negative says
 * its sign), -1 on error. */
static int big_as_uint64(QkThread *tstate, QkValue v, bool *negative, uint64_t *out) {
    char small[QK_SMALL_DIGITS];
    char *hex = qk_long_digits(tstate, v, 16, negative, small);
    if (hex == NULL) {
        return -1;
    }
    bool fits = !*negative && strlen(hex) <= 16;
    if (fits) {
        *out = strtoull(hex, NULL, 16);
    }
    if (hex != small) {
        free(hex);
    }
    return fits;
}

/* An integer item's bits (two's complement, as the C types hold it), or -1 with CPython's error. */
static int int_item(QkThread *tstate, const ArrayCode *code, QkValue v, uint64_t *out) {
    QkValue n = qk_builtin_self(v);
    if (!qk_is_anyint(n)) {
        qk_raise(tstate, &qk_exc_TypeError, "'%s' object cannot be interpreted as an integer",
                 qk_type_name(v));
        return -1;
    }
    int64_t x;
    bool fits = qk_is_int_like(n) ? (x = qk_int_like_value(n), true) : qk_long_as_int64(n, &x);
    if (!fits) {
        bool negative = false;
        uint64_t u;
        /* The codes CPython reads as an unsigned long: 'I' past 32 bits, 'L' and 'Q'. */
        int unsigned_long = code->negative != NULL ? big_as_uint64(tstate, n, &negative, &u) : 0;
        if (unsigned_long < 0) {
            return -1;
        }
        if (unsigned_long && code->size == 8) {
            *out = u;
            return 0;
        }
        if (unsigned_long) {
            qk_raise(tstate, &qk_exc_OverflowError, "%s is greater than maximum",
                     code->limits[0].what);
            return -1;
        }
        return overflow(tstate, negative && code->negative ? code->negative : code->too_big);
    }
    if (x < 0 && code->negative != NULL) {
        return overflow(tstate, code->negative);
    }
    for (int i = 0; i < 2 && code->limits[i].what != NULL; i++) {
        const Limit *limit = &code->limits[i];
        if (x < limit->lo || x > limit->hi) {
            qk_raise(tstate, &qk_exc_OverflowError, "%s is %s", limit->what,
                     x < limit->lo ? "less than minimum" : "greater than maximum");
            return -1;
        }
    }
    *out = (uint64_t)x;
    return 0;
}

/* A double rounded to a C float as the C conversion rounds it (to nearest, ties to even),
 * without its undefined behaviour past FLT_MAX: what rounds beyond it is an infinity. */
static float to_float32(double d) {
    if (fabs(d) > FLT_MAX && isfinite(d)) {
        float edge = fabs(d) >= (double)FLT_MAX + 0x1p103 ? INFINITY : FLT_MAX;
        return d < 0 ? -edge : edge;
    }
    return (float)d;
}

/* v as an item of the array's typecode, in out (8 bytes). */
static int to_item(QkThread *tstate, const ArrayCode *code, QkValue v, char *out) {
    if (code->kind == KIND_FLOAT) {
        double d;
        int known = qk_as_double(tstate, v, &d);
        if (known == 0) {
            known = qk_double_from_dunder(tstate, v, &d);
        }
        if (known == 0) {
            qk_raise(tstate, &qk_exc_TypeError, "must be real number, not %s", qk_type_name(v));
        }
        if (known <= 0) {
            return -1;
        }
        if (code->code == 'f') {
            float f = to_float32(d);
            memcpy(out, &f, sizeof f);
        } else {
            memcpy(out, &d, sizeof d);
        }
        return 0;
    }
    if (code->kind == KIND_CHAR) {
        if (!qk_is_str(v) || qk_str_cp_length(v) != 1) {
            qk_raise(tstate, &qk_exc_TypeError, "array item must be unicode character");
            return -1;
        }
        const char *s = qk_as_str(v)->data;
        uint32_t cp = qk_utf8_decode(&s);
        memcpy(out, &cp, sizeof cp);
        return 0;
    }
    uint64_t bits;
    if (int_item(tstate, code, v, &bits) < 0) {
        return -1;
    }
    /* Little-endian hosts: the low `size` bytes are the C value. */
    memcpy(out, &bits, code->size);
    return 0;
}

/* Writes v as item i of a (i may be a->length when room was reserved). The value is converted
 * first: a __float__ it calls may change the array, whose capacity never shrinks. */
static int set_item(QkThread *tstate, QkArray *a, int64_t i, QkValue v) {
    char item[8];
    if (to_item(tstate, a->code, v, item) < 0) {
        return -1;
    }
    memcpy(a->data + i * a->code->size, item, a->code->size);
    return 0;
}

static int append_item(QkThread *tstate, QkArray *a, QkValue v) {
    if (reserve(tstate, a, 1) < 0 || set_item(tstate, a, a->length, v) < 0) {
        return -1;
    }
    a->length++;
    return 0;
}

/* Appends every item of an iterable; on an error the items appended stay, as in CPython. */
static int extend_iterable(QkThread *tstate, QkValue self, QkValue iterable) {
    QkValue it = qk_get_iter(tstate, iterable);
    if (it == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &it);
    int r = 0;
    QkValue item;
    while (r == 0 && (item = qk_iter_next(tstate, it)) != QK_NULL) {
        r = append_item(tstate, as_array(self), item);
    }
    qk_root_pop(tstate, 1);
    return r < 0 || tstate->exception != QK_NULL ? -1 : 0;
}

/* Replaces count items at start with the n items of src (raw bytes of the same typecode). */
static int splice(QkThread *tstate, QkArray *a, int64_t start, int64_t count, const char *src,
                  int64_t n) {
    size_t size = a->code->size;
    if (n > count && reserve(tstate, a, n - count) < 0) {
        return -1;
    }
    memmove(a->data + (start + n) * size, a->data + (start + count) * size,
            (size_t)(a->length - start - count) * size);
    if (n > 0) {
        memmove(a->data + start * size, src, (size_t)n * size);
    }
    a->length += n - count;
    return 0;
}

static int append_bytes(QkThread *tstate, QkArray *a, const char *data, int64_t nbytes) {
    if (nbytes % a->code->size != 0) {
        qk_raise(tstate, &qk_exc_ValueError, "bytes length not a multiple of item size");
        return -1;
    }
    return splice(tstate, a, a->length, 0, data, nbytes / a->code->size);
}

/* ---- construction ---- */

static const ArrayCode *find_code(QkThread *tstate, QkValue typecode) {
    if (!qk_is_str(typecode) || qk_str_cp_length(typecode) != 1) {
        qk_raise(tstate, &qk_exc_TypeError,
                 "array() argument 1 must be a unicode character, not %s", qk_type_name(typecode));
        return NULL;
    }
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        if (codes[i].code == qk_as_str(typecode)->data[0]) {
            return &codes[i];
        }
    }
    qk_raise(tstate, &qk_exc_ValueError,
             "bad typecode (must be b, B, u, h, H, i, I, l, L, q, Q, f or d)");
    return NULL;
}

static QkValue array_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)type;
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "array.array() takes no keyword arguments");
    }
    if (nargs < 1 || nargs > 2) {
        return qk_raise(tstate, &qk_exc_TypeError, "array() takes at %s argument%s (%zu given)",
                        nargs < 1 ? "least 1" : "most 2", nargs < 1 ? "" : "s", nargs);
    }
    const ArrayCode *code = find_code(tstate, args[0]);
    if (code == NULL) {
        return QK_NULL;
    }
    QkValue init = nargs == 2 ? args[1] : QK_NONE;
    if (qk_is_str(init) && code->kind != KIND_CHAR) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "cannot use a str to initialize an array with typecode '%c'", code->code);
    }
    QkValue self = (QkValue)array_alloc(tstate, code, 0);
    if (self == QK_NULL || init == QK_NONE) {
        return self;
    }
    qk_root_push(tstate, &self);
    int r = qk_is_bytes_like(init) ? append_bytes(tstate, as_array(self), qk_as_bytes(init)->data,
                                                 qk_as_bytes(init)->length)
                                   : extend_iterable(tstate, self, init);
    qk_root_pop(tstate, 1);
    return r < 0 ? QK_NULL : self;
}

/* ---- the sequence protocol ---- */

static int64_t array_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    return as_array(self)->length;
}

/* The item index key stands for; what names the operation in IndexError. */
static int item_index(QkThread *tstate, QkValue self, QkValue key, const char *what,
                      int64_t *index) {
    int64_t i, n = as_array(self)->length;
    if (qk_is_int(key)) {
        i = qk_int_value(key);
    } else if (!qk_is_anyint(qk_builtin_self(key))) {
        qk_raise(tstate, &qk_exc_TypeError, "array indices must be integers");
        return -1;
    } else if (qk_index(tstate, key, &i) < 0) {
        return -1;
    }
    if (i < 0) {
        i += n;
    }
    if (i < 0 || i >= n) {
        qk_raise(tstate, &qk_exc_IndexError, "%s", what);
        return -1;
    }
    *index = i;
    return 0;
}

static QkValue array_slice(QkThread *tstate, QkArray *a, int64_t start, int64_t step,
                           int64_t count) {
    QkArray *r = array_alloc(tstate, a->code, count);
    size_t size = a->code->size;
    for (int64_t i = 0; r != NULL && i < count; i++) {
        memcpy(r->data + i * size, a->data + (start + i * step) * size, size);
    }
    return (QkValue)r;
}

static QkValue array_getitem(QkThread *tstate, QkValue self, QkValue key) {
    QkArray *a = as_array(self);
    if (qk_is_int(key)) {
        /* The fast path of a[i]: one compare, one load. */
        int64_t i = qk_int_value(key);
        i += i < 0 ? a->length : 0;
        if (i >= 0 && i < a->length) {
            return get_item(tstate, a, i);
        }
    }
    if (qk_is_type(key, &qk_slice_type)) {
        int64_t start, stop, step, count;
        if (qk_slice_indices(tstate, key, a->length, &start, &stop, &step, &count) < 0) {
            return QK_NULL;
        }
        return array_slice(tstate, a, start, step, count);
    }
    int64_t i;
    return item_index(tstate, self, key, "array index out of range", &i) < 0
               ? QK_NULL
               : get_item(tstate, a, i);
}

/* a[slice] = other (an array of the same typecode) or del a[slice] (other QK_NULL). */
static int set_slice(QkThread *tstate, QkArray *a, QkValue slice, QkValue other) {
    if (other != QK_NULL && !is_array(other)) {
        qk_raise(tstate, &qk_exc_TypeError, "can only assign array (not \"%s\") to array slice",
                 qk_type_name(other));
        return -1;
    }
    QkArray *b = other != QK_NULL ? as_array(other) : NULL;
    if (b != NULL && b->code != a->code) {
        qk_raise(tstate, &qk_exc_TypeError, "bad argument type for built-in operation");
        return -1;
    }
    int64_t start, stop, step, count, n = b != NULL ? b->length : 0;
    if (qk_slice_indices(tstate, slice, a->length, &start, &stop, &step, &count) < 0) {
        return -1;
    }
    size_t size = a->code->size;
    if (step == 1) {
        /* a[i:j] = a copies the source first: it may be the array itself. */
        char *copy = n > 0 ? malloc((size_t)n * size) : NULL;
        if (n > 0 && copy == NULL) {
            qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
            return -1;
        }
        if (n > 0) {
            memcpy(copy, b->data, (size_t)n * size);
        }
        int r = splice(tstate, a, start, count, copy, n);
        free(copy);
        return r;
    }
    if (b == NULL) {
        /* Extended deletion: keep every item the slice does not select. */
        int64_t kept = 0;
        for (int64_t i = 0; i < a->length; i++) {
            int64_t k = i - start;
            bool selected = step > 0 ? k >= 0 && k % step == 0 && k / step < count
                                     : k <= 0 && (-k) % (-step) == 0 && k / step < count;
            if (!selected) {
                memmove(a->data + kept++ * size, a->data + i * size, size);
            }
        }
        a->length = kept;
        return 0;
    }
    if (n != count) {
        qk_raise(tstate, &qk_exc_ValueError,
                 "attempt to assign array of size %lld to extended slice of size %lld",
                 (long long)n, (long long)count);
        return -1;
    }
    char *copy = n > 0 ? malloc((size_t)n * size) : NULL;
    if (n > 0 && copy == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return -1;
    }
    if (n > 0) {
        memcpy(copy, b->data, (size_t)n * size);
    }
    for (int64_t i = 0; i < count; i++) {
        memcpy(a->data + (start + i * step) * size, copy + i * size, size);
    }
    free(copy);
    return 0;
}

static int array_setitem(QkThread *tstate, QkValue self, QkValue key, QkValue value) {
    QkArray *a = as_array(self);
    if (qk_is_int(key) && value != QK_NULL) {
        int64_t i = qk_int_value(key);
        i += i < 0 ? a->length : 0;
        if (i >= 0 && i < a->length) {
            return set_item(tstate, a, i, value);
        }
    }
    if (qk_is_type(key, &qk_slice_type)) {
        return set_slice(tstate, a, key, value);
    }
    int64_t i;
    if (item_index(tstate, self, key, "array assignment index out of range", &i) < 0) {
        return -1;
    }
    return value == QK_NULL ? splice(tstate, a, i, 1, NULL, 0) : set_item(tstate, a, i, value);
}

/* The index of the first item in [start, stop) equal to v, -1 if none, -2 on error. */
static int64_t find(QkThread *tstate, QkValue self, QkValue v, int64_t start, int64_t stop) {
    for (int64_t i = start; i < stop && i < as_array(self)->length; i++) {
        QkValue item = get_item(tstate, as_array(self), i);
        int eq = item == QK_NULL ? -1 : qk_equal(tstate, item, v);
        if (eq != 0) {
            return eq < 0 ? -2 : i;
        }
    }
    return -1;
}

static int array_contains(QkThread *tstate, QkValue self, QkValue item) {
    int64_t i = find(tstate, self, item, 0, INT64_MAX);
    return i == -2 ? -1 : i >= 0;
}

/* Iteration: by index, so changes during the loop are seen, as in CPython. */
static void array_iter_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkSeqIter *)self)->seq, arg);
}

static QkValue array_iter(QkThread *tstate, QkValue self) {
    QkSeqIter *it = (QkSeqIter *)qk_alloc(tstate, &qk_array_iter_type, sizeof *it);
    if (it == NULL) {
        return QK_NULL;
    }
    it->seq = self;
    return (QkValue)it;
}

static QkValue array_iter_next(QkThread *tstate, QkValue self) {
    QkSeqIter *it = (QkSeqIter *)self;
    if (it->seq == QK_NULL || it->index >= as_array(it->seq)->length) {
        it->seq = QK_NULL;
        return QK_NULL;
    }
    return get_item(tstate, as_array(it->seq), it->index++);
}

/* ---- repr, comparisons, + and * ---- */

static QkValue array_tolist_value(QkThread *tstate, QkValue self) {
    QkArray *a = as_array(self);
    QkValue list = qk_list_new(tstate, a->length);
    if (list == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &list);
    for (int64_t i = 0; i < a->length; i++) {
        QkValue item = get_item(tstate, a, i);
        if (item == QK_NULL) {
            list = QK_NULL;
            break;
        }
        qk_as_list(list)->items[i] = item;
    }
    qk_root_pop(tstate, 1);
    return list;
}

/* The 'u' items as a str. */
static QkValue array_tounicode_value(QkThread *tstate, QkArray *a) {
    QkBuf b = {0};
    for (int64_t i = 0; i < a->length; i++) {
        uint32_t cp;
        char utf8[4];
        memcpy(&cp, a->data + i * 4, 4);
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            qk_buf_free(&b);
            return qk_raise(tstate, &qk_exc_ValueError,
                            "character U+%x is not in range [U+0000; U+10ffff]", cp);
        }
        if (qk_buf_append(tstate, &b, utf8, (size_t)qk_utf8_encode(cp, utf8)) < 0) {
            qk_buf_free(&b);
            return QK_NULL;
        }
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue array_repr(QkThread *tstate, QkValue self) {
    QkArray *a = as_array(self);
    QkBuf b = {0};
    if (qk_buf_printf(tstate, &b, "array('%c'", a->code->code) < 0) {
        return QK_NULL;
    }
    if (a->length > 0) {
        QkValue items = a->code->kind == KIND_CHAR ? array_tounicode_value(tstate, a)
                                                   : array_tolist_value(tstate, self);
        qk_root_push(tstate, &items);
        int failed = items == QK_NULL || qk_buf_append(tstate, &b, ", ", 2) < 0 ||
                     qk_buf_repr(tstate, &b, items) < 0;
        qk_root_pop(tstate, 1);
        if (failed) {
            qk_buf_free(&b);
            return QK_NULL;
        }
    }
    return qk_buf_putc(tstate, &b, ')') < 0 ? QK_NULL : qk_buf_finish(tstate, &b);
}

/* Arrays compare item by item, as lists of their values (whatever their typecodes). */
static QkValue array_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if (!is_array(lhs) || !is_array(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    if ((op == QK_COMPARE_OP_EQ || op == QK_COMPARE_OP_NE) &&
        as_array(lhs)->length != as_array(rhs)->length) {
        return qk_bool(op == QK_COMPARE_OP_NE);
    }
    QkValue a = QK_NULL, b = QK_NULL;
    qk_root_push(tstate, &a);
    qk_root_push(tstate, &b);
    a = array_tolist_value(tstate, lhs);
    b = a == QK_NULL ? QK_NULL : array_tolist_value(tstate, rhs);
    QkValue r = b == QK_NULL ? QK_NULL : qk_sequence_compare(tstate, a, b, op);
    qk_root_pop(tstate, 2);
    return r;
}

static QkValue repeat(QkThread *tstate, QkArray *a, int64_t times) {
    int64_t n = times > 0 ? a->length : 0;
    if (times > 0 && n > 0 && times > INT64_MAX / n / (int64_t)a->code->size) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    QkArray *r = array_alloc(tstate, a->code, n * (times > 0 ? times : 0));
    size_t bytes = (size_t)n * a->code->size;
    for (int64_t i = 0; r != NULL && i < times && n > 0; i++) {
        memcpy(r->data + i * (int64_t)bytes, a->data, bytes);
    }
    return (QkValue)r;
}

/* a += b: b an array of the same typecode. */
static int extend_array(QkThread *tstate, QkArray *a, QkValue other) {
    if (as_array(other)->code != a->code) {
        qk_raise(tstate, &qk_exc_TypeError, "can only extend with array of same kind");
        return -1;
    }
    QkArray *b = as_array(other);
    int64_t n = b->length;
    if (reserve(tstate, a, n) < 0) {
        return -1;
    }
    /* b may be a: its bytes are read before the length changes. */
    memmove(a->data + a->length * a->code->size, b->data, (size_t)n * a->code->size);
    a->length += n;
    return 0;
}

static QkValue array_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    uint32_t plain = qk_plain_binary_op(op);
    bool inplace = plain != op;
    if (plain == QK_BINARY_OP_ADD && is_array(lhs)) {
        if (!is_array(rhs)) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            inplace ? "can only extend array with array (not \"%s\")"
                                    : "can only append array (not \"%s\") to array",
                            qk_type_name(rhs));
        }
        if (inplace) {
            return extend_array(tstate, as_array(lhs), rhs) < 0 ? QK_NULL : lhs;
        }
        QkArray *a = as_array(lhs), *b = as_array(rhs);
        if (a->code != b->code) {
            return qk_raise(tstate, &qk_exc_TypeError, "bad argument type for built-in operation");
        }
        QkArray *r = array_alloc(tstate, a->code, a->length + b->length);
        if (r != NULL && r->length > 0) {
            memcpy(r->data, a->data, (size_t)a->length * a->code->size);
            memcpy(r->data + a->length * a->code->size, b->data, (size_t)b->length * b->code->size);
        }
        return (QkValue)r;
    }
    if (plain == QK_BINARY_OP_MULTIPLY) {
        QkValue seq = is_array(lhs) ? lhs : rhs, count = is_array(lhs) ? rhs : lhs;
        if (!qk_is_anyint(qk_builtin_self(count))) {
            return QK_NOT_IMPLEMENTED;
        }
        int64_t times;
        if (qk_index(tstate, count, &times) < 0) {
            return QK_NULL;
        }
        QkValue r = repeat(tstate, as_array(seq), times);
        if (r == QK_NULL || !inplace || seq != lhs) {
            return r;
        }
        /* a *= n: the array itself takes the repeated items. */
        QkArray *a = as_array(lhs), *fresh = as_array(r);
        char *data = a->data;
        a->data = fresh->data;
        a->length = fresh->length;
        a->capacity = fresh->capacity;
        fresh->data = data;
        return lhs;
    }
    return QK_NOT_IMPLEMENTED;
}

/* ---- attributes and methods ---- */

static QkValue array_getattr(QkThread *tstate, QkValue self, QkValue name) {
    const char *n = qk_as_str(name)->data;
    if (strcmp(n, "typecode") == 0) {
        char code = as_array(self)->code->code;
        return qk_str_new(tstate, &code, 1);
    }
    if (strcmp(n, "itemsize") == 0) {
        return qk_from_int(as_array(self)->code->size);
    }
    return qk_generic_getattr(tstate, self, name);
}

#define METHOD(name)                                                                               \
    static QkValue name(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,              \
                        QkValue kwnames)

METHOD(array_append) {
    if (qk_check_args(tstate, "append", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return append_item(tstate, as_array(self), args[0]) < 0 ? QK_NULL : QK_NONE;
}

METHOD(array_extend) {
    if (qk_check_args(tstate, "extend", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    int r = is_array(args[0]) ? extend_array(tstate, as_array(self), args[0])
                              : extend_iterable(tstate, self, args[0]);
    return r < 0 ? QK_NULL : QK_NONE;
}

METHOD(array_insert) {
    int64_t i;
    if (qk_check_args(tstate, "insert", nargs, kwnames, 2, 2) < 0 ||
        qk_index(tstate, args[0], &i) < 0) {
        return QK_NULL;
    }
    QkArray *a = as_array(self);
    char item[8];
    if (to_item(tstate, a->code, args[1], item) < 0) {
        return QK_NULL;
    }
    i = i < 0 ? (i + a->length < 0 ? 0 : i + a->length) : (i > a->length ? a->length : i);
    return splice(tstate, a, i, 0, item, 1) < 0 ? QK_NULL : QK_NONE;
}

METHOD(array_pop) {
    int64_t i = -1;
    if (qk_check_args(tstate, "pop", nargs, kwnames, 0, 1) < 0 ||
        (nargs == 1 && qk_index(tstate, args[0], &i) < 0)) {
        return QK_NULL;
    }
    QkArray *a = as_array(self);
    if (a->length == 0) {
        return qk_raise(tstate, &qk_exc_IndexError, "pop from empty array");
    }
    i += i < 0 ? a->length : 0;
    if (i < 0 || i >= a->length) {
        return qk_raise(tstate, &qk_exc_IndexError, "pop index out of range");
    }
    QkValue item = get_item(tstate, a, i);
    return item == QK_NULL || splice(tstate, a, i, 1, NULL, 0) < 0 ? QK_NULL : item;
}

METHOD(array_remove) {
    if (qk_check_args(tstate, "remove", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    int64_t i = find(tstate, self, args[0], 0, INT64_MAX);
    if (i == -1) {
        return qk_raise(tstate, &qk_exc_ValueError, "array.remove(x): x not in array");
    }
    return i < 0 || splice(tstate, as_array(self), i, 1, NULL, 0) < 0 ? QK_NULL : QK_NONE;
}

METHOD(array_index) {
    int64_t n = as_array(self)->length, bounds[2] = {0, INT64_MAX};
    if (qk_check_args(tstate, "index", nargs, kwnames, 1, 3) < 0) {
        return QK_NULL;
    }
    for (size_t k = 1; k < nargs; k++) {
        if (qk_slice_index(tstate, args[k], &bounds[k - 1]) < 0) {
            return QK_NULL;
        }
        if (bounds[k - 1] < 0) {
            bounds[k - 1] = bounds[k - 1] + n < 0 ? 0 : bounds[k - 1] + n;
        }
    }
    int64_t i = find(tstate, self, args[0], bounds[0], bounds[1]);
    if (i == -1) {
        return qk_raise(tstate, &qk_exc_ValueError, "array.index(x): x not in array");
    }
    return i < 0 ? QK_NULL : qk_from_int(i);
}

METHOD(array_count) {
    if (qk_check_args(tstate, "count", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    int64_t count = 0, i = 0;
    while ((i = find(tstate, self, args[0], i, INT64_MAX)) >= 0) {
        count++;
        i++;
    }
    return i == -2 ? QK_NULL : qk_from_int(count);
}

METHOD(array_reverse) {
    (void)args;
    if (qk_check_args(tstate, "reverse", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkArray *a = as_array(self);
    size_t size = a->code->size;
    char tmp[8];
    for (int64_t i = 0, j = a->length - 1; i < j; i++, j--) {
        memcpy(tmp, a->data + i * size, size);
        memcpy(a->data + i * size, a->data + j * size, size);
        memcpy(a->data + j * size, tmp, size);
    }
    return QK_NONE;
}

METHOD(array_byteswap) {
    (void)args;
    if (qk_check_args(tstate, "byteswap", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkArray *a = as_array(self);
    size_t size = a->code->size;
    for (int64_t i = 0; i < a->length; i++) {
        char *p = a->data + i * size;
        for (size_t k = 0; k < size / 2; k++) {
            char t = p[k];
            p[k] = p[size - 1 - k];
            p[size - 1 - k] = t;
        }
    }
    return QK_NONE;
}

METHOD(array_tolist) {
    (void)args;
    if (qk_check_args(tstate, "tolist", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return array_tolist_value(tstate, self);
}

METHOD(array_tobytes) {
    (void)args;
    if (qk_check_args(tstate, "tobytes", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkArray *a = as_array(self);
    return qk_bytes_new(tstate, &qk_bytes_type, a->data, a->length * a->code->size);
}

METHOD(array_frombytes) {
    if (qk_check_args(tstate, "frombytes", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (!qk_is_bytes_like(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "a bytes-like object is required, not '%s'",
                        qk_type_name(args[0]));
    }
    QkBytes *b = qk_as_bytes(args[0]);
    return append_bytes(tstate, as_array(self), b->data, b->length) < 0 ? QK_NULL : QK_NONE;
}

/* fromlist: all the items or none, as CPython's. */
METHOD(array_fromlist) {
    if (qk_check_args(tstate, "fromlist", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (!qk_is_list(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "arg must be list");
    }
    QkArray *a = as_array(self);
    int64_t old = a->length;
    for (int64_t i = 0; i < qk_as_list(args[0])->size; i++) {
        if (append_item(tstate, a, qk_as_list(args[0])->items[i]) < 0) {
            a->length = old;
            return QK_NULL;
        }
    }
    return QK_NONE;
}

METHOD(array_tounicode) {
    (void)args;
    if (qk_check_args(tstate, "tounicode", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    if (as_array(self)->code->kind != KIND_CHAR) {
        return qk_raise(tstate, &qk_exc_ValueError,
                        "tounicode() may only be called on unicode type arrays");
    }
    return array_tounicode_value(tstate, as_array(self));
}

METHOD(array_fromunicode) {
    if (qk_check_args(tstate, "fromunicode", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (!qk_is_str(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "fromunicode() argument must be str, not %s", qk_type_name(args[0]));
    }
    if (as_array(self)->code->kind != KIND_CHAR) {
        return qk_raise(tstate, &qk_exc_ValueError,
                        "fromunicode() may only be called on unicode type arrays");
    }
    return extend_iterable(tstate, self, args[0]) < 0 ? QK_NULL : QK_NONE;
}

METHOD(array_copy) {
    (void)args;
    if (qk_check_args(tstate, "__copy__", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    QkArray *a = as_array(self);
    return array_slice(tstate, a, 0, 1, a->length);
}

static const QkMethodDef array_methods[] = {
    {"append", array_append},
    {"extend", array_extend},
    {"insert", array_insert},
    {"pop", array_pop},
    {"remove", array_remove},
    {"index", array_index},
    {"count", array_count},
    {"reverse", array_reverse},
    {"byteswap", array_byteswap},
    {"tolist", array_tolist},
    {"tobytes", array_tobytes},
    {"frombytes", array_frombytes},
    {"fromlist", array_fromlist},
    {"tounicode", array_tounicode},
    {"fromunicode", array_fromunicode},
    {"__copy__", array_copy},
    {"__deepcopy__", array_copy},
    {NULL, NULL},
};

/* Named as CPython's, whose messages say 'array.array'; __name__ is 'array'. */
QkType qk_array_type = {
    QK_STATIC_TYPE,
    .name = "array.array",
    .finalize = array_finalize,
    .repr = array_repr,
    .hash = qk_hash_unhashable,
    .compare = array_compare,
    .number = array_number,
    .len = array_len,
    .getitem = array_getitem,
    .setitem = array_setitem,
    .contains = array_contains,
    .iter = array_iter,
    .getattr = array_getattr,
    .construct = array_construct,
    .methods = array_methods,
};

QkType qk_array_iter_type = {QK_STATIC_TYPE, .name = "arrayiterator",
                             .traverse = array_iter_traverse, .iter = qk_iter_self,
                             .next = array_iter_next};

int qk_init_array(QkThread *tstate, QkValue module) {
    char typecodes[sizeof codes / sizeof codes[0]];
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        typecodes[i] = codes[i].code;
    }
    QkValue text = qk_str_new(tstate, typecodes, sizeof typecodes);
    return text == QK_NULL || qk_module_add(tstate, module, "typecodes", text) < 0 ||
                   qk_module_add(tstate, module, "array", (QkValue)&qk_array_type) < 0 ||
                   qk_module_add(tstate, module, "ArrayType", (QkValue)&qk_array_type) < 0
               ? -1
               : 0;
}
