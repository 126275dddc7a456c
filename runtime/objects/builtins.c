/* The builtins module: built-in functions, and the built-in types callable by name (`int`,
 * `list`... are the type objects themselves, so `type(x) is int` holds). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "builtin_subclass.h"
#include "bytes.h"
#include "objmodel.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

/* ---- output ---- */

/* Where print writes: a FILE (sys.stdout and the other streams), or any object's write method,
 * called with each piece as CPython calls it. */
typedef struct Output {
    FILE *file;
    QkValue write;
} Output;

static int output_text(QkThread *tstate, Output *out, QkValue s) {
    if (out->file != NULL) {
        fwrite(qk_as_str(s)->data, 1, (size_t)qk_as_str(s)->length, out->file);
        return 0;
    }
    return qk_call(tstate, out->write, &s, 1, QK_NULL) == QK_NULL ? -1 : 0;
}

static int output_cstr(QkThread *tstate, Output *out, const char *text) {
    if (out->file != NULL) {
        fputs(text, out->file);
        return 0;
    }
    QkValue s = qk_str_from_cstr(tstate, text);
    return s == QK_NULL ? -1 : output_text(tstate, out, s);
}

/* sep and end: None (the default) or a str. */
static int str_or_none(QkThread *tstate, QkValue v, const char *what, QkValue *out) {
    if (v == QK_NULL || v == QK_NONE) {
        return 0;
    }
    if (!qk_is_str(v)) {
        qk_raise(tstate, &qk_exc_TypeError, "%s must be None or a string, not %s", what,
                 qk_type_name(v));
        return -1;
    }
    *out = v;
    return 0;
}

static QkValue builtin_print(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)self;
    static const char *const names[] = {"sep", "end", "file", "flush"};
    size_t npos = nargs - qk_nkwargs(kwnames);
    QkValue kw[4];
    if (qk_parse_args(tstate, "print", args + npos, nargs - npos, kwnames, 0, 0, 4, names, kw) <
        0) {
        return QK_NULL;
    }
    QkValue sep = QK_NULL, end = QK_NULL;
    if (str_or_none(tstate, kw[0], "sep", &sep) < 0 || str_or_none(tstate, kw[1], "end", &end) < 0) {
        return QK_NULL;
    }
    QkValue file = kw[2] == QK_NULL || kw[2] == QK_NONE ? QK_NULL : kw[2];
    Output out = {.file = file == QK_NULL ? stdout : qk_stream_file(file), .write = QK_NULL};
    qk_root_push(tstate, &out.write);
    if (out.file == NULL) {
        out.write = qk_getattr(tstate, file, QK_NAME(write));
    }
    int failed = out.file == NULL && out.write == QK_NULL;
    for (size_t i = 0; i < npos && !failed; i++) {
        if (i > 0) {
            failed = sep == QK_NULL ? output_cstr(tstate, &out, " ") < 0
                                    : output_text(tstate, &out, sep) < 0;
        }
        QkValue s = failed ? QK_NULL : qk_str(tstate, args[i]);
        failed = s == QK_NULL || output_text(tstate, &out, s) < 0;
    }
    if (!failed) {
        failed = end == QK_NULL ? output_cstr(tstate, &out, "\n") < 0
                                : output_text(tstate, &out, end) < 0;
    }
    qk_root_pop(tstate, 1);
    if (failed) {
        return QK_NULL;
    }
    if (kw[3] != QK_NULL && qk_truth(tstate, kw[3]) > 0) {
        out.file != NULL ? (void)fflush(out.file) : (void)0;
    }
    return QK_NONE;
}

/* input([prompt]): a line of stdin without its newline; EOFError at the end of the input. */
static QkValue builtin_input(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "input", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    if (nargs == 1) {
        QkValue prompt = qk_str(tstate, args[0]);
        if (prompt == QK_NULL) {
            return QK_NULL;
        }
        fwrite(qk_as_str(prompt)->data, 1, (size_t)qk_as_str(prompt)->length, stdout);
    }
    fflush(stdout);
    QkValue line = qk_read_line(tstate, stdin);
    if (line == QK_NULL) {
        return QK_NULL;
    }
    int64_t n = qk_as_str(line)->length;
    if (n == 0) {
        return qk_raise(tstate, &qk_exc_EOFError, "EOF when reading a line");
    }
    return qk_as_str(line)->data[n - 1] == '\n' ? qk_str_new(tstate, qk_as_str(line)->data, n - 1)
                                                 : line;
}

/* ---- one-argument functions ---- */

QkValue qk_builtin_len(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                       QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "len", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    int64_t n = qk_len(tstate, args[0]);
    return n < 0 ? QK_NULL : qk_int_fits(n) ? qk_from_int(n) : qk_int_result(tstate, n);
}

static QkValue builtin_abs(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "abs", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return qk_unary_op(tstate, QK_UNARY_ABS, args[0]);
}

static QkValue builtin_repr(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "repr", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return qk_repr(tstate, args[0]);
}

static QkValue builtin_ascii(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "ascii", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return qk_convert_value(tstate, args[0], QK_CONVERT_VALUE_ASCII);
}

static QkValue builtin_format(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "format", nargs, kwnames, 1, 2) < 0) {
        return QK_NULL;
    }
    if (nargs > 1 && !qk_is_str(args[1])) {
        return qk_raise(tstate, &qk_exc_TypeError, "format() argument 2 must be str, not %s",
                        qk_type_name(args[1]));
    }
    return qk_format(tstate, args[0], nargs > 1 ? args[1] : QK_NULL);
}

static QkValue builtin_chr(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    int64_t cp;
    if (qk_check_args(tstate, "chr", nargs, kwnames, 1, 1) < 0 ||
        qk_index(tstate, args[0], &cp) < 0) {
        return QK_NULL;
    }
    if (cp < 0 || cp > 0x10ffff) {
        return qk_raise(tstate, &qk_exc_ValueError, "chr() arg not in range(0x110000)");
    }
    return qk_str_from_codepoint(tstate, (uint32_t)cp);
}

QkValue qk_builtin_ord(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                       QkValue kwnames) {
    (void)self;
    if (nargs == 1 && kwnames == QK_NULL && qk_is_ascii_char(args[0])) {
        return qk_from_int((unsigned char)qk_as_str(args[0])->data[0]);
    }
    if (qk_check_args(tstate, "ord", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    bool bytes = qk_is_bytes_like(args[0]);
    if (!bytes && !qk_is_str(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "ord() expected string of length 1, but %s found", qk_type_name(args[0]));
    }
    int64_t n = bytes ? qk_as_bytes(args[0])->length : qk_str_cp_length(args[0]);
    if (n != 1) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "ord() expected a character, but string of length %" PRId64 " found", n);
    }
    const char *p = bytes ? qk_as_bytes(args[0])->data : qk_as_str(args[0])->data;
    return qk_from_int(bytes ? (unsigned char)*p : qk_utf8_decode(&p));
}

static QkValue builtin_hash(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)self;
    int64_t h;
    if (qk_check_args(tstate, "hash", nargs, kwnames, 1, 1) < 0 || qk_hash(tstate, args[0], &h) < 0) {
        return QK_NULL;
    }
    return qk_int_result(tstate, h);
}

static QkValue builtin_id(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "id", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return qk_from_int((int64_t)(args[0] >> 2));
}

/* hex, oct, bin: the '#x' / '#o' / '#b' format of an int. */
static QkValue int_to_base(QkThread *tstate, const char *fname, const char *spec, QkValue *args,
                           size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    /* Formatted as an int: an instance of a class derived from int by the int it boxes. */
    QkValue n = qk_builtin_self(args[0]);
    if (!qk_is_anyint(n)) {
        return qk_raise(tstate, &qk_exc_TypeError, "'%s' object cannot be interpreted as an integer",
                        qk_type_name(args[0]));
    }
    QkValue s = qk_str_from_cstr(tstate, spec);
    if (s == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &s);
    QkValue r = qk_format(tstate, n, s);
    qk_root_pop(tstate, 1);
    return r;
}

#define BASE_FUNCTION(NAME, SPEC)                                                                  \
    static QkValue builtin_##NAME(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,    \
                                  QkValue kwnames) {                                               \
        (void)self;                                                                                \
        return int_to_base(tstate, #NAME, SPEC, args, nargs, kwnames);                             \
    }
BASE_FUNCTION(hex, "#x")
BASE_FUNCTION(oct, "#o")
BASE_FUNCTION(bin, "#b")

/* ---- iteration ---- */

static QkValue builtin_iter(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "iter", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return qk_get_iter(tstate, args[0]);
}

static QkValue builtin_next(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "next", nargs, kwnames, 1, 2) < 0) {
        return QK_NULL;
    }
    QkValue v = qk_next_with_value(tstate, args[0]);
    if (v != QK_NULL) {
        return v;
    }
    bool stopped = !qk_error_occurred(tstate) ||
                   qk_type_is_subtype(qk_type_of(tstate->exception), &qk_exc_StopIteration);
    if (stopped && nargs > 1) {
        tstate->exception = QK_NULL;
        return args[1];
    }
    return qk_error_occurred(tstate) ? QK_NULL : qk_raise_stop_iteration(tstate, QK_NONE);
}

/* any() and all(): stop at the first item whose truth is `stop_at`. */
static QkValue any_all(QkThread *tstate, const char *fname, int stop_at, QkValue *args,
                       size_t nargs, QkValue kwnames) {
    if (qk_check_args(tstate, fname, nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    QkValue it = qk_get_iter(tstate, args[0]);
    if (it == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &it);
    QkValue result = qk_bool(!stop_at);
    for (;;) {
        QkValue x = qk_iter_next(tstate, it);
        int truth = x == QK_NULL ? (qk_error_occurred(tstate) ? -1 : 2) : qk_truth(tstate, x);
        if (truth < 0) {
            result = QK_NULL;
        }
        if (truth < 0 || truth == 2) {
            break;
        }
        if (truth == stop_at) {
            result = qk_bool(stop_at);
            break;
        }
    }
    qk_root_pop(tstate, 1);
    return result;
}

static QkValue builtin_any(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    return any_all(tstate, "any", 1, args, nargs, kwnames);
}

static QkValue builtin_all(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    return any_all(tstate, "all", 0, args, nargs, kwnames);
}

/* min() and max(): of an iterable or of several arguments, by key, with a default. */
/* The index of the first least (op LT) or greatest (GT) of n items that are all small ints, the
 * common case, found without calls; -1 if some item is not one. */
static inline __attribute__((always_inline)) int64_t best_small_int_of(const QkValue *values,
                                                                         int64_t n,
                                                                         bool greatest) {
    int64_t best = 0, best_value = qk_int_value(values[0]);
    for (int64_t i = 0; i < n; i++) {
        int64_t v = qk_int_value(values[i]);
        if (!qk_is_int(values[i])) {
            return -1;
        }
        /* Selects, not branches: which item wins is data, and mispredicted on random data. */
        bool better = greatest ? v > best_value : v < best_value;
        best = better ? i : best;
        best_value = better ? v : best_value;
    }
    return best;
}

static int64_t best_small_int(const QkValue *values, int64_t n, uint32_t op) {
    return op == QK_COMPARE_OP_GT ? best_small_int_of(values, n, true)
                                  : best_small_int_of(values, n, false);
}

static QkValue min_max(QkThread *tstate, const char *fname, uint32_t op, QkValue *args,
                       size_t nargs, QkValue kwnames) {
    static const char *const names[] = {"key", "default"};
    size_t npos = nargs - qk_nkwargs(kwnames);
    QkValue kw[2] = {QK_NULL, QK_NULL};
    if (kwnames != QK_NULL &&
        qk_parse_args(tstate, fname, args + npos, nargs - npos, kwnames, 0, 0, 2, names, kw) < 0) {
        return QK_NULL;
    }
    if (npos == 0) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s expected at least 1 argument, got 0", fname);
    }
    if (npos > 1 && kw[1] != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "Cannot specify a default for %s() with multiple positional arguments",
                        fname);
    }
    QkValue key = kw[0] == QK_NONE ? QK_NULL : kw[0];
    /* An exact tuple or list is read in place (a list's items again after a key's call or a
     * comparison's dunder, which may change it); anything else is collected first. */
    QkValue *values;
    int64_t n;
    bool exact = qk_is_type(args[0], &qk_list_type) || qk_is_type(args[0], &qk_tuple_type);
    QkValue items = npos > 1 ? qk_list_from_array(tstate, args, (int64_t)npos)
                    : exact  ? args[0]
                             : qk_list_collect(tstate, args[0]);
    QkValue best = QK_NULL, best_key = QK_NULL, k = QK_NULL;
    if (items == QK_NULL) {
        return QK_NULL;
    }
    if (key == QK_NULL && qk_sequence_items(items, &values, &n) && n > 0) {
        int64_t i = best_small_int(values, n, op);
        if (i >= 0) {
            return values[i];
        }
    }
    qk_root_push(tstate, &items);
    qk_root_push(tstate, &best);
    qk_root_push(tstate, &best_key);
    qk_root_push(tstate, &k);
    bool failed = false;
    qk_sequence_items(items, &values, &n);
    for (int64_t i = 0; i < n; i++) {
        QkValue x = values[i];
        bool ran_code = key != QK_NULL;
        k = key == QK_NULL ? x : qk_call(tstate, key, &x, 1, QK_NULL);
        if (k == QK_NULL) {
            failed = true;
            break;
        }
        int truth;
        if (best == QK_NULL) {
            truth = 1;
        } else if (qk_is_int(k) && qk_is_int(best_key)) {
            truth = qk_compare_int64(op, qk_int_value(k), qk_int_value(best_key));
        } else {
            QkValue better = qk_richcompare(tstate, k, best_key, op);
            truth = better == QK_NULL ? -1 : qk_truth(tstate, better);
            ran_code = true;
        }
        if (truth < 0) {
            failed = true;
            break;
        }
        if (truth) {
            best = x;
            best_key = k;
        }
        if (ran_code) {
            qk_sequence_items(items, &values, &n);
        }
    }
    qk_root_pop(tstate, 4);
    if (failed) {
        return QK_NULL;
    }
    if (best == QK_NULL) {
        return kw[1] != QK_NULL ? kw[1]
                                : qk_raise(tstate, &qk_exc_ValueError,
                                           "%s() arg is an empty sequence", fname);
    }
    return best;
}

static QkValue builtin_min(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    return min_max(tstate, "min", QK_COMPARE_OP_LT, args, nargs, kwnames);
}

static QkValue builtin_max(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    return min_max(tstate, "max", QK_COMPARE_OP_GT, args, nargs, kwnames);
}

static QkValue builtin_sum(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    static const char *const names[] = {NULL, "start"};
    QkValue a[2];
    /* sum(window) of a list or tuple of small ints, the common call: no parsing, no roots. */
    QkValue *items;
    int64_t n;
    if (nargs == 1 && kwnames == QK_NULL &&
        (qk_is_type(args[0], &qk_list_type) || qk_is_type(args[0], &qk_tuple_type)) &&
        qk_sequence_items(args[0], &items, &n)) {
        int64_t total = 0, i = 0;
        while (i < n && qk_is_int(items[i]) &&
               !__builtin_add_overflow(total, qk_int_value(items[i]), &total)) {
            i++;
        }
        if (i == n && qk_int_fits(total)) {
            return qk_from_int(total);
        }
    }
    if (nargs - qk_nkwargs(kwnames) == 0) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "sum() takes at least 1 positional argument (0 given)");
    }
    if (qk_parse_args(tstate, "sum", args, nargs, kwnames, 1, 2, 2, names, a) < 0) {
        return QK_NULL;
    }
    QkValue total = a[1] == QK_NULL ? qk_from_int(0) : a[1];
    if (qk_is_str(total)) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "sum() can't sum strings [use ''.join(seq) instead]");
    }
    /* An exact list or tuple is read by index (again after each generic addition, which may
     * run code that changes a list); anything else through its iterator. */
    bool indexed = qk_is_type(a[0], &qk_list_type) || qk_is_type(a[0], &qk_tuple_type);
    QkValue it = indexed ? a[0] : qk_get_iter(tstate, a[0]);
    if (it == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &it);
    qk_root_push(tstate, &total);
    /* CPython's fast paths: a total of small ints, or of floats, kept unboxed while the items
     * are small ints (or floats for a float total); boxed again before a generic addition. */
    int64_t ints = qk_is_int(total) ? qk_int_value(total) : 0;
    double floats = qk_is_type(total, &qk_float_type) ? qk_float_value(total) : 0.0;
    char mode = qk_is_int(total) ? 'i' : qk_is_type(total, &qk_float_type) ? 'f' : 0;
    items = NULL;
    n = 0;
    if (indexed) {
        qk_sequence_items(it, &items, &n);
    }
    for (int64_t i = 0;; i++) {
        QkValue x = !indexed ? qk_iter_next(tstate, it) : i < n ? items[i] : QK_NULL;
        if (x == QK_NULL) {
            if (qk_error_occurred(tstate)) {
                total = QK_NULL;
            }
            break;
        }
        int64_t sum;
        if (mode == 'i' && qk_is_int(x) && !qk_add_overflow(ints, qk_int_value(x), &sum)) {
            ints = sum;
            continue;
        }
        if (mode == 'f' && (qk_is_int(x) || qk_is_type(x, &qk_float_type))) {
            floats += qk_is_int(x) ? (double)qk_int_value(x) : qk_float_value(x);
            continue;
        }
        if (mode != 0) {
            total = mode == 'i' ? qk_from_int(ints) : qk_float_new(tstate, floats);
            if (total == QK_NULL) {
                break;
            }
        }
        total = qk_binary_op(tstate, QK_BINARY_OP_ADD, total, x);
        if (total == QK_NULL) {
            break;
        }
        if (indexed) {
            qk_sequence_items(it, &items, &n);
        }
        mode = qk_is_int(total) ? 'i' : qk_is_type(total, &qk_float_type) ? 'f' : 0;
        ints = mode == 'i' ? qk_int_value(total) : 0;
        floats = mode == 'f' ? qk_float_value(total) : 0.0;
    }
    if (total != QK_NULL && mode != 0) {
        total = mode == 'i' ? qk_from_int(ints) : qk_float_new(tstate, floats);
    }
    qk_root_pop(tstate, 2);
    return total;
}

static QkValue builtin_sorted(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)self;
    static const char *const names[] = {"key", "reverse"};
    size_t npos = nargs - qk_nkwargs(kwnames);
    QkValue kw[2];
    if (npos != 1) {
        return qk_raise(tstate, &qk_exc_TypeError, "sorted expected 1 argument, got %zu", npos);
    }
    if (qk_parse_args(tstate, "sort", args + 1, nargs - 1, kwnames, 0, 0, 2, names, kw) < 0) {
        return QK_NULL;
    }
    int reverse = kw[1] == QK_NULL ? 0 : qk_truth(tstate, kw[1]);
    QkValue list = reverse < 0 ? QK_NULL : qk_list_from_iterable(tstate, args[0]);
    if (list == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &list);
    int failed = qk_list_sort(tstate, list, kw[0], reverse);
    qk_root_pop(tstate, 1);
    return failed ? QK_NULL : list;
}

/* ---- numbers ---- */

static QkValue builtin_round(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)self;
    static const char *const names[] = {"number", "ndigits"};
    QkValue a[2];
    if (qk_parse_args(tstate, "round", args, nargs, kwnames, 1, 2, 2, names, a) < 0) {
        return QK_NULL;
    }
    return qk_round(tstate, a[0], a[1]);
}

static QkValue builtin_divmod(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "divmod", nargs, kwnames, 2, 2) < 0) {
        return QK_NULL;
    }
    return qk_divmod(tstate, args[0], args[1]);
}

static QkValue builtin_pow(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)self;
    static const char *const names[] = {"base", "exp", "mod"};
    QkValue a[3];
    if (qk_parse_args(tstate, "pow", args, nargs, kwnames, 2, 3, 3, names, a) < 0) {
        return QK_NULL;
    }
    if (a[2] == QK_NULL || a[2] == QK_NONE) {
        return qk_binary_op(tstate, QK_BINARY_OP_POWER, a[0], a[1]);
    }
    /* complex's own ** takes a modulus only to refuse it. */
    if (qk_is_complex(a[0]) || qk_is_complex(a[1]) || qk_is_complex(a[2])) {
        return qk_raise(tstate, &qk_exc_ValueError, "complex modulo");
    }
    for (int i = 0; i < 3; i++) {
        a[i] = qk_builtin_self(a[i]);
        if (!qk_is_anyint(a[i])) {
            return qk_raise(tstate, &qk_exc_TypeError,
                            "pow() 3rd argument not allowed unless all arguments are integers");
        }
    }
    return qk_long_pow_mod(tstate, a[0], a[1], a[2]);
}

/* The calling frame's globals. */
static QkValue builtin_globals(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)self;
    (void)args;
    return qk_check_args(tstate, "globals", nargs, kwnames, 0, 0) < 0
               ? QK_NULL
               : tstate->current_frame->globals;
}

/* The calling frame's namespace: a class body's, the module's globals, or for a function a new
 * dict of its bound variables (cells read through), in slot order as CPython's locals(). */
static QkValue frame_locals(QkThread *tstate) {
    QkFrame *f = tstate->current_frame;
    if (f->locals != QK_NULL) {
        return f->locals;
    }
    if (f->func == QK_NULL) {
        return f->globals;
    }
    QkValue d = qk_dict_new(tstate);
    qk_root_push(tstate, &d);
    QkCode *code = f->code;
    for (uint32_t i = 0; d != QK_NULL && i < code->nlocals; i++) {
        QkValue v = f->localsplus[i];
        if (v != QK_NULL && code->kinds[i] != QK_LOCAL_PLAIN) {
            v = qk_cell_get(v);
        }
        if (v != QK_NULL && qk_dict_set(tstate, d, code->varnames[i], v) < 0) {
            d = QK_NULL;
        }
    }
    qk_root_pop(tstate, 1);
    return d;
}

static QkValue builtin_locals(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    (void)self;
    (void)args;
    return qk_check_args(tstate, "locals", nargs, kwnames, 0, 0) < 0 ? QK_NULL
                                                                       : frame_locals(tstate);
}

/* vars(): locals(); vars(obj): obj.__dict__. */
static QkValue builtin_vars(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "vars", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    if (nargs == 0) {
        return frame_locals(tstate);
    }
    QkValue d = qk_getattr(tstate, args[0], QK_NAME(dict));
    if (d == QK_NULL && qk_isinstance(tstate->exception, &qk_exc_AttributeError)) {
        tstate->exception = QK_NULL;
        return qk_raise(tstate, &qk_exc_TypeError, "vars() argument must have __dict__ attribute");
    }
    return d;
}

/* exit(code=None) and quit(code=None), as the site module's: raise SystemExit(code). */
static QkValue builtin_exit(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)self;
    static const char *const names[] = {"code"};
    QkValue code = QK_NULL;
    if (qk_parse_args(tstate, "exit", args, nargs, kwnames, 0, 1, 1, names, &code) < 0) {
        return QK_NULL;
    }
    code = code == QK_NULL ? QK_NONE : code;
    QkValue tuple = qk_tuple_from_array(tstate, &code, 1);
    QkValue exc = tuple == QK_NULL ? QK_NULL : qk_exception_new(tstate, &qk_exc_SystemExit, tuple);
    if (exc != QK_NULL) {
        tstate->exception = exc;
    }
    return QK_NULL;
}

/* ---- the table ---- */

static QkBuiltin builtins[] = {
    {.name = "print", .func = builtin_print},   {.name = "len", .func = qk_builtin_len},
    {.name = "abs", .func = builtin_abs},       {.name = "repr", .func = builtin_repr},
    {.name = "ascii", .func = builtin_ascii},   {.name = "format", .func = builtin_format},
    {.name = "chr", .func = builtin_chr},       {.name = "ord", .func = qk_builtin_ord},
    {.name = "hash", .func = builtin_hash},     {.name = "id", .func = builtin_id},
    {.name = "hex", .func = builtin_hex},       {.name = "oct", .func = builtin_oct},
    {.name = "bin", .func = builtin_bin},       {.name = "iter", .func = builtin_iter},
    {.name = "next", .func = builtin_next},     {.name = "any", .func = builtin_any},
    {.name = "all", .func = builtin_all},       {.name = "min", .func = builtin_min},
    {.name = "max", .func = builtin_max},       {.name = "sum", .func = builtin_sum},
    {.name = "sorted", .func = builtin_sorted}, {.name = "round", .func = builtin_round},
    {.name = "divmod", .func = builtin_divmod}, {.name = "pow", .func = builtin_pow},
    {.name = "globals", .func = builtin_globals}, {.name = "exit", .func = builtin_exit},
    {.name = "quit", .func = builtin_exit},     {.name = "locals", .func = builtin_locals},
    {.name = "vars", .func = builtin_vars},     {.name = "input", .func = builtin_input},
};

/* Types callable by name: calling one runs its `construct` slot. */
static QkType *const builtin_types[] = {
    &qk_int_type,       &qk_float_type, &qk_complex_type, &qk_str_type,      &qk_bool_type,
    &qk_list_type,      &qk_tuple_type, &qk_dict_type,    &qk_set_type,      &qk_frozenset_type,
    &qk_range_type,     &qk_slice_type, &qk_bytes_type,   &qk_bytearray_type,
    &qk_enumerate_type, &qk_zip_type,   &qk_map_type,    &qk_filter_type,   &qk_reversed_type,
};

static int add_builtin(QkThread *tstate, const char *name, QkValue value) {
    QkValue key = qk_str_from_cstr(tstate, name);
    return key == QK_NULL ? -1 : qk_dict_set(tstate, tstate->builtins, key, value);
}

int qk_init_builtins(QkThread *tstate) {
    tstate->builtins = qk_dict_new(tstate);
    if (tstate->builtins == QK_NULL) {
        return -1;
    }
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
        builtins[i].ob.type = &qk_builtin_type;
        builtins[i].ob.gc_static = 1;
        if (add_builtin(tstate, builtins[i].name, (QkValue)&builtins[i]) < 0) {
            return -1;
        }
    }
    for (size_t i = 0; i < sizeof builtin_types / sizeof builtin_types[0]; i++) {
        if (add_builtin(tstate, builtin_types[i]->name, (QkValue)builtin_types[i]) < 0) {
            return -1;
        }
    }
    if (add_builtin(tstate, "NotImplemented", QK_NOT_IMPLEMENTED) < 0 ||
        add_builtin(tstate, "Ellipsis", QK_ELLIPSIS) < 0) {
        return -1;
    }
    /* isinstance, getattr, type, object, the exception classes...: the object model's. */
    return qk_register_object_model_builtins(tstate, tstate->builtins);
}
