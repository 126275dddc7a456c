/* The object protocols: what the interpreter (and every C helper) calls to operate on any value.
 * Each dispatches through the operands' type slots (object.h), so built-in types and classes
 * with dunder methods behave the same. On failure: the thread's exception is set and the result
 * is QK_NULL (values) or -1 (ints). */
#ifndef QUACK_ABSTRACT_H
#define QUACK_ABSTRACT_H

#include <stddef.h>
#include <stdint.h>

#include "object.h"
#include "quack_opargs.h"

QkValue qk_repr(QkThread *tstate, QkValue v); /* a str */
QkValue qk_str(QkThread *tstate, QkValue v);  /* a str */
QkValue qk_format(QkThread *tstate, QkValue v, QkValue spec); /* spec: str or QK_NULL */
QkValue qk_convert_value(QkThread *tstate, QkValue v, uint32_t conversion); /* CONVERT_VALUE */
int qk_hash(QkThread *tstate, QkValue v, int64_t *hash);
/* a == b as containers test it, when that needs no code to run: 1 or 0; -1 when the protocol
 * must decide (it may run __eq__, so callers must ask it, in order). Identity implies equality,
 * as in CPython's containers (so a nan is found in a list). Exact strs only: a class derived
 * from str may define __eq__. */
static inline int qk_equal_plain(QkValue a, QkValue b) {
    if (a == b) {
        return 1;
    }
    if (qk_is_int(a) && qk_is_int(b)) {
        return 0;
    }
    if (qk_is_type(a, &qk_str_type) && qk_is_type(b, &qk_str_type)) {
        return qk_str_equal(a, b);
    }
    return -1;
}
/* Two exact tuples of one size, as qk_equal_plain decides their items: -1 from the first pair
 * it cannot decide (or for sizes that differ: the prefix is compared first, as CPython does). */
static inline __attribute__((always_inline)) int qk_equal_plain_tuples(const QkTuple *x,
                                                                       const QkTuple *y) {
    if (x->size != y->size) {
        return -1;
    }
    for (int64_t i = 0; i < x->size; i++) {
        int eq = qk_equal_plain(x->items[i], y->items[i]);
        if (eq != 1) {
            return eq;
        }
    }
    return 1;
}
/* What dict and set probes try before the protocol: qk_equal_plain, then two exact tuples (a
 * tuple key found again) item by item, without a call (always inline: the probes' loops keep
 * their values in registers). */
static inline __attribute__((always_inline)) int qk_equal_key_plain(QkValue a, QkValue b) {
    int plain = qk_equal_plain(a, b);
    if (plain >= 0 || !qk_is_type(a, &qk_tuple_type) || !qk_is_type(b, &qk_tuple_type)) {
        return plain;
    }
    return qk_equal_plain_tuples((const QkTuple *)a, (const QkTuple *)b);
}
/* The pairs qk_equal_plain leaves to the protocol: 1, 0, or -1 on error. */
int qk_equal_values(QkThread *tstate, QkValue a, QkValue b);
/* a == b as containers test it (dict, set, list.index, tuple comparison): 1, 0, or -1. */
static inline int qk_equal(QkThread *tstate, QkValue a, QkValue b) {
    int plain = qk_equal_plain(a, b);
    return plain >= 0 ? plain : qk_equal_values(tstate, a, b);
}
/* a <op> b for a comparison operator's oparg. */
static inline bool qk_compare_int64(uint32_t op, int64_t a, int64_t b) {
    switch (op) {
    case QK_COMPARE_OP_LT:
        return a < b;
    case QK_COMPARE_OP_LE:
        return a <= b;
    case QK_COMPARE_OP_EQ:
        return a == b;
    case QK_COMPARE_OP_NE:
        return a != b;
    case QK_COMPARE_OP_GT:
        return a > b;
    default:
        return a >= b;
    }
}
QkValue qk_richcompare(QkThread *tstate, QkValue a, QkValue b, uint32_t op);
int qk_truth(QkThread *tstate, QkValue v);
int64_t qk_len(QkThread *tstate, QkValue v);

QkValue qk_binary_op(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
/* The rest of qk_binary_op once the left operand's dunder returned NotImplemented, when the
 * right operand's type is the left's or a built-in one (BINARY_OP_PY_DUNDER). */
QkValue qk_binary_op_declined(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
/* The plain Python function of two parameters `lhs op rhs` calls first for an instance of the
 * class `type` (op's dunder; for an in-place op only if the class has no in-place one), else
 * QK_NULL. */
QkValue qk_binary_dunder_of(QkType *type, uint32_t op);
QkValue qk_compare_op(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
QkValue qk_unary_negative(QkThread *tstate, QkValue v);
QkValue qk_unary_positive(QkThread *tstate, QkValue v);
QkValue qk_unary_invert(QkThread *tstate, QkValue v);

QkValue qk_getitem(QkThread *tstate, QkValue container, QkValue key);
int qk_setitem(QkThread *tstate, QkValue container, QkValue key, QkValue value); /* NULL: del */
int qk_contains(QkThread *tstate, QkValue container, QkValue item);
QkValue qk_getslice(QkThread *tstate, QkValue container, QkValue start, QkValue stop);
int qk_setslice(QkThread *tstate, QkValue container, QkValue start, QkValue stop, QkValue value);
/* Writes the n items so the first ends on top of the stack: values[n - 1 - i] = item i. */
int qk_unpack_sequence(QkThread *tstate, QkValue seq, int n, QkValue *values);
/* `for a, b in iter`'s step and unpack at once, in the same order (values[1] is the first item);
 * an enumerate's, a dict items iterator's or a zip of two's pair is never made. 1: stepped;
 * 0: iter is exhausted; -1: an error. */
int qk_iter_next_pair(QkThread *tstate, QkValue iter, QkValue values[2]);
/* The same for `before` targets, a starred list, then n - before - 1 targets. */
int qk_unpack_ex(QkThread *tstate, QkValue seq, int64_t before, int n, QkValue *values);

/* Has __iter__, or __getitem__: the old sequence protocol (CPython's PySequence_Check). */
bool qk_is_iterable(QkValue v);
QkValue qk_get_iter(QkThread *tstate, QkValue iterable);
/* The next item, or QK_NULL: exhausted if no exception is set, failed otherwise. */
QkValue qk_iter_next(QkThread *tstate, QkValue iter);
/* The same for next(): exhaustion may come with StopIteration(value) set, which it passes on. */
QkValue qk_next_with_value(QkThread *tstate, QkValue iter);

/* Calls each(tstate, target, item) for every item of iterable, stopping at the first failure;
 * 0, or -1 with the exception set. */
int qk_for_each(QkThread *tstate, QkValue iterable,
                int (*each)(QkThread *tstate, QkValue target, QkValue item), QkValue target);
/* The same over the items an iterator has left. */
int qk_for_each_from(QkThread *tstate, QkValue it,
                     int (*each)(QkThread *tstate, QkValue target, QkValue item), QkValue target);

QkValue qk_getattr(QkThread *tstate, QkValue obj, QkValue name);
int qk_setattr(QkThread *tstate, QkValue obj, QkValue name, QkValue value); /* NULL: del */
/* obj.name into *out: 1 if found, 0 if it raised AttributeError (cleared), -1 on other errors. */
int qk_lookup_attr(QkThread *tstate, QkValue obj, QkValue name, QkValue *out);
/* obj.name for a call: a plain function found on the class comes back unbound, *self set to
 * obj; anything else comes back as the attribute with *self = QK_NULL. */
QkValue qk_load_method(QkThread *tstate, QkValue obj, QkValue name, QkValue *self);
/* Looks `name` up along the type's bases (no instance dict, no binding): QK_NULL if absent. */
QkValue qk_type_lookup(QkType *type, QkValue name);
/* The collector's view of the names qk_type_lookup's cache holds. */
void qk_type_cache_traverse(QkVisitFunc visit, void *arg);

/* Calls anything callable. args: nargs values, the last len(kwnames) of them keyword values. */
QkValue qk_call(QkThread *tstate, QkValue callable, QkValue *args, size_t nargs, QkValue kwnames);
QkValue qk_call_ex(QkThread *tstate, QkValue callable, QkValue self_or_null, QkValue callargs,
                   QkValue kwargs);

/* A method: `func` bound to `self` (what a function found on a class becomes on an instance). */
QkValue qk_method_new(QkThread *tstate, QkValue func, QkValue self);

/* Builtin functions, for C code that builds them (a module, bound built-in methods). */
QkValue qk_builtin_new(QkThread *tstate, const char *name, QkCFunction func, QkValue self);

#endif
