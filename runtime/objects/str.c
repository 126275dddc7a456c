/* str: immutable UTF-8 text indexed by code point. Every string remembers its code point count
 * (computed on first need) in a trailer after its bytes, so an all-ASCII string indexes by byte
 * offset and only others pay for scanning. Also here: the byte buffer strings are built in. */
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "builtin_subclass.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"
#include "unicode.h"

/* ---- the code point count trailer ---- */

/* The trailer's place and reading are in types.h (qk_str_trailer_offset, qk_str_cp_count_slot):
 * len() of a str in a trace reads it inline. */

static size_t str_size(int64_t length) { return qk_str_trailer_offset(length) + sizeof(int64_t); }

static QkStr *str_init(QkStr *s, int64_t length) {
    s->length = length;
    s->data[length] = '\0';
    *qk_str_cp_count_slot((QkValue)s) = -1;
    return s;
}

/* A str of `length` bytes to be filled in, without collecting: NULL where a collection or a new
 * block is due. Only the header, the length and the hash are zeroed: the bytes are all written
 * (here or by the caller) and the padding before the count is never read. */
static QkStr *str_take(int64_t length) {
    QkStr *s =
        (QkStr *)qk_alloc_fast_head(&qk_str_type, str_size(length), offsetof(QkStr, data), 0);
    return s != NULL ? str_init(s, length) : NULL;
}

QkValue qk_str_new(QkThread *tstate, const char *data, int64_t length) {
    QkStr *s = str_take(length);
    if (s == NULL) {
        s = (QkStr *)qk_alloc(tstate, &qk_str_type, str_size(length));
        if (s == NULL) {
            return QK_NULL;
        }
        str_init(s, length);
    }
    /* data == NULL: the caller fills the bytes in (before the count is ever asked for). */
    if (data != NULL && length > 0) {
        memcpy(s->data, data, (size_t)length);
    }
    return (QkValue)s;
}

/* One-character ASCII strings are shared, never allocated: iterating over or indexing text makes
 * one per character (CPython shares them too). Made at startup (so traces read them inline);
 * never collected. */
#define CHAR_STR_SIZE ((sizeof(QkStr) + 2 + 7) / 8 * 8 + sizeof(int64_t))
static _Alignas(16) unsigned char ascii_chars[128][CHAR_STR_SIZE];
QkValue qk_ascii_chars[128];

void qk_init_ascii_chars(void) {
    for (int c = 0; c < 128; c++) {
        QkStr *s = (QkStr *)ascii_chars[c];
        s->ob.type = &qk_str_type;
        s->ob.gc_static = 1;
        s->length = 1;
        s->data[0] = (char)c;
        *qk_str_cp_count_slot((QkValue)s) = 1;
        qk_ascii_chars[c] = (QkValue)s;
    }
}

/* Not inlined (nor qk_str_join_array): once qk_str_new's common case was small, clang inlined
 * both into the interpreter loop, whose code then cost every program 2-5% more instructions in
 * tier 1 (nbody +2.7%, board_search +4.9%). */
__attribute__((noinline)) QkValue qk_str_char(QkThread *tstate, const char *utf8,
                                              int64_t length) {
    unsigned char c = (unsigned char)utf8[0];
    if (length != 1 || c >= 128) {
        return qk_str_new(tstate, utf8, length);
    }
    return qk_ascii_chars[c];
}

QkValue qk_str_from_cstr(QkThread *tstate, const char *s) {
    return qk_str_new(tstate, s, (int64_t)strlen(s));
}

QkValue qk_str_empty(QkThread *tstate) { return qk_str_new(tstate, "", 0); }

/* Each byte's top bit, eight bytes in a word. */
#define TOP_BITS 0x8080808080808080ull

int64_t qk_str_count_cp(QkValue v) {
    QkStr *s = qk_as_str(v);
    /* Every byte but those that continue a UTF-8 sequence (10xxxxxx) starts a code point: eight
     * bytes at a time, and an ASCII word at once. */
    const unsigned char *data = (const unsigned char *)s->data;
    int64_t i = 0, continuing = 0;
    for (; i + 8 <= s->length; i += 8) {
        uint64_t w;
        memcpy(&w, data + i, sizeof w);
        if ((w & TOP_BITS) != 0) {
            continuing += __builtin_popcountll(w & ~(w << 1) & TOP_BITS);
        }
    }
    for (; i < s->length; i++) {
        continuing += (data[i] & 0xc0) == 0x80;
    }
    int64_t n = s->length - continuing;
    *qk_str_cp_count_slot((QkValue)s) = n;
    return n;
}

bool qk_str_is_ascii(QkValue s) { return qk_str_cp_length(s) == qk_as_str(s)->length; }

int64_t qk_str_cp_offset(QkValue v, int64_t index) {
    if (qk_str_is_ascii(v)) {
        return index;
    }
    QkStr *s = qk_as_str(v);
    int64_t offset = 0;
    for (int64_t i = 0; i < index; i++) {
        offset++;
        while (offset < s->length && ((uint8_t)s->data[offset] & 0xc0) == 0x80) {
            offset++;
        }
    }
    return offset;
}

/* Code point index of a byte offset. */
static int64_t cp_index(QkValue v, int64_t offset) {
    if (qk_str_is_ascii(v)) {
        return offset;
    }
    int64_t n = 0;
    for (int64_t i = 0; i < offset; i++) {
        n += ((uint8_t)qk_as_str(v)->data[i] & 0xc0) != 0x80;
    }
    return n;
}

uint32_t qk_utf8_decode_multibyte(const char **pp) {
    const uint8_t *p = (const uint8_t *)*pp;
    uint32_t c = p[0];
    int extra = c < 0xe0 ? 1 : c < 0xf0 ? 2 : 3;
    c &= 0x3f >> extra;
    for (int i = 1; i <= extra; i++) {
        c = (c << 6) | (p[i] & 0x3f);
    }
    *pp += extra + 1;
    return c;
}

static bool is_space_cp(uint32_t c);

char *qk_str_numeral(QkValue s, size_t *length) {
    const QkStr *str = qk_as_str(s);
    char *out = malloc((size_t)str->length + 1), *q = out;
    if (out == NULL) {
        return NULL;
    }
    for (const char *p = str->data, *end = p + str->length; p < end;) {
        uint32_t c = qk_utf8_decode(&p);
        int digit = c < 0x80 ? -1 : qk_uc_decimal(c);
        *q++ = c < 0x80          ? (char)c
               : digit >= 0      ? (char)('0' + digit)
               : is_space_cp(c) ? ' '
                                 : '?';
    }
    *q = '\0';
    *length = (size_t)(q - out);
    return out;
}

int qk_utf8_encode(uint32_t cp, char *out) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xc0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xe0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        out[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
    out[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

QkValue qk_str_from_codepoint(QkThread *tstate, uint32_t cp) {
    char buf[4];
    return qk_str_char(tstate, buf, qk_utf8_encode(cp, buf));
}

int qk_str_equal(QkValue a, QkValue b) {
    if (a == b) {
        return 1;
    }
    QkStr *x = qk_as_str(a), *y = qk_as_str(b);
    return x->length == y->length && memcmp(x->data, y->data, (size_t)x->length) == 0;
}

uint64_t qk_str_hash(QkValue v) {
    QkStr *s = qk_as_str(v);
    if (s->hash == 0) {
        s->hash = qk_hash_bytes(s->data, s->length);
    }
    return s->hash;
}

int qk_str_compare(QkValue a, QkValue b) {
    QkStr *x = qk_as_str(a), *y = qk_as_str(b);
    int64_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->data, y->data, (size_t)n);
    /* UTF-8 byte order is code point order, which is Python's string order. */
    return c != 0 ? c : (x->length > y->length) - (x->length < y->length);
}

/* ---- the buffer strings are built in ---- */

static int buf_reserve(QkThread *tstate, QkBuf *b, size_t extra) {
    if (b->len + extra + 1 <= b->cap) {
        return 0;
    }
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1) {
        cap *= 2;
    }
    char *data = realloc(b->data, cap);
    if (data == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return -1;
    }
    b->data = data;
    b->cap = cap;
    return 0;
}

int qk_buf_append(QkThread *tstate, QkBuf *b, const char *data, size_t n) {
    if (buf_reserve(tstate, b, n) < 0) {
        return -1;
    }
    memcpy(b->data + b->len, data, n);
    b->len += n;
    return 0;
}

int qk_buf_putc(QkThread *tstate, QkBuf *b, char c) { return qk_buf_append(tstate, b, &c, 1); }

int qk_buf_printf(QkThread *tstate, QkBuf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (buf_reserve(tstate, b, (size_t)n) < 0) {
        return -1;
    }
    va_start(ap, fmt);
    vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return 0;
}

int qk_buf_fill(QkThread *tstate, QkBuf *b, const char *fill, size_t fill_len, int64_t count) {
    for (int64_t i = 0; i < count; i++) {
        if (qk_buf_append(tstate, b, fill, fill_len) < 0) {
            return -1;
        }
    }
    return 0;
}

static int buf_value(QkThread *tstate, QkBuf *b, QkValue v, QkValue (*convert)(QkThread *, QkValue)) {
    QkValue s = convert(tstate, v);
    return s == QK_NULL ? -1
                        : qk_buf_append(tstate, b, qk_as_str(s)->data, (size_t)qk_as_str(s)->length);
}

int qk_buf_repr(QkThread *tstate, QkBuf *b, QkValue v) { return buf_value(tstate, b, v, qk_repr); }
int qk_buf_str(QkThread *tstate, QkBuf *b, QkValue v) { return buf_value(tstate, b, v, qk_str); }

QkValue qk_buf_finish(QkThread *tstate, QkBuf *b) {
    QkValue s = qk_str_new(tstate, b->data, (int64_t)b->len);
    qk_buf_free(b);
    return s;
}

void qk_buf_free(QkBuf *b) {
    free(b->data);
    *b = (QkBuf){0};
}

/* ---- building strings ---- */

QkValue qk_str_concat(QkThread *tstate, QkValue a, QkValue b) {
    int64_t la = qk_as_str(a)->length, lb = qk_as_str(b)->length;
    QkValue r = (QkValue)str_take(la + lb);
    if (r == QK_NULL) { /* the parts are held only while the collector may run */
        qk_root_push(tstate, &a);
        qk_root_push(tstate, &b);
        r = qk_str_new(tstate, NULL, la + lb);
        qk_root_pop(tstate, 2);
    }
    if (r != QK_NULL) {
        memcpy(qk_as_str(r)->data, qk_as_str(a)->data, (size_t)la);
        memcpy(qk_as_str(r)->data + la, qk_as_str(b)->data, (size_t)lb);
        /* The whole is counted from its parts, so len() of a built-up string never scans it.
         * A part not counted yet is counted now, once (it keeps its count): the bytes were just
         * copied, and `s = s + s` of a literal would otherwise scan every new s. */
        *qk_str_cp_count_slot(r) = qk_str_cp_length(a) + qk_str_cp_length(b);
    }
    return r;
}

static QkValue str_repeat(QkThread *tstate, QkValue s, int64_t n) {
    int64_t len = qk_as_str(s)->length;
    if (n <= 0 || len == 0) {
        return qk_str_empty(tstate);
    }
    if (len > INT64_MAX / n) {
        return qk_raise(tstate, &qk_exc_OverflowError, "repeated string is too long");
    }
    qk_root_push(tstate, &s);
    QkValue r = qk_str_new(tstate, NULL, len * n);
    qk_root_pop(tstate, 1);
    if (r != QK_NULL) {
        for (int64_t i = 0; i < n; i++) {
            memcpy(qk_as_str(r)->data + i * len, qk_as_str(s)->data, (size_t)len);
        }
    }
    return r;
}

__attribute__((noinline)) QkValue qk_str_join_array(QkThread *tstate, QkValue *pieces,
                                                    int64_t n) {
    int64_t total = 0;
    for (int64_t i = 0; i < n; i++) {
        total += qk_as_str(pieces[i])->length;
    }
    QkValue r = qk_str_new(tstate, NULL, total);
    if (r == QK_NULL) {
        return QK_NULL;
    }
    char *out = qk_as_str(r)->data;
    for (int64_t i = 0; i < n; i++) {
        memcpy(out, qk_as_str(pieces[i])->data, (size_t)qk_as_str(pieces[i])->length);
        out += qk_as_str(pieces[i])->length;
    }
    return r;
}

/* A new str of s's code points [start, start + count * step) by step. */
static QkValue str_slice(QkThread *tstate, QkValue s, int64_t start, int64_t step, int64_t count) {
    if (step == 1) {
        int64_t from = qk_str_cp_offset(s, start), to = qk_str_cp_offset(s, start + count);
        return qk_str_new(tstate, qk_as_str(s)->data + from, to - from);
    }
    QkBuf b = {0};
    for (int64_t i = 0; i < count; i++) {
        int64_t from = qk_str_cp_offset(s, start + i * step);
        const char *p = qk_as_str(s)->data + from, *q = p;
        qk_utf8_decode(&q);
        if (qk_buf_append(tstate, &b, p, (size_t)(q - p)) < 0) {
            qk_buf_free(&b);
            return QK_NULL;
        }
    }
    qk_root_push(tstate, &s);
    QkValue r = qk_buf_finish(tstate, &b);
    qk_root_pop(tstate, 1);
    return r;
}

/* ---- repr ---- */

QkValue qk_str_repr(QkThread *tstate, QkValue v) {
    QkStr *s = qk_as_str(v);
    /* Single quotes, unless the text has one and no double quote. */
    char quote = memchr(s->data, '\'', (size_t)s->length) != NULL &&
                         memchr(s->data, '"', (size_t)s->length) == NULL
                     ? '"'
                     : '\'';
    QkBuf b = {0};
    int failed = qk_buf_putc(tstate, &b, quote);
    const char *p = s->data, *end = s->data + s->length;
    while (!failed && p < end) {
        const char *start = p;
        uint32_t c = qk_utf8_decode(&p);
        if (c == (uint32_t)quote || c == '\\') {
            failed = qk_buf_printf(tstate, &b, "\\%c", (char)c);
        } else if (c == '\n' || c == '\r' || c == '\t') {
            failed = qk_buf_printf(tstate, &b, "\\%c", c == '\n' ? 'n' : c == '\r' ? 'r' : 't');
        } else if (!(qk_uc_flags(c) & QK_UC_PRINTABLE)) {
            failed = c <= 0xff     ? qk_buf_printf(tstate, &b, "\\x%02x", c)
                     : c <= 0xffff ? qk_buf_printf(tstate, &b, "\\u%04x", c)
                                   : qk_buf_printf(tstate, &b, "\\U%08x", c);
        } else {
            failed = qk_buf_append(tstate, &b, start, (size_t)(p - start));
        }
    }
    if (failed || qk_buf_putc(tstate, &b, quote) < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

/* str(s) is s itself, or for an instance of a class derived from str an exact str copy. */
static QkValue str_str(QkThread *tstate, QkValue self) {
    return qk_is_type(self, &qk_str_type)
               ? self
               : qk_str_new(tstate, qk_as_str(self)->data, qk_as_str(self)->length);
}

/* ---- slots ---- */

static int str_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    (void)tstate;
    *hash = (int64_t)qk_str_hash(self);
    return 0;
}

static QkValue str_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    (void)tstate;
    if (!qk_is_str(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    if (op == QK_COMPARE_OP_EQ || op == QK_COMPARE_OP_NE) {
        return qk_bool(qk_str_equal(lhs, rhs) == (op == QK_COMPARE_OP_EQ));
    }
    return qk_bool(qk_compare_int64(op, qk_str_compare(lhs, rhs), 0));
}

static QkValue str_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (op == QK_BINARY_OP_ADD && qk_is_str(lhs) && qk_is_str(rhs)) {
        return qk_str_concat(tstate, lhs, rhs);
    }
    if (op == QK_BINARY_OP_MULTIPLY && (qk_is_str(lhs) ? qk_is_anyint(rhs)
                                                       : qk_is_str(rhs) && qk_is_anyint(lhs))) {
        int64_t times;
        QkValue s = qk_is_str(lhs) ? lhs : rhs;
        return qk_index(tstate, s == lhs ? rhs : lhs, &times) < 0 ? QK_NULL
                                                                 : str_repeat(tstate, s, times);
    }
    if (op == QK_BINARY_OP_REMAINDER && qk_is_str(lhs)) {
        return qk_str_mod(tstate, lhs, rhs);
    }
    return QK_NOT_IMPLEMENTED;
}

static int64_t str_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    return qk_str_cp_length(self);
}

static QkValue str_getitem(QkThread *tstate, QkValue self, QkValue key) {
    int64_t n = qk_str_cp_length(self);
    if (qk_is_type(key, &qk_slice_type)) {
        int64_t start, stop, step, count;
        if (qk_slice_indices(tstate, key, n, &start, &stop, &step, &count) < 0) {
            return QK_NULL;
        }
        return str_slice(tstate, self, start, step, count);
    }
    if (!qk_is_anyint(qk_builtin_self(key))) {
        return qk_raise(tstate, &qk_exc_TypeError, "string indices must be integers, not '%s'",
                        qk_type_name(key));
    }
    int64_t i;
    if (qk_normalize_index(tstate, key, n, "string", &i) < 0) {
        return QK_NULL;
    }
    if (n == qk_as_str(self)->length) { /* ASCII: byte i is code point i */
        return qk_str_char(tstate, qk_as_str(self)->data + i, 1);
    }
    return str_slice(tstate, self, i, 1, 1);
}

static int str_contains(QkThread *tstate, QkValue self, QkValue item) {
    if (!qk_is_str(item)) {
        qk_raise(tstate, &qk_exc_TypeError,
                 "'in <string>' requires string as left operand, not %s", qk_type_name(item));
        return -1;
    }
    QkStr *s = qk_as_str(self), *sub = qk_as_str(item);
    return memmem(s->data, (size_t)s->length, sub->data, (size_t)sub->length) != NULL;
}

static QkValue str_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)type;
    static const char *const names[] = {"object", "encoding", "errors"};
    QkValue a[3];
    if (qk_parse_args(tstate, "str", args, nargs, kwnames, 0, 3, 3, names, a) < 0) {
        return QK_NULL;
    }
    if (a[0] != QK_NULL && (a[1] != QK_NULL || a[2] != QK_NULL)) {
        return qk_str_decode(tstate, a[0], a[1], a[2]);
    }
    return a[0] == QK_NULL ? qk_str_empty(tstate) : qk_str(tstate, a[0]);
}

/* ---- methods ---- */

/* The code point that starts before byte offset `at` (which is past the first). */
static uint32_t cp_before(const char *begin, const char **at) {
    const char *p = *at - 1;
    while (p > begin && ((uint8_t)*p & 0xc0) == 0x80) {
        p--;
    }
    *at = p;
    return qk_utf8_decode(&p);
}

/* ASCII whitespace, all below 64: tab to carriage return, the file/group/record/unit
 * separators, space. One bit test per character. */
#define ASCII_SPACES ((uint64_t)0x1f << 0x09 | (uint64_t)0x1f << 0x1c)

static bool is_ascii_space(uint32_t c) { return c < 64 && (ASCII_SPACES >> c) & 1; }

/* ASCII answers without the tables (split() and strip() run over mostly ASCII text). */
static bool is_space_cp(uint32_t c) {
    return c < 0x80 ? is_ascii_space(c) : (qk_uc_flags(c) & QK_UC_SPACE) != 0;
}

/* The end of the run of code points from byte offset i on that are whitespace (or not): ASCII
 * bytes one at a time, without decoding. */
static int64_t space_run(const QkStr *s, int64_t i, bool space) {
    const unsigned char *data = (const unsigned char *)s->data;
    _Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the first byte is the lowest");
    while (i < s->length) {
        if (!space && i + 8 <= s->length) {
            /* A word's run goes on past eight bytes at once while none of them is below '!' (as
             * every ASCII space is) or outside ASCII: the first that is, is examined below. */
            uint64_t w;
            memcpy(&w, data + i, sizeof w);
            uint64_t maybe_end = (w | (w - 0x2121212121212121ull)) & TOP_BITS;
            if (maybe_end == 0) {
                i += 8;
                continue;
            }
            i += __builtin_ctzll(maybe_end) / 8;
        }
        if (data[i] < 0x80) {
            if (is_ascii_space(data[i]) != space) {
                break;
            }
            i++;
            continue;
        }
        const char *p = s->data + i;
        if (is_space_cp(qk_utf8_decode(&p)) != space) {
            break;
        }
        i = p - s->data;
    }
    return i;
}

/* The start of the run of code points before byte offset i that are whitespace (or not). */
static int64_t space_run_back(const QkStr *s, int64_t i, bool space) {
    while (i > 0) {
        const char *p = s->data + i;
        if (is_space_cp(cp_before(s->data, &p)) != space) {
            break;
        }
        i = p - s->data;
    }
    return i;
}

static QkValue want_str(QkThread *tstate, QkValue v, const char *what) {
    if (!qk_is_str(v)) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s arg must be None or str", what);
    }
    return v;
}

/* A str argument: TypeError "must be str, not int" otherwise. */
static int need_str(QkThread *tstate, QkValue v, const char *fname, int pos) {
    if (qk_is_str(v)) {
        return 0;
    }
    if (pos > 0) {
        qk_raise(tstate, &qk_exc_TypeError, "%s() argument %d must be str, not %s", fname, pos,
                 qk_type_name(v));
    } else {
        qk_raise(tstate, &qk_exc_TypeError, "must be str, not %s", qk_type_name(v));
    }
    return -1;
}

/* The argument count of the find/startswith family, whose too-few message differs. */
static int check_search_args(QkThread *tstate, const char *fname, size_t nargs, QkValue kwnames) {
    if (nargs == 0 && qk_nkwargs(kwnames) == 0) {
        qk_raise(tstate, &qk_exc_TypeError, "%s() takes at least 1 argument (0 given)", fname);
        return -1;
    }
    return qk_check_args(tstate, fname, nargs, kwnames, 1, 3);
}

/* [start, end) of optional slice-style arguments, as code points: end is clipped to [0, n],
 * start only below (a start past the end finds nothing, not even ""). */
static int slice_bounds(QkThread *tstate, QkValue start, QkValue end, int64_t n, int64_t *from,
                        int64_t *to) {
    int64_t bounds[2] = {0, n};
    QkValue given[2] = {start, end};
    for (int i = 0; i < 2; i++) {
        if (given[i] == QK_NULL || given[i] == QK_NONE) {
            continue;
        }
        int64_t v;
        if (qk_slice_index(tstate, given[i], &v) < 0) {
            return -1;
        }
        if (v < 0) {
            v = v + n < 0 ? 0 : v + n;
        }
        bounds[i] = v > n && i == 1 ? n : v;
    }
    *from = bounds[0];
    *to = bounds[1];
    return 0;
}

/* find, rfind, index, rindex, count: one search with the direction and what to report. */
enum { SEARCH_FIND, SEARCH_RFIND, SEARCH_INDEX, SEARCH_RINDEX, SEARCH_COUNT };

static QkValue str_search(QkThread *tstate, const char *fname, int kind, QkValue self,
                          QkValue *args, size_t nargs, QkValue kwnames) {
    if (check_search_args(tstate, fname, nargs, kwnames) < 0 ||
        need_str(tstate, args[0], fname, 0) < 0) {
        return QK_NULL;
    }
    int64_t n = qk_str_cp_length(self), from, to;
    if (slice_bounds(tstate, nargs > 1 ? args[1] : QK_NULL, nargs > 2 ? args[2] : QK_NULL, n, &from,
                     &to) < 0) {
        return QK_NULL;
    }
    QkStr *s = qk_as_str(self), *sub = qk_as_str(args[0]);
    int64_t sub_cps = qk_str_cp_length(args[0]);
    if (to - from < sub_cps) {
        if (kind == SEARCH_COUNT) {
            return qk_from_int(0);
        }
        if (kind == SEARCH_INDEX || kind == SEARCH_RINDEX) {
            return qk_raise(tstate, &qk_exc_ValueError, "substring not found");
        }
        return qk_from_int(-1);
    }
    int64_t lo = qk_str_cp_offset(self, from), hi = qk_str_cp_offset(self, to);
    if (kind == SEARCH_COUNT) {
        if (sub->length == 0) {
            return qk_from_int(to - from + 1);
        }
        int64_t count = 0;
        for (const char *p = s->data + lo;
             (p = memmem(p, (size_t)(s->data + hi - p), sub->data, (size_t)sub->length)) != NULL;
             p += sub->length) {
            count++;
        }
        return qk_from_int(count);
    }
    int64_t found = -1;
    if (kind == SEARCH_FIND || kind == SEARCH_INDEX) {
        const char *p = memmem(s->data + lo, (size_t)(hi - lo), sub->data, (size_t)sub->length);
        found = p == NULL ? -1 : p - s->data;
    } else {
        for (int64_t at = hi - sub->length; at >= lo; at--) {
            if (memcmp(s->data + at, sub->data, (size_t)sub->length) == 0) {
                found = at;
                break;
            }
        }
    }
    if (found < 0) {
        if (kind == SEARCH_INDEX || kind == SEARCH_RINDEX) {
            return qk_raise(tstate, &qk_exc_ValueError, "substring not found");
        }
        return qk_from_int(-1);
    }
    return qk_from_int(cp_index(self, found));
}

#define SEARCH_METHOD(NAME, KIND)                                                                  \
    static QkValue str_##NAME(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,        \
                              QkValue kwnames) {                                                   \
        return str_search(tstate, #NAME, KIND, self, args, nargs, kwnames);                        \
    }
SEARCH_METHOD(find, SEARCH_FIND)
SEARCH_METHOD(rfind, SEARCH_RFIND)
SEARCH_METHOD(index, SEARCH_INDEX)
SEARCH_METHOD(rindex, SEARCH_RINDEX)
SEARCH_METHOD(count, SEARCH_COUNT)

/* startswith / endswith: a str or a tuple of them, within optional bounds. */
static QkValue str_affix(QkThread *tstate, const char *fname, bool end_side, QkValue self,
                         QkValue *args, size_t nargs, QkValue kwnames) {
    if (check_search_args(tstate, fname, nargs, kwnames) < 0) {
        return QK_NULL;
    }
    /* Without bounds, the whole string: its code points need not be counted. */
    int64_t n = 0, from = 0, lo = 0, hi = qk_as_str(self)->length;
    if (nargs > 1) {
        int64_t to;
        n = qk_str_cp_length(self);
        if (slice_bounds(tstate, args[1], nargs > 2 ? args[2] : QK_NULL, n, &from, &to) < 0) {
            return QK_NULL;
        }
        lo = qk_str_cp_offset(self, from);
        hi = qk_str_cp_offset(self, to);
    }
    QkValue *options = &args[0];
    int64_t noptions = 1;
    if (qk_is_tuple(args[0])) {
        options = qk_as_tuple(args[0])->items;
        noptions = qk_as_tuple(args[0])->size;
    } else if (!qk_is_str(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "%s first arg must be str or a tuple of str, not %s", fname,
                        qk_type_name(args[0]));
    }
    for (int64_t i = 0; i < noptions; i++) {
        if (!qk_is_str(options[i])) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "tuple for %s must only contain str, not %s", fname,
                            qk_type_name(options[i]));
        }
        QkStr *a = qk_as_str(options[i]);
        if (from > n || a->length > hi - lo) {
            continue;
        }
        const char *at = qk_as_str(self)->data + (end_side ? hi - a->length : lo);
        if (memcmp(at, a->data, (size_t)a->length) == 0) {
            return QK_TRUE;
        }
    }
    return QK_FALSE;
}

static QkValue str_startswith(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    return str_affix(tstate, "startswith", false, self, args, nargs, kwnames);
}

static QkValue str_endswith(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    return str_affix(tstate, "endswith", true, self, args, nargs, kwnames);
}

/* Appends s[from:to] (bytes) as a new str to list. */
static int append_piece(QkThread *tstate, QkValue list, QkValue s, int64_t from, int64_t to) {
    QkValue piece = qk_str_new(tstate, qk_as_str(s)->data + from, to - from);
    return piece == QK_NULL ? -1 : qk_list_append(tstate, list, piece);
}

/* split and rsplit. With no separator, runs of whitespace separate and ends are dropped. */
static QkValue str_split_impl(QkThread *tstate, const char *fname, bool from_right, QkValue self,
                              QkValue *args, size_t nargs, QkValue kwnames) {
    static const char *const names[] = {"sep", "maxsplit"};
    QkValue a[2];
    int64_t maxsplit = -1;
    if (qk_parse_args(tstate, fname, args, nargs, kwnames, 0, 2, 2, names, a) < 0 ||
        (a[1] != QK_NULL && qk_index(tstate, a[1], &maxsplit) < 0)) {
        return QK_NULL;
    }
    QkValue sep = a[0] == QK_NONE ? QK_NULL : a[0];
    if (sep != QK_NULL && need_str(tstate, sep, fname, 0) < 0) {
        return QK_NULL;
    }
    if (sep != QK_NULL && qk_as_str(sep)->length == 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "empty separator");
    }
    QkValue list = qk_list_new(tstate, 0);
    if (list == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &list);
    QkStr *s = qk_as_str(self);
    int64_t n = s->length, splits = 0;
    int failed = 0;
    if (sep == QK_NULL) {
        int64_t i = from_right ? n : 0;
        while (!failed) {
            if (!from_right) {
                i = space_run(s, i, true);
                if (i == n) {
                    break;
                }
                /* At the last split the remainder keeps its trailing whitespace, as in CPython. */
                int64_t j = maxsplit >= 0 && splits == maxsplit ? n : space_run(s, i, false);
                failed = append_piece(tstate, list, self, i, j);
                splits++;
                i = j;
            } else {
                i = space_run_back(s, i, true);
                if (i == 0) {
                    break;
                }
                int64_t j = maxsplit >= 0 && splits == maxsplit ? 0 : space_run_back(s, i, false);
                failed = append_piece(tstate, list, self, j, i);
                splits++;
                i = j;
            }
        }
    } else {
        QkStr *sp = qk_as_str(sep);
        if (!from_right) {
            int64_t i = 0;
            for (;;) {
                const char *hit = maxsplit >= 0 && splits == maxsplit
                                      ? NULL
                                      : memmem(s->data + i, (size_t)(n - i), sp->data,
                                               (size_t)sp->length);
                int64_t j = hit == NULL ? n : hit - s->data;
                if ((failed = append_piece(tstate, list, self, i, j)) || hit == NULL) {
                    break;
                }
                splits++;
                i = j + sp->length;
            }
        } else {
            int64_t i = n;
            for (;;) {
                int64_t at = -1;
                if (maxsplit < 0 || splits < maxsplit) {
                    for (int64_t k = i - sp->length; k >= 0; k--) {
                        if (memcmp(s->data + k, sp->data, (size_t)sp->length) == 0) {
                            at = k;
                            break;
                        }
                    }
                }
                if ((failed = append_piece(tstate, list, self,
                                           at < 0 ? 0 : at + sp->length, i)) ||
                    at < 0) {
                    break;
                }
                splits++;
                i = at;
            }
        }
    }
    if (!failed && from_right) {
        QkList *l = qk_as_list(list);
        for (int64_t i = 0, j = l->size - 1; i < j; i++, j--) {
            QkValue t = l->items[i];
            l->items[i] = l->items[j];
            l->items[j] = t;
        }
    }
    qk_root_pop(tstate, 1);
    return failed ? QK_NULL : list;
}

static QkValue str_split(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    return str_split_impl(tstate, "split", false, self, args, nargs, kwnames);
}

static QkValue str_rsplit(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    return str_split_impl(tstate, "rsplit", true, self, args, nargs, kwnames);
}

/* Is code point c in the strip set (chars, or whitespace when chars is QK_NULL)? */
static bool in_strip_set(uint32_t c, QkValue chars) {
    if (chars == QK_NULL) {
        return is_space_cp(c);
    }
    if (c < 0x80) {
        /* In UTF-8 an ASCII byte is only ever that character. */
        return memchr(qk_as_str(chars)->data, (int)c, (size_t)qk_as_str(chars)->length) != NULL;
    }
    const char *p = qk_as_str(chars)->data, *end = p + qk_as_str(chars)->length;
    while (p < end) {
        if (qk_utf8_decode(&p) == c) {
            return true;
        }
    }
    return false;
}

enum { STRIP_LEFT = 1, STRIP_RIGHT = 2 };

static QkValue str_strip_impl(QkThread *tstate, const char *fname, int sides, QkValue self,
                              QkValue *args, size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    QkValue chars = nargs == 0 || args[0] == QK_NONE ? QK_NULL : args[0];
    if (chars != QK_NULL && want_str(tstate, chars, fname) == QK_NULL) {
        return QK_NULL;
    }
    QkStr *s = qk_as_str(self);
    const char *lo = s->data, *hi = s->data + s->length;
    while ((sides & STRIP_LEFT) && lo < hi) {
        const char *p = lo;
        if (!in_strip_set(qk_utf8_decode(&p), chars)) {
            break;
        }
        lo = p;
    }
    while ((sides & STRIP_RIGHT) && hi > lo) {
        const char *start = hi - 1;
        while (start > lo && ((uint8_t)*start & 0xc0) == 0x80) {
            start--;
        }
        const char *p = start;
        if (!in_strip_set(qk_utf8_decode(&p), chars)) {
            break;
        }
        hi = start;
    }
    if (lo == s->data && hi == s->data + s->length) {
        return self;
    }
    return qk_str_new(tstate, lo, hi - lo);
}

#define STRIP_METHOD(NAME, SIDES)                                                                  \
    static QkValue str_##NAME(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,        \
                              QkValue kwnames) {                                                   \
        return str_strip_impl(tstate, #NAME, SIDES, self, args, nargs, kwnames);                   \
    }
STRIP_METHOD(strip, STRIP_LEFT | STRIP_RIGHT)
STRIP_METHOD(lstrip, STRIP_LEFT)
STRIP_METHOD(rstrip, STRIP_RIGHT)

static QkValue str_join(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    if (qk_check_args(tstate, "str.join", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (!qk_is_iterable(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "can only join an iterable");
    }
    /* Exact types only, as CPython's PySequence_Fast: a subclass's __iter__ may differ. */
    QkValue items = qk_is_type(args[0], &qk_list_type) || qk_is_type(args[0], &qk_tuple_type)
                        ? args[0]
                        : qk_list_collect(tstate, args[0]);
    if (items == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &items);
    QkValue *p;
    int64_t n;
    qk_sequence_items(items, &p, &n);
    int64_t total = 0, seplen = qk_as_str(self)->length;
    for (int64_t i = 0; i < n; i++) {
        if (!qk_is_str(p[i])) {
            qk_root_pop(tstate, 1);
            return qk_raise(tstate, &qk_exc_TypeError,
                            "sequence item %" PRId64 ": expected str instance, %s found", i,
                            qk_type_name(p[i]));
        }
        total += qk_as_str(p[i])->length + (i > 0 ? seplen : 0);
    }
    QkValue r = qk_str_new(tstate, NULL, total);
    qk_root_pop(tstate, 1);
    if (r == QK_NULL) {
        return QK_NULL;
    }
    qk_sequence_items(items, &p, &n);
    char *out = qk_as_str(r)->data;
    for (int64_t i = 0; i < n; i++) {
        if (i > 0) {
            memcpy(out, qk_as_str(self)->data, (size_t)seplen);
            out += seplen;
        }
        memcpy(out, qk_as_str(p[i])->data, (size_t)qk_as_str(p[i])->length);
        out += qk_as_str(p[i])->length;
    }
    return r;
}

static QkValue str_replace(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    int64_t count = -1;
    if (qk_check_args(tstate, "replace", nargs, kwnames, 2, 3) < 0 ||
        need_str(tstate, args[0], "replace", 1) < 0 ||
        need_str(tstate, args[1], "replace", 2) < 0 ||
        (nargs > 2 && qk_index(tstate, args[2], &count) < 0)) {
        return QK_NULL;
    }
    QkStr *s = qk_as_str(self), *old = qk_as_str(args[0]), *new = qk_as_str(args[1]);
    QkBuf b = {0};
    const char *p = s->data, *end = s->data + s->length;
    int failed = 0;
    if (old->length == 0) {
        /* An empty pattern matches before every code point and at the end. */
        for (int64_t done = 0; !failed && (count < 0 || done < count); done++) {
            failed = qk_buf_append(tstate, &b, new->data, (size_t)new->length);
            if (p == end) {
                break;
            }
            const char *q = p;
            qk_utf8_decode(&q);
            failed = failed || qk_buf_append(tstate, &b, p, (size_t)(q - p));
            p = q;
        }
    } else {
        for (int64_t done = 0; count < 0 || done < count; done++) {
            const char *hit = memmem(p, (size_t)(end - p), old->data, (size_t)old->length);
            if (hit == NULL) {
                break;
            }
            failed = qk_buf_append(tstate, &b, p, (size_t)(hit - p)) ||
                     qk_buf_append(tstate, &b, new->data, (size_t)new->length);
            if (failed) {
                break;
            }
            p = hit + old->length;
        }
    }
    if (failed || qk_buf_append(tstate, &b, p, (size_t)(end - p)) < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

/* ---- case mappings and character classes (runtime/objects/unicode.h), as CPython's str ---- */

/* Is the capital sigma at [at, next) final? Unicode's Final_Sigma context: a cased letter before
 * it and none after it, looking through case-ignorable code points (apostrophes, accents). */
static bool final_sigma(const char *begin, const char *at, const char *next, const char *end) {
    unsigned flags = QK_UC_CASE_IGNORABLE;
    while (at > begin && (flags & QK_UC_CASE_IGNORABLE)) {
        flags = qk_uc_flags(cp_before(begin, &at));
    }
    if ((flags & (QK_UC_CASE_IGNORABLE | QK_UC_CASED)) != QK_UC_CASED) {
        return false;
    }
    while (next < end) {
        flags = qk_uc_flags(qk_utf8_decode(&next));
        if (!(flags & QK_UC_CASE_IGNORABLE)) {
            return !(flags & QK_UC_CASED);
        }
    }
    return true;
}

enum { CASE_UPPER, CASE_LOWER, CASE_TITLE, CASE_CAPITALIZE, CASE_SWAP, CASE_FOLD };

/* upper(), lower() and casefold() of an all-ASCII str, byte for byte (the common case, with no
 * table to look in); QK_FALSE when the str is not all ASCII. */
static QkValue ascii_case(QkThread *tstate, const QkStr *s, bool upper) {
    char small[256];
    char *out = s->length <= (int64_t)sizeof small ? small : malloc((size_t)s->length);
    if (out == NULL) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    for (int64_t i = 0; i < s->length; i++) {
        unsigned char c = (unsigned char)s->data[i];
        if (c >= 0x80) {
            if (out != small) {
                free(out);
            }
            return QK_FALSE;
        }
        bool flip = upper ? (c >= 'a' && c <= 'z') : (c >= 'A' && c <= 'Z');
        out[i] = (char)(flip ? c ^ 0x20 : c);
    }
    QkValue r = qk_str_new(tstate, out, s->length);
    if (out != small) {
        free(out);
    }
    return r;
}

/* Full mappings: one code point may become several ('ß'.upper() == 'SS'). Title case uppercases
 * (in title case: 'ǆ' becomes 'ǅ') a code point after an uncased one and lowercases the rest. */
static QkValue str_case(QkThread *tstate, const char *fname, int kind, QkValue self, size_t nargs,
                        QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkStr *s = qk_as_str(self);
    if (kind == CASE_UPPER || kind == CASE_LOWER || kind == CASE_FOLD) {
        QkValue ascii = ascii_case(tstate, s, kind == CASE_UPPER);
        if (ascii != QK_FALSE) {
            return ascii;
        }
    }
    QkBuf b = {0};
    const char *p = s->data, *end = p + s->length;
    bool previous_cased = false, failed = false;
    while (p < end && !failed) {
        const char *at = p;
        uint32_t c = qk_utf8_decode(&p);
        unsigned flags = qk_uc_flags(c);
        int mapping;
        switch (kind) {
        case CASE_UPPER:
            mapping = QK_UC_MAP_UPPER;
            break;
        case CASE_LOWER:
            mapping = QK_UC_MAP_LOWER;
            break;
        case CASE_FOLD:
            mapping = QK_UC_MAP_FOLD;
            break;
        case CASE_TITLE:
            mapping = previous_cased ? QK_UC_MAP_LOWER : QK_UC_MAP_TITLE;
            break;
        case CASE_CAPITALIZE:
            mapping = at == s->data ? QK_UC_MAP_TITLE : QK_UC_MAP_LOWER;
            break;
        default:
            mapping = flags & QK_UC_UPPER   ? QK_UC_MAP_LOWER
                      : flags & QK_UC_LOWER ? QK_UC_MAP_UPPER
                                            : -1;
            break;
        }
        previous_cased = flags & QK_UC_CASED;
        uint32_t mapped[QK_UC_MAX_MAPPING];
        int n = 1;
        if (mapping < 0) {
            mapped[0] = c;
        } else if (mapping == QK_UC_MAP_LOWER && c == 0x3a3) {
            mapped[0] = final_sigma(s->data, at, p, end) ? 0x3c2 : 0x3c3;
        } else {
            n = qk_uc_map(c, (QkCaseMapping)mapping, mapped);
        }
        char out[4 * QK_UC_MAX_MAPPING];
        size_t length = 0;
        for (int i = 0; i < n; i++) {
            length += (size_t)qk_utf8_encode(mapped[i], out + length);
        }
        failed = qk_buf_append(tstate, &b, out, length) < 0;
    }
    if (failed) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

#define CASE_METHOD(NAME, KIND)                                                                    \
    static QkValue str_##NAME(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,        \
                              QkValue kwnames) {                                                   \
        (void)args;                                                                                \
        return str_case(tstate, #NAME, KIND, self, nargs, kwnames);                                \
    }
CASE_METHOD(upper, CASE_UPPER)
CASE_METHOD(lower, CASE_LOWER)
CASE_METHOD(title, CASE_TITLE)
CASE_METHOD(capitalize, CASE_CAPITALIZE)
CASE_METHOD(swapcase, CASE_SWAP)
CASE_METHOD(casefold, CASE_FOLD)

/* is*(): every code point has one of the flags in `any` (an empty string: `empty`). */
static QkValue str_predicate(QkThread *tstate, const char *fname, unsigned any, bool empty,
                             QkValue self, size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkStr *s = qk_as_str(self);
    const char *p = s->data, *end = p + s->length;
    if (p == end) {
        return qk_bool(empty);
    }
    while (p < end) {
        if (!(qk_uc_flags(qk_utf8_decode(&p)) & any)) {
            return QK_FALSE;
        }
    }
    return QK_TRUE;
}

#define PREDICATE_METHOD(NAME, ANY, EMPTY)                                                         \
    static QkValue str_##NAME(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,        \
                              QkValue kwnames) {                                                   \
        (void)args;                                                                                \
        return str_predicate(tstate, #NAME, ANY, EMPTY, self, nargs, kwnames);                     \
    }
PREDICATE_METHOD(isdecimal, QK_UC_DECIMAL, false)
PREDICATE_METHOD(isdigit, QK_UC_DIGIT, false)
PREDICATE_METHOD(isnumeric, QK_UC_NUMERIC, false)
PREDICATE_METHOD(isalpha, QK_UC_ALPHA, false)
PREDICATE_METHOD(isalnum, QK_UC_ALPHA | QK_UC_DECIMAL | QK_UC_DIGIT | QK_UC_NUMERIC, false)
PREDICATE_METHOD(isspace, QK_UC_SPACE, false)
PREDICATE_METHOD(isprintable, QK_UC_PRINTABLE, true)

static QkValue str_isascii(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "isascii", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_bool(qk_str_is_ascii(self));
}

/* isupper/islower: some cased code point, and none of the other case nor title case. */
static QkValue str_cased(QkThread *tstate, const char *fname, unsigned want, QkValue self,
                         size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    unsigned other = (QK_UC_UPPER | QK_UC_LOWER | QK_UC_TITLE) & ~want;
    bool cased = false;
    const char *p = qk_as_str(self)->data, *end = p + qk_as_str(self)->length;
    while (p < end) {
        unsigned flags = qk_uc_flags(qk_utf8_decode(&p));
        if (flags & other) {
            return QK_FALSE;
        }
        cased |= (flags & want) != 0;
    }
    return qk_bool(cased);
}

static QkValue str_isupper(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)args;
    return str_cased(tstate, "isupper", QK_UC_UPPER, self, nargs, kwnames);
}

static QkValue str_islower(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)args;
    return str_cased(tstate, "islower", QK_UC_LOWER, self, nargs, kwnames);
}

/* istitle: some cased code point; upper and title case ones only after uncased ones, lowercase
 * ones only after cased ones. */
static QkValue str_istitle(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "istitle", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    bool cased = false, previous_cased = false;
    const char *p = qk_as_str(self)->data, *end = p + qk_as_str(self)->length;
    while (p < end) {
        unsigned flags = qk_uc_flags(qk_utf8_decode(&p));
        bool capital = flags & (QK_UC_UPPER | QK_UC_TITLE);
        if (capital || (flags & QK_UC_LOWER)) {
            if (capital == previous_cased) {
                return QK_FALSE;
            }
            previous_cased = cased = true;
        } else {
            previous_cased = false;
        }
    }
    return qk_bool(cased);
}

/* isidentifier: an XID_Start code point or '_', then XID_Continue ones (keywords included). */
static QkValue str_isidentifier(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "isidentifier", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    const char *p = qk_as_str(self)->data, *end = p + qk_as_str(self)->length;
    if (p == end) {
        return QK_FALSE;
    }
    uint32_t first = qk_utf8_decode(&p);
    if (first != '_' && !(qk_uc_flags(first) & QK_UC_XID_START)) {
        return QK_FALSE;
    }
    while (p < end) {
        if (!(qk_uc_flags(qk_utf8_decode(&p)) & QK_UC_XID_CONTINUE)) {
            return QK_FALSE;
        }
    }
    return QK_TRUE;
}

/* center, ljust, rjust: pad with a fill character to width code points. */
static QkValue str_pad(QkThread *tstate, const char *fname, int align, QkValue self, QkValue *args,
                       size_t nargs, QkValue kwnames) {
    int64_t width;
    if (qk_check_args(tstate, fname, nargs, kwnames, 1, 2) < 0 ||
        qk_index(tstate, args[0], &width) < 0) {
        return QK_NULL;
    }
    const char *fill = " ";
    size_t fill_len = 1;
    if (nargs > 1) {
        if (!qk_is_str(args[1])) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "%s() argument 2 must be str, not %s", fname, qk_type_name(args[1]));
        }
        if (qk_str_cp_length(args[1]) != 1) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "The fill character must be exactly one character long");
        }
        fill = qk_as_str(args[1])->data;
        fill_len = (size_t)qk_as_str(args[1])->length;
    }
    int64_t n = qk_str_cp_length(self);
    if (width <= n) {
        return self;
    }
    int64_t pad = width - n;
    /* CPython's center puts the odd extra space on the left when n and width are both odd. */
    int64_t left = align < 0 ? 0 : align > 0 ? pad : pad / 2 + (pad & width & 1);
    QkBuf b = {0};
    QkStr *s = qk_as_str(self);
    if (qk_buf_fill(tstate, &b, fill, fill_len, left) < 0 ||
        qk_buf_append(tstate, &b, s->data, (size_t)s->length) < 0 ||
        qk_buf_fill(tstate, &b, fill, fill_len, pad - left) < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue str_center(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    return str_pad(tstate, "center", 0, self, args, nargs, kwnames);
}

static QkValue str_ljust(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    return str_pad(tstate, "ljust", -1, self, args, nargs, kwnames);
}

static QkValue str_rjust(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    return str_pad(tstate, "rjust", 1, self, args, nargs, kwnames);
}

static QkValue str_zfill(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    int64_t width;
    if (qk_check_args(tstate, "zfill", nargs, kwnames, 1, 1) < 0 ||
        qk_index(tstate, args[0], &width) < 0) {
        return QK_NULL;
    }
    int64_t n = qk_str_cp_length(self);
    if (width <= n) {
        return self;
    }
    QkStr *s = qk_as_str(self);
    /* The zeros go after a leading sign. */
    size_t sign = s->length > 0 && (s->data[0] == '+' || s->data[0] == '-');
    QkBuf b = {0};
    if (qk_buf_append(tstate, &b, s->data, sign) < 0 ||
        qk_buf_fill(tstate, &b, "0", 1, width - n) < 0 ||
        qk_buf_append(tstate, &b, s->data + sign, (size_t)s->length - sign) < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue str_partition_impl(QkThread *tstate, const char *fname, bool from_right,
                                  QkValue self, QkValue *args, size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 1, 1) < 0 ||
        need_str(tstate, args[0], fname, 0) < 0) {
        return QK_NULL;
    }
    QkStr *s = qk_as_str(self), *sep = qk_as_str(args[0]);
    if (sep->length == 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "empty separator");
    }
    int64_t at = -1;
    if (!from_right) {
        const char *hit = memmem(s->data, (size_t)s->length, sep->data, (size_t)sep->length);
        at = hit == NULL ? -1 : hit - s->data;
    } else {
        for (int64_t k = s->length - sep->length; k >= 0 && at < 0; k--) {
            at = memcmp(s->data + k, sep->data, (size_t)sep->length) == 0 ? k : -1;
        }
    }
    QkValue parts[3] = {QK_NULL, QK_NULL, QK_NULL};
    qk_root_push(tstate, &parts[0]);
    qk_root_push(tstate, &parts[1]);
    qk_root_push(tstate, &parts[2]);
    QkValue r = QK_NULL;
    int64_t len = s->length, slen = sep->length;
    int64_t bounds[3][2] = {{0, at}, {at, at + slen}, {at + slen, len}};
    if (at < 0) {
        /* Not found: (s, '', '') or, from the right, ('', '', s). */
        int64_t whole = from_right ? 2 : 0;
        for (int i = 0; i < 3; i++) {
            bounds[i][0] = 0;
            bounds[i][1] = i == whole ? len : 0;
        }
    }
    int i = 0;
    for (; i < 3; i++) {
        parts[i] = qk_str_new(tstate, qk_as_str(self)->data + bounds[i][0],
                              bounds[i][1] - bounds[i][0]);
        if (parts[i] == QK_NULL) {
            break;
        }
    }
    if (i == 3) {
        r = qk_tuple_from_array(tstate, parts, 3);
    }
    qk_root_pop(tstate, 3);
    return r;
}

static QkValue str_partition(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    return str_partition_impl(tstate, "partition", false, self, args, nargs, kwnames);
}

static QkValue str_rpartition(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    return str_partition_impl(tstate, "rpartition", true, self, args, nargs, kwnames);
}

/* Bytes in a line break starting at p (0 if none): \n \r \r\n \v \f \x1c-\x1e \x85 \u2028/9. */
static int line_break(const char *p, const char *end) {
    uint8_t c = (uint8_t)*p;
    if (c == '\r') {
        return p + 1 < end && p[1] == '\n' ? 2 : 1;
    }
    if (c == '\n' || c == '\v' || c == '\f' || (c >= 0x1c && c <= 0x1e)) {
        return 1;
    }
    if (c == 0xc2 && p + 1 < end && (uint8_t)p[1] == 0x85) {
        return 2;
    }
    if (c == 0xe2 && p + 2 < end && (uint8_t)p[1] == 0x80 &&
        ((uint8_t)p[2] == 0xa8 || (uint8_t)p[2] == 0xa9)) {
        return 3;
    }
    return 0;
}

static QkValue str_splitlines(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    static const char *const names[] = {"keepends"};
    QkValue a[1];
    if (qk_parse_args(tstate, "splitlines", args, nargs, kwnames, 0, 1, 1, names, a) < 0) {
        return QK_NULL;
    }
    int keepends = a[0] == QK_NULL ? 0 : qk_truth(tstate, a[0]);
    QkValue list = keepends < 0 ? QK_NULL : qk_list_new(tstate, 0);
    if (list == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &list);
    int64_t n = qk_as_str(self)->length, start = 0, i = 0;
    int failed = 0;
    while (!failed && i < n) {
        const char *data = qk_as_str(self)->data;
        int brk = line_break(data + i, data + n);
        if (brk == 0) {
            i++;
            continue;
        }
        failed = append_piece(tstate, list, self, start, keepends ? i + brk : i);
        i += brk;
        start = i;
    }
    if (!failed && start < n) {
        failed = append_piece(tstate, list, self, start, n);
    }
    qk_root_pop(tstate, 1);
    return failed ? QK_NULL : list;
}

/* Each tab becomes spaces up to the next multiple of tabsize (none if tabsize <= 0); columns
 * count code points and restart after \n and \r. */
static QkValue str_expandtabs(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    static const char *const names[] = {"tabsize"};
    QkValue a[1];
    int64_t tabsize = 8;
    if (qk_parse_args(tstate, "expandtabs", args, nargs, kwnames, 0, 1, 1, names, a) < 0 ||
        (a[0] != QK_NULL && qk_index(tstate, a[0], &tabsize) < 0)) {
        return QK_NULL;
    }
    QkBuf b = {0};
    const QkStr *str = qk_as_str(self);
    int64_t column = 0;
    for (int64_t i = 0; i < str->length; i++) {
        char c = str->data[i];
        int failed;
        if (c == '\t') {
            int64_t pad = tabsize > 0 ? tabsize - column % tabsize : 0;
            column += pad;
            failed = qk_buf_fill(tstate, &b, " ", 1, pad);
        } else {
            column = c == '\n' || c == '\r' ? 0 : column + ((c & 0xC0) != 0x80);
            failed = qk_buf_putc(tstate, &b, c);
        }
        if (failed < 0) {
            qk_buf_free(&b);
            return QK_NULL;
        }
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue str_iter(QkThread *tstate, QkValue self) { return qk_str_iter_new(tstate, self); }

static const QkMethodDef str_methods[] = {
    {"join", str_join},
    {"split", str_split},
    {"rsplit", str_rsplit},
    {"strip", str_strip},
    {"lstrip", str_lstrip},
    {"rstrip", str_rstrip},
    {"replace", str_replace},
    {"find", str_find},
    {"rfind", str_rfind},
    {"index", str_index},
    {"rindex", str_rindex},
    {"count", str_count},
    {"startswith", str_startswith},
    {"endswith", str_endswith},
    {"upper", str_upper},
    {"lower", str_lower},
    {"title", str_title},
    {"capitalize", str_capitalize},
    {"swapcase", str_swapcase},
    {"casefold", str_casefold},
    {"isdecimal", str_isdecimal},
    {"isdigit", str_isdigit},
    {"isnumeric", str_isnumeric},
    {"isalpha", str_isalpha},
    {"isalnum", str_isalnum},
    {"isspace", str_isspace},
    {"isprintable", str_isprintable},
    {"isascii", str_isascii},
    {"isupper", str_isupper},
    {"islower", str_islower},
    {"istitle", str_istitle},
    {"isidentifier", str_isidentifier},
    {"format", qk_str_format_method},
    {"zfill", str_zfill},
    {"center", str_center},
    {"ljust", str_ljust},
    {"rjust", str_rjust},
    {"partition", str_partition},
    {"rpartition", str_rpartition},
    {"splitlines", str_splitlines},
    {"expandtabs", str_expandtabs},
    {"translate", qk_str_translate},
    {"encode", qk_str_encode},
    {NULL, NULL},
};

static const QkMethodDef str_staticmethods[] = {
    {"maketrans", qk_str_maketrans},
    {NULL, NULL},
};

QkType qk_str_type = {
    QK_STATIC_TYPE,
    .name = "str",
    .flags = QK_TYPE_BASETYPE,
    .instance_size = sizeof(QkStr),
    .repr = qk_str_repr,
    .str = str_str,
    .hash = str_hash,
    .compare = str_compare,
    .number = str_number,
    .len = str_len,
    .getitem = str_getitem,
    .contains = str_contains,
    .iter = str_iter,
    .construct = str_construct,
    .methods = str_methods,
    .staticmethods = str_staticmethods,
};
