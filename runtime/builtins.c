/* The builtins module: functions callable from Python code by name. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "quack.h"

/* Writes str(v) the way print does. */
static void write_value(FILE *out, QkValue v) {
    if (qk_is_int(v)) {
        fprintf(out, "%" PRId64, qk_int_value(v));
    } else if (v == QK_TRUE) {
        fputs("True", out);
    } else if (v == QK_FALSE) {
        fputs("False", out);
    } else if (v == QK_NONE) {
        fputs("None", out);
    } else if (qk_is_type(v, &qk_str_type)) {
        fwrite(qk_as_str(v)->data, 1, (size_t)qk_as_str(v)->length, out);
    } else if (qk_is_type(v, &qk_range_type)) {
        QkRange *r = (QkRange *)v;
        if (r->step == 1) {
            fprintf(out, "range(%" PRId64 ", %" PRId64 ")", r->start, r->stop);
        } else {
            fprintf(out, "range(%" PRId64 ", %" PRId64 ", %" PRId64 ")", r->start, r->stop,
                    r->step);
        }
    } else if (qk_is_type(v, &qk_function_type)) {
        QkCode *code = (QkCode *)((QkFunction *)v)->code;
        fprintf(out, "<function %s>", qk_as_str(code->name)->data);
    } else if (qk_is_type(v, &qk_builtin_type)) {
        fprintf(out, "<built-in function %s>", ((QkBuiltin *)v)->name);
    } else {
        fprintf(out, "<%s object>", qk_type_name(v));
    }
}

static QkValue builtin_print(QkThread *tstate, QkValue *args, int nargs) {
    (void)tstate;
    for (int i = 0; i < nargs; i++) {
        if (i > 0) {
            fputc(' ', stdout);
        }
        write_value(stdout, args[i]);
    }
    fputc('\n', stdout);
    return QK_NONE;
}

static bool int_arg(QkThread *tstate, QkValue v, int64_t *out) {
    if (qk_is_int(v)) {
        *out = qk_int_value(v);
        return true;
    }
    if (v == QK_TRUE || v == QK_FALSE) {
        *out = v == QK_TRUE;
        return true;
    }
    qk_raise(tstate, &qk_exc_TypeError, "'%s' object cannot be interpreted as an integer",
             qk_type_name(v));
    return false;
}

static QkValue builtin_range(QkThread *tstate, QkValue *args, int nargs) {
    int64_t bounds[3] = {0, 0, 1};
    if (nargs < 1 || nargs > 3) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        nargs < 1 ? "range expected at least 1 argument, got %d"
                                  : "range expected at most 3 arguments, got %d",
                        nargs);
    }
    for (int i = 0; i < nargs; i++) {
        if (!int_arg(tstate, args[i], &bounds[nargs == 1 ? 1 : i])) {
            return QK_NULL;
        }
    }
    if (bounds[2] == 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "range() arg 3 must not be zero");
    }
    QkRange *r = (QkRange *)qk_alloc(tstate, &qk_range_type, sizeof *r);
    if (r == NULL) {
        return QK_NULL;
    }
    r->start = bounds[0];
    r->stop = bounds[1];
    r->step = bounds[2];
    return (QkValue)r;
}

static QkValue builtin_abs(QkThread *tstate, QkValue *args, int nargs) {
    if (nargs != 1) {
        return qk_raise(tstate, &qk_exc_TypeError, "abs() takes exactly one argument (%d given)",
                        nargs);
    }
    int64_t v;
    if (!qk_is_int(args[0]) && args[0] != QK_TRUE && args[0] != QK_FALSE) {
        return qk_raise(tstate, &qk_exc_TypeError, "bad operand type for abs(): '%s'",
                        qk_type_name(args[0]));
    }
    int_arg(tstate, args[0], &v);
    return qk_from_int(v < 0 ? -v : v);
}

static QkValue builtin_len(QkThread *tstate, QkValue *args, int nargs) {
    if (nargs != 1) {
        return qk_raise(tstate, &qk_exc_TypeError, "len() takes exactly one argument (%d given)",
                        nargs);
    }
    if (qk_is_type(args[0], &qk_str_type)) {
        /* Count code points: every byte that does not continue a UTF-8 sequence. */
        int64_t n = 0;
        QkStr *s = qk_as_str(args[0]);
        for (int64_t i = 0; i < s->length; i++) {
            n += ((uint8_t)s->data[i] & 0xc0) != 0x80;
        }
        return qk_from_int(n);
    }
    return qk_raise(tstate, &qk_exc_TypeError, "object of type '%s' has no len()",
                    qk_type_name(args[0]));
}

static QkValue min_max(QkThread *tstate, QkValue *args, int nargs, const char *name, int sign) {
    if (nargs < 2) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s() needs at least two arguments here",
                        name);
    }
    QkValue best = args[0];
    int64_t best_value;
    if (!int_arg(tstate, best, &best_value)) {
        return QK_NULL;
    }
    for (int i = 1; i < nargs; i++) {
        int64_t v;
        if (!int_arg(tstate, args[i], &v)) {
            return QK_NULL;
        }
        if ((v - best_value > 0 && sign > 0) || (v - best_value < 0 && sign < 0)) {
            best = args[i];
            best_value = v;
        }
    }
    return best;
}

static QkValue builtin_min(QkThread *tstate, QkValue *args, int nargs) {
    return min_max(tstate, args, nargs, "min", -1);
}

static QkValue builtin_max(QkThread *tstate, QkValue *args, int nargs) {
    return min_max(tstate, args, nargs, "max", 1);
}

static QkBuiltin builtins[] = {
    {.name = "print", .func = builtin_print}, {.name = "range", .func = builtin_range},
    {.name = "abs", .func = builtin_abs},     {.name = "len", .func = builtin_len},
    {.name = "min", .func = builtin_min},     {.name = "max", .func = builtin_max},
};

int qk_init_builtins(QkThread *tstate) {
    tstate->builtins = qk_dict_new(tstate);
    if (tstate->builtins == QK_NULL) {
        return -1;
    }
    for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
        builtins[i].ob.type = &qk_builtin_type;
        builtins[i].ob.gc_static = 1;
        QkValue name = qk_str_from_cstr(tstate, builtins[i].name);
        if (name == QK_NULL || qk_dict_set(tstate, tstate->builtins, name, (QkValue)&builtins[i])) {
            return -1;
        }
    }
    return 0;
}
