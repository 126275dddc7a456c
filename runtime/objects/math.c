/* The math module: CPython 3.11's functions over doubles and 63-bit ints, with its special
 * cases and messages. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "objmodel.h"
#include "quack_opcodes.h"
#include "quack.h"
#include "types.h"

/* ---- math ---- */

/* A real-number argument: int, bool or float. */
static int real_arg(QkThread *tstate, QkValue v, double *out) {
    int known = qk_as_double(tstate, v, out);
    if (known == 0) {
        known = qk_double_from_dunder(tstate, v, out);
    }
    if (known < 0) {
        return -1;
    }
    if (known == 0) {
        qk_raise(tstate, &qk_exc_TypeError, "must be real number, not %s", qk_type_name(v));
        return -1;
    }
    return 0;
}

/* What an infinite result of a finite argument means to a one-argument math function. */
typedef enum { MATH_INF_DOMAIN_ERROR, MATH_INF_RANGE_ERROR, MATH_INF_ALLOWED } QkMathInf;

static QkValue float_result(QkThread *tstate, double x, double r, QkMathInf inf) {
    /* CPython's math_1: nan from a non-nan is a domain error, inf from a finite a range error
     * (or a domain error, for functions like log whose infinities are poles). degrees and
     * radians are plain products in CPython, which overflow to inf. */
    if (isnan(r) && !isnan(x)) {
        return qk_raise(tstate, &qk_exc_ValueError, "math domain error");
    }
    if (isinf(r) && isfinite(x) && inf != MATH_INF_ALLOWED) {
        return inf == MATH_INF_RANGE_ERROR
                   ? qk_raise(tstate, &qk_exc_OverflowError, "math range error")
                   : qk_raise(tstate, &qk_exc_ValueError, "math domain error");
    }
    return qk_float_new(tstate, r);
}

static QkValue math_1(QkThread *tstate, const char *name, QkValue *args, size_t nargs,
                      QkValue kwnames, double (*f)(double), QkMathInf inf) {
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "math.%s() takes no keyword arguments", name);
    }
    if (nargs != 1) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "math.%s() takes exactly one argument (%zu given)", name, nargs);
    }
    double x;
    if (real_arg(tstate, args[0], &x) < 0) {
        return QK_NULL;
    }
    return float_result(tstate, x, f(x), inf);
}

static int args_2(QkThread *tstate, const char *name, QkValue *args, size_t nargs,
                  QkValue kwnames, double *x, double *y) {
    if (kwnames != QK_NULL) {
        qk_raise(tstate, &qk_exc_TypeError, "math.%s() takes no keyword arguments", name);
        return -1;
    }
    if (nargs != 2) {
        qk_raise(tstate, &qk_exc_TypeError, "%s expected 2 arguments, got %zu", name, nargs);
        return -1;
    }
    return real_arg(tstate, args[0], x) < 0 || real_arg(tstate, args[1], y) < 0 ? -1 : 0;
}

static double degrees(double x) { return x * (180.0 / M_PI); }
static double radians(double x) { return x * (M_PI / 180.0); }

#define QK_MATH_FUNCTION(name)                                                                     \
    static QkValue math_##name(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,       \
                               QkValue kwnames)
#define QK_MATH_1(name, f, inf)                                                                    \
    QK_MATH_FUNCTION(name) {                                                                       \
        (void)self;                                                                                \
        return math_1(tstate, #name, args, nargs, kwnames, f, inf);                                \
    }

QK_MATH_1(sqrt, sqrt, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(exp, exp, MATH_INF_RANGE_ERROR)
QK_MATH_1(sin, sin, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(cos, cos, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(tan, tan, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(asin, asin, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(acos, acos, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(atan, atan, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(sinh, sinh, MATH_INF_RANGE_ERROR)
QK_MATH_1(cosh, cosh, MATH_INF_RANGE_ERROR)
QK_MATH_1(tanh, tanh, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(fabs, fabs, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(degrees, degrees, MATH_INF_ALLOWED)
QK_MATH_1(radians, radians, MATH_INF_ALLOWED)

QK_MATH_FUNCTION(atan2) {
    (void)self;
    double y, x;
    return args_2(tstate, "atan2", args, nargs, kwnames, &y, &x) < 0
               ? QK_NULL
               : qk_float_new(tstate, atan2(y, x));
}

QK_MATH_FUNCTION(copysign) {
    (void)self;
    double x, y;
    return args_2(tstate, "copysign", args, nargs, kwnames, &x, &y) < 0
               ? QK_NULL
               : qk_float_new(tstate, copysign(x, y));
}

QK_MATH_FUNCTION(pow) {
    (void)self;
    double x, y;
    if (args_2(tstate, "pow", args, nargs, kwnames, &x, &y) < 0) {
        return QK_NULL;
    }
    double r;
    if (qk_pow_special(x, y, &r)) {
        return qk_float_new(tstate, r);
    }
    r = pow(x, y);
    /* CPython: a nan (a negative base to a fractional power) or an infinity from 0 ** negative
     * is a domain error, another infinity a range error. */
    if (isnan(r) || (isinf(r) && x == 0.0)) {
        return qk_raise(tstate, &qk_exc_ValueError, "math domain error");
    }
    if (isinf(r)) {
        return qk_raise(tstate, &qk_exc_OverflowError, "math range error");
    }
    return qk_float_new(tstate, r);
}

/* x for log, log2 and log10, as CPython's loghelper takes it: an int too large for a double is
 * m * 2**e, whose logarithm is f(m) + f(2) * e; anything else is math_1's. Sets *r. */
static int log_arg(QkThread *tstate, QkValue x, double (*f)(double), double *r) {
    if (qk_is_bigint(x)) {
        if (qk_long_compare(x, qk_from_int(0)) < 0) {
            qk_raise(tstate, &qk_exc_ValueError, "math domain error");
            return -1;
        }
        int64_t e;
        double m = qk_long_frexp(x, &e);
        if (e <= DBL_MAX_EXP) {
            *r = f(ldexp(m, (int)e));
            return 0;
        }
        /* Two statements: a compiler may not fuse them into one rounding (an fma, as aarch64's
         * would), which CPython's result does not have. */
        double scaled = f(2.0) * (double)e;
        *r = f(m) + scaled;
        return 0;
    }
    double d;
    if (real_arg(tstate, x, &d) < 0) {
        return -1;
    }
    if (d <= 0.0) {
        qk_raise(tstate, &qk_exc_ValueError, "math domain error");
        return -1;
    }
    *r = f(d);
    return 0;
}

#define QK_MATH_LOG(name)                                                                          \
    QK_MATH_FUNCTION(name) {                                                                       \
        (void)self;                                                                                \
        double r;                                                                                  \
        if (nargs != 1 || kwnames != QK_NULL || !qk_is_bigint(args[0])) {                          \
            return math_1(tstate, #name, args, nargs, kwnames, name, MATH_INF_DOMAIN_ERROR);       \
        }                                                                                          \
        return log_arg(tstate, args[0], name, &r) < 0 ? QK_NULL : qk_float_new(tstate, r);         \
    }
QK_MATH_LOG(log2)
QK_MATH_LOG(log10)

QK_MATH_FUNCTION(log) {
    (void)self;
    if (qk_check_args(tstate, "log", 0, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    if (nargs < 1 || nargs > 2) {
        /* math.log(x[, base]) is an optional group in CPython's argument clinic, whose count
         * error differs from the usual one. */
        return qk_raise(tstate, &qk_exc_TypeError, "math.log requires 1 to 2 arguments");
    }
    double num, den = 1.0;
    if (log_arg(tstate, args[0], log, &num) < 0 || (nargs == 2 && log_arg(tstate, args[1], log, &den) < 0)) {
        return QK_NULL;
    }
    if (den == 0.0) {
        return qk_raise(tstate, &qk_exc_ZeroDivisionError, "float division by zero");
    }
    return qk_float_new(tstate, num / den);
}

/* The correctly rounded Euclidean norm, which CPython 3.11's hypot gives (all but never off).
 * Scaled by a power of two to put the largest near 1, every square is exact in binary128 (106
 * of its 113 bits) and the sum off by a few units in its last place; the double nearest its
 * root is then found by comparing the sum with the squares of midpoints between doubles (54
 * bits, so exact too): only a sum within 2**-110 of such a square could be misjudged. */
#if __LDBL_MANT_DIG__ == 113
typedef long double Quad; /* aarch64 Linux: long double is binary128 */
#else
typedef __float128 Quad;
#endif

static double norm(const double *v, size_t n, double max) {
    int e;
    frexp(max, &e);
    /* 2**-e in two factors that are doubles, so that no scaled value is rounded. */
    Quad scale = (Quad)ldexp(1.0, -e / 2) * (Quad)ldexp(1.0, -e + e / 2);
    Quad sum = 0;
    for (size_t i = 0; i < n; i++) {
        Quad x = v[i] * scale;
        sum += x * x;
    }
    double h = sqrt((double)sum);
    for (;;) {
        double down = nextafter(h, 0.0), up = nextafter(h, INFINITY);
        Quad below = ((Quad)h + down) / 2, above = ((Quad)h + up) / 2;
        if (sum < below * below) {
            h = down;
        } else if (sum > above * above) {
            h = up;
        } else {
            /* An exact tie (hypot(2199157489665, 9007199254724608)) goes to the even one. */
            uint64_t bits;
            memcpy(&bits, &h, sizeof bits);
            h = !(bits & 1) ? h : sum == below * below ? down : sum == above * above ? up : h;
            return ldexp(h, e);
        }
    }
}

QK_MATH_FUNCTION(hypot) {
    (void)self;
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "hypot() takes no keyword arguments");
    }
    double stack[8];
    double *v = nargs <= 8 ? stack : malloc(nargs * sizeof *v);
    if (v == NULL) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    double max = 0.0;
    bool nan = false;
    size_t i = 0;
    for (; i < nargs && real_arg(tstate, args[i], &v[i]) == 0; i++) {
        v[i] = fabs(v[i]);
        nan |= isnan(v[i]);
        max = v[i] > max ? v[i] : max;
    }
    /* An infinity wins over a nan. */
    double r = i < nargs                    ? 0.0
               : isinf(max)                 ? max
               : nan                        ? NAN
               : max == 0.0 || nargs == 1   ? max
                                            : norm(v, nargs, max);
    if (v != stack) {
        free(v);
    }
    return i < nargs ? QK_NULL : qk_float_new(tstate, r);
}

/* Adds x to the non-overlapping partial sums p[0..*n) exactly (Shewchuk's grow-expansion, as
 * CPython's math_fsum does it): the partials stay sorted by magnitude, their sum exact. */
static double fsum_add(double *p, size_t *n, double x) {
    size_t i = 0;
    for (size_t j = 0; j < *n; j++) {
        double y = p[j];
        if (fabs(x) < fabs(y)) {
            double t = x;
            x = y;
            y = t;
        }
        double hi = x + y;
        double lo = y - (hi - x);
        if (lo != 0.0) {
            p[i++] = lo;
        }
        x = hi;
    }
    *n = i;
    return x;
}

/* The correctly rounded sum of the partials: add from the largest down until a sum is inexact,
 * then repair the round-half-even that the remaining partials' sign may contradict. */
static double fsum_total(const double *p, size_t n) {
    if (n == 0) {
        return 0.0;
    }
    double hi = p[--n], lo = 0.0;
    while (n > 0) {
        double x = hi, y = p[--n];
        hi = x + y;
        lo = y - (hi - x);
        if (lo != 0.0) {
            break;
        }
    }
    if (n > 0 && ((lo < 0.0 && p[n - 1] < 0.0) || (lo > 0.0 && p[n - 1] > 0.0))) {
        double y = lo * 2.0, x = hi + y;
        if (y == x - hi) {
            hi = x;
        }
    }
    return hi;
}

QK_MATH_FUNCTION(fsum) {
    (void)self;
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "math.fsum() takes no keyword arguments");
    }
    if (nargs != 1) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "math.fsum() takes exactly one argument (%zu given)", nargs);
    }
    QkValue it = qk_get_iter(tstate, args[0]);
    if (it == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &it);
    double *partials = NULL, special_sum = 0.0, inf_sum = 0.0;
    size_t n = 0, cap = 0;
    bool failed = false;
    for (QkValue item; !failed && (item = qk_iter_next(tstate, it)) != QK_NULL;) {
        double x;
        if (real_arg(tstate, item, &x) < 0) {
            failed = true;
            break;
        }
        double sum = fsum_add(partials, &n, x);
        if (sum == 0.0) {
            continue;
        }
        if (!isfinite(sum)) {
            /* An inf or nan item poisons the sum (kept aside, as CPython does); finite items
             * whose sum leaves the range are an error. */
            if (isfinite(x)) {
                qk_raise(tstate, &qk_exc_OverflowError, "intermediate overflow in fsum");
                failed = true;
            }
            inf_sum += isinf(x) ? x : 0.0;
            special_sum += x;
            n = 0;
            continue;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 32;
            double *grown = realloc(partials, cap * sizeof *partials);
            if (grown == NULL) {
                qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
                failed = true;
                break;
            }
            partials = grown;
        }
        partials[n++] = sum;
    }
    qk_root_pop(tstate, 1);
    double total = fsum_total(partials, n);
    free(partials);
    if (failed || qk_error_occurred(tstate)) {
        return QK_NULL;
    }
    if (special_sum != 0.0) {
        return isnan(inf_sum) ? qk_raise(tstate, &qk_exc_ValueError, "-inf + inf in fsum")
                              : qk_float_new(tstate, special_sum);
    }
    return qk_float_new(tstate, total);
}

/* floor, ceil, trunc: an int stays itself; a float is rounded to an int. The one-argument
 * functions are named "math.floor" and so on, as CPython's argument errors name them. */
static QkValue round_to_int(QkThread *tstate, const char *name, QkValue dunder, QkValue *args,
                            size_t nargs, QkValue kwnames, double (*f)(double)) {
    if (qk_check_args(tstate, name, nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (qk_is_anyint(args[0])) {
        return qk_is_bigint(args[0]) ? args[0] : qk_from_int(qk_int_like_value(args[0]));
    }
    /* A class's own __floor__, __ceil__ or __trunc__ decides, as in CPython. */
    if (!qk_is_type(args[0], &qk_float_type)) {
        QkValue method = qk_type_lookup(qk_type_of(args[0]), dunder);
        if (method != QK_NULL) {
            return qk_call(tstate, method, args, 1, QK_NULL);
        }
    }
    double x;
    if (real_arg(tstate, args[0], &x) < 0) {
        return QK_NULL;
    }
    return qk_int_from_double(tstate, f(x));
}

QK_MATH_FUNCTION(floor) {
    (void)self;
    return round_to_int(tstate, "math.floor", QK_NAME(floor), args, nargs, kwnames, floor);
}

QK_MATH_FUNCTION(ceil) {
    (void)self;
    return round_to_int(tstate, "math.ceil", QK_NAME(ceil), args, nargs, kwnames, ceil);
}

QK_MATH_FUNCTION(trunc) {
    (void)self;
    return round_to_int(tstate, "math.trunc", QK_NAME(trunc), args, nargs, kwnames, trunc);
}

typedef int (*QkDoublePredicate)(double);
static int is_finite(double x) { return isfinite(x); }
static int is_inf(double x) { return isinf(x); }
static int is_nan(double x) { return isnan(x); }

static QkValue classify(QkThread *tstate, const char *name, QkValue *args, size_t nargs,
                        QkValue kwnames, QkDoublePredicate p) {
    double x;
    if (qk_check_args(tstate, name, nargs, kwnames, 1, 1) < 0 || real_arg(tstate, args[0], &x) < 0) {
        return QK_NULL;
    }
    return qk_bool(p(x));
}

QK_MATH_FUNCTION(isfinite) {
    (void)self;
    return classify(tstate, "math.isfinite", args, nargs, kwnames, is_finite);
}

QK_MATH_FUNCTION(isinf) {
    (void)self;
    return classify(tstate, "math.isinf", args, nargs, kwnames, is_inf);
}

QK_MATH_FUNCTION(isnan) {
    (void)self;
    return classify(tstate, "math.isnan", args, nargs, kwnames, is_nan);
}

QK_MATH_FUNCTION(isclose) {
    (void)self;
    static const char *const names[] = {NULL, NULL, "rel_tol", "abs_tol"};
    QkValue out[4];
    if (qk_parse_args(tstate, "isclose", args, nargs, kwnames, 2, 2, 4, names, out) < 0) {
        return QK_NULL;
    }
    double a, b, rel_tol = 1e-09, abs_tol = 0.0;
    if (real_arg(tstate, out[0], &a) < 0 || real_arg(tstate, out[1], &b) < 0 ||
        (out[2] != QK_NULL && real_arg(tstate, out[2], &rel_tol) < 0) ||
        (out[3] != QK_NULL && real_arg(tstate, out[3], &abs_tol) < 0)) {
        return QK_NULL;
    }
    if (rel_tol < 0.0 || abs_tol < 0.0) {
        return qk_raise(tstate, &qk_exc_ValueError, "tolerances must be non-negative");
    }
    if (a == b) {
        return QK_TRUE;
    }
    if (isinf(a) || isinf(b)) {
        return QK_FALSE;
    }
    double diff = fabs(b - a);
    return qk_bool((diff <= fabs(rel_tol * b)) || (diff <= fabs(rel_tol * a)) || diff <= abs_tol);
}

/* *acc = *acc op x for ints: the caller roots *acc (and x, if it is a heap object). */
static bool int_step(QkThread *tstate, QkValue *acc, uint32_t op, QkValue x) {
    QkValue r = qk_int_number(tstate, op, *acc, x);
    *acc = r == QK_NULL ? *acc : r;
    return r != QK_NULL;
}

/* An int argument of any size (an instance of a class derived from int: the int it boxes),
 * else QK_NULL after CPython's TypeError. */
static QkValue int_arg(QkThread *tstate, QkValue v) {
    QkValue n = qk_builtin_self(v);
    return qk_is_anyint(n) ? n
                           : qk_raise(tstate, &qk_exc_TypeError,
                                      "'%s' object cannot be interpreted as an integer",
                                      qk_type_name(v));
}

QK_MATH_FUNCTION(isqrt) {
    (void)self;
    QkValue n = qk_check_args(tstate, "math.isqrt", nargs, kwnames, 1, 1) < 0
                    ? QK_NULL
                    : int_arg(tstate, args[0]);
    if (n == QK_NULL) {
        return QK_NULL;
    }
    if (qk_long_compare(n, qk_from_int(0)) < 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "isqrt() argument must be nonnegative");
    }
    if (qk_is_int_like(n)) {
        /* The double's estimate is within one of the answer for 63-bit n: correct it exactly. */
        int64_t v = qk_int_like_value(n), r = (int64_t)sqrt((double)v);
        while (r > 0 && r > v / r) {
            r--;
        }
        while ((r + 1) <= v / (r + 1)) {
            r++;
        }
        return qk_from_int(r);
    }
    /* Newton's iteration from a power of two above the root decreases to it exactly. */
    QkValue x = qk_from_int(1), y = QK_NULL;
    qk_root_push(tstate, &x);
    qk_root_push(tstate, &y);
    bool ok = int_step(tstate, &x, QK_BINARY_OP_LSHIFT,
                       qk_from_int((qk_long_bit_length(n) + 1) / 2));
    while (ok) {
        y = n;
        ok = int_step(tstate, &y, QK_BINARY_OP_FLOOR_DIVIDE, x) &&
             int_step(tstate, &y, QK_BINARY_OP_ADD, x) &&
             int_step(tstate, &y, QK_BINARY_OP_RSHIFT, qk_from_int(1));
        if (!ok || qk_long_compare(y, x) >= 0) {
            break;
        }
        x = y;
    }
    qk_root_pop(tstate, 2);
    return ok ? x : QK_NULL;
}

/* Euclid's algorithm on non-negative a and b: gcd and lcm share it. */
static int64_t gcd64(int64_t a, int64_t b) {
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* gcd(|a|, |b|) of ints of any size. */
static QkValue int_gcd(QkThread *tstate, QkValue a, QkValue b) {
    if (qk_is_int_like(a) && qk_is_int_like(b)) {
        int64_t x = qk_int_like_value(a), y = qk_int_like_value(b);
        return qk_int_result(tstate, gcd64(x < 0 ? -x : x, y < 0 ? -y : y));
    }
    qk_root_push(tstate, &a);
    qk_root_push(tstate, &b);
    a = qk_long_unary(tstate, QK_UNARY_ABS, a);
    b = a == QK_NULL ? QK_NULL : qk_long_unary(tstate, QK_UNARY_ABS, b);
    while (b != QK_NULL && b != qk_from_int(0)) {
        QkValue t = qk_int_number(tstate, QK_BINARY_OP_REMAINDER, a, b);
        a = b;
        b = t;
    }
    qk_root_pop(tstate, 2);
    return b == QK_NULL ? QK_NULL : a;
}

QK_MATH_FUNCTION(gcd) {
    (void)self;
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "gcd() takes no keyword arguments");
    }
    QkValue g = qk_from_int(0);
    for (size_t i = 0; i < nargs && g != QK_NULL; i++) {
        QkValue n = int_arg(tstate, args[i]);
        g = n == QK_NULL ? QK_NULL : int_gcd(tstate, g, n);
    }
    return g;
}

QK_MATH_FUNCTION(factorial) {
    (void)self;
    int64_t n;
    if (qk_check_args(tstate, "math.factorial", nargs, kwnames, 1, 1) < 0 ||
        qk_index(tstate, args[0], &n) < 0) {
        return QK_NULL;
    }
    if (n < 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "factorial() not defined for negative values");
    }
    QkValue r = qk_from_int(1);
    qk_root_push(tstate, &r);
    bool ok = true;
    for (int64_t i = 2; ok && i <= n; i++) {
        ok = int_step(tstate, &r, QK_BINARY_OP_MULTIPLY, qk_from_int(i));
    }
    qk_root_pop(tstate, 1);
    return ok ? r : QK_NULL;
}

/* The one real-number argument of a function like frexp. */
static int one_real_arg(QkThread *tstate, const char *name, QkValue *args, size_t nargs,
                        QkValue kwnames, double *x) {
    return qk_check_args(tstate, name, nargs, kwnames, 1, 1) < 0 ? -1 : real_arg(tstate, args[0], x);
}

static double exp2_(double x) { return exp2(x); }

QK_MATH_1(log1p, log1p, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(expm1, expm1, MATH_INF_RANGE_ERROR)
QK_MATH_1(exp2, exp2_, MATH_INF_RANGE_ERROR)
QK_MATH_1(cbrt, cbrt, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(asinh, asinh, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(acosh, acosh, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(atanh, atanh, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(erf, erf, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(erfc, erfc, MATH_INF_DOMAIN_ERROR)

/* A pair as a tuple, for frexp and modf. */
static QkValue pair(QkThread *tstate, QkValue a, QkValue b) {
    if (a == QK_NULL || b == QK_NULL) {
        return QK_NULL;
    }
    QkValue items[2] = {a, b};
    qk_root_push(tstate, &items[0]);
    qk_root_push(tstate, &items[1]);
    QkValue t = qk_tuple_from_array(tstate, items, 2);
    qk_root_pop(tstate, 2);
    return t;
}

QK_MATH_FUNCTION(fmod) {
    (void)self;
    double x, y;
    if (args_2(tstate, "fmod", args, nargs, kwnames, &x, &y) < 0) {
        return QK_NULL;
    }
    /* CPython: fmod(x, inf) is x for a finite x; a nan from non-nans is a domain error. */
    if (isinf(y) && isfinite(x)) {
        return qk_float_new(tstate, x);
    }
    double r = fmod(x, y);
    if (isnan(r) && !isnan(x) && !isnan(y)) {
        return qk_raise(tstate, &qk_exc_ValueError, "math domain error");
    }
    return qk_float_new(tstate, r);
}

QK_MATH_FUNCTION(remainder) {
    (void)self;
    double x, y;
    if (args_2(tstate, "remainder", args, nargs, kwnames, &x, &y) < 0) {
        return QK_NULL;
    }
    if (isnan(x) || isnan(y)) {
        return qk_float_new(tstate, NAN);
    }
    if (isinf(x) || y == 0.0) {
        return qk_raise(tstate, &qk_exc_ValueError, "math domain error");
    }
    return qk_float_new(tstate, isinf(y) ? x : remainder(x, y));
}

QK_MATH_FUNCTION(nextafter) {
    (void)self;
    double x, y;
    return args_2(tstate, "nextafter", args, nargs, kwnames, &x, &y) < 0
               ? QK_NULL
               : qk_float_new(tstate, nextafter(x, y));
}

QK_MATH_FUNCTION(ulp) {
    (void)self;
    double x;
    if (one_real_arg(tstate, "ulp", args, nargs, kwnames, &x) < 0) {
        return QK_NULL;
    }
    x = fabs(x);
    if (isnan(x) || isinf(x)) {
        return qk_float_new(tstate, x);
    }
    double up = nextafter(x, INFINITY);
    return qk_float_new(tstate, isinf(up) ? x - nextafter(x, -INFINITY) : up - x);
}

QK_MATH_FUNCTION(frexp) {
    (void)self;
    double x;
    if (one_real_arg(tstate, "frexp", args, nargs, kwnames, &x) < 0) {
        return QK_NULL;
    }
    int e = 0;
    double m = isnan(x) || isinf(x) || x == 0.0 ? x : frexp(x, &e);
    QkValue mantissa = qk_float_new(tstate, m);
    return pair(tstate, mantissa, qk_from_int(e));
}

QK_MATH_FUNCTION(ldexp) {
    (void)self;
    if (kwnames != QK_NULL || nargs != 2) {
        return kwnames != QK_NULL
                   ? qk_raise(tstate, &qk_exc_TypeError, "ldexp() takes no keyword arguments")
                   : qk_raise(tstate, &qk_exc_TypeError, "ldexp expected 2 arguments, got %zu",
                              nargs);
    }
    double x;
    if (real_arg(tstate, args[0], &x) < 0) {
        return QK_NULL;
    }
    if (!qk_is_anyint(args[1])) {
        return qk_raise(tstate, &qk_exc_TypeError, "Expected an int as second argument to ldexp.");
    }
    int64_t e;
    if (!qk_long_as_int64(args[1], &e)) {
        e = qk_long_compare(args[1], qk_from_int(0)) < 0 ? INT64_MIN : INT64_MAX;
    }
    /* Exponents beyond any double's range saturate, as CPython clamps them. */
    double r = ldexp(x, e > INT32_MAX ? INT32_MAX : e < INT32_MIN ? INT32_MIN : (int)e);
    if (isinf(r) && isfinite(x)) {
        return qk_raise(tstate, &qk_exc_OverflowError, "math range error");
    }
    return qk_float_new(tstate, r);
}

QK_MATH_FUNCTION(modf) {
    (void)self;
    double x;
    if (one_real_arg(tstate, "modf", args, nargs, kwnames, &x) < 0) {
        return QK_NULL;
    }
    double whole = x, fraction = isinf(x) ? copysign(0.0, x) : modf(x, &whole);
    QkValue f = qk_float_new(tstate, fraction);
    qk_root_push(tstate, &f);
    QkValue w = qk_float_new(tstate, whole);
    qk_root_pop(tstate, 1);
    return pair(tstate, f, w);
}

/* A non-negative int argument of comb or perm, named for CPython's messages. */
static int count_arg(QkThread *tstate, QkValue v, const char *name, int64_t *out) {
    if (qk_index(tstate, v, out) < 0) {
        return -1;
    }
    if (*out < 0) {
        qk_raise(tstate, &qk_exc_ValueError, "%s must be a non-negative integer", name);
        return -1;
    }
    return 0;
}

QK_MATH_FUNCTION(comb) {
    (void)self;
    int64_t n, k;
    if (qk_check_args(tstate, "comb", nargs, kwnames, 2, 2) < 0 ||
        count_arg(tstate, args[0], "n", &n) < 0 || count_arg(tstate, args[1], "k", &k) < 0) {
        return QK_NULL;
    }
    if (k > n) {
        return qk_from_int(0);
    }
    k = k < n - k ? k : n - k;
    /* r * (n - i) // (i + 1) is exact at every step. */
    QkValue r = qk_from_int(1);
    qk_root_push(tstate, &r);
    bool ok = true;
    for (int64_t i = 0; ok && i < k; i++) {
        ok = int_step(tstate, &r, QK_BINARY_OP_MULTIPLY, qk_int_result(tstate, n - i)) &&
             int_step(tstate, &r, QK_BINARY_OP_FLOOR_DIVIDE, qk_from_int(i + 1));
    }
    qk_root_pop(tstate, 1);
    return ok ? r : QK_NULL;
}

QK_MATH_FUNCTION(perm) {
    (void)self;
    int64_t n, k;
    if (qk_check_args(tstate, "perm", nargs, kwnames, 1, 2) < 0 ||
        count_arg(tstate, args[0], "n", &n) < 0 ||
        (nargs == 2 && args[1] != QK_NONE && count_arg(tstate, args[1], "k", &k) < 0)) {
        return QK_NULL;
    }
    if (nargs == 1 || args[1] == QK_NONE) {
        k = n;
    }
    if (k > n) {
        return qk_from_int(0);
    }
    QkValue r = qk_from_int(1);
    qk_root_push(tstate, &r);
    bool ok = true;
    for (int64_t i = 0; ok && i < k; i++) {
        ok = int_step(tstate, &r, QK_BINARY_OP_MULTIPLY, qk_int_result(tstate, n - i));
    }
    qk_root_pop(tstate, 1);
    return ok ? r : QK_NULL;
}

QK_MATH_FUNCTION(lcm) {
    (void)self;
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "lcm() takes no keyword arguments");
    }
    /* l = |l // gcd(l, x) * x|, 0 once any is 0. */
    QkValue l = qk_from_int(1), g = QK_NULL;
    qk_root_push(tstate, &l);
    qk_root_push(tstate, &g);
    bool ok = true;
    for (size_t i = 0; ok && i < nargs; i++) {
        QkValue n = int_arg(tstate, args[i]);
        ok = n != QK_NULL;
        if (ok && (n == qk_from_int(0) || n == QK_FALSE || l == qk_from_int(0))) {
            l = qk_from_int(0);
            continue;
        }
        g = ok ? int_gcd(tstate, l, n) : QK_NULL;
        ok = g != QK_NULL && int_step(tstate, &l, QK_BINARY_OP_FLOOR_DIVIDE, g) &&
             int_step(tstate, &l, QK_BINARY_OP_MULTIPLY, n);
        if (ok && qk_long_compare(l, qk_from_int(0)) < 0) {
            l = qk_long_unary(tstate, QK_UNARY_ABS, l);
            ok = l != QK_NULL;
        }
    }
    qk_root_pop(tstate, 2);
    return ok ? l : QK_NULL;
}

/* prod(iterable, *, start=1): start * x0 * x1 ..., with `*`'s own semantics. */
QK_MATH_FUNCTION(prod) {
    (void)self;
    static const char *const names[] = {NULL, "start"};
    QkValue out[2];
    if (qk_parse_args(tstate, "prod", args, nargs, kwnames, 1, 1, 2, names, out) < 0) {
        return QK_NULL;
    }
    QkValue acc = out[1] != QK_NULL ? out[1] : qk_from_int(1), item = QK_NULL;
    QkValue it = qk_get_iter(tstate, out[0]);
    qk_root_push(tstate, &acc);
    qk_root_push(tstate, &it);
    qk_root_push(tstate, &item);
    while (it != QK_NULL && (item = qk_iter_next(tstate, it)) != QK_NULL) {
        acc = qk_binary_op(tstate, QK_BINARY_OP_MULTIPLY, acc, item);
        if (acc == QK_NULL) {
            break;
        }
    }
    qk_root_pop(tstate, 3);
    return tstate->exception != QK_NULL ? QK_NULL : acc;
}

/* dist(p, q): the Euclidean distance, with hypot's correctly rounded norm. */
QK_MATH_FUNCTION(dist) {
    (void)self;
    if (qk_check_args(tstate, "dist", nargs, kwnames, 2, 2) < 0) {
        return QK_NULL;
    }
    if (!qk_is_tuple(args[0]) && !qk_is_list(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "dist(): argument 1 must be tuple, not %s",
                        qk_type_name(args[0]));
    }
    if (!qk_is_tuple(args[1]) && !qk_is_list(args[1])) {
        return qk_raise(tstate, &qk_exc_TypeError, "dist(): argument 2 must be tuple, not %s",
                        qk_type_name(args[1]));
    }
    int64_t n = 0, m = 0;
    QkValue *p = NULL, *q = NULL;
    qk_sequence_items(args[0], &p, &n);
    qk_sequence_items(args[1], &q, &m);
    if (n != m) {
        return qk_raise(tstate, &qk_exc_ValueError,
                        "both points must have the same number of dimensions");
    }
    double stack[8];
    double *v = n <= 8 ? stack : malloc((size_t)n * sizeof *v);
    if (v == NULL) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    double max = 0.0;
    bool nan = false;
    int64_t i = 0;
    for (double a, b; i < n && real_arg(tstate, p[i], &a) == 0 && real_arg(tstate, q[i], &b) == 0;
         i++) {
        v[i] = fabs(a - b);
        nan |= isnan(v[i]);
        max = v[i] > max ? v[i] : max;
    }
    double r = i < n ? 0.0 : isinf(max) ? max : nan ? NAN : max == 0.0 || n == 1 ? max
                                                                              : norm(v, (size_t)n, max);
    if (v != stack) {
        free(v);
    }
    return i < n ? QK_NULL : qk_float_new(tstate, r);
}

bool qk_is_math_sqrt(QkValue callable) {
    return qk_is_builtin_of(callable, math_sqrt);
}

static const QkMethodDef math_functions[] = {
    {"sqrt", math_sqrt},       {"exp", math_exp},       {"log", math_log},
    {"log2", math_log2},       {"log10", math_log10},   {"sin", math_sin},
    {"cos", math_cos},         {"tan", math_tan},       {"asin", math_asin},
    {"acos", math_acos},       {"atan", math_atan},     {"atan2", math_atan2},
    {"sinh", math_sinh},       {"cosh", math_cosh},     {"tanh", math_tanh},
    {"fabs", math_fabs},       {"degrees", math_degrees}, {"radians", math_radians},
    {"copysign", math_copysign}, {"pow", math_pow},     {"hypot", math_hypot},
    {"floor", math_floor},     {"ceil", math_ceil},     {"trunc", math_trunc},
    {"isfinite", math_isfinite}, {"isinf", math_isinf}, {"isnan", math_isnan},
    {"isclose", math_isclose}, {"isqrt", math_isqrt},   {"gcd", math_gcd},
    {"factorial", math_factorial}, {"fsum", math_fsum}, {"log1p", math_log1p},
    {"expm1", math_expm1},     {"exp2", math_exp2},     {"cbrt", math_cbrt},
    {"asinh", math_asinh},     {"acosh", math_acosh},   {"atanh", math_atanh},
    {"erf", math_erf},         {"erfc", math_erfc},     {"fmod", math_fmod},
    {"remainder", math_remainder}, {"nextafter", math_nextafter}, {"ulp", math_ulp},
    {"frexp", math_frexp},     {"ldexp", math_ldexp},   {"modf", math_modf},
    {"comb", math_comb},       {"perm", math_perm},     {"lcm", math_lcm},
    {"prod", math_prod},       {"dist", math_dist},     {NULL, NULL},
};

static const struct {
    const char *name;
    double value;
} math_constants[] = {
    {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI}, {"inf", INFINITY}, {"nan", NAN},
};

int qk_init_math(QkThread *tstate, QkValue module) {
    for (const QkMethodDef *def = math_functions; def->name != NULL; def++) {
        QkValue f = qk_builtin_new(tstate, def->name, def->func, module);
        if (f == QK_NULL || qk_module_add(tstate, module, def->name, f) < 0) {
            return -1;
        }
    }
    for (size_t i = 0; i < sizeof math_constants / sizeof math_constants[0]; i++) {
        QkValue v = qk_float_new(tstate, math_constants[i].value);
        if (v == QK_NULL || qk_module_add(tstate, module, math_constants[i].name, v) < 0) {
            return -1;
        }
    }
    return 0;
}
