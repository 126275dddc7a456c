/* The built-in iterators: over lists, tuples, strs, dicts (and their views) and sets, and the
 * iterator types enumerate, zip, map, filter and reversed. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "abstract.h"
#include "builtin_subclass.h"
#include "long.h"
#include "objmodel.h"
#include "quack.h"
#include "specialize.h"
#include "types.h"

extern QkType qk_exc_RuntimeError;

/* ---- list, tuple: by index, so a list growing during the loop is seen, as in CPython ---- */

static void seq_iter_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((QkSeqIter *)self)->seq, arg);
}

QkValue qk_seq_iter_new(QkThread *tstate, QkValue seq) {
    QkSeqIter *it = (QkSeqIter *)qk_alloc(
        tstate, qk_is_list(seq) ? &qk_list_iter_type : &qk_tuple_iter_type, sizeof *it);
    if (it == NULL) {
        return QK_NULL;
    }
    it->seq = seq;
    return (QkValue)it;
}

static QkValue seq_iter_next(QkThread *tstate, QkValue self) {
    (void)tstate;
    QkSeqIter *it = (QkSeqIter *)self;
    QkValue *items;
    int64_t n;
    if (it->seq == QK_NULL || !qk_sequence_items(it->seq, &items, &n) || it->index >= n) {
        it->seq = QK_NULL;
        return QK_NULL;
    }
    return items[it->index++];
}

QkType qk_list_iter_type = {QK_STATIC_TYPE, .name = "list_iterator",
                            .traverse = seq_iter_traverse, .iter = qk_iter_self,
                            .next = seq_iter_next};
QkType qk_tuple_iter_type = {QK_STATIC_TYPE, .name = "tuple_iterator",
                             .traverse = seq_iter_traverse, .iter = qk_iter_self,
                             .next = seq_iter_next};

/* ---- the old sequence protocol: __getitem__ with 0, 1, ... ---- */

QkValue qk_getitem_iter_new(QkThread *tstate, QkValue seq) {
    qk_root_push(tstate, &seq);
    QkSeqIter *it = (QkSeqIter *)qk_alloc(tstate, &qk_getitem_iter_type, sizeof *it);
    qk_root_pop(tstate, 1);
    if (it == NULL) {
        return QK_NULL;
    }
    it->seq = seq;
    return (QkValue)it;
}

/* IndexError or StopIteration from __getitem__ ends the iteration, anything else is an error. */
static QkValue getitem_iter_next(QkThread *tstate, QkValue self) {
    QkSeqIter *it = (QkSeqIter *)self;
    if (it->seq == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &self);
    QkValue item = qk_getitem(tstate, it->seq, qk_from_int(it->index));
    qk_root_pop(tstate, 1);
    if (item != QK_NULL) {
        it->index++;
        return item;
    }
    QkType *raised = qk_type_of(tstate->exception);
    if (qk_type_is_subtype(raised, &qk_exc_IndexError) ||
        qk_type_is_subtype(raised, &qk_exc_StopIteration)) {
        tstate->exception = QK_NULL;
        it->seq = QK_NULL;
    }
    return QK_NULL;
}

static QkValue getitem_iter_repr(QkThread *tstate, QkValue self) {
    char buffer[64];
    snprintf(buffer, sizeof buffer, "<iterator object at %p>", (void *)self);
    return qk_str_from_cstr(tstate, buffer);
}

QkType qk_getitem_iter_type = {QK_STATIC_TYPE, .name = "iterator",
                               .traverse = seq_iter_traverse, .iter = qk_iter_self,
                               .next = getitem_iter_next, .repr = getitem_iter_repr};

/* ---- str: one code point at a time (index is a byte offset) ---- */

QkValue qk_str_iter_new(QkThread *tstate, QkValue str) {
    QkSeqIter *it = (QkSeqIter *)qk_alloc(tstate, &qk_str_iter_type, sizeof *it);
    if (it == NULL) {
        return QK_NULL;
    }
    it->seq = str;
    return (QkValue)it;
}

QkValue qk_str_iter_step(QkThread *tstate, QkValue self) {
    QkSeqIter *it = (QkSeqIter *)self;
    if (it->seq == QK_NULL || it->index >= qk_as_str(it->seq)->length) {
        it->seq = QK_NULL;
        return QK_NULL;
    }
    const char *start = qk_as_str(it->seq)->data + it->index, *p = start;
    qk_utf8_decode(&p);
    it->index += p - start;
    return qk_str_char(tstate, start, p - start);
}

QkType qk_str_iter_type = {QK_STATIC_TYPE, .name = "str_iterator",
                           .traverse = seq_iter_traverse, .iter = qk_iter_self,
                           .next = qk_str_iter_step};

/* ---- dict iterators and views: which = 0 keys, 1 values, 2 items ---- */

typedef struct DictIter {
    QkObject ob;
    QkValue dict;
    int64_t pos;
    int64_t used; /* the dict's size when iteration began: a change is an error */
    int which;
} DictIter;

static void dict_iter_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((DictIter *)self)->dict, arg);
}

static QkType *const dict_iter_types[] = {&qk_dict_keyiter_type, &qk_dict_valueiter_type,
                                          &qk_dict_itemiter_type};
static QkType *const dict_view_types[] = {&qk_dict_keys_type, &qk_dict_values_type,
                                          &qk_dict_items_type};

QkValue qk_dict_iter_new(QkThread *tstate, QkValue dict, int which) {
    DictIter *it = (DictIter *)qk_alloc(tstate, dict_iter_types[which], sizeof *it);
    if (it == NULL) {
        return QK_NULL;
    }
    it->dict = dict;
    it->used = ((QkDict *)dict)->used;
    it->which = which;
    return (QkValue)it;
}

/* A dict iterator's step: the key and the value in kv (the dict keeps them). 1: stepped; 0: the
 * iterator is exhausted; -1: the dict changed size (an error). */
static inline __attribute__((always_inline)) int dict_iter_step(QkThread *tstate, QkValue self,
                                                                 QkValue kv[2]) {
    DictIter *it = (DictIter *)self;
    if (((QkDict *)it->dict)->used != it->used) {
        it->used = -1; /* stays an error */
        qk_raise(tstate, &qk_exc_RuntimeError, "dictionary changed size during iteration");
        return -1;
    }
    return qk_dict_next(it->dict, &it->pos, &kv[0], &kv[1]);
}

static QkValue dict_iter_next(QkThread *tstate, QkValue self) {
    QkValue kv[2];
    if (dict_iter_step(tstate, self, kv) <= 0) {
        return QK_NULL;
    }
    int which = ((DictIter *)self)->which;
    return which == 2 ? qk_tuple_from_array(tstate, kv, 2) : kv[which];
}

#define DICT_ITER_TYPE(VAR, NAME)                                                                  \
    QkType VAR = {QK_STATIC_TYPE, .name = NAME, .traverse = dict_iter_traverse,                    \
                  .iter = qk_iter_self, .next = dict_iter_next};
DICT_ITER_TYPE(qk_dict_keyiter_type, "dict_keyiterator")
DICT_ITER_TYPE(qk_dict_valueiter_type, "dict_valueiterator")
DICT_ITER_TYPE(qk_dict_itemiter_type, "dict_itemiterator")

QkValue qk_dict_view_new(QkThread *tstate, QkValue dict, int which) {
    DictIter *v = (DictIter *)qk_alloc(tstate, dict_view_types[which], sizeof *v);
    if (v == NULL) {
        return QK_NULL;
    }
    v->dict = dict;
    v->which = which;
    return (QkValue)v;
}

static QkValue dict_view_iter(QkThread *tstate, QkValue self) {
    return qk_dict_iter_new(tstate, ((DictIter *)self)->dict, ((DictIter *)self)->which);
}

static int64_t dict_view_len(QkThread *tstate, QkValue self) {
    (void)tstate;
    return ((QkDict *)((DictIter *)self)->dict)->used;
}

/* dict_keys(['a', 'b']): the type name around the repr of a list of the items. */
static QkValue dict_view_repr(QkThread *tstate, QkValue self) {
    QkValue list = qk_list_from_iterable(tstate, self);
    if (list == QK_NULL) {
        return QK_NULL;
    }
    QkBuf b = {0};
    const char *name = qk_type_name(self);
    qk_root_push(tstate, &list);
    int failed = qk_buf_printf(tstate, &b, "%s(", name) < 0 || qk_buf_repr(tstate, &b, list) < 0 ||
                 qk_buf_putc(tstate, &b, ')') < 0;
    qk_root_pop(tstate, 1);
    if (failed) {
        qk_buf_free(&b);
        return QK_NULL;
    }
    return qk_buf_finish(tstate, &b);
}

static int dict_view_contains(QkThread *tstate, QkValue self, QkValue item) {
    DictIter *v = (DictIter *)self;
    QkValue found, *kv;
    int64_t n;
    switch (v->which) {
    case 0:
        return qk_dict_getitem(tstate, v->dict, item, &found);
    case 2:
        if (!qk_sequence_items(item, &kv, &n) || !qk_is_tuple(item) || n != 2) {
            return 0;
        }
        int has = qk_dict_getitem(tstate, v->dict, kv[0], &found);
        return has <= 0 ? has : qk_equal(tstate, found, kv[1]);
    default: {
        int64_t pos = 0;
        QkValue k, val;
        while (qk_dict_next(v->dict, &pos, &k, &val)) {
            int eq = qk_equal(tstate, val, item);
            if (eq != 0) {
                return eq;
            }
        }
        return 0;
    }
    }
}

/* keys() and items() are set-like: `&`, `|`, `-` and `^` with any iterable on either side make a
 * set of the left operand's items combined with the right's, as CPython's dictviews_* do. */
static QkValue dict_view_number(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    uint32_t plain = qk_plain_binary_op(op);
    if (plain != QK_BINARY_OP_AND && plain != QK_BINARY_OP_OR && plain != QK_BINARY_OP_SUBTRACT &&
        plain != QK_BINARY_OP_XOR) {
        return QK_NOT_IMPLEMENTED;
    }
    QkValue left = QK_NULL, right = QK_NULL;
    qk_root_push(tstate, &left);
    qk_root_push(tstate, &right);
    left = qk_set_from_iterable(tstate, lhs);
    right = left == QK_NULL ? QK_NULL : qk_set_from_iterable(tstate, rhs);
    QkValue r = right == QK_NULL ? QK_NULL : qk_binary_op(tstate, plain, left, right);
    qk_root_pop(tstate, 2);
    return r;
}

/* 1 if every item of a is in b, 0 if not, -1 on an error (CPython's all_contained_in). */
static int all_contained_in(QkThread *tstate, QkValue a, QkValue b) {
    QkValue it = qk_get_iter(tstate, a);
    if (it == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &it);
    int all = 1;
    for (QkValue x; all == 1 && (x = qk_iter_next(tstate, it)) != QK_NULL;) {
        all = qk_contains(tstate, b, x);
    }
    if (all == 1 && qk_error_occurred(tstate)) {
        all = -1;
    }
    qk_root_pop(tstate, 1);
    return all;
}

static bool is_set_like_view(QkValue v) {
    return qk_is_type(v, &qk_dict_keys_type) || qk_is_type(v, &qk_dict_items_type);
}

/* keys() and items() compare with sets and each other as sets do: by size, then by membership
 * of the smaller side's items in the other (so items with unhashable values compare too). */
static QkValue dict_view_compare(QkThread *tstate, QkValue lhs, QkValue rhs, uint32_t op) {
    if (!qk_is_anyset(rhs) && !is_set_like_view(rhs)) {
        return QK_NOT_IMPLEMENTED;
    }
    int64_t na = qk_len(tstate, lhs), nb = qk_len(tstate, rhs);
    if (na < 0 || nb < 0) {
        return QK_NULL;
    }
    bool sizes_fit, reversed = op == QK_COMPARE_OP_GT || op == QK_COMPARE_OP_GE;
    switch (op) {
    case QK_COMPARE_OP_EQ:
    case QK_COMPARE_OP_NE:
        sizes_fit = na == nb;
        break;
    case QK_COMPARE_OP_LT:
        sizes_fit = na < nb;
        break;
    case QK_COMPARE_OP_LE:
        sizes_fit = na <= nb;
        break;
    case QK_COMPARE_OP_GT:
        sizes_fit = na > nb;
        break;
    default:
        sizes_fit = na >= nb;
        break;
    }
    int ok = sizes_fit ? all_contained_in(tstate, reversed ? rhs : lhs, reversed ? lhs : rhs) : 0;
    if (ok < 0) {
        return QK_NULL;
    }
    return qk_bool(op == QK_COMPARE_OP_NE ? !ok : ok);
}

/* The set-like views are unhashable and compare as sets, as CPython's; values() is neither. */
#define DICT_VIEW_TYPE(VAR, NAME, NUMBER, COMPARE, HASH)                                           \
    QkType VAR = {QK_STATIC_TYPE,          .name = NAME,       .traverse = dict_iter_traverse,     \
                  .repr = dict_view_repr,  .hash = HASH,       .number = NUMBER,                   \
                  .compare = COMPARE,      .len = dict_view_len, .contains = dict_view_contains,   \
                  .iter = dict_view_iter};
DICT_VIEW_TYPE(qk_dict_keys_type, "dict_keys", dict_view_number, dict_view_compare,
               qk_hash_unhashable)
DICT_VIEW_TYPE(qk_dict_values_type, "dict_values", NULL, NULL, NULL)
DICT_VIEW_TYPE(qk_dict_items_type, "dict_items", dict_view_number, dict_view_compare,
               qk_hash_unhashable)

/* ---- set ---- */

QkValue qk_set_iter_new(QkThread *tstate, QkValue set) {
    DictIter *it = (DictIter *)qk_alloc(tstate, &qk_set_iter_type, sizeof *it);
    if (it == NULL) {
        return QK_NULL;
    }
    it->dict = set;
    it->used = qk_len(tstate, set);
    return (QkValue)it;
}

static QkValue set_iter_next(QkThread *tstate, QkValue self) {
    DictIter *it = (DictIter *)self;
    if (qk_len(tstate, it->dict) != it->used) {
        it->used = -1;
        return qk_raise(tstate, &qk_exc_RuntimeError, "Set changed size during iteration");
    }
    QkValue key;
    return qk_set_next(it->dict, &it->pos, &key) ? key : QK_NULL;
}

QkType qk_set_iter_type = {QK_STATIC_TYPE, .name = "set_iterator",
                           .traverse = dict_iter_traverse, .iter = qk_iter_self,
                           .next = set_iter_next};

/* ---- enumerate, zip, map, filter, reversed ---- */

/* One layout for all five, in a 48-byte cell: a function (map, filter; enumerate's counter once
 * it is a big int, else QK_NULL), the underlying iterators, a counter. */
typedef struct FuncIter {
    QkObject ob;
    QkValue func;
    QkValue iters; /* tuple of iterators (reversed: the sequence itself in iters[0]) */
    int64_t count;
} FuncIter;

static void func_iter_traverse(QkObject *self, QkVisitFunc visit, void *arg) {
    visit(((FuncIter *)self)->func, arg);
    visit(((FuncIter *)self)->iters, arg);
}

/* A FuncIter of `type` over iter() of each of the n iterables. */
static QkValue func_iter_new(QkThread *tstate, QkType *type, QkValue func, QkValue *iterables,
                             int64_t n) {
    QkValue iters = qk_tuple_new(tstate, n);
    if (iters == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &iters);
    QkValue r = QK_NULL;
    int64_t i = 0;
    for (; i < n; i++) {
        QkValue it = qk_get_iter(tstate, iterables[i]);
        if (it == QK_NULL) {
            break;
        }
        qk_as_tuple(iters)->items[i] = it;
    }
    if (i == n) {
        FuncIter *f = (FuncIter *)qk_alloc(tstate, type, sizeof *f);
        if (f != NULL) {
            f->func = func;
            f->iters = iters;
            r = (QkValue)f;
        }
    }
    qk_root_pop(tstate, 1);
    return r;
}

static QkValue enumerate_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                   QkValue kwnames) {
    (void)type;
    static const char *const names[] = {"iterable", "start"};
    QkValue a[2];
    int64_t start = 0;
    if (nargs == 0) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "enumerate() missing required argument 'iterable'");
    }
    if (qk_parse_args(tstate, "enumerate", args, nargs, kwnames, 1, 2, 2, names, a) < 0) {
        return QK_NULL;
    }
    QkValue big = a[1] != QK_NULL ? qk_builtin_self(a[1]) : QK_NULL;
    if (big == QK_NULL || !qk_is_bigint(big) || qk_long_as_int64(big, &start)) {
        big = QK_NULL;
        if (a[1] != QK_NULL && qk_index(tstate, a[1], &start) < 0) {
            return QK_NULL;
        }
    }
    QkValue r = func_iter_new(tstate, &qk_enumerate_type, big, &a[0], 1);
    if (r != QK_NULL) {
        ((FuncIter *)r)->count = start;
    }
    return r;
}

/* The counter after `count` (a big int past INT64_MAX), stored into the iterator. */
static int enumerate_advance(QkThread *tstate, FuncIter *f, QkValue count) {
    if (f->func == QK_NULL && f->count < INT64_MAX) {
        f->count++;
        return 0;
    }
    QkValue next = qk_long_number(tstate, QK_BINARY_OP_ADD, count, qk_from_int(1));
    if (next == QK_NULL) {
        return -1;
    }
    f->func = next;
    return 0;
}

/* An enumerate's step without its tuple: the count and the item in pair. 1: stepped; 0: the
 * iterator is exhausted; -1: an error. */
static inline __attribute__((always_inline)) int enumerate_step(QkThread *tstate, QkValue self,
                                                                 QkValue pair[2]) {
    FuncIter *f = (FuncIter *)self;
    pair[1] = qk_iter_next(tstate, qk_as_tuple(f->iters)->items[0]);
    if (pair[1] == QK_NULL) {
        return tstate->exception != QK_NULL ? -1 : 0;
    }
    if (f->func == QK_NULL && qk_int_fits(f->count)) {
        pair[0] = qk_from_int(f->count++); /* the common case: a small counter */
        return 1;
    }
    pair[0] = QK_NULL;
    qk_root_push(tstate, &pair[0]);
    qk_root_push(tstate, &pair[1]);
    pair[0] = f->func != QK_NULL ? f->func : qk_int_result(tstate, f->count);
    int r = pair[0] == QK_NULL || enumerate_advance(tstate, f, pair[0]) < 0 ? -1 : 1;
    qk_root_pop(tstate, 2);
    return r;
}

static QkValue enumerate_next(QkThread *tstate, QkValue self) {
    QkValue pair[2];
    if (enumerate_step(tstate, self, pair) <= 0) {
        return QK_NULL;
    }
    /* A small count (the common case) is no object: only the item needs a root. */
    int roots = qk_is_int(pair[0]) ? 1 : 2;
    qk_root_push(tstate, &pair[1]);
    if (roots == 2) {
        qk_root_push(tstate, &pair[0]);
    }
    QkValue r = qk_tuple_from_array(tstate, pair, 2);
    qk_root_pop(tstate, roots);
    return r;
}

static QkValue zip_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)type;
    size_t npos = nargs - qk_nkwargs(kwnames);
    static const char *const names[] = {"strict"};
    QkValue strict[1];
    if (qk_parse_args(tstate, "zip", args + npos, nargs - npos, kwnames, 0, 0, 1, names, strict) <
        0) {
        return QK_NULL;
    }
    int checked = strict[0] == QK_NULL ? 0 : qk_truth(tstate, strict[0]);
    if (checked < 0) {
        return QK_NULL;
    }
    QkValue zip = func_iter_new(tstate, &qk_zip_type, QK_NULL, args, (int64_t)npos);
    if (zip != QK_NULL) {
        ((FuncIter *)zip)->count = checked; /* zip's count: strict */
    }
    return zip;
}

/* The next item of every iterator into a new tuple; QK_NULL when one raised or is exhausted (the
 * first not stepped is then *ended). */
static QkValue next_of_each(QkThread *tstate, QkValue iters, int64_t *ended) {
    int64_t n = qk_as_tuple(iters)->size;
    *ended = 0;
    QkValue items = qk_tuple_new(tstate, n);
    if (items == QK_NULL || n == 0) {
        return n == 0 ? QK_NULL : items;
    }
    qk_root_push(tstate, &items);
    for (int64_t i = 0; i < n && items != QK_NULL; i++) {
        QkValue x = qk_iter_next(tstate, qk_as_tuple(iters)->items[i]);
        if (x == QK_NULL) {
            items = QK_NULL;
            *ended = i;
        } else {
            qk_as_tuple(items)->items[i] = x;
        }
    }
    qk_root_pop(tstate, 1);
    return items;
}

/* zip(..., strict=True) whose iterator `at` is exhausted (none raised): the error if any other
 * is not, CPython's checks in CPython's order. QK_NULL either way. */
static QkValue zip_strict_end(QkThread *tstate, QkValue iters, int64_t at) {
    int64_t n = qk_as_tuple(iters)->size;
    if (at > 0) {
        return qk_raise(tstate, &qk_exc_ValueError,
                        "zip() argument %" PRId64 " is shorter than argument%s%" PRId64, at + 1,
                        at == 1 ? " " : "s 1-", at);
    }
    for (int64_t i = 1; i < n; i++) {
        QkValue x = qk_iter_next(tstate, qk_as_tuple(iters)->items[i]);
        if (x != QK_NULL) {
            return qk_raise(tstate, &qk_exc_ValueError,
                            "zip() argument %" PRId64 " is longer than argument%s%" PRId64, i + 1,
                            i == 1 ? " " : "s 1-", i);
        }
        if (tstate->exception != QK_NULL) {
            return QK_NULL;
        }
    }
    return QK_NULL;
}

static QkValue zip_next(QkThread *tstate, QkValue self) {
    FuncIter *f = (FuncIter *)self;
    int64_t ended;
    QkValue items = next_of_each(tstate, f->iters, &ended);
    if (items != QK_NULL || f->count == 0 || tstate->exception != QK_NULL) {
        return items;
    }
    return zip_strict_end(tstate, f->iters, ended);
}

/* A zip of two's step without its tuple: the items in values, the second first. 1: stepped;
 * 0: exhausted; -1: an error (strict's too). */
static int zip_pair_step(QkThread *tstate, FuncIter *f, QkValue values[2]) {
    QkValue first = qk_iter_next(tstate, qk_as_tuple(f->iters)->items[0]), second = QK_NULL;
    if (first != QK_NULL) {
        qk_root_push(tstate, &first);
        second = qk_iter_next(tstate, qk_as_tuple(f->iters)->items[1]);
        qk_root_pop(tstate, 1);
    }
    if (second == QK_NULL) {
        if (tstate->exception == QK_NULL && f->count != 0) {
            zip_strict_end(tstate, f->iters, first == QK_NULL ? 0 : 1);
        }
        return tstate->exception != QK_NULL ? -1 : 0;
    }
    values[0] = second;
    values[1] = first;
    return 1;
}

int qk_iter_next_pair(QkThread *tstate, QkValue iter, QkValue values[2]) {
    bool enumerate = qk_has_type(iter, &qk_enumerate_type);
    if (enumerate || qk_has_type(iter, &qk_dict_itemiter_type)) { /* the pair is never made */
        QkValue pair[2];
        int r = enumerate ? enumerate_step(tstate, iter, pair) : dict_iter_step(tstate, iter, pair);
        values[0] = pair[1];
        values[1] = pair[0];
        return r;
    }
    if (qk_has_type(iter, &qk_zip_type) && qk_as_tuple(((FuncIter *)iter)->iters)->size == 2) {
        return zip_pair_step(tstate, (FuncIter *)iter, values);
    }
    QkValue next = qk_iter_next(tstate, iter);
    if (next == QK_NULL) {
        return tstate->exception != QK_NULL ? -1 : 0;
    }
    if (qk_has_type(next, &qk_tuple_type) && qk_as_tuple(next)->size == 2) {
        values[0] = qk_as_tuple(next)->items[1];
        values[1] = qk_as_tuple(next)->items[0];
        return 1;
    }
    qk_root_push(tstate, &next);
    int r = qk_unpack_sequence(tstate, next, 2, values);
    qk_root_pop(tstate, 1);
    return r < 0 ? -1 : 1;
}

static QkValue map_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                             QkValue kwnames) {
    (void)type;
    if (qk_nkwargs(kwnames) > 0) {
        return qk_raise(tstate, &qk_exc_TypeError, "map() takes no keyword arguments");
    }
    if (nargs < 2) {
        return qk_raise(tstate, &qk_exc_TypeError, "map() must have at least two arguments.");
    }
    return func_iter_new(tstate, &qk_map_type, args[0], args + 1, (int64_t)nargs - 1);
}

static QkValue map_next(QkThread *tstate, QkValue self) {
    FuncIter *f = (FuncIter *)self;
    int64_t ended;
    QkValue items = next_of_each(tstate, f->iters, &ended);
    if (items == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &items);
    QkValue r = qk_call(tstate, f->func, qk_as_tuple(items)->items, (size_t)qk_as_tuple(items)->size,
                        QK_NULL);
    qk_root_pop(tstate, 1);
    return r;
}

static QkValue filter_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "filter", nargs, kwnames, 2, 2) < 0) {
        return QK_NULL;
    }
    return func_iter_new(tstate, &qk_filter_type, args[0] == QK_NONE ? QK_NULL : args[0], args + 1,
                         1);
}

static QkValue filter_next(QkThread *tstate, QkValue self) {
    FuncIter *f = (FuncIter *)self;
    for (;;) {
        QkValue x = qk_iter_next(tstate, qk_as_tuple(f->iters)->items[0]);
        if (x == QK_NULL) {
            return QK_NULL;
        }
        qk_root_push(tstate, &x);
        QkValue test = f->func == QK_NULL ? x : qk_call(tstate, f->func, &x, 1, QK_NULL);
        int truth = test == QK_NULL ? -1 : qk_truth(tstate, test);
        qk_root_pop(tstate, 1);
        if (truth != 0) {
            return truth < 0 ? QK_NULL : x;
        }
    }
}

/* reversed(seq): a range iterates backwards directly; anything with len() and indexing is read
 * from the end by index. */
QkValue qk_reversed_new(QkThread *tstate, QkValue seq) {
    /* A class's __reversed__ (its metaclass's, for a class) comes first, as in CPython. */
    QkType *t = qk_type_of(seq);
    QkValue method = (t->flags & QK_TYPE_HEAP) ? qk_type_lookup(t, QK_NAME(reversed)) : QK_NULL;
    if (method != QK_NULL) {
        return qk_call_with_self(tstate, method, seq, NULL, 0, QK_NULL);
    }
    if (qk_is_type(seq, &qk_range_type)) {
        return qk_range_reversed(tstate, seq);
    }
    if (qk_is_dict(seq)) {
        /* A dict's keys, last inserted first. */
        QkValue keys = qk_list_from_iterable(tstate, seq);
        if (keys == QK_NULL) {
            return QK_NULL;
        }
        qk_root_push(tstate, &keys);
        QkValue r = qk_reversed_new(tstate, keys);
        qk_root_pop(tstate, 1);
        return r;
    }
    if (t->getitem == NULL || qk_is_set(seq)) {
        return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not reversible", t->name);
    }
    int64_t n = qk_len(tstate, seq);
    if (n < 0) {
        return QK_NULL;
    }
    FuncIter *f = (FuncIter *)qk_alloc(tstate, &qk_reversed_type, sizeof *f);
    if (f == NULL) {
        return QK_NULL;
    }
    f->iters = seq;
    f->count = n - 1;
    return (QkValue)f;
}

static QkValue reversed_construct(QkThread *tstate, QkValue type, QkValue *args, size_t nargs,
                                  QkValue kwnames) {
    (void)type;
    if (qk_check_args(tstate, "reversed", nargs, kwnames, 1, 1) < 0) {
        return QK_NULL;
    }
    return qk_reversed_new(tstate, args[0]);
}

static QkValue reversed_next(QkThread *tstate, QkValue self) {
    FuncIter *f = (FuncIter *)self;
    if (f->count < 0) {
        return QK_NULL;
    }
    QkValue *items;
    int64_t n;
    if (qk_sequence_items(f->iters, &items, &n)) {
        /* A list may have shrunk meanwhile. */
        if (f->count >= n) {
            f->count = -1;
            return QK_NULL;
        }
        return items[f->count--];
    }
    return qk_getitem(tstate, f->iters, qk_from_int(f->count--));
}

#define FUNC_ITER_TYPE(VAR, NAME, CONSTRUCT, NEXT)                                                 \
    QkType VAR = {QK_STATIC_TYPE, .name = NAME, .traverse = func_iter_traverse,                    \
                  .iter = qk_iter_self, .next = NEXT, .construct = CONSTRUCT};
FUNC_ITER_TYPE(qk_enumerate_type, "enumerate", enumerate_construct, enumerate_next)
FUNC_ITER_TYPE(qk_zip_type, "zip", zip_construct, zip_next)
FUNC_ITER_TYPE(qk_map_type, "map", map_construct, map_next)
FUNC_ITER_TYPE(qk_filter_type, "filter", filter_construct, filter_next)
FUNC_ITER_TYPE(qk_reversed_type, "reversed", reversed_construct, reversed_next)
