/* The built-in object types: singletons, str, dict, code, function, builtin, range, exceptions. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quack.h"

/* The header of a statically allocated type: a value of type `type`, never collected. */
#define QK_STATIC_TYPE .ob = {.type = &qk_type_type, .gc_static = 1}, .base = &qk_object_type

QkType qk_type_type = {QK_STATIC_TYPE, .name = "type"};
QkType qk_object_type = {.ob = {.type = &qk_type_type, .gc_static = 1}, .name = "object",
                         .flags = QK_TYPE_BASETYPE};
QkType qk_int_type = {QK_STATIC_TYPE, .name = "int"};
QkType qk_bool_type = {QK_STATIC_TYPE, .name = "bool"};
QkType qk_none_type = {QK_STATIC_TYPE, .name = "NoneType"};
QkType qk_not_implemented_type = {QK_STATIC_TYPE, .name = "NotImplementedType"};

QkObject qk_none_object = {.type = &qk_none_type, .gc_static = 1};
QkObject qk_true_object = {.type = &qk_bool_type, .gc_static = 1};
QkObject qk_false_object = {.type = &qk_bool_type, .gc_static = 1};
QkObject qk_not_implemented_object = {.type = &qk_not_implemented_type, .gc_static = 1};

const char *qk_type_name(QkValue v) { return qk_type_of(v)->name; }

int qk_type_is_subtype(const QkType *t, const QkType *base) {
    for (; t != NULL; t = t->base) {
        if (t == base) {
            return 1;
        }
    }
    return 0;
}

/* ---- str ---- */

QkType qk_str_type = {QK_STATIC_TYPE, .name = "str"};

QkValue qk_str_new(QkThread *tstate, const char *data, int64_t length) {
    QkStr *s = (QkStr *)qk_alloc(tstate, &qk_str_type, sizeof(QkStr) + (size_t)length + 1);
    if (s == NULL) {
        return QK_NULL;
    }
    s->length = length;
    /* data == NULL: the caller fills the bytes in. */
    if (data != NULL && length > 0) {
        memcpy(s->data, data, (size_t)length);
    }
    s->data[length] = '\0';
    return (QkValue)s;
}

QkValue qk_str_from_cstr(QkThread *tstate, const char *s) {
    return qk_str_new(tstate, s, (int64_t)strlen(s));
}

int qk_str_equal(QkValue a, QkValue b) {
    if (a == b) {
        return 1;
    }
    QkStr *x = qk_as_str(a), *y = qk_as_str(b);
    return x->length == y->length && memcmp(x->data, y->data, (size_t)x->length) == 0;
}

uint64_t qk_str_hash(QkValue v) {
    QkStr *s = qk_as_str(v);
    if (s->hash == 0) {
        /* FNV-1a: deterministic, so dict iteration order never depends on a seed. */
        uint64_t h = 14695981039346656037u;
        for (int64_t i = 0; i < s->length; i++) {
            h = (h ^ (uint8_t)s->data[i]) * 1099511628211u;
        }
        s->hash = h ? h : 1;
    }
    return s->hash;
}

/* ---- dict ---- */

static void dict_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkDict *d = (QkDict *)self;
    for (int64_t i = 0; i < d->nentries; i++) {
        visit(d->entries[i].key, arg);
        visit(d->entries[i].value, arg);
    }
}

static void dict_finalize(QkObject *self) {
    QkDict *d = (QkDict *)self;
    free(d->indices);
    free(d->entries);
}

QkType qk_dict_type = {
    QK_STATIC_TYPE, .name = "dict", .traverse = dict_traverse, .finalize = dict_finalize};

QkValue qk_dict_new(QkThread *tstate) {
    return (QkValue)qk_alloc(tstate, &qk_dict_type, sizeof(QkDict));
}

static int64_t dict_lookup(QkDict *d, QkValue key, uint64_t hash) {
    if (d->nindices == 0) {
        return -1;
    }
    uint64_t mask = (uint64_t)d->nindices - 1;
    for (uint64_t i = hash & mask;; i = (i + 1) & mask) {
        int64_t ix = d->indices[i];
        if (ix < 0) {
            return -1;
        }
        if (qk_str_equal(d->entries[ix].key, key)) {
            return ix;
        }
    }
}

QkValue qk_dict_get(QkValue dict, QkValue key) {
    QkDict *d = (QkDict *)dict;
    int64_t ix = dict_lookup(d, key, qk_str_hash(key));
    return ix < 0 ? QK_NULL : d->entries[ix].value;
}

static int dict_resize(QkDict *d, int64_t nindices) {
    int64_t *indices = malloc((size_t)nindices * sizeof *indices);
    QkDictEntry *entries = realloc(d->entries, (size_t)(nindices / 2) * sizeof *entries);
    if (indices == NULL || entries == NULL) {
        free(indices);
        if (entries != NULL) {
            d->entries = entries;
        }
        return -1;
    }
    d->entries = entries;
    d->capacity = nindices / 2;
    memset(indices, 0xff, (size_t)nindices * sizeof *indices);
    uint64_t mask = (uint64_t)nindices - 1;
    for (int64_t ix = 0; ix < d->nentries; ix++) {
        uint64_t i = qk_str_hash(d->entries[ix].key) & mask;
        while (indices[i] >= 0) {
            i = (i + 1) & mask;
        }
        indices[i] = ix;
    }
    free(d->indices);
    d->indices = indices;
    d->nindices = nindices;
    return 0;
}

int qk_dict_set(QkThread *tstate, QkValue dict, QkValue key, QkValue value) {
    QkDict *d = (QkDict *)dict;
    uint64_t hash = qk_str_hash(key);
    int64_t ix = dict_lookup(d, key, hash);
    if (ix >= 0) {
        d->entries[ix].value = value;
        return 0;
    }
    if (d->nentries >= d->capacity) {
        if (dict_resize(d, d->nindices ? d->nindices * 2 : 8) < 0) {
            qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
            return -1;
        }
    }
    uint64_t mask = (uint64_t)d->nindices - 1;
    uint64_t i = hash & mask;
    while (d->indices[i] >= 0) {
        i = (i + 1) & mask;
    }
    d->indices[i] = d->nentries;
    d->entries[d->nentries++] = (QkDictEntry){key, value};
    d->used++;
    return 0;
}

/* ---- code ---- */

static void code_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkCode *c = (QkCode *)self;
    visit(c->name, arg);
    visit(c->filename, arg);
    for (uint32_t i = 0; i < c->nconsts; i++) {
        visit(c->consts[i], arg);
    }
    for (uint32_t i = 0; i < c->nnames; i++) {
        visit(c->names[i], arg);
    }
    for (uint32_t i = 0; i < c->nlocals; i++) {
        visit(c->varnames[i], arg);
    }
}

void qk_executor_free(QkExecutor *executor);

static void code_finalize(QkObject *self) {
    QkCode *c = (QkCode *)self;
    for (uint32_t i = 0; i < c->nexecutors; i++) {
        qk_executor_free(c->executors[i]);
    }
    free(c->executors);
    free(c->code);
    free(c->lines);
    free(c->consts);
    free(c->names);
    free(c->varnames);
}

QkType qk_code_type = {
    QK_STATIC_TYPE, .name = "code", .traverse = code_traverse, .finalize = code_finalize};

/* ---- function, builtin ---- */

static void function_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkFunction *f = (QkFunction *)self;
    visit(f->code, arg);
    visit(f->globals, arg);
}

QkType qk_function_type = {QK_STATIC_TYPE, .name = "function", .traverse = function_traverse};
QkType qk_builtin_type = {QK_STATIC_TYPE, .name = "builtin_function_or_method"};

/* ---- range ---- */

QkType qk_range_type = {QK_STATIC_TYPE, .name = "range"};
QkType qk_range_iter_type = {QK_STATIC_TYPE, .name = "range_iterator"};

/* ---- exceptions ---- */

static void exception_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkException *exc = (QkException *)self;
    visit(exc->base.dict, arg);
    visit(exc->message, arg);
}

#define QK_EXCEPTION(NAME, BASE)                                                                   \
    QkType qk_exc_##NAME = {                                                                       \
        .ob = {.type = &qk_type_type, .gc_static = 1},                                             \
        .name = #NAME,                                                                             \
        .base = &(BASE),                                                                           \
        .flags = QK_TYPE_BASETYPE | QK_TYPE_EXCEPTION | QK_TYPE_HAS_DICT,                          \
        .instance_size = sizeof(QkException),                                                      \
        .traverse = exception_traverse,                                                            \
    };

QK_EXCEPTION(BaseException, qk_object_type)
QK_EXCEPTION(Exception, qk_exc_BaseException)
static QK_EXCEPTION(ArithmeticError, qk_exc_Exception)
static QK_EXCEPTION(LookupError, qk_exc_Exception)
static QK_EXCEPTION(RuntimeError, qk_exc_Exception)
QK_EXCEPTION(ZeroDivisionError, qk_exc_ArithmeticError)
QK_EXCEPTION(OverflowError, qk_exc_ArithmeticError)
QK_EXCEPTION(NameError, qk_exc_Exception)
QK_EXCEPTION(UnboundLocalError, qk_exc_NameError)
QK_EXCEPTION(TypeError, qk_exc_Exception)
QK_EXCEPTION(ValueError, qk_exc_Exception)
QK_EXCEPTION(RecursionError, qk_exc_RuntimeError)
QK_EXCEPTION(MemoryError, qk_exc_Exception)
QK_EXCEPTION(IndexError, qk_exc_LookupError)
QK_EXCEPTION(KeyError, qk_exc_LookupError)
QK_EXCEPTION(StopIteration, qk_exc_Exception)
QK_EXCEPTION(AttributeError, qk_exc_Exception)

QkValue qk_raise(QkThread *tstate, QkType *type, const char *fmt, ...) {
    char buffer[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buffer, sizeof buffer, fmt, ap);
    va_end(ap);
    /* A MemoryError must not need memory: it is reported without allocating. */
    if (type == &qk_exc_MemoryError) {
        fputs("MemoryError\n", stderr);
        exit(1);
    }
    QkValue message = qk_str_from_cstr(tstate, buffer);
    qk_root_push(tstate, &message);
    QkException *exc = (QkException *)qk_alloc(tstate, type, type->instance_size);
    qk_root_pop(tstate, 1);
    if (exc == NULL) {
        fputs("MemoryError\n", stderr);
        exit(1);
    }
    exc->message = message;
    tstate->exception = (QkValue)exc;
    return QK_NULL;
}

/* ---- type namespaces ---- */

static QkType *const static_types[] = {
    &qk_type_type, &qk_object_type, &qk_int_type, &qk_bool_type, &qk_none_type,
    &qk_not_implemented_type, &qk_str_type, &qk_code_type, &qk_function_type, &qk_builtin_type,
    &qk_range_type, &qk_range_iter_type, &qk_dict_type, &qk_exc_BaseException, &qk_exc_Exception,
    &qk_exc_ArithmeticError, &qk_exc_LookupError, &qk_exc_RuntimeError,
    &qk_exc_ZeroDivisionError, &qk_exc_OverflowError, &qk_exc_NameError,
    &qk_exc_UnboundLocalError, &qk_exc_TypeError, &qk_exc_ValueError, &qk_exc_RecursionError,
    &qk_exc_MemoryError, &qk_exc_IndexError, &qk_exc_KeyError, &qk_exc_StopIteration,
    &qk_exc_AttributeError,
};

int qk_init_types(QkThread *tstate) {
    for (size_t i = 0; i < sizeof static_types / sizeof static_types[0]; i++) {
        QkType *t = static_types[i];
        t->version = 1;
        t->dict = qk_dict_new(tstate);
        if (t->dict == QK_NULL) {
            return -1;
        }
    }
    return 0;
}

void qk_traverse_static_types(QkVisitFunc visit, void *arg) {
    for (size_t i = 0; i < sizeof static_types / sizeof static_types[0]; i++) {
        visit(static_types[i]->dict, arg);
    }
}
