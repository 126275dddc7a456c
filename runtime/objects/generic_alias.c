/* `list[int]` at run time (type aliases such as `Grid = list[list[int]]`): a subscripted
 * built-in container class is a GenericAlias (CPython's types.GenericAlias) that prints as it is
 * written, compares by its origin and arguments, and calls its origin; a class statement's
 * class is subscripted through its __class_getitem__. */
#include "objmodel.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

typedef struct QkGenericAlias {
    QkObject ob;
    QkValue origin; /* the class subscripted */
    QkValue args;   /* tuple: the subscript, or its items if it is a tuple */
} QkGenericAlias;

static QkGenericAlias *as_alias(QkValue v) { return (QkGenericAlias *)v; }

static void alias_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkGenericAlias *)self)->origin, arg);
    visit(((QkGenericAlias *)self)->args, arg);
}

/* CPython's ga_repr_item: `...`, a class or function as module.qualname (builtins bare), anything
 * else (an alias included) by its repr. */
static int repr_item(QkThread *tstate, QkBuf *b, QkValue v) {
    if (v == QK_ELLIPSIS) {
        return qk_buf_append(tstate, b, "...", 3);
    }
    const char *module = NULL, *qualname = NULL;
    if (qk_is_class(v)) {
        QkType *t = (QkType *)v;
        QkValue m = (t->flags & QK_TYPE_HEAP) ? qk_dict_get(t->dict, QK_NAME(module)) : QK_NULL;
        module = qk_is_str(m) ? qk_as_str(m)->data : "builtins";
        qualname = qk_type_qualname(t);
    } else if (qk_is_type(v, &qk_function_type)) {
        QkFunction *f = (QkFunction *)v;
        QkValue m = qk_dict_get(f->globals, QK_NAME(name));
        module = qk_is_str(m) ? qk_as_str(m)->data : "builtins";
        qualname = qk_as_str(((QkCode *)f->code)->qualname)->data;
    }
    if (qualname == NULL) {
        return qk_buf_repr(tstate, b, v);
    }
    return strcmp(module, "builtins") == 0 ? qk_buf_printf(tstate, b, "%s", qualname)
                                           : qk_buf_printf(tstate, b, "%s.%s", module, qualname);
}

static QkValue alias_repr(QkThread *tstate, QkValue self) {
    QkGenericAlias *a = as_alias(self);
    QkTuple *args = qk_as_tuple(a->args);
    QkBuf b = {0};
    int failed = repr_item(tstate, &b, a->origin) < 0 || qk_buf_putc(tstate, &b, '[') < 0;
    for (int64_t i = 0; !failed && i < args->size; i++) {
        failed = (i > 0 && qk_buf_append(tstate, &b, ", ", 2) < 0) ||
                 repr_item(tstate, &b, args->items[i]) < 0;
    }
    if (failed || (args->size == 0 && qk_buf_append(tstate, &b, "()", 2) < 0) ||
        qk_buf_putc(tstate, &b, ']') < 0) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static QkValue alias_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs,
                          QkValue kwnames) {
    return qk_call(tstate, as_alias(callable)->origin, args, nargs, kwnames);
}

static QkValue alias_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if ((op != QK_COMPARE_OP_EQ && op != QK_COMPARE_OP_NE) || !qk_is_type(rhs, qk_type_of(lhs))) {
        return QK_NOT_IMPLEMENTED;
    }
    int equal = as_alias(lhs)->origin == as_alias(rhs)->origin
                    ? qk_equal(tstate, as_alias(lhs)->args, as_alias(rhs)->args)
                    : 0;
    return equal < 0 ? QK_NULL : qk_bool(equal == (op == QK_COMPARE_OP_EQ));
}

static int alias_hash(QkThread *tstate, QkValue self, int64_t *hash) {
    int64_t args_hash;
    if (qk_hash(tstate, as_alias(self)->args, &args_hash) < 0) {
        return -1;
    }
    *hash = (qk_hash_pointer(as_alias(self)->origin) ^ args_hash) & INT64_MAX;
    return 0;
}

static QkValue alias_getattr(QkThread *tstate, QkValue self, QkValue name) {
    const char *n = qk_as_str(name)->data;
    return strcmp(n, "__origin__") == 0 ? as_alias(self)->origin
           : strcmp(n, "__args__") == 0 ? as_alias(self)->args
                                        : qk_generic_getattr(tstate, self, name);
}

QkType qk_generic_alias_type = {
    QK_STATIC_TYPE,
    .name = "GenericAlias",
    .traverse = alias_traverse,
    .repr = alias_repr,
    .call = alias_call,
    .compare = alias_compare,
    .hash = alias_hash,
    .getattr = alias_getattr,
};

static QkValue alias_new(QkThread *tstate, QkValue origin, QkValue key) {
    QkValue args = qk_is_type(key, &qk_tuple_type) ? key : qk_tuple_from_array(tstate, &key, 1);
    if (args == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &args);
    QkGenericAlias *a = (QkGenericAlias *)qk_alloc(tstate, &qk_generic_alias_type, sizeof *a);
    qk_root_pop(tstate, 1);
    if (a == NULL) {
        return QK_NULL;
    }
    a->origin = origin;
    a->args = args;
    return (QkValue)a;
}

QkValue qk_class_getitem(QkThread *tstate, QkValue cls, QkValue key) {
    QkType *t = (QkType *)cls;
    if (t == &qk_list_type || t == &qk_dict_type || t == &qk_set_type ||
        t == &qk_frozenset_type || t == &qk_tuple_type || t == &qk_type_type) {
        return alias_new(tstate, cls, key);
    }
    QkValue name = qk_str_from_cstr(tstate, "__class_getitem__");
    QkValue hook = name == QK_NULL ? QK_NULL : qk_type_lookup(t, name);
    if (hook == QK_NULL) {
        return tstate->exception != QK_NULL
                   ? QK_NULL
                   : qk_raise(tstate, &qk_exc_TypeError, "type '%s' is not subscriptable", t->name);
    }
    /* A class method even when written as a plain function, as in CPython. */
    QkValue func = qk_is_type(hook, &qk_classmethod_type) ? ((QkDescriptor *)hook)->func : hook;
    QkValue call_args[2] = {cls, key};
    return qk_call(tstate, func, call_args, 2, QK_NULL);
}
