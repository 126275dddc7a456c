/* Modules: module objects, the built-in module table (math), and import. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "objmodel.h"
#include "quack.h"
#include "types.h"

/* ---- module objects ---- */

static void module_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkModule *)self)->dict, arg);
    visit(((QkModule *)self)->name, arg);
}

static QkValue module_repr(QkThread *tstate, QkValue self) {
    char buffer[256];
    snprintf(buffer, sizeof buffer, "<module '%s' (built-in)>",
             qk_as_str(((QkModule *)self)->name)->data);
    return qk_str_from_cstr(tstate, buffer);
}

static QkValue module_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkValue v = qk_dict_get(((QkModule *)self)->dict, name);
    return v != QK_NULL ? v : qk_raise_no_attribute(tstate, self, name);
}

static int module_setattr(QkThread *tstate, QkValue self, QkValue name, QkValue value) {
    QkValue dict = ((QkModule *)self)->dict;
    if (value != QK_NULL) {
        return qk_dict_set(tstate, dict, name, value);
    }
    int r = qk_dict_delitem(tstate, dict, name, NULL);
    if (r == 0) {
        qk_raise_no_attribute(tstate, self, name);
    }
    return r > 0 ? 0 : -1;
}

QkType qk_module_type = {
    QK_STATIC_TYPE,
    .name = "module",
    .traverse = module_traverse,
    .repr = module_repr,
    .getattr = module_getattr,
    .setattr = module_setattr,
};

QkValue qk_module_new(QkThread *tstate, const char *name) {
    QkValue module = QK_NULL, text = QK_NULL;
    qk_root_push(tstate, &module);
    qk_root_push(tstate, &text);
    module = (QkValue)qk_alloc(tstate, &qk_module_type, sizeof(QkModule));
    QkValue dict = module == QK_NULL ? QK_NULL : qk_dict_new(tstate);
    if (dict != QK_NULL) {
        ((QkModule *)module)->dict = dict;
        text = qk_str_from_cstr(tstate, name);
    }
    if (text == QK_NULL || qk_dict_set(tstate, dict, QK_NAME(name), text) < 0) {
        module = QK_NULL;
    } else {
        ((QkModule *)module)->name = text;
    }
    qk_root_pop(tstate, 2);
    return module;
}

/* ---- math ---- */

/* A real-number argument: int, bool or float. */
static int real_arg(QkThread *tstate, QkValue v, double *out) {
    if (!qk_as_double(v, out)) {
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
QK_MATH_1(log2, log2, MATH_INF_DOMAIN_ERROR)
QK_MATH_1(log10, log10, MATH_INF_DOMAIN_ERROR)
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
    double x, base = M_E;
    if (real_arg(tstate, args[0], &x) < 0 || (nargs == 2 && real_arg(tstate, args[1], &base) < 0)) {
        return QK_NULL;
    }
    if (x <= 0.0 || base <= 0.0) {
        return qk_raise(tstate, &qk_exc_ValueError, "math domain error");
    }
    if (nargs == 1) {
        return qk_float_new(tstate, log(x));
    }
    double den = log(base);
    if (den == 0.0) {
        return qk_raise(tstate, &qk_exc_ZeroDivisionError, "float division by zero");
    }
    return qk_float_new(tstate, log(x) / den);
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
static QkValue round_to_int(QkThread *tstate, const char *name, QkValue *args, size_t nargs,
                            QkValue kwnames, double (*f)(double)) {
    if (qk_check_args(tstate, name, nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (qk_is_int_like(args[0])) {
        return qk_from_int(qk_int_like_value(args[0]));
    }
    double x;
    if (real_arg(tstate, args[0], &x) < 0) {
        return QK_NULL;
    }
    return qk_int_from_double(tstate, f(x));
}

QK_MATH_FUNCTION(floor) {
    (void)self;
    return round_to_int(tstate, "math.floor", args, nargs, kwnames, floor);
}

QK_MATH_FUNCTION(ceil) {
    (void)self;
    return round_to_int(tstate, "math.ceil", args, nargs, kwnames, ceil);
}

QK_MATH_FUNCTION(trunc) {
    (void)self;
    return round_to_int(tstate, "math.trunc", args, nargs, kwnames, trunc);
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

QK_MATH_FUNCTION(isqrt) {
    (void)self;
    int64_t n;
    if (qk_check_args(tstate, "math.isqrt", nargs, kwnames, 1, 1) < 0 || qk_index(tstate, args[0], &n) < 0) {
        return QK_NULL;
    }
    if (n < 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "isqrt() argument must be nonnegative");
    }
    /* The double's estimate is within one of the answer for 63-bit n: correct it exactly. */
    int64_t r = (int64_t)sqrt((double)n);
    while (r > 0 && r > n / r) {
        r--;
    }
    while ((r + 1) <= n / (r + 1)) {
        r++;
    }
    return qk_from_int(r);
}

QK_MATH_FUNCTION(gcd) {
    (void)self;
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "gcd() takes no keyword arguments");
    }
    int64_t g = 0;
    for (size_t i = 0; i < nargs; i++) {
        int64_t x;
        if (qk_index(tstate, args[i], &x) < 0) {
            return QK_NULL;
        }
        x = x < 0 ? -x : x;
        while (x != 0) {
            int64_t t = g % x;
            g = x;
            x = t;
        }
    }
    return qk_from_int(g);
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
    int64_t r = 1;
    for (int64_t i = 2; i <= n; i++) {
        if (qk_mul_overflow(r, i, &r)) {
            return qk_int_overflow(tstate);
        }
    }
    return qk_from_int(r);
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
    {"factorial", math_factorial}, {"fsum", math_fsum}, {NULL, NULL},
};

static const struct {
    const char *name;
    double value;
} math_constants[] = {
    {"pi", M_PI}, {"e", M_E}, {"tau", 2 * M_PI}, {"inf", INFINITY}, {"nan", NAN},
};

/* Sets module.name = value, keeping the module alive across the allocations. */
static int module_add(QkThread *tstate, QkValue module, const char *name, QkValue value) {
    QkValue key = QK_NULL;
    qk_root_push(tstate, &value);
    qk_root_push(tstate, &key);
    key = qk_str_from_cstr(tstate, name);
    int r = key == QK_NULL ? -1 : qk_dict_set(tstate, ((QkModule *)module)->dict, key, value);
    qk_root_pop(tstate, 2);
    return r;
}

static int init_math(QkThread *tstate, QkValue module) {
    for (const QkMethodDef *def = math_functions; def->name != NULL; def++) {
        QkValue f = qk_builtin_new(tstate, def->name, def->func, module);
        if (f == QK_NULL || module_add(tstate, module, def->name, f) < 0) {
            return -1;
        }
    }
    for (size_t i = 0; i < sizeof math_constants / sizeof math_constants[0]; i++) {
        QkValue v = qk_float_new(tstate, math_constants[i].value);
        if (v == QK_NULL || module_add(tstate, module, math_constants[i].name, v) < 0) {
            return -1;
        }
    }
    return 0;
}

/* ---- import ---- */

static const struct {
    const char *name;
    int (*init)(QkThread *tstate, QkValue module);
} builtin_modules[] = {
    {"math", init_math},
};

/* The module, made on first import and kept in tstate->modules. */
QkValue qk_import_name(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    if (tstate->modules == QK_NULL) {
        tstate->modules = qk_dict_new(tstate);
        if (tstate->modules == QK_NULL) {
            return QK_NULL;
        }
    }
    QkValue module = qk_dict_get(tstate->modules, name);
    if (module != QK_NULL) {
        return module;
    }
    for (size_t i = 0; i < sizeof builtin_modules / sizeof builtin_modules[0]; i++) {
        if (strcmp(builtin_modules[i].name, qk_as_str(name)->data) != 0) {
            continue;
        }
        module = qk_module_new(tstate, builtin_modules[i].name);
        if (module == QK_NULL) {
            return QK_NULL;
        }
        qk_root_push(tstate, &module);
        int failed = builtin_modules[i].init(tstate, module) < 0 ||
                     qk_dict_set(tstate, tstate->modules, name, module) < 0;
        qk_root_pop(tstate, 1);
        return failed ? QK_NULL : module;
    }
    return qk_raise(tstate, &qk_exc_ModuleNotFoundError, "No module named '%s'",
                    qk_as_str(name)->data);
}

QkValue qk_import_from(QkThread *tstate, QkFrame *frame, QkValue module, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    QkValue v = qk_getattr(tstate, module, name);
    if (v == QK_NULL && qk_isinstance(tstate->exception, &qk_exc_AttributeError)) {
        QkValue module_name = qk_is_type(module, &qk_module_type) ? ((QkModule *)module)->name
                                                                  : QK_NULL;
        tstate->exception = QK_NULL;
        return qk_raise(tstate, &qk_exc_ImportError,
                        "cannot import name '%s' from '%s' (unknown location)",
                        qk_as_str(name)->data,
                        module_name != QK_NULL ? qk_as_str(module_name)->data : "?");
    }
    return v;
}
