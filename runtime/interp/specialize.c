/* The specializers: after a generic instruction has run a few times, rewrite it in place into the
 * family member that fits the operands it sees (PEP 659). An adaptive counter (counter.h) in the
 * instruction's first cache unit decides when. */
#include "builtin_subclass.h"
#include "ceval.h"
#include "counter.h"
#include "objmodel.h"
#include "quack.h"
#include "quack_metadata.h"
#include "trace.h"

#define WARMUP 8u /* executions before the first try */

bool qk_specialization_due(QkCodeUnit *instr) { return qk_counter_fires(&instr[1], WARMUP); }

/* The outcome of a try: a member, or when nothing fits, the generic instruction with a longer
 * wait before the next try. A member's guard failures come back here through the head (its
 * counter counts them the same way), so a member that keeps failing is re-specialized to one
 * that fits, or de-specialized. */
static void rewrite(QkThread *tstate, QkCodeUnit *instr, int member) {
    uint32_t current = instr[0] & 0xff;
    uint32_t family = qk_family_of[current];
    uint32_t head = qk_family_head[family];
    QkSpecializationStats *stats = &tstate->specialization[family];
    if (current != head && (int)current != member) {
        stats->deopts++;
    }
    if (member < 0) {
        instr[0] = (instr[0] & ~0xffu) | head;
        qk_counter_back_off(&instr[1]);
        stats->failures++;
        return;
    }
    instr[0] = (instr[0] & ~0xffu) | (uint32_t)member;
    instr[1] = 0;
    stats->successes++;
}

void qk_specialization_miss(QkThread *tstate, uint32_t head) {
    tstate->specialization[qk_family_of[head]].misses++;
    if (tstate->recorder != NULL) {
        qk_trace_note_miss(tstate); /* a call that missed must not be followed (trace.c) */
    }
}

static bool both(QkValue a, QkValue b, const QkType *type) {
    return qk_type_of(a) == type && qk_type_of(b) == type;
}

void qk_specialize_binary_op(QkThread *tstate, QkCodeUnit *instr, QkValue lhs, QkValue rhs) {
    uint32_t op = qk_plain_binary_op(instr[0] >> 8);
    /* The float operations BINARY_OP_FLOAT and BINARY_OP_NUMBERS have. */
    bool float_op = op == QK_BINARY_OP_ADD || op == QK_BINARY_OP_SUBTRACT ||
                    op == QK_BINARY_OP_MULTIPLY || op == QK_BINARY_OP_TRUE_DIVIDE;
    int member = -1;
    if (qk_is_int(lhs) && qk_is_int(rhs)) {
        member = op == QK_BINARY_OP_ADD        ? BINARY_OP_ADD_INT
                 : op == QK_BINARY_OP_SUBTRACT ? BINARY_OP_SUBTRACT_INT
                 : op == QK_BINARY_OP_MULTIPLY ? BINARY_OP_MULTIPLY_INT
                 : qk_is_int_arith(op)         ? BINARY_OP_INT
                                               : -1;
    } else if (op == QK_BINARY_OP_POWER &&
               qk_float_pow_operands(lhs, rhs, &(double){0}, &(double){0})) {
        member = BINARY_OP_POW_FLOAT;
    } else if (both(lhs, rhs, &qk_float_type)) {
        member = float_op ? BINARY_OP_FLOAT : -1;
    } else if (qk_float_operands((int)op, lhs, rhs, &(double){0}, &(double){0})) {
        member = float_op ? BINARY_OP_NUMBERS : -1;
    } else if (both(lhs, rhs, &qk_str_type) && op == QK_BINARY_OP_ADD) {
        member = BINARY_OP_ADD_STR;
    } else if (qk_dunder_operands_fit(lhs, rhs) &&
               qk_binary_dunder_of(qk_type_of(lhs), instr[0] >> 8) != QK_NULL) {
        member = BINARY_OP_PY_DUNDER;
        instr[2] = qk_type_version(lhs);
    }
    rewrite(tstate, instr, member);
}

void qk_specialize_compare_op(QkThread *tstate, QkCodeUnit *instr, QkValue lhs, QkValue rhs) {
    int member = qk_is_int(lhs) && qk_is_int(rhs)   ? COMPARE_OP_INT
                 : both(lhs, rhs, &qk_float_type) ? COMPARE_OP_FLOAT
                 : qk_exact_double(lhs, &(double){0}) && qk_exact_double(rhs, &(double){0})
                     ? COMPARE_OP_NUMBERS
                 : both(lhs, rhs, &qk_str_type)   ? COMPARE_OP_STR
                 : both(lhs, rhs, &qk_tuple_type) ? COMPARE_OP_TUPLE
                                                  : -1;
    rewrite(tstate, instr, member);
}

void qk_specialize_to_bool(QkThread *tstate, QkCodeUnit *instr, QkValue value) {
    int member = value == QK_TRUE || value == QK_FALSE ? TO_BOOL_BOOL
                 : qk_is_int(value)                     ? TO_BOOL_INT
                 : value == QK_NONE                     ? TO_BOOL_NONE
                 : qk_is_type(value, &qk_str_type)      ? TO_BOOL_STR
                                                        : -1;
    rewrite(tstate, instr, member);
}

bool qk_is_exact_args_function(QkValue callable, int nargs) {
    QkCode *code = qk_positional_code(callable);
    return code != NULL && (int)code->argcount == nargs;
}

/* A class a class statement built whose instances object's construct makes (no __new__ of its
 * own, no metaclass), or NULL. */
static QkType *object_constructed(QkValue callable) {
    if (!qk_is_type(callable, &qk_type_type)) {
        return NULL;
    }
    QkType *t = (QkType *)callable;
    return (t->flags & QK_TYPE_HEAP) && t->construct == qk_object_type.construct &&
                   qk_type_keeps_object_new(t)
               ? t
               : NULL;
}

void qk_specialize_call(QkThread *tstate, QkCodeUnit *instr, QkValue callable,
                        QkValue self_or_null) {
    int nargs = (int)(instr[0] >> 8) + (self_or_null != QK_NULL);
    int member = -1;
    uint32_t version = 0;
    QkValue init = self_or_null == QK_NULL ? qk_simple_init_of(callable, nargs) : QK_NULL;
    if (qk_is_exact_args_function(callable, nargs)) {
        member = CALL_PY_EXACT_ARGS;
        version = ((QkFunction *)callable)->version;
    } else if (nargs == 1 && self_or_null == QK_NULL && qk_is_builtin_len(callable)) {
        member = CALL_LEN;
    } else if (qk_is_type(callable, &qk_builtin_type)) {
        member = CALL_BUILTIN;
    } else if (nargs == 2 && qk_is_list_append(callable, self_or_null)) {
        member = CALL_LIST_APPEND;
    } else if (qk_method_descr_applies(callable, self_or_null)) {
        member = CALL_METHOD_DESCR;
    } else if (self_or_null == QK_NULL && qk_is_exact_args_method(callable, nargs + 1)) {
        member = CALL_BOUND_METHOD_EXACT_ARGS;
        version = ((QkFunction *)((QkMethod *)callable)->func)->version;
    } else if (init != QK_NULL) {
        member = CALL_ALLOC_AND_ENTER_INIT;
        version = ((QkType *)callable)->version;
        ((QkType *)callable)->simple_init = init;
    } else if (self_or_null == QK_NULL && nargs == 0 && object_constructed(callable) != NULL &&
               qk_type_keeps_object_init((QkType *)callable)) {
        member = CALL_ALLOC_NO_INIT;
        version = ((QkType *)callable)->version;
    } else if (qk_is_defaults_function(callable, nargs)) {
        member = CALL_PY_WITH_DEFAULTS;
        version = ((QkFunction *)callable)->version;
    } else if (qk_is_inlinable_function(callable)) {
        member = CALL_PY_GENERAL;
        version = ((QkFunction *)callable)->version;
    }
    rewrite(tstate, instr, member);
    instr[2] = version;
}

void qk_specialize_call_kw(QkThread *tstate, QkCodeUnit *instr, QkValue callable) {
    bool python = qk_is_inlinable_function(callable);
    rewrite(tstate, instr, python ? CALL_KW_PY : -1);
    instr[2] = python ? ((QkFunction *)callable)->version : 0;
}

/* ---- attributes and globals ---- */

static QkValue simple_getter(QkType *type, QkValue name);

static QkValue name_of(QkFrame *frame, QkCodeUnit *instr) {
    return frame->code->names[instr[0] >> 8];
}

static QkValue read_operand64(const QkCodeUnit *unit) { return (QkValue)qk_read_u64(unit); }

static void set_operand64(QkCodeUnit *unit, QkValue value) {
    uint64_t bits = value;
    memcpy(unit, &bits, sizeof bits);
}

void qk_specialize_load_global(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr) {
    QkValue name = name_of(frame, instr);
    int64_t index = qk_dict_index(frame->globals, name);
    int member = LOAD_GLOBAL_MODULE;
    if (index < 0) {
        index = qk_dict_index(tstate->builtins, name);
        member = LOAD_GLOBAL_BUILTIN;
    }
    if (index >= 0 && index <= UINT32_MAX) {
        instr[2] = (uint32_t)index;
    }
    rewrite(tstate, instr, index >= 0 && index <= UINT32_MAX ? member : -1);
}

/* Attributes of instances of classes (and methods of any type) whose lookup is the generic one:
 * no __getattr__, no property in the way. A class attribute or method is cached under the
 * type's version; the instance might shadow it only if the type is flagged QK_TYPE_MAY_SHADOW,
 * and only then does the member probe the instance's dict (the _SHADOWABLE members). */
static bool plain_lookup(QkType *type, QkValue class_attr) {
    /* The _SHADOWABLE members' probe (qk_instance_lacks) reads QkInstance attributes only. */
    const uint32_t unprobed = QK_TYPE_BUILTIN_LAYOUT | QK_TYPE_MAY_SHADOW;
    return type->getattr == NULL && !qk_is_type(class_attr, &qk_property_type) &&
           (type->flags & unprobed) != unprobed;
}

/* A site specialized for one class's instance attribute (`exact`, guarding instr[2], a class
 * version) now sees an instance of another live class, or has the polymorphic member already:
 * it becomes that member (`plain`) if the instance's class allows it (QkType.plain_names). A
 * version that no live class has any more was renewed by a change to the class: no evidence. */
static bool goes_polymorphic(QkCodeUnit *instr, int exact, int plain, QkType *type,
                             QkValue name) {
    int current = (int)(instr[0] & 0xff);
    bool seen_other = current == plain || (current == exact && instr[2] != type->version &&
                                           qk_type_with_version(instr[2]) != NULL);
    return seen_other && (type->plain_names >> qk_name_bit(name) & 1u);
}

QkValue qk_module_value_at(QkValue owner, uint64_t hint, QkValue name) {
    return qk_is_type(owner, &qk_module_type)
               ? qk_dict_value_at(((QkModule *)owner)->dict, hint, name)
               : QK_NULL;
}

/* A module's attribute, for LOAD_ATTR_MODULE and LOAD_METHOD_MODULE: the member, with where
 * the module's dict holds the name as its hint, or -1. */
static int module_member(QkCodeUnit *instr, QkValue module, QkValue name, int member) {
    int64_t index = qk_dict_index(((QkModule *)module)->dict, name);
    if (index < 0 || index > UINT32_MAX) {
        return -1;
    }
    instr[2] = (uint32_t)index;
    return member;
}

/* Does the owner (an instance of a class) have an attribute of its own by that name? */
static bool has_own(QkValue owner, QkValue name) {
    return qk_is_object(owner) && (qk_type_of(owner)->flags & QK_TYPE_HAS_DICT) &&
           qk_instance_get(owner, name) != QK_NULL;
}

/* Where the owner keeps its attribute `name` inline, or -1 (not its own, or in its dict). */
static int64_t inline_index(QkValue owner, QkValue name) {
    return has_own(owner, name) ? qk_instance_index_near(owner, 0, name) : -1;
}

void qk_specialize_load_attr(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr, QkValue owner) {
    QkValue name = name_of(frame, instr);
    if (qk_is_type(owner, &qk_module_type)) {
        rewrite(tstate, instr, module_member(instr, owner, name, LOAD_ATTR_MODULE));
        return;
    }
    QkType *type = qk_type_of(owner);
    QkValue class_attr = qk_type_lookup(type, name);
    bool own = has_own(owner, name);
    int64_t index = inline_index(owner, name);
    int member = -1;
    if (simple_getter(type, name) != QK_NULL) {
        member = LOAD_ATTR_PROPERTY;
    } else if ((type->flags & QK_TYPE_HEAP) && plain_lookup(type, class_attr)) {
        if (index >= 0 && index <= UINT32_MAX) {
            instr[3] = (uint32_t)index;
            member = goes_polymorphic(instr, LOAD_ATTR_INSTANCE_VALUE,
                                      LOAD_ATTR_INSTANCE_VALUE_PLAIN, type, name)
                         ? LOAD_ATTR_INSTANCE_VALUE_PLAIN
                         : LOAD_ATTR_INSTANCE_VALUE;
        } else if (!own && class_attr != QK_NULL &&
                   qk_type_of(class_attr)->descr_get == NULL) {
            set_operand64(&instr[3], class_attr);
            member = (type->flags & QK_TYPE_MAY_SHADOW) ? LOAD_ATTR_CLASS_SHADOWABLE
                                                        : LOAD_ATTR_CLASS;
        }
    }
    instr[2] = member == LOAD_ATTR_INSTANCE_VALUE_PLAIN ? qk_name_bit(name) : type->version;
    rewrite(tstate, instr, member);
}

void qk_specialize_load_method(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr,
                               QkValue owner) {
    QkValue name = name_of(frame, instr);
    if (qk_is_type(owner, &qk_module_type)) {
        rewrite(tstate, instr, module_member(instr, owner, name, LOAD_METHOD_MODULE));
        return;
    }
    QkType *type = qk_type_of(owner);
    QkValue method = qk_type_lookup(type, name);
    bool is_method =
        qk_is_type(method, &qk_function_type) || qk_is_type(method, &qk_method_descr_type);
    int member = -1;
    if (is_method && plain_lookup(type, method) && qk_instance_lacks(owner, name)) {
        /* A site that found this method on another live, unflagged class too takes both. */
        uint32_t seen = instr[2];
        QkType *other = qk_type_with_version(seen);
        bool either = (instr[0] & 0xff) == LOAD_METHOD_CACHED && seen != type->version &&
                      other != NULL && !(other->flags & QK_TYPE_MAY_SHADOW) &&
                      !(type->flags & QK_TYPE_MAY_SHADOW) && read_operand64(&instr[3]) == method;
        if (either) {
            set_operand64(&instr[2], (QkValue)((uint64_t)type->version << 32 | seen));
            set_operand64(&instr[4], method);
            member = LOAD_METHOD_CACHED_EITHER;
        } else {
            instr[2] = type->version;
            set_operand64(&instr[3], method);
            member = (type->flags & QK_TYPE_MAY_SHADOW) ? LOAD_METHOD_CACHED_SHADOWABLE
                                                        : LOAD_METHOD_CACHED;
        }
    }
    rewrite(tstate, instr, member);
}

void qk_specialize_store_attr(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr,
                              QkValue owner) {
    QkValue name = name_of(frame, instr);
    QkType *type = qk_type_of(owner);
    bool own = has_own(owner, name);
    int64_t index = inline_index(owner, name);
    int member = -1;
    if (qk_str_equal(name, QK_NAME(class))) {
        /* Changes the class (qk_set_class): never a store into the dict. */
        rewrite(tstate, instr, member);
        return;
    }
    if ((type->flags & QK_TYPE_HEAP) && type->setattr == NULL &&
        !qk_is_type(qk_type_lookup(type, name), &qk_property_type) && index >= 0 &&
        index <= UINT32_MAX) {
        member = goes_polymorphic(instr, STORE_ATTR_INSTANCE_VALUE,
                                  STORE_ATTR_INSTANCE_VALUE_PLAIN, type, name)
                     ? STORE_ATTR_INSTANCE_VALUE_PLAIN
                     : STORE_ATTR_INSTANCE_VALUE;
        instr[2] = member == STORE_ATTR_INSTANCE_VALUE_PLAIN ? qk_name_bit(name) : type->version;
        instr[3] = (uint32_t)index;
    } else if ((type->flags & (QK_TYPE_HEAP | QK_TYPE_HAS_DICT | QK_TYPE_SLOTTED)) ==
                   (QK_TYPE_HEAP | QK_TYPE_HAS_DICT) &&
               type->setattr == NULL && !own && qk_type_lookup(type, name) == QK_NULL) {
        member = STORE_ATTR_INSTANCE_NEW;
        instr[2] = type->version;
        /* The index this store takes in instances built like this one. */
        instr[3] = ((QkInstance *)owner)->count;
    }
    rewrite(tstate, instr, member);
}

/* ---- subscripts and iteration ---- */

QkValue qk_dict_subscript(QkThread *tstate, QkValue dict, QkValue key) {
    QkValue value;
    int found = qk_dict_getitem(tstate, dict, key, &value);
    return found < 0 ? QK_NULL : found == 0 ? qk_key_error(tstate, key) : value;
}

void qk_specialize_binary_subscr(QkThread *tstate, QkCodeUnit *instr, QkValue container,
                                 QkValue sub) {
    int member = qk_is_type(container, &qk_dict_type) ? BINARY_SUBSCR_DICT
                 : !qk_is_int(sub)                     ? -1
                 : qk_is_type(container, &qk_list_type) ? BINARY_SUBSCR_LIST_INT
                 : qk_is_type(container, &qk_tuple_type)
                     ? BINARY_SUBSCR_TUPLE_INT
                 : qk_is_type(container, &qk_str_type) && qk_str_is_ascii(container)
                     ? BINARY_SUBSCR_STR_INT
                     : -1;
    rewrite(tstate, instr, member);
}

void qk_specialize_store_subscr(QkThread *tstate, QkCodeUnit *instr, QkValue container,
                                QkValue sub) {
    bool list_int = qk_is_type(container, &qk_list_type) && qk_is_int(sub);
    rewrite(tstate, instr,
            list_int                                ? STORE_SUBSCR_LIST_INT
            : qk_is_type(container, &qk_dict_type) ? STORE_SUBSCR_DICT
                                                    : -1);
}

void qk_specialize_unpack_sequence(QkThread *tstate, QkCodeUnit *instr, QkValue seq) {
    int member = qk_is_type(seq, &qk_tuple_type)  ? UNPACK_SEQUENCE_TUPLE
                 : qk_is_type(seq, &qk_list_type) ? UNPACK_SEQUENCE_LIST
                                                  : -1;
    rewrite(tstate, instr, member);
}

void qk_specialize_for_iter(QkThread *tstate, QkCodeUnit *instr, QkValue iter) {
    QkType *type = qk_type_of(iter);
    int member = type == &qk_range_iter_type   ? FOR_ITER_RANGE
                 : type == &qk_list_iter_type  ? FOR_ITER_LIST
                 : type == &qk_tuple_iter_type ? FOR_ITER_TUPLE
                 : type == &qk_str_iter_type   ? FOR_ITER_STR
                 : type == &qk_generator_type  ? FOR_ITER_GEN
                                               : -1;
    rewrite(tstate, instr, member);
}

/* ---- bound methods ---- */

bool qk_is_exact_args_method(QkValue callable, int nargs) {
    return qk_is_type(callable, &qk_method_type) &&
           qk_is_exact_args_function(((QkMethod *)callable)->func, nargs);
}

bool qk_is_method_version(QkValue callable, uint32_t version) {
    return qk_is_type(callable, &qk_method_type) &&
           qk_is_function_version(((QkMethod *)callable)->func, version);
}

QkFrame *qk_push_frame_method(QkThread *tstate, QkFrame *caller, QkValue method, QkValue *args,
                              int nargs) {
    QkMethod *m = (QkMethod *)method;
    return qk_push_exact(tstate, caller, m->func, m->self, args, nargs);
}

bool qk_index_from_start(uint32_t oparg, QkValue constant, uint64_t *operand) {
    (void)oparg;
    if (!qk_is_int(constant) || qk_int_value(constant) < 0) {
        return false;
    }
    *operand = (uint64_t)qk_int_value(constant);
    return true;
}

bool qk_int_divisor(uint32_t oparg, QkValue constant, uint64_t *operand) {
    uint32_t op = qk_plain_binary_op(oparg);
    if ((op != QK_BINARY_OP_FLOOR_DIVIDE && op != QK_BINARY_OP_REMAINDER) ||
        !qk_is_int(constant) || qk_int_value(constant) < 2) {
        return false;
    }
    uint64_t d = (uint64_t)qk_int_value(constant);
    int l = qk_ceil_log2(d);
    unsigned __int128 scaled = (unsigned __int128)1 << (63 + l);
    *operand = (uint64_t)(scaled / d) + (scaled % d != 0);
    return true;
}

bool qk_callee_is_len(uint32_t oparg, QkValue constant, uint64_t *operand) {
    (void)oparg;
    *operand = 0;
    return qk_is_builtin_len(constant);
}

bool qk_callee_is_ord(uint32_t oparg, QkValue constant, uint64_t *operand) {
    *operand = 0;
    return oparg == 1 && qk_is_builtin_ord(constant);
}

bool qk_callee_is_math_sqrt(uint32_t oparg, QkValue constant, uint64_t *operand) {
    *operand = 0;
    return oparg == 1 && qk_is_math_sqrt(constant);
}

bool qk_callee_is_range(uint32_t oparg, QkValue constant, uint64_t *operand) {
    (void)oparg;
    *operand = 0;
    return constant == (QkValue)&qk_range_type;
}

bool qk_callee_is_list_append(uint32_t oparg, QkValue constant, uint64_t *operand) {
    (void)oparg;
    *operand = 0;
    return qk_is_list_append_descr(constant);
}

bool qk_callee_is_set_add(uint32_t oparg, QkValue constant, uint64_t *operand) {
    *operand = 0;
    return oparg == 1 && qk_is_method_descr_of(constant, qk_set_add_method);
}

bool qk_method_descr_owner(uint32_t oparg, QkValue constant, uint64_t *operand) {
    (void)oparg;
    if (!qk_has_type(constant, &qk_method_descr_type)) {
        return false;
    }
    *operand = (uint64_t)(uintptr_t)((QkMethodDescr *)constant)->owner;
    return true;
}

/* ---- operators and properties written in Python ---- */

QkFrame *qk_binary_dunder_missing(QkThread *tstate) {
    qk_raise(tstate, &qk_exc_RuntimeError, "BINARY_OP_PY_DUNDER without a dunder");
    return NULL;
}

/* The getter of a property of a plain class, if it is a plain function of one parameter. */
static QkValue simple_getter(QkType *type, QkValue name) {
    QkValue attr = qk_type_lookup(type, name);
    if (!(type->flags & QK_TYPE_HEAP) || type->getattr != NULL ||
        !qk_is_type(attr, &qk_property_type)) {
        return QK_NULL;
    }
    QkValue fget = ((QkDescriptor *)attr)->func;
    return qk_is_exact_args_function(fget, 1) ? fget : QK_NULL;
}

QkFrame *qk_push_frame_property(QkThread *tstate, QkFrame *caller, QkValue owner, QkValue name) {
    QkValue fget = simple_getter(qk_type_of(owner), name);
    if (fget == QK_NULL) {
        qk_raise(tstate, &qk_exc_RuntimeError, "LOAD_ATTR_PROPERTY without a getter");
        return NULL;
    }
    return qk_push_exact(tstate, caller, fget, QK_NULL, &owner, 1);
}

/* ---- class construction ---- */

QkValue qk_simple_init_of(QkValue callable, int nargs) {
    QkType *t = object_constructed(callable);
    QkValue init = t != NULL ? qk_type_lookup(t, QK_NAME(init)) : QK_NULL;
    return qk_is_exact_args_function(init, nargs + 1) ? init : QK_NULL;
}

void qk_raise_init_result(QkThread *tstate, QkValue result) {
    qk_raise(tstate, &qk_exc_TypeError, "__init__() should return None, not '%s'",
             qk_type_name(result));
}
