/* The built-in object types: singletons, code; and the static types' setup. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin_subclass.h"
#include "bytes.h"
#include "objmodel.h"
#include "quack.h"
#include "trace.h"
#include "types.h"

QkObject qk_none_object = {.type = &qk_none_type, .gc_static = 1};
QkObject qk_true_object = {.type = &qk_bool_type, .gc_static = 1};
QkObject qk_false_object = {.type = &qk_bool_type, .gc_static = 1};
QkObject qk_not_implemented_object = {.type = &qk_not_implemented_type, .gc_static = 1};
QkObject qk_ellipsis_object = {.type = &qk_ellipsis_type, .gc_static = 1};

const char *qk_type_name(QkValue v) { return qk_type_of(v)->name; }

int qk_type_is_subtype(const QkType *t, const QkType *base) {
    if (t == base) {
        return 1; /* the common answer, without reading the MRO */
    }
    const QkTuple *mro = qk_as_tuple(t->mro);
    for (int64_t i = 1; i < mro->size; i++) {
        if (mro->items[i] == (QkValue)base) {
            return 1;
        }
    }
    return 0;
}

/* ---- code ---- */

static void code_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    QkCode *c = (QkCode *)self;
    visit(c->name, arg);
    visit(c->qualname, arg);
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
    qk_code_traverse_tier2(c, visit, arg);
}

void qk_executor_free(QkExecutor *executor);

static void code_finalize(QkObject *self) {
    QkCode *c = (QkCode *)self;
    for (uint32_t i = 0; i < c->nexecutors; i++) {
        if (c->executors[i] != NULL) { /* NULL: invalidated (the reclaim frees it) */
            qk_executor_free(c->executors[i]);
        }
    }
    free(c->executors);
    if (c->entry_executor != NULL) { /* NULL too once invalidated */
        qk_executor_free(c->entry_executor);
    }
    free(c->code);
    free(c->lines);
    free(c->caret_spans);
    free(c->caret_anchors);
    free(c->consts);
    free(c->names);
    free(c->varnames);
    free(c->kinds);
    free(c->exceptions);
}

QkType qk_code_type = {
    QK_STATIC_TYPE, .name = "code", .traverse = code_traverse, .finalize = code_finalize};

/* ---- type namespaces ---- */

static QkType *const static_types[] = {
    &qk_int_type, &qk_bool_type, &qk_none_type,
    &qk_not_implemented_type, &qk_ellipsis_type, &qk_generic_alias_type, &qk_str_type, &qk_code_type, &qk_function_type,
    &qk_range_type, &qk_range_iter_type, &qk_long_range_iter_type, &qk_dict_type,
    &qk_float_type, &qk_complex_type, &qk_tuple_type, &qk_list_type, &qk_set_type, &qk_frozenset_type, &qk_slice_type,
    &qk_enumerate_type, &qk_zip_type, &qk_map_type, &qk_filter_type, &qk_reversed_type,
    &qk_list_iter_type, &qk_tuple_iter_type, &qk_getitem_iter_type, &qk_str_iter_type, &qk_dict_keys_type,
    &qk_dict_values_type, &qk_dict_items_type, &qk_dict_keyiter_type, &qk_dict_valueiter_type,
    &qk_dict_itemiter_type, &qk_set_iter_type, &qk_generator_type, &qk_cell_type, &qk_stream_type,
    &qk_bytes_type, &qk_bytearray_type, &qk_bytes_iter_type, &qk_array_type, &qk_array_iter_type,
};

/* objects.c's own static types, the object model's, then the exceptions. */
static const size_t static_type_count = sizeof static_types / sizeof static_types[0];
static const struct {
    QkType *const *types;
    const size_t *count;
} type_tables[] = {
    {static_types, &static_type_count},
    {qk_model_types, &qk_model_type_count},
    {qk_exception_types, &qk_exception_type_count},
};
#define QK_TYPE_TABLES (sizeof type_tables / sizeof type_tables[0])

/* A built-in type's MRO: the type and its chain of bases (single inheritance). */
static int set_builtin_mro(QkThread *tstate, QkType *t) {
    int64_t n = 0;
    for (QkType *b = t; b != NULL; b = b->base) {
        n++;
    }
    t->mro = qk_tuple_new(tstate, n);
    if (t->mro == QK_NULL) {
        return -1;
    }
    n = 0;
    for (QkType *b = t; b != NULL; b = b->base) {
        qk_as_tuple(t->mro)->items[n++] = (QkValue)b;
    }
    return 0;
}

int qk_init_types(QkThread *tstate) {
    qk_init_ascii_chars();
    if (qk_init_object_model(tstate) < 0) {
        return -1;
    }
    /* Every MRO first: making the namespaces asks which types derive from which. */
    for (size_t k = 0; k < QK_TYPE_TABLES; k++) {
        for (size_t i = 0; i < *type_tables[k].count; i++) {
            if (set_builtin_mro(tstate, type_tables[k].types[i]) < 0) {
                return -1;
            }
        }
    }
    for (size_t k = 0; k < QK_TYPE_TABLES; k++) {
        for (size_t i = 0; i < *type_tables[k].count; i++) {
            QkType *t = type_tables[k].types[i];
            t->version = qk_next_type_version();
            t->dict = qk_dict_new(tstate);
            if (t->dict == QK_NULL || qk_type_add_methods(tstate, t) < 0 ||
                qk_add_slot_methods(tstate, t) < 0) {
                return -1;
            }
        }
    }
    return qk_init_builtin_subclassing(tstate);
}

void qk_traverse_static_types(QkVisitFunc visit, void *arg) {
    for (size_t k = 0; k < QK_TYPE_TABLES; k++) {
        for (size_t i = 0; i < *type_tables[k].count; i++) {
            visit(type_tables[k].types[i]->dict, arg);
            visit(type_tables[k].types[i]->mro, arg);
        }
    }
    qk_traverse_object_model(visit, arg);
}
