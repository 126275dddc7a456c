/* Methods: functions bound to an instance, built-in functions (optionally bound to a self), and
 * the descriptors that put a built-in type's C methods in its namespace. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "objmodel.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

/* Prepending self: a C-stack array for the usual counts, the heap beyond. The values need no
 * rooting: the caller holds the arguments and self. */
#define QK_SMALL_ARGS 8

QkValue qk_call_with_self(QkThread *tstate, QkValue func, QkValue self, QkValue *args,
                          size_t nargs, QkValue kwnames) {
    QkValue small[QK_SMALL_ARGS];
    QkValue *argv = nargs < QK_SMALL_ARGS ? small : malloc((nargs + 1) * sizeof *argv);
    if (argv == NULL) {
        return qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
    }
    argv[0] = self;
    if (nargs > 0) {
        memcpy(argv + 1, args, nargs * sizeof *args);
    }
    QkValue r = qk_call(tstate, func, argv, nargs + 1, kwnames);
    if (argv != small) {
        free(argv);
    }
    return r;
}

/* ---- bound methods ---- */

static void method_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkMethod *)self)->func, arg);
    visit(((QkMethod *)self)->self, arg);
}

static QkValue method_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                           QkValue kwnames) {
    QkMethod *m = (QkMethod *)callable;
    return qk_call_with_self(tstate, m->func, m->self, args, nargs, kwnames);
}

/* The __qualname__ of what a method binds: "A.m" names the class that defines m. */
static const char *callable_qualname(QkValue func) {
    if (qk_is_type(func, &qk_function_type)) {
        return qk_as_str(((QkCode *)((QkFunction *)func)->code)->qualname)->data;
    }
    if (qk_is_type(func, &qk_builtin_type)) {
        return ((QkBuiltin *)func)->name;
    }
    return "?";
}

void qk_function_str(QkValue callable, char *out, size_t size) {
    if (qk_is_type(callable, &qk_method_type)) {
        callable = ((QkMethod *)callable)->func;
    }
    const char *module = NULL, *qualname = qk_type_name(callable), *owner = NULL;
    QkValue module_name = QK_NULL;
    if (qk_is_type(callable, &qk_function_type)) {
        module_name = qk_dict_get(((QkFunction *)callable)->globals, QK_NAME(name));
        qualname = callable_qualname(callable);
    } else if (qk_is_type(callable, &qk_builtin_type)) {
        QkBuiltin *b = (QkBuiltin *)callable;
        if (qk_is_type(b->self, &qk_module_type)) {
            module_name = ((QkModule *)b->self)->name;
        } else if (b->self != QK_NULL) {
            owner = qk_type_name(b->self);
        }
        qualname = b->name;
    } else if (qk_is_type(callable, &qk_method_descr_type)) {
        owner = ((QkMethodDescr *)callable)->owner->name;
        qualname = ((QkMethodDescr *)callable)->def->name;
    } else if (qk_is_class(callable)) {
        QkType *t = (QkType *)callable;
        module_name = (t->flags & QK_TYPE_HEAP) ? qk_dict_get(t->dict, QK_NAME(module)) : QK_NULL;
        qualname = t->name;
    }
    if (qk_is_str(module_name)) {
        module = qk_as_str(module_name)->data;
    }
    snprintf(out, size, "%s%s%s%s%s()", module ? module : "", module ? "." : "", owner ? owner : "",
             owner ? "." : "", qualname);
}

static QkValue method_repr(QkThread *tstate, QkValue self) {
    QkMethod *m = (QkMethod *)self;
    QkValue owner = qk_repr(tstate, m->self);
    if (owner == QK_NULL) {
        return QK_NULL;
    }
    QkBuf b = {0};
    if (qk_buf_printf(tstate, &b, "<bound method %s of %s>", callable_qualname(m->func),
                      qk_as_str(owner)->data) < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue method_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    (void)tstate;
    if (!qk_is_type(rhs, &qk_method_type) || (op != QK_COMPARE_OP_EQ && op != QK_COMPARE_OP_NE)) {
        return QK_NOT_IMPLEMENTED;
    }
    QkMethod *a = (QkMethod *)lhs, *b = (QkMethod *)rhs;
    return qk_bool((a->func == b->func && a->self == b->self) == (op == QK_COMPARE_OP_EQ));
}

/* m.__self__ and m.__func__, then the function's own attributes. */
static QkValue method_getattr(QkThread *tstate, QkValue self, QkValue name) {
    QkMethod *m = (QkMethod *)self;
    const char *n = qk_as_str(name)->data;
    if (strcmp(n, "__self__") == 0) {
        return m->self;
    }
    if (strcmp(n, "__func__") == 0) {
        return m->func;
    }
    return qk_getattr(tstate, m->func, name);
}

QkType qk_method_type = {
    QK_STATIC_TYPE,
    .name = "method",
    .traverse = method_traverse,
    .call = method_call,
    .repr = method_repr,
    .compare = method_compare,
    .getattr = method_getattr,
};

QkValue qk_method_new(QkThread *tstate, QkValue func, QkValue self) {
    qk_root_push(tstate, &func);
    qk_root_push(tstate, &self);
    QkMethod *m = (QkMethod *)qk_alloc(tstate, &qk_method_type, sizeof *m);
    qk_root_pop(tstate, 2);
    if (m == NULL) {
        return QK_NULL;
    }
    m->func = func;
    m->self = self;
    return (QkValue)m;
}

/* ---- built-in functions ---- */

static void builtin_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkBuiltin *)self)->self, arg);
}

static QkValue builtin_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                            QkValue kwnames) {
    QkBuiltin *b = (QkBuiltin *)callable;
    return b->func(tstate, b->self, args, nargs, kwnames);
}

static QkValue builtin_repr(QkThread *tstate, QkValue self) {
    QkBuiltin *b = (QkBuiltin *)self;
    char buffer[256];
    if (b->self == QK_NULL || qk_is_type(b->self, &qk_module_type)) {
        snprintf(buffer, sizeof buffer, "<built-in function %s>", b->name);
    } else {
        snprintf(buffer, sizeof buffer, "<built-in method %s of %s object at %p>", b->name,
                 qk_type_name(b->self), (void *)b->self);
    }
    return qk_str_from_cstr(tstate, buffer);
}

static QkValue builtin_getattr(QkThread *tstate, QkValue self, QkValue name) {
    return qk_str_equal(name, QK_NAME(name))
               ? qk_str_from_cstr(tstate, ((QkBuiltin *)self)->name)
               : qk_generic_getattr(tstate, self, name);
}

QkType qk_builtin_type = {
    QK_STATIC_TYPE,
    .name = "builtin_function_or_method",
    .traverse = builtin_traverse,
    .getattr = builtin_getattr,
    .call = builtin_call,
    .repr = builtin_repr,
};

QkValue qk_builtin_new(QkThread *tstate, const char *name, QkCFunction func, QkValue self) {
    qk_root_push(tstate, &self);
    QkBuiltin *b = (QkBuiltin *)qk_alloc(tstate, &qk_builtin_type, sizeof *b);
    qk_root_pop(tstate, 1);
    if (b == NULL) {
        return QK_NULL;
    }
    b->name = name;
    b->func = func;
    b->self = self;
    return (QkValue)b;
}

/* ---- method descriptors ---- */

/* The self a method of a built-in type gets: the int an instance of a class derived from int
 * boxes; a slot wrapper finds the slots that see it (slot_methods.c) and takes the instance. */
static QkValue descr_self(const QkMethodDescr *d, QkValue self) {
    return d->owner == &qk_int_type && !d->wraps_slot ? qk_builtin_self(self) : self;
}

/* Called through the class (list.append(l, x)): the first argument is self. */
static QkValue method_descr_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                                 QkValue kwnames) {
    QkMethodDescr *d = (QkMethodDescr *)callable;
    if (nargs == 0 || nargs == qk_nkwargs(kwnames)) {
        return qk_raise(tstate, &qk_exc_TypeError, "unbound method %s.%s() needs an argument",
                        d->owner->name, d->def->name);
    }
    if (!qk_isinstance(args[0], d->owner)) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        d->wraps_slot
                            ? "descriptor '%s' requires a '%s' object but received a '%s'"
                            : "descriptor '%s' for '%s' objects doesn't apply to a '%s' object",
                        d->def->name, d->owner->name, qk_type_name(args[0]));
    }
    return d->def->func(tstate, descr_self(d, args[0]), args + 1, nargs - 1, kwnames);
}

static QkValue method_descr_get(QkThread *tstate, QkValue descr, QkValue obj) {
    QkMethodDescr *d = (QkMethodDescr *)descr;
    return qk_builtin_new(tstate, d->def->name, d->def->func, descr_self(d, obj));
}

static QkValue method_descr_repr(QkThread *tstate, QkValue self) {
    QkMethodDescr *d = (QkMethodDescr *)self;
    char buffer[256];
    snprintf(buffer, sizeof buffer, "<%s '%s' of '%s' objects>",
             d->wraps_slot ? "slot wrapper" : "method", d->def->name, d->owner->name);
    return qk_str_from_cstr(tstate, buffer);
}

QkType qk_method_descr_type = {
    QK_STATIC_TYPE,
    .name = "method_descriptor",
    .call = method_descr_call,
    .descr_get = method_descr_get,
    .repr = method_descr_repr,
};

QkValue qk_method_descr_new(QkThread *tstate, QkType *owner, const QkMethodDef *def) {
    QkMethodDescr *d = (QkMethodDescr *)qk_alloc(tstate, &qk_method_descr_type, sizeof *d);
    if (d == NULL) {
        return QK_NULL;
    }
    d->def = def;
    d->owner = owner;
    return (QkValue)d;
}

enum MethodKind { INSTANCE_METHOD, CLASS_METHOD, STATIC_METHOD };

/* A class or static method of a built-in type: classmethod(<built-in function>), which binds
 * the class (or the instance's type) as the first argument as for a class statement's
 * classmethods, or staticmethod(<built-in function>). */
static QkValue builtin_wrapped_new(QkThread *tstate, const QkMethodDef *def, QkType *wrapper) {
    QkValue func = qk_builtin_new(tstate, def->name, def->func, QK_NULL);
    qk_root_push(tstate, &func);
    QkValue r = func == QK_NULL ? QK_NULL : qk_call(tstate, (QkValue)wrapper, &func, 1, QK_NULL);
    qk_root_pop(tstate, 1);
    return r;
}

static int add_method_table(QkThread *tstate, QkType *type, const QkMethodDef *defs,
                            enum MethodKind kind) {
    for (const QkMethodDef *def = defs; def != NULL && def->name != NULL; def++) {
        QkValue name = qk_str_from_cstr(tstate, def->name);
        if (name == QK_NULL) {
            return -1;
        }
        qk_root_push(tstate, &name);
        QkValue descr = kind == INSTANCE_METHOD ? qk_method_descr_new(tstate, type, def)
                        : kind == CLASS_METHOD  ? builtin_wrapped_new(tstate, def, &qk_classmethod_type)
                                                : builtin_wrapped_new(tstate, def, &qk_staticmethod_type);
        int failed = descr == QK_NULL || qk_dict_set(tstate, type->dict, name, descr) < 0;
        qk_root_pop(tstate, 1);
        if (failed) {
            return -1;
        }
    }
    return 0;
}

int qk_type_add_methods(QkThread *tstate, QkType *type) {
    return add_method_table(tstate, type, type->methods, INSTANCE_METHOD) < 0 ||
                   add_method_table(tstate, type, type->classmethods, CLASS_METHOD) < 0 ||
                   add_method_table(tstate, type, type->staticmethods, STATIC_METHOD) < 0
               ? -1
               : 0;
}
