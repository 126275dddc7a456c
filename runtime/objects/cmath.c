/* The cmath module: the functions programs use, computed with CPython 3.11's algorithms (cmath's
 * C code) so that finite arguments give bit-identical results: sqrt and log scale their
 * arguments around the double range's ends, log takes log1p near the unit circle. Infinite and
 * nan arguments take C99's special values (Annex G, which CPython's tables follow; where C99
 * leaves a sign open, or for rect, which has no C99 counterpart, CPython's are spelled out) and
 * CPython's errors. */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "quack.h"
#include "types.h"

/* What each function's result may raise, as CPython's errno: a domain or a range error. */
typedef enum { CM_OK, CM_DOMAIN, CM_RANGE } CmathError;

/* Beyond this a part is scaled down before squaring (DBL_MAX / 4), and exp of more than its log
 * is computed as e * exp(x - 1), which stays finite a little longer. */
#define CM_LARGE_DOUBLE (DBL_MAX / 4.0)
#define CM_LOG_LARGE_DOUBLE 708.3964185322641
/* Subnormal parts are scaled up by 2**53 before hypot (sqrt scales the result back by 2**-27). */
#define CM_SCALE_UP 53
#define CM_SCALE_DOWN (-27)

static QkComplexValue from_c99(double complex z) { return (QkComplexValue){creal(z), cimag(z)}; }

static double complex to_c99(QkComplexValue z) { return __builtin_complex(z.real, z.imag); }

static bool all_finite(QkComplexValue z) { return isfinite(z.real) && isfinite(z.imag); }

/* A float argument as CPython's "d" converter takes it: a real number (a complex is refused). */
static int real_arg(QkThread *tstate, QkValue v, double *out) {
    int known = qk_is_complex(v) ? 0 : qk_as_double(tstate, v, out);
    if (known == 0 && !qk_is_complex(v)) {
        known = qk_double_from_dunder(tstate, v, out);
    }
    if (known == 0) {
        qk_raise(tstate, &qk_exc_TypeError, "must be real number, not %s", qk_type_name(v));
    }
    return known > 0 ? 0 : -1;
}

/* A complex argument as the "D" converter takes it: a complex, its __complex__, else a real
 * number. */
static int complex_arg(QkThread *tstate, QkValue v, QkComplexValue *out) {
    if (qk_is_complex(v)) {
        *out = qk_complex_value(v);
        return 0;
    }
    int known = qk_complex_from_dunder(tstate, v, out);
    if (known != 0) {
        return known < 0 ? -1 : 0;
    }
    out->imag = 0.0;
    return real_arg(tstate, v, &out->real);
}

static QkValue math_error(QkThread *tstate, CmathError error) {
    return error == CM_DOMAIN ? qk_raise(tstate, &qk_exc_ValueError, "math domain error")
                              : qk_raise(tstate, &qk_exc_OverflowError, "math range error");
}

static QkValue complex_result(QkThread *tstate, QkComplexValue z, CmathError error) {
    return error != CM_OK ? math_error(tstate, error) : qk_complex_new(tstate, z.real, z.imag);
}

static QkComplexValue c_sqrt(QkComplexValue z, CmathError *error) {
    *error = CM_OK;
    if (!all_finite(z)) {
        return from_c99(csqrt(to_c99(z)));
    }
    if (z.real == 0.0 && z.imag == 0.0) {
        return (QkComplexValue){0.0, z.imag};
    }
    double ax = fabs(z.real), ay = fabs(z.imag), s;
    if (ax < DBL_MIN && ay < DBL_MIN) {
        ax = ldexp(ax, CM_SCALE_UP);
        s = ldexp(sqrt(ax + hypot(ax, ldexp(ay, CM_SCALE_UP))), CM_SCALE_DOWN);
    } else {
        ax /= 8.0;
        s = 2.0 * sqrt(ax + hypot(ax, ay / 8.0));
    }
    double d = ay / (2.0 * s);
    return z.real >= 0.0 ? (QkComplexValue){s, copysign(d, z.imag)}
                         : (QkComplexValue){d, copysign(s, z.imag)};
}

static QkComplexValue c_exp(QkComplexValue z, CmathError *error) {
    if (!all_finite(z)) {
        /* A domain error where the imaginary part is infinite, unless the result is 0 (the
         * real part -inf) or nan. */
        *error = isinf(z.imag) && (isfinite(z.real) || (isinf(z.real) && z.real > 0))
                     ? CM_DOMAIN
                     : CM_OK;
        /* C99 leaves the zeros' signs unspecified here; CPython's table has +0. */
        if (z.real == -INFINITY && !isfinite(z.imag)) {
            return (QkComplexValue){0.0, 0.0};
        }
        return from_c99(cexp(to_c99(z)));
    }
    QkComplexValue r;
    if (z.real > CM_LOG_LARGE_DOUBLE) {
        double l = exp(z.real - 1.0);
        r = (QkComplexValue){l * cos(z.imag) * M_E, l * sin(z.imag) * M_E};
    } else {
        double l = exp(z.real);
        r = (QkComplexValue){l * cos(z.imag), l * sin(z.imag)};
    }
    *error = isinf(r.real) || isinf(r.imag) ? CM_RANGE : CM_OK;
    return r;
}

static QkComplexValue c_log(QkComplexValue z, CmathError *error) {
    *error = CM_OK;
    if (!all_finite(z)) {
        return from_c99(clog(to_c99(z)));
    }
    double ax = fabs(z.real), ay = fabs(z.imag), real;
    if (ax > CM_LARGE_DOUBLE || ay > CM_LARGE_DOUBLE) {
        real = log(hypot(ax / 2.0, ay / 2.0)) + M_LN2;
    } else if (ax < DBL_MIN && ay < DBL_MIN) {
        if (ax == 0.0 && ay == 0.0) {
            *error = CM_DOMAIN;
            return (QkComplexValue){-INFINITY, atan2(z.imag, z.real)};
        }
        real = log(hypot(ldexp(ax, DBL_MANT_DIG), ldexp(ay, DBL_MANT_DIG))) -
               DBL_MANT_DIG * M_LN2;
    } else {
        double h = hypot(ax, ay);
        if (0.71 <= h && h <= 1.73) {
            /* Near the unit circle log(h) loses its digits to cancellation. */
            double am = ax > ay ? ax : ay, an = ax > ay ? ay : ax;
            real = log1p((am - 1) * (am + 1) + an * an) / 2.0;
        } else {
            real = log(h);
        }
    }
    return (QkComplexValue){real, atan2(z.imag, z.real)};
}

/* A function of one complex argument that returns a complex. */
static QkValue unary(QkThread *tstate, const char *name, QkValue *args, size_t nargs,
                     QkValue kwnames, QkComplexValue (*f)(QkComplexValue, CmathError *)) {
    QkComplexValue z;
    if (qk_check_args(tstate, name, nargs, kwnames, 1, 1) < 0 ||
        complex_arg(tstate, args[0], &z) < 0) {
        return QK_NULL;
    }
    CmathError error;
    QkComplexValue r = f(z, &error);
    return complex_result(tstate, r, error);
}

static QkComplexValue c_log10(QkComplexValue z, CmathError *error) {
    QkComplexValue r = c_log(z, error);
    return (QkComplexValue){r.real / M_LN10, r.imag / M_LN10};
}

#define CMATH_FUNCTION(name)                                                                      \
    static QkValue cmath_##name(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,      \
                                QkValue kwnames)

CMATH_FUNCTION(sqrt) {
    (void)self;
    return unary(tstate, "cmath.sqrt", args, nargs, kwnames, c_sqrt);
}

CMATH_FUNCTION(exp) {
    (void)self;
    return unary(tstate, "cmath.exp", args, nargs, kwnames, c_exp);
}

CMATH_FUNCTION(log10) {
    (void)self;
    return unary(tstate, "cmath.log10", args, nargs, kwnames, c_log10);
}

/* log(x[, base]): log(x) / log(base), a zero log(base) a domain error. As in CPython, only the
 * last log's error counts: log(0, 2) is (-inf+nanj). */
CMATH_FUNCTION(log) {
    (void)self;
    QkComplexValue x, base;
    if (qk_check_args(tstate, "log", nargs, kwnames, 1, 2) < 0 ||
        complex_arg(tstate, args[0], &x) < 0 ||
        (nargs == 2 && complex_arg(tstate, args[1], &base) < 0)) {
        return QK_NULL;
    }
    CmathError error;
    QkComplexValue r = c_log(x, &error);
    if (nargs == 2) {
        QkComplexValue divisor = c_log(base, &error);
        if (!qk_complex_quot(r, divisor, &r)) {
            error = CM_DOMAIN;
        }
    }
    return complex_result(tstate, r, error);
}

CMATH_FUNCTION(phase) {
    (void)self;
    QkComplexValue z;
    if (qk_check_args(tstate, "cmath.phase", nargs, kwnames, 1, 1) < 0 ||
        complex_arg(tstate, args[0], &z) < 0) {
        return QK_NULL;
    }
    return qk_float_new(tstate, atan2(z.imag, z.real));
}

CMATH_FUNCTION(polar) {
    (void)self;
    QkComplexValue z;
    if (qk_check_args(tstate, "cmath.polar", nargs, kwnames, 1, 1) < 0 ||
        complex_arg(tstate, args[0], &z) < 0) {
        return QK_NULL;
    }
    double r;
    if (qk_complex_abs(z, &r) < 0) {
        return math_error(tstate, CM_RANGE);
    }
    QkValue pair[2] = {QK_NULL, QK_NULL}, t = QK_NULL;
    qk_root_push(tstate, &pair[0]);
    qk_root_push(tstate, &pair[1]);
    if ((pair[0] = qk_float_new(tstate, r)) != QK_NULL &&
        (pair[1] = qk_float_new(tstate, atan2(z.imag, z.real))) != QK_NULL) {
        t = qk_tuple_from_array(tstate, pair, 2);
    }
    qk_root_pop(tstate, 2);
    return t;
}

/* rect(r, phi) = r * (cos(phi) + sin(phi) * 1j); phi 0 keeps the imaginary part's sign as r *
 * phi. Non-finite arguments give CPython's special values: an infinite phi with a nonzero r is a
 * domain error, a zero r stays 0j, an infinite r keeps its infinities' signs from cos and sin. */
CMATH_FUNCTION(rect) {
    (void)self;
    double r, phi;
    if (qk_check_args(tstate, "rect", nargs, kwnames, 2, 2) < 0 ||
        real_arg(tstate, args[0], &r) < 0 || real_arg(tstate, args[1], &phi) < 0) {
        return QK_NULL;
    }
    if (r != 0.0 && !isnan(r) && isinf(phi)) {
        return math_error(tstate, CM_DOMAIN);
    }
    QkComplexValue z;
    if (isnan(r)) {
        z = (QkComplexValue){NAN, phi == 0.0 ? 0.0 : NAN};
    } else if (isinf(r) && isnan(phi)) {
        z = (QkComplexValue){INFINITY, NAN};
    } else if (isinf(r) && phi != 0.0) {
        double sign = r > 0 ? 1.0 : -1.0;
        z = (QkComplexValue){sign * copysign(INFINITY, cos(phi)),
                             sign * copysign(INFINITY, sin(phi))};
    } else if (!isfinite(phi)) {
        /* r is finite: 0j for a zero r, else phi is a nan. */
        z = r == 0.0 ? (QkComplexValue){0.0, 0.0} : (QkComplexValue){NAN, NAN};
    } else if (phi == 0.0) {
        /* r * phi would be a nan for an infinite r. */
        z = (QkComplexValue){r, isinf(r) ? (r > 0 ? phi : -phi) : r * phi};
    } else {
        z = (QkComplexValue){r * cos(phi), r * sin(phi)};
    }
    return qk_complex_new(tstate, z.real, z.imag);
}

CMATH_FUNCTION(isclose) {
    (void)self;
    static const char *const names[] = {"a", "b", "rel_tol", "abs_tol"};
    QkValue a[4];
    QkComplexValue x, y;
    double rel_tol = 1e-09, abs_tol = 0.0;
    if (qk_parse_args(tstate, "isclose", args, nargs, kwnames, 2, 2, 4, names, a) < 0 ||
        complex_arg(tstate, a[0], &x) < 0 || complex_arg(tstate, a[1], &y) < 0 ||
        (a[2] != QK_NULL && real_arg(tstate, a[2], &rel_tol) < 0) ||
        (a[3] != QK_NULL && real_arg(tstate, a[3], &abs_tol) < 0)) {
        return QK_NULL;
    }
    if (rel_tol < 0.0 || abs_tol < 0.0) {
        return qk_raise(tstate, &qk_exc_ValueError, "tolerances must be non-negative");
    }
    if (x.real == y.real && x.imag == y.imag) {
        return QK_TRUE;
    }
    if (isinf(x.real) || isinf(x.imag) || isinf(y.real) || isinf(y.imag)) {
        return QK_FALSE;
    }
    double diff, ax, ay;
    qk_complex_abs((QkComplexValue){x.real - y.real, x.imag - y.imag}, &diff);
    qk_complex_abs(x, &ax);
    qk_complex_abs(y, &ay);
    return qk_bool(diff <= rel_tol * ay || diff <= rel_tol * ax || diff <= abs_tol);
}

/* isfinite, isinf, isnan: of either part (isfinite: of both). */
static QkValue classify(QkThread *tstate, const char *name, QkValue *args, size_t nargs,
                        QkValue kwnames, int (*test)(double), bool both) {
    QkComplexValue z;
    if (qk_check_args(tstate, name, nargs, kwnames, 1, 1) < 0 ||
        complex_arg(tstate, args[0], &z) < 0) {
        return QK_NULL;
    }
    bool r = test(z.real), i = test(z.imag);
    return qk_bool(both ? r && i : r || i);
}

static int is_finite(double x) { return isfinite(x); }
static int is_inf(double x) { return isinf(x); }
static int is_nan(double x) { return isnan(x); }

CMATH_FUNCTION(isfinite) {
    (void)self;
    return classify(tstate, "cmath.isfinite", args, nargs, kwnames, is_finite, true);
}

CMATH_FUNCTION(isinf) {
    (void)self;
    return classify(tstate, "cmath.isinf", args, nargs, kwnames, is_inf, false);
}

CMATH_FUNCTION(isnan) {
    (void)self;
    return classify(tstate, "cmath.isnan", args, nargs, kwnames, is_nan, false);
}

static const QkMethodDef cmath_functions[] = {
    {"sqrt", cmath_sqrt},         {"exp", cmath_exp},           {"log", cmath_log},
    {"log10", cmath_log10},       {"phase", cmath_phase},       {"polar", cmath_polar},
    {"rect", cmath_rect},         {"isclose", cmath_isclose},   {"isfinite", cmath_isfinite},
    {"isinf", cmath_isinf},       {"isnan", cmath_isnan},       {NULL, NULL},
};

int qk_init_cmath(QkThread *tstate, QkValue module) {
    for (const QkMethodDef *def = cmath_functions; def->name != NULL; def++) {
        QkValue f = qk_builtin_new(tstate, def->name, def->func, module);
        if (f == QK_NULL || qk_module_add(tstate, module, def->name, f) < 0) {
            return -1;
        }
    }
    static const struct {
        const char *name;
        double real, imag;
        bool is_complex;
    } constants[] = {
        {"pi", M_PI, 0, false},      {"e", M_E, 0, false},       {"tau", 2 * M_PI, 0, false},
        {"inf", INFINITY, 0, false}, {"nan", NAN, 0, false},     {"infj", 0, INFINITY, true},
        {"nanj", 0, NAN, true},
    };
    for (size_t i = 0; i < sizeof constants / sizeof constants[0]; i++) {
        QkValue v = constants[i].is_complex
                        ? qk_complex_new(tstate, constants[i].real, constants[i].imag)
                        : qk_float_new(tstate, constants[i].real);
        if (v == QK_NULL || qk_module_add(tstate, module, constants[i].name, v) < 0) {
            return -1;
        }
    }
    return 0;
}
