/* The sys module (what programs use of it: argv, exit, the recursion limit, the standard streams,
 * modules, platform facts) and the text streams sys.stdout, sys.stderr and sys.stdin are. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "objmodel.h"
#include "quack.h"
#include "types.h"

/* ---- text streams ---- */

typedef struct QkStream {
    QkObject ob;
    FILE *file;
    const char *name; /* <stdout>, as CPython's repr names it */
    bool readable;
} QkStream;

static QkStream *as_stream(QkValue v) { return (QkStream *)qk_as_object(v); }

static QkValue stream_repr(QkThread *tstate, QkValue self) {
    QkBuf b = {0};
    if (qk_buf_printf(tstate, &b, "<_io.TextIOWrapper name='%s' mode='%s' encoding='utf-8'>",
                      as_stream(self)->name, as_stream(self)->readable ? "r" : "w") < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

FILE *qk_stream_file(QkValue v) {
    return qk_is_type(v, &qk_stream_type) ? as_stream(v)->file : NULL;
}

static int check_mode(QkThread *tstate, QkValue self, bool read) {
    if (as_stream(self)->readable != read) {
        qk_raise(tstate, &qk_exc_OSError, read ? "not readable" : "not writable");
        return -1;
    }
    return 0;
}

static QkValue stream_write(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    if (qk_check_args(tstate, "write", nargs, kwnames, 1, 1) < 0 ||
        check_mode(tstate, self, false) < 0) {
        return QK_NULL;
    }
    if (!qk_is_str(args[0])) {
        return qk_raise(tstate, &qk_exc_TypeError, "write() argument must be str, not %s",
                        qk_type_name(args[0]));
    }
    fwrite(qk_as_str(args[0])->data, 1, (size_t)qk_as_str(args[0])->length, as_stream(self)->file);
    return qk_from_int(qk_len(tstate, args[0]));
}

static QkValue stream_flush(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "flush", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    fflush(as_stream(self)->file);
    return QK_NONE;
}

QkValue qk_read_line(QkThread *tstate, FILE *file) {
    char *line = NULL;
    size_t capacity = 0;
    ssize_t n = getline(&line, &capacity, file);
    QkValue s = qk_str_new(tstate, n > 0 ? line : "", n > 0 ? n : 0);
    free(line);
    return s;
}

static QkValue stream_readline(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                               QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "readline", nargs, kwnames, 0, 0) < 0 ||
        check_mode(tstate, self, true) < 0) {
        return QK_NULL;
    }
    return qk_read_line(tstate, as_stream(self)->file);
}

static QkValue stream_read(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "read", nargs, kwnames, 0, 0) < 0 ||
        check_mode(tstate, self, true) < 0) {
        return QK_NULL;
    }
    QkBuf b = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, as_stream(self)->file)) > 0) {
        if (qk_buf_append(tstate, &b, chunk, n) < 0) {
            qk_buf_free(&b);
            return QK_NULL;
        }
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue stream_readlines(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                QkValue kwnames) {
    (void)args;
    if (qk_check_args(tstate, "readlines", nargs, kwnames, 0, 0) < 0 ||
        check_mode(tstate, self, true) < 0) {
        return QK_NULL;
    }
    QkValue lines = qk_list_new(tstate, 0), line = QK_NULL;
    qk_root_push(tstate, &lines);
    qk_root_push(tstate, &line);
    while (lines != QK_NULL) {
        line = qk_read_line(tstate, as_stream(self)->file);
        if (line == QK_NULL || qk_as_str(line)->length == 0) {
            lines = line == QK_NULL ? QK_NULL : lines;
            break;
        }
        if (qk_list_append(tstate, lines, line) < 0) {
            lines = QK_NULL;
        }
    }
    qk_root_pop(tstate, 2);
    return lines;
}

static QkValue stream_iter(QkThread *tstate, QkValue self) {
    return check_mode(tstate, self, true) < 0 ? QK_NULL : self;
}

/* Iteration is by line; QK_NULL with no exception ends it. */
static QkValue stream_next(QkThread *tstate, QkValue self) {
    QkValue line = qk_read_line(tstate, as_stream(self)->file);
    return line != QK_NULL && qk_as_str(line)->length == 0 ? QK_NULL : line;
}

static const QkMethodDef stream_methods[] = {
    {"write", stream_write},       {"flush", stream_flush}, {"readline", stream_readline},
    {"readlines", stream_readlines}, {"read", stream_read},   {NULL, NULL},
};

QkType qk_stream_type = {
    QK_STATIC_TYPE,
    .name = "TextIOWrapper",
    .repr = stream_repr,
    .iter = stream_iter,
    .next = stream_next,
    .methods = stream_methods,
};

static QkStream std_streams[] = {
    {.name = "<stdin>", .readable = true},
    {.name = "<stdout>"},
    {.name = "<stderr>"},
};

/* ---- the module ---- */

static QkValue sys_exit(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                        QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "exit", nargs, kwnames, 0, 1) < 0) {
        return QK_NULL;
    }
    /* CPython raises SystemExit(*status) for a tuple, SystemExit(status) otherwise, and
     * SystemExit() with no status or None. */
    QkValue exc_args = nargs == 0 || args[0] == QK_NONE ? qk_tuple_from_array(tstate, NULL, 0)
                       : qk_is_tuple(args[0]) ? args[0]
                                            : qk_tuple_from_array(tstate, args, 1);
    QkValue exc = exc_args == QK_NULL ? QK_NULL
                                      : qk_exception_new(tstate, &qk_exc_SystemExit, exc_args);
    if (exc != QK_NULL) {
        tstate->exception = exc;
    }
    return QK_NULL;
}

static QkValue sys_setrecursionlimit(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                     QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "setrecursionlimit", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    int64_t limit;
    if (qk_index(tstate, args[0], &limit) < 0) {
        return QK_NULL;
    }
    if (limit < 1) {
        return qk_raise(tstate, &qk_exc_ValueError, "recursion limit must be greater or equal than 1");
    }
    if (limit <= tstate->frame_depth) {
        return qk_raise(tstate, &qk_exc_RecursionError,
                        "cannot set the recursion limit to %" PRId64 " at the recursion depth %d: "
                        "the limit is too low",
                        limit, tstate->frame_depth);
    }
    /* Frames live on the data stack, whose size bounds the depth a program really reaches. */
    tstate->recursion_limit = limit > INT32_MAX ? INT32_MAX : (int)limit;
    return QK_NONE;
}

static QkValue sys_getrecursionlimit(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                                     QkValue kwnames) {
    (void)self, (void)args;
    if (qk_check_args(tstate, "getrecursionlimit", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_from_int(tstate->recursion_limit);
}

/* CPython's sys.int_info.str_digits_check_threshold: a smaller limit is refused. */
#define STR_DIGITS_CHECK_THRESHOLD 640

static QkValue sys_set_int_max_str_digits(QkThread *tstate, QkValue self, QkValue *args,
                                          size_t nargs, QkValue kwnames) {
    (void)self;
    static const char *const names[] = {"maxdigits"};
    QkValue arg;
    int64_t limit;
    if (qk_parse_args(tstate, "set_int_max_str_digits", args, nargs, kwnames, 1, 1, 1, names,
                      &arg) < 0) {
        return QK_NULL;
    }
    if (arg == QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "set_int_max_str_digits() missing required argument 'maxdigits' (pos 1)");
    }
    if (qk_index(tstate, arg, &limit) < 0) {
        return QK_NULL;
    }
    if (limit != 0 && limit < STR_DIGITS_CHECK_THRESHOLD) {
        return qk_raise(tstate, &qk_exc_ValueError, "maxdigits must be 0 or larger than %d",
                        STR_DIGITS_CHECK_THRESHOLD);
    }
    tstate->int_max_str_digits = limit;
    return QK_NONE;
}

static QkValue sys_get_int_max_str_digits(QkThread *tstate, QkValue self, QkValue *args,
                                          size_t nargs, QkValue kwnames) {
    (void)self, (void)args;
    if (qk_check_args(tstate, "get_int_max_str_digits", nargs, kwnames, 0, 0) < 0) {
        return QK_NULL;
    }
    return qk_from_int(tstate->int_max_str_digits);
}

static QkValue sys_intern(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    (void)self;
    if (qk_check_args(tstate, "intern", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    if (!qk_is_type(args[0], &qk_str_type)) {
        return qk_raise(tstate, &qk_exc_TypeError, "intern() argument must be str, not %s",
                        qk_type_name(args[0]));
    }
    return args[0];
}

static const QkMethodDef sys_functions[] = {
    {"exit", sys_exit},
    {"setrecursionlimit", sys_setrecursionlimit},
    {"getrecursionlimit", sys_getrecursionlimit},
    {"set_int_max_str_digits", sys_set_int_max_str_digits},
    {"get_int_max_str_digits", sys_get_int_max_str_digits},
    {"intern", sys_intern},
    {NULL, NULL},
};

static QkValue string_list(QkThread *tstate, char **items, int n) {
    QkValue list = qk_list_new(tstate, 0), item = QK_NULL;
    qk_root_push(tstate, &list);
    qk_root_push(tstate, &item);
    for (int i = 0; i < n && list != QK_NULL; i++) {
        if ((item = qk_str_from_cstr(tstate, items[i])) == QK_NULL ||
            qk_list_append(tstate, list, item) < 0) {
            list = QK_NULL;
        }
    }
    qk_root_pop(tstate, 2);
    return list;
}

int qk_init_sys(QkThread *tstate, QkValue module) {
    for (const QkMethodDef *def = sys_functions; def->name != NULL; def++) {
        QkValue f = qk_builtin_new(tstate, def->name, def->func, module);
        if (f == QK_NULL || qk_module_add(tstate, module, def->name, f) < 0) {
            return -1;
        }
    }
    FILE *files[] = {stdin, stdout, stderr};
    static const char *const stream_names[] = {"stdin", "stdout", "stderr"};
    for (size_t i = 0; i < 3; i++) {
        std_streams[i].ob.type = &qk_stream_type;
        std_streams[i].ob.gc_static = 1;
        std_streams[i].file = files[i];
        QkValue stream = (QkValue)&std_streams[i];
        if (qk_module_add(tstate, module, stream_names[i], stream) < 0) {
            return -1;
        }
        char dunder[16];
        snprintf(dunder, sizeof dunder, "__%s__", stream_names[i]);
        if (qk_module_add(tstate, module, dunder, stream) < 0) {
            return -1;
        }
    }
    static const struct {
        const char *name, *value;
    } strings[] = {{"platform", "linux"}, {"byteorder", "little"}};
    for (size_t i = 0; i < sizeof strings / sizeof strings[0]; i++) {
        QkValue v = qk_str_from_cstr(tstate, strings[i].value);
        if (v == QK_NULL || qk_module_add(tstate, module, strings[i].name, v) < 0) {
            return -1;
        }
    }
    QkValue maxsize = qk_long_from_i128(tstate, INT64_MAX);
    if (maxsize == QK_NULL || qk_module_add(tstate, module, "maxsize", maxsize) < 0) {
        return -1;
    }
    QkValue argv = string_list(tstate, tstate->argv, tstate->argc);
    if (argv == QK_NULL || qk_module_add(tstate, module, "argv", argv) < 0 ||
        qk_module_add(tstate, module, "modules", tstate->modules) < 0) {
        return -1;
    }
    return 0;
}
