/* int, bool and float arithmetic: the number, unary and compare slots, hashing, conversions and
 * rounding. Small ints are computed here in 64 bits; a result that leaves the tagged range, and
 * any operation on a big int, goes to long.c. Floats follow CPython's C code for the sign of
 * zero, floor division and modulo. */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "bytes.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

QkValue qk_int_result(QkThread *tstate, int64_t value) {
    return qk_int_fits(value) ? qk_from_int(value) : qk_long_from_i128(tstate, value);
}

int qk_as_double(QkThread *tstate, QkValue v, double *out) {
    v = qk_builtin_self(v);
    if (qk_is_int_like(v)) {
        *out = (double)qk_int_like_value(v);
        return 1;
    }
    if (qk_is_bigint(v)) {
        return qk_long_to_double(tstate, v, out) < 0 ? -1 : 1;
    }
    if (qk_is_object(v) && qk_type_is_subtype(qk_type_of(v), &qk_float_type)) {
        *out = qk_float_value(v);
        return 1;
    }
    return 0;
}

int qk_index_slow(QkThread *tstate, QkValue v, int64_t *out) {
    v = qk_builtin_self(v);
    if (qk_is_int_like(v)) {
        *out = qk_int_like_value(v);
        return 0;
    }
    if (qk_is_bigint(v)) {
        if (qk_long_as_int64(v, out)) {
            return 0;
        }
        qk_raise(tstate, &qk_exc_OverflowError, "cannot fit 'int' into an index-sized integer");
        return -1;
    }
    qk_raise(tstate, &qk_exc_TypeError, "'%s' object cannot be interpreted as an integer",
             qk_type_name(v));
    return -1;
}

/* ---- hashing: CPython's, modulo the Mersenne prime 2**61 - 1 ---- */

#define HASH_BITS 61
#define HASH_MODULUS ((uint64_t)QK_HASH_MODULUS)

int64_t qk_hash_double(double v) {
    if (isinf(v)) {
        return v > 0 ? 314159 : -314159;
    }
    if (isnan(v)) {
        return 0;
    }
    int e;
    double m = frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    /* Takes the mantissa 28 bits at a time, reducing modulo 2**61 - 1 (a rotation). */
    uint64_t x = 0;
    while (m != 0) {
        x = ((x << 28) & HASH_MODULUS) | x >> (HASH_BITS - 28);
        m *= 268435456.0;
        e -= 28;
        uint64_t y = (uint64_t)m;
        m -= (double)y;
        x += y;
        if (x >= HASH_MODULUS) {
            x -= HASH_MODULUS;
        }
    }
    e = e >= 0 ? e % HASH_BITS : HASH_BITS - 1 - ((-1 - e) % HASH_BITS);
    x = ((x << e) & HASH_MODULUS) | x >> (HASH_BITS - e);
    int64_t h = (int64_t)x * sign;
    return h == -1 ? -2 : h;
}

static int int_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    (void)tstate;
    *hash = qk_is_bigint(self) ? qk_long_hash(self) : qk_hash_int(qk_int_like_value(self));
    return 0;
}

int qk_float_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    (void)tstate;
    double v = qk_float_value(self);
    *hash = isnan(v) ? qk_hash_pointer(self) : qk_hash_double(v);
    return 0;
}

/* ---- int arithmetic ---- */

static QkValue float_pow(QkThread *tstate, double x, double y);

/* base ** exp for exp >= 0 in 64 bits: false when it leaves the tagged range. */
static bool int_power(int64_t base, int64_t exp, int64_t *result) {
    *result = 1;
    while (exp > 0) {
        if ((exp & 1) && qk_mul_overflow(*result, base, result)) {
            return false;
        }
        exp >>= 1;
        if (exp > 0 && qk_mul_overflow(base, base, &base)) {
            return false;
        }
    }
    return true;
}

/* a << b or a >> b for b >= 0 in 64 bits: false when it leaves the tagged range. */
static bool int_shift(int64_t a, int64_t b, bool left, int64_t *result) {
    if (!left) {
        *result = b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
        return true;
    }
    *result = 0;
    if (a == 0) {
        return true;
    }
    if (b >= 62) {
        return false;
    }
    *result = (int64_t)((uint64_t)a << b);
    return (*result >> b) == a && qk_int_fits(*result);
}

static QkValue float_true_divide(QkThread *tstate, double a, double b) {
    if (b == 0) {
        return qk_raise(tstate, &qk_exc_ZeroDivisionError, "float division by zero");
    }
    return qk_float_new(tstate, a / b);
}

/* a / b correctly rounded (b != 0), as CPython's long_true_divide: the float division itself
 * when both ints are exact doubles; else an integer division that leaves the quotient's leading
 * 55 or 56 bits, whose remainder, if any, only breaks a tie, then one rounding (half even) to 53
 * bits. Converting both to doubles first would round twice. */
static double int_true_divide(int64_t a, int64_t b) {
    uint64_t x = a < 0 ? -(uint64_t)a : (uint64_t)a, y = b < 0 ? -(uint64_t)b : (uint64_t)b;
    const uint64_t exact = (uint64_t)1 << DBL_MANT_DIG;
    if (x < exact && y < exact) {
        return (double)a / (double)b;
    }
    if (x == 0) {
        return b < 0 ? -0.0 : 0.0;
    }
    /* x * 2**shift / y lies in [2**54, 2**56); the shifted operand stays below 2**119. */
    int shift = (64 - __builtin_clzll(y)) + DBL_MANT_DIG + 2 - (64 - __builtin_clzll(x));
    unsigned __int128 n = x, d = y;
    if (shift >= 0) {
        n <<= shift;
    } else {
        d <<= -shift;
    }
    uint64_t q = (uint64_t)(n / d);
    bool inexact = n % d != 0;
    int extra = (64 - __builtin_clzll(q)) - DBL_MANT_DIG;
    uint64_t half = (uint64_t)1 << (extra - 1), low = q & ((half << 1) - 1);
    q >>= extra;
    if (low > half || (low == half && (inexact || (q & 1)))) {
        q++;
    }
    double r = ldexp((double)q, extra - shift);
    return (a < 0) != (b < 0) ? -r : r;
}

/* The tagged ints' operations in 64 bits: false when the result leaves the tagged range (or
 * needs long.c for another reason), so the arbitrary-precision path computes it instead. */
static bool small_int_number(uint32_t op, int64_t a, int64_t b, int64_t *r) {
    switch (op) {
    case QK_BINARY_OP_ADD:
        return !qk_add_overflow(a, b, r);
    case QK_BINARY_OP_SUBTRACT:
        return !qk_sub_overflow(a, b, r);
    case QK_BINARY_OP_MULTIPLY:
        return !qk_mul_overflow(a, b, r);
    case QK_BINARY_OP_FLOOR_DIVIDE:
        *r = b == 0 ? 0 : qk_floor_div(a, b);
        return b != 0 && qk_int_fits(*r);
    case QK_BINARY_OP_REMAINDER:
        *r = b == 0 ? 0 : qk_floor_mod(a, b);
        return b != 0;
    case QK_BINARY_OP_POWER:
        return int_power(a, b, r);
    case QK_BINARY_OP_LSHIFT:
    case QK_BINARY_OP_RSHIFT:
        return b >= 0 && int_shift(a, b, op == QK_BINARY_OP_LSHIFT, r);
    case QK_BINARY_OP_AND:
        *r = a & b;
        return true;
    case QK_BINARY_OP_OR:
        *r = a | b;
        return true;
    case QK_BINARY_OP_XOR:
        *r = a ^ b;
        return true;
    default:
        return false;
    }
}

QkValue qk_int_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (!qk_is_anyint(lhs) || !qk_is_anyint(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    bool small = qk_is_int_like(lhs) && qk_is_int_like(rhs);
    if (op == QK_BINARY_OP_TRUE_DIVIDE) {
        if (!small) {
            return qk_long_true_divide(tstate, lhs, rhs);
        }
        int64_t b = qk_int_like_value(rhs);
        if (b == 0) {
            return qk_raise(tstate, &qk_exc_ZeroDivisionError, "division by zero");
        }
        return qk_float_new(tstate, int_true_divide(qk_int_like_value(lhs), b));
    }
    /* A negative exponent makes a float (CPython converts both operands first). */
    if (op == QK_BINARY_OP_POWER && (small ? qk_int_like_value(rhs) < 0
                                           : qk_long_compare(rhs, qk_from_int(0)) < 0)) {
        double x, y;
        if (qk_as_double(tstate, lhs, &x) < 0 || qk_as_double(tstate, rhs, &y) < 0) {
            return QK_NULL;
        }
        return float_pow(tstate, x, y);
    }
    if (small) {
        int64_t a = qk_int_like_value(lhs), b = qk_int_like_value(rhs), r;
        if (small_int_number(op, a, b, &r)) {
            /* bool & | ^ bool stays a bool. */
            bool both_bool = !qk_is_int(lhs) && !qk_is_int(rhs);
            bool bitwise = op == QK_BINARY_OP_AND || op == QK_BINARY_OP_OR || op == QK_BINARY_OP_XOR;
            return both_bool && bitwise ? qk_bool(r) : qk_from_int(r);
        }
    }
    return qk_long_number(tstate, op, lhs, rhs);
}

static QkValue int_unary(QkThread *tstate, uint32_t op, QkValue self, QkValue unused) {
    (void)unused;
    if (op == QK_UNARY_POSITIVE) {
        return qk_is_bigint(self) ? self : qk_from_int(qk_int_like_value(self));
    }
    if (qk_is_int_like(self)) {
        int64_t v = qk_int_like_value(self);
        int64_t r = op == QK_UNARY_INVERT ? ~v : op == QK_UNARY_NEGATIVE || v < 0 ? -v : v;
        if (qk_int_fits(r)) {
            return qk_from_int(r);
        }
    }
    return qk_long_unary(tstate, op, self);
}

/* ---- float arithmetic ---- */

static bool is_odd_integer(double y) { return fmod(fabs(y), 2.0) == 1.0; }

bool qk_pow_special(double x, double y, double *r) {
    if (isfinite(x) && isfinite(y)) {
        return false;
    }
    if (isnan(x)) {
        *r = y == 0 ? 1.0 : x;
    } else if (isnan(y)) {
        *r = x == 1.0 ? 1.0 : y;
    } else if (isinf(x)) {
        bool odd = is_odd_integer(y);
        *r = y > 0 ? (odd ? x : fabs(x)) : y == 0 ? 1.0 : odd ? copysign(0.0, x) : 0.0;
    } else {
        double ax = fabs(x);
        *r = ax == 1.0 ? 1.0 : (y > 0) == (ax > 1.0) ? INFINITY : 0.0;
    }
    return true;
}

/* CPython's float_pow: the special cases (zeros, infinities, nans, negative bases) are decided
 * here rather than left to the platform's pow, whose overflow is an error. */
static QkValue float_pow(QkThread *tstate, double x, double y) {
    double r;
    if (qk_pow_special(x, y, &r)) {
        return qk_float_new(tstate, r);
    }
    if (y == 0) {
        return qk_float_new(tstate, 1.0);
    }
    if (x == 0) {
        if (y < 0) {
            return qk_raise(tstate, &qk_exc_ZeroDivisionError,
                            "0.0 cannot be raised to a negative power");
        }
        return qk_float_new(tstate, is_odd_integer(y) ? x : 0.0);
    }
    bool negate = false;
    if (x < 0) {
        if (y != floor(y)) {
            return qk_complex_pow_reals(tstate, x, y);
        }
        x = -x;
        negate = is_odd_integer(y);
    }
    if (x == 1.0) {
        return qk_float_new(tstate, negate ? -1.0 : 1.0);
    }
    errno = 0;
    r = pow(x, y);
    /* An infinite result is an overflow; an underflow to zero is not an error. */
    if (errno == 0 && isinf(r)) {
        errno = ERANGE;
    } else if (errno == ERANGE && r == 0) {
        errno = 0;
    }
    if (errno != 0) {
        int e = errno;
        return qk_raise(tstate, e == ERANGE ? &qk_exc_OverflowError : &qk_exc_ValueError,
                        "(%d, '%s')", e, strerror(e));
    }
    return qk_float_new(tstate, negate ? -r : r);
}

bool qk_float_pow_finite(double x, double y, double *r) {
    *r = pow(x, y);
    return !isinf(*r);
}

/* CPython's float divmod: the remainder has the divisor's sign, the quotient is floored. */
static void float_divmod(double a, double b, double *floordiv, double *mod) {
    double m = fmod(a, b);
    double div = (a - m) / b;
    if (m != 0) {
        if ((b < 0) != (m < 0)) {
            m += b;
            div -= 1.0;
        }
    } else {
        m = copysign(0.0, b);
    }
    if (div != 0) {
        double f = floor(div);
        if (div - f > 0.5) {
            f += 1.0;
        }
        div = f;
    } else {
        div = copysign(0.0, a / b);
    }
    *floordiv = div;
    *mod = m;
}

QkValue qk_float_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    /* Only arithmetic is float's: decided before any conversion (which may overflow for a big
     * int), so `1.5 ^ 10**400` is a TypeError as in CPython. */
    if (op != QK_BINARY_OP_ADD && op != QK_BINARY_OP_SUBTRACT && op != QK_BINARY_OP_MULTIPLY &&
        op != QK_BINARY_OP_TRUE_DIVIDE && op != QK_BINARY_OP_FLOOR_DIVIDE &&
        op != QK_BINARY_OP_REMAINDER && op != QK_BINARY_OP_POWER) {
        return QK_NOT_IMPLEMENTED;
    }
    double a, b;
    int ka = qk_as_double(tstate, lhs, &a), kb = ka > 0 ? qk_as_double(tstate, rhs, &b) : 0;
    if (ka < 0 || kb < 0) {
        return QK_NULL;
    }
    if (ka == 0 || kb == 0) {
        return QK_NOT_IMPLEMENTED;
    }
    double div, mod;
    switch (op) {
    case QK_BINARY_OP_ADD:
        return qk_float_new(tstate, a + b);
    case QK_BINARY_OP_SUBTRACT:
        return qk_float_new(tstate, a - b);
    case QK_BINARY_OP_MULTIPLY:
        return qk_float_new(tstate, a * b);
    case QK_BINARY_OP_TRUE_DIVIDE:
        return float_true_divide(tstate, a, b);
    case QK_BINARY_OP_FLOOR_DIVIDE:
    case QK_BINARY_OP_REMAINDER:
        if (b == 0) {
            return qk_raise(tstate, &qk_exc_ZeroDivisionError,
                            op == QK_BINARY_OP_REMAINDER ? "float modulo"
                                                         : "float floor division by zero");
        }
        float_divmod(a, b, &div, &mod);
        return qk_float_new(tstate, op == QK_BINARY_OP_FLOOR_DIVIDE ? div : mod);
    case QK_BINARY_OP_POWER:
        return float_pow(tstate, a, b);
    default:
        return QK_NOT_IMPLEMENTED;
    }
}

/* The tuple (pair[0], second): both stay rooted while it is allocated. */
static QkValue pair_with(QkThread *tstate, QkValue *pair, QkValue second) {
    pair[1] = second;
    qk_root_push(tstate, &pair[0]);
    qk_root_push(tstate, &pair[1]);
    QkValue r = qk_tuple_from_array(tstate, pair, 2);
    qk_root_pop(tstate, 2);
    return r;
}

QkValue qk_divmod(QkThread *tstate, QkValue a, QkValue b) {
    /* Instances of classes derived from int: the ints they box, unless a class defines it. */
    QkType *ta = qk_type_of(a), *tb = qk_type_of(b);
    if (((ta->flags | tb->flags) & QK_TYPE_HEAP) &&
        qk_type_lookup(ta, QK_NAME(divmod)) == QK_NULL &&
        qk_type_lookup(tb, QK_NAME(rdivmod)) == QK_NULL) {
        a = qk_builtin_self(a);
        b = qk_builtin_self(b);
    }
    double x, y;
    bool ints = qk_is_anyint(a) && qk_is_anyint(b);
    int ka = ints ? 1 : qk_as_double(tstate, a, &x), kb = ints || ka <= 0 ? 1 : qk_as_double(tstate, b, &y);
    if (ka < 0 || kb < 0) {
        return QK_NULL;
    }
    bool numbers = ka > 0 && kb > 0;
    if (numbers && !ints) {
        if (y == 0) {
            return qk_raise(tstate, &qk_exc_ZeroDivisionError, "float divmod()");
        }
        double div, mod;
        float_divmod(x, y, &div, &mod);
        QkValue pair[2] = {qk_float_new(tstate, div), QK_NULL};
        if (pair[0] == QK_NULL) {
            return QK_NULL;
        }
        qk_root_push(tstate, &pair[0]);
        QkValue second = qk_float_new(tstate, mod);
        qk_root_pop(tstate, 1);
        return second == QK_NULL ? QK_NULL : pair_with(tstate, pair, second);
    }
    if ((qk_type_of(a)->flags & QK_TYPE_HEAP) || (qk_type_of(b)->flags & QK_TYPE_HEAP)) {
        return qk_class_divmod(tstate, a, b);
    }
    if (!numbers) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "unsupported operand type(s) for divmod(): '%s' and '%s'", qk_type_name(a),
                        qk_type_name(b));
    }
    /* Two ints: both results exact, with the same error as // for a zero divisor. */
    QkValue pair[2] = {qk_binary_op(tstate, QK_BINARY_OP_FLOOR_DIVIDE, a, b), QK_NULL};
    if (pair[0] == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &pair[0]);
    QkValue mod = qk_binary_op(tstate, QK_BINARY_OP_REMAINDER, a, b);
    qk_root_pop(tstate, 1);
    return mod == QK_NULL ? QK_NULL : pair_with(tstate, pair, mod);
}

QkValue qk_float_unary(QkThread *tstate, uint32_t op, QkValue self, QkValue unused) {
    (void)unused;
    double v = qk_float_value(self);
    switch (op) {
    case QK_UNARY_NEGATIVE:
        return qk_float_new(tstate, -v);
    case QK_UNARY_POSITIVE:
        return qk_float_new(tstate, v);
    case QK_UNARY_ABS:
        return qk_float_new(tstate, fabs(v));
    default:
        return QK_NOT_IMPLEMENTED;
    }
}

/* ---- comparisons ---- */

static bool compare_result(uint32_t op, int c) {
    switch (op) {
    case QK_COMPARE_OP_LT:
        return c < 0;
    case QK_COMPARE_OP_LE:
        return c <= 0;
    case QK_COMPARE_OP_EQ:
        return c == 0;
    case QK_COMPARE_OP_NE:
        return c != 0;
    case QK_COMPARE_OP_GT:
        return c > 0;
    default:
        return c >= 0;
    }
}

static QkValue int_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    (void)tstate;
    if (!qk_is_anyint(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    if (qk_is_int_like(lhs) && qk_is_int_like(rhs)) {
        int64_t a = qk_int_like_value(lhs), b = qk_int_like_value(rhs);
        return qk_bool(compare_result(op, (a > b) - (a < b)));
    }
    return qk_bool(compare_result(op, qk_long_compare(lhs, rhs)));
}

/* Exact comparison of an int with a double (CPython compares the true values): -1, 0, 1. */
static int compare_int_double(int64_t i, double d) {
    if (d >= 9223372036854775808.0) {
        return -1;
    }
    if (d < -9223372036854775808.0) {
        return 1;
    }
    double t = trunc(d);
    int64_t ti = (int64_t)t;
    if (i != ti) {
        return i < ti ? -1 : 1;
    }
    return (d > t) ? -1 : (d < t) ? 1 : 0;
}

QkValue qk_float_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    double a = qk_float_value(lhs), b = 0;
    /* An int is compared exactly, never converted (a big one may not fit a double). */
    bool is_int = qk_is_anyint(rhs);
    if (!is_int && qk_as_double(tstate, rhs, &b) == 0) {
        return QK_NOT_IMPLEMENTED;
    }
    if (isnan(a) || isnan(b)) {
        return qk_bool(op == QK_COMPARE_OP_NE);
    }
    int c = qk_is_int_like(rhs) ? -compare_int_double(qk_int_like_value(rhs), a)
            : is_int            ? -qk_long_compare_double(rhs, a)
                                : (a > b) - (a < b);
    return qk_bool(compare_result(op, c));
}

/* ---- conversions ---- */

QkValue qk_int_from_double(QkThread *tstate, double v) {
    if (isnan(v)) {
        return qk_raise(tstate, &qk_exc_ValueError, "cannot convert float NaN to integer");
    }
    if (isinf(v)) {
        return qk_raise(tstate, &qk_exc_OverflowError, "cannot convert float infinity to integer");
    }
    double t = trunc(v);
    if (t < -4611686018427387904.0 || t >= 4611686018427387904.0) {
        return qk_long_from_double(tstate, t);
    }
    return qk_from_int((int64_t)t);
}

static int digit_value(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'Z') {
        return c - 'A' + 10;
    }
    return 99;
}

static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* int(s, base) for s as qk_str_numeral made it (numeral); errors name s. */
static QkValue int_from_numeral(QkThread *tstate, QkValue s, const char *numeral, size_t length,
                                int64_t base) {
    const char *p = numeral, *end = p + length;
    while (p < end && is_space(*p)) {
        p++;
    }
    while (end > p && is_space(end[-1])) {
        end--;
    }
    bool negative = false;
    if (p < end && (*p == '+' || *p == '-')) {
        negative = *p++ == '-';
    }
    int64_t b = base;
    /* A prefix (0x, 0o, 0b) is allowed when it matches the base, or chooses it for base 0. */
    if (end - p >= 2 && p[0] == '0') {
        char c = (char)(p[1] | 0x20);
        int prefixed = c == 'x' ? 16 : c == 'o' ? 8 : c == 'b' ? 2 : 0;
        if (prefixed != 0 && (base == 0 || base == prefixed)) {
            b = prefixed;
            p += 2;
            if (p < end && *p == '_') {
                p++;
            }
        }
    }
    bool leading_zero_only = false;
    if (b == 0) {
        b = 10;
        /* Base 0 forbids leading zeros in a non-zero decimal ("010"). */
        leading_zero_only = end - p > 1 && p[0] == '0';
    }
    /* The digits' values, most significant first (the numeral is at least as long); a short
     * numeral's on the stack. */
    uint8_t short_values[64];
    uint8_t *values = end - p <= 64 ? short_values : malloc((size_t)(end - p));
    if (values == NULL) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    int64_t n = 0;
    bool ok = p < end, nonzero = false;
    for (const char *q = p; ok && q < end; q++) {
        if (*q == '_' && q > p && q + 1 < end && q[1] != '_') {
            continue;
        }
        int d = digit_value(*q);
        ok = d < b;
        nonzero |= d != 0;
        values[n++] = (uint8_t)d;
    }
    QkValue r = QK_NULL;
    if (ok && !(leading_zero_only && nonzero)) {
        r = qk_long_from_digit_values(tstate, values, n, (int)b, negative);
    }
    if (values != short_values) {
        free(values);
    }
    if (!ok || (leading_zero_only && nonzero)) {
        QkValue shown = qk_str_repr(tstate, s);
        if (shown == QK_NULL) {
            return QK_NULL;
        }
        /* CPython's %.200R: the repr's first 200 characters. */
        int64_t shown_length = qk_str_cp_length(shown) > 200 ? qk_str_cp_offset(shown, 200)
                                                              : qk_as_str(shown)->length;
        return qk_raise(tstate, &qk_exc_ValueError,
                        "invalid literal for int() with base %" PRId64 ": %.*s", base,
                        (int)shown_length, qk_as_str(shown)->data);
    }
    return r;
}

QkValue qk_int_from_str(QkThread *tstate, QkValue s, int64_t base) {
    if (base != 0 && (base < 2 || base > 36)) {
        return qk_raise(tstate, &qk_exc_ValueError, "int() base must be >= 2 and <= 36, or 0");
    }
    size_t length;
    char *numeral = qk_str_numeral(s, &length);
    if (numeral == NULL) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    QkValue r = int_from_numeral(tstate, s, numeral, length, base);
    free(numeral);
    return r;
}

QkValue qk_int_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                         QkValue kwnames) {
    (void)type;
    static const char *const names[] = {NULL, "base"};
    QkValue a[2];
    if (qk_parse_args(tstate, "int", args, nargs, kwnames, 0, 2, 2, names, a) < 0) {
        return QK_NULL;
    }
    if (a[0] == QK_NULL) {
        if (a[1] != QK_NULL) {
            return qk_raise(tstate, &qk_exc_TypeError, "int() missing string argument");
        }
        return qk_from_int(0);
    }
    /* int(x) of an instance of a class derived from int: the int it boxes. */
    a[0] = qk_builtin_self(a[0]);
    if (a[1] != QK_NULL) {
        int64_t base;
        if (qk_index(tstate, a[1], &base) < 0) {
            return QK_NULL;
        }
        if (!qk_is_str(a[0])) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "int() can't convert non-string with explicit base");
        }
        return qk_int_from_str(tstate, a[0], base);
    }
    if (qk_is_int_like(a[0])) {
        return qk_from_int(qk_int_like_value(a[0]));
    }
    if (qk_is_bigint(a[0])) {
        return a[0];
    }
    if (qk_is_str(a[0])) {
        return qk_int_from_str(tstate, a[0], 10);
    }
    double d;
    if (qk_as_double(tstate, a[0], &d) > 0) {
        return qk_int_from_double(tstate, d);
    }
    /* A class's __int__, else __index__, else __trunc__, as CPython 3.11 tries them: each must
     * return an int. */
    static const int dunders[] = {QK_NAME_int, QK_NAME_index, QK_NAME_trunc};
    QkType *cls = qk_type_of(a[0]);
    for (size_t i = 0; i < sizeof dunders / sizeof dunders[0]; i++) {
        QkValue method = qk_type_lookup(cls, qk_names[dunders[i]]);
        if (method == QK_NULL) {
            continue;
        }
        QkValue r = qk_call(tstate, method, a, 1, QK_NULL);
        if (r != QK_NULL && !qk_is_anyint(r)) {
            return qk_raise(tstate, &qk_exc_TypeError, "%s returned non-%s (type %s)",
                            qk_as_str(qk_names[dunders[i]])->data,
                            dunders[i] == QK_NAME_trunc ? "Integral" : "int", qk_type_name(r));
        }
        return r;
    }
    return qk_raise(tstate, &qk_exc_TypeError,
                    "int() argument must be a string, a bytes-like object or a real number, "
                    "not '%s'",
                    qk_type_name(a[0]));
}

static QkValue bool_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "bool", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    if (nargs == 0) {
        return QK_FALSE;
    }
    int truth = qk_truth(tstate, args[0]);
    return truth < 0 ? QK_NULL : qk_bool(truth);
}

/* ---- rounding ---- */

/* round(x, ndigits) for a float, as CPython's double_round: the exact value of x rounded half
 * even at the digit 10**-ndigits, read back as the nearest double (so round(2.675, 2) is 2.67:
 * the double is just below the tie). Beyond CPython's bounds every double rounds to itself, or
 * to zero. */
static QkValue float_round(QkThread *tstate, double x, int64_t ndigits) {
    if (!isfinite(x) || ndigits > 323) {
        return qk_float_new(tstate, x);
    }
    if (ndigits < -308) {
        return qk_float_new(tstate, copysign(0.0, x));
    }
    /* Room for 309 integer digits and 323 decimals, or 309 more leading zeros. */
    char buf[700];
    if (ndigits >= 0) {
        /* printf rounds the exact value half even. */
        snprintf(buf, sizeof buf, "%.*f", (int)ndigits, fabs(x));
    } else {
        /* The integer part's exact digits behind k + 1 zeros (room for a carry), rounded at
         * the k-th digit from the right by hand: a fraction breaks a tie upwards. */
        int k = (int)-ndigits;
        double whole = trunc(fabs(x));
        memset(buf, '0', (size_t)k + 1);
        int length = k + 1 + snprintf(buf + k + 1, sizeof buf - (size_t)k - 1, "%.0f", whole);
        char *tail = buf + length - k;
        int c = tail[0] - '5';
        for (int i = 1; c == 0 && i < k; i++) {
            c = tail[i] != '0';
        }
        if (c == 0) {
            c = fabs(x) != whole || (tail[-1] - '0') % 2 == 1 ? 1 : -1;
        }
        memset(tail, '0', (size_t)k);
        for (char *digit = tail - 1; c > 0; digit--) {
            c = *digit == '9';
            *digit = c ? '0' : (char)(*digit + 1);
        }
    }
    errno = 0;
    double r = strtod(buf, NULL);
    if (errno == ERANGE && r >= 1.0) {
        return qk_raise(tstate, &qk_exc_OverflowError, "rounded value too large to represent");
    }
    return qk_float_new(tstate, copysign(r, x));
}

QkValue qk_round(QkThread *tstate, QkValue x, QkValue ndigits) {
    bool has_digits = ndigits != QK_NULL && ndigits != QK_NONE;
    int64_t n = 0;
    if (has_digits && qk_index(tstate, ndigits, &n) < 0) {
        return QK_NULL;
    }
    if (qk_is_anyint(x)) {
        if (n < 0) {
            return qk_long_round(tstate, x, -n);
        }
        return qk_is_bigint(x) ? x : qk_from_int(qk_int_like_value(x));
    }
    double d;
    int known = qk_as_double(tstate, x, &d);
    if (known < 0) {
        return QK_NULL;
    }
    if (known == 0) {
        return qk_raise(tstate, &qk_exc_TypeError, "type %s doesn't define __round__ method",
                        qk_type_name(x));
    }
    if (has_digits) {
        return float_round(tstate, d, n);
    }
    double r = round(d);
    if (fabs(d - r) == 0.5) {
        r = 2.0 * round(d / 2.0);
    }
    return qk_int_from_double(tstate, r);
}

/* ---- repr, methods, types ---- */

static QkValue int_repr(QkThread *tstate, QkValue self) {
    if (qk_is_int(self)) {
        int64_t v = qk_int_value(self);
        char buf[QK_DECIMAL_DIGITS + 1];
        buf[0] = '-';
        size_t n = qk_decimal_digits(v < 0 ? -(uint64_t)v : (uint64_t)v, buf + (v < 0));
        return qk_str_new(tstate, buf, (int64_t)n + (v < 0));
    }
    bool negative;
    char small[QK_SMALL_DIGITS];
    char *digits = qk_long_digits(tstate, self, 10, &negative, small);
    if (digits == NULL) {
        return QK_NULL;
    }
    QkBuf b = {0};
    int failed = (negative && qk_buf_putc(tstate, &b, '-') < 0) ||
                 qk_buf_append(tstate, &b, digits, strlen(digits)) < 0;
    if (digits != small) {
        free(digits);
    }
    if (failed) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue bool_repr(QkThread *tstate, QkValue self) {
    return qk_str_from_cstr(tstate, self == QK_TRUE ? "True" : "False");
}

static QkValue int_bit_length(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "bit_length", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_from_int(qk_long_bit_length(self));
}

static const QkMethodDef int_methods[] = {
    {"bit_length", int_bit_length},
    {"to_bytes", qk_int_to_bytes},
    {NULL, NULL},
};

static const QkMethodDef int_classmethods[] = {
    {"from_bytes", qk_int_from_bytes},
    {NULL, NULL},
};

/* qk_truth decides small ints, bools and None inline; these are their __bool__ (slot_methods.c).
 * A big int is never zero. */
static int int_truth(QkThread *tstate, QkValue self) {
    return qk_is_bigint(self) || qk_truth(tstate, self);
}

QkType qk_int_type = {
    QK_STATIC_TYPE,
    .name = "int",
    .flags = QK_TYPE_BASETYPE,
    .repr = int_repr,
    .hash = int_hash,
    .compare = int_compare,
    .number = qk_int_number,
    .unary = int_unary,
    .truth = int_truth,
    .construct = qk_int_construct,
    .methods = int_methods,
    .classmethods = int_classmethods,
};

QkType qk_bool_type = {
    .ob = {.type = &qk_type_type, .gc_static = 1},
    .name = "bool",
    .base = &qk_int_type,
    .repr = bool_repr,
    .hash = int_hash,
    .compare = int_compare,
    .number = qk_int_number,
    .unary = int_unary,
    .truth = int_truth,
    .construct = bool_construct,
    .methods = int_methods,
};

static QkValue float_is_integer(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "is_integer", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    double v = qk_float_value(self);
    return qk_bool(isfinite(v) && v == floor(v));
}

const QkMethodDef qk_float_methods[] = {
    {"is_integer", float_is_integer},
    {NULL, NULL},
};

/* ---- None and NotImplemented ---- */

static QkValue none_repr(QkThread *tstate, QkValue self) {
    (void)self;
    return qk_str_from_cstr(tstate, "None");
}

static QkValue not_implemented_repr(QkThread *tstate, QkValue self) {
    (void)self;
    return qk_str_from_cstr(tstate, "NotImplemented");
}

QkType qk_none_type = {QK_STATIC_TYPE, .name = "NoneType", .repr = none_repr, .truth = int_truth};
QkType qk_not_implemented_type = {QK_STATIC_TYPE, .name = "NotImplementedType",
                                  .repr = not_implemented_repr};

static QkValue ellipsis_repr(QkThread *tstate, QkValue self) {
    (void)self;
    return qk_str_from_cstr(tstate, "Ellipsis");
}

QkType qk_ellipsis_type = {QK_STATIC_TYPE, .name = "ellipsis", .repr = ellipsis_repr};
