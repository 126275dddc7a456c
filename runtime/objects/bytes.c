/* bytes and bytearray (bytes.h): one layout, one set of slots and read-only methods for both (a
 * result has the type of the object it came from, as in CPython), and bytearray's mutators. Also
 * the codecs (utf-8, ascii, latin-1) behind str.encode and bytes.decode, and int.to_bytes and
 * int.from_bytes. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "quack.h"
#include "types.h"

static inline bool is_bytearray(QkValue v) { return qk_is_type(v, &qk_bytearray_type); }

uint64_t qk_hash_bytes(const char *data, int64_t n) {
    /* FNV-1a: deterministic, so dict iteration order never depends on a seed. */
    uint64_t h = 14695981039346656037u;
    for (int64_t i = 0; i < n; i++) {
        h = (h ^ (uint8_t)data[i]) * 1099511628211u;
    }
    /* Never 0 (not computed) nor what reads as -1 through qk_hash's int64_t. */
    return (h == 0 || h == UINT64_MAX) ? 1 : h;
}

static QkValue no_memory(QkThread *tstate) {
    return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
}

/* A new bytes or bytearray of n zero bytes. Whatever the caller copies from must stay reachable:
 * this may collect. */
static QkBytes *bytes_alloc(QkThread *tstate, QkType *type, int64_t n) {
    if (n < 0 || n > INT64_MAX / 2) {
        no_memory(tstate);
        return NULL;
    }
    if (type == &qk_bytes_type) {
        QkBytes *b = (QkBytes *)qk_alloc_as(tstate, type, sizeof(QkBytes) + (size_t)n + 1, type->finalize != NULL);
        if (b != NULL) {
            b->length = b->capacity = n;
            b->data = b->inline_data;
        }
        return b;
    }
    char *data = calloc((size_t)n + 1, 1);
    if (data == NULL) {
        no_memory(tstate);
        return NULL;
    }
    QkBytes *b = (QkBytes *)qk_alloc_as(tstate, type, sizeof(QkBytes), type->finalize != NULL);
    if (b == NULL) {
        free(data);
        return NULL;
    }
    b->length = b->capacity = n;
    b->data = data;
    return b;
}

QkValue qk_bytes_new(QkThread *tstate, QkType *type, const char *data, int64_t n) {
    QkBytes *b = bytes_alloc(tstate, type, n);
    if (b == NULL) {
        return QK_NULL;
    }
    if (n > 0) {
        memcpy(b->data, data, (size_t)n);
    }
    return (QkValue)b;
}

/* A result of the type of `like` (bytes or bytearray) from a malloc'd buffer, which is freed. */
static QkValue from_buf(QkThread *tstate, QkValue like, QkBuf *buf) {
    QkValue r = qk_bytes_new(tstate, qk_type_of(like), buf->data, (int64_t)buf->len);
    qk_buf_free(buf);
    return r;
}

static void bytearray_finalize(QkObject *self) { free(((QkBytes *)self)->data); }

/* Makes room for n bytes in a bytearray. */
static int reserve(QkThread *tstate, QkBytes *b, int64_t n) {
    if (n <= b->capacity) {
        return 0;
    }
    int64_t cap = b->capacity * 2 > n ? b->capacity * 2 : n;
    char *data = n > INT64_MAX / 4 ? NULL : realloc(b->data, (size_t)cap + 1);
    if (data == NULL) {
        no_memory(tstate);
        return -1;
    }
    b->data = data;
    b->capacity = cap;
    return 0;
}

/* Replaces bytearray bytes [at, at + removed) with data[0..n) (which is not the array's own). */
static int splice(QkThread *tstate, QkBytes *b, int64_t at, int64_t removed, const char *data,
                  int64_t n) {
    int64_t length = b->length - removed + n;
    if (reserve(tstate, b, length) < 0) {
        return -1;
    }
    memmove(b->data + at + n, b->data + at + removed, (size_t)(b->length - at - removed));
    if (n > 0) {
        memcpy(b->data + at, data, (size_t)n);
    }
    b->length = length;
    return 0;
}

/* ---- arguments ---- */

static int need_bytes(QkThread *tstate, QkValue v) {
    if (qk_is_bytes_like(v)) {
        return 0;
    }
    qk_raise(tstate, &qk_exc_TypeError, "a bytes-like object is required, not '%s'",
             qk_type_name(v));
    return -1;
}

/* An int in range(0, 256); else ValueError "<what> must be in range(0, 256)". */
static int byte_value(QkThread *tstate, QkValue v, const char *what, uint8_t *out) {
    int64_t i = -1;
    if (!qk_is_bigint(v) && qk_index(tstate, v, &i) < 0) {
        return -1;
    }
    if (i < 0 || i > 255) {
        qk_raise(tstate, &qk_exc_ValueError, "%s must be in range(0, 256)", what);
        return -1;
    }
    *out = (uint8_t)i;
    return 0;
}

/* Appends the bytes of a bytes-like object or an iterable of ints (what: the range message's
 * subject) to buf. Python code may run meanwhile (iterators, __index__), so nothing is read
 * from a bytearray after it. */
static int collect_ints(QkThread *tstate, QkValue iterable, const char *what, QkBuf *buf) {
    if (qk_is_bytes_like(iterable)) {
        QkBytes *b = qk_as_bytes(iterable);
        return qk_buf_append(tstate, buf, b->data, (size_t)b->length);
    }
    QkValue it = qk_get_iter(tstate, iterable), item = QK_NULL;
    if (it == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &it);
    qk_root_push(tstate, &item);
    int result = 0;
    uint8_t byte;
    while (result == 0 && (item = qk_iter_next(tstate, it)) != QK_NULL) {
        result = byte_value(tstate, item, what, &byte);
        result = result < 0 ? -1 : qk_buf_putc(tstate, buf, (char)byte);
    }
    qk_root_pop(tstate, 2);
    return result < 0 || tstate->exception != QK_NULL ? -1 : 0;
}

/* The needle of find/count/index/`in`: a bytes-like object, or an int standing for one byte
 * (kept in *one). */
static int needle(QkThread *tstate, QkValue v, const char **data, int64_t *n, char *one) {
    if (qk_is_bytes_like(v)) {
        *data = qk_as_bytes(v)->data;
        *n = qk_as_bytes(v)->length;
        return 0;
    }
    if (!qk_is_anyint(v)) {
        qk_raise(tstate, &qk_exc_TypeError,
                 "argument should be integer or bytes-like object, not '%s'", qk_type_name(v));
        return -1;
    }
    uint8_t byte;
    if (byte_value(tstate, v, "byte", &byte) < 0) {
        return -1;
    }
    *one = (char)byte;
    *data = one;
    *n = 1;
    return 0;
}

/* [start, end) of optional slice-style arguments, as CPython adjusts them against the length of
 * self, read once they are converted (an __index__ may have changed a bytearray). */
static int bounds(QkThread *tstate, QkValue start, QkValue end, QkValue self, int64_t *from,
                  int64_t *to) {
    int64_t b[2] = {0, INT64_MAX};
    QkValue given[2] = {start, end};
    for (int i = 0; i < 2; i++) {
        if (given[i] != QK_NULL && given[i] != QK_NONE &&
            qk_slice_index(tstate, given[i], &b[i]) < 0) {
            return -1;
        }
    }
    int64_t n = qk_as_bytes(self)->length;
    for (int i = 0; i < 2; i++) {
        if (b[i] < 0) {
            b[i] = b[i] + n < 0 ? 0 : b[i] + n;
        } else if (i == 1 && b[i] > n) { /* a start past the end stays: it finds nothing */
            b[i] = n;
        }
    }
    *from = b[0];
    *to = b[1];
    return 0;
}

/* Where needle[0..m) occurs in hay[from, to), first (or last when reverse), or -1. */
static int64_t search(const char *hay, int64_t from, int64_t to, const char *needle, int64_t m,
                      bool reverse) {
    if (to - from < m) {
        return -1;
    }
    if (!reverse) {
        const char *p = memmem(hay + from, (size_t)(to - from), needle, (size_t)m);
        return p == NULL ? -1 : p - hay;
    }
    for (int64_t i = to - m; i >= from; i--) {
        if (memcmp(hay + i, needle, (size_t)m) == 0) {
            return i;
        }
    }
    return -1;
}

/* ---- slots ---- */

static QkValue bytes_repr(QkThread *tstate, QkValue self) {
    QkBytes *b = qk_as_bytes(self);
    bool array = is_bytearray(self);
    /* CPython's choice: single quotes, unless the bytes hold one and no double quote. */
    char quote = memchr(b->data, '\'', (size_t)b->length) != NULL &&
                         memchr(b->data, '"', (size_t)b->length) == NULL
                     ? '"'
                     : '\'';
    QkBuf out = {0};
    int failed = qk_buf_printf(tstate, &out, "%sb%c", array ? "bytearray(" : "", quote);
    for (int64_t i = 0; i < b->length && failed == 0; i++) {
        uint8_t c = (uint8_t)b->data[i];
        if (c == quote || c == '\\') {
            failed = qk_buf_printf(tstate, &out, "\\%c", c);
        } else if (c == '\t' || c == '\n' || c == '\r') {
            failed = qk_buf_printf(tstate, &out, "\\%c", c == '\t' ? 't' : c == '\n' ? 'n' : 'r');
        } else if (c < ' ' || c >= 0x7f) {
            failed = qk_buf_printf(tstate, &out, "\\x%02x", c);
        } else {
            failed = qk_buf_putc(tstate, &out, (char)c);
        }
    }
    if (failed < 0 || qk_buf_printf(tstate, &out, "%c%s", quote, array ? ")" : "") < 0) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &out);
}

static int bytes_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    (void)tstate;
    QkBytes *b = qk_as_bytes(self);
    if (b->hash == 0) {
        b->hash = qk_hash_bytes(b->data, b->length);
    }
    *hash = (int64_t)b->hash;
    return 0;
}

static QkValue bytes_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    (void)tstate;
    if (!qk_is_bytes_like(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    QkBytes *a = qk_as_bytes(lhs), *b = qk_as_bytes(rhs);
    int64_t n = a->length < b->length ? a->length : b->length;
    int c = n == 0 ? 0 : memcmp(a->data, b->data, (size_t)n);
    if (c == 0) {
        c = (a->length > b->length) - (a->length < b->length);
    }
    return qk_bool(qk_compare_int64(op, c, 0));
}

/* self * count: a new object, or (in_place: a bytearray's *=) self repeated in place. */
static QkValue repeat(QkThread *tstate, QkValue self, QkValue count, bool in_place) {
    int64_t times;
    if (qk_index(tstate, count, &times) < 0) {
        return QK_NULL;
    }
    int64_t n = qk_as_bytes(self)->length;
    times = times < 0 ? 0 : times;
    if (n > 0 && times > INT64_MAX / 2 / n) {
        return no_memory(tstate);
    }
    QkBytes *r = in_place ? qk_as_bytes(self) : bytes_alloc(tstate, qk_type_of(self), n * times);
    if (r == NULL || (in_place && reserve(tstate, r, n * times) < 0)) {
        return QK_NULL;
    }
    r->length = n * times;
    /* In place, the first copy is there already. */
    for (int64_t i = in_place ? 1 : 0; i < times; i++) {
        memcpy(r->data + i * n, qk_as_bytes(self)->data, (size_t)n);
    }
    return (QkValue)r;
}

static QkValue bytes_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (op == QK_BINARY_OP_REMAINDER && qk_is_bytes_like(lhs)) {
        return qk_printf_format(tstate, qk_as_bytes(lhs)->data, qk_as_bytes(lhs)->length, rhs,
                                qk_type_of(lhs));
    }
    if (op == QK_BINARY_OP_INPLACE_ADD && is_bytearray(lhs) && qk_is_bytes_like(rhs)) {
        QkBytes *a = qk_as_bytes(lhs), *b = qk_as_bytes(rhs);
        /* Reserved first: for a += a, growing moves the source too. */
        if (reserve(tstate, a, a->length + b->length) < 0) {
            return QK_NULL;
        }
        memcpy(a->data + a->length, b->data, (size_t)b->length);
        a->length += b->length;
        return lhs;
    }
    if (op == QK_BINARY_OP_INPLACE_MULTIPLY && is_bytearray(lhs) && qk_is_anyint(rhs)) {
        return repeat(tstate, lhs, rhs, true);
    }
    if (op == QK_BINARY_OP_ADD && qk_is_bytes_like(lhs) && qk_is_bytes_like(rhs)) {
        QkBytes *a = qk_as_bytes(lhs), *b = qk_as_bytes(rhs);
        QkBytes *r = bytes_alloc(tstate, qk_type_of(lhs), a->length + b->length);
        if (r != NULL && a->length + b->length > 0) {
            memcpy(r->data, a->data, (size_t)a->length);
            memcpy(r->data + a->length, b->data, (size_t)b->length);
        }
        return (QkValue)r;
    }
    if (op == QK_BINARY_OP_MULTIPLY && qk_is_bytes_like(lhs) && qk_is_anyint(rhs)) {
        return repeat(tstate, lhs, rhs, false);
    }
    if (op == QK_BINARY_OP_MULTIPLY && qk_is_bytes_like(rhs) && qk_is_anyint(lhs)) {
        return repeat(tstate, rhs, lhs, false);
    }
    return QK_NOT_IMPLEMENTED;
}

static int64_t bytes_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    return qk_as_bytes(self)->length;
}

/* An int subscript, normalized: IndexError "index out of range" (bytes) or "bytearray index out
 * of range" beyond the ends. */
static int byte_index(QkThread *tstate, QkValue self, QkValue key, int64_t *i) {
    int64_t n = qk_as_bytes(self)->length;
    if (!qk_long_as_int64(key, i) && !qk_is_int_like(key)) {
        qk_raise(tstate, &qk_exc_IndexError, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    if (qk_is_int_like(key)) {
        *i = qk_int_like_value(key);
    }
    if (*i < 0) {
        *i += n;
    }
    if (*i < 0 || *i >= n) {
        qk_raise(tstate, &qk_exc_IndexError, "%sindex out of range",
                 is_bytearray(self) ? "bytearray " : "");
        return -1;
    }
    return 0;
}

static QkValue bad_index(QkThread *tstate, QkValue self, QkValue key) {
    return qk_raise(tstate, &qk_exc_TypeError, "%s indices must be integers or slices, not %s",
                    is_bytearray(self) ? "bytearray" : "byte", qk_type_name(key));
}

static QkValue bytes_getitem(QkThread *tstate, QkValue self, QkValue key) {
    QkBytes *b = qk_as_bytes(self);
    if (qk_is_type(key, &qk_slice_type)) {
        int64_t start, stop, step, count;
        if (qk_slice_indices(tstate, key, b->length, &start, &stop, &step, &count) < 0) {
            return QK_NULL;
        }
        QkBytes *r = bytes_alloc(tstate, qk_type_of(self), count);
        for (int64_t i = 0; r != NULL && i < count; i++) {
            r->data[i] = b->data[start + i * step];
        }
        return (QkValue)r;
    }
    if (!qk_is_anyint(key)) {
        return bad_index(tstate, self, key);
    }
    int64_t i;
    return byte_index(tstate, self, key, &i) < 0 ? QK_NULL : qk_from_int((uint8_t)b->data[i]);
}

/* bytearray[slice] = value (QK_NULL: del). */
static int set_slice(QkThread *tstate, QkValue self, QkValue slice, QkValue value) {
    QkBuf new = {0};
    if (value != QK_NULL) {
        if (qk_is_anyint(value) || qk_is_str(value) || !qk_is_iterable(value)) {
            qk_raise(tstate, &qk_exc_TypeError,
                     "can assign only bytes, buffers, or iterables of ints in range(0, 256)");
            return -1;
        }
        if (collect_ints(tstate, value, "byte", &new) < 0) {
            qk_buf_free(&new);
            return -1;
        }
    }
    QkBytes *b = qk_as_bytes(self);
    int64_t start, stop, step, count;
    int result = qk_slice_indices(tstate, slice, b->length, &start, &stop, &step, &count);
    if (result == 0 && step == 1) {
        result = splice(tstate, b, start, count, new.data, (int64_t)new.len);
    } else if (result == 0 && value == QK_NULL) {
        /* Extended deletion: keep every byte the slice does not select. */
        int64_t kept = 0, next = 0;
        for (int64_t i = 0; i < b->length; i++) {
            int64_t at = step > 0 ? start + next * step : start + (count - 1 - next) * step;
            if (next < count && i == at) {
                next++;
            } else {
                b->data[kept++] = b->data[i];
            }
        }
        b->length = kept;
    } else if (result == 0 && (int64_t)new.len != count) {
        qk_raise(tstate, &qk_exc_ValueError,
                 "attempt to assign bytes of size %zu to extended slice of size %" PRId64,
                 new.len, count);
        result = -1;
    } else if (result == 0) {
        for (int64_t i = 0; i < count; i++) {
            b->data[start + i * step] = new.data[i];
        }
    }
    qk_buf_free(&new);
    return result;
}

static int bytearray_setitem(QkThread *tstate, QkValue self, QkValue key, QkValue value) {
    if (qk_is_type(key, &qk_slice_type)) {
        return set_slice(tstate, self, key, value);
    }
    if (!qk_is_anyint(key)) {
        bad_index(tstate, self, key);
        return -1;
    }
    int64_t i;
    uint8_t byte = 0;
    /* The value first, as CPython: its __index__ may change the array. */
    if ((value != QK_NULL && byte_value(tstate, value, "byte", &byte) < 0) ||
        byte_index(tstate, self, key, &i) < 0) {
        return -1;
    }
    QkBytes *b = qk_as_bytes(self);
    if (value == QK_NULL) {
        return splice(tstate, b, i, 1, NULL, 0);
    }
    b->data[i] = (char)byte;
    return 0;
}

static int bytes_contains(QkThread *tstate, QkValue self, QkValue item) {
    const char *data;
    int64_t n;
    char one;
    if (!qk_is_anyint(item) && !qk_is_bytes_like(item)) {
        return need_bytes(tstate, item);
    }
    if (needle(tstate, item, &data, &n, &one) < 0) {
        return -1;
    }
    QkBytes *b = qk_as_bytes(self);
    return search(b->data, 0, b->length, data, n, false) >= 0;
}

/* Iteration: by index, so a bytearray changing during the loop is seen, as in CPython. */
static void bytes_iter_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkSeqIter *)self)->seq, arg);
}

static QkValue bytes_iter(QkThread *tstate, QkValue self) {
    QkSeqIter *it = (QkSeqIter *)qk_alloc(tstate, &qk_bytes_iter_type, sizeof *it);
    if (it == NULL) {
        return QK_NULL;
    }
    it->seq = self;
    return (QkValue)it;
}

static QkValue bytes_iter_next(QkThread *tstate, QkValue self) {
    (void)tstate;
    QkSeqIter *it = (QkSeqIter *)self;
    if (it->seq == QK_NULL || it->index >= qk_as_bytes(it->seq)->length) {
        it->seq = QK_NULL;
        return QK_NULL;
    }
    return qk_from_int((uint8_t)qk_as_bytes(it->seq)->data[it->index++]);
}

/* ---- codecs ---- */

enum { CODEC_UTF8, CODEC_ASCII, CODEC_LATIN1 };
static const char *const codec_names[] = {"utf-8", "ascii", "latin-1"};

/* CPython's aliases of the three codecs, after its normalization (lower case, '-' and ' ' to
 * '_'). */
static const struct {
    const char *alias;
    int codec;
} codec_aliases[] = {
    {"utf_8", CODEC_UTF8},       {"utf8", CODEC_UTF8},        {"u8", CODEC_UTF8},
    {"utf", CODEC_UTF8},         {"ascii", CODEC_ASCII},      {"us_ascii", CODEC_ASCII},
    {"646", CODEC_ASCII},        {"latin_1", CODEC_LATIN1},   {"latin1", CODEC_LATIN1},
    {"latin", CODEC_LATIN1},     {"l1", CODEC_LATIN1},        {"iso_8859_1", CODEC_LATIN1},
    {"iso8859_1", CODEC_LATIN1}, {"8859", CODEC_LATIN1},      {"cp819", CODEC_LATIN1},
};

enum { ERRORS_STRICT, ERRORS_REPLACE, ERRORS_IGNORE, ERRORS_UNKNOWN };

/* The codec and error handler arguments (QK_NULL: the defaults). An unknown error handler is
 * only an error once an error needs it, as in CPython. */
static int codec_args(QkThread *tstate, const char *fname, QkValue encoding, QkValue errors,
                      int *codec, int *handler) {
    QkValue given[2] = {encoding, errors};
    static const char *const what[2] = {"encoding", "errors"};
    for (int i = 0; i < 2; i++) {
        if (given[i] != QK_NULL && !qk_is_str(given[i])) {
            qk_raise(tstate, &qk_exc_TypeError, "%s() argument '%s' must be str, not %s", fname,
                     what[i], qk_type_name(given[i]));
            return -1;
        }
    }
    *codec = CODEC_UTF8;
    if (encoding != QK_NULL) {
        QkStr *s = qk_as_str(encoding);
        char name[16];
        int64_t n = s->length < (int64_t)sizeof name ? s->length : 0;
        for (int64_t i = 0; i < n; i++) {
            char c = s->data[i];
            name[i] = c == '-' || c == ' ' ? '_' : c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
        }
        size_t k = 0, count = sizeof codec_aliases / sizeof codec_aliases[0];
        while (k < count && (strlen(codec_aliases[k].alias) != (size_t)n ||
                             memcmp(codec_aliases[k].alias, name, (size_t)n) != 0)) {
            k++;
        }
        if (k == count) {
            qk_raise(tstate, &qk_exc_LookupError, "unknown encoding: %s", s->data);
            return -1;
        }
        *codec = codec_aliases[k].codec;
    }
    *handler = ERRORS_STRICT;
    if (errors != QK_NULL) {
        static const char *const handlers[] = {"strict", "replace", "ignore"};
        *handler = ERRORS_UNKNOWN;
        for (int i = 0; i < 3; i++) {
            if (strcmp(qk_as_str(errors)->data, handlers[i]) == 0) {
                *handler = i;
            }
        }
    }
    return 0;
}

static int unknown_handler(QkThread *tstate, QkValue errors) {
    qk_raise(tstate, &qk_exc_LookupError, "unknown error handler name '%s'",
             qk_as_str(errors)->data);
    return -1;
}

/* str -> a new `type` (bytes or bytearray). A run of characters the codec cannot encode is one
 * error, as in CPython. */
static QkValue encode(QkThread *tstate, QkType *type, QkValue str, int codec, int handler,
                      QkValue errors) {
    QkStr *s = qk_as_str(str);
    uint32_t limit = codec == CODEC_ASCII ? 0x80 : codec == CODEC_LATIN1 ? 0x100 : 0x110000;
    QkBuf out = {0};
    const char *p = s->data, *end = s->data + s->length;
    int64_t position = 0;
    int failed = 0;
    while (p < end && failed == 0) {
        const char *start = p;
        uint32_t c = qk_utf8_decode(&p);
        bool surrogate = c >= 0xd800 && c < 0xe000;
        if (c < limit && !surrogate) {
            failed = codec == CODEC_UTF8 ? qk_buf_append(tstate, &out, start, (size_t)(p - start))
                                         : qk_buf_putc(tstate, &out, (char)c);
            position++;
            continue;
        }
        int64_t first = position++;
        for (const char *q = p; q < end;) {
            uint32_t next = qk_utf8_decode(&q);
            if (codec == CODEC_UTF8 ? !(next >= 0xd800 && next < 0xe000) : next < limit) {
                break;
            }
            p = q;
            position++;
        }
        if (handler == ERRORS_REPLACE) {
            failed = qk_buf_fill(tstate, &out, "?", 1, position - first);
        } else if (handler == ERRORS_UNKNOWN) {
            failed = unknown_handler(tstate, errors);
        } else if (handler == ERRORS_STRICT) {
            const char *reason = codec == CODEC_UTF8    ? "surrogates not allowed"
                                 : codec == CODEC_ASCII ? "ordinal not in range(128)"
                                                        : "ordinal not in range(256)";
            qk_raise_unicode_error(tstate, &qk_exc_UnicodeEncodeError, codec_names[codec], str,
                                   first, position, reason);
            failed = -1;
        }
    }
    if (failed < 0) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    QkValue r = qk_bytes_new(tstate, type, out.data, (int64_t)out.len);
    qk_buf_free(&out);
    return r;
}

/* The length of the UTF-8 error at data[i] (where a sequence starts that is not ASCII), with
 * CPython's reason, or 0 with the sequence's length in *n when it is valid. */
static int64_t utf8_error(const uint8_t *data, int64_t i, int64_t n, const char **reason,
                          int64_t *length) {
    uint8_t c = data[i];
    if (c < 0xc2 || c > 0xf4) {
        *reason = "invalid start byte";
        return 1;
    }
    int need = c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;
    /* The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF. */
    uint8_t lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    uint8_t hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    for (int k = 1; k <= need; k++) {
        if (i + k >= n) {
            *reason = "unexpected end of data";
            return n - i;
        }
        uint8_t b = data[i + k];
        if (k > 1) {
            lo = 0x80;
            hi = 0xbf;
        }
        if (b < lo || b > hi) {
            *reason = "invalid continuation byte";
            return k;
        }
    }
    *length = need + 1;
    return 0;
}

/* bytes -> str. */
static QkValue decode(QkThread *tstate, const uint8_t *data, int64_t n, int codec, int handler,
                      QkValue errors) {
    QkBuf out = {0};
    int failed = 0;
    for (int64_t i = 0; i < n && failed == 0;) {
        uint8_t c = data[i];
        if (c < 0x80) {
            failed = qk_buf_putc(tstate, &out, (char)c);
            i++;
            continue;
        }
        const char *reason = "ordinal not in range(128)";
        int64_t bad = 1, length = 1;
        if (codec == CODEC_LATIN1) {
            bad = 0;
            char utf8[2] = {(char)(0xc0 | c >> 6), (char)(0x80 | (c & 0x3f))};
            failed = qk_buf_append(tstate, &out, utf8, 2);
        } else if (codec == CODEC_UTF8) {
            bad = utf8_error(data, i, n, &reason, &length);
            if (bad == 0) {
                failed = qk_buf_append(tstate, &out, (const char *)data + i, (size_t)length);
            }
        }
        if (bad == 0) {
            i += length;
            continue;
        }
        if (handler == ERRORS_REPLACE) {
            failed = qk_buf_append(tstate, &out, "\xef\xbf\xbd", 3);
        } else if (handler == ERRORS_UNKNOWN) {
            failed = unknown_handler(tstate, errors);
        } else if (handler == ERRORS_STRICT) {
            QkValue object = qk_bytes_new(tstate, &qk_bytes_type, (const char *)data, n);
            if (object != QK_NULL) {
                qk_raise_unicode_error(tstate, &qk_exc_UnicodeDecodeError, codec_names[codec],
                                       object, i, i + bad, reason);
            }
            failed = -1;
        }
        i += bad;
    }
    if (failed < 0) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &out);
}

QkValue qk_str_encode(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                      QkValue kwnames) {
    static const char *const names[] = {"encoding", "errors"};
    QkValue a[2];
    int codec, handler;
    if (qk_parse_args(tstate, "encode", args, nargs, kwnames, 0, 2, 2, names, a) < 0 ||
        codec_args(tstate, "encode", a[0], a[1], &codec, &handler) < 0) {
        return QK_NULL;
    }
    return encode(tstate, &qk_bytes_type, self, codec, handler, a[1]);
}

static QkValue bytes_decode(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    static const char *const names[] = {"encoding", "errors"};
    QkValue a[2];
    int codec, handler;
    if (qk_parse_args(tstate, "decode", args, nargs, kwnames, 0, 2, 2, names, a) < 0 ||
        codec_args(tstate, "decode", a[0], a[1], &codec, &handler) < 0) {
        return QK_NULL;
    }
    QkBytes *b = qk_as_bytes(self);
    return decode(tstate, (const uint8_t *)b->data, b->length, codec, handler, a[1]);
}

QkValue qk_str_decode(QkThread *tstate, QkValue object, QkValue encoding, QkValue errors) {
    int codec, handler;
    if (codec_args(tstate, "str", encoding, errors, &codec, &handler) < 0) {
        return QK_NULL;
    }
    if (!qk_is_bytes_like(object)) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "decoding to str: need a bytes-like object, %s found",
                        qk_type_name(object));
    }
    QkBytes *b = qk_as_bytes(object);
    return decode(tstate, (const uint8_t *)b->data, b->length, codec, handler, errors);
}

/* ---- construction ---- */

static QkValue construct(QkThread *tstate, QkType *type, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    static const char *const names[] = {"source", "encoding", "errors"};
    QkValue a[3];
    if (qk_parse_args(tstate, type->name, args, nargs, kwnames, 0, 3, 3, names, a) < 0) {
        return QK_NULL;
    }
    QkValue source = a[0];
    if (source != QK_NULL && qk_is_str(source)) {
        int codec, handler;
        if (a[1] == QK_NULL) {
            return qk_raise(tstate, &qk_exc_TypeError, "string argument without an encoding");
        }
        if (codec_args(tstate, type->name, a[1], a[2], &codec, &handler) < 0) {
            return QK_NULL;
        }
        return encode(tstate, type, source, codec, handler, a[2]);
    }
    if (a[1] != QK_NULL || a[2] != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s without a string argument",
                        a[1] != QK_NULL ? "encoding" : "errors");
    }
    if (source == QK_NULL) {
        return (QkValue)bytes_alloc(tstate, type, 0);
    }
    if (qk_is_anyint(source)) {
        int64_t n;
        if (qk_index(tstate, source, &n) < 0) {
            return QK_NULL;
        }
        if (n < 0) {
            return qk_raise(tstate, &qk_exc_ValueError, "negative count");
        }
        return (QkValue)bytes_alloc(tstate, type, n);
    }
    if (!qk_is_iterable(source)) {
        return qk_raise(tstate, &qk_exc_TypeError, "cannot convert '%s' object to %s",
                        qk_type_name(source), type->name);
    }
    QkBuf buf = {0};
    if (collect_ints(tstate, source, type == &qk_bytes_type ? "bytes" : "byte", &buf) < 0) {
        qk_buf_free(&buf);
        return QK_NULL;
    }
    QkValue r = qk_bytes_new(tstate, type, buf.data, (int64_t)buf.len);
    qk_buf_free(&buf);
    return r;
}

static QkValue bytes_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)type;
    return construct(tstate, &qk_bytes_type, args, nargs, kwnames);
}

static QkValue bytearray_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                   QkValue kwnames) {
    (void)type;
    return construct(tstate, &qk_bytearray_type, args, nargs, kwnames);
}

/* ---- methods both types share ---- */

#define METHOD(name)                                                                               \
    static QkValue name(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,               \
                        QkValue kwnames)

static bool is_hex_digit(char c, int *value) {
    *value = c >= '0' && c <= '9'   ? c - '0'
             : c >= 'a' && c <= 'f' ? c - 'a' + 10
             : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                    : -1;
    return *value >= 0;
}

/* hex(sep=None): two lower-case digits a byte, sep (one character) between bytes. */
METHOD(bytes_hex) {
    static const char *const names[] = {"sep"};
    QkValue sep = QK_NULL;
    if (qk_parse_args(tstate, "hex", args, nargs, kwnames, 0, 1, 1, names, &sep) < 0) {
        return QK_NULL;
    }
    char separator = 0;
    if (sep != QK_NULL) {
        if (!qk_is_str(sep) && !qk_is_bytes_like(sep)) {
            return qk_raise(tstate, &qk_exc_TypeError, "object of type '%s' has no len()",
                            qk_type_name(sep));
        }
        const char *data = qk_is_str(sep) ? qk_as_str(sep)->data : qk_as_bytes(sep)->data;
        int64_t n = qk_is_str(sep) ? qk_str_cp_length(sep) : qk_as_bytes(sep)->length;
        if (n != 1) {
            return qk_raise(tstate, &qk_exc_ValueError, "sep must be length 1.");
        }
        if ((uint8_t)data[0] >= 0x80) {
            return qk_raise(tstate, &qk_exc_ValueError, "sep must be ASCII.");
        }
        separator = data[0];
    }
    QkBytes *b = qk_as_bytes(self);
    QkBuf out = {0};
    int failed = 0;
    for (int64_t i = 0; i < b->length && failed == 0; i++) {
        if (sep != QK_NULL && i > 0) {
            failed = qk_buf_putc(tstate, &out, separator);
        }
        failed = failed < 0 ? -1 : qk_buf_printf(tstate, &out, "%02x", (uint8_t)b->data[i]);
    }
    if (failed < 0) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &out);
}

/* fromhex(string), a class method: pairs of hex digits, with ASCII whitespace between them. */
static QkValue bytes_fromhex(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "fromhex", nargs - 1, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkValue s = args[1];
    if (!qk_is_str(s)) {
        return qk_raise(tstate, &qk_exc_TypeError, "fromhex() argument must be str, not %s",
                        qk_type_name(s));
    }
    QkStr *str = qk_as_str(s);
    QkBuf out = {0};
    int64_t i = 0;
    int failed = 0;
    while (failed == 0) {
        while (i < str->length && strchr(" \t\n\r\v\f", str->data[i]) != NULL) {
            i++;
        }
        if (i >= str->length) {
            break;
        }
        int hi, lo = -1;
        bool ok = is_hex_digit(str->data[i], &hi) && i + 1 < str->length &&
                  is_hex_digit(str->data[i + 1], &lo);
        if (!ok) {
            /* Positions count code points, as the str's index would. */
            int64_t at = hi < 0 ? i : i + 1;
            const char *p = str->data;
            int64_t cp = 0;
            while (p < str->data + at) {
                qk_utf8_decode(&p);
                cp++;
            }
            qk_raise(tstate, &qk_exc_ValueError,
                     "non-hexadecimal number found in fromhex() arg at position %" PRId64, cp);
            failed = -1;
            break;
        }
        failed = qk_buf_putc(tstate, &out, (char)(hi << 4 | lo));
        i += 2;
    }
    if (failed < 0) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    QkValue r = qk_bytes_new(tstate, args[0] == (QkValue)&qk_bytearray_type ? &qk_bytearray_type
                                                                            : &qk_bytes_type,
                             out.data, (int64_t)out.len);
    qk_buf_free(&out);
    return r;
}

/* find, rfind, index, rindex, count: (sub[, start[, end]]). */
static int search_args(QkThread *tstate, const char *fname, QkValue self, QkValue *args,
                       size_t nargs, QkValue kwnames, const char **sub, int64_t *m, char *one,
                       int64_t *from, int64_t *to) {
    if (nargs == 0 && qk_nkwargs(kwnames) == 0) {
        qk_raise(tstate, &qk_exc_TypeError, "%s() takes at least 1 argument (0 given)", fname);
        return -1;
    }
    if (qk_check_args(tstate, fname, nargs, kwnames, 1, 3) < 0 ||
        needle(tstate, args[0], sub, m, one) < 0) {
        return -1;
    }
    return bounds(tstate, nargs > 1 ? args[1] : QK_NULL, nargs > 2 ? args[2] : QK_NULL,
                  self, from, to);
}

/* find and friends: index == 1 raises ValueError where find returns -1. */
static QkValue find(QkThread *tstate, const char *fname, QkValue self, QkValue *args,
                    size_t nargs, QkValue kwnames, bool reverse, bool index) {
    const char *sub;
    int64_t m, from, to;
    char one;
    if (search_args(tstate, fname, self, args, nargs, kwnames, &sub, &m, &one, &from, &to) < 0) {
        return QK_NULL;
    }
    int64_t at = from > qk_as_bytes(self)->length
                     ? -1
                     : search(qk_as_bytes(self)->data, from, to, sub, m, reverse);
    if (at < 0 && index) {
        return qk_raise(tstate, &qk_exc_ValueError, "subsection not found");
    }
    return qk_from_int(at);
}

METHOD(bytes_find) { return find(tstate, "find", self, args, nargs, kwnames, false, false); }
METHOD(bytes_rfind) { return find(tstate, "rfind", self, args, nargs, kwnames, true, false); }
METHOD(bytes_index) { return find(tstate, "index", self, args, nargs, kwnames, false, true); }
METHOD(bytes_rindex) { return find(tstate, "rindex", self, args, nargs, kwnames, true, true); }

METHOD(bytes_count) {
    const char *sub;
    int64_t m, from, to;
    char one;
    if (search_args(tstate, "count", self, args, nargs, kwnames, &sub, &m, &one, &from, &to) < 0) {
        return QK_NULL;
    }
    if (from > to) {
        return qk_from_int(0);
    }
    if (m == 0) {
        return qk_from_int(to - from + 1);
    }
    int64_t count = 0;
    for (int64_t at; (at = search(qk_as_bytes(self)->data, from, to, sub, m, false)) >= 0;) {
        count++;
        from = at + m;
    }
    return qk_from_int(count);
}

/* startswith and endswith: a bytes-like prefix or a tuple of them. */
static QkValue starts_or_ends(QkThread *tstate, const char *fname, QkValue self, QkValue *args,
                              size_t nargs, QkValue kwnames, bool end) {
    if (nargs == 0 && qk_nkwargs(kwnames) == 0) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s() takes at least 1 argument (0 given)",
                        fname);
    }
    int64_t from, to;
    if (qk_check_args(tstate, fname, nargs, kwnames, 1, 3) < 0 ||
        bounds(tstate, nargs > 1 ? args[1] : QK_NULL, nargs > 2 ? args[2] : QK_NULL,
               self, &from, &to) < 0) {
        return QK_NULL;
    }
    QkValue *options = &args[0];
    int64_t count = 1;
    if (qk_is_tuple(args[0])) {
        options = qk_as_tuple(args[0])->items;
        count = qk_as_tuple(args[0])->size;
    }
    for (int64_t k = 0; k < count; k++) {
        if (!qk_is_bytes_like(options[k])) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            qk_is_tuple(args[0])
                                ? "a bytes-like object is required, not '%s'"
                                : "%s first arg must be bytes or a tuple of bytes, not %s",
                            qk_is_tuple(args[0]) ? qk_type_name(options[k]) : fname,
                            qk_type_name(options[k]));
        }
        QkBytes *p = qk_as_bytes(options[k]);
        if (from <= qk_as_bytes(self)->length && to - from >= p->length &&
            memcmp(qk_as_bytes(self)->data + (end ? to - p->length : from), p->data,
                   (size_t)p->length) == 0) {
            return QK_TRUE;
        }
    }
    return QK_FALSE;
}

METHOD(bytes_startswith) {
    return starts_or_ends(tstate, "startswith", self, args, nargs, kwnames, false);
}
METHOD(bytes_endswith) {
    return starts_or_ends(tstate, "endswith", self, args, nargs, kwnames, true);
}

METHOD(bytes_join) {
    if (qk_check_args(tstate, "join", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkValue items = qk_list_collect(tstate, args[0]);
    if (items == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &items);
    QkList *l = qk_as_list(items);
    QkBytes *sep = qk_as_bytes(self);
    QkBuf out = {0};
    int failed = 0;
    for (int64_t i = 0; i < l->size && failed == 0; i++) {
        if (!qk_is_bytes_like(l->items[i])) {
            qk_raise(tstate, &qk_exc_TypeError,
                     "sequence item %" PRId64 ": expected a bytes-like object, %s found", i,
                     qk_type_name(l->items[i]));
            failed = -1;
            break;
        }
        QkBytes *b = qk_as_bytes(l->items[i]);
        if (i > 0) {
            failed = qk_buf_append(tstate, &out, sep->data, (size_t)sep->length);
        }
        failed = failed < 0 ? -1 : qk_buf_append(tstate, &out, b->data, (size_t)b->length);
    }
    qk_root_pop(tstate, 1);
    if (failed < 0) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    return from_buf(tstate, self, &out);
}

static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* split(sep=None, maxsplit=-1). */
METHOD(bytes_split) {
    static const char *const names[] = {"sep", "maxsplit"};
    QkValue a[2];
    int64_t maxsplit = -1;
    if (qk_parse_args(tstate, "split", args, nargs, kwnames, 0, 2, 2, names, a) < 0 ||
        (a[1] != QK_NULL && qk_index(tstate, a[1], &maxsplit) < 0)) {
        return QK_NULL;
    }
    QkValue sep = a[0] == QK_NONE ? QK_NULL : a[0];
    if (sep != QK_NULL && need_bytes(tstate, sep) < 0) {
        return QK_NULL;
    }
    if (sep != QK_NULL && qk_as_bytes(sep)->length == 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "empty separator");
    }
    QkValue list = qk_list_new(tstate, 0), part = QK_NULL;
    if (list == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &list);
    qk_root_push(tstate, &part);
    int64_t n = qk_as_bytes(self)->length, i = 0;
    maxsplit = maxsplit < 0 ? INT64_MAX : maxsplit;
    int failed = 0;
    while (failed == 0) {
        const char *data = qk_as_bytes(self)->data;
        int64_t start = i, stop;
        if (sep == QK_NULL) {
            while (start < n && is_space(data[start])) {
                start++;
            }
            if (start == n) {
                break;
            }
            stop = start;
            if (maxsplit-- > 0) {
                while (stop < n && !is_space(data[stop])) {
                    stop++;
                }
            } else { /* the rest, its trailing whitespace kept, as CPython */
                stop = n;
            }
            i = stop;
        } else {
            QkBytes *s = qk_as_bytes(sep);
            int64_t at = maxsplit-- > 0 ? search(data, start, n, s->data, s->length, false) : -1;
            stop = at < 0 ? n : at;
            i = at < 0 ? n + 1 : at + s->length;
        }
        part = qk_bytes_new(tstate, qk_type_of(self), qk_as_bytes(self)->data + start,
                            stop - start);
        failed = part == QK_NULL || qk_list_append(tstate, list, part) < 0 ? -1 : 0;
        if (sep != QK_NULL && i > n) {
            break;
        }
    }
    qk_root_pop(tstate, 2);
    return failed < 0 ? QK_NULL : list;
}

/* Whether strip() removes c: one of chars, or whitespace when chars is QK_NULL. */
static bool stripped(QkValue chars, char c) {
    if (chars == QK_NULL) {
        return is_space(c);
    }
    return memchr(qk_as_bytes(chars)->data, c, (size_t)qk_as_bytes(chars)->length) != NULL;
}

/* strip, lstrip, rstrip (chars=None): which bit 1 strips the left, bit 2 the right. */
static QkValue strip(QkThread *tstate, const char *fname, QkValue self, QkValue *args,
                     size_t nargs, QkValue kwnames, int which) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    QkValue chars = nargs == 0 || args[0] == QK_NONE ? QK_NULL : args[0];
    if (chars != QK_NULL && need_bytes(tstate, chars) < 0) {
        return QK_NULL;
    }
    QkBytes *b = qk_as_bytes(self);
    int64_t from = 0, to = b->length;
    while ((which & 1) && from < to && stripped(chars, b->data[from])) {
        from++;
    }
    while ((which & 2) && to > from && stripped(chars, b->data[to - 1])) {
        to--;
    }
    return qk_bytes_new(tstate, qk_type_of(self), b->data + from, to - from);
}

METHOD(bytes_strip) { return strip(tstate, "strip", self, args, nargs, kwnames, 3); }
METHOD(bytes_lstrip) { return strip(tstate, "lstrip", self, args, nargs, kwnames, 1); }
METHOD(bytes_rstrip) { return strip(tstate, "rstrip", self, args, nargs, kwnames, 2); }

/* replace(old, new, count=-1). */
METHOD(bytes_replace) {
    int64_t count = -1;
    if (qk_check_args(tstate, "replace", nargs, kwnames, 2, 3) < 0 ||
        need_bytes(tstate, args[0]) < 0 || need_bytes(tstate, args[1]) < 0 ||
        (nargs > 2 && qk_index(tstate, args[2], &count) < 0)) {
        return QK_NULL;
    }
    QkBytes *b = qk_as_bytes(self), *old = qk_as_bytes(args[0]), *new = qk_as_bytes(args[1]);
    count = count < 0 ? INT64_MAX : count;
    QkBuf out = {0};
    int failed = 0;
    int64_t i = 0;
    while (failed == 0 && count-- > 0) {
        int64_t at = old->length == 0 ? (i <= b->length ? i : -1)
                                      : search(b->data, i, b->length, old->data, old->length, false);
        if (at < 0) {
            break;
        }
        failed = qk_buf_append(tstate, &out, b->data + i, (size_t)(at - i)) < 0 ||
                         qk_buf_append(tstate, &out, new->data, (size_t)new->length) < 0
                     ? -1
                     : 0;
        i = at + old->length;
        if (old->length == 0) { /* the empty match before each byte, then past it */
            if (i < b->length && qk_buf_putc(tstate, &out, b->data[i]) < 0) {
                failed = -1;
            }
            i++;
        }
    }
    if (failed < 0 || (i < b->length &&
                       qk_buf_append(tstate, &out, b->data + i, (size_t)(b->length - i)) < 0)) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    return from_buf(tstate, self, &out);
}

/* upper and lower: ASCII letters only. */
static QkValue change_case(QkThread *tstate, const char *fname, QkValue self, size_t nargs,
                           QkValue kwnames, char from, int delta) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkBytes *r = bytes_alloc(tstate, qk_type_of(self), qk_as_bytes(self)->length);
    for (int64_t i = 0; r != NULL && i < r->length; i++) {
        char c = qk_as_bytes(self)->data[i];
        r->data[i] = c >= from && c < from + 26 ? (char)(c + delta) : c;
    }
    return (QkValue)r;
}

METHOD(bytes_upper) {
    (void)args;
    return change_case(tstate, "upper", self, nargs, kwnames, 'a', 'A' - 'a');
}
METHOD(bytes_lower) {
    (void)args;
    return change_case(tstate, "lower", self, nargs, kwnames, 'A', 'a' - 'A');
}

/* isdigit, isalpha, isspace: every byte (at least one) in the ASCII class. */
static QkValue is_class(QkThread *tstate, const char *fname, QkValue self, size_t nargs,
                        QkValue kwnames, bool (*test)(char)) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkBytes *b = qk_as_bytes(self);
    bool all = b->length > 0;
    for (int64_t i = 0; i < b->length && all; i++) {
        all = test(b->data[i]);
    }
    return qk_bool(all);
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

METHOD(bytes_isdigit) {
    (void)args;
    return is_class(tstate, "isdigit", self, nargs, kwnames, is_digit);
}
METHOD(bytes_isalpha) {
    (void)args;
    return is_class(tstate, "isalpha", self, nargs, kwnames, is_alpha);
}
METHOD(bytes_isspace) {
    (void)args;
    return is_class(tstate, "isspace", self, nargs, kwnames, is_space);
}

/* ---- bytearray's mutators ---- */

METHOD(bytearray_append) {
    uint8_t byte;
    if (qk_check_args(tstate, "append", nargs, kwnames, 1, 1) < 0 ||
        byte_value(tstate, args[0], "byte", &byte) < 0) {
        return QK_NULL;
    }
    char c = (char)byte;
    return splice(tstate, qk_as_bytes(self), qk_as_bytes(self)->length, 0, &c, 1) < 0 ? QK_NULL
                                                                                      : QK_NONE;
}

METHOD(bytearray_extend) {
    if (qk_check_args(tstate, "extend", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (!qk_is_iterable(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "can't extend bytearray with %s",
                        qk_type_name(args[0]));
    }
    QkBuf buf = {0};
    int failed = collect_ints(tstate, args[0], "byte", &buf);
    QkBytes *b = qk_as_bytes(self);
    failed = failed < 0 ? -1 : splice(tstate, b, b->length, 0, buf.data, (int64_t)buf.len);
    qk_buf_free(&buf);
    return failed < 0 ? QK_NULL : QK_NONE;
}

METHOD(bytearray_pop) {
    int64_t i = -1;
    if (qk_check_args(tstate, "pop", nargs, kwnames, 0, 1) < 0 ||
        (nargs > 0 && qk_index(tstate, args[0], &i) < 0)) {
        return QK_NULL;
    }
    QkBytes *b = qk_as_bytes(self);
    if (b->length == 0) {
        return qk_raise(tstate, &qk_exc_IndexError, "pop from empty bytearray");
    }
    i = i < 0 ? i + b->length : i;
    if (i < 0 || i >= b->length) {
        return qk_raise(tstate, &qk_exc_IndexError, "pop index out of range");
    }
    QkValue r = qk_from_int((uint8_t)b->data[i]);
    return splice(tstate, b, i, 1, NULL, 0) < 0 ? QK_NULL : r;
}

/* ---- the types ---- */

#define SHARED_METHODS                                                                             \
    {"hex", bytes_hex}, {"count", bytes_count}, {"find", bytes_find}, {"rfind", bytes_rfind},     \
        {"index", bytes_index}, {"rindex", bytes_rindex}, {"startswith", bytes_startswith},      \
        {"endswith", bytes_endswith}, {"join", bytes_join}, {"split", bytes_split},              \
        {"strip", bytes_strip}, {"lstrip", bytes_lstrip}, {"rstrip", bytes_rstrip},              \
        {"replace", bytes_replace}, {"upper", bytes_upper}, {"lower", bytes_lower},              \
        {"isdigit", bytes_isdigit}, {"isalpha", bytes_isalpha}, {"isspace", bytes_isspace},      \
        {"decode", bytes_decode}

static const QkMethodDef bytes_methods[] = {SHARED_METHODS, {NULL, NULL}};
static const QkMethodDef bytearray_methods[] = {
    SHARED_METHODS,
    {"append", bytearray_append},
    {"extend", bytearray_extend},
    {"pop", bytearray_pop},
    {NULL, NULL},
};
static const QkMethodDef bytes_classmethods[] = {{"fromhex", bytes_fromhex}, {NULL, NULL}};

QkType qk_bytes_type = {
    QK_STATIC_TYPE,
    .name = "bytes",
    .repr = bytes_repr,
    .str = bytes_repr,
    .hash = bytes_hash,
    .compare = bytes_compare,
    .number = bytes_number,
    .len = bytes_len,
    .getitem = bytes_getitem,
    .contains = bytes_contains,
    .iter = bytes_iter,
    .construct = bytes_construct,
    .methods = bytes_methods,
    .classmethods = bytes_classmethods,
};

QkType qk_bytearray_type = {
    QK_STATIC_TYPE,
    .name = "bytearray",
    .finalize = bytearray_finalize,
    .repr = bytes_repr,
    .str = bytes_repr,
    .hash = qk_hash_unhashable,
    .compare = bytes_compare,
    .number = bytes_number,
    .len = bytes_len,
    .getitem = bytes_getitem,
    .setitem = bytearray_setitem,
    .contains = bytes_contains,
    .iter = bytes_iter,
    .construct = bytearray_construct,
    .methods = bytearray_methods,
    .classmethods = bytes_classmethods,
};

QkType qk_bytes_iter_type = {QK_STATIC_TYPE, .name = "bytes_iterator",
                             .traverse = bytes_iter_traverse, .iter = qk_iter_self,
                             .next = bytes_iter_next};

/* ---- int.to_bytes, int.from_bytes ---- */

/* byteorder: "little" (true) or "big". */
static int byte_order(QkThread *tstate, const char *fname, QkValue v, bool *little) {
    if (v == QK_NULL) {
        *little = false;
        return 0;
    }
    if (!qk_is_str(v)) {
        qk_raise(tstate, &qk_exc_TypeError, "%s() argument 'byteorder' must be str, not %s",
                 fname, qk_type_name(v));
        return -1;
    }
    if (strcmp(qk_as_str(v)->data, "little") != 0 && strcmp(qk_as_str(v)->data, "big") != 0) {
        qk_raise(tstate, &qk_exc_ValueError, "byteorder must be either 'little' or 'big'");
        return -1;
    }
    *little = qk_as_str(v)->data[0] == 'l';
    return 0;
}

/* Negates the little-endian two's complement number in buf[0..n). */
static void negate(uint8_t *buf, int64_t n) {
    unsigned carry = 1;
    for (int64_t i = 0; i < n; i++) {
        unsigned v = (uint8_t)~buf[i] + carry;
        buf[i] = (uint8_t)v;
        carry = v >> 8;
    }
}

QkValue qk_int_to_bytes(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    static const char *const names[] = {"length", "byteorder", "signed"};
    QkValue a[3];
    int64_t length = 1;
    bool little;
    int is_signed = 0;
    if (qk_parse_args(tstate, "to_bytes", args, nargs, kwnames, 0, 2, 3, names, a) < 0 ||
        (a[0] != QK_NULL && qk_index(tstate, a[0], &length) < 0) ||
        byte_order(tstate, "to_bytes", a[1], &little) < 0 ||
        (a[2] != QK_NULL && (is_signed = qk_truth(tstate, a[2])) < 0)) {
        return QK_NULL;
    }
    if (length < 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "length argument must be non-negative");
    }
    /* The magnitude, little-endian, from 30-bit digits (a small int is its own one or three). */
    bool negative;
    int64_t ndigits;
    uint32_t small[3];
    const uint32_t *digits = small;
    if (qk_is_bigint(self)) {
        QkLong *l = (QkLong *)self;
        negative = l->size < 0;
        ndigits = negative ? -l->size : l->size;
        digits = l->digits;
    } else {
        int64_t v = qk_int_like_value(self);
        negative = v < 0;
        uint64_t m = negative ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
        for (ndigits = 0; m != 0; ndigits++, m >>= QK_LONG_SHIFT) {
            small[ndigits] = (uint32_t)(m & QK_LONG_MASK);
        }
    }
    if (negative && !is_signed) {
        return qk_raise(tstate, &qk_exc_OverflowError, "can't convert negative int to unsigned");
    }
    int64_t mag_bytes = (ndigits * QK_LONG_SHIFT + 7) / 8;
    int64_t width = (length > mag_bytes ? length : mag_bytes) + 1;
    uint8_t *buf = calloc((size_t)width, 1);
    if (buf == NULL) {
        return no_memory(tstate);
    }
    uint64_t acc = 0;
    int bits = 0;
    int64_t k = 0;
    for (int64_t i = 0; i < ndigits; i++) {
        acc |= (uint64_t)digits[i] << bits;
        for (bits += QK_LONG_SHIFT; bits >= 8; bits -= 8, acc >>= 8) {
            buf[k++] = (uint8_t)acc;
        }
    }
    if (bits > 0) {
        buf[k] = (uint8_t)acc;
    }
    if (negative) {
        negate(buf, width);
    }
    /* It fits when every byte past `length` is the sign's fill, and (signed) the top byte kept
     * shows the right sign. */
    uint8_t fill = negative ? 0xff : 0;
    bool fits = length > 0 || ndigits == 0;
    for (int64_t i = length; i < width && fits; i++) {
        fits = buf[i] == fill;
    }
    if (fits && is_signed && length > 0) {
        fits = (buf[length - 1] >> 7) == negative;
    }
    QkBytes *r = fits ? bytes_alloc(tstate, &qk_bytes_type, length) : NULL;
    for (int64_t i = 0; r != NULL && i < length; i++) {
        r->data[little ? i : length - 1 - i] = (char)buf[i];
    }
    free(buf);
    if (!fits) {
        return qk_raise(tstate, &qk_exc_OverflowError, "int too big to convert");
    }
    return (QkValue)r;
}

QkValue qk_int_from_bytes(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    (void)self;
    static const char *const names[] = {"bytes", "byteorder", "signed"};
    QkValue a[3];
    bool little;
    int is_signed = 0;
    if (qk_parse_args(tstate, "from_bytes", args + 1, nargs - 1, kwnames, 1, 2, 3, names, a) < 0 ||
        byte_order(tstate, "from_bytes", a[1], &little) < 0 ||
        (a[2] != QK_NULL && (is_signed = qk_truth(tstate, a[2])) < 0)) {
        return QK_NULL;
    }
    if (!qk_is_iterable(a[0]) || qk_is_str(a[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "cannot convert '%s' object to bytes",
                        qk_type_name(a[0]));
    }
    QkBuf buf = {0};
    if (collect_ints(tstate, a[0], "bytes", &buf) < 0) {
        qk_buf_free(&buf);
        return QK_NULL;
    }
    int64_t n = (int64_t)buf.len;
    uint8_t *le = (uint8_t *)buf.data, *nibbles = malloc((size_t)n * 2 + 1);
    if (nibbles == NULL) {
        qk_buf_free(&buf);
        return no_memory(tstate);
    }
    for (int64_t i = 0; !little && i < n / 2; i++) { /* little-endian from here on */
        uint8_t t = le[i];
        le[i] = le[n - 1 - i];
        le[n - 1 - i] = t;
    }
    bool negative = is_signed && n > 0 && (le[n - 1] & 0x80);
    if (negative) {
        negate(le, n);
    }
    for (int64_t i = 0; i < n; i++) { /* most significant first */
        nibbles[2 * i] = le[n - 1 - i] >> 4;
        nibbles[2 * i + 1] = le[n - 1 - i] & 15;
    }
    QkValue r = n == 0 ? qk_from_int(0)
                       : qk_long_from_digit_values(tstate, nibbles, 2 * n, 16, negative);
    free(nibbles);
    qk_buf_free(&buf);
    return r;
}
