/* float objects: construction, and repr exactly as CPython writes it (the shortest digits that
 * read back as the same double, positional between 1e-4 and 1e16, else exponent form). The
 * arithmetic lives with the ints' in number.c. */
#include <ctype.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quack.h"
#include "types.h"

/* The shortest decimal that reads back as v (v finite, positive): *mantissa * 10 ** *scale, with
 * the fewest significant digits and, among those, the nearest to v (CPython's repr, David Gay's
 * mode 0). At each length the correctly rounded decimal ("%.*e" rounds exactly) is the nearest;
 * when it does not read back as v, only its neighbour on v's other side can (the two bracket v,
 * and the doubles reading as v form an interval around v, wider on one side at a power of two:
 * 2**-24 is 5.960464477539063e-08 though the nearest 16 digits, a tie, round to ...062). */
static void shortest_digits(double v, uint64_t *mantissa, int *scale) {
    char e[40];
    for (int precision = 0;; precision++) {
        snprintf(e, sizeof e, "%.*e", precision, v);
        char *exponent;
        uint64_t m = 0;
        for (exponent = e; *exponent != 'e'; exponent++) {
            if (*exponent != '.') {
                m = m * 10 + (uint64_t)(*exponent - '0');
            }
        }
        *scale = atoi(exponent + 1) - precision;
        double nearest = strtod(e, NULL);
        /* 17 significant digits always read back. */
        if (nearest == v || precision == 16) {
            *mantissa = m;
            return;
        }
        uint64_t other = nearest < v ? m + 1 : m - 1;
        snprintf(e, sizeof e, "%" PRIu64 "e%d", other, *scale);
        if (strtod(e, NULL) == v) {
            *mantissa = other;
            return;
        }
    }
}

void qk_double_repr(double v, char *buf, size_t size) {
    if (isnan(v)) {
        snprintf(buf, size, "nan");
        return;
    }
    if (isinf(v)) {
        snprintf(buf, size, v > 0 ? "inf" : "-inf");
        return;
    }
    bool negative = signbit(v);
    uint64_t mantissa = 0;
    int scale = 0;
    if (v != 0) {
        shortest_digits(fabs(v), &mantissa, &scale);
    }
    char digits[24];
    int ndigits = snprintf(digits, sizeof digits, "%" PRIu64, mantissa);
    while (ndigits > 1 && digits[ndigits - 1] == '0') {
        digits[--ndigits] = '\0';
        scale++;
    }
    /* digits is d[ddd]: v is d.ddd * 10**exponent. */
    int exponent = scale + ndigits - 1;
    char *out = buf;
    size_t left = size;
#define EMIT(...)                                                                                  \
    do {                                                                                           \
        int n_ = snprintf(out, left, __VA_ARGS__);                                                 \
        out += n_;                                                                                 \
        left -= (size_t)n_;                                                                        \
    } while (0)
    if (negative) {
        EMIT("-");
    }
    if (exponent < -4 || exponent >= 16) {
        EMIT("%c", digits[0]);
        if (ndigits > 1) {
            EMIT(".%s", digits + 1);
        }
        EMIT("e%c%02d", exponent < 0 ? '-' : '+', abs(exponent));
    } else if (exponent < 0) {
        EMIT("0.%.*s%s", -exponent - 1, "0000", digits);
    } else if (exponent + 1 >= ndigits) {
        EMIT("%s%.*s.0", digits, exponent + 1 - ndigits, "0000000000000000");
    } else {
        EMIT("%.*s.%s", exponent + 1, digits, digits + exponent + 1);
    }
#undef EMIT
}

static QkValue float_repr(QkThread *tstate, QkValue self) {
    char buf[40];
    qk_double_repr(qk_float_value(self), buf, sizeof buf);
    return qk_str_from_cstr(tstate, buf);
}

static int float_truth(QkThread *tstate, QkValue self) {
    (void)tstate;
    return qk_float_value(self) != 0;
}

/* Python's float literal grammar (with '_' between digits, inf, nan), not C's (no hex). buf has
 * room for n + 1 bytes: the literal without its underscores, for strtod. */
static bool parse_float(const char *s, size_t n, char *buf, double *out) {
    while (n > 0 && isspace((unsigned char)*s)) {
        s++, n--;
    }
    while (n > 0 && isspace((unsigned char)s[n - 1])) {
        n--;
    }
    if (n == 0) {
        return false;
    }
    size_t len = 0, i = 0;
    bool negative = s[0] == '-';
    if (s[0] == '+' || s[0] == '-') {
        i++;
    }
    static const char *const specials[] = {"inf", "infinity", "nan"};
    for (size_t k = 0; k < 3; k++) {
        if (n - i == strlen(specials[k]) && strncasecmp(s + i, specials[k], n - i) == 0) {
            double v = k == 2 ? NAN : INFINITY;
            *out = negative ? -v : v;
            return true;
        }
    }
    bool digits = false, dot = false, exp = false;
    for (size_t j = 0; j < n; j++) {
        char c = s[j];
        if (c == '_') {
            /* Only between two digits. */
            if (j == 0 || j + 1 >= n || !isdigit((unsigned char)s[j - 1]) ||
                !isdigit((unsigned char)s[j + 1])) {
                return false;
            }
            continue;
        }
        if (isdigit((unsigned char)c)) {
            digits = true;
        } else if (c == '.' && !dot && !exp) {
            dot = true;
        } else if ((c == 'e' || c == 'E') && digits && !exp) {
            exp = true;
            digits = false;
        } else if ((c == '+' || c == '-') && (j == 0 || s[j - 1] == 'e' || s[j - 1] == 'E')) {
            /* a sign: at the start or after the exponent mark */
        } else {
            return false;
        }
        buf[len++] = c;
    }
    if (!digits) {
        return false;
    }
    buf[len] = '\0';
    *out = strtod(buf, NULL);
    return true;
}

int qk_double_from_dunder(QkThread *tstate, QkValue v, double *out) {
    QkType *cls = qk_type_of(v);
    QkValue method = qk_type_lookup(cls, QK_NAME(float));
    bool index = method == QK_NULL;
    if (index && (method = qk_type_lookup(cls, QK_NAME(index))) == QK_NULL) {
        return 0;
    }
    QkValue r = qk_call(tstate, method, &v, 1, QK_NULL);
    if (r == QK_NULL) {
        return -1;
    }
    if (index ? !qk_is_anyint(r) : !qk_is_type(r, &qk_float_type)) {
        if (index) {
            qk_raise(tstate, &qk_exc_TypeError, "__index__ returned non-int (type %s)",
                     qk_type_name(r));
        } else {
            qk_raise(tstate, &qk_exc_TypeError, "%s.__float__ returned non-float (type %s)",
                     cls->name, qk_type_name(r));
        }
        return -1;
    }
    return qk_as_double(tstate, r, out) < 0 ? -1 : 1;
}

static QkValue float_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "float", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    if (nargs == 0) {
        return qk_float_new(tstate, 0.0);
    }
    double d;
    if (qk_is_type(args[0], &qk_float_type)) {
        return args[0];
    }
    int known = qk_as_double(tstate, args[0], &d);
    if (known != 0) {
        return known < 0 ? QK_NULL : qk_float_new(tstate, d);
    }
    if (qk_is_str(args[0])) {
        /* CPython takes literals of any length: "1." followed by 600 zeros and a 1 is 1.0. */
        size_t length;
        char *numeral = qk_str_numeral(args[0], &length);
        char *buf = numeral == NULL ? NULL : malloc(length + 1);
        if (buf == NULL) {
            free(numeral);
            return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        }
        bool parsed = parse_float(numeral, length, buf, &d);
        free(buf);
        free(numeral);
        if (parsed) {
            return qk_float_new(tstate, d);
        }
        QkValue r = qk_str_repr(tstate, args[0]);
        return r == QK_NULL ? QK_NULL
                            : qk_raise(tstate, &qk_exc_ValueError,
                                       "could not convert string to float: %s",
                                       qk_as_str(r)->data);
    }
    known = qk_double_from_dunder(tstate, args[0], &d);
    if (known != 0) {
        return known < 0 ? QK_NULL : qk_float_new(tstate, d);
    }
    return qk_raise(tstate, &qk_exc_TypeError,
                    "float() argument must be a string or a real number, not '%s'",
                    qk_type_name(args[0]));
}

QkType qk_float_type = {
    QK_STATIC_TYPE,
    .name = "float",
    .flags = QK_TYPE_BASETYPE,
    .instance_size = sizeof(QkFloat),
    .repr = float_repr,
    .hash = qk_float_hash,
    .compare = qk_float_compare,
    .number = qk_float_number,
    .unary = qk_float_unary,
    .truth = float_truth,
    .construct = float_construct,
    .methods = qk_float_methods,
};
