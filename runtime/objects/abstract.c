/* The object protocols (abstract.h): each dispatches through the operands' type slots, so built-in
 * types and classes behave alike. Only the int fast paths know a concrete type. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "builtin_subclass.h"
#include "bytes.h"
#include "quack.h"
#include "quack_opcodes.h"
#include "types.h"

/* ---- repr, str, format ---- */

static QkValue check_str_result(QkThread *tstate, QkValue r, const char *what) {
    if (r != QK_NULL && !qk_is_str(r)) {
        return qk_raise(tstate, &qk_exc_TypeError, "%s returned non-string (type %s)", what,
                        qk_type_name(r));
    }
    return r;
}

QkValue qk_repr(QkThread *tstate, QkValue v) {
    QkType *t = qk_type_of(v);
    if (t->repr == NULL) {
        char buf[160];
        snprintf(buf, sizeof buf, "<%s object at %p>", t->name, (void *)v);
        return qk_str_from_cstr(tstate, buf);
    }
    return check_str_result(tstate, t->repr(tstate, v), "__repr__");
}

QkValue qk_str(QkThread *tstate, QkValue v) {
    QkType *t = qk_type_of(v);
    if (t->str == NULL) {
        return qk_repr(tstate, v);
    }
    return check_str_result(tstate, t->str(tstate, v), "__str__");
}

QkValue qk_format(QkThread *tstate, QkValue v, QkValue spec) {
    QkValue r = qk_format_builtin(tstate, v, spec);
    if (r != QK_NOT_IMPLEMENTED) {
        return r;
    }
    /* object.__format__: only the empty spec, meaning str(). */
    if (spec != QK_NULL && qk_as_str(spec)->length > 0) {
        return qk_raise(tstate, &qk_exc_TypeError,
                        "unsupported format string passed to %s.__format__", qk_type_name(v));
    }
    return qk_str(tstate, v);
}

/* ascii(): repr with every non-ASCII code point escaped as \xhh, \uhhhh or \Uhhhhhhhh. */
static QkValue ascii_of(QkThread *tstate, QkValue v) {
    QkValue r = qk_repr(tstate, v);
    if (r == QK_NULL || qk_str_is_ascii(r)) {
        return r;
    }
    QkBuf b = {0};
    const char *p = qk_as_str(r)->data, *end = p + qk_as_str(r)->length;
    while (p < end) {
        uint32_t cp = qk_utf8_decode(&p);
        int failed = cp < 0x80 ? qk_buf_putc(tstate, &b, (char)cp)
                     : cp < 0x100 ? qk_buf_printf(tstate, &b, "\\x%02x", cp)
                     : cp < 0x10000 ? qk_buf_printf(tstate, &b, "\\u%04x", cp)
                                    : qk_buf_printf(tstate, &b, "\\U%08x", cp);
        if (failed) {
            qk_buf_free(&b);
            return QK_NULL;
        }
    }
    return qk_buf_finish(tstate, &b);
}

QkValue qk_convert_value(QkThread *tstate, QkValue v, uint32_t conversion) {
    switch (conversion) {
    case QK_CONVERT_VALUE_STR:
        return qk_str(tstate, v);
    case QK_CONVERT_VALUE_REPR:
        return qk_repr(tstate, v);
    case QK_CONVERT_VALUE_ASCII:
        return ascii_of(tstate, v);
    default:
        return v;
    }
}

/* ---- repr recursion guard ---- */

/* The containers whose repr is running, innermost last. One thread runs Python code. */
#define QK_MAX_REPR_DEPTH 200
static QkValue repr_stack[QK_MAX_REPR_DEPTH];
static int repr_depth;

int qk_repr_enter(QkThread *tstate, QkValue self) {
    for (int i = 0; i < repr_depth; i++) {
        if (repr_stack[i] == self) {
            return 1;
        }
    }
    if (repr_depth == QK_MAX_REPR_DEPTH) {
        qk_raise(tstate, &qk_exc_RecursionError,
                 "maximum recursion depth exceeded while getting the repr of an object");
        return -1;
    }
    repr_stack[repr_depth++] = self;
    return 0;
}

void qk_repr_leave(QkValue self) {
    (void)self;
    repr_depth--;
}

/* ---- hashing and comparison ---- */

int64_t qk_hash_pointer(QkValue v) {
    /* Objects are 16-byte aligned by malloc: the low bits carry nothing. */
    int64_t h = (int64_t)(v >> 4);
    return h == -1 ? -2 : h;
}

int qk_hash_unhashable(QkThread *tstate, QkValue self, int64_t *hash) {
    (void)hash;
    qk_raise(tstate, &qk_exc_TypeError, "unhashable type: '%s'", qk_type_name(self));
    return -1;
}

int qk_hash(QkThread *tstate, QkValue v, int64_t *hash) {
    if (qk_is_int(v)) {
        *hash = qk_hash_int(qk_int_value(v));
        return 0;
    }
    QkType *t = qk_type_of(v);
    if (t->hash == NULL) {
        *hash = qk_hash_pointer(v);
        return 0;
    }
    return t->hash(tstate, v, hash);
}

static const uint32_t swapped_op[] = {
    [QK_COMPARE_OP_LT] = QK_COMPARE_OP_GT, [QK_COMPARE_OP_LE] = QK_COMPARE_OP_GE,
    [QK_COMPARE_OP_EQ] = QK_COMPARE_OP_EQ, [QK_COMPARE_OP_NE] = QK_COMPARE_OP_NE,
    [QK_COMPARE_OP_GT] = QK_COMPARE_OP_LT, [QK_COMPARE_OP_GE] = QK_COMPARE_OP_LE,
};

/* CPython's order: the right operand's reflected method first when its type is a proper
 * subtype of the left's, whether or not it overrides it (unlike binary operators); then the
 * left's; then the right's reflected. */
QkValue qk_richcompare(QkThread *tstate, QkValue a, QkValue b, uint32_t op) {
    if (qk_is_int(a) && qk_is_int(b)) {
        return qk_bool(qk_compare_int64(op, qk_int_value(a), qk_int_value(b)));
    }
    /* What tuple's compare slot does for two tuples, without the dispatch (sort keys). */
    if (qk_is_type(a, &qk_tuple_type) && qk_is_type(b, &qk_tuple_type)) {
        return qk_compare_tuples(tstate, op, a, b);
    }
    QkType *ta = qk_type_of(a), *tb = qk_type_of(b);
    bool reflected_first = ta != tb && tb->compare != NULL && qk_type_is_subtype(tb, ta);
    if (reflected_first) {
        QkValue r = tb->compare(tstate, b, a, swapped_op[op]);
        if (r != QK_NOT_IMPLEMENTED) {
            return r;
        }
    }
    if (ta->compare != NULL) {
        QkValue r = ta->compare(tstate, a, b, op);
        if (r != QK_NOT_IMPLEMENTED) {
            return r;
        }
    }
    /* Unlike binary operators, the reflected comparison is tried for the same type too: a class
     * with only __lt__ answers `a > b` as `b < a`. */
    if (!reflected_first && tb->compare != NULL) {
        QkValue r = tb->compare(tstate, b, a, swapped_op[op]);
        if (r != QK_NOT_IMPLEMENTED) {
            return r;
        }
    }
    if (op == QK_COMPARE_OP_EQ || op == QK_COMPARE_OP_NE) {
        return qk_bool((a == b) == (op == QK_COMPARE_OP_EQ));
    }
    return qk_raise(tstate, &qk_exc_TypeError,
                    "'%s' not supported between instances of '%s' and '%s'",
                    qk_compare_op_symbols[op], ta->name, tb->name);
}

QkValue qk_compare_op(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    return qk_richcompare(tstate, lhs, rhs, op);
}

int qk_equal_values(QkThread *tstate, QkValue a, QkValue b) {
    /* Tuple keys of dicts and sets: no subclass can take part, so no dispatch is needed. */
    bool tuples = qk_is_type(a, &qk_tuple_type) && qk_is_type(b, &qk_tuple_type);
    int plain = tuples ? qk_equal_plain_tuples(qk_as_tuple(a), qk_as_tuple(b)) : -1;
    if (plain >= 0) {
        return plain;
    }
    QkValue r = tuples ? qk_sequence_compare(tstate, a, b, QK_COMPARE_OP_EQ)
                       : qk_richcompare(tstate, a, b, QK_COMPARE_OP_EQ);
    if (r == QK_NULL) {
        return -1;
    }
    return r == QK_TRUE ? 1 : r == QK_FALSE ? 0 : qk_truth(tstate, r);
}

int qk_truth(QkThread *tstate, QkValue v) {
    if (qk_is_int(v)) {
        return qk_int_value(v) != 0;
    }
    if (v == QK_TRUE || v == QK_FALSE || v == QK_NONE) {
        return v == QK_TRUE;
    }
    QkType *t = qk_type_of(v);
    if (t->truth != NULL) {
        return t->truth(tstate, v);
    }
    if (t->len != NULL) {
        int64_t n = t->len(tstate, v);
        return n < 0 ? -1 : n > 0;
    }
    return 1;
}

int64_t qk_len(QkThread *tstate, QkValue v) {
    QkType *t = qk_type_of(v);
    if (t->len == NULL) {
        qk_raise(tstate, &qk_exc_TypeError, "object of type '%s' has no len()", t->name);
        return -1;
    }
    return t->len(tstate, v);
}

/* ---- arithmetic ---- */

/* The sequence types, whose + and * failures CPython reports in sequence terms. */
static bool is_sequence(QkValue v) {
    return qk_is_str(v) || qk_is_list(v) || qk_is_tuple(v) || qk_is_bytes_like(v) ||
           qk_is_type(v, &qk_array_type);
}

/* The plain operator with CPython's order: the right operand first when its type derives from
 * the left's and overrides the slot; QK_NOT_IMPLEMENTED when neither handles it. */
static QkValue binary_op1(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    QkType *tl = qk_type_of(lhs), *tr = qk_type_of(rhs);
    bool right_first = tl != tr && tr->number != NULL && tr->number != tl->number &&
                       qk_type_is_subtype(tr, tl);
    if (right_first) {
        QkValue r = tr->number(tstate, op, lhs, rhs);
        if (r != QK_NOT_IMPLEMENTED) {
            return r;
        }
    }
    if (tl->number != NULL) {
        QkValue r = tl->number(tstate, op, lhs, rhs);
        if (r != QK_NOT_IMPLEMENTED) {
            return r;
        }
    }
    QkValue r = !right_first && tr->number != NULL && tr->number != tl->number
                    ? tr->number(tstate, op, lhs, rhs)
                    : QK_NOT_IMPLEMENTED;
    /* An instance of a class derived from int that no slot took takes part as the int it
     * boxes, as any int does in CPython ([0] * n, "ab" * n). */
    if (r == QK_NOT_IMPLEMENTED &&
        (qk_builtin_self(lhs) != lhs || qk_builtin_self(rhs) != rhs)) {
        return binary_op1(tstate, op, qk_builtin_self(lhs), qk_builtin_self(rhs));
    }
    return r;
}

static QkValue binary_op_error(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);

/* An in-place operator (`+=`) goes to the left operand's slot with the in-place op first (a
 * list extends itself); a type without an in-place form gets the plain operator. */
QkValue qk_binary_op(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    uint32_t plain = qk_plain_binary_op(op);
    if (qk_is_int(lhs) && qk_is_int(rhs)) {
        return qk_int_number(tstate, plain, lhs, rhs);
    }
    QkType *tl = qk_type_of(lhs);
    QkValue r = QK_NOT_IMPLEMENTED;
    if (op != plain && tl->number != NULL) {
        r = tl->number(tstate, op, lhs, rhs);
    }
    if (r == QK_NOT_IMPLEMENTED) {
        r = binary_op1(tstate, plain, lhs, rhs);
    }
    return r != QK_NOT_IMPLEMENTED ? r : binary_op_error(tstate, op, lhs, rhs);
}

QkValue qk_binary_op_declined(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    QkType *tl = qk_type_of(lhs), *tr = qk_type_of(rhs);
    QkValue r = QK_NOT_IMPLEMENTED;
    if (tr != tl && tr->number != NULL && tr->number != tl->number) {
        qk_root_push(tstate, &lhs);
        qk_root_push(tstate, &rhs);
        r = tr->number(tstate, qk_plain_binary_op(op), lhs, rhs);
        qk_root_pop(tstate, 2);
    }
    return r != QK_NOT_IMPLEMENTED ? r : binary_op_error(tstate, op, lhs, rhs);
}

static QkValue binary_op_error(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    uint32_t plain = qk_plain_binary_op(op);
    QkType *tl = qk_type_of(lhs), *tr = qk_type_of(rhs);
    if (plain == QK_BINARY_OP_ADD && qk_is_bytes_like(lhs)) {
        return qk_raise(tstate, &qk_exc_TypeError, "can't concat %s to %s", tr->name, tl->name);
    }
    if (plain == QK_BINARY_OP_ADD && is_sequence(lhs)) {
        return qk_raise(tstate, &qk_exc_TypeError, "can only concatenate %s (not \"%s\") to %s",
                        tl->name, tr->name, tl->name);
    }
    if (plain == QK_BINARY_OP_MULTIPLY && (is_sequence(lhs) || is_sequence(rhs))) {
        return qk_raise(tstate, &qk_exc_TypeError, "can't multiply sequence by non-int of type '%s'",
                        (is_sequence(lhs) ? tr : tl)->name);
    }
    return qk_raise(tstate, &qk_exc_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
                    op == QK_BINARY_OP_POWER ? "** or pow()" : qk_binary_op_symbols[op], tl->name,
                    tr->name);
}

QkValue qk_unary_op(QkThread *tstate, uint32_t op, QkValue v) {
    static const char *const what[] = {
        [QK_UNARY_NEGATIVE] = "unary -", [QK_UNARY_POSITIVE] = "unary +",
        [QK_UNARY_INVERT] = "unary ~", [QK_UNARY_ABS] = "abs()",
    };
    QkType *t = qk_type_of(v);
    if (t->unary != NULL) {
        QkValue r = t->unary(tstate, op, v, QK_NULL);
        if (r != QK_NOT_IMPLEMENTED) {
            return r;
        }
    }
    return qk_raise(tstate, &qk_exc_TypeError, "bad operand type for %s: '%s'", what[op], t->name);
}

QkValue qk_unary_negative(QkThread *tstate, QkValue v) {
    return qk_unary_op(tstate, QK_UNARY_NEGATIVE, v);
}

QkValue qk_unary_positive(QkThread *tstate, QkValue v) {
    return qk_unary_op(tstate, QK_UNARY_POSITIVE, v);
}

QkValue qk_unary_invert(QkThread *tstate, QkValue v) {
    return qk_unary_op(tstate, QK_UNARY_INVERT, v);
}

/* ---- items ---- */

QkValue qk_getitem(QkThread *tstate, QkValue container, QkValue key) {
    QkType *t = qk_type_of(container);
    if (t->getitem == NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not subscriptable", t->name);
    }
    return t->getitem(tstate, container, key);
}

int qk_setitem(QkThread *tstate, QkValue container, QkValue key, QkValue value) {
    QkType *t = qk_type_of(container);
    if (t->setitem == NULL) {
        qk_raise(tstate, &qk_exc_TypeError,
                 value == QK_NULL ? "'%s' object doesn't support item deletion"
                                  : "'%s' object does not support item assignment",
                 t->name);
        return -1;
    }
    return t->setitem(tstate, container, key, value);
}

int qk_contains(QkThread *tstate, QkValue container, QkValue item) {
    QkType *t = qk_type_of(container);
    if (t->contains != NULL) {
        return t->contains(tstate, container, item);
    }
    if (!qk_is_iterable(container)) {
        qk_raise(tstate, &qk_exc_TypeError, "argument of type '%s' is not iterable", t->name);
        return -1;
    }
    QkValue it = qk_get_iter(tstate, container);
    if (it == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &it);
    int found = 0;
    for (;;) {
        QkValue x = qk_iter_next(tstate, it);
        if (x == QK_NULL) {
            found = qk_error_occurred(tstate) ? -1 : 0;
            break;
        }
        found = qk_equal(tstate, x, item);
        if (found != 0) {
            break;
        }
    }
    qk_root_pop(tstate, 1);
    return found;
}

/* Most slices: an exact list's, with small-int or absent bounds (qk_slice_clip's). No slice
 * object is made for them. */
static bool plain_list_slice(QkValue container, QkValue start, QkValue stop) {
    return qk_is_type(container, &qk_list_type) && (start == QK_NONE || qk_is_int(start)) &&
           (stop == QK_NONE || qk_is_int(stop));
}

QkValue qk_getslice(QkThread *tstate, QkValue container, QkValue start, QkValue stop) {
    if (plain_list_slice(container, start, stop)) {
        int64_t length = qk_as_list(container)->size;
        return qk_list_slice(tstate, container, qk_slice_clip(start, 0, length),
                             qk_slice_clip(stop, length, length));
    }
    QkValue slice = qk_slice_new(tstate, start, stop, QK_NONE);
    if (slice == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &slice);
    QkValue r = qk_getitem(tstate, container, slice);
    qk_root_pop(tstate, 1);
    return r;
}

int qk_setslice(QkThread *tstate, QkValue container, QkValue start, QkValue stop, QkValue value) {
    /* `l[i:] = other[::-1]`: the items of another exact list or tuple, taken without a copy. */
    QkValue *items;
    int64_t n;
    bool other_items = value != container &&
                       (qk_is_type(value, &qk_list_type) || qk_is_type(value, &qk_tuple_type));
    if (other_items && plain_list_slice(container, start, stop) &&
        qk_sequence_items(value, &items, &n)) {
        int64_t length = qk_as_list(container)->size;
        int64_t lo = qk_slice_clip(start, 0, length), hi = qk_slice_clip(stop, length, length);
        return qk_list_assign_slice(tstate, container, lo, hi, items, n);
    }
    QkValue slice = qk_slice_new(tstate, start, stop, QK_NONE);
    if (slice == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &slice);
    int r = qk_setitem(tstate, container, slice, value);
    qk_root_pop(tstate, 1);
    return r;
}

/* ---- unpacking ---- */

/* The items of seq as a list (rooted by the caller), or for a tuple or list the sequence itself;
 * at most `limit` + 1 items are taken from an iterator, so a long one is not drained. */
static QkValue unpack_items(QkThread *tstate, QkValue seq, int64_t limit) {
    /* Exact types only: a subclass's __iter__ may say otherwise. */
    if (qk_is_type(seq, &qk_tuple_type) || qk_is_type(seq, &qk_list_type)) {
        return seq;
    }
    if (!qk_is_iterable(seq)) {
        return qk_raise(tstate, &qk_exc_TypeError, "cannot unpack non-iterable %s object",
                        qk_type_name(seq));
    }
    QkValue it = qk_get_iter(tstate, seq), list = QK_NULL;
    if (it == QK_NULL) {
        return QK_NULL;
    }
    qk_root_push(tstate, &it);
    qk_root_push(tstate, &list);
    list = qk_list_new(tstate, 0);
    while (list != QK_NULL && (limit < 0 || qk_as_list(list)->size <= limit)) {
        QkValue x = qk_iter_next(tstate, it);
        if (x == QK_NULL) {
            if (qk_error_occurred(tstate)) {
                list = QK_NULL;
            }
            break;
        }
        if (qk_list_append(tstate, list, x) < 0) {
            list = QK_NULL;
        }
    }
    qk_root_pop(tstate, 2);
    return list;
}

int qk_unpack_sequence(QkThread *tstate, QkValue seq, int n, QkValue *values) {
    QkValue items = unpack_items(tstate, seq, n);
    if (items == QK_NULL) {
        return -1;
    }
    QkValue *p;
    int64_t count;
    qk_sequence_items(items, &p, &count);
    if (count != n) {
        if (count > n) {
            qk_raise(tstate, &qk_exc_ValueError, "too many values to unpack (expected %d)", n);
        } else {
            qk_raise(tstate, &qk_exc_ValueError,
                     "not enough values to unpack (expected %d, got %" PRId64 ")", n, count);
        }
        return -1;
    }
    /* No allocation from here on: values may overlap seq's own stack slot. */
    for (int i = 0; i < n; i++) {
        values[n - 1 - i] = p[i];
    }
    return 0;
}

int qk_unpack_ex(QkThread *tstate, QkValue seq, int64_t before, int n, QkValue *values) {
    int64_t after = n - before - 1;
    QkValue items = unpack_items(tstate, seq, -1), starred = QK_NULL;
    if (items == QK_NULL) {
        return -1;
    }
    qk_root_push(tstate, &items);
    QkValue *p;
    int64_t count;
    qk_sequence_items(items, &p, &count);
    if (count < before + after) {
        qk_root_pop(tstate, 1);
        qk_raise(tstate, &qk_exc_ValueError,
                 "not enough values to unpack (expected at least %" PRId64 ", got %" PRId64 ")",
                 before + after, count);
        return -1;
    }
    starred = qk_list_from_array(tstate, NULL, count - before - after);
    qk_root_pop(tstate, 1);
    if (starred == QK_NULL) {
        return -1;
    }
    qk_sequence_items(items, &p, &count);
    if (count - before - after > 0) {
        memcpy(qk_as_list(starred)->items, p + before,
               (size_t)(count - before - after) * sizeof(QkValue));
    }
    for (int64_t i = 0; i < before; i++) {
        values[n - 1 - i] = p[i];
    }
    values[n - 1 - before] = starred;
    for (int64_t i = 0; i < after; i++) {
        values[after - 1 - i] = p[count - after + i];
    }
    return 0;
}

/* ---- iteration ---- */

bool qk_is_iterable(QkValue v) {
    QkType *t = qk_type_of(v);
    return t->iter != NULL || t->getitem != NULL;
}

QkValue qk_get_iter(QkThread *tstate, QkValue iterable) {
    QkType *t = qk_type_of(iterable);
    if (t->iter != NULL) {
        return t->iter(tstate, iterable);
    }
    if (t->getitem != NULL) {
        return qk_getitem_iter_new(tstate, iterable);
    }
    return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not iterable", t->name);
}

/* The iterator's own step: exhaustion may come with StopIteration set (a generator's value). */
static QkValue next_of(QkThread *tstate, QkValue iter) {
    QkType *t = qk_type_of(iter);
    if (t->next == NULL) {
        return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not an iterator", t->name);
    }
    return t->next(tstate, iter);
}

QkValue qk_next_with_value(QkThread *tstate, QkValue iter) { return next_of(tstate, iter); }

QkValue qk_iter_next(QkThread *tstate, QkValue iter) {
    QkValue item = next_of(tstate, iter);
    /* Loops end at StopIteration, whatever value it carries. */
    if (item == QK_NULL && tstate->exception != QK_NULL &&
        qk_type_is_subtype(qk_type_of(tstate->exception), &qk_exc_StopIteration)) {
        tstate->exception = QK_NULL;
    }
    return item;
}

int qk_for_each(QkThread *tstate, QkValue iterable,
                int (*each)(QkThread *tstate, QkValue target, QkValue item), QkValue target) {
    QkValue it = qk_get_iter(tstate, iterable);
    return it == QK_NULL ? -1 : qk_for_each_from(tstate, it, each, target);
}

int qk_for_each_from(QkThread *tstate, QkValue it,
                     int (*each)(QkThread *tstate, QkValue target, QkValue item), QkValue target) {
    qk_root_push(tstate, &it);
    qk_root_push(tstate, &target);
    int failed = 0;
    for (;;) {
        QkValue x = qk_iter_next(tstate, it);
        if (x == QK_NULL) {
            failed = qk_error_occurred(tstate) ? -1 : 0;
            break;
        }
        if (each(tstate, target, x) < 0) {
            failed = -1;
            break;
        }
    }
    qk_root_pop(tstate, 2);
    return failed;
}

QkValue qk_iter_self(QkThread *tstate, QkValue self) {
    (void)tstate;
    return self;
}
