/* Exception objects: the built-in exception classes, construction (BaseException.__init__ sets
 * args), str and repr, their attributes, and qk_raise for C code. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "objmodel.h"
#include "quack.h"
#include "types.h"

static void exception_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkException *exc = (QkException *)self;
    qk_instance_traverse_attributes(self, visit, arg);
    visit(exc->args, arg);
    visit(exc->cause, arg);
    visit(exc->context, arg);
    visit(exc->name, arg);
    visit(exc->obj, arg);
    /* The traceback's code objects are reachable from the program's code (constants). */
}

static void exception_finalize(QkObject *self) { free(((QkException *)self)->traceback); }

QkValue qk_exception_new(QkThread *tstate, QkType *type, QkValue args) {
    qk_root_push(tstate, &args);
    QkException *exc = (QkException *)qk_alloc_as(tstate, type, type->instance_size, type->finalize != NULL);
    qk_root_pop(tstate, 1);
    if (exc == NULL) {
        return QK_NULL;
    }
    exc->args = args;
    return (QkValue)exc;
}

static QkValue exception_init(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames);

/* The args tuple; an exception made by C code without one has none. */
static QkTuple empty_args = {.ob = {.type = &qk_tuple_type, .gc_static = 1}};

static QkTuple *args_of(QkValue self) {
    QkValue args = ((QkException *)self)->args;
    return args != QK_NULL ? qk_as_tuple(args) : &empty_args;
}

static bool is_exception_init(QkValue init) {
    return qk_is_type(init, &qk_method_descr_type) &&
           ((QkMethodDescr *)init)->def->func == exception_init;
}

/* BaseException.__new__ keeps the arguments as args; a class's own __init__ then runs. */
static QkValue exception_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                   QkValue kwnames) {
    QkType *t = (QkType *)type;
    QkValue init = qk_type_lookup(t, QK_NAME(init));
    if (kwnames != QK_NULL && is_exception_init(init)) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s() takes no keyword arguments", t->name);
    }
    size_t npositional = nargs - qk_nkwargs(kwnames);
    QkValue tuple = qk_tuple_from_array(tstate, args, (int64_t)npositional);
    if (tuple == QK_NULL) {
        return QK_NULL;
    }
    QkValue exc = qk_exception_new(tstate, t, tuple);
    if (exc == QK_NULL || is_exception_init(init)) {
        return exc;
    }
    return qk_exception_run_init(tstate, init, exc, args, nargs, kwnames);
}

static QkValue exception_init(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames) {
    if (kwnames != QK_NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s() takes no keyword arguments",
                        qk_type_name(self));
    }
    QkValue tuple = qk_tuple_from_array(tstate, args, (int64_t)nargs);
    if (tuple == QK_NULL) {
        return QK_NULL;
    }
    ((QkException *)self)->args = tuple;
    return QK_NONE;
}

static const QkMethodDef exception_methods[] = {
    {"__init__", exception_init},
    {NULL, NULL},
};

/* str(exc): '' with no args, str(arg) with one, str(args) otherwise. */
static QkValue exception_str(QkThread *tstate, QkValue self) {
    QkTuple *args = args_of(self);
    if (args->size == 0) {
        return qk_str_empty(tstate);
    }
    return qk_str(tstate, args->size == 1 ? args->items[0] : (QkValue)args);
}

/* A KeyError shows its key as a repr: KeyError: 'k'. */
static QkValue key_error_str(QkThread *tstate, QkValue self) {
    QkTuple *args = args_of(self);
    return args->size == 1 ? qk_repr(tstate, args->items[0]) : exception_str(tstate, self);
}

/* UnicodeEncodeError and UnicodeDecodeError carry (encoding, object, start, end, reason) as
 * their args, which are also their attributes; their str is CPython's message from them. */
static const char *const unicode_error_fields[] = {"encoding", "object", "start", "end", "reason"};

static QkTuple *unicode_error_args(QkValue self) {
    QkTuple *args = args_of(self);
    bool fits = args->size == 5 && qk_is_str(args->items[0]) && qk_is_int(args->items[2]) &&
                qk_is_int(args->items[3]) && qk_is_str(args->items[4]);
    return fits ? args : NULL;
}

static QkValue str_printf(QkThread *tstate, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static QkValue str_printf(QkThread *tstate, const char *fmt, ...) {
    char buffer[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buffer, sizeof buffer, fmt, ap);
    va_end(ap);
    return qk_str_from_cstr(tstate, buffer);
}

static QkValue unicode_error_str(QkThread *tstate, QkValue self) {
    QkTuple *args = unicode_error_args(self);
    if (args == NULL) {
        return exception_str(tstate, self);
    }
    const char *encoding = qk_as_str(args->items[0])->data, *reason = qk_as_str(args->items[4])->data;
    QkValue object = args->items[1];
    int64_t start = qk_int_value(args->items[2]), end = qk_int_value(args->items[3]);
    bool decoding = qk_isinstance(self, &qk_exc_UnicodeDecodeError);
    bool one = end == start + 1;
    if (decoding && one && qk_is_bytes_like(object) && start >= 0 &&
        start < qk_as_bytes(object)->length) {
        return str_printf(tstate, "'%s' codec can't decode byte 0x%02x in position %" PRId64 ": %s",
                             encoding, (uint8_t)qk_as_bytes(object)->data[start], start, reason);
    }
    if (!decoding && one && qk_is_str(object) && start >= 0 && start < qk_str_cp_length(object)) {
        const char *at = qk_as_str(object)->data + qk_str_cp_offset(object, start);
        uint32_t cp = qk_utf8_decode(&at);
        char ch[16];
        snprintf(ch, sizeof ch, cp <= 0xff ? "\\x%02x" : cp <= 0xffff ? "\\u%04x" : "\\U%08x", cp);
        return str_printf(tstate, "'%s' codec can't encode character '%s' in position %" PRId64 ": %s",
                             encoding, ch, start, reason);
    }
    return str_printf(tstate, "'%s' codec can't %s in position %" PRId64 "-%" PRId64 ": %s",
                         encoding, decoding ? "decode bytes" : "encode characters", start, end - 1,
                         reason);
}

/* ValueError('x'), ValueError(), ValueError(1, 2). */
static QkValue exception_repr(QkThread *tstate, QkValue self) {
    QkTuple *args = args_of(self);
    QkBuf b = {0};
    int failed = qk_buf_printf(tstate, &b, "%s", qk_type_name(self));
    if (!failed && args->size == 1) {
        failed = qk_buf_putc(tstate, &b, '(') || qk_buf_repr(tstate, &b, args->items[0]) ||
                 qk_buf_putc(tstate, &b, ')');
    } else if (!failed) {
        failed = args->size == 0 ? qk_buf_append(tstate, &b, "()", 2)
                                 : qk_buf_repr(tstate, &b, (QkValue)args);
    }
    if (failed) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

/* args, __cause__, __context__, __suppress_context__ and StopIteration's value live in the
 * object itself. */
QkValue qk_system_exit_code(QkValue exc) {
    QkTuple *args = args_of(exc);
    return args->size == 0 ? QK_NONE : args->size == 1 ? args->items[0] : (QkValue)args;
}

static QkValue exception_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkException *exc = (QkException *)self;
    if (qk_str_equal(name, QK_NAME(args))) {
        return (QkValue)args_of(self);
    }
    if (qk_str_equal(name, QK_NAME(cause)) || qk_str_equal(name, QK_NAME(context))) {
        QkValue v = qk_str_equal(name, QK_NAME(cause)) ? exc->cause : exc->context;
        return v != QK_NULL ? v : QK_NONE;
    }
    if (strcmp(qk_as_str(name)->data, "__suppress_context__") == 0) {
        return qk_bool(exc->suppress_context);
    }
    if (qk_isinstance(self, &qk_exc_StopIteration) && strcmp(qk_as_str(name)->data, "value") == 0) {
        QkTuple *args = args_of(self);
        return args->size > 0 ? args->items[0] : QK_NONE;
    }
    if (qk_isinstance(self, &qk_exc_SystemExit) && strcmp(qk_as_str(name)->data, "code") == 0) {
        return qk_system_exit_code(self);
    }
    QkTuple *unicode = qk_isinstance(self, &qk_exc_UnicodeError) ? unicode_error_args(self) : NULL;
    for (int i = 0; unicode != NULL && i < 5; i++) {
        if (strcmp(qk_as_str(name)->data, unicode_error_fields[i]) == 0) {
            return unicode->items[i];
        }
    }
    return qk_generic_getattr(tstate, self, name);
}

#define QK_EXCEPTION_STR(NAME, BASE, STR)                                                          \
    QkType qk_exc_##NAME = {                                                                       \
        .ob = {.type = &qk_type_type, .gc_static = 1},                                             \
        .name = #NAME,                                                                             \
        .base = &(BASE),                                                                           \
        .flags = QK_TYPE_BASETYPE | QK_TYPE_EXCEPTION | QK_TYPE_HAS_DICT,                          \
        .instance_size = sizeof(QkException),                                                      \
        .traverse = exception_traverse,                                                            \
        .finalize = exception_finalize,                                                            \
        .construct = exception_construct,                                                          \
        .repr = exception_repr,                                                                    \
        .str = STR,                                                                                \
        .getattr = exception_getattr,                                                              \
        .methods = exception_methods,                                                              \
    };
#define QK_EXCEPTION(NAME, BASE) QK_EXCEPTION_STR(NAME, BASE, exception_str)

QK_EXCEPTION(BaseException, qk_object_type)
QK_EXCEPTION(Exception, qk_exc_BaseException)
QK_EXCEPTION(KeyboardInterrupt, qk_exc_BaseException)
QK_EXCEPTION(SystemExit, qk_exc_BaseException)
QK_EXCEPTION(GeneratorExit, qk_exc_BaseException)
QK_EXCEPTION(ArithmeticError, qk_exc_Exception)
QK_EXCEPTION(LookupError, qk_exc_Exception)
QK_EXCEPTION(RuntimeError, qk_exc_Exception)
QK_EXCEPTION(AssertionError, qk_exc_Exception)
QK_EXCEPTION(ZeroDivisionError, qk_exc_ArithmeticError)
QK_EXCEPTION(OverflowError, qk_exc_ArithmeticError)
QK_EXCEPTION(NameError, qk_exc_Exception)
QK_EXCEPTION(UnboundLocalError, qk_exc_NameError)
QK_EXCEPTION(TypeError, qk_exc_Exception)
QK_EXCEPTION(ValueError, qk_exc_Exception)
QK_EXCEPTION(UnicodeError, qk_exc_ValueError)
QK_EXCEPTION_STR(UnicodeEncodeError, qk_exc_UnicodeError, unicode_error_str)
QK_EXCEPTION_STR(UnicodeDecodeError, qk_exc_UnicodeError, unicode_error_str)
QK_EXCEPTION(RecursionError, qk_exc_RuntimeError)
QK_EXCEPTION(NotImplementedError, qk_exc_RuntimeError)
QK_EXCEPTION(MemoryError, qk_exc_Exception)
QK_EXCEPTION(IndexError, qk_exc_LookupError)
QK_EXCEPTION_STR(KeyError, qk_exc_LookupError, key_error_str)
QK_EXCEPTION(StopIteration, qk_exc_Exception)
QK_EXCEPTION(AttributeError, qk_exc_Exception)
QK_EXCEPTION(ImportError, qk_exc_Exception)
QK_EXCEPTION(ModuleNotFoundError, qk_exc_ImportError)
QK_EXCEPTION(EOFError, qk_exc_Exception)
QK_EXCEPTION(OSError, qk_exc_Exception)

QkType *const qk_exception_types[] = {
    &qk_exc_BaseException,     &qk_exc_Exception,         &qk_exc_KeyboardInterrupt,
    &qk_exc_SystemExit,        &qk_exc_GeneratorExit,     &qk_exc_ArithmeticError,
    &qk_exc_LookupError,       &qk_exc_RuntimeError,      &qk_exc_AssertionError,
    &qk_exc_ZeroDivisionError, &qk_exc_OverflowError,     &qk_exc_NameError,
    &qk_exc_UnboundLocalError, &qk_exc_TypeError,         &qk_exc_ValueError,
    &qk_exc_UnicodeError,      &qk_exc_RecursionError,    &qk_exc_NotImplementedError,
    &qk_exc_MemoryError,       &qk_exc_IndexError,        &qk_exc_KeyError,
    &qk_exc_StopIteration,     &qk_exc_AttributeError,    &qk_exc_ImportError,
    &qk_exc_ModuleNotFoundError, &qk_exc_EOFError,        &qk_exc_OSError,
    &qk_exc_UnicodeEncodeError, &qk_exc_UnicodeDecodeError,
};
const size_t qk_exception_type_count = sizeof qk_exception_types / sizeof qk_exception_types[0];

/* A failure to build the exception itself cannot be reported as an exception. */
static _Noreturn void out_of_memory(void) {
    fputs("MemoryError\n", stderr);
    exit(1);
}

QkValue qk_raise_stop_iteration(QkThread *tstate, QkValue value) {
    /* StopIteration() has no args, so its value is None and its str is empty, as CPython's. */
    qk_root_push(tstate, &value);
    QkValue args = qk_tuple_from_array(tstate, &value, value != QK_NONE);
    qk_root_pop(tstate, 1);
    QkValue exc = args == QK_NULL ? QK_NULL : qk_exception_new(tstate, &qk_exc_StopIteration, args);
    if (exc == QK_NULL) {
        return QK_NULL;
    }
    tstate->exception = exc;
    return QK_NULL;
}

QkValue qk_raise_unicode_error(QkThread *tstate, QkType *type, const char *encoding,
                               QkValue object, int64_t start, int64_t end, const char *reason) {
    QkValue items[5] = {QK_NULL, object, qk_from_int(start), qk_from_int(end), QK_NULL};
    for (int i = 0; i < 5; i++) {
        qk_root_push(tstate, &items[i]);
    }
    QkValue exc = QK_NULL;
    if ((items[0] = qk_str_from_cstr(tstate, encoding)) != QK_NULL &&
        (items[4] = qk_str_from_cstr(tstate, reason)) != QK_NULL) {
        QkValue args = qk_tuple_from_array(tstate, items, 5);
        exc = args == QK_NULL ? QK_NULL : qk_exception_new(tstate, type, args);
    }
    qk_root_pop(tstate, 5);
    if (exc != QK_NULL) {
        tstate->exception = exc;
    }
    return QK_NULL;
}

QkValue qk_raise(QkThread *tstate, QkType *type, const char *fmt, ...) {
    char buffer[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buffer, sizeof buffer, fmt, ap);
    va_end(ap);
    /* A MemoryError must not need memory: it is reported without allocating. */
    if (type == &qk_exc_MemoryError) {
        out_of_memory();
    }
    QkValue message = qk_str_from_cstr(tstate, buffer);
    if (message == QK_NULL) {
        out_of_memory();
    }
    qk_root_push(tstate, &message);
    QkValue args = qk_tuple_from_array(tstate, &message, 1);
    qk_root_pop(tstate, 1);
    QkValue exc = args == QK_NULL ? QK_NULL : qk_exception_new(tstate, type, args);
    if (exc == QK_NULL) {
        out_of_memory();
    }
    tstate->exception = exc;
    return QK_NULL;
}
