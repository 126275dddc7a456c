/* The built-in value types (number, float, str, tuple, list, dict, set, slice, range, iterators)
 * and the helpers their C files share: layouts that object.h does not already give, constructors,
 * a growable byte buffer for building strings, and argument parsing for C functions. */
#ifndef QUACK_TYPES_H
#define QUACK_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "abstract.h"
#include "long.h"

extern QkType qk_set_type, qk_frozenset_type, qk_slice_type, qk_enumerate_type, qk_zip_type,
    qk_map_type, qk_filter_type, qk_reversed_type, qk_list_iter_type, qk_tuple_iter_type, qk_getitem_iter_type,
    qk_str_iter_type,
    qk_dict_keys_type, qk_dict_values_type, qk_dict_items_type, qk_dict_keyiter_type,
    qk_dict_valueiter_type, qk_dict_itemiter_type, qk_set_iter_type;

/* list and tuple iterators (iterators.c): by index, so a list growing in the loop is seen. */
/* iter(x) for an x with __getitem__ but no __iter__: x[0], x[1], ... until IndexError. */
QkValue qk_getitem_iter_new(QkThread *tstate, QkValue seq);
typedef struct QkSeqIter {
    QkObject ob;
    QkValue seq; /* QK_NULL once exhausted */
    int64_t index;
} QkSeqIter;

/* ---- numbers (number.c, float.c) ---- */
static inline double qk_float_value(QkValue v) { return ((QkFloat *)v)->value; }
/* The square root of x >= 0 or NaN, without errno: one instruction in a stencil, where no C
 * library is linked. */
static inline double qk_sqrt(double x) { return __builtin_sqrt(x); }
/* int and bool: the int they stand for. */
static inline bool qk_is_int_like(QkValue v) {
    return qk_is_int(v) || v == QK_TRUE || v == QK_FALSE;
}
static inline int64_t qk_int_like_value(QkValue v) {
    return qk_is_int(v) ? qk_int_value(v) : v == QK_TRUE;
}
/* An int, bool or float as a double: 1; 0 (nothing raised) for any other value; -1 with
 * OverflowError for an int beyond the double range. */
int qk_as_double(QkThread *tstate, QkValue v, double *out);
/* What float(v) takes from a class: its __float__ (which must return a float), else its
 * __index__; 1, 0 when it has neither, -1 with the exception set. */
int qk_double_from_dunder(QkThread *tstate, QkValue v, double *out);
/* An int or bool (an index, a count): else TypeError "'T' object cannot be interpreted as an
 * integer", or OverflowError for an int beyond 64 bits. Returns -1 on failure. A small int, the
 * common case, is decided inline. */
int qk_index_slow(QkThread *tstate, QkValue v, int64_t *out);
static inline int qk_index(QkThread *tstate, QkValue v, int64_t *out) {
    if (qk_is_int(v)) {
        *out = qk_int_value(v);
        return 0;
    }
    return qk_index_slow(tstate, v, out);
}
/* The int for a result computed in 64 bits: tagged, or a big int beyond the tagged range. */
QkValue qk_int_result(QkThread *tstate, int64_t value);
/* CPython's numeric hashes are modulo this prime, 2**61 - 1: a natural number below it is its
 * own hash. */
#define QK_HASH_MODULUS (((int64_t)1 << 61) - 1)
/* CPython's numeric hash (so 1, 1.0 and True hash alike); never -1. An int's is itself, modulo
 * 2**61 - 1 with its sign kept, -1 made -2; inline, since dict and set probes hash ints often. */
static inline int64_t qk_hash_int(int64_t v) {
    if (v > -QK_HASH_MODULUS && v < QK_HASH_MODULUS) { /* every int but the largest tagged ones */
        return v == -1 ? -2 : v;
    }
    uint64_t magnitude = v < 0 ? -(uint64_t)v : (uint64_t)v;
    int64_t h = (int64_t)(magnitude % (uint64_t)QK_HASH_MODULUS);
    h = v < 0 ? -h : h;
    return h == -1 ? -2 : h;
}
int64_t qk_hash_double(double v);
/* Python's float to int conversion (truncating): ValueError/OverflowError for nan/inf/huge. */
QkValue qk_int_from_double(QkThread *tstate, double v);
/* x ** y where x or y is an infinity or a nan, which CPython decides itself, the same for `**`
 * and math.pow: stores it in *r, or returns false when both are finite. */
bool qk_pow_special(double x, double y, double *r);
/* repr(float) into buf (at least 32 bytes): the shortest string that reads back the same. */
void qk_double_repr(double v, char *buf, size_t size);
/* round(x, ndigits) for floats and ints, and built-in round(). */
QkValue qk_round(QkThread *tstate, QkValue x, QkValue ndigits);
/* The number slots shared by int and bool, and float's, for types that subclass them. */
QkValue qk_int_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
QkValue qk_float_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
QkValue qk_float_unary(QkThread *tstate, uint32_t op, QkValue self, QkValue unused);
QkValue qk_float_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op);
int qk_float_hash(QkThread *tstate, QkValue self, int64_t *hash);
extern const QkMethodDef qk_float_methods[];
/* divmod(a, b) and the unary operators (QK_UNARY_*: abs() and unary + use it). */
QkValue qk_divmod(QkThread *tstate, QkValue a, QkValue b);
/* divmod(a, b) where either is an instance of a class (class.c): its __divmod__ or __rdivmod__. */
QkValue qk_class_divmod(QkThread *tstate, QkValue a, QkValue b);
QkValue qk_unary_op(QkThread *tstate, uint32_t op, QkValue v);
QkValue qk_int_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                         QkValue kwnames);
/* int(s, base) on a str: ValueError with CPython's message on a bad literal. */
QkValue qk_int_from_str(QkThread *tstate, QkValue s, int64_t base);

/* ---- complex (complex.c) ---- */
typedef struct QkComplexValue {
    double real, imag;
} QkComplexValue;
typedef struct QkComplex {
    QkObject ob;
    double real, imag;
} QkComplex;
extern QkType qk_complex_type;
static inline bool qk_is_complex(QkValue v) { return qk_is_type(v, &qk_complex_type); }
static inline QkComplexValue qk_complex_value(QkValue v) {
    return (QkComplexValue){((QkComplex *)v)->real, ((QkComplex *)v)->imag};
}
QkValue qk_complex_new(QkThread *tstate, double real, double imag);
/* x ** y for floats whose real result does not exist (a negative x, a fractional y): CPython
 * answers with complex exponentiation. */
QkValue qk_complex_pow_reals(QkThread *tstate, double x, double y);
/* A class's __complex__, which must return a complex: 1 with *out set, 0 when the class has
 * none, -1 with the exception set. */
int qk_complex_from_dunder(QkThread *tstate, QkValue v, QkComplexValue *out);
/* a / b into *r: false for a zero divisor. */
bool qk_complex_quot(QkComplexValue a, QkComplexValue b, QkComplexValue *r);
/* abs(z) into *out: -1 (nothing raised) when a finite z's magnitude overflows. */
int qk_complex_abs(QkComplexValue z, double *out);
/* repr(float) without the ".0" of an integral value, as complex's repr writes its parts. */
void qk_double_repr_bare(double v, char *buf, size_t size);

/* ---- a growable byte buffer (malloc'd: the collector never sees it, so it needs no rooting) */
typedef struct QkBuf {
    char *data;
    size_t len, cap;
} QkBuf;

/* Each returns -1 with MemoryError set on failure. */
int qk_buf_append(QkThread *tstate, QkBuf *b, const char *data, size_t n);
int qk_buf_putc(QkThread *tstate, QkBuf *b, char c);
int qk_buf_printf(QkThread *tstate, QkBuf *b, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int qk_buf_fill(QkThread *tstate, QkBuf *b, const char *fill, size_t fill_len, int64_t count);
/* Appends repr(v) / str(v). */
int qk_buf_repr(QkThread *tstate, QkBuf *b, QkValue v);
int qk_buf_str(QkThread *tstate, QkBuf *b, QkValue v);
/* The buffer's bytes as a new str; the buffer is freed either way. */
QkValue qk_buf_finish(QkThread *tstate, QkBuf *b);
void qk_buf_free(QkBuf *b);

/* ---- str (str.c) ---- */
/* A str or an instance of a class derived from str (the same layout): the exact type first. */
static inline bool qk_is_str(QkValue v) {
    return qk_is_object(v) && (qk_as_object(v)->type == &qk_str_type ||
                               qk_type_is_subtype(qk_as_object(v)->type, &qk_str_type));
}
/* Every str remembers its code point count, once counted, in a trailer after its bytes (str.c);
 * -1 until then. Inline: len() of a str in a trace reads it without a call. */
static inline size_t qk_str_trailer_offset(int64_t length) {
    return (sizeof(QkStr) + (size_t)length + 1 + 7) & ~(size_t)7;
}
static inline int64_t *qk_str_cp_count_slot(QkValue v) {
    return (int64_t *)((char *)v + qk_str_trailer_offset(qk_as_str(v)->length));
}
int64_t qk_str_count_cp(QkValue s); /* counts and remembers */
static inline int64_t qk_str_cp_length(QkValue s) { /* len(): code points */
    int64_t n = *qk_str_cp_count_slot(s);
    return n >= 0 ? n : qk_str_count_cp(s);
}
bool qk_str_is_ascii(QkValue s);
/* Byte offset of code point i (0 <= i <= len). */
int64_t qk_str_cp_offset(QkValue s, int64_t i);
/* The code point of the multi-byte UTF-8 sequence at *p, advancing *p past it. */
uint32_t qk_utf8_decode_multibyte(const char **p);
/* The code point at *p (valid UTF-8), advancing *p past it: ASCII, most text, without a call. */
static inline uint32_t qk_utf8_decode(const char **p) {
    unsigned char c = (unsigned char)**p;
    if (c < 0x80) {
        (*p)++;
        return c;
    }
    return qk_utf8_decode_multibyte(p);
}
/* The str as int() and float() read it (as CPython does): a decimal digit of any script becomes
 * its ASCII digit, any whitespace a space, anything else non-ASCII '?'. A malloc'd,
 * NUL-terminated copy (NULL when out of memory); *length is its length. */
char *qk_str_numeral(QkValue s, size_t *length);
/* Encodes cp into out (4 bytes): the number of bytes. */
int qk_utf8_encode(uint32_t cp, char *out);
int qk_str_compare(QkValue a, QkValue b); /* <0, 0, >0: code point order */
QkValue qk_str_concat(QkThread *tstate, QkValue a, QkValue b);
QkValue qk_str_repr(QkThread *tstate, QkValue s);
QkValue qk_str_from_codepoint(QkThread *tstate, uint32_t cp);
/* The str of one character given as UTF-8 (shared for ASCII). */
QkValue qk_str_char(QkThread *tstate, const char *utf8, int64_t length);
/* The shared one-character strings of the ASCII characters (made by qk_init_ascii_chars). */
extern QkValue qk_ascii_chars[128];
void qk_init_ascii_chars(void);
QkValue qk_str_mod(QkThread *tstate, QkValue format, QkValue args); /* format.c: str % args */
/* printf-style formatting of data[0..length) with args: a str, or (bytes_type: bytes or
 * bytearray) bytes % args, whose %s takes bytes-like arguments. */
QkValue qk_printf_format(QkThread *tstate, const char *data, int64_t length, QkValue args,
                         QkType *bytes_type);
/* str.maketrans (a static method) and str.translate (translate.c). */
QkValue qk_str_maketrans(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames);
QkValue qk_str_translate(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                         QkValue kwnames);
/* The empty string, and one-character ASCII strings, shared. */
QkValue qk_str_empty(QkThread *tstate);

/* ---- tuple, list (tuple.c, list.c) ---- */
/* The exact type first: the common case costs one compare, not a walk of the bases. */
static inline bool qk_is_tuple(QkValue v) {
    return qk_is_object(v) && (qk_as_object(v)->type == &qk_tuple_type ||
                               qk_type_is_subtype(qk_as_object(v)->type, &qk_tuple_type));
}
static inline bool qk_is_list(QkValue v) {
    return qk_is_object(v) && (qk_as_object(v)->type == &qk_list_type ||
                               qk_type_is_subtype(qk_as_object(v)->type, &qk_list_type));
}
/* Items left QK_NULL when values is NULL: the caller fills them in before any allocation. */
QkValue qk_tuple_new(QkThread *tstate, int64_t n);
QkValue qk_list_new(QkThread *tstate, int64_t n); /* n QK_NONE items */
/* A new list of the iterable's items, as list(x) makes it: asking len(x) (CPython's length
 * hint), which a class's __len__ sees. */
QkValue qk_list_from_iterable(QkThread *tstate, QkValue iterable);
/* The same without the hint, for what CPython iterates plainly or through PySequence_Fast
 * (str.join, slice assignment, min/max, dict(pairs)). */
QkValue qk_list_collect(QkThread *tstate, QkValue iterable);
QkValue qk_tuple_from_iterable(QkThread *tstate, QkValue iterable);
/* Items and count of a tuple or list (for fast paths); false for anything else. */
bool qk_sequence_items(QkValue v, QkValue **items, int64_t *n);
/* Stable sort of the list in place, by key (QK_NULL: the items) and reverse. */
int qk_list_sort(QkThread *tstate, QkValue list, QkValue key, bool reverse);
/* Leaves in perm[0..n) the indices of the keys tuple's n items in sorted order (reverse: as
 * list.sort(reverse=True)), comparing exactly as CPython 3.11's list.sort does (listsort.c);
 * -1 on error, perm then the order the sort had reached. */
int qk_timsort(QkThread *tstate, QkValue keys, int64_t *perm, int64_t n, bool reverse);
/* Lexicographic comparison of two item arrays (tuples, lists). */
QkValue qk_sequence_compare(QkThread *tstate, QkValue a, QkValue b, uint32_t op);
/* The order of two exact tuples (-1, 0 or 1) where it needs no call: their items, up to the first
 * pair that differ, are the same objects, small ints or exact tuples of such items. Anything
 * else: QK_ORDER_UNDECIDED, for qk_sequence_compare. */
#define QK_ORDER_UNDECIDED 2
int qk_tuple_order(const QkTuple *x, const QkTuple *y);
/* a <op> b for two exact tuples: at once where their order needs no call, else through
 * qk_sequence_compare (COMPARE_OP_TUPLE, and qk_richcompare's tuples). */
static inline QkValue qk_compare_tuples(QkThread *tstate, uint32_t op, QkValue a, QkValue b) {
    int order = qk_tuple_order(qk_as_tuple(a), qk_as_tuple(b));
    return order != QK_ORDER_UNDECIDED ? qk_bool(qk_compare_int64(op, order, 0))
                                       : qk_sequence_compare(tstate, a, b, op);
}
/* `in`, index() and count() of tuples and lists; what: "tuple" or "list" for messages. */
int qk_sequence_contains(QkThread *tstate, QkValue self, QkValue item);
QkValue qk_sequence_index(QkThread *tstate, const char *what, QkValue self, QkValue *args,
                          size_t nargs, QkValue kwnames);
QkValue qk_sequence_count(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames);
/* repr of items between open and close ("(", ")" / "[", "]"), with recursion guard. */
QkValue qk_sequence_repr(QkThread *tstate, QkValue self, const char *open, const char *close);

/* ---- dict (dict.c) ---- */
static inline bool qk_is_dict(QkValue v) {
    return qk_is_object(v) && qk_type_is_subtype(qk_as_object(v)->type, &qk_dict_type);
}
/* Any hashable key. getitem: 1 found (*out set), 0 absent, -1 error. */
int qk_dict_getitem(QkThread *tstate, QkValue dict, QkValue key, QkValue *out);
int qk_dict_setitem(QkThread *tstate, QkValue dict, QkValue key, QkValue value);
/* 1 deleted, 0 absent (nothing raised), -1 error. *out (may be NULL) gets the value. */
int qk_dict_delitem(QkThread *tstate, QkValue dict, QkValue key, QkValue *out);
QkValue qk_dict_copy(QkThread *tstate, QkValue dict);
/* Iterates live entries: *pos starts at 0; false at the end. */
bool qk_dict_next(QkValue dict, int64_t *pos, QkValue *key, QkValue *value);
QkValue qk_key_error(QkThread *tstate, QkValue key);

/* ---- set (set.c) ---- */
static inline bool qk_is_set(QkValue v) {
    return qk_is_object(v) && qk_type_is_subtype(qk_as_object(v)->type, &qk_set_type);
}
/* A set or a frozenset: what set operators and comparisons take. */
static inline bool qk_is_anyset(QkValue v) {
    return qk_is_set(v) || (qk_is_object(v) && qk_as_object(v)->type == &qk_frozenset_type);
}
QkValue qk_set_new(QkThread *tstate);
int qk_set_contains(QkThread *tstate, QkValue set, QkValue key);
bool qk_set_next(QkValue set, int64_t *pos, QkValue *key);
/* A new set of the iterable's items (QK_NULL: an empty set). */
QkValue qk_set_from_iterable(QkThread *tstate, QkValue iterable);

/* ---- slice, range (slice.c, range.c) ---- */
typedef struct QkSlice {
    QkObject ob;
    QkValue start, stop, step;
} QkSlice;

/* Resolves a slice against a length (CPython's PySlice_GetIndicesEx): the number of items. */
int qk_slice_indices(QkThread *tstate, QkValue slice, int64_t length, int64_t *start,
                     int64_t *stop, int64_t *step, int64_t *count);
/* A slice bound (an int; else CPython's TypeError) as an int64_t, clipped beyond 64 bits as
 * CPython clips it. -1 on error. */
int qk_slice_index_object(QkThread *tstate, QkValue v, int64_t *out);
/* The same, a small int (most bounds) decided inline. */
static inline int qk_slice_index(QkThread *tstate, QkValue v, int64_t *out) {
    if (qk_is_int(v)) {
        *out = qk_int_value(v);
        return 0;
    }
    return qk_slice_index_object(tstate, v, out);
}
/* A bound of a slice without a step that is a small int, or None (then `absent`), clipped into
 * [0, length] as qk_slice_indices clips it. */
int64_t qk_slice_clip(QkValue bound, int64_t absent, int64_t length);
/* Turns a Python index into a sequence of `size` items (a negative one counts from the end) into
 * the position it names; false when out of range. */
static inline bool qk_wrap_index(int64_t *index, int64_t size) {
    if (*index < 0) {
        *index += size;
    }
    return (uint64_t)*index < (uint64_t)size;
}

/* A subscript that is an index: normalized against length (negative counts from the end);
 * IndexError "<what> index out of range" outside. */
int qk_normalize_index(QkThread *tstate, QkValue key, int64_t length, const char *what,
                       int64_t *index);
QkValue qk_range_iter_new(QkThread *tstate, int64_t first, int64_t step, int64_t n);
/* range(*args) for a trace that knows `callable` is the builtin range: small int bounds make the
 * range straight away (args are not roots: they are ints); anything else is the call. */
QkValue qk_range_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs);
/* Whether range(*args) is one of small ints with a step that is not zero, so that qk_range_call
 * makes it and qk_range_iter_of its iterator at once. */
static inline bool qk_range_args_small(const QkValue *args, size_t nargs) {
    bool small = nargs >= 1 && nargs <= 3;
    for (size_t i = 0; i < nargs && small; i++) {
        small = qk_is_int(args[i]);
    }
    return small && (nargs < 3 || args[2] != qk_from_int(0));
}
/* iter(range(*args)) for such arguments, without the range object. */
QkValue qk_range_iter_of(QkThread *tstate, const QkValue *args, size_t nargs);
/* reversed(range). */
QkValue qk_range_reversed(QkThread *tstate, QkValue range);

/* ---- iterators (iterators.c) ---- */
/* An iterator over a tuple, list (by index, so appends during iteration are seen) or reversed. */
QkValue qk_seq_iter_new(QkThread *tstate, QkValue seq);
QkValue qk_reversed_new(QkThread *tstate, QkValue seq);
/* Iterators for dict views: which is 0 keys, 1 values, 2 items. */
QkValue qk_dict_iter_new(QkThread *tstate, QkValue dict, int which);
QkValue qk_dict_view_new(QkThread *tstate, QkValue dict, int which);
QkValue qk_set_iter_new(QkThread *tstate, QkValue set);
QkValue qk_str_iter_new(QkThread *tstate, QkValue str);
/* The iter slot of iterators: an iterator is its own iterator. */
QkValue qk_iter_self(QkThread *tstate, QkValue self);

/* ---- repr recursion guard: `l = [l]` prints [[...]] ---- */
/* 1: self is already being repr'd (print "..."), 0: entered, -1: too deep. */
int qk_repr_enter(QkThread *tstate, QkValue self);
void qk_repr_leave(QkValue self);

/* ---- hashing ---- */
/* The hash slot of mutable containers: TypeError "unhashable type: 'T'". */
int qk_hash_unhashable(QkThread *tstate, QkValue self, int64_t *hash);
/* Identity hash: for objects whose type has no hash slot. */
int64_t qk_hash_pointer(QkValue v);

/* ---- format.c ---- */
/* format(v, spec) for int, bool, float and str; QK_NOT_IMPLEMENTED for other types. */
QkValue qk_format_builtin(QkThread *tstate, QkValue v, QkValue spec);
QkValue qk_str_format_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames);

/* ---- argument parsing for C functions (args.c) ---- */
static inline size_t qk_nkwargs(QkValue kwnames) {
    return kwnames == QK_NULL ? 0 : (size_t)qk_as_tuple(kwnames)->size;
}
/* Binds a C function's arguments to nparams slots out[0..nparams): the first max_positional can
 * be given by position (at least min_positional must be); names[i] (NULL: positional only) by
 * keyword. Missing optional ones are QK_NULL. Raises CPython's messages, naming fname. */
int qk_parse_args(QkThread *tstate, const char *fname, QkValue *args, size_t nargs,
                  QkValue kwnames, int min_positional, int max_positional, int nparams,
                  const char *const *names, QkValue *out);
/* For functions without keywords: checks the count (min..max positional) and no keywords. */
int qk_check_args(QkThread *tstate, const char *fname, size_t nargs, QkValue kwnames, int min,
                  int max);

#endif
