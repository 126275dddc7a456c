/* Big ints: the ints beyond the tagged range (docs/architecture.md "Values"). A big int is a heap
 * object whose type is int itself, so type(x) is int for every int. Its magnitude is held in
 * 30-bit digits, least significant first, as CPython's are (its hash and decimal conversion work
 * digit by digit). A value that fits the tagged range is never a big int: every result is
 * normalized, so "small" and "tagged" mean the same everywhere. */
#ifndef QUACK_LONG_H
#define QUACK_LONG_H

#include <stdbool.h>
#include <stdint.h>

#include "object.h"

#define QK_LONG_SHIFT 30
#define QK_LONG_MASK ((UINT32_C(1) << QK_LONG_SHIFT) - 1)

/* CPython's default limit on decimal digits for int <-> str conversion (sys.int_info); a program
 * changes it with sys.set_int_max_str_digits. */
#define QK_MAX_STR_DIGITS 4300

typedef struct QkLong {
    QkObject ob;  /* ob.type == &qk_int_type */
    int64_t size; /* the number of digits, negated for a negative value; never 0 */
    uint32_t digits[];
} QkLong;

static inline bool qk_is_bigint(QkValue v) {
    return qk_is_object(v) && qk_as_object(v)->type == &qk_int_type;
}

/* Any int: tagged, big, or a bool (an int to Python). */
static inline bool qk_is_anyint(QkValue v) {
    return qk_is_int(v) || v == QK_TRUE || v == QK_FALSE || qk_is_bigint(v);
}

/* The number slot's arbitrary-precision path: both operands any ints, op a plain QK_BINARY_OP_*. */
QkValue qk_long_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
/* QK_UNARY_NEGATIVE, QK_UNARY_INVERT, QK_UNARY_ABS of any int. */
QkValue qk_long_unary(QkThread *tstate, uint32_t op, QkValue v);
/* pow(base, exp, mod) of three ints, as CPython 3.8+ (a negative exp inverts base first). */
QkValue qk_long_pow_mod(QkThread *tstate, QkValue base, QkValue exp, QkValue mod);
/* a / b of two ints, correctly rounded. */
QkValue qk_long_true_divide(QkThread *tstate, QkValue a, QkValue b);
/* -1, 0 or 1: a against b, both any ints. */
int qk_long_compare(QkValue a, QkValue b);
/* -1, 0 or 1: the int a against the finite or infinite (not nan) double d, exactly. */
int qk_long_compare_double(QkValue a, double d);
/* CPython's hash of an int (modulo 2**61 - 1); never -1. */
int64_t qk_long_hash(QkValue v);
/* The int as the nearest double (ties to even): OverflowError "int too large to convert to
 * float" beyond the double range. -1 on error. */
int qk_long_to_double(QkThread *tstate, QkValue v, double *out);
/* v as m * 2**e, m the nearest double in [0.5, 1) (or 0), signed as v. */
double qk_long_frexp(QkValue v, int64_t *e);
/* The int whose value is trunc(d), d finite. */
QkValue qk_long_from_double(QkThread *tstate, double d);
/* The int for a 128-bit value: what 64-bit helpers (math.comb, sum) widen into. */
QkValue qk_long_from_i128(QkThread *tstate, __int128 v);
/* v in decimal, NUL-terminated: its length. */
#define QK_DECIMAL_DIGITS 21
size_t qk_decimal_digits(uint64_t v, char out[QK_DECIMAL_DIGITS]);
/* The magnitude's digits in base 2, 8, 10 or 16 (lower case), NUL-terminated, with *negative
 * set: in small when they fit (a small int's always do), else in malloc'd memory the caller frees.
 * Base 10 raises ValueError past sys.get_int_max_str_digits() digits. NULL on error. */
#define QK_SMALL_DIGITS 72
char *qk_long_digits(QkThread *tstate, QkValue v, int base, bool *negative,
                     char small[QK_SMALL_DIGITS]);
/* The int the digit values digits[0..n) (most significant first, each < base) stand for,
 * negated if negative; base 2..36. Raises CPython's ValueError past sys.get_int_max_str_digits()
 * digits for a base that is not a power of two. */
QkValue qk_long_from_digit_values(QkThread *tstate, const uint8_t *digits, int64_t n, int base,
                                  bool negative);
/* round(v, -k) for k > 0: v rounded half to even to a multiple of 10**k. */
QkValue qk_long_round(QkThread *tstate, QkValue v, int64_t k);
/* v as an int64_t, if it fits (CPython's ssize_t range). */
bool qk_long_as_int64(QkValue v, int64_t *out);
/* The number of bits of |v|. */
int64_t qk_long_bit_length(QkValue v);
/* The int an image constant spells: n 30-bit digits, least significant first, nonzero at the
 * top, outside the tagged range; QK_NULL (nothing raised) when they do not. */
QkValue qk_long_from_image_digits(QkThread *tstate, const uint32_t *digits, int64_t n,
                                  bool negative);

#endif
