/* Formatting: the format-spec mini-language (format(), f-strings, str.format) for int, bool,
 * float and str, and printf-style `str % args`, which is translated into the same spec so both
 * share one set of formatters. */
#include <ctype.h>
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

typedef struct Spec {
    char fill[5]; /* one code point, UTF-8 */
    char align;   /* '<', '>', '^', '=' or 0 (the type's default) */
    char sign;    /* '+', '-', ' ' or 0 */
    bool alternate, zero;
    int64_t width;     /* -1: none */
    char grouping;     /* ',', '_' or 0 */
    int64_t precision; /* -1: none */
    char type;         /* 0: none */
    /* %-format only: a precision on an integer is a minimum number of digits. */
    bool int_precision;
    /* A complex's part without type or precision: its repr without a ".0". */
    bool bare;
} Spec;

static const Spec default_spec = {" ", 0, 0, false, false, -1, 0, -1, 0, false, false};

static bool is_align(char c) { return c == '<' || c == '>' || c == '^' || c == '='; }

static int parse_number(const char **p, const char *end, int64_t *out) {
    int64_t v = 0;
    const char *start = *p;
    while (*p < end && **p >= '0' && **p <= '9') {
        if (v > INT32_MAX) {
            return -1;
        }
        v = v * 10 + (**p - '0');
        (*p)++;
    }
    *out = *p > start ? v : -1;
    return 0;
}

static int parse_spec(QkThread *tstate, QkValue specv, QkValue v, Spec *s) {
    *s = default_spec;
    const char *p = qk_as_str(specv)->data, *end = p + qk_as_str(specv)->length;
    const char *after_first = p;
    if (p < end) {
        qk_utf8_decode(&after_first);
    }
    if (after_first < end && is_align(*after_first)) {
        memcpy(s->fill, p, (size_t)(after_first - p));
        s->fill[after_first - p] = '\0';
        s->align = *after_first;
        p = after_first + 1;
    } else if (p < end && is_align(*p)) {
        s->align = *p++;
    }
    if (p < end && (*p == '+' || *p == '-' || *p == ' ')) {
        s->sign = *p++;
    }
    if (p < end && *p == '#') {
        s->alternate = true;
        p++;
    }
    if (p < end && *p == '0') {
        s->zero = true;
        p++;
    }
    if (parse_number(&p, end, &s->width) < 0) {
        qk_raise(tstate, &qk_exc_ValueError, "Too many decimal digits in format string");
        return -1;
    }
    if (p < end && (*p == ',' || *p == '_')) {
        s->grouping = *p++;
    }
    if (p < end && *p == '.') {
        p++;
        if (parse_number(&p, end, &s->precision) < 0 || s->precision < 0) {
            qk_raise(tstate, &qk_exc_ValueError, "Format specifier missing precision");
            return -1;
        }
    }
    if (end - p > 1) {
        qk_raise(tstate, &qk_exc_ValueError, "Invalid format specifier '%s' for object of type '%s'",
                 qk_as_str(specv)->data, qk_type_name(v));
        return -1;
    }
    s->type = p < end ? *p : 0;
    return 0;
}

/* Writes body (sign_len bytes of sign/prefix first) into out, padded to the spec's width. */
static int pad(QkThread *tstate, QkBuf *out, const char *body, size_t len, size_t sign_len,
               const Spec *s, char default_align) {
    char align = s->align ? s->align : default_align;
    int64_t cps = 0;
    for (size_t i = 0; i < len; i++) {
        cps += ((uint8_t)body[i] & 0xc0) != 0x80;
    }
    int64_t padding = s->width > cps ? s->width - cps : 0;
    int64_t left = align == '>' || align == '=' ? padding : align == '^' ? padding / 2 : 0;
    size_t fill_len = strlen(s->fill);
    if (align == '=') {
        return qk_buf_append(tstate, out, body, sign_len) < 0 ||
                       qk_buf_fill(tstate, out, s->fill, fill_len, padding) < 0 ||
                       qk_buf_append(tstate, out, body + sign_len, len - sign_len) < 0
                   ? -1
                   : 0;
    }
    return qk_buf_fill(tstate, out, s->fill, fill_len, left) < 0 ||
                   qk_buf_append(tstate, out, body, len) < 0 ||
                   qk_buf_fill(tstate, out, s->fill, fill_len, padding - left) < 0
               ? -1
               : 0;
}

/* Digits with a separator every `every` digits from the right, into out. */
static void group_digits(const char *digits, size_t n, char sep, int every, char *out) {
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (i > 0 && (n - i) % (size_t)every == 0) {
            out[o++] = sep;
        }
        out[o++] = digits[i];
    }
    out[o] = '\0';
}

/* Zeros the '0' flag may add in front of the digits (they are grouped too). */
#define MAX_ZERO_PAD 256

/* sign + prefix + digits (+ rest, a float's fraction and exponent), grouped, zero-padded for '0'
 * with '=' alignment, then padded. Without grouping (most formats) nothing is allocated but the
 * output. */
static int emit_number(QkThread *tstate, QkBuf *out, bool negative, const char *prefix,
                       const char *digits, const char *rest, int every, const Spec *s) {
    const char *sign = negative ? "-" : s->sign == '+' ? "+" : s->sign == ' ' ? " " : "";
    size_t sign_len = strlen(sign), prefix_len = strlen(prefix), rest_len = strlen(rest);
    size_t head_len = sign_len + prefix_len, n = strlen(digits);
    Spec spec = *s;
    if (spec.zero && spec.align == 0) {
        strcpy(spec.fill, "0");
        spec.align = '=';
    }
    char *padded = NULL, *grouped = NULL;
    if (spec.grouping) {
        /* Room for the padding zeros before the digits, and for the grouped result. */
        padded = malloc(MAX_ZERO_PAD + n + 1);
        grouped = malloc(2 * (MAX_ZERO_PAD + n) + 1);
        if (padded == NULL || grouped == NULL) {
            free(padded);
            free(grouped);
            qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
            return -1;
        }
        memset(padded, '0', MAX_ZERO_PAD);
        memcpy(padded + MAX_ZERO_PAD, digits, n + 1);
        /* Zero padding with separators: zeros are added (and grouped) up to the width. */
        bool zero_pad = spec.align == '=' && strcmp(spec.fill, "0") == 0;
        for (size_t extra = 0;; extra++) {
            group_digits(padded + MAX_ZERO_PAD - extra, n + extra, spec.grouping, every, grouped);
            if (!zero_pad || (int64_t)(head_len + strlen(grouped) + rest_len) >= spec.width ||
                extra == MAX_ZERO_PAD) {
                break;
            }
        }
        digits = grouped;
        n = strlen(grouped);
    }
    QkBuf body = {0};
    int failed = qk_buf_append(tstate, &body, sign, sign_len) < 0 ||
                 qk_buf_append(tstate, &body, prefix, prefix_len) < 0 ||
                 qk_buf_append(tstate, &body, digits, n) < 0 ||
                 qk_buf_append(tstate, &body, rest, rest_len) < 0 ||
                 pad(tstate, out, body.data, body.len, head_len, &spec, '>') < 0;
    qk_buf_free(&body);
    free(padded);
    free(grouped);
    return failed ? -1 : 0;
}

static int format_double(QkThread *tstate, QkBuf *out, double v, const Spec *s);

static int format_int(QkThread *tstate, QkBuf *out, QkValue value, const Spec *s) {
    char type = s->type ? s->type : 'd';
    if (strchr("eEfFgG%", type) != NULL) {
        double d;
        return qk_as_double(tstate, value, &d) < 0 ? -1 : format_double(tstate, out, d, s);
    }
    if (strchr("dnbBoxXc", type) == NULL || type == 'B') {
        qk_raise(tstate, &qk_exc_ValueError, "Unknown format code '%c' for object of type '%s'",
                 type, qk_type_name(value));
        return -1;
    }
    if (s->precision >= 0 && !s->int_precision) {
        qk_raise(tstate, &qk_exc_ValueError, "Precision not allowed in integer format specifier");
        return -1;
    }
    if (s->grouping == ',' && strchr("bxXoc", type) != NULL) {
        qk_raise(tstate, &qk_exc_ValueError, "Cannot specify ',' with '%c'.", type);
        return -1;
    }
    if (type == 'c') {
        if (s->sign) {
            qk_raise(tstate, &qk_exc_ValueError,
                     "Sign not allowed with integer format specifier 'c'");
            return -1;
        }
        int64_t v = qk_is_bigint(value) ? -1 : qk_int_like_value(value);
        if (v < 0 || v > 0x10ffff) {
            qk_raise(tstate, &qk_exc_OverflowError, "%%c arg not in range(0x110000)");
            return -1;
        }
        char buf[5];
        int n = qk_utf8_encode((uint32_t)v, buf);
        return pad(tstate, out, buf, (size_t)n, 0, s, '<');
    }
    int base = type == 'b' ? 2 : type == 'o' ? 8 : (type == 'x' || type == 'X') ? 16 : 10;
    bool negative;
    char small[QK_SMALL_DIGITS];
    char *digits = qk_long_digits(tstate, value, base, &negative, small);
    if (digits == NULL) {
        return -1;
    }
    size_t n = strlen(digits);
    for (size_t i = 0; type == 'X' && i < n; i++) {
        digits[i] = (char)toupper((unsigned char)digits[i]);
    }
    /* %-format's precision: at least that many digits. */
    size_t zeros = s->int_precision && s->precision > (int64_t)n ? (size_t)s->precision - n : 0;
    char *padded = zeros == 0 ? digits : malloc(zeros + n + 1);
    if (padded == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    } else if (padded != digits) {
        memset(padded, '0', zeros);
        memcpy(padded + zeros, digits, n + 1);
    }
    const char *prefix = "";
    if (s->alternate) {
        prefix = base == 2 ? "0b" : base == 8 ? "0o" : type == 'X' ? "0X" : base == 16 ? "0x" : "";
    }
    int r = padded == NULL ? -1
                           : emit_number(tstate, out, negative, prefix, padded, "",
                                         base == 10 ? 3 : 4, s);
    if (padded != digits) {
        free(padded);
    }
    if (digits != small) {
        free(digits);
    }
    return r;
}

static int format_double(QkThread *tstate, QkBuf *out, double v, const Spec *s) {
    char type = s->type;
    if (strchr("eEfFgGn%", type) == NULL && type != 0) {
        qk_raise(tstate, &qk_exc_ValueError,
                 "Unknown format code '%c' for object of type 'float'", type);
        return -1;
    }
    char buf[1024];
    bool negative = signbit(v) && !isnan(v);
    double a = fabs(v);
    int precision = s->precision < 0 ? 6 : (int)(s->precision > 400 ? 400 : s->precision);
    const char *suffix = "";
    if (type == 0 && s->precision < 0) {
        (s->bare ? qk_double_repr_bare : qk_double_repr)(a, buf, sizeof buf);
        /* '#' keeps the point a bare repr drops: 1. and 1.e+20. */
        if (s->bare && s->alternate && isfinite(a) && strchr(buf, '.') == NULL) {
            char *point = buf + strcspn(buf, "e");
            memmove(point + 1, point, strlen(point) + 1);
            *point = '.';
        }
    } else if (!isfinite(a)) {
        snprintf(buf, sizeof buf, "%s",
                 isnan(a) ? (strchr("EFG", type) && type ? "NAN" : "nan")
                          : (strchr("EFG", type) && type ? "INF" : "inf"));
        suffix = type == '%' ? "%" : "";
    } else if (type == '%') {
        snprintf(buf, sizeof buf, s->alternate ? "%#.*f" : "%.*f", precision, a * 100);
        suffix = "%";
    } else if (type == 0) {
        /* No type but a precision: like 'g', except that the exponent form starts one digit
         * earlier and the fixed form keeps a digit after the point (CPython's add-dot-0 rule). */
        precision = precision == 0 ? 1 : precision;
        snprintf(buf, sizeof buf, "%.*e", precision - 1, a);
        int exponent = atoi(strchr(buf, 'e') + 1);
        if (exponent < -4 || exponent >= precision - 1) {
            /* Trailing zeros of the mantissa go, as with 'g'. */
            char *e = strchr(buf, 'e'), *m = e;
            while (!s->alternate && m > buf && m[-1] == '0') {
                m--;
            }
            m -= !s->alternate && m[-1] == '.';
            memmove(m, e, strlen(e) + 1);
        } else {
            snprintf(buf, sizeof buf, s->alternate ? "%#.*g" : "%.*g", precision, a);
            if (strchr(buf, '.') == NULL) {
                strcat(buf, ".0");
            }
        }
    } else {
        char fmt[8];
        snprintf(fmt, sizeof fmt, s->alternate ? "%%#.*%c" : "%%.*%c", type == 'n' ? 'g' : type);
        snprintf(buf, sizeof buf, fmt, precision, a);
    }
    /* Split into the integer digits (grouped, padded) and the rest. */
    size_t int_len = strspn(buf, "0123456789");
    char digits[1040]; /* room for `rest`, which it takes for inf and nan */
    memcpy(digits, buf, int_len);
    digits[int_len] = '\0';
    char rest[1040];
    snprintf(rest, sizeof rest, "%s%s", buf + int_len, suffix);
    if (int_len == 0) {
        /* inf, nan: nothing to group. */
        snprintf(digits, sizeof digits, "%s", rest);
        rest[0] = '\0';
    }
    return emit_number(tstate, out, negative, "", digits, rest, 3, s);
}

/* A complex: both parts formatted as floats (the imaginary one always signed) and padded as one,
 * in parentheses without a type, and then without a real part of +0.0 (as repr). */
static int format_complex(QkThread *tstate, QkBuf *out, QkComplexValue z, const Spec *s) {
    if (s->zero) {
        qk_raise(tstate, &qk_exc_ValueError,
                 "Zero padding is not allowed in complex format specifier");
        return -1;
    }
    if (s->align == '=') {
        qk_raise(tstate, &qk_exc_ValueError,
                 "'=' alignment flag is not allowed in complex format specifier");
        return -1;
    }
    if (s->type == '%' || (s->type != 0 && strchr("eEfFgGn", s->type) == NULL)) {
        qk_raise(tstate, &qk_exc_ValueError,
                 "Unknown format code '%c' for object of type 'complex'", s->type);
        return -1;
    }
    Spec part = default_spec;
    part.sign = s->sign;
    part.alternate = s->alternate;
    part.grouping = s->grouping;
    part.precision = s->precision;
    part.type = s->type == 'n' ? 'g' : s->type;
    bool parens = false, skip_re = false;
    if (s->type == 0) {
        skip_re = z.real == 0.0 && !signbit(z.real);
        parens = !skip_re;
        part.bare = s->precision < 0;
        part.type = s->precision < 0 ? 0 : 'g';
    }
    QkBuf body = {0};
    int failed = parens && qk_buf_putc(tstate, &body, '(') < 0;
    if (!failed && !skip_re) {
        failed = format_double(tstate, &body, z.real, &part) < 0;
        part.sign = '+';
    }
    failed = failed || format_double(tstate, &body, z.imag, &part) < 0 ||
             qk_buf_append(tstate, &body, parens ? "j)" : "j", parens ? 2 : 1) < 0 ||
             pad(tstate, out, body.data, body.len, 0, s, '>') < 0;
    qk_buf_free(&body);
    return failed ? -1 : 0;
}

static int format_string(QkThread *tstate, QkBuf *out, QkValue v, const Spec *s) {
    if (s->type != 0 && s->type != 's') {
        qk_raise(tstate, &qk_exc_ValueError, "Unknown format code '%c' for object of type 'str'",
                 s->type);
        return -1;
    }
    if (s->sign) {
        qk_raise(tstate, &qk_exc_ValueError, "Sign not allowed in string format specifier");
        return -1;
    }
    if (s->alternate) {
        qk_raise(tstate, &qk_exc_ValueError,
                 "Alternate form (#) not allowed in string format specifier");
        return -1;
    }
    if (s->align == '=') {
        qk_raise(tstate, &qk_exc_ValueError,
                 "'=' alignment not allowed in string format specifier");
        return -1;
    }
    if (s->grouping) {
        qk_raise(tstate, &qk_exc_ValueError, "Cannot specify '%c' with 's'.", s->grouping);
        return -1;
    }
    Spec spec = *s;
    if (spec.zero && strcmp(spec.fill, " ") == 0 && spec.align == 0) {
        strcpy(spec.fill, "0");
    }
    int64_t len = qk_as_str(v)->length;
    if (s->precision >= 0 && s->precision < qk_str_cp_length(v)) {
        len = qk_str_cp_offset(v, s->precision);
    }
    return pad(tstate, out, qk_as_str(v)->data, (size_t)len, 0, &spec, '<');
}

QkValue qk_format_builtin(QkThread *tstate, QkValue v, QkValue spec) {
    double d = 0;
    bool is_int = qk_is_anyint(qk_builtin_self(v));
    int known = is_int || qk_is_str(v) || qk_is_complex(v) ? 1 : qk_as_double(tstate, v, &d);
    if (known <= 0) {
        return known < 0 ? QK_NULL : QK_NOT_IMPLEMENTED;
    }
    if (spec == QK_NULL || qk_as_str(spec)->length == 0) {
        return qk_str(tstate, v);
    }
    Spec s;
    if (parse_spec(tstate, spec, v, &s) < 0) {
        return QK_NULL;
    }
    QkBuf out = {0};
    int failed = is_int ? format_int(tstate, &out, qk_builtin_self(v), &s)
                 : qk_is_str(v)     ? format_string(tstate, &out, v, &s)
                 : qk_is_complex(v) ? format_complex(tstate, &out, qk_complex_value(v), &s)
                                    : format_double(tstate, &out, d, &s);
    if (failed) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &out);
}

/* ---- str % args ---- */

/* Bytes of bytes % args, padded with spaces to the width in bytes (pad counts UTF-8 code
 * points). */
static int pad_bytes(QkThread *tstate, QkBuf *out, const char *data, int64_t n, const Spec *s) {
    int64_t padding = s->width > n ? s->width - n : 0;
    bool left = s->align == '<';
    return qk_buf_fill(tstate, out, " ", 1, left ? 0 : padding) < 0 ||
                   qk_buf_append(tstate, out, data, (size_t)n) < 0 ||
                   qk_buf_fill(tstate, out, " ", 1, left ? padding : 0) < 0
               ? -1
               : 0;
}

/* %s of bytes % args: the bytes of a bytes-like argument, cut to the precision. */
static int format_bytes_arg(QkThread *tstate, QkBuf *out, QkValue arg, const Spec *s) {
    if (!qk_is_bytes_like(arg)) {
        qk_raise(tstate, &qk_exc_TypeError,
                 "%%b requires a bytes-like object, or an object that implements __bytes__, not "
                 "'%s'",
                 qk_type_name(arg));
        return -1;
    }
    int64_t n = qk_as_bytes(arg)->length;
    return pad_bytes(tstate, out, qk_as_bytes(arg)->data,
                     s->precision >= 0 && s->precision < n ? s->precision : n, s);
}

/* %c of bytes % args: an int in range(256) or a single byte. */
static int format_bytes_char(QkThread *tstate, QkBuf *out, QkValue arg, const Spec *s) {
    char c;
    if (qk_is_bytes_like(arg) && qk_as_bytes(arg)->length == 1) {
        c = qk_as_bytes(arg)->data[0];
    } else if (qk_is_int_like(arg)) {
        int64_t v = qk_int_like_value(arg);
        if (v < 0 || v > 255) {
            qk_raise(tstate, &qk_exc_OverflowError, "%%c arg not in range(256)");
            return -1;
        }
        c = (char)v;
    } else {
        qk_raise(tstate, &qk_exc_TypeError, "%%c requires an integer in range(256) or a single byte");
        return -1;
    }
    return pad_bytes(tstate, out, &c, 1, s);
}

QkValue qk_str_mod(QkThread *tstate, QkValue format, QkValue args) {
    return qk_printf_format(tstate, qk_as_str(format)->data, qk_as_str(format)->length, args,
                            NULL);
}

QkValue qk_printf_format(QkThread *tstate, const char *data, int64_t length, QkValue args,
                         QkType *bytes_type) {
    QkValue *items = &args;
    int64_t nitems = 1, next = 0;
    if (qk_is_tuple(args)) {
        items = qk_as_tuple(args)->items;
        nitems = qk_as_tuple(args)->size;
    }
    QkValue mapping = qk_is_dict(args) ? args : QK_NULL;
    QkBuf out = {0};
    const char *start = data, *p = start;
    const char *end = p + length;
    QkValue converted = QK_NULL;
    qk_root_push(tstate, &converted);
#define FAIL(...)                                                                                  \
    do {                                                                                           \
        qk_raise(tstate, __VA_ARGS__);                                                             \
        goto error;                                                                                \
    } while (0)
#define NEXT_ARG(dst)                                                                              \
    do {                                                                                           \
        if (next >= nitems) {                                                                      \
            FAIL(&qk_exc_TypeError, "not enough arguments for format string");                     \
        }                                                                                          \
        dst = items[next++];                                                                       \
    } while (0)
    while (p < end) {
        const char *pct = memchr(p, '%', (size_t)(end - p));
        if (pct == NULL) {
            pct = end;
        }
        if (qk_buf_append(tstate, &out, p, (size_t)(pct - p)) < 0) {
            goto error;
        }
        if (pct == end) {
            break;
        }
        p = pct + 1;
        QkValue arg = QK_NULL;
        if (p < end && *p == '(') {
            const char *close = memchr(p, ')', (size_t)(end - p));
            if (mapping == QK_NULL) {
                FAIL(&qk_exc_TypeError, "format requires a mapping");
            }
            if (close == NULL) {
                FAIL(&qk_exc_ValueError, "incomplete format key");
            }
            converted = bytes_type != NULL ? qk_bytes_new(tstate, &qk_bytes_type, p + 1, close - p - 1)
                                           : qk_str_new(tstate, p + 1, close - p - 1);
            if (converted == QK_NULL) {
                goto error;
            }
            int found = qk_dict_getitem(tstate, mapping, converted, &arg);
            if (found <= 0) {
                if (found == 0) {
                    qk_key_error(tstate, converted);
                }
                goto error;
            }
            p = close + 1;
        }
        Spec s = default_spec;
        for (; p < end && strchr("-+ #0", *p) != NULL; p++) {
            switch (*p) {
            case '-':
                s.align = '<';
                break;
            case '+':
                s.sign = '+';
                break;
            case ' ':
                s.sign = s.sign ? s.sign : ' ';
                break;
            case '#':
                s.alternate = true;
                break;
            default:
                s.zero = true;
                break;
            }
        }
        int64_t *targets[2] = {&s.width, &s.precision};
        for (int part = 0; part < 2; part++) {
            if (part == 1) {
                if (p >= end || *p != '.') {
                    break;
                }
                p++;
                s.precision = 0;
            }
            if (p < end && *p == '*') {
                QkValue n;
                NEXT_ARG(n);
                if (!qk_is_int_like(n)) {
                    FAIL(&qk_exc_TypeError, "* wants int");
                }
                *targets[part] = qk_int_like_value(n);
                p++;
            } else {
                int64_t n = -1;
                parse_number(&p, end, &n);
                if (n >= 0) {
                    *targets[part] = n;
                }
            }
        }
        if (s.width < -1) {
            s.align = '<';
            s.width = -s.width;
        }
        while (p < end && (*p == 'h' || *p == 'l' || *p == 'L')) {
            p++;
        }
        if (p >= end) {
            FAIL(&qk_exc_ValueError, "incomplete format");
        }
        char c = *p++;
        if (c == '%') {
            if (qk_buf_putc(tstate, &out, '%') < 0) {
                goto error;
            }
            continue;
        }
        if (arg == QK_NULL) {
            NEXT_ARG(arg);
        }
        if (s.align == '<') {
            s.zero = false;
        }
        int failed;
        double d;
        if (bytes_type != NULL && (c == 's' || c == 'b')) {
            failed = format_bytes_arg(tstate, &out, arg, &s) < 0;
            if (failed) {
                goto error;
            }
            continue;
        }
        if (bytes_type != NULL && c == 'r') {
            c = 'a';
        }
        switch (c) {
        case 's':
        case 'r':
        case 'a':
            converted = qk_convert_value(tstate, arg,
                                         c == 's'   ? QK_CONVERT_VALUE_STR
                                         : c == 'r' ? QK_CONVERT_VALUE_REPR
                                                    : QK_CONVERT_VALUE_ASCII);
            s.zero = false;
            s.alternate = false;
            s.sign = 0;
            s.align = s.align ? s.align : '>';
            failed = converted == QK_NULL || format_string(tstate, &out, converted, &s) < 0;
            break;
        case 'd':
        case 'i':
        case 'u':
        case 'x':
        case 'X':
        case 'o':
            if (c == 'i' || c == 'u') {
                c = 'd';
            }
            if (qk_is_anyint(qk_builtin_self(arg))) {
                arg = qk_builtin_self(arg);
            } else {
                int known = c == 'd' ? qk_as_double(tstate, arg, &d) : 0;
                if (known < 0) {
                    goto error;
                }
                if (known == 0) {
                    FAIL(&qk_exc_TypeError, c == 'd' ? "%%%c format: a real number is required, not %s"
                                                     : "%%%c format: an integer is required, not %s",
                         c, qk_type_name(arg));
                }
                arg = converted = qk_int_from_double(tstate, d);
                if (arg == QK_NULL) {
                    goto error;
                }
            }
            s.type = c;
            s.int_precision = s.precision >= 0;
            failed = format_int(tstate, &out, arg, &s) < 0;
            break;
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': {
            int known = qk_as_double(tstate, arg, &d);
            if (known < 0) {
                goto error;
            }
            if (known == 0) {
                FAIL(&qk_exc_TypeError, "must be real number, not %s", qk_type_name(arg));
            }
            s.type = c;
            failed = format_double(tstate, &out, d, &s) < 0;
            break;
        }
        case 'c':
            if (bytes_type != NULL) {
                failed = format_bytes_char(tstate, &out, arg, &s) < 0;
            } else if (qk_is_str(arg) && qk_str_cp_length(arg) == 1) {
                failed = format_string(tstate, &out, arg, &s) < 0;
            } else if (qk_is_int_like(arg)) {
                s.type = 'c';
                failed = format_int(tstate, &out, arg, &s) < 0;
            } else {
                FAIL(&qk_exc_TypeError, "%%c requires int or char");
            }
            break;
        default:
            FAIL(&qk_exc_ValueError,
                 "unsupported format character '%c' (0x%x) at index %" PRId64, c,
                 (unsigned)(uint8_t)c, (int64_t)(p - 1 - start));
        }
        if (failed) {
            goto error;
        }
    }
    if (next < nitems && mapping == QK_NULL) {
        FAIL(&qk_exc_TypeError, "not all arguments converted during %s formatting",
             bytes_type != NULL ? "bytes" : "string");
    }
    qk_root_pop(tstate, 1);
    if (bytes_type != NULL) {
        QkValue r = qk_bytes_new(tstate, bytes_type, out.data, (int64_t)out.len);
        qk_buf_free(&out);
        return r;
    }
    return qk_buf_finish(tstate, &out);
error:
    qk_root_pop(tstate, 1);
    qk_buf_free(&out);
    return QK_NULL;
#undef NEXT_ARG
#undef FAIL
}

/* ---- str.format ---- */

typedef struct FormatState {
    QkValue *args;
    int64_t nargs;
    QkValue *kwargs; /* values, named by kwnames */
    QkValue kwnames;
    int64_t auto_index; /* -1 once numbered manually */
    bool manual;
} FormatState;

/* The value a field name ("0", "name", "", "x[1]", "x.attr") refers to. */
static QkValue field_value(QkThread *tstate, FormatState *st, const char *p, const char *end) {
    const char *name_end = p;
    while (name_end < end && *name_end != '[' && *name_end != '.') {
        name_end++;
    }
    QkValue v = QK_NULL;
    if (name_end == p) {
        if (st->manual) {
            return qk_raise(tstate, &qk_exc_ValueError,
                            "cannot switch from manual field specification to automatic field "
                            "numbering");
        }
        st->auto_index = st->auto_index < 0 ? 0 : st->auto_index;
        int64_t i = st->auto_index++;
        if (i >= st->nargs) {
            return qk_raise(tstate, &qk_exc_IndexError,
                            "Replacement index %" PRId64 " out of range for positional args tuple",
                            i);
        }
        v = st->args[i];
    } else if (*p >= '0' && *p <= '9') {
        if (st->auto_index >= 0) {
            return qk_raise(tstate, &qk_exc_ValueError,
                            "cannot switch from automatic field numbering to manual field "
                            "specification");
        }
        st->manual = true;
        int64_t i = strtoll(p, NULL, 10);
        if (i >= st->nargs) {
            return qk_raise(tstate, &qk_exc_IndexError,
                            "Replacement index %" PRId64 " out of range for positional args tuple",
                            i);
        }
        v = st->args[i];
    } else {
        size_t nkw = qk_nkwargs(st->kwnames);
        for (size_t k = 0; k < nkw && v == QK_NULL; k++) {
            QkStr *name = qk_as_str(qk_as_tuple(st->kwnames)->items[k]);
            if ((size_t)name->length == (size_t)(name_end - p) &&
                memcmp(name->data, p, (size_t)name->length) == 0) {
                v = st->kwargs[k];
            }
        }
        if (v == QK_NULL) {
            QkValue key = qk_str_new(tstate, p, name_end - p);
            return key == QK_NULL ? QK_NULL : qk_key_error(tstate, key);
        }
    }
    /* Then any number of [index] and .attribute parts. */
    for (p = name_end; p < end && v != QK_NULL;) {
        bool index = *p == '[';
        const char *part = ++p;
        while (p < end && *p != (index ? ']' : '.') && (index || *p != '[')) {
            p++;
        }
        QkValue key = QK_NULL;
        bool numeric = part < p && strspn(part, "0123456789") >= (size_t)(p - part);
        if (index && numeric) {
            key = qk_from_int(strtoll(part, NULL, 10));
        } else {
            key = qk_str_new(tstate, part, p - part);
        }
        if (key == QK_NULL) {
            return QK_NULL;
        }
        qk_root_push(tstate, &v);
        qk_root_push(tstate, &key);
        v = index ? qk_getitem(tstate, v, key) : qk_getattr(tstate, v, key);
        qk_root_pop(tstate, 2);
        p += index && p < end;
    }
    return v;
}

/* Formats template[p, end) into out; depth limits nested fields in specs to one level. */
static int format_template(QkThread *tstate, QkBuf *out, FormatState *st, const char *p,
                           const char *end, int depth) {
    while (p < end) {
        char c = *p++;
        if (c == '}') {
            if (p < end && *p == '}') {
                p++;
            } else {
                qk_raise(tstate, &qk_exc_ValueError, "Single '}' encountered in format string");
                return -1;
            }
        }
        if (c != '{' || (p < end && *p == '{')) {
            p += c == '{';
            if (qk_buf_putc(tstate, out, c) < 0) {
                return -1;
            }
            continue;
        }
        /* A field: up to the matching '}' (braces in the spec nest). */
        const char *field = p;
        int level = 1;
        while (p < end && level > 0) {
            level += *p == '{' ? 1 : *p == '}' ? -1 : 0;
            p++;
        }
        if (level > 0) {
            qk_raise(tstate, &qk_exc_ValueError,
                     p == field ? "Single '{' encountered in format string"
                                : "expected '}' before end of string");
            return -1;
        }
        const char *field_end = p - 1, *name_end = field;
        while (name_end < field_end && *name_end != '!' && *name_end != ':') {
            name_end++;
        }
        char conversion = 0;
        const char *spec_start = name_end;
        if (name_end < field_end && *name_end == '!') {
            conversion = name_end + 1 < field_end ? name_end[1] : 0;
            spec_start = name_end + 2;
            if (strchr("rsa", conversion) == NULL || conversion == 0 ||
                (spec_start < field_end && *spec_start != ':')) {
                qk_raise(tstate, &qk_exc_ValueError, "Unknown conversion specifier %c",
                         conversion ? conversion : '?');
                return -1;
            }
        }
        QkValue v = field_value(tstate, st, field, name_end), spec = QK_NULL;
        if (v == QK_NULL) {
            return -1;
        }
        qk_root_push(tstate, &v);
        qk_root_push(tstate, &spec);
        int failed = 0;
        if (conversion) {
            v = qk_convert_value(tstate, v,
                                 conversion == 's'   ? QK_CONVERT_VALUE_STR
                                 : conversion == 'r' ? QK_CONVERT_VALUE_REPR
                                                     : QK_CONVERT_VALUE_ASCII);
            failed = v == QK_NULL;
        }
        if (!failed && spec_start < field_end) {
            QkBuf spec_buf = {0};
            if (depth > 1) {
                qk_raise(tstate, &qk_exc_ValueError, "Max string recursion exceeded");
                failed = 1;
            } else {
                failed = format_template(tstate, &spec_buf, st, spec_start + 1, field_end,
                                         depth + 1) < 0;
            }
            spec = failed ? QK_NULL : qk_buf_finish(tstate, &spec_buf);
            qk_buf_free(&spec_buf);
            failed = spec == QK_NULL;
        }
        QkValue r = failed ? QK_NULL : qk_format(tstate, v, spec);
        failed = r == QK_NULL ||
                 qk_buf_append(tstate, out, qk_as_str(r)->data, (size_t)qk_as_str(r)->length) < 0;
        qk_root_pop(tstate, 2);
        if (failed) {
            return -1;
        }
    }
    return 0;
}

QkValue qk_str_format_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    size_t nkw = qk_nkwargs(kwnames);
    FormatState st = {args, (int64_t)(nargs - nkw), args + nargs - nkw, kwnames, -1, false};
    QkBuf out = {0};
    QkStr *s = qk_as_str(self);
    if (format_template(tstate, &out, &st, s->data, s->data + s->length, 1) < 0) {
        qk_buf_free(&out);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &out);
}
