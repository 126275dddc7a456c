/* Values: one machine word, tagged. See docs/architecture.md "Values". */
#ifndef QUACK_VALUE_H
#define QUACK_VALUE_H

#include <stdbool.h>
#include <stdint.h>

typedef uintptr_t QkValue;

/* Not a Python value: an unbound local, or a helper's "failed, exception set". */
#define QK_NULL ((QkValue)0)

/* Small ints carry 63 bits, shifted left by one with the low bit set. */
#define QK_INT_MIN (-((int64_t)1 << 62))
#define QK_INT_MAX (((int64_t)1 << 62) - 1)

typedef struct QkObject QkObject;

extern QkObject qk_none_object, qk_true_object, qk_false_object;
#define QK_NONE ((QkValue)&qk_none_object)
#define QK_TRUE ((QkValue)&qk_true_object)
#define QK_FALSE ((QkValue)&qk_false_object)

static inline bool qk_is_int(QkValue v) { return (v & 1) != 0; }
static inline int64_t qk_int_value(QkValue v) { return (int64_t)v >> 1; }
static inline bool qk_int_fits(int64_t i) { return i >= QK_INT_MIN && i <= QK_INT_MAX; }
/* Only for values that fit (qk_int_fits): the shift is done unsigned so it is always defined. */
static inline QkValue qk_from_int(int64_t i) { return ((QkValue)(uint64_t)i << 1) | 1; }
static inline bool qk_is_object(QkValue v) { return v != QK_NULL && (v & 1) == 0; }
static inline QkObject *qk_as_object(QkValue v) { return (QkObject *)v; }
static inline QkValue qk_bool(bool b) { return b ? QK_TRUE : QK_FALSE; }

/* Tagged-int arithmetic that reports leaving the 63-bit range instead of wrapping. */
static inline bool qk_add_overflow(int64_t a, int64_t b, int64_t *r) {
    return __builtin_add_overflow(a, b, r) || !qk_int_fits(*r);
}
static inline bool qk_sub_overflow(int64_t a, int64_t b, int64_t *r) {
    return __builtin_sub_overflow(a, b, r) || !qk_int_fits(*r);
}
static inline bool qk_mul_overflow(int64_t a, int64_t b, int64_t *r) {
    return __builtin_mul_overflow(a, b, r) || !qk_int_fits(*r);
}

/* The same on the tagged words themselves, for the specialized operators: (2a+1) + 2b is
 * 2(a+b)+1, a tagged int, and the machine's overflow flag is then exactly the 63-bit range test
 * (as (2a+1) - 2b and a * 2b, then the tag). *r is set when they return false. */
static inline bool qk_tagged_add_overflow(QkValue a, QkValue b, QkValue *r) {
    int64_t sum;
    bool over = __builtin_add_overflow((int64_t)a, (int64_t)b - 1, &sum);
    *r = (QkValue)sum;
    return over;
}
static inline bool qk_tagged_sub_overflow(QkValue a, QkValue b, QkValue *r) {
    int64_t difference;
    bool over = __builtin_sub_overflow((int64_t)a, (int64_t)b - 1, &difference);
    *r = (QkValue)difference;
    return over;
}
static inline bool qk_tagged_mul_overflow(QkValue a, QkValue b, QkValue *r) {
    int64_t twice;
    bool over = __builtin_mul_overflow(qk_int_value(a), (int64_t)b - 1, &twice);
    *r = (QkValue)twice | 1;
    return over;
}

/* Python's floor division and modulo (b != 0): the quotient rounds towards negative infinity, the
 * remainder has the divisor's sign. */
static inline int64_t qk_floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static inline int64_t qk_floor_mod(int64_t a, int64_t b) {
    int64_t r = a % b;
    return (r != 0 && (r < 0) != (b < 0)) ? r + b : r;
}

#endif
