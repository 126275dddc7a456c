/* The specializing adaptive interpreter's runtime side: counters, the specializers, and the small
 * operations specialized instructions inline (runtime/interp/specialize.c). */
#ifndef QUACK_SPECIALIZE_H
#define QUACK_SPECIALIZE_H

#include <stdbool.h>
#include <string.h>

#include "frame.h"
#include "objmodel.h"
#include "quack_opargs.h"
#include "types.h"

/* Counts a generic instruction's execution in its cache; true when it is time to specialize. */
bool qk_specialization_due(QkCodeUnit *instr);
void qk_specialize_binary_op(QkThread *tstate, QkCodeUnit *instr, QkValue lhs, QkValue rhs);
void qk_specialize_compare_op(QkThread *tstate, QkCodeUnit *instr, QkValue lhs, QkValue rhs);
void qk_specialize_to_bool(QkThread *tstate, QkCodeUnit *instr, QkValue value);
void qk_specialize_call(QkThread *tstate, QkCodeUnit *instr, QkValue callable,
                        QkValue self_or_null);
/* A specialized instruction's guard failed (it then runs its head, whose counter decides when
 * to specialize again): counted for the statistics. */
void qk_specialization_miss(QkThread *tstate, uint32_t head);

/* BINARY_OP's plain operator: an in-place form (`+=`) on an immutable operand is the plain one. */
static inline uint32_t qk_plain_binary_op(uint32_t op) {
    return op >= QK_BINARY_OP_INPLACE_ADD ? op - QK_BINARY_OP_INPLACE_ADD : op;
}

/* The float operations BINARY_OP_FLOAT handles: + - * and /, whose zero divisor is left to the
 * generic instruction (qk_float_arith_raises), which raises. */
static inline double qk_float_arith(int op, double a, double b) {
    uint32_t plain = qk_plain_binary_op((uint32_t)op);
    return plain == QK_BINARY_OP_ADD        ? a + b
           : plain == QK_BINARY_OP_SUBTRACT ? a - b
           : plain == QK_BINARY_OP_MULTIPLY ? a * b
                                            : a / b;
}

static inline bool qk_float_arith_raises(int op, double b) {
    return qk_plain_binary_op((uint32_t)op) == QK_BINARY_OP_TRUE_DIVIDE && b == 0;
}

/* An int or a float as the double it equals exactly: false for an int beyond 2**53 (which no
 * double may stand for) and for any other value. */
static inline bool qk_exact_double(QkValue v, double *out) {
    if (qk_is_int(v)) {
        int64_t i = qk_int_value(v);
        *out = (double)i;
        return i >= -((int64_t)1 << 53) && i <= (int64_t)1 << 53;
    }
    bool is_float = qk_has_type(v, &qk_float_type);
    *out = is_float ? qk_float_value(v) : 0;
    return is_float;
}

/* The operands of BINARY_OP_NUMBERS as doubles: an int and a float (either way round) or, for /,
 * two ints, each exactly a double, and no zero divisor. */
static inline bool qk_float_operands(int op, QkValue lhs, QkValue rhs, double *a, double *b) {
    bool divide = qk_plain_binary_op((uint32_t)op) == QK_BINARY_OP_TRUE_DIVIDE;
    return qk_exact_double(lhs, a) && qk_exact_double(rhs, b) &&
           (divide || !qk_is_int(lhs) || !qk_is_int(rhs)) && !qk_float_arith_raises(op, *b);
}

/* The operands of BINARY_OP_POW_FLOAT as doubles: a float or an int exactly a double to the
 * power of another (not two ints: an int's power of an int stays an int), the base positive and
 * finite and the exponent finite. There none of float_pow's special cases (zeros, negative bases,
 * infinities, nans) arises, and it is C's pow. */
static inline bool qk_float_pow_operands(QkValue lhs, QkValue rhs, double *a, double *b) {
    return qk_exact_double(lhs, a) && qk_exact_double(rhs, b) &&
           !(qk_is_int(lhs) && qk_is_int(rhs)) && *a > 0 && *a < __builtin_inf() &&
           *b > -__builtin_inf() && *b < __builtin_inf();
}
/* C's pow of such operands (number.c: stencils have no C library); false for an infinite
 * result, an overflow, which the generic instruction raises. */
bool qk_float_pow_finite(double x, double y, double *r);

/* The int operations BINARY_OP_INT handles (// % & | ^ << >>): false where the generic
 * instruction must run instead (a zero divisor or negative shift raises, a result outside the
 * 63-bit range overflows). */
static inline bool qk_int_arith(int op, int64_t a, int64_t b, int64_t *result) {
    switch (qk_plain_binary_op((uint32_t)op)) {
    case QK_BINARY_OP_FLOOR_DIVIDE:
        *result = b == 0 ? 0 : qk_floor_div(a, b);
        return b != 0 && qk_int_fits(*result);
    case QK_BINARY_OP_REMAINDER:
        *result = b == 0 ? 0 : qk_floor_mod(a, b);
        return b != 0;
    case QK_BINARY_OP_AND:
        *result = a & b;
        return true;
    case QK_BINARY_OP_OR:
        *result = a | b;
        return true;
    case QK_BINARY_OP_XOR:
        *result = a ^ b;
        return true;
    case QK_BINARY_OP_RSHIFT:
        *result = b < 0 ? 0 : a >> (b > 62 ? 62 : b);
        return b >= 0;
    default: /* QK_BINARY_OP_LSHIFT */
        *result = b < 0 || b > 62 ? 0 : (int64_t)((uint64_t)a << b);
        return b >= 0 && b <= 62 && (*result >> b) == a && qk_int_fits(*result);
    }
}

/* floor(n / d) or n mod d (op says which) for a divisor d >= 2, by the reciprocal qk_int_divisor
 * made: m = ceil(2**(63 + l) / d) with l = ceil(log2(d)), which makes (u * m) >> (63 + l) exactly
 * floor(u / d) for every 0 <= u < 2**63 (Granlund and Montgomery; for a power of two m is 2**63
 * and this is a shift). A negative n divides ~n = -n - 1 instead, since floor(n / d) =
 * ~floor(~n / d). A tagged int's magnitude is below 2**62. No test of m: in a stencil it is the
 * address of a hole, which the compiler takes as never 0. */
static inline int qk_ceil_log2(uint64_t d) { return 64 - __builtin_clzll(d - 1); } /* d >= 2 */

static inline int64_t qk_int_by_constant(int op, int64_t n, int64_t d, uint64_t reciprocal) {
    int l = qk_ceil_log2((uint64_t)d);
    uint64_t u = n < 0 ? ~(uint64_t)n : (uint64_t)n;
    uint64_t q = (uint64_t)(((unsigned __int128)u * reciprocal) >> 64) >> (l - 1);
    int64_t floor = n < 0 ? ~(int64_t)q : (int64_t)q;
    return qk_plain_binary_op((uint32_t)op) == QK_BINARY_OP_FLOOR_DIVIDE ? floor : n - floor * d;
}

/* The constant hook of _BINARY_OP_INT (`constant` in docs/dsl.md): a floor division or
 * remainder by an int >= 2 gets qk_int_by_constant's reciprocal. */
bool qk_int_divisor(uint32_t oparg, QkValue constant, uint64_t *operand);
/* The constant hook of _BINARY_SUBSCR_LIST_INT and _STORE_SUBSCR_LIST_INT: an int index of 0 or
 * more (a negative one counts from the end: the general form does that). */
bool qk_index_from_start(uint32_t oparg, QkValue constant, uint64_t *operand);
/* The constant hooks of CALL_LEN, CALL_BUILTIN, CALL_LIST_APPEND and CALL_METHOD_DESCR: the
 * callable the trace knows is len, ord or math.sqrt of one argument, list.append, set.add of one
 * argument, or a method descriptor (whose owner is the operand); and of a call not inlined,
 * range. */
bool qk_callee_is_len(uint32_t oparg, QkValue constant, uint64_t *operand);
bool qk_callee_is_ord(uint32_t oparg, QkValue constant, uint64_t *operand);
bool qk_callee_is_math_sqrt(uint32_t oparg, QkValue constant, uint64_t *operand);
bool qk_callee_is_range(uint32_t oparg, QkValue constant, uint64_t *operand);
bool qk_callee_is_list_append(uint32_t oparg, QkValue constant, uint64_t *operand);
bool qk_callee_is_set_add(uint32_t oparg, QkValue constant, uint64_t *operand);
bool qk_method_descr_owner(uint32_t oparg, QkValue constant, uint64_t *operand);

/* Whether BINARY_OP_INT handles the operator. */
static inline bool qk_is_int_arith(uint32_t op) {
    return op == QK_BINARY_OP_FLOOR_DIVIDE || op == QK_BINARY_OP_REMAINDER ||
           op == QK_BINARY_OP_AND || op == QK_BINARY_OP_OR || op == QK_BINARY_OP_XOR ||
           op == QK_BINARY_OP_LSHIFT || op == QK_BINARY_OP_RSHIFT;
}

/* Stores `value` into a float box nothing else references (the trace optimizer proved it: see
 * `reuse` in docs/dsl.md) and returns the box. */
static inline QkValue qk_float_overwrite(QkValue box, double value) {
    ((QkFloat *)box)->value = value;
    return box;
}

/* Unboxed floats (runtime/interp/unbox.c): between two float operations of a trace, a stack slot
 * may hold a double's bits instead of a box. */
/* A union, not memcpy: stencils are built without builtins, where memcpy is a call. */
typedef union QkRawFloat {
    double value;
    QkValue bits;
} QkRawFloat;

static inline QkValue qk_raw_float(double d) { return (QkRawFloat){.value = d}.bits; }

static inline double qk_raw_float_value(QkValue bits) { return (QkRawFloat){.bits = bits}.value; }

/* A box for `bits`, the top of the running frame's synced stack (_BOX_FLOAT's input): the slot
 * holds None before the slow path, which may collect, so a collection never reads the bits as a
 * pointer. The frame is the thread's current one, whose stack an elided call's callee runs on
 * too (elide.c). */
static inline QkValue qk_box_raw_float(QkThread *tstate, QkValue bits) {
    QkFloat *f = (QkFloat *)qk_alloc_fast_as(&qk_float_type, sizeof *f, 0);
    if (f == NULL) {
        tstate->current_frame->stack_pointer[-1] = QK_NONE;
        f = (QkFloat *)qk_alloc_slow(tstate, &qk_float_type, sizeof *f, 0);
        if (f == NULL) {
            return QK_NULL;
        }
    }
    f->value = qk_raw_float_value(bits);
    return (QkValue)f;
}

static inline int64_t qk_str_length(QkValue v) { return qk_as_str(v)->length; }

#define QK_COMPARE(op, a, b)                                                                       \
    ((op) == QK_COMPARE_OP_LT   ? (a) < (b)                                                        \
     : (op) == QK_COMPARE_OP_LE ? (a) <= (b)                                                       \
     : (op) == QK_COMPARE_OP_EQ ? (a) == (b)                                                       \
     : (op) == QK_COMPARE_OP_NE ? (a) != (b)                                                       \
     : (op) == QK_COMPARE_OP_GT ? (a) > (b)                                                        \
                                : (a) >= (b))

static inline bool qk_compare_int_values(int op, int64_t a, int64_t b) { return QK_COMPARE(op, a, b); }

static inline bool qk_compare_float_values(int op, double a, double b) {
    return QK_COMPARE(op, a, b);
}

static inline bool qk_compare_str_values(int op, QkValue a, QkValue b) {
    QkStr *x = qk_as_str(a), *y = qk_as_str(b);
    int64_t n = x->length < y->length ? x->length : y->length;
    int c = memcmp(x->data, y->data, (size_t)n);
    /* UTF-8 byte order is code point order, which is Python's string order. */
    int64_t order = c != 0 ? c : (x->length > y->length) - (x->length < y->length);
    return QK_COMPARE(op, order, 0);
}

void qk_specialize_load_global(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr);
void qk_specialize_for_iter(QkThread *tstate, QkCodeUnit *instr, QkValue iter);
void qk_specialize_load_attr(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr, QkValue owner);
void qk_specialize_load_method(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr,
                               QkValue owner);
void qk_specialize_store_attr(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr, QkValue owner);
void qk_specialize_store_subscr(QkThread *tstate, QkCodeUnit *instr, QkValue container,
                                QkValue sub);
void qk_specialize_unpack_sequence(QkThread *tstate, QkCodeUnit *instr, QkValue seq);
void qk_specialize_binary_subscr(QkThread *tstate, QkCodeUnit *instr, QkValue container,
                                 QkValue sub);

static inline uint32_t qk_type_version(QkValue v) { return qk_type_of(v)->version; }

/* LOAD_METHOD_CACHED_EITHER's guard: two class versions in one operand, low half first. */
static inline bool qk_type_version_either(QkValue v, uint64_t versions) {
    uint32_t version = qk_type_version(v);
    return version == (uint32_t)versions || version == (uint32_t)(versions >> 32);
}

/* Does entry `hint` of a str-keyed dict hold `name`? The key is usually the same object (names
 * come from code objects); an equal string from another code object matches too. */
static inline bool qk_dict_hint_matches(const QkDict *d, uint64_t hint, QkValue name) {
    if (hint >= (uint64_t)d->nentries) {
        return false;
    }
    QkValue key = d->entries[hint].key;
    return key == name || (key != QK_NULL && qk_str_equal(key, name));
}

/* The value at entry `hint` if it still holds `name`, else QK_NULL. */
static inline QkValue qk_dict_value_at(QkValue dict, uint64_t hint, QkValue name) {
    const QkDict *d = (const QkDict *)dict;
    return qk_dict_hint_matches(d, hint, name) ? d->entries[hint].value : QK_NULL;
}

/* A module's attribute at entry `hint` of its dict if it still holds `name`; QK_NULL too when
 * the owner is no module. */
QkValue qk_module_value_at(QkValue owner, uint64_t hint, QkValue name);

/* Instances' inline values (runtime/objects/instance.c): the attribute a class pins at inline
 * index `hint`, if the instance has it (count is 0 once its values moved to a dict), else
 * QK_NULL. The owner's class, pinned by a version guard, names index `hint`. */
static inline QkValue qk_instance_value_at(QkValue owner, uint64_t hint) {
    const QkInstance *inst = (const QkInstance *)owner;
    return hint < inst->count ? inst->values[hint] : QK_NULL;
}

static inline void qk_instance_set_at(QkValue owner, uint64_t hint, QkValue value) {
    ((QkInstance *)owner)->values[hint] = value;
}

/* Attribute `name`, new to the instance, goes next inline at index `hint`: the instance has
 * `hint` values and no dict, and its class (an instance's, pinned by a version guard) names
 * `name` there. */
static inline bool qk_instance_appends(QkValue owner, uint64_t hint, QkValue name) {
    const QkInstance *inst = (const QkInstance *)owner;
    const QkType *type = qk_as_object(owner)->type;
    return inst->count == hint && hint < type->n_inline_names && type->inline_names[hint] == name &&
           inst->dict == QK_NULL;
}

static inline void qk_instance_append(QkValue owner, QkValue value) {
    QkInstance *inst = (QkInstance *)owner;
    inst->values[inst->count++] = value;
}

/* The owner's class lets its instances' dicts hold the attribute whose name has this bit (see
 * QkType.plain_names): true for any class with no property of that name (nor a name sharing its
 * bit) and no __getattr__/__setattr__. */
static inline bool qk_type_plain_name(QkValue owner, uint64_t bit) {
    return (qk_type_of(owner)->plain_names >> (bit & 63u)) & 1u;
}

/* Where an instance of any class with inline values holds `name` inline: at the index seen if
 * its class names it there, else wherever its class does; -1 if it does not hold it inline. */
static inline int64_t qk_instance_index_near(QkValue owner, uint64_t hint, QkValue name) {
    const QkType *type = qk_type_of(owner);
    if (!(type->flags & QK_TYPE_HAS_DICT)) {
        return -1;
    }
    int64_t index = hint < type->n_inline_names && type->inline_names[hint] == name
                        ? (int64_t)hint
                        : qk_inline_index(type, name);
    return index >= 0 && (uint64_t)index < ((const QkInstance *)owner)->count ? index : -1;
}

static inline QkValue qk_instance_value_near(QkValue owner, uint64_t hint, QkValue name) {
    int64_t ix = qk_instance_index_near(owner, hint, name);
    return ix < 0 ? QK_NULL : ((QkInstance *)owner)->values[ix];
}

/* The instance does not shadow a class attribute with one of its own. */
static inline bool qk_instance_lacks(QkValue owner, QkValue name) {
    return !(qk_type_of(owner)->flags & QK_TYPE_HAS_DICT) || qk_instance_get(owner, name) == QK_NULL;
}

/* list[index]'s slot; NULL when out of range. */
static inline QkValue *qk_list_slot(QkValue list, int64_t index) {
    QkList *l = qk_as_list(list);
    return qk_wrap_index(&index, l->size) ? &l->items[index] : NULL;
}

static inline QkValue qk_list_item_or_null(QkValue list, int64_t index) {
    QkList *l = qk_as_list(list);
    return qk_wrap_index(&index, l->size) ? l->items[index] : QK_NULL;
}

/* tuple[index]; NULL when out of range. */
static inline QkValue qk_tuple_item_or_null(QkValue tuple, int64_t index) {
    QkTuple *t = qk_as_tuple(tuple);
    return qk_wrap_index(&index, t->size) ? t->items[index] : QK_NULL;
}

/* str[index] of an ASCII str (byte i is code point i); NULL when out of range or not ASCII. */
static inline QkValue qk_ascii_char_or_null(QkValue str, int64_t index) {
    QkStr *s = qk_as_str(str);
    if (!qk_wrap_index(&index, s->length) || !qk_str_is_ascii(str)) {
        return QK_NULL;
    }
    return qk_ascii_chars[(unsigned char)s->data[index]];
}

/* For an index of 0 or more (a constant: qk_index_from_start): whether the list has that item,
 * and the item. */
static inline bool qk_list_index_below(QkValue list, uint64_t index) {
    return index < (uint64_t)qk_as_list(list)->size;
}

static inline QkValue qk_list_item_at(QkValue list, uint64_t index) {
    return qk_as_list(list)->items[index];
}

static inline bool qk_list_index_valid(QkValue list, int64_t index) {
    return qk_list_slot(list, index) != NULL;
}

/* list[index] = value, index valid (qk_list_index_valid). */
static inline void qk_list_store(QkValue list, int64_t index, QkValue value) {
    *qk_list_slot(list, index) = value;
}

/* UNPACK_SEQUENCE's order: the first item ends on top of the stack. */
static inline void qk_unpack_items(const QkValue *items, int n, QkValue *values) {
    for (int i = 0; i < n; i++) {
        values[n - 1 - i] = items[i];
    }
}

/* The inlined iterator steps: the next item, or QK_NULL when exhausted. */
static inline QkValue qk_range_iter_next(QkValue iter) {
    QkRangeIter *it = (QkRangeIter *)iter;
    if (it->remaining <= 0) {
        return QK_NULL;
    }
    int64_t v = it->next;
    /* The step after the last item may leave the 63-bit range; it is never used then. */
    if (--it->remaining > 0) {
        it->next += it->step;
    }
    return qk_from_int(v);
}

/* What an exhausted step does: the iterator lets its sequence go, and stays exhausted (items
 * the list gains later are not seen). */
static inline void qk_seq_iter_finish(QkValue iter) { ((QkSeqIter *)iter)->seq = QK_NULL; }

static inline QkValue qk_seq_iter_step(QkSeqIter *it, QkValue *items, int64_t size) {
    if (it->index >= size) {
        qk_seq_iter_finish((QkValue)it);
        return QK_NULL;
    }
    return items[it->index++];
}

static inline QkValue qk_list_iter_next(QkValue iter) {
    QkSeqIter *it = (QkSeqIter *)iter;
    return it->seq == QK_NULL
               ? QK_NULL
               : qk_seq_iter_step(it, qk_as_list(it->seq)->items, qk_as_list(it->seq)->size);
}

static inline QkValue qk_tuple_iter_next(QkValue iter) {
    QkSeqIter *it = (QkSeqIter *)iter;
    return it->seq == QK_NULL
               ? QK_NULL
               : qk_seq_iter_step(it, qk_as_tuple(it->seq)->items, qk_as_tuple(it->seq)->size);
}

/* A str iterator's step (iterators.c): the next character as a str, QK_NULL when exhausted (or
 * with MemoryError set). */
QkValue qk_str_iter_step(QkThread *tstate, QkValue iter);
/* The same with an ASCII character, the common one, found inline: its shared string. */
static inline QkValue qk_str_iter_next(QkThread *tstate, QkValue iter) {
    QkSeqIter *it = (QkSeqIter *)iter;
    if (it->seq != QK_NULL && it->index < qk_as_str(it->seq)->length) {
        unsigned char c = (unsigned char)qk_as_str(it->seq)->data[it->index];
        if (c < 128) {
            it->index++;
            return qk_ascii_chars[c];
        }
    }
    return qk_str_iter_step(tstate, iter);
}

/* Whether the next step would find nothing, without taking it (a trace's loop exit). */
static inline bool qk_range_iter_exhausted(QkValue iter) {
    return ((QkRangeIter *)iter)->remaining <= 0;
}

static inline bool qk_str_iter_exhausted(QkValue iter) {
    QkSeqIter *it = (QkSeqIter *)iter;
    return it->seq == QK_NULL || it->index >= qk_as_str(it->seq)->length;
}

static inline bool qk_list_iter_exhausted(QkValue iter) {
    QkSeqIter *it = (QkSeqIter *)iter;
    return it->seq == QK_NULL || it->index >= qk_as_list(it->seq)->size;
}

static inline bool qk_tuple_iter_exhausted(QkValue iter) {
    QkSeqIter *it = (QkSeqIter *)iter;
    return it->seq == QK_NULL || it->index >= qk_as_tuple(it->seq)->size;
}

QkValue qk_dict_subscript(QkThread *tstate, QkValue dict, QkValue key);
bool qk_is_exact_args_method(QkValue callable, int nargs);

/* What the specialized calls guard: the very function, a bound method of it, or the class. The
 * callable is a stack item (or a method's function), never QK_NULL. */
static inline bool qk_is_function_version(QkValue callable, uint32_t version) {
    return qk_has_type(callable, &qk_function_type) &&
           ((QkFunction *)callable)->version == version;
}

bool qk_is_method_version(QkValue callable, uint32_t version);

static inline bool qk_is_class_version(QkValue callable, uint32_t version) {
    return qk_has_type(callable, &qk_type_type) && ((QkType *)callable)->version == version;
}

/* A frame an ordinary call pushed: not an __init__'s nor an operator dunder's, whose results
 * tier 1 checks on return. */
static inline bool qk_frame_is_plain(const QkFrame *frame) {
    return frame->init_self == QK_NULL && frame->binop_lhs == QK_NULL;
}

/* A return a trace leaves to tier 1: an __init__ frame returning something other than None
 * (tier 1 raises TypeError), an operator dunder's NotImplemented (tier 1 tries the rest). */
static inline bool qk_init_return_misfits(const QkFrame *frame, QkValue retval) {
    return (frame->init_self != QK_NULL && retval != QK_NONE) ||
           (frame->binop_lhs != QK_NULL && retval == QK_NOT_IMPLEMENTED);
}
QkFrame *qk_push_frame_method(QkThread *tstate, QkFrame *caller, QkValue method, QkValue *args,
                              int nargs);

/* A class built by object's construct whose __init__ is a plain function taking the instance
 * and nargs arguments: that __init__, else QK_NULL. */
QkValue qk_simple_init_of(QkValue callable, int nargs);
/* The __init__ qk_specialize_call found for the class at its current version (callers guard the
 * version: any change to the class clears it). */
static inline QkValue qk_cached_init(QkValue type) { return ((QkType *)type)->simple_init; }
/* A new instance of the class (class.c), its attributes not set yet (QK_NULL: out of memory). */
QkValue qk_instance_alloc(QkThread *tstate, QkType *type);
void qk_raise_init_result(QkThread *tstate, QkValue result);

/* A plain Python function whose frame needs just its nargs positional parameters. */
bool qk_is_exact_args_function(QkValue callable, int nargs);

/* The frame of an exact-arguments call: `self` (unless QK_NULL) then the nargs arguments become
 * the first locals. Every specialized call form pushes its frame through here; inline, so a
 * trace's call makes no call. */
static inline QkFrame *qk_push_exact(QkThread *tstate, QkFrame *caller, QkValue func, QkValue self,
                                     QkValue *args, int nargs) {
    QkFunction *f = (QkFunction *)func;
    uint32_t bound = (uint32_t)nargs + (self != QK_NULL);
    QkFrame *frame = qk_frame_push(tstate, caller, (QkCode *)f->code, f->globals, bound);
    if (frame == NULL) {
        return NULL;
    }
    frame->func = func;
    QkValue *locals = frame->localsplus;
    if (self != QK_NULL) {
        *locals++ = self;
    }
    for (int i = 0; i < nargs; i++) {
        locals[i] = args[i];
    }
    return frame;
}

/* Allocates the instance and pushes __init__'s frame, which returns the instance (inline too). */
static inline QkFrame *qk_push_init_frame(QkThread *tstate, QkFrame *caller, QkValue type,
                                          QkValue init, QkValue *args, int nargs) {
    QkValue self = qk_instance_alloc(tstate, (QkType *)type);
    if (self == QK_NULL) {
        return NULL;
    }
    QkFrame *frame = qk_push_exact(tstate, caller, init, self, args, nargs);
    if (frame != NULL) {
        frame->init_self = self;
    }
    return frame;
}
/* A built-in function called straight through its C function (inline: one call, not two). */
static inline QkValue qk_call_builtin(QkThread *tstate, QkValue callable, QkValue *args,
                                      int nargs) {
    QkBuiltin *b = (QkBuiltin *)callable;
    return b->func(tstate, b->self, args, (size_t)nargs, QK_NULL);
}
/* CALL_METHOD_DESCR: a built-in type's method descriptor, and an instance of the type (or of a
 * subclass) to call it on. Not an instance of a class derived from int: the int it boxes is
 * what the method takes, which the descriptor's own call finds (method.c). */
static inline bool qk_method_owner_applies(QkType *owner, QkValue self) {
    if (self == QK_NULL) {
        return false;
    }
    QkType *type = qk_type_of(self);
    return type == owner || (qk_type_is_subtype(type, owner) &&
                             (owner != &qk_int_type || !(type->flags & QK_TYPE_HEAP)));
}

static inline bool qk_method_descr_applies(QkValue callable, QkValue self) {
    return qk_has_type(callable, &qk_method_descr_type) &&
           qk_method_owner_applies(((QkMethodDescr *)callable)->owner, self);
}

/* The C functions of len() and list.append, which CALL_LEN and CALL_LIST_APPEND recognize by
 * (whatever name they are bound to). */
QkValue qk_builtin_len(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                       QkValue kwnames);
QkValue qk_list_append_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                              QkValue kwnames);
int qk_list_append(QkThread *tstate, QkValue list, QkValue value);

static inline bool qk_is_builtin_len(QkValue callable) {
    return qk_is_builtin_of(callable, qk_builtin_len);
}

QkValue qk_builtin_ord(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                       QkValue kwnames);

static inline bool qk_is_builtin_ord(QkValue callable) {
    return qk_is_builtin_of(callable, qk_builtin_ord);
}

/* ord(arg) where the trace knows the builtin ord is called: an exact str of one byte (an ASCII
 * character) is its byte, read inline; anything else is the call, which raises what CPython
 * does. */
static inline QkValue qk_call_ord(QkThread *tstate, QkValue callable, QkValue self_or_null,
                                  QkValue *args, int nargs) {
    if (self_or_null == QK_NULL && nargs == 1 && qk_is_ascii_char(args[0])) {
        return qk_from_int((unsigned char)qk_as_str(args[0])->data[0]);
    }
    int has_self = self_or_null != QK_NULL;
    return qk_call_builtin(tstate, callable, args - has_self, nargs + has_self);
}

/* math.sqrt's one argument, where the trace knows math.sqrt is called: a float's or a small
 * int's value; -1 for anything else, and for a call with an instance (a bound form), which the
 * call handles. */
static inline double qk_sqrt_operand(QkValue self_or_null, QkValue arg) {
    if (self_or_null != QK_NULL) {
        return -1.0;
    }
    return qk_is_int(arg)                       ? (double)qk_int_value(arg)
           : qk_has_type(arg, &qk_float_type) ? qk_float_value(arg)
                                               : -1.0;
}

/* len(v) for CALL_LEN: an exact list's, tuple's, dict's or str's size read inline (a str's once
 * counted), anything else through its type (which may run __len__). QK_NULL: an error. */
static inline QkValue qk_len_value(QkThread *tstate, QkValue v) {
    QkType *t = qk_type_of(v);
    /* A container's size always fits a tagged int. */
    if (t == &qk_list_type) {
        return qk_from_int(qk_as_list(v)->size);
    }
    if (t == &qk_tuple_type) {
        return qk_from_int(qk_as_tuple(v)->size);
    }
    if (t == &qk_dict_type) {
        return qk_from_int(((QkDict *)v)->used);
    }
    if (t == &qk_str_type) {
        return qk_from_int(qk_str_cp_length(v));
    }
    int64_t n = qk_len(tstate, v);
    return n < 0 ? QK_NULL : qk_int_fits(n) ? qk_from_int(n) : qk_int_result(tstate, n);
}

static inline bool qk_is_exact_list(QkValue v) {
    return v != QK_NULL && qk_has_type(v, &qk_list_type);
}

/* Whether a callable is the method descriptor of a built-in type's method `func`. */
static inline bool qk_is_method_descr_of(QkValue callable, QkCFunction func) {
    return qk_has_type(callable, &qk_method_descr_type) &&
           ((QkMethodDescr *)callable)->def->func == func;
}

static inline bool qk_is_list_append_descr(QkValue callable) {
    return qk_is_method_descr_of(callable, qk_list_append_method);
}

QkValue qk_set_add_method(QkThread *tstate, QkValue self, QkValue *args, size_t nargs,
                          QkValue kwnames);

static inline bool qk_is_exact_set(QkValue v) { return v != QK_NULL && qk_has_type(v, &qk_set_type); }

/* `items.append(x)` for CALL_LIST_APPEND: list.append's descriptor and an exact list. */
static inline bool qk_is_list_append(QkValue callable, QkValue self) {
    return qk_is_exact_list(self) && qk_is_list_append_descr(callable);
}

/* Appends inline while the list has room; else grows it (qk_list_append). -1: out of memory. */
static inline int qk_list_append_inline(QkThread *tstate, QkValue list, QkValue value) {
    QkList *l = qk_as_list(list);
    if (l->size < l->capacity) {
        l->items[l->size++] = value;
        return 0;
    }
    return qk_list_append(tstate, list, value);
}

static inline QkValue qk_call_method_descr(QkThread *tstate, QkValue callable, QkValue self,
                                           QkValue *args, int nargs) {
    return ((QkMethodDescr *)callable)->def->func(tstate, self, args, (size_t)nargs, QK_NULL);
}

/* The code of a plain function: positional parameters only (no *args, **kwargs or keyword-only
 * ones), not a generator function; else NULL. */
static inline QkCode *qk_positional_code(QkValue callable) {
    if (!qk_is_type(callable, &qk_function_type)) {
        return NULL;
    }
    QkCode *code = (QkCode *)((QkFunction *)callable)->code;
    bool plain = code->kwonlyargcount == 0 &&
                 (code->flags & (QK_CODE_VARARGS | QK_CODE_VARKEYWORDS | QK_CODE_GENERATOR)) == 0;
    return plain ? code : NULL;
}

/* A plain function whose trailing parameters have defaults enough for a call with nargs
 * positional arguments (fewer than its parameters) and no keywords. */
static inline bool qk_is_defaults_function(QkValue callable, int nargs) {
    QkCode *code = qk_positional_code(callable);
    if (code == NULL) {
        return false;
    }
    QkValue defaults = ((QkFunction *)callable)->defaults;
    int64_t ndefaults = defaults != QK_NULL ? qk_as_tuple(defaults)->size : 0;
    return nargs < (int)code->argcount && nargs >= (int64_t)code->argcount - ndefaults;
}

/* Binds the arguments (defaults, keywords, *args, **kwargs) into a new frame; NULL on error. */
QkFrame *qk_push_frame(QkThread *tstate, QkFrame *caller, QkValue func, QkValue *args,
                       uint32_t nargs, QkValue kwnames);

/* CALL_PY_WITH_DEFAULTS: the nargs arguments, then the defaults of the parameters after them
 * (inline, as qk_push_exact). */
static inline QkFrame *qk_push_frame_defaults(QkThread *tstate, QkFrame *caller, QkValue func,
                                              QkValue *args, int nargs) {
    if (!qk_is_defaults_function(func, nargs)) {
        /* The same function with another count (a site whose self_or_null varies): bind it
         * generally, which raises what CPython would. */
        return qk_push_frame(tstate, caller, func, args, (uint32_t)nargs, QK_NULL);
    }
    QkFrame *frame = qk_push_exact(tstate, caller, func, QK_NULL, args, nargs);
    if (frame != NULL) {
        QkTuple *defaults = qk_as_tuple(((QkFunction *)func)->defaults);
        int64_t first = (int64_t)frame->code->argcount - defaults->size;
        for (int64_t i = nargs; i < (int64_t)frame->code->argcount; i++) {
            frame->localsplus[i] = defaults->items[i - first];
        }
    }
    return frame;
}
void qk_specialize_call_kw(QkThread *tstate, QkCodeUnit *instr, QkValue callable);

/* BINARY_OP_PY_DUNDER: the right operand's type is the left's or a built-in one, so `lhs op rhs`
 * calls the left operand's dunder first (rhs cannot be an instance of a subclass of lhs's). */
static inline bool qk_dunder_operands_fit(QkValue lhs, QkValue rhs) {
    QkType *tr = qk_type_of(rhs);
    return tr == qk_type_of(lhs) || !(tr->flags & QK_TYPE_HEAP);
}
/* RuntimeError for a specialized operator whose class lost its dunder (a guard bug). NULL. */
QkFrame *qk_binary_dunder_missing(QkThread *tstate);
/* Pushes the frame of `func`, lhs's dunder for op (a plain function of two parameters), which
 * returns the operator's result. */
static inline QkFrame *qk_push_frame_dunder(QkThread *tstate, QkFrame *caller, uint32_t op,
                                            QkValue func, QkValue lhs, QkValue rhs) {
    QkValue args[2] = {lhs, rhs};
    QkFrame *frame = qk_push_exact(tstate, caller, func, QK_NULL, args, 2);
    if (frame != NULL) {
        frame->binop_lhs = lhs;
        frame->binop_rhs = rhs;
        frame->binop = op;
    }
    return frame;
}
/* The same, the dunder looked up (inline: a trace's operator makes one call, the lookup). */
static inline QkFrame *qk_push_frame_binary_op(QkThread *tstate, QkFrame *caller, uint32_t op,
                                               QkValue lhs, QkValue rhs) {
    /* The guarded class version pins what the lookup finds. */
    QkValue func = qk_binary_dunder_of(qk_type_of(lhs), op);
    if (func == QK_NULL) {
        return qk_binary_dunder_missing(tstate);
    }
    return qk_push_frame_dunder(tstate, caller, op, func, lhs, rhs);
}
/* LOAD_ATTR_PROPERTY: pushes the frame of the getter of the property `name` of owner's class. */
QkFrame *qk_push_frame_property(QkThread *tstate, QkFrame *caller, QkValue owner, QkValue name);

#endif
