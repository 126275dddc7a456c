/* complex objects: construction (numbers and CPython's string forms), repr, hashing, equality
 * and the arithmetic, following CPython 3.11's complexobject.c step for step so that results
 * are bit for bit the same: division by the larger part of the divisor, and `**` by repeated
 * squaring for integral exponents up to 100 in magnitude, else through polar form. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

QkValue qk_complex_new(QkThread *tstate, double real, double imag) {
    QkComplex *c = (QkComplex *)qk_alloc(tstate, &qk_complex_type, sizeof *c);
    if (c == NULL) {
        return QK_NULL;
    }
    c->real = real;
    c->imag = imag;
    return (QkValue)c;
}

/* An operand of complex arithmetic as CPython's to_complex takes it: a complex, or an int or
 * float as (x, 0). 1 converted; 0 for any other value; -1 with OverflowError for a huge int. */
static int to_complex(QkThread *tstate, QkValue v, QkComplexValue *out) {
    if (qk_is_complex(v)) {
        *out = qk_complex_value(v);
        return 1;
    }
    out->imag = 0.0;
    return qk_as_double(tstate, v, &out->real);
}

/* ---- arithmetic on values (CPython's _Py_c_* functions) ---- */

static QkComplexValue c_prod(QkComplexValue a, QkComplexValue b) {
    return (QkComplexValue){a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real};
}

/* Dividing through by the larger part of b keeps the intermediate products in range (Smith's
 * method). */
bool qk_complex_quot(QkComplexValue a, QkComplexValue b, QkComplexValue *r) {
    double abs_real = fabs(b.real), abs_imag = fabs(b.imag);
    if (abs_real >= abs_imag) {
        if (abs_real == 0.0) {
            return false;
        }
        double ratio = b.imag / b.real, denom = b.real + b.imag * ratio;
        *r = (QkComplexValue){(a.real + a.imag * ratio) / denom, (a.imag - a.real * ratio) / denom};
    } else if (abs_imag >= abs_real) {
        double ratio = b.real / b.imag, denom = b.real * ratio + b.imag;
        *r = (QkComplexValue){(a.real * ratio + a.imag) / denom, (a.imag * ratio - a.real) / denom};
    } else {
        /* A part of b is a nan. */
        *r = (QkComplexValue){NAN, NAN};
    }
    return true;
}

/* a ** b through polar form; false for zero to a negative or complex power. */
static bool c_pow(QkComplexValue a, QkComplexValue b, QkComplexValue *r) {
    if (b.real == 0.0 && b.imag == 0.0) {
        *r = (QkComplexValue){1.0, 0.0};
        return true;
    }
    if (a.real == 0.0 && a.imag == 0.0) {
        *r = (QkComplexValue){0.0, 0.0};
        /* A nan exponent is no error. */
        return !(b.imag != 0.0 || b.real < 0.0);
    }
    double vabs = hypot(a.real, a.imag), len = pow(vabs, b.real), at = atan2(a.imag, a.real);
    double phase = at * b.real;
    if (b.imag != 0.0) {
        len /= exp(at * b.imag);
        phase += b.imag * log(vabs);
    }
    *r = (QkComplexValue){len * cos(phase), len * sin(phase)};
    return true;
}

/* x ** n for an integral n, |n| <= 100, by repeated squaring (exact for small Gaussian
 * integers); false for zero to a negative power. */
static bool c_powi(QkComplexValue x, long n, QkComplexValue *r) {
    QkComplexValue acc = {1.0, 0.0}, p = x;
    for (unsigned long mask = 1, m = (unsigned long)labs(n); mask <= m; mask <<= 1) {
        if (m & mask) {
            acc = c_prod(acc, p);
        }
        p = c_prod(p, p);
    }
    if (n >= 0) {
        *r = acc;
        return true;
    }
    return qk_complex_quot((QkComplexValue){1.0, 0.0}, acc, r);
}

/* The errors are CPython's, which reads errno: a domain error from the C library (cos or sin of
 * an infinite phase) is reported as the zero-base one is. */
static QkValue complex_pow(QkThread *tstate, QkComplexValue a, QkComplexValue b) {
    QkComplexValue p;
    errno = 0;
    bool ok = b.imag == 0.0 && b.real == floor(b.real) && fabs(b.real) <= 100.0
                  ? c_powi(a, (long)b.real, &p)
                  : c_pow(a, b, &p);
    if (!ok || errno == EDOM) {
        return qk_raise(tstate, &qk_exc_ZeroDivisionError, "0.0 to a negative or complex power");
    }
    if (isinf(p.real) || isinf(p.imag)) {
        return qk_raise(tstate, &qk_exc_OverflowError, "complex exponentiation");
    }
    return qk_complex_new(tstate, p.real, p.imag);
}

QkValue qk_complex_pow_reals(QkThread *tstate, double x, double y) {
    return complex_pow(tstate, (QkComplexValue){x, 0.0}, (QkComplexValue){y, 0.0});
}

/* abs(z): hypot, but an infinite part wins over a nan; -1 (nothing raised) when a finite z's
 * magnitude overflows. */
int qk_complex_abs(QkComplexValue z, double *out) {
    if (!isfinite(z.real) || !isfinite(z.imag)) {
        *out = isinf(z.real) ? fabs(z.real) : isinf(z.imag) ? fabs(z.imag) : NAN;
        return 0;
    }
    *out = hypot(z.real, z.imag);
    return isfinite(*out) ? 0 : -1;
}

/* ---- slots ---- */

static QkValue complex_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    /* Only + - * / ** are complex's: // % divmod and the bitwise operators are TypeErrors. */
    if (op != QK_BINARY_OP_ADD && op != QK_BINARY_OP_SUBTRACT && op != QK_BINARY_OP_MULTIPLY &&
        op != QK_BINARY_OP_TRUE_DIVIDE && op != QK_BINARY_OP_POWER) {
        return QK_NOT_IMPLEMENTED;
    }
    QkComplexValue a, b, r;
    int ka = to_complex(tstate, lhs, &a), kb = ka > 0 ? to_complex(tstate, rhs, &b) : 0;
    if (ka < 0 || kb < 0) {
        return QK_NULL;
    }
    if (ka == 0 || kb == 0) {
        return QK_NOT_IMPLEMENTED;
    }
    switch (op) {
    case QK_BINARY_OP_ADD:
        return qk_complex_new(tstate, a.real + b.real, a.imag + b.imag);
    case QK_BINARY_OP_SUBTRACT:
        return qk_complex_new(tstate, a.real - b.real, a.imag - b.imag);
    case QK_BINARY_OP_MULTIPLY:
        r = c_prod(a, b);
        return qk_complex_new(tstate, r.real, r.imag);
    case QK_BINARY_OP_TRUE_DIVIDE:
        if (!qk_complex_quot(a, b, &r)) {
            return qk_raise(tstate, &qk_exc_ZeroDivisionError, "complex division by zero");
        }
        return qk_complex_new(tstate, r.real, r.imag);
    default:
        return complex_pow(tstate, a, b);
    }
}

static QkValue complex_unary(QkThread *tstate, uint32_t op, QkValue self, QkValue unused) {
    (void)unused;
    QkComplexValue z = qk_complex_value(self);
    double r;
    switch (op) {
    case QK_UNARY_NEGATIVE:
        return qk_complex_new(tstate, -z.real, -z.imag);
    case QK_UNARY_POSITIVE:
        return self;
    case QK_UNARY_ABS:
        if (qk_complex_abs(z, &r) < 0) {
            return qk_raise(tstate, &qk_exc_OverflowError, "absolute value too large");
        }
        return qk_float_new(tstate, r);
    default:
        return QK_NOT_IMPLEMENTED;
    }
}

/* Only == and != (ordering is a TypeError). An int is compared as the float real part would be
 * (exactly, through float's comparison) when the imaginary part is zero. */
static QkValue complex_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if (op != QK_COMPARE_OP_EQ && op != QK_COMPARE_OP_NE) {
        return QK_NOT_IMPLEMENTED;
    }
    QkComplexValue a = qk_complex_value(lhs);
    bool equal;
    QkValue other = qk_builtin_self(rhs);
    if (qk_is_anyint(other)) {
        if (a.imag != 0.0) {
            equal = false;
        } else {
            QkValue real = qk_float_new(tstate, a.real);
            return real == QK_NULL ? QK_NULL : qk_float_compare(tstate, real, other, op);
        }
    } else if (qk_is_complex(rhs)) {
        QkComplexValue b = qk_complex_value(rhs);
        equal = a.real == b.real && a.imag == b.imag;
    } else {
        double b;
        if (qk_as_double(tstate, rhs, &b) == 0) {
            return QK_NOT_IMPLEMENTED;
        }
        equal = a.real == b && a.imag == 0.0;
    }
    return qk_bool(equal == (op == QK_COMPARE_OP_EQ));
}

/* CPython's: the parts' hashes combined as hash(real) + 1000003 * hash(imag), modulo 2**64. A
 * nan part hashes by identity, as a nan float does. */
static int complex_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    (void)tstate;
    QkComplexValue z = qk_complex_value(self);
    uint64_t re = (uint64_t)(isnan(z.real) ? qk_hash_pointer(self) : qk_hash_double(z.real));
    uint64_t im = (uint64_t)(isnan(z.imag) ? qk_hash_pointer(self) : qk_hash_double(z.imag));
    int64_t h = (int64_t)(re + 1000003u * im);
    *hash = h == -1 ? -2 : h;
    return 0;
}

static int complex_truth(QkThread *tstate, QkValue self) {
    (void)tstate;
    QkComplexValue z = qk_complex_value(self);
    return z.real != 0.0 || z.imag != 0.0;
}

void qk_double_repr_bare(double v, char *buf, size_t size) {
    qk_double_repr(v, buf, size);
    size_t n = strlen(buf);
    if (n > 2 && strcmp(buf + n - 2, ".0") == 0) {
        buf[n - 2] = '\0';
    }
}

/* (1+2j), 2j (a real part of +0.0 is left out, with the parentheses), (-0-1j), (nan+infj). */
static QkValue complex_repr(QkThread *tstate, QkValue self) {
    QkComplexValue z = qk_complex_value(self);
    char re[40], im[40], out[96];
    qk_double_repr_bare(z.imag, im, sizeof im);
    if (z.real == 0.0 && !signbit(z.real)) {
        snprintf(out, sizeof out, "%sj", im);
    } else {
        qk_double_repr_bare(z.real, re, sizeof re);
        bool sign = im[0] == '-';
        snprintf(out, sizeof out, "(%s%s%sj)", re, sign ? "" : "+", im);
    }
    return qk_str_from_cstr(tstate, out);
}

/* ---- construction ---- */

/* The longest prefix of s that is a float as CPython's PyOS_string_to_double reads one (a sign,
 * digits with an optional point and exponent, or inf, infinity, nan; no leading space): the
 * number of characters read, 0 if none. */
static size_t scan_double(const char *s, double *out) {
    size_t i = s[0] == '+' || s[0] == '-' ? 1 : 0;
    static const char *const specials[] = {"infinity", "inf", "nan"};
    for (size_t k = 0; k < 3; k++) {
        size_t n = strlen(specials[k]);
        if (strncasecmp(s + i, specials[k], n) == 0) {
            double v = k == 2 ? NAN : INFINITY;
            *out = s[0] == '-' ? -v : v;
            return i + n;
        }
    }
    size_t digits = 0;
    for (; isdigit((unsigned char)s[i]); i++) {
        digits++;
    }
    if (s[i] == '.') {
        for (i++; isdigit((unsigned char)s[i]); i++) {
            digits++;
        }
    }
    if (digits == 0) {
        return 0;
    }
    if (s[i] == 'e' || s[i] == 'E') {
        size_t e = i + 1 + (s[i + 1] == '+' || s[i + 1] == '-');
        if (isdigit((unsigned char)s[e])) {
            for (i = e; isdigit((unsigned char)s[i]); i++) {
            }
        }
    }
    char *copy = strndup(s, i);
    if (copy == NULL) {
        return 0;
    }
    *out = strtod(copy, NULL);
    free(copy);
    return i;
}

/* CPython's complex_from_string: <float>, <float>j, <float><signed float>j, and the older forms
 * <float><sign>j, <sign>j and j, in optional parentheses, with space around. false: malformed. */
static bool parse_complex(const char *s, QkComplexValue *out) {
    double x = 0.0, y = 0.0, z;
    while (isspace((unsigned char)*s)) {
        s++;
    }
    bool bracket = *s == '(';
    if (bracket) {
        for (s++; isspace((unsigned char)*s); s++) {
        }
    }
    size_t n = scan_double(s, &z);
    if (n > 0) {
        s += n;
        if (*s == '+' || *s == '-') {
            x = z;
            n = scan_double(s, &y);
            if (n == 0) {
                y = *s == '+' ? 1.0 : -1.0;
                n = 1;
            }
            s += n;
            if (*s != 'j' && *s != 'J') {
                return false;
            }
            s++;
        } else if (*s == 'j' || *s == 'J') {
            s++;
            y = z;
        } else {
            x = z;
        }
    } else {
        if (*s == '+' || *s == '-') {
            y = *s++ == '+' ? 1.0 : -1.0;
        } else {
            y = 1.0;
        }
        if (*s != 'j' && *s != 'J') {
            return false;
        }
        s++;
    }
    while (isspace((unsigned char)*s)) {
        s++;
    }
    if (bracket) {
        if (*s != ')') {
            return false;
        }
        for (s++; isspace((unsigned char)*s); s++) {
        }
    }
    *out = (QkComplexValue){x, y};
    return *s == '\0';
}

/* complex(s): underscores are allowed only between digits, and are dropped before parsing. */
static QkValue complex_from_str(QkThread *tstate, QkValue str) {
    size_t length;
    char *numeral = qk_str_numeral(str, &length);
    if (numeral == NULL) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    bool underscores_ok = true;
    size_t kept = 0;
    for (size_t i = 0; i < length; i++) {
        if (numeral[i] == '_') {
            underscores_ok &= i > 0 && i + 1 < length && isdigit((unsigned char)numeral[i - 1]) &&
                              isdigit((unsigned char)numeral[i + 1]);
            continue;
        }
        numeral[kept++] = numeral[i];
    }
    numeral[kept] = '\0';
    QkComplexValue z;
    /* A NUL inside the str is never part of a number. */
    bool parsed = underscores_ok && strlen(numeral) == kept && parse_complex(numeral, &z);
    free(numeral);
    if (parsed) {
        return qk_complex_new(tstate, z.real, z.imag);
    }
    if (underscores_ok) {
        return qk_raise(tstate, &qk_exc_ValueError, "complex() arg is a malformed string");
    }
    QkValue r = qk_str_repr(tstate, str);
    return r == QK_NULL ? QK_NULL
                        : qk_raise(tstate, &qk_exc_ValueError,
                                   "could not convert string to complex: %s", qk_as_str(r)->data);
}

int qk_complex_from_dunder(QkThread *tstate, QkValue v, QkComplexValue *out) {
    QkValue method = qk_type_lookup(qk_type_of(v), QK_NAME(to_complex));
    if (method == QK_NULL) {
        return 0;
    }
    QkValue r = qk_call(tstate, method, &v, 1, QK_NULL);
    if (r == QK_NULL) {
        return -1;
    }
    if (!qk_is_complex(r)) {
        qk_raise(tstate, &qk_exc_TypeError, "__complex__ returned non-complex (type %s)",
                 qk_type_name(r));
        return -1;
    }
    *out = qk_complex_value(r);
    return 1;
}

/* A number argument of complex(): a complex as it is (1), else float(v) as (x, 0) (0); -1 with
 * the exception set. */
static int complex_part(QkThread *tstate, QkValue v, QkComplexValue *out) {
    if (qk_is_complex(v)) {
        *out = qk_complex_value(v);
        return 1;
    }
    out->imag = 0.0;
    int known = qk_as_double(tstate, v, &out->real);
    if (known == 0) {
        known = qk_double_from_dunder(tstate, v, &out->real);
    }
    return known < 0 ? -1 : 0;
}

/* Has the value a number's conversion: what complex() accepts besides str and complex. */
static bool is_number(QkValue v) {
    QkType *t = qk_type_of(v);
    return qk_is_anyint(qk_builtin_self(v)) || qk_type_is_subtype(t, &qk_float_type) ||
           qk_type_lookup(t, QK_NAME(float)) != QK_NULL ||
           qk_type_lookup(t, QK_NAME(index)) != QK_NULL;
}

static QkValue complex_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                 QkValue kwnames) {
    (void)type;
    static const char *const names[] = {"real", "imag"};
    QkValue a[2];
    if (qk_parse_args(tstate, "complex", args, nargs, kwnames, 0, 2, 2, names, a) < 0) {
        return QK_NULL;
    }
    QkValue r = a[0], i = a[1];
    if (r == QK_NULL) {
        r = qk_from_int(0);
    }
    if (qk_is_str(r)) {
        if (i != QK_NULL) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "complex() can't take second arg if first is a string");
        }
        return complex_from_str(tstate, r);
    }
    if (i != QK_NULL && qk_is_str(i)) {
        return qk_raise(tstate, &qk_exc_TypeError, "complex() second arg can't be a string");
    }
    if (i == QK_NULL && qk_is_type(r, &qk_complex_type)) {
        return r;
    }
    QkComplexValue cr, ci = {0.0, 0.0};
    int r_complex = qk_complex_from_dunder(tstate, r, &cr);
    if (r_complex < 0) {
        return QK_NULL;
    }
    if (!r_complex && !qk_is_complex(r) && !is_number(r)) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "complex() first argument must be a string or a number, not '%s'",
                        qk_type_name(r));
    }
    if (i != QK_NULL && !qk_is_complex(i) && !is_number(i)) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "complex() second argument must be a number, not '%s'", qk_type_name(i));
    }
    if (!r_complex) {
        r_complex = complex_part(tstate, r, &cr);
    }
    int i_complex = r_complex < 0 || i == QK_NULL ? 0 : complex_part(tstate, i, &ci);
    if (r_complex < 0 || i_complex < 0) {
        return QK_NULL;
    }
    /* real + imag * 1j, for complex arguments too: complex(1j, 1j) is (-1+1j). */
    if (i == QK_NULL) {
        ci.real = cr.imag;
    }
    /* Adding only what is there keeps a -0.0 part's sign: complex(0.0, -0.0) is -0j. */
    if (i_complex) {
        cr.real -= ci.imag;
    }
    if (r_complex && i != QK_NULL) {
        ci.real += cr.imag;
    }
    return qk_complex_new(tstate, cr.real, ci.real);
}

static bool is_part_name(QkValue name) {
    const char *n = qk_as_str(name)->data;
    return strcmp(n, "real") == 0 || strcmp(n, "imag") == 0;
}

static QkValue complex_getattr(QkThread *tstate, QkValue self, QkValue name) {
    if (is_part_name(name)) {
        QkComplexValue z = qk_complex_value(self);
        return qk_float_new(tstate, qk_as_str(name)->data[0] == 'r' ? z.real : z.imag);
    }
    return qk_generic_getattr(tstate, self, name);
}

/* The parts are read-only members, as in CPython (for deletion too). */
static int complex_setattr(QkThread *tstate, QkValue self, QkValue name, QkValue value) {
    if (is_part_name(name)) {
        qk_raise(tstate, &qk_exc_AttributeError, "readonly attribute");
        return -1;
    }
    return qk_object_setattr(tstate, self, name, value);
}

static QkValue complex_conjugate(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                 QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "conjugate", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    QkComplexValue z = qk_complex_value(self);
    return qk_complex_new(tstate, z.real, -z.imag);
}

static QkValue complex_complex(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)args;
    return qk_check_args(tstate, "__complex__", nargs, kwnames, 0, 0) < 0 ? QK_NULL : self;
}

static const QkMethodDef complex_methods[] = {
    {"conjugate", complex_conjugate},
    {"__complex__", complex_complex},
    {NULL, NULL},
};

QkType qk_complex_type = {
    QK_STATIC_TYPE,
    .name = "complex",
    .instance_size = sizeof(QkComplex),
    .repr = complex_repr,
    .hash = complex_hash,
    .compare = complex_compare,
    .number = complex_number,
    .unary = complex_unary,
    .truth = complex_truth,
    .construct = complex_construct,
    .getattr = complex_getattr,
    .setattr = complex_setattr,
    .methods = complex_methods,
};
