/* Argument parsing for functions written in C (builtins, methods of built-in types), with
 * CPython's messages. Keyword values follow the positional ones in `args` (see QkCFunction). */
#include <inttypes.h>
#include <string.h>

#include "quack.h"
#include "types.h"

static const char *plural(int64_t n) { return n == 1 ? "" : "s"; }

int qk_check_args(QkThread *tstate, const char *fname, size_t nargs, QkValue kwnames, int min,
                  int max) {
    if (qk_nkwargs(kwnames) > 0) {
        qk_raise(tstate, &qk_exc_TypeError, "%s() takes no keyword arguments", fname);
        return -1;
    }
    int64_t n = (int64_t)nargs;
    if (n >= min && n <= max) {
        return 0;
    }
    if (min == 1 && max == 1) {
        qk_raise(tstate, &qk_exc_TypeError, "%s() takes exactly one argument (%" PRId64 " given)",
                 fname, n);
    } else if (min == max) {
        qk_raise(tstate, &qk_exc_TypeError, "%s expected %d argument%s, got %" PRId64, fname, min,
                 plural(min), n);
    } else if (n < min) {
        qk_raise(tstate, &qk_exc_TypeError, "%s expected at least %d argument%s, got %" PRId64,
                 fname, min, plural(min), n);
    } else {
        qk_raise(tstate, &qk_exc_TypeError, "%s expected at most %d argument%s, got %" PRId64,
                 fname, max, plural(max), n);
    }
    return -1;
}

int qk_parse_args(QkThread *tstate, const char *fname, QkValue *args, size_t nargs,
                  QkValue kwnames, int min_positional, int max_positional, int nparams,
                  const char *const *names, QkValue *out) {
    size_t nkw = qk_nkwargs(kwnames);
    int64_t npos = (int64_t)(nargs - nkw);
    if (npos > max_positional) {
        if (max_positional == 0) {
            qk_raise(tstate, &qk_exc_TypeError, "%s() takes no positional arguments", fname);
        } else {
            qk_raise(tstate, &qk_exc_TypeError,
                     "%s() takes at most %d argument%s (%" PRId64 " given)", fname,
                     max_positional, plural(max_positional), npos);
        }
        return -1;
    }
    for (int i = 0; i < nparams; i++) {
        out[i] = i < npos ? args[i] : QK_NULL;
    }
    for (size_t k = 0; k < nkw; k++) {
        QkStr *name = qk_as_str(qk_as_tuple(kwnames)->items[k]);
        int i = 0;
        while (i < nparams && (names[i] == NULL || strcmp(names[i], name->data) != 0)) {
            i++;
        }
        if (i == nparams) {
            qk_raise(tstate, &qk_exc_TypeError, "'%s' is an invalid keyword argument for %s()",
                     name->data, fname);
            return -1;
        }
        if (out[i] != QK_NULL) {
            qk_raise(tstate, &qk_exc_TypeError,
                     "argument for %s() given by name ('%s') and position (%d)", fname,
                     name->data, i + 1);
            return -1;
        }
        out[i] = args[npos + (int64_t)k];
    }
    for (int i = 0; i < min_positional; i++) {
        if (out[i] == QK_NULL) {
            if (names[i] != NULL) {
                qk_raise(tstate, &qk_exc_TypeError,
                         "%s() missing required argument '%s' (pos %d)", fname, names[i], i + 1);
            } else {
                qk_raise(tstate, &qk_exc_TypeError,
                         "%s() takes at least %d argument%s (%" PRId64 " given)", fname,
                         min_positional, plural(min_positional), npos);
            }
            return -1;
        }
    }
    return 0;
}
