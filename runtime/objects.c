/* The built-in object types: singletons, str, dict, code, function, builtin, range, exceptions. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quack.h"

const QkType qk_int_type = {.name = "int"};
const QkType qk_bool_type = {.name = "bool"};
const QkType qk_none_type = {.name = "NoneType"};

QkObject qk_none_object = {.type = &qk_none_type, .gc_static = 1};
QkObject qk_true_object = {.type = &qk_bool_type, .gc_static = 1};
QkObject qk_false_object = {.type = &qk_bool_type, .gc_static = 1};

const char *qk_type_name(QkValue v) { return qk_type_of(v)->name; }

/* ---- str ---- */

const QkType qk_str_type = {.name = "str"};

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

const QkType qk_dict_type = {.name = "dict", .traverse = dict_traverse, .finalize = dict_finalize};

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

const QkType qk_code_type = {.name = "code", .traverse = code_traverse, .finalize = code_finalize};

/* ---- function, builtin ---- */

static void function_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkFunction *f = (QkFunction *)self;
    visit(f->code, arg);
    visit(f->globals, arg);
}

const QkType qk_function_type = {.name = "function", .traverse = function_traverse};
const QkType qk_builtin_type = {.name = "builtin_function_or_method"};

/* ---- range ---- */

const QkType qk_range_type = {.name = "range"};
const QkType qk_range_iter_type = {.name = "range_iterator"};

/* ---- exceptions ---- */

static void exception_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkException *)self)->message, arg);
}

const QkType qk_exception_type = {.name = "BaseException", .traverse = exception_traverse};
static const QkType qk_exc_Exception = {
    .name = "Exception", .traverse = exception_traverse, .base = &qk_exception_type};
static const QkType qk_exc_ArithmeticError = {
    .name = "ArithmeticError", .traverse = exception_traverse, .base = &qk_exc_Exception};
static const QkType qk_exc_LookupError = {
    .name = "LookupError", .traverse = exception_traverse, .base = &qk_exc_Exception};
static const QkType qk_exc_RuntimeError = {
    .name = "RuntimeError", .traverse = exception_traverse, .base = &qk_exc_Exception};

#define QK_EXCEPTION(NAME, BASE)                                                                   \
    const QkType qk_exc_##NAME = {                                                                 \
        .name = #NAME, .traverse = exception_traverse, .base = &(BASE)};

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

QkValue qk_raise(QkThread *tstate, const QkType *type, const char *fmt, ...) {
    char buffer[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buffer, sizeof buffer, fmt, ap);
    va_end(ap);
    /* A MemoryError must not need memory: it is reported without a message object. */
    QkValue message = type == &qk_exc_MemoryError ? QK_NULL : qk_str_from_cstr(tstate, buffer);
    qk_root_push(tstate, &message);
    QkException *exc =
        type == &qk_exc_MemoryError ? NULL : (QkException *)qk_alloc(tstate, type, sizeof *exc);
    qk_root_pop(tstate, 1);
    if (exc == NULL) {
        fputs("MemoryError\n", stderr);
        exit(1);
    }
    exc->message = message;
    tstate->exception = (QkValue)exc;
    return QK_NULL;
}
