/* Generic operations on values: the slow paths micro-ops call (arithmetic, comparison, truth,
 * globals, iteration). Specialized micro-ops inline the common cases instead. */
#include <stdlib.h>
#include <string.h>

#include "quack.h"
#include "quack_opcodes.h"

int qk_truth(QkThread *tstate, QkValue v) {
    (void)tstate;
    if (qk_is_int(v)) {
        return qk_int_value(v) != 0;
    }
    if (v == QK_TRUE) {
        return 1;
    }
    if (v == QK_FALSE || v == QK_NONE) {
        return 0;
    }
    if (qk_is_type(v, &qk_str_type)) {
        return qk_as_str(v)->length != 0;
    }
    return 1;
}

/* Python's floor division and modulo: the quotient rounds towards negative infinity. */
static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) {
        q--;
    }
    return q;
}

static int64_t floor_mod(int64_t a, int64_t b) {
    int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) {
        r += b;
    }
    return r;
}

static QkValue int_overflow(QkThread *tstate) {
    return qk_raise(tstate, &qk_exc_OverflowError,
                    "integer result does not fit in 63 bits (big ints are not supported yet)");
}

/* Takes the overflow flag before the result so callers cannot read `r` before it is computed. */
static QkValue int_result(QkThread *tstate, bool overflow, const int64_t *r) {
    return overflow ? int_overflow(tstate) : qk_from_int(*r);
}

static QkValue int_power(QkThread *tstate, int64_t base, int64_t exp) {
    if (exp < 0) {
        return qk_raise(tstate, &qk_exc_ValueError,
                        "negative exponents need floats, which are not supported yet");
    }
    int64_t result = 1;
    while (exp > 0) {
        if ((exp & 1) && qk_mul_overflow(result, base, &result)) {
            return int_overflow(tstate);
        }
        exp >>= 1;
        if (exp > 0 && qk_mul_overflow(base, base, &base)) {
            return int_overflow(tstate);
        }
    }
    return qk_from_int(result);
}

static QkValue int_shift(QkThread *tstate, int64_t a, int64_t b, bool left) {
    if (b < 0) {
        return qk_raise(tstate, &qk_exc_ValueError, "negative shift count");
    }
    if (!left) {
        return qk_from_int(b >= 63 ? (a < 0 ? -1 : 0) : a >> b);
    }
    if (a == 0) {
        return qk_from_int(0);
    }
    if (b >= 62) {
        return int_overflow(tstate);
    }
    int64_t r = (int64_t)((uint64_t)a << b);
    if ((r >> b) != a || !qk_int_fits(r)) {
        return int_overflow(tstate);
    }
    return qk_from_int(r);
}

static QkValue int_binary_op(QkThread *tstate, uint32_t op, int64_t a, int64_t b) {
    int64_t r = 0;
    switch (op) {
    case QK_BINARY_OP_ADD:
        return int_result(tstate, qk_add_overflow(a, b, &r), &r);
    case QK_BINARY_OP_SUBTRACT:
        return int_result(tstate, qk_sub_overflow(a, b, &r), &r);
    case QK_BINARY_OP_MULTIPLY:
        return int_result(tstate, qk_mul_overflow(a, b, &r), &r);
    case QK_BINARY_OP_FLOOR_DIVIDE:
    case QK_BINARY_OP_REMAINDER:
        if (b == 0) {
            return qk_raise(tstate, &qk_exc_ZeroDivisionError,
                            "integer division or modulo by zero");
        }
        r = op == QK_BINARY_OP_FLOOR_DIVIDE ? floor_div(a, b) : floor_mod(a, b);
        return int_result(tstate, !qk_int_fits(r), &r);
    case QK_BINARY_OP_TRUE_DIVIDE:
        if (b == 0) {
            return qk_raise(tstate, &qk_exc_ZeroDivisionError, "division by zero");
        }
        return qk_raise(tstate, &qk_exc_TypeError, "true division needs floats, which are not "
                                                   "supported yet");
    case QK_BINARY_OP_POWER:
        return int_power(tstate, a, b);
    case QK_BINARY_OP_LSHIFT:
        return int_shift(tstate, a, b, true);
    case QK_BINARY_OP_RSHIFT:
        return int_shift(tstate, a, b, false);
    case QK_BINARY_OP_AND:
        return qk_from_int(a & b);
    case QK_BINARY_OP_OR:
        return qk_from_int(a | b);
    case QK_BINARY_OP_XOR:
        return qk_from_int(a ^ b);
    default:
        return QK_NULL;
    }
}

static bool is_int_like(QkValue v) { return qk_is_int(v) || v == QK_TRUE || v == QK_FALSE; }

static int64_t int_like_value(QkValue v) {
    return qk_is_int(v) ? qk_int_value(v) : (v == QK_TRUE ? 1 : 0);
}

static QkValue str_repeat(QkThread *tstate, QkValue s, int64_t n) {
    QkStr *str = qk_as_str(s);
    if (n <= 0 || str->length == 0) {
        return qk_str_new(tstate, "", 0);
    }
    if (str->length > INT64_MAX / n) {
        return qk_raise(tstate, &qk_exc_OverflowError, "repeated string is too long");
    }
    QkValue keep = s;
    qk_root_push(tstate, &keep);
    QkValue r = qk_str_new(tstate, NULL, str->length * n);
    qk_root_pop(tstate, 1);
    if (r == QK_NULL) {
        return QK_NULL;
    }
    str = qk_as_str(keep);
    for (int64_t i = 0; i < n; i++) {
        memcpy(qk_as_str(r)->data + i * str->length, str->data, (size_t)str->length);
    }
    return r;
}

static QkValue str_concat(QkThread *tstate, QkValue a, QkValue b) {
    QkValue left = a, right = b;
    qk_root_push(tstate, &left);
    qk_root_push(tstate, &right);
    int64_t la = qk_as_str(a)->length, lb = qk_as_str(b)->length;
    QkValue r = qk_str_new(tstate, NULL, la + lb);
    qk_root_pop(tstate, 2);
    if (r != QK_NULL) {
        memcpy(qk_as_str(r)->data, qk_as_str(left)->data, (size_t)la);
        memcpy(qk_as_str(r)->data + la, qk_as_str(right)->data, (size_t)lb);
    }
    return r;
}

QkValue qk_binary_op(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (is_int_like(lhs) && is_int_like(rhs)) {
        QkValue r = int_binary_op(tstate, op, int_like_value(lhs), int_like_value(rhs));
        if (r != QK_NULL || tstate->exception != QK_NULL) {
            return r;
        }
    }
    bool lstr = qk_is_type(lhs, &qk_str_type), rstr = qk_is_type(rhs, &qk_str_type);
    if (op == QK_BINARY_OP_ADD && lstr && rstr) {
        return str_concat(tstate, lhs, rhs);
    }
    if (op == QK_BINARY_OP_MULTIPLY && lstr && is_int_like(rhs)) {
        return str_repeat(tstate, lhs, int_like_value(rhs));
    }
    if (op == QK_BINARY_OP_MULTIPLY && rstr && is_int_like(lhs)) {
        return str_repeat(tstate, rhs, int_like_value(lhs));
    }
    return qk_raise(tstate, &qk_exc_TypeError, "unsupported operand type(s) for %s: '%s' and '%s'",
                    qk_binary_op_symbols[op], qk_type_name(lhs), qk_type_name(rhs));
}

static int compare_ints(uint32_t op, int64_t a, int64_t b) {
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

static int64_t compare_strs(QkValue a, QkValue b) {
    QkStr *x = qk_as_str(a), *y = qk_as_str(b);
    int64_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->data, y->data, (size_t)n);
    /* UTF-8 byte order is code point order, which is Python's string order. */
    return c != 0 ? c : (x->length > y->length) - (x->length < y->length);
}

QkValue qk_compare_op(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs) {
    if (is_int_like(lhs) && is_int_like(rhs)) {
        return qk_bool(compare_ints(op, int_like_value(lhs), int_like_value(rhs)));
    }
    if (qk_is_type(lhs, &qk_str_type) && qk_is_type(rhs, &qk_str_type)) {
        return qk_bool(compare_ints(op, compare_strs(lhs, rhs), 0));
    }
    if (op == QK_COMPARE_OP_EQ || op == QK_COMPARE_OP_NE) {
        return qk_bool((lhs == rhs) == (op == QK_COMPARE_OP_EQ));
    }
    return qk_raise(tstate, &qk_exc_TypeError,
                    "'%s' not supported between instances of '%s' and '%s'",
                    qk_compare_op_symbols[op], qk_type_name(lhs), qk_type_name(rhs));
}

QkValue qk_unary_negative(QkThread *tstate, QkValue v) {
    if (is_int_like(v)) {
        int64_t r = 0;
        return int_result(tstate, qk_sub_overflow(0, int_like_value(v), &r), &r);
    }
    return qk_raise(tstate, &qk_exc_TypeError, "bad operand type for unary -: '%s'",
                    qk_type_name(v));
}

QkValue qk_unary_invert(QkThread *tstate, QkValue v) {
    if (is_int_like(v)) {
        return qk_from_int(~int_like_value(v));
    }
    return qk_raise(tstate, &qk_exc_TypeError, "bad operand type for unary ~: '%s'",
                    qk_type_name(v));
}

QkValue qk_load_global(QkThread *tstate, QkFrame *frame, uint32_t name_index) {
    QkValue name = frame->code->names[name_index];
    QkValue v = qk_dict_get(frame->globals, name);
    if (v == QK_NULL) {
        v = qk_dict_get(tstate->builtins, name);
    }
    if (v == QK_NULL) {
        return qk_raise(tstate, &qk_exc_NameError, "name '%s' is not defined",
                        qk_as_str(name)->data);
    }
    return v;
}

int qk_store_global(QkThread *tstate, QkFrame *frame, uint32_t name_index, QkValue value) {
    return qk_dict_set(tstate, frame->globals, frame->code->names[name_index], value) < 0;
}

void qk_raise_unbound_local(QkThread *tstate, QkFrame *frame, uint32_t local_index) {
    qk_raise(tstate, &qk_exc_UnboundLocalError,
             "cannot access local variable '%s' where it is not associated with a value",
             qk_as_str(frame->code->varnames[local_index])->data);
}

QkValue qk_get_iter(QkThread *tstate, QkValue iterable) {
    if (qk_is_type(iterable, &qk_range_type)) {
        QkRange *r = (QkRange *)iterable;
        int64_t n = 0;
        if (r->step > 0 && r->start < r->stop) {
            n = (r->stop - r->start - 1) / r->step + 1;
        } else if (r->step < 0 && r->start > r->stop) {
            n = (r->start - r->stop - 1) / -r->step + 1;
        }
        int64_t start = r->start, step = r->step;
        QkRangeIter *it = (QkRangeIter *)qk_alloc(tstate, &qk_range_iter_type, sizeof *it);
        if (it == NULL) {
            return QK_NULL;
        }
        it->next = start;
        it->step = step;
        it->remaining = n;
        return (QkValue)it;
    }
    if (qk_is_type(iterable, &qk_range_iter_type)) {
        return iterable;
    }
    return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not iterable",
                    qk_type_name(iterable));
}

QkValue qk_iter_next(QkThread *tstate, QkValue iter) {
    if (qk_is_type(iter, &qk_range_iter_type)) {
        QkRangeIter *it = (QkRangeIter *)iter;
        if (it->remaining <= 0) {
            return QK_NULL;
        }
        int64_t v = it->next;
        it->remaining--;
        /* The last step may leave the 63-bit range; it is never used then. */
        if (it->remaining > 0) {
            it->next += it->step;
        }
        return qk_from_int(v);
    }
    return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not an iterator",
                    qk_type_name(iter));
}

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
    return (QkValue)f;
}

QkValue qk_call(QkThread *tstate, QkValue callable, QkValue *args, uint32_t nargs) {
    if (qk_is_type(callable, &qk_builtin_type)) {
        return ((QkBuiltin *)callable)->func(tstate, args, (int)nargs);
    }
    return qk_raise(tstate, &qk_exc_TypeError, "'%s' object is not callable",
                    qk_type_name(callable));
}
