/* Python functions: making them, binding arguments into frames, calling them; and cells. */
#include <stdio.h>
#include <string.h>

#include "ceval.h"
#include "objmodel.h"
#include "quack.h"
#include "quack_opcodes.h"

/* ---- cells ---- */

static void cell_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkCell *)self)->value, arg);
}

QkType qk_cell_type = {QK_STATIC_TYPE, .name = "cell", .traverse = cell_traverse};

QkValue qk_cell_new(QkThread *tstate, QkValue value) {
    QkValue keep = value;
    qk_root_push(tstate, &keep);
    QkCell *cell = (QkCell *)qk_alloc(tstate, &qk_cell_type, sizeof *cell);
    qk_root_pop(tstate, 1);
    if (cell == NULL) {
        return QK_NULL;
    }
    cell->value = keep;
    return (QkValue)cell;
}


void qk_copy_free_vars(QkFrame *frame, uint32_t n) {
    QkValue closure = frame->func != QK_NULL ? ((QkFunction *)frame->func)->closure : QK_NULL;
    int64_t available = qk_is_type(closure, &qk_tuple_type) ? qk_as_tuple(closure)->size : 0;
    uint32_t first = frame->code->nlocals - n;
    for (uint32_t i = 0; i < n && i < available; i++) {
        frame->localsplus[first + i] = qk_as_tuple(closure)->items[i];
    }
}

/* ---- functions ---- */

static void function_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkFunction *f = (QkFunction *)self;
    visit(f->code, arg);
    visit(f->globals, arg);
    visit(f->name, arg);
    visit(f->defaults, arg);
    visit(f->kwdefaults, arg);
    visit(f->closure, arg);
    visit(f->dict, arg);
}

/* Errors name a function by its qualified name ("Duck.quack() takes ..."), as CPython does. */
static const char *func_name(QkFunction *f) {
    return qk_as_str(((QkCode *)f->code)->qualname)->data;
}

static QkValue function_repr(QkThread *tstate, QkValue self) {
    char buffer[256];
    snprintf(buffer, sizeof buffer, "<function %s at %p>",
             func_name((QkFunction *)self), (void *)self);
    return qk_str_from_cstr(tstate, buffer);
}

static QkValue function_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                             QkValue kwnames);

/* Accessed through an instance, a function becomes a method bound to it. */
static QkValue function_descr_get(QkThread *tstate, QkValue descr, QkValue obj) {
    return qk_method_new(tstate, descr, obj);
}

/* f.__name__, f.__qualname__, f.__module__, then what the program set on f. */
/* __qualname__, __module__ and __doc__ assigned are in the function's dict; until then they come
 * from its code and globals. */
static QkValue function_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkFunction *f = (QkFunction *)self;
    if (qk_str_equal(name, QK_NAME(name))) {
        return f->name;
    }
    QkValue attr = f->dict != QK_NULL ? qk_dict_get(f->dict, name) : QK_NULL;
    if (attr != QK_NULL) {
        return attr;
    }
    QkCode *code = (QkCode *)f->code;
    if (qk_str_equal(name, QK_NAME(qualname))) {
        return code->qualname;
    }
    if (qk_str_equal(name, QK_NAME(module))) {
        QkValue module = qk_dict_get(f->globals, QK_NAME(name));
        return module != QK_NULL ? module : QK_NONE;
    }
    if (qk_str_equal(name, QK_NAME(doc))) {
        return code->flags & QK_CODE_HAS_DOCSTRING ? code->consts[0] : QK_NONE;
    }
    return qk_generic_getattr(tstate, self, name);
}

static int function_setattr(QkThread *tstate, QkValue self, QkValue name, QkValue value) {
    QkFunction *f = (QkFunction *)self;
    if (qk_str_equal(name, QK_NAME(name)) || qk_str_equal(name, QK_NAME(qualname))) {
        if (value == QK_NULL || !qk_is_str(value)) {
            qk_raise(tstate, &qk_exc_TypeError, "%s must be set to a string object",
                     qk_as_str(name)->data);
            return -1;
        }
        if (qk_str_equal(name, QK_NAME(name))) {
            f->name = value;
            return 0;
        }
    }
    return qk_set_in_dict(tstate, &f->dict, self, name, value);
}

QkType qk_function_type = {
    QK_STATIC_TYPE,
    .name = "function",
    .traverse = function_traverse,
    .repr = function_repr,
    .call = function_call,
    .descr_get = function_descr_get,
    .getattr = function_getattr,
    .setattr = function_setattr,
};

/* Every function object gets a version of its own: calls specialized for it guard on it. */
static uint32_t last_function_version;

QkValue qk_make_function(QkThread *tstate, QkFrame *frame, QkValue code) {
    if (!qk_is_type(code, &qk_code_type)) {
        return qk_raise(tstate, &qk_exc_TypeError, "MAKE_FUNCTION needs a code object, not '%s'",
                        qk_type_name(code));
    }
    QkFunction *f = (QkFunction *)qk_alloc(tstate, &qk_function_type, sizeof *f);
    if (f == NULL) {
        return QK_NULL;
    }
    f->code = code;
    f->globals = frame->globals;
    f->name = ((QkCode *)code)->name;
    f->version = qk_next_version(&last_function_version);
    return (QkValue)f;
}

void qk_set_function_attribute(QkValue func, uint32_t which, QkValue attr) {
    QkFunction *f = (QkFunction *)func;
    switch (which) {
    case QK_SET_FUNCTION_ATTRIBUTE_DEFAULTS:
        f->defaults = attr;
        break;
    case QK_SET_FUNCTION_ATTRIBUTE_KWDEFAULTS:
        f->kwdefaults = attr;
        break;
    default:
        f->closure = attr;
        break;
    }
}

int qk_is_inlinable_function(QkValue v) {
    return qk_is_type(v, &qk_function_type) &&
           !(((QkCode *)((QkFunction *)v)->code)->flags & QK_CODE_GENERATOR);
}

/* ---- argument binding ---- */


static const char *varname(QkCode *code, uint32_t i) { return qk_as_str(code->varnames[i])->data; }

/* "'a'", "'a' and 'b'", "'a', 'b', and 'c'": CPython's list of missing parameters. */
static void list_names(char *out, size_t size, QkCode *code, const uint32_t *which, uint32_t n) {
    out[0] = '\0';
    for (uint32_t i = 0; i < n; i++) {
        size_t len = strlen(out);
        const char *sep = i == 0 ? "" : (n == 2 ? " and " : (i + 1 == n ? ", and " : ", "));
        snprintf(out + len, size - len, "%s'%s'", sep, varname(code, which[i]));
    }
}

static int raise_missing(QkThread *tstate, QkFunction *f, QkFrame *frame, uint32_t from,
                         uint32_t to, const char *kind) {
    QkCode *code = frame->code;
    uint32_t missing[64], n = 0;
    for (uint32_t i = from; i < to && n < 64; i++) {
        if (frame->localsplus[i] == QK_NULL) {
            missing[n++] = i;
        }
    }
    char names[512];
    list_names(names, sizeof names, code, missing, n);
    qk_raise(tstate, &qk_exc_TypeError, "%s() missing %u required %s argument%s: %s",
             func_name(f), n, kind, n == 1 ? "" : "s", names);
    return -1;
}

static int raise_too_many(QkThread *tstate, QkFunction *f, QkCode *code, size_t given) {
    QkTuple *defaults = f->defaults != QK_NULL ? qk_as_tuple(f->defaults) : NULL;
    uint32_t most = code->argcount;
    uint32_t least = most - (defaults ? (uint32_t)defaults->size : 0);
    if (least == most) {
        qk_raise(tstate, &qk_exc_TypeError, "%s() takes %u positional argument%s but %zu %s given",
                 func_name(f), most, most == 1 ? "" : "s", given, given == 1 ? "was" : "were");
    } else {
        qk_raise(tstate, &qk_exc_TypeError,
                 "%s() takes from %u to %u positional arguments but %zu %s given", func_name(f),
                 least, most, given, given == 1 ? "was" : "were");
    }
    return -1;
}

/* CPython blames an unknown keyword on positional-only parameters when any keyword names one:
 * it lists every such parameter, in parameter order. Returns -1 having raised, 0 if none. */
static int raise_positional_only_as_keyword(QkThread *tstate, QkFunction *f, QkCode *code,
                                            QkValue kwnames) {
    QkTuple *names = qk_as_tuple(kwnames);
    char listed[512] = "";
    for (uint32_t i = 0; i < code->posonlyargcount; i++) {
        for (int64_t k = 0; k < names->size; k++) {
            if (qk_str_equal(code->varnames[i], names->items[k])) {
                size_t len = strlen(listed);
                snprintf(listed + len, sizeof listed - len, "%s%s", len ? ", " : "",
                         varname(code, i));
                break;
            }
        }
    }
    if (listed[0] == '\0') {
        return 0;
    }
    qk_raise(tstate, &qk_exc_TypeError,
             "%s() got some positional-only arguments passed as keyword arguments: '%s'",
             func_name(f), listed);
    return -1;
}

/* Puts a keyword argument in its parameter's slot, or in **kwargs; -1 on error. */
static int bind_keyword(QkThread *tstate, QkFunction *f, QkFrame *frame, QkValue name,
                        QkValue value, QkValue kwnames, QkValue kwargs) {
    QkCode *code = frame->code;
    for (uint32_t i = code->posonlyargcount; i < code->argcount + code->kwonlyargcount; i++) {
        if (qk_str_equal(code->varnames[i], name)) {
            if (frame->localsplus[i] != QK_NULL) {
                qk_raise(tstate, &qk_exc_TypeError, "%s() got multiple values for argument '%s'",
                         func_name(f), qk_as_str(name)->data);
                return -1;
            }
            frame->localsplus[i] = value;
            return 0;
        }
    }
    if (kwargs == QK_NULL) {
        if (raise_positional_only_as_keyword(tstate, f, code, kwnames) < 0) {
            return -1;
        }
        qk_raise(tstate, &qk_exc_TypeError, "%s() got an unexpected keyword argument '%s'",
                 func_name(f), qk_as_str(name)->data);
        return -1;
    }
    return qk_dict_set(tstate, kwargs, name, value);
}

/* Fills missing parameters from the defaults; reports what is still missing. */
static int apply_defaults(QkThread *tstate, QkFunction *f, QkFrame *frame) {
    QkCode *code = frame->code;
    if (f->defaults != QK_NULL) {
        QkTuple *defaults = qk_as_tuple(f->defaults);
        uint32_t first = code->argcount - (uint32_t)defaults->size;
        for (uint32_t i = first; i < code->argcount; i++) {
            if (frame->localsplus[i] == QK_NULL) {
                frame->localsplus[i] = defaults->items[i - first];
            }
        }
    }
    for (uint32_t i = 0; i < code->argcount; i++) {
        if (frame->localsplus[i] == QK_NULL) {
            return raise_missing(tstate, f, frame, 0, code->argcount, "positional");
        }
    }
    uint32_t end = code->argcount + code->kwonlyargcount;
    for (uint32_t i = code->argcount; i < end && f->kwdefaults != QK_NULL; i++) {
        if (frame->localsplus[i] == QK_NULL) {
            frame->localsplus[i] = qk_dict_get(f->kwdefaults, code->varnames[i]);
        }
    }
    /* Only after every default is in place: those are not missing. */
    for (uint32_t i = code->argcount; i < end; i++) {
        if (frame->localsplus[i] == QK_NULL) {
            return raise_missing(tstate, f, frame, code->argcount, end, "keyword-only");
        }
    }
    return 0;
}

/* Binds a call's arguments into the frame's parameter slots (which start empty). The frame is
 * visible to the collector while *args and **kwargs are built. */
int qk_bind_arguments(QkThread *tstate, QkFrame *frame, QkValue func, QkValue *args, size_t nargs,
                      QkValue kwnames) {
    QkFunction *f = (QkFunction *)func;
    QkCode *code = frame->code;
    size_t nkw = kwnames != QK_NULL ? (size_t)qk_as_tuple(kwnames)->size : 0;
    size_t npos = nargs - nkw;
    uint32_t slot = code->argcount + code->kwonlyargcount;
    size_t bound = npos < code->argcount ? npos : code->argcount;
    if (bound > 0) {
        memcpy(frame->localsplus, args, bound * sizeof *args);
    }
    if (code->flags & QK_CODE_VARARGS) {
        QkValue rest = qk_tuple_from_array(tstate, args + bound, (int64_t)(npos - bound));
        if (rest == QK_NULL) {
            return -1;
        }
        frame->localsplus[slot++] = rest;
    } else if (npos > code->argcount) {
        return raise_too_many(tstate, f, code, npos);
    }
    QkValue kwargs = QK_NULL;
    if (code->flags & QK_CODE_VARKEYWORDS) {
        kwargs = qk_dict_new(tstate);
        if (kwargs == QK_NULL) {
            return -1;
        }
        frame->localsplus[slot] = kwargs;
    }
    for (size_t i = 0; i < nkw; i++) {
        QkValue name = qk_as_tuple(kwnames)->items[i];
        if (bind_keyword(tstate, f, frame, name, args[npos + i], kwnames, kwargs) < 0) {
            return -1;
        }
    }
    return apply_defaults(tstate, f, frame);
}

QkFrame *qk_push_frame(QkThread *tstate, QkFrame *caller, QkValue func, QkValue *args,
                       uint32_t nargs, QkValue kwnames) {
    QkFunction *f = (QkFunction *)func;
    QkFrame *frame = qk_frame_push(tstate, caller, (QkCode *)f->code, f->globals, 0);
    if (frame == NULL) {
        return NULL;
    }
    frame->func = func;
    if (qk_bind_arguments(tstate, frame, func, args, nargs, kwnames) < 0) {
        qk_frame_pop(tstate, frame);
        return NULL;
    }
    return frame;
}

static QkValue function_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    QkFunction *f = (QkFunction *)callable;
    if (((QkCode *)f->code)->flags & QK_CODE_GENERATOR) {
        return qk_generator_new(tstate, callable, args, nargs, kwnames);
    }
    QkFrame *frame = qk_push_frame(tstate, tstate->current_frame, callable, args,
                                   (uint32_t)nargs, kwnames);
    return frame == NULL ? QK_NULL : qk_eval_frame(tstate, frame);
}

/* ---- calling anything ---- */

QkValue qk_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                QkValue kwnames) {
    QkType *type = qk_type_of(callable);
    if (type->call == NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not callable", type->name);
    }
    return type->call(tstate, callable, args, nargs, kwnames);
}

/* A lone `f(*x)` passes x itself (as CPython 3.11 compiles it): anything but a tuple becomes one
 * here, and a value that is not iterable is reported naming the callable. */
static QkValue call_args_tuple(QkThread *tstate, QkValue callable, QkValue callargs) {
    if (qk_is_tuple(callargs)) {
        return callargs;
    }
    if (!qk_is_iterable(callargs)) {
        char name[256];
        qk_function_str(callable, name, sizeof name);
        return qk_raise(tstate, &qk_exc_TypeError, "%s argument after * must be an iterable, not %s",
                        name, qk_type_name(callargs));
    }
    return qk_tuple_from_iterable(tstate, callargs);
}

QkValue qk_call_ex(QkThread *tstate, QkValue callable, QkValue self_or_null, QkValue callargs,
                   QkValue kwargs) {
    callargs = call_args_tuple(tstate, callable, callargs);
    if (callargs == QK_NULL) {
        return QK_NULL;
    }
    size_t has_self = self_or_null != QK_NULL;
    int64_t nkw = 0;
    if (kwargs != QK_NULL) {
        nkw = ((QkDict *)kwargs)->used;
    }
    size_t nargs = has_self + (size_t)qk_as_tuple(callargs)->size + (size_t)nkw;
    QkValue flat = QK_NULL, kwnames = QK_NULL;
    qk_root_push(tstate, &callargs);
    qk_root_push(tstate, &flat);
    qk_root_push(tstate, &kwnames);
    /* The flattened arguments live in a tuple so the collector sees them during the call. */
    flat = qk_tuple_from_array(tstate, NULL, (int64_t)nargs);
    if (flat == QK_NULL) {
        qk_root_pop(tstate, 3);
        return QK_NULL;
    }
    QkTuple *positional = qk_as_tuple(callargs);
    QkValue *items = qk_as_tuple(flat)->items;
    if (has_self) {
        items[0] = self_or_null;
    }
    memcpy(items + has_self, positional->items, (size_t)positional->size * sizeof *items);
    if (nkw > 0) {
        kwnames = qk_tuple_from_array(tstate, NULL, nkw);
        if (kwnames == QK_NULL) {
            qk_root_pop(tstate, 3);
            return QK_NULL;
        }
        QkDict *d = (QkDict *)kwargs;
        int64_t k = 0;
        items = qk_as_tuple(flat)->items;
        for (int64_t i = 0; i < d->nentries; i++) {
            if (d->entries[i].key == QK_NULL) {
                continue;
            }
            if (!qk_is_type(d->entries[i].key, &qk_str_type)) {
                qk_root_pop(tstate, 3);
                return qk_raise(tstate, &qk_exc_TypeError, "keywords must be strings");
            }
            qk_as_tuple(kwnames)->items[k] = d->entries[i].key;
            items[nargs - (size_t)nkw + (size_t)k] = d->entries[i].value;
            k++;
        }
    }
    QkValue result = qk_call(tstate, callable, qk_as_tuple(flat)->items, nargs, kwnames);
    qk_root_pop(tstate, 3);
    return result;
}
