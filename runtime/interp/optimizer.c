/* The trace optimizer: one forward pass of abstract interpretation over a recorded trace, driven
 * by what the DSL declares about each micro-op (quack_metadata.h: its flags, how many values it
 * pops and pushes, and the facts about them: the types it produces, what its guards prove, which
 * outputs are its operand or a constant), then a pass for dead stores. It
 *   - drops guards whose facts are already known (types, class versions), registering the classes
 *     it relies on with the tree so that changing one invalidates it;
 *   - folds pure micro-ops and guards whose inputs are all known values, by running them once
 *     (a guard that passes goes, a pure result becomes a _LOAD_CONST_INLINE);
 *   - ends the trace at a guard that can never pass (it fails on its known inputs, or proves a
 *     type an input is known not to have: a trace recorded through a specialization gone stale),
 *     which becomes an exit: what follows it is never run, nor interpreted with its facts;
 *   - removes values pushed by pure micro-ops and popped unused, and stores overwritten before
 *     anything could read them;
 *   - keeps a validity check only after a micro-op that could have run arbitrary code;
 *   - reuses boxes: a stack slot pushed by a `fresh` output (a new object nothing else references)
 *     and not copied since is "fresh"; a micro-op that pops it as an input its `reuse`
 *     declaration names becomes the declared variant, which writes its result into that object
 *     instead of allocating one (qk_uop_reuse). Freshness belongs to the slot, not the value:
 *     a store to a local, a load, a constant, a peek by anything but a side-effect-free guard,
 *     a call or return all leave a slot that is not fresh, and the stack the trace starts with
 *     (including after its loop edge) is never fresh;
 *   - peels a loop: the body is optimized a second time after itself, knowing what the first
 *     pass proved of values the loop never replaces, and _JUMP_TO_TOP goes to that second copy
 *     (peel_loop).
 *   - follows values into the calls it follows and back: a plain call's parameters are the values
 *     the caller pushed (an operator's dunder: its operands), and its result the value the
 *     callee returned (passes_arguments); an __init__'s self is a new instance of the class
 *     checked, and what the call pushes (enter_init); a return is guarded only where the way
 *     its frame was entered leaves it unsure (init_result_fits).
 * Known by name: the local loads and stores (values keep their identity through locals), COPY and
 * SWAP, the pop that ends a value, the validity check, and the calls whose arguments become the
 * callee's parameters in order. */
#include <stdlib.h>
#include <string.h>

#include "elide.h"
#include "executor.h"
#include "objmodel.h"
#include "quack_metadata.h"
#include "specialize.h"
#include "unbox.h"

#define MAX_STACK 64
#define MAX_LOCALS 64
#define MAX_VALUES 4096
/* Unknown values the first frame's stack starts with: facts proven about them (a loop's iterator
 * is peeked by every round) can then carry into the peeled loop. Deeper slots stay untracked. */
#define ENTRY_SLOTS 8

typedef struct Value {
    uint8_t type; /* QK_FACT_INT .. QK_FACT_STR_ITER, or 0 */
    bool is_const;
    QkValue constant;
    uint32_t version;      /* a class version proven for it, or 0 */
    uint32_t func_version; /* a function version proven for it, or 0 */
    /* Bits of its class's plain_names proven by guards (`plain_attr`) since escape number
     * plain_epoch: only until something runs that could change a class. */
    uint64_t plain_bits;
    uint32_t plain_epoch;
    /* A new instance (an __init__'s self): how many inline values it has, while nothing but
     * the appends the optimizer knows of has written anything since (appended_at == writes;
     * 0, as every other value has it: unknown). */
    uint32_t appended, appended_at;
} Value;

typedef struct Slot {
    Value *value;
    int32_t producer; /* the output micro-op that pushed it, if removing it removes the value */
    bool fresh;       /* a new object only this slot references (see the header comment) */
} Slot;

/* One frame's view: its value stack (above what is unknown) and its locals. */
typedef struct FrameState {
    Slot stack[MAX_STACK];
    int sp;
    Value *locals[MAX_LOCALS];
    bool returns_value; /* its return pushes the value returned (not an __init__'s instance) */
    uint16_t entered_by; /* the call that pushed it in the trace, or 0 (see init_result_fits) */
    Value *init_self;    /* an __init__'s frame: the new instance, its return's result */
} FrameState;

typedef struct Optimizer {
    QkThread *tstate;
    QkExecutor *root;
    Value *values; /* MAX_VALUES, each cleared when new_value hands it out */
    int nvalues;
    FrameState *frames; /* frames[depth] */
    int depth;
    QkUOpInst *out;
    bool *removed;
    uint32_t nout;
    bool escaped; /* something ran since the last validity check kept */
    uint32_t epoch; /* how many escaping micro-ops have run (see Value.plain_bits) */
    uint32_t writes; /* 1 + how many micro-ops that write or escape ran (see Value.appended) */
    int32_t last_leave; /* the last micro-op emitted that could leave the trace, or -1 */
    bool ended;         /* a micro-op that always exits was reached: the rest never runs */
    const QkUOpInst *body; /* as recorded */
    const QkTraceOrigin *origins;
    uint32_t length;
    uint32_t at; /* the recorded micro-op being optimized */
    /* The last recorded micro-op a fusion took in (packed_swap, range_iter_fused,
     * pair_unpacked): the pass skips the rest of them, up to it. 0: none. */
    uint32_t absorbed;
    /* What the first pass saw of the first frame, for peeling (see peel_loop). */
    uint64_t stored;   /* bit i: local i stored (a store past MAX_LOCALS sets them all) */
    bool locals_reset; /* a micro-op set its locals some other way */
    bool left_frame;   /* returned or yielded out of */
    Value *entry[ENTRY_SLOTS]; /* its stack as the trace starts */
} Optimizer;

static Value unknown_value;

static Value *new_value(Optimizer *o) {
    if (o->nvalues == MAX_VALUES) {
        return &unknown_value; /* shared and never given facts: see learn() */
    }
    Value *v = &o->values[o->nvalues++];
    memset(v, 0, sizeof *v);
    return v;
}

static FrameState *state(Optimizer *o) { return &o->frames[o->depth]; }

static void reset_locals(FrameState *f) {
    for (int i = 0; i < MAX_LOCALS; i++) {
        f->locals[i] = NULL;
    }
}

static void reset_frame(FrameState *f) {
    f->sp = 0;
    f->returns_value = false;
    f->entered_by = 0;
    f->init_self = NULL;
    reset_locals(f);
}

static Slot pop(Optimizer *o) {
    FrameState *f = state(o);
    if (f->sp == 0) {
        return (Slot){new_value(o), -1, false};
    }
    return f->stack[--f->sp];
}

static void push_slot(Optimizer *o, Value *v, int32_t producer, bool fresh) {
    FrameState *f = state(o);
    if (f->sp == MAX_STACK) {
        /* Deeper than tracked: forget the bottom half. */
        memmove(f->stack, f->stack + MAX_STACK / 2, (MAX_STACK / 2) * sizeof(Slot));
        f->sp = MAX_STACK / 2;
    }
    f->stack[f->sp++] = (Slot){v, producer, fresh};
}

static void push(Optimizer *o, Value *v, int32_t producer) { push_slot(o, v, producer, false); }

/* The variant of `uop` that writes into a fresh input, or its own opcode. */
static uint16_t reuse_variant(Optimizer *o, const QkUOpInst *uop, const QkUopFacts *facts) {
    const QkUopReuse *reuse = &qk_uop_reuse[uop->opcode];
    FrameState *f = state(o);
    int popped = facts->popped;
    if (reuse->count == 0 || popped <= 0 || f->sp < popped) {
        return uop->opcode; /* inputs below what is tracked are unknown */
    }
    for (int k = 0; k < reuse->count; k++) {
        int input = reuse->variants[k].input;
        if (input < popped && f->stack[f->sp - popped + input].fresh) {
            return reuse->variants[k].uop;
        }
    }
    return uop->opcode;
}

/* `uop` as the first of its constant-operand variants whose input the optimizer knows, a
 * constant the declaration's hook accepts, with the operand the hook computes. */
static bool constant_variant(Optimizer *o, QkUOpInst *uop, const QkUopFacts *facts) {
    QkUopConstantRange range = qk_uop_constant_range[uop->opcode];
    FrameState *f = state(o);
    /* The input is below any array (the generator checks), so its slot counts from the bottom. */
    int popped =
        facts->popped >= 0 ? facts->popped : qk_uop_slots_popped(uop->opcode, (int)uop->oparg);
    for (uint32_t i = range.first; i < (uint32_t)range.first + range.count; i++) {
        const QkUopConstant *variant = &qk_uop_constants[i];
        if (popped <= variant->input || f->sp < popped) {
            continue;
        }
        const Value *v = f->stack[f->sp - popped + variant->input].value;
        uint64_t operand;
        if (v != NULL && v->is_const && variant->hook(uop->oparg, v->constant, &operand)) {
            uop->opcode = variant->uop;
            uop->operand = operand;
            return true;
        }
    }
    return false;
}

static Value *local(Optimizer *o, uint32_t index) {
    FrameState *f = state(o);
    if (index >= MAX_LOCALS) {
        return new_value(o);
    }
    if (f->locals[index] == NULL) {
        f->locals[index] = new_value(o);
    }
    return f->locals[index];
}

/* The code of the frame the micro-op being optimized enters, if the recording goes on at its
 * first instruction (a call the trace follows, or a generator's first resume); else NULL. */
static QkCode *entered_at_start(const Optimizer *o) {
    uint32_t next = o->at + 1;
    return next < o->length && o->body[next].target == 0 ? o->origins[next].code : NULL;
}

/* A frame just entered at its first instruction has every parameter bound: the call bound them
 * and none of the callee's code has run. Its loads of them then test nothing (_LOAD_FAST_BOUND).
 * Returns how many there are (0 for a frame entered elsewhere). */
static uint32_t bind_parameters(Optimizer *o) {
    const QkCode *code = entered_at_start(o);
    if (code == NULL) {
        return 0;
    }
    uint32_t n = code->argcount + code->kwonlyargcount + !!(code->flags & QK_CODE_VARARGS) +
                 !!(code->flags & QK_CODE_VARKEYWORDS);
    for (uint32_t i = 0; i < n && i < MAX_LOCALS; i++) {
        local(o, i);
    }
    return n;
}

/* The calls whose frame gets the arguments as its last parameters, in order, after the instance
 * or `self` when there is one: (callable, self_or_null, args[oparg]). The callee's parameters are
 * then the values the caller pushed, with what is known of them (a guard in the callee on an
 * argument's type the caller proved goes). Which of them return the value returned. */
static bool passes_arguments(uint16_t opcode) {
    return opcode == _CALL_PY_EXACT_ARGS || opcode == _CALL_BOUND_METHOD_EXACT_ARGS ||
           opcode == _CALL_ALLOC_AND_ENTER_INIT;
}

static bool returns_value(uint16_t opcode) {
    return opcode == _CALL_PY_EXACT_ARGS || opcode == _CALL_BOUND_METHOD_EXACT_ARGS ||
           opcode == _BINARY_OP_PY_DUNDER_KNOWN;
}

#define MAX_PASSED 16

/* Gives a frame just entered by a call the values of the arguments it was passed (popped[2 ..
 * 2 + oparg): the array of a passes_arguments call), its nparams parameters bound. */
static void pass_arguments(Optimizer *o, const QkUOpInst *uop, Value *const *popped, int npopped,
                           uint32_t nparams) {
    uint32_t nargs = uop->oparg;
    if (!passes_arguments(uop->opcode) || nargs > nparams || nparams > MAX_LOCALS ||
        npopped != (int)nargs + 2 || npopped > MAX_PASSED) {
        return;
    }
    for (uint32_t j = 0; j < nargs; j++) {
        state(o)->locals[nparams - nargs + j] = popped[2 + j];
    }
    if (uop->opcode == _CALL_PY_EXACT_ARGS && nparams == nargs + 1) {
        /* The function takes one more than the arguments: the call passed self_or_null, a
         * method's instance (whose class version the LOAD_METHOD guarded). The others pass
         * self_or_null NULL and an instance of their own. */
        state(o)->locals[0] = popped[1];
    }
}

static uint8_t fact_of_constant(QkValue v) {
    if (qk_is_int(v)) {
        return QK_FACT_INT;
    }
    if (v == QK_TRUE || v == QK_FALSE) {
        return QK_FACT_BOOL;
    }
    if (v == QK_NONE) {
        return QK_FACT_NONE;
    }
    return qk_is_type(v, &qk_float_type)   ? QK_FACT_FLOAT
           : qk_is_type(v, &qk_str_type)   ? QK_FACT_STR
           : qk_is_type(v, &qk_list_type)  ? QK_FACT_LIST
           : qk_is_type(v, &qk_tuple_type) ? QK_FACT_TUPLE
           : qk_is_type(v, &qk_dict_type)  ? QK_FACT_DICT
                                           : 0;
}

/* Only values nothing can change may be folded: a pure helper still reads its input's current
 * state (a list's items, an instance's dict), which a later run may find changed. */
static bool immutable(QkValue v) {
    switch (fact_of_constant(v)) {
    case QK_FACT_INT:
    case QK_FACT_FLOAT:
    case QK_FACT_STR:
    case QK_FACT_BOOL:
    case QK_FACT_NONE:
    case QK_FACT_TUPLE:
        return true;
    default:
        return false;
    }
}

/* Facts that say which exact type a value has (the others say where it came from). */
static bool is_type_fact(uint8_t fact) { return fact >= QK_FACT_INT && fact <= QK_FACT_STR_ITER; }

static bool knows(const Optimizer *o, const Value *v, uint8_t fact, uint64_t operand) {
    switch (fact) {
    case QK_FACT_NONE_KNOWN:
        return true;
    case QK_FACT_TYPE_VERSION:
        return v->version != 0 && v->version == operand;
    case QK_FACT_PLAIN_ATTR: {
        uint64_t bit = (uint64_t)1 << (operand & 63);
        if (v->plain_epoch == o->epoch && (v->plain_bits & bit)) {
            return true;
        }
        /* A proven class version pins the class (the tree depends on it): its names decide. */
        QkType *type = v->version != 0 ? qk_type_with_version(v->version) : NULL;
        return type != NULL && (type->plain_names & bit);
    }
    case QK_FACT_FUNC_VERSION:
        /* A function's version never changes: a known function proves its own. */
        return operand != 0 &&
               (v->func_version == operand ||
                (v->is_const && qk_is_type(v->constant, &qk_function_type) &&
                 ((QkFunction *)v->constant)->version == operand));
    case QK_FACT_OPERAND:
    case QK_FACT_CONST:
        return false;
    default:
        return v->type == fact;
    }
}

static void set_constant(Value *v, QkValue constant) {
    v->is_const = true;
    v->constant = constant;
    v->type = fact_of_constant(constant);
}

/* Records what a micro-op's output fact says about the value. */
static void learn(Optimizer *o, Value *v, uint8_t fact, const QkUOpInst *uop, QkCode *code) {
    if (v == &unknown_value) {
        return;
    }
    switch (fact) {
    case QK_FACT_NONE_KNOWN:
        break;
    case QK_FACT_TYPE_VERSION: {
        v->version = (uint32_t)uop->operand;
        QkType *type = qk_type_with_version(v->version);
        /* Guards dropped later rely on the class staying as it is. */
        if (type == NULL || qk_executor_depend(o->root, QK_DEPENDS_ON_CLASS, type, 0) < 0) {
            v->version = 0;
        }
        break;
    }
    case QK_FACT_PLAIN_ATTR:
        if (v->plain_epoch != o->epoch) {
            v->plain_bits = 0;
            v->plain_epoch = o->epoch;
        }
        v->plain_bits |= (uint64_t)1 << (uop->operand & 63);
        break;
    case QK_FACT_FUNC_VERSION:
        v->func_version = (uint32_t)uop->operand;
        break;
    case QK_FACT_OPERAND:
        set_constant(v, (QkValue)uop->operand);
        break;
    case QK_FACT_CONST:
        set_constant(v, code->consts[uop->oparg]);
        break;
    default:
        if (is_type_fact(fact)) {
            v->type = fact;
        }
        break;
    }
}

/* An __init__'s frame just entered by _CALL_ALLOC_AND_ENTER_INIT: its `self` is the new instance,
 * of exactly the class whose version the _CHECK_CLASS_VERSION recorded before the call proved
 * (so a guard of the instance's class in __init__, or on it after the return, goes), and what
 * the call pushes when the frame returns. */
static void enter_init(Optimizer *o, QkCode *code) {
    uint32_t at = o->at;
    while (at > 0 && o->body[at - 1].opcode == _CHECK_VALIDITY) {
        at--;
    }
    FrameState *f = state(o);
    if (f->locals[0] == NULL || at == 0 || o->body[at - 1].opcode != _CHECK_CLASS_VERSION) {
        return;
    }
    learn(o, f->locals[0], QK_FACT_TYPE_VERSION, &o->body[at - 1], code);
    f->init_self = f->locals[0];
    f->locals[0]->appended = 0; /* allocated with no dict and no values */
    f->locals[0]->appended_at = o->writes;
}

/* `self.x = x` in an __init__: _STORE_ATTR_INSTANCE_NEW checks that the instance has as many
 * values as the attribute's index (hint), no dict, and that its class names the attribute there.
 * Of a new instance of a known class that nothing else wrote since, all of that is known: it
 * becomes _STORE_ATTR_INSTANCE_APPEND, which only appends. */
static bool appends_known(Optimizer *o, const QkUOpInst *uop, QkCode *code) {
    FrameState *f = state(o);
    if (f->sp < 2) {
        return false;
    }
    Value *owner = f->stack[f->sp - 1].value;
    QkType *type = owner->version != 0 ? qk_type_with_version(owner->version) : NULL;
    uint64_t hint = uop->operand;
    bool known = type != NULL && owner->appended_at == o->writes && owner->appended == hint &&
                 hint < type->n_inline_names &&
                 type->inline_names[hint] == code->names[uop->oparg];
    if (known) {
        owner->appended++; /* still known: this append is the one write */
    }
    return known;
}

/* Whether qk_dunder_operands_fit holds for sure with `rhs` as the right operand, given a left one
 * of the class whose version is `version`: a built-in type's value, or an instance of that
 * class. */
static bool dunder_operand_fits(const Value *rhs, uint64_t version) {
    if (rhs->is_const) {
        return !(qk_type_of(rhs->constant)->flags & QK_TYPE_HEAP);
    }
    return rhs->type != 0 || (rhs->version != 0 && rhs->version == version);
}

/* Whether _GUARD_INIT_RESULT passes for sure on `retval`, returned from the frame the trace is
 * in: a plain call's frame is neither an __init__'s nor an operator's (qk_push_exact leaves both
 * unset); an __init__ returns None; an operator's dunder returns something other than
 * NotImplemented (a value of a known type or class, or a constant). */
static bool init_result_fits(Optimizer *o, const Value *retval) {
    switch (state(o)->entered_by) {
    case _CALL_PY_EXACT_ARGS:
    case _CALL_BOUND_METHOD_EXACT_ARGS:
    case _CALL_PY_WITH_DEFAULTS:
        return true;
    case _CALL_ALLOC_AND_ENTER_INIT:
        return retval->is_const && retval->constant == QK_NONE;
    case _BINARY_OP_PY_DUNDER_KNOWN:
        if (retval->is_const) {
            return retval->constant != QK_NOT_IMPLEMENTED;
        }
        return retval->type != 0 ||
               (retval->version != 0 &&
                qk_type_with_version(retval->version) != qk_type_of(QK_NOT_IMPLEMENTED));
    default:
        return false;
    }
}

/* Micro-ops after which the frame's stack and locals may be seen as they are: by tier 1 (an
 * exit, an error), by code the trace runs (an escape), or across a frame change. */
static const uint32_t SEEN_BEYOND = QK_FLAG_DEOPT | QK_FLAG_EXIT | QK_FLAG_ERROR |
                                    QK_FLAG_ESCAPES | QK_FLAG_PUSHES_FRAME | QK_FLAG_POPS_FRAME;

static void emit(Optimizer *o, QkUOpInst uop) {
    if (qk_uop_flags[uop.opcode] & SEEN_BEYOND) {
        o->last_leave = (int32_t)o->nout;
    }
    o->removed[o->nout] = false;
    o->out[o->nout++] = uop;
}

/* Ends a value: a pure push of it is removed instead of popping. */
static void discard(Optimizer *o, Slot slot, const QkUOpInst *at) {
    /* The value must stay on the stack for tier 1 if the trace could leave in between. */
    bool needed = slot.producer >= 0 && o->last_leave > slot.producer;
    if (slot.producer >= 0 && !needed) {
        o->removed[slot.producer] = true;
        return;
    }
    QkUOpInst pop_top = *at;
    pop_top.opcode = _POP_TOP;
    pop_top.operand = 0;
    emit(o, pop_top);
}

static bool is_guard(uint32_t flags) {
    const uint32_t effects = QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_WRITES | QK_FLAG_ALLOCATES |
                             QK_FLAG_PUSHES_FRAME | QK_FLAG_POPS_FRAME | QK_FLAG_TIER2_ONLY;
    return (flags & (QK_FLAG_DEOPT | QK_FLAG_EXIT)) && !(flags & effects);
}

/* A guard that proves a type of an input known to be of another type (a constant, or a type
 * an earlier guard proved): it never passes. Its facts must not be learned, or a later micro-op
 * would be folded on inputs of the wrong type (a float comparison of an int constant). */
static bool refuted(Optimizer *o, const QkUopFacts *facts) {
    int n = facts->pushed;
    if (n <= 0 || n != facts->popped || n > QK_MAX_UOP_ITEMS) {
        return false;
    }
    FrameState *f = state(o);
    for (int i = 0; i < n; i++) {
        uint8_t fact = facts->facts[i];
        int at = f->sp - n + i;
        if (is_type_fact(fact) && (facts->peeks >> i) & 1 && at >= 0 && f->stack[at].value->type != 0 &&
            f->stack[at].value->type != fact) {
            return true;
        }
    }
    return false;
}

/* The deepest slot of a micro-op with an array that leaves the stack as it found it (a call's
 * guard: the callable, below its arguments), or NULL when it is below what is tracked. */
static Slot *kept_deepest(Optimizer *o, const QkUOpInst *uop) {
    FrameState *f = state(o);
    int slots = qk_uop_slots_popped(uop->opcode, (int)uop->oparg);
    return slots > 0 && f->sp >= slots ? &f->stack[f->sp - slots] : NULL;
}

/* Whether the slot above a call's callable holds the NULL the trace pushed itself (_PUSH_NULL):
 * no instance goes with the call. */
static bool trace_pushed_null(const Optimizer *o, const Slot *callable) {
    const FrameState *f = &o->frames[o->depth];
    const Slot *null = callable + 1;
    return null < &f->stack[f->sp] && null->producer >= 0 &&
           o->out[null->producer].opcode == _PUSH_NULL;
}

/* `Vec(x, y)` where the trace knows the class (a constant) and pushed the NULL itself:
 * _CHECK_CLASS_VERSION goes, the tree depending on the class instead (changing it invalidates
 * the tree, and the validity check after whatever changed it notices). */
static bool class_version_proven(Optimizer *o, const QkUOpInst *uop) {
    Slot *callable = kept_deepest(o, uop);
    if (callable == NULL || !callable->value->is_const ||
        !qk_is_class_version(callable->value->constant, (uint32_t)uop->operand)) {
        return false;
    }
    return trace_pushed_null(o, callable) &&
           qk_executor_depend(o->root, QK_DEPENDS_ON_CLASS, (QkType *)callable->value->constant,
                              0) >= 0;
}

/* A guard all of whose proofs are known already. */
static bool proven(Optimizer *o, const QkUOpInst *uop, const QkUopFacts *facts) {
    if (facts->pushed < 0 && facts->keeps) {
        /* Only its deepest output can carry a fact (the generator checks). */
        Slot *s = kept_deepest(o, uop);
        return facts->facts[0] != QK_FACT_NONE_KNOWN && s != NULL &&
               knows(o, s->value, facts->facts[0], uop->operand);
    }
    int n = facts->pushed;
    if (n <= 0 || n != facts->popped || facts->peeks != (1u << n) - 1) {
        return false;
    }
    FrameState *f = state(o);
    if (f->sp < n) {
        return false;
    }
    bool any = false;
    for (int i = 0; i < n; i++) {
        uint8_t fact = facts->facts[i];
        any |= fact != QK_FACT_NONE_KNOWN;
        if (!knows(o, f->stack[f->sp - n + i].value, fact, uop->operand)) {
            return false;
        }
    }
    return any;
}

/* Replaces a micro-op whose outputs are known: pops of its inputs (or nothing, where a pure push
 * made them), then a _LOAD_CONST_INLINE per output. */
static void replace_by_constants(Optimizer *o, const QkUOpInst *uop, int popped,
                                 const QkValue *outputs, int pushed) {
    for (int i = 0; i < popped; i++) {
        discard(o, pop(o), uop);
    }
    for (int i = 0; i < pushed; i++) {
        Value *v = new_value(o);
        if (v != &unknown_value) {
            set_constant(v, outputs[i]);
        }
        QkUOpInst load = *uop;
        load.opcode = _LOAD_CONST_INLINE;
        load.operand = (uint64_t)outputs[i];
        push(o, v, (int32_t)o->nout);
        emit(o, load);
    }
}

/* The trace ends at `uop`, which always exits: it becomes an exit to where `uop` would have
 * left (counted, so a hot one gets a side trace), with the stack as `uop` found it, and nothing
 * after it is looked at (its facts would contradict what is known). */
static void end_trace(Optimizer *o, const QkUOpInst *uop) {
    QkUOpInst stop = *uop;
    stop.opcode = _STOP_TRACE;
    stop.oparg = 0;
    stop.operand = 0;
    emit(o, stop);
    o->ended = true;
}

/* Runs a pure micro-op or guard whose inputs are all known: 1 if it was replaced, -1 if it always
 * exits, 0 if it stays. */
static int fold(Optimizer *o, const QkUOpInst *uop, const QkUopFacts *facts, QkCode *code) {
    int popped = facts->popped, pushed = facts->pushed;
    FrameState *f = state(o);
    for (int i = 0; i < QK_MAX_UOP_ITEMS; i++) {
        if (facts->facts[i] == QK_FACT_TYPE_VERSION || facts->facts[i] == QK_FACT_PLAIN_ATTR) {
            return 0; /* a class is state, not a value: `proven` handles it */
        }
    }
    if (popped < 1 || pushed < 0 || popped > QK_MAX_UOP_ITEMS || pushed > QK_MAX_UOP_ITEMS ||
        f->sp < popped) {
        return 0;
    }
    QkValue inputs[QK_MAX_UOP_ITEMS], outputs[QK_MAX_UOP_ITEMS];
    for (int i = 0; i < popped; i++) {
        const Value *v = f->stack[f->sp - popped + i].value;
        if (!v->is_const || !immutable(v->constant)) {
            return 0;
        }
        inputs[i] = v->constant;
    }
    int evaluated = qk_uop_evaluate(o->tstate, uop, code, inputs, popped, outputs, pushed);
    bool peeks_only = pushed == popped && facts->peeks == (1u << pushed) - 1;
    if (evaluated < 0) {
        /* A guard that fails on these inputs always does. Only one that leaves the stack as it
         * found it can become an exit in its place (a branch's guard pops its flag first). */
        return peeks_only ? -1 : 0;
    }
    if (evaluated == 0) {
        return 0;
    }
    if (!peeks_only) { /* else a guard that passes: nothing changes */
        replace_by_constants(o, uop, popped, outputs, pushed);
    }
    return 1;
}

/* Values a program rarely rebinds a global name to, whatever the name has been through. */
static bool rarely_rebound(QkValue v) {
    return qk_is_type(v, &qk_function_type) || qk_is_type(v, &qk_builtin_type) ||
           qk_is_type(v, &qk_type_type) || qk_is_type(v, &qk_module_type);
}

/* Immutable data (`MOD = 1000003`, `SCALE = 0.5`, `SEP = ","`, `SIZES = (3, 5)`): constant while
 * the name stays bound to it. A name rebound after a trace relied on it (a counter, an
 * accumulator) is marked in the dict's `rebound` bits and stays a load from then on: folding it
 * would invalidate the trace at every store. */
static bool immutable_data(QkValue v) { return immutable(v) || qk_is_type(v, &qk_int_type); }

static bool never_rebound(QkValue dict, uint64_t hash) {
    uint64_t bits = qk_watch_bits(hash);
    return (((QkDict *)dict)->rebound & bits) != bits;
}

/* Whether a micro-op of the trace binds `name` (`counter += 1` with `global counter`, or at module
 * level): folding it would only invalidate the tree on its first round. */
static bool bound_by_trace(const Optimizer *o, QkValue name) {
    for (uint32_t i = 0; i < o->length; i++) {
        if ((qk_uop_flags[o->body[i].opcode] & QK_FLAG_BINDS_NAME) &&
            qk_str_equal(o->origins[i].code->names[o->body[i].oparg], name)) {
            return true;
        }
    }
    return false;
}

/* What `name` is bound to now in the namespace `dict`, or else in `fallback` (QK_NULL: none),
 * if it is worth making a constant: the tree then depends on the name in each dict consulted (a
 * builtin stays what it is while the globals do not gain the name). */
static QkValue bound_constant(Optimizer *o, QkValue dict, QkValue fallback, QkValue name) {
    QkValue value = qk_dict_get(dict, name);
    bool fell_back = value == QK_NULL && fallback != QK_NULL;
    if (fell_back) {
        value = qk_dict_get(fallback, name);
    }
    uint64_t hash = qk_str_hash(name);
    if (value == QK_NULL ||
        !(rarely_rebound(value) ||
          (immutable_data(value) && never_rebound(dict, hash) &&
           (!fell_back || never_rebound(fallback, hash)) && !bound_by_trace(o, name)))) {
        return QK_NULL;
    }
    if (qk_executor_depend(o->root, QK_DEPENDS_ON_GLOBAL, (void *)dict, hash) < 0 ||
        (fell_back &&
         qk_executor_depend(o->root, QK_DEPENDS_ON_GLOBAL, (void *)fallback, hash) < 0)) {
        return QK_NULL;
    }
    qk_dict_watch(dict, name);
    if (fell_back) {
        qk_dict_watch(fallback, name);
    }
    return value;
}

/* A `global` or `module_attr` output's value, if worth making a constant (bound_constant). */
static QkValue namespace_constant(Optimizer *o, const QkUOpInst *uop, uint8_t fact,
                                  const QkTraceOrigin *origin) {
    QkValue name = origin->code->names[uop->oparg];
    if (fact == QK_FACT_GLOBAL) {
        return bound_constant(o, origin->globals, o->tstate->builtins, name);
    }
    FrameState *f = state(o);
    const Value *module = f->sp > 0 ? f->stack[f->sp - 1].value : NULL;
    if (module == NULL || !module->is_const || !qk_is_type(module->constant, &qk_module_type)) {
        return QK_NULL;
    }
    return bound_constant(o, ((QkModule *)module->constant)->dict, QK_NULL, name);
}

/* A micro-op whose outputs its facts pin becomes pops of its inputs and loads of the constants,
 * which go with whatever pops them unused: a pure one (a class attribute found under a class
 * version its guard proved; a constant of the code, which the load reaches through the frame,
 * the code and its constants, and _LOAD_CONST_INLINE has as an immediate), or one whose outputs
 * are names of a namespace made constants (its guards check only the binding the tree now
 * depends on). */
static bool constant_outputs(Optimizer *o, const QkUOpInst *uop, const QkUopFacts *facts,
                             const QkTraceOrigin *origin, uint32_t flags) {
    int popped = facts->popped, pushed = facts->pushed;
    if (pushed < 1 || pushed > QK_MAX_UOP_ITEMS || facts->peeks != 0 || popped < 0) {
        return false;
    }
    bool bound = false;
    QkValue outputs[QK_MAX_UOP_ITEMS];
    for (int i = 0; i < pushed; i++) {
        uint8_t fact = facts->facts[i];
        bool name = fact == QK_FACT_GLOBAL || fact == QK_FACT_MODULE_ATTR;
        bound |= name;
        outputs[i] = fact == QK_FACT_OPERAND ? (QkValue)uop->operand
                     : fact == QK_FACT_CONST ? origin->code->consts[uop->oparg]
                     : name                  ? namespace_constant(o, uop, fact, origin)
                                             : QK_NULL;
        if (outputs[i] == QK_NULL) {
            return false;
        }
    }
    if (!bound && !(flags & QK_FLAG_PURE)) {
        return false;
    }
    replace_by_constants(o, uop, popped, outputs, pushed);
    return true;
}

/* The stack effect of a micro-op that stays. */
static void apply(Optimizer *o, const QkUOpInst *uop, const QkUopFacts *facts, QkCode *code,
                  uint32_t flags) {
    FrameState *f = state(o);
    int popped = facts->popped, pushed = facts->pushed;
    Value *peeked[QK_MAX_UOP_ITEMS] = {0};
    bool peeked_fresh[QK_MAX_UOP_ITEMS] = {0};
    /* An array's size depends on oparg: such a micro-op pops and pushes slots its facts do not
     * describe one by one, so all it pushes is unknown. */
    bool array = popped < 0 || pushed < 0;
    if (array) {
        popped = qk_uop_slots_popped(uop->opcode, (int)uop->oparg);
        pushed = qk_uop_slots_pushed(uop->opcode, (int)uop->oparg);
    }
    const uint32_t could_keep = QK_FLAG_WRITES | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES |
                                QK_FLAG_SETS_LOCALS | QK_FLAG_PUSHES_FRAME | QK_FLAG_POPS_FRAME;
    if (array && facts->keeps && !(flags & could_keep)) {
        /* A guard past an array (a call's, on its callable): every value stays where it is,
         * fresh or not, and the deepest learns what the guard proves. */
        Slot *s = kept_deepest(o, uop);
        if (s != NULL) {
            learn(o, s->value, facts->facts[0], uop, code);
        }
        return;
    }
    Value *passed[MAX_PASSED] = {0}; /* a call's callable, self_or_null and arguments */
    for (int i = popped - 1; i >= 0; i--) {
        Slot s = pop(o);
        if (!array && i < QK_MAX_UOP_ITEMS) {
            peeked[i] = s.value;
            peeked_fresh[i] = s.fresh;
        }
        if (array && i < MAX_PASSED) {
            passed[i] = s.value;
        }
    }
    /* A peeked object stays fresh only through a micro-op that could not have kept or copied
     * it (could_keep): one that pushes nothing but its peeks and stores nothing (a guard). */
    bool peeks_stay_fresh = !array && pushed == popped && !(flags & could_keep) &&
                            pushed <= QK_MAX_UOP_ITEMS && facts->peeks == (1u << pushed) - 1;
    if (flags & QK_FLAG_PUSHES_FRAME) {
        /* The caller keeps what it peeked (a for loop's generator) and waits; the frame entered
         * starts with unknown locals and stack (a resumed generator's are not empty). The
         * caller's slots are no longer taken as fresh: when unsure, do not reuse. */
        for (int i = 0; i < f->sp; i++) {
            f->stack[i].fresh = false;
        }
        for (int i = 0; i < pushed && i < QK_MAX_UOP_ITEMS; i++) {
            if ((facts->peeks >> i) & 1 && peeked[i] != NULL) {
                push(o, peeked[i], -1);
            }
        }
        o->depth++;
        reset_frame(state(o));
        state(o)->returns_value = returns_value(uop->opcode);
        state(o)->entered_by = uop->opcode;
        uint32_t nparams = bind_parameters(o);
        if (uop->opcode == _CALL_PY_EXACT_ARGS || uop->opcode == _CALL_ALLOC_AND_ENTER_INIT) {
            /* The callee's code, for frame elision (elide.c), which clears it. */
            o->out[o->nout - 1].operand = (uintptr_t)entered_at_start(o);
        }
        if (nparams > 0 && array) {
            pass_arguments(o, uop, passed, popped, nparams);
            if (uop->opcode == _CALL_ALLOC_AND_ENTER_INIT) {
                enter_init(o, code);
            }
        } else if (uop->opcode == _BINARY_OP_PY_DUNDER_KNOWN && nparams == 2 &&
                   peeked[0] != NULL && peeked[1] != NULL) {
            /* The operands are the dunder's two parameters. */
            state(o)->locals[0] = peeked[0];
            state(o)->locals[1] = peeked[1];
        }
        return;
    }
    if (flags & QK_FLAG_POPS_FRAME) {
        /* The recorder ends a trace before a return from its first frame, so depth > 0; should
         * that change, an unknown caller is still described right. */
        /* A plain call's frame gives the caller the value it returns (the return micro-op's
         * one input), with what is known of it. */
        bool same = state(o)->returns_value && popped == 1 && pushed == 0 && peeked[0] != NULL;
        Value *init_self = state(o)->init_self;
        Value *result = same ? peeked[0] : init_self != NULL ? init_self : new_value(o);
        if (o->depth > 0) {
            o->depth--;
        } else {
            reset_frame(state(o));
            o->left_frame = true;
        }
        push(o, result, -1);
        return;
    }
    if (flags & QK_FLAG_SETS_LOCALS) {
        reset_locals(state(o));
    }
    if (array) {
        /* Facts describe outputs only where no output is an array (the generator checks). */
        for (int i = 0; i < pushed; i++) {
            Value *v = new_value(o);
            if (i < QK_MAX_UOP_ITEMS) {
                learn(o, v, facts->facts[i], uop, code);
            }
            push(o, v, -1);
        }
        return;
    }
    int32_t producer = (flags & QK_FLAG_PURE) && facts->popped == 0 && pushed == 1
                           ? (int32_t)(o->nout - 1)
                           : -1;
    for (int i = 0; i < pushed; i++) {
        bool is_peek = (facts->peeks >> i) & 1;
        /* An input moved to another slot (a method load's self) is still that value. */
        int from = i < QK_MAX_UOP_ITEMS ? facts->moved[i] - 1 : -1;
        Value *moved = from >= 0 && from < QK_MAX_UOP_ITEMS ? peeked[from] : NULL;
        Value *v = is_peek && peeked[i] != NULL ? peeked[i] : moved != NULL ? moved : new_value(o);
        if (i < QK_MAX_UOP_ITEMS) {
            learn(o, v, facts->facts[i], uop, code);
        }
        bool fresh = i < QK_MAX_UOP_ITEMS &&
                     (is_peek ? peeks_stay_fresh && peeked_fresh[i] : (facts->fresh >> i) & 1);
        push_slot(o, v, is_peek ? -1 : producer, fresh);
    }
}

/* COPY and SWAP move values, not make them: `b[3] -= x` copies the list and the index, and the
 * copies keep what is known (an int constant index needs no guard). A copied box has two
 * references, so neither slot is fresh. A slot they touch can no longer be removed with its
 * producer (the copy reads it, or it moved). Slots below what is tracked are unknown. */
static void copy_or_swap(Optimizer *o, const QkUOpInst *uop) {
    FrameState *f = state(o);
    int n = (int)uop->oparg;
    bool tracked = n >= (uop->opcode == _COPY ? 1 : 2) && f->sp >= n;
    if (uop->opcode == _COPY) {
        if (!tracked) {
            push(o, new_value(o), -1);
            return;
        }
        Slot *source = &f->stack[f->sp - n];
        source->fresh = false;
        source->producer = -1;
        push(o, source->value, -1);
        return;
    }
    if (!tracked) {
        if (f->sp > 0) { /* what comes up from below is unknown */
            f->stack[f->sp - 1] = (Slot){new_value(o), -1, false};
        }
        return;
    }
    Slot *top = &f->stack[f->sp - 1];
    Slot *bottom = &f->stack[f->sp - n], moved = *top;
    *top = (Slot){bottom->value, -1, bottom->fresh};
    *bottom = (Slot){moved.value, -1, moved.fresh};
}

/* COPY or SWAP as the micro-op of its depth whose stencils keep the values in registers, if
 * there is one (_COPY_1 ...). */
static QkUOpInst fixed_shape(QkUOpInst uop) {
    static const uint16_t copies[] = {0, _COPY_1, _COPY_2};
    static const uint16_t swaps[] = {0, 0, _SWAP_2, _SWAP_3};
    bool copy = uop.opcode == _COPY;
    const uint16_t *fixed = copy ? copies : swaps;
    uint32_t n = copy ? sizeof copies / sizeof *copies : sizeof swaps / sizeof *swaps;
    if (uop.oparg < n && fixed[uop.oparg] != 0) {
        uop.opcode = fixed[uop.oparg];
    }
    return uop;
}

/* The recorded micro-op after the one being optimized, past validity checks (which a fusion of
 * the two takes in: the fused micro-op's check, if it needs one, is the one after it), or
 * o->length. */
static uint32_t next_recorded(const Optimizer *o) {
    uint32_t next = o->at + 1;
    while (next < o->length && o->body[next].opcode == _CHECK_VALIDITY) {
        next++;
    }
    return next;
}

/* `a, b = x, y`: a tuple of two or three built and at once unpacked (the values reversed) is a
 * swap of the top and the third or second, with no tuple. Returns the recorded unpack (which
 * optimize_one then skips), or 0. */
static uint32_t packed_swap(const Optimizer *o, const QkUOpInst *build) {
    uint32_t next = next_recorded(o);
    bool pair_or_triple = build->oparg == 2 || build->oparg == 3;
    if (!pair_or_triple || next >= o->length || o->body[next].opcode != _UNPACK_SEQUENCE_TUPLE ||
        o->body[next].oparg != build->oparg) {
        return 0;
    }
    return next;
}

/* `for j in range(n)`: a range call the trace knows with the GET_ITER right after it becomes
 * one _CALL_RANGE_ITER, which makes the iterator without the range object and runs no code (it
 * exits to the call where the bounds are not small ints). Returns the recorded GET_ITER (which
 * optimize_one then skips), or 0. */
static uint32_t range_iter_fused(const Optimizer *o) {
    uint32_t next = next_recorded(o);
    return next < o->length && o->body[next].opcode == _GET_ITER ? next : 0;
}

/* `for a, b in it` where tier 1 steps `it` generically (an enumerate, a zip, a dict's items):
 * the step and the UNPACK_SEQUENCE of two after it become one _FOR_ITER_UNPACK_PAIR, which
 * pushes the items without the pair for an enumerate, a dict's items or a zip of two. Returns the
 * recorded unpack, or 0. */
static uint32_t pair_unpacked(const Optimizer *o) {
    uint32_t next = next_recorded(o);
    if (next >= o->length || o->body[next].oparg != 2) {
        return 0;
    }
    uint16_t unpack = o->body[next].opcode;
    bool any = unpack == _UNPACK_SEQUENCE || unpack == _UNPACK_SEQUENCE_TUPLE ||
               unpack == _UNPACK_SEQUENCE_LIST;
    return any ? next : 0;
}

static void optimize_one(Optimizer *o, const QkUOpInst *uop, const QkTraceOrigin *origin);

/* `clamp(x)` where the trace knows the function the version guard pinned (a constant) and pushed
 * the NULL itself: the defaults the call leaves out are pushed as constants after the arguments
 * and the call becomes an exact-arguments one. Its frame is the same (qk_push_frame_defaults
 * fills it so; defaults are set only when a function is made), frame elision may elide it, and
 * the callee knows its defaults. False where the call stays. */
static bool pass_defaults(Optimizer *o, const QkUOpInst *uop, const QkTraceOrigin *origin) {
    Slot *callable = kept_deepest(o, uop);
    if (callable == NULL || !callable->value->is_const ||
        !qk_is_defaults_function(callable->value->constant, (int)uop->oparg)) {
        return false;
    }
    QkFunction *func = (QkFunction *)callable->value->constant;
    QkCode *code = (QkCode *)func->code;
    if (!trace_pushed_null(o, callable) || code != entered_at_start(o)) {
        return false;
    }
    const QkTuple *defaults = qk_as_tuple(func->defaults);
    int64_t first = (int64_t)code->argcount - defaults->size;
    replace_by_constants(o, uop, 0, &defaults->items[uop->oparg - first],
                         (int)(code->argcount - uop->oparg));
    QkUOpInst exact = *uop;
    exact.opcode = _CALL_PY_EXACT_ARGS;
    exact.oparg = code->argcount;
    optimize_one(o, &exact, origin);
    return true;
}

static void optimize_one(Optimizer *o, const QkUOpInst *uop, const QkTraceOrigin *origin) {
    QkCode *code = origin->code;
    uint32_t flags = qk_uop_flags[uop->opcode];
    const QkUopFacts *facts = &qk_uop_facts[uop->opcode];
    switch (uop->opcode) {
    case _CHECK_VALIDITY:
        if (o->nout == 0 || o->escaped) {
            o->escaped = false;
            emit(o, *uop);
        }
        return;
    case _LOAD_FAST: {
        /* A local stored or loaded earlier in this frame is bound: loading it cannot fail, so
         * the load goes if its value is popped unused. */
        bool bound = uop->oparg < MAX_LOCALS && state(o)->locals[uop->oparg] != NULL;
        QkUOpInst load = *uop;
        if (bound) {
            load.opcode = _LOAD_FAST_BOUND; /* nothing to check */
        }
        emit(o, load);
        push(o, local(o, uop->oparg), bound ? (int32_t)(o->nout - 1) : -1);
        return;
    }
    case _STORE_FAST: {
        emit(o, *uop);
        Slot s = pop(o);
        if (uop->oparg < MAX_LOCALS) {
            state(o)->locals[uop->oparg] = s.value;
        }
        return;
    }
    case _POP_TOP:
        discard(o, pop(o), uop);
        return;
    case _CHECK_CLASS_VERSION:
        if (class_version_proven(o, uop)) {
            return; /* it keeps the stack as it is */
        }
        break;
    case _GUARD_DUNDER_OPERANDS: {
        FrameState *f = state(o);
        if (f->sp >= 2 && dunder_operand_fits(f->stack[f->sp - 1].value, uop->operand)) {
            QkUOpInst version_only = *uop;
            version_only.opcode = _GUARD_NOS_TYPE_VERSION;
            optimize_one(o, &version_only, origin);
            return;
        }
        break;
    }
    case _CALL_PY_WITH_DEFAULTS:
        if (pass_defaults(o, uop, origin)) {
            return;
        }
        break;
    case _GUARD_INIT_RESULT: {
        FrameState *f = state(o);
        if (o->depth > 0 && f->sp > 0 && init_result_fits(o, f->stack[f->sp - 1].value)) {
            return; /* it peeks: the stack stays as it is */
        }
        break;
    }
    case _COPY:
    case _SWAP:
        emit(o, fixed_shape(*uop));
        copy_or_swap(o, uop);
        return;
    case _BUILD_TUPLE:
        o->absorbed = packed_swap(o, uop);
        if (o->absorbed != 0) {
            QkUOpInst swap = *uop;
            swap.opcode = _SWAP;
            optimize_one(o, &swap, origin);
            return;
        }
        break;
    default:
        break;
    }
    if (is_guard(flags) && refuted(o, facts)) {
        end_trace(o, uop);
        return;
    }
    if (is_guard(flags) && proven(o, uop, facts)) {
        return;
    }
    if ((is_guard(flags) || (flags & QK_FLAG_PURE)) && !(flags & QK_FLAG_READS_CONTEXT)) {
        int folded = fold(o, uop, facts, code);
        if (folded < 0) {
            end_trace(o, uop);
        }
        if (folded != 0) {
            return;
        }
    }
    if (constant_outputs(o, uop, facts, origin, flags)) {
        return;
    }
    QkUOpInst chosen = *uop;
    chosen.opcode = reuse_variant(o, uop, facts);
    bool varied = chosen.opcode != uop->opcode || constant_variant(o, &chosen, facts);
    if (chosen.opcode == _CALL_RANGE_KNOWN && (o->absorbed = range_iter_fused(o)) != 0) {
        chosen.opcode = _CALL_RANGE_ITER; /* the same inputs; its output is the iterator */
    } else if (chosen.opcode == _FOR_ITER_TIER_TWO && (o->absorbed = pair_unpacked(o)) != 0) {
        chosen.opcode = _FOR_ITER_UNPACK_PAIR;
        varied = true;
    }
    if (varied) {
        /* A constant or reuse variant has the same stack effect (the generator checks); a
         * fusion's is its own. */
        flags = qk_uop_flags[chosen.opcode];
        facts = &qk_uop_facts[chosen.opcode];
    }
    if (flags & QK_FLAG_ESCAPES) {
        o->epoch++;
    }
    if (chosen.opcode == _STORE_ATTR_INSTANCE_NEW && appends_known(o, &chosen, code)) {
        chosen.opcode = _STORE_ATTR_INSTANCE_APPEND;
    } else if (flags & (QK_FLAG_WRITES | QK_FLAG_ESCAPES)) {
        o->writes++;
    }
    if (flags & QK_FLAG_INVALIDATES) {
        o->escaped = true;
    }
    emit(o, chosen);
    apply(o, &chosen, facts, code, flags);
}

/* A store to a local that is stored again before any load of it, with nothing in between that
 * could leave the trace (an exit or error resumes tier 1, which would read it), becomes a pop. */
static void remove_dead_stores(QkUOpInst *body, uint32_t length) {
    for (uint32_t i = 0; i < length; i++) {
        if (body[i].opcode != _STORE_FAST) {
            continue;
        }
        for (uint32_t j = i + 1; j < length; j++) {
            const QkUOpInst *u = &body[j];
            if (u->opcode == _STORE_FAST && u->oparg == body[i].oparg) {
                body[i].opcode = _POP_TOP;
                break;
            }
            bool load = u->opcode == _LOAD_FAST || u->opcode == _LOAD_FAST_BOUND;
            if ((load && u->oparg == body[i].oparg) ||
                (qk_uop_flags[u->opcode] & SEEN_BEYOND) || u->opcode == _JUMP_TO_TOP) {
                break;
            }
        }
    }
}

/* How many of out[0..end) are kept. */
static uint32_t kept(const Optimizer *o, uint32_t end) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < end; i++) {
        n += !o->removed[i];
    }
    return n;
}

_Static_assert(MAX_LOCALS <= 64, "Optimizer.stored has a bit per tracked local");

/* Whether the first pass stored local i of the first frame. */
static bool stored(const Optimizer *o, int i) { return (o->stored >> i) & 1; }

/* One forward pass over the recorded body, noting what happens to the first frame. */
static void run_pass(Optimizer *o) {
    o->absorbed = 0;
    for (uint32_t i = 0; i < o->length && !o->ended; i++) {
        if (i <= o->absorbed && o->absorbed != 0) {
            continue; /* taken in by a fusion */
        }
        const QkUOpInst *uop = &o->body[i];
        if (o->depth == 0) {
            if (uop->opcode == _STORE_FAST) {
                o->stored |= uop->oparg < MAX_LOCALS ? (uint64_t)1 << uop->oparg : UINT64_MAX;
            } else if (qk_uop_flags[uop->opcode] & QK_FLAG_SETS_LOCALS) {
                o->locals_reset = true;
            }
        }
        o->at = i;
        optimize_one(o, uop, &o->origins[i]);
    }
}

/* Whether the pass that emitted from `from` on closed the loop in the first frame. */
static bool ends_in_loop(const Optimizer *o, uint32_t from) {
    return !o->ended && o->depth == 0 && o->nout > from &&
           o->out[o->nout - 1].opcode == _JUMP_TO_TOP;
}

/* Loop peeling (LuaJIT's): the body is optimized a second time after itself, knowing what the
 * first pass proved, and _JUMP_TO_TOP goes to that second copy, the loop proper, while the first
 * runs once, on entry. What the first pass proved of values the loop never replaces (a local it
 * never stores, a stack slot that holds the same value at the end of a round: a for loop's
 * iterator) holds in every round: a type stays, a class version or a constant the tree depends
 * on holds until the tree is invalidated, which the validity check after any escape notices. So
 * the loop drops their guards, and the validity check at its top (nothing ran since the last
 * one). A local the body stores starts the loop with the type it had at the end of the first
 * pass, if the loop gives it that type again at its end (checked; else the pass is redone without
 * that assumption): `i += 1` keeps `i` an int, so its guards go too. Only a loop that closes in
 * the frame it started in, whose locals are set by stores alone. Returns the loop's first
 * micro-op in `out`, or 0 (no peeling: the first pass is the trace). */
static uint32_t peel_loop(Optimizer *o) {
    FrameState *f0 = &o->frames[0];
    uint32_t first_end = o->nout;
    if (!ends_in_loop(o, 0) || o->left_frame || o->locals_reset) {
        return 0;
    }
    Value *end_locals[MAX_LOCALS];
    memcpy(end_locals, f0->locals, sizeof end_locals);
    /* A slot that holds the value it started with was never replaced (or got it back): the loop
     * finds that value there too. */
    Value *end_stack[ENTRY_SLOTS];
    for (int i = 0; i < ENTRY_SLOTS; i++) {
        bool kept = f0->sp == ENTRY_SLOTS && f0->stack[i].value == o->entry[i] &&
                    o->entry[i] != &unknown_value;
        end_stack[i] = kept ? o->entry[i] : NULL;
    }
    /* What the loop may assume of each local it stores: the type the first pass left it with. */
    uint8_t assumed[MAX_LOCALS] = {0};
    for (int i = 0; i < MAX_LOCALS; i++) {
        if (stored(o, i) && end_locals[i] != NULL && is_type_fact(end_locals[i]->type)) {
            assumed[i] = end_locals[i]->type;
        }
    }
    /* A failed attempt must not leave its facts on the values carried in. */
    Value saved_locals[MAX_LOCALS], saved_stack[ENTRY_SLOTS];
    for (int i = 0; i < MAX_LOCALS; i++) {
        if (end_locals[i] != NULL) {
            saved_locals[i] = *end_locals[i];
        }
    }
    for (int i = 0; i < ENTRY_SLOTS; i++) {
        if (end_stack[i] != NULL) {
            saved_stack[i] = *end_stack[i];
        }
    }
    int nvalues = o->nvalues;
    bool escaped = o->escaped;
    uint32_t epoch = o->epoch;
    int32_t last_leave = o->last_leave;
    for (int attempt = 0; attempt < 4; attempt++) {
        o->nout = first_end;
        o->nvalues = nvalues;
        o->escaped = escaped;
        o->epoch = epoch;
        o->writes++; /* a round may have written anything the first pass knew unwritten */
        o->last_leave = last_leave;
        o->depth = 0;
        f0->sp = 0;
        for (int i = 0; i < ENTRY_SLOTS; i++) {
            if (end_stack[i] != NULL) {
                *end_stack[i] = saved_stack[i];
            }
            push(o, end_stack[i] != NULL ? end_stack[i] : new_value(o), -1);
        }
        for (int i = 0; i < MAX_LOCALS; i++) {
            if (end_locals[i] == NULL) {
                f0->locals[i] = NULL;
            } else if (!stored(o, i)) {
                *end_locals[i] = saved_locals[i];
                f0->locals[i] = end_locals[i];
            } else {
                f0->locals[i] = new_value(o); /* bound: the first pass stored it */
                if (f0->locals[i] != &unknown_value) {
                    f0->locals[i]->type = assumed[i];
                }
            }
        }
        run_pass(o);
        if (!ends_in_loop(o, first_end)) {
            break;
        }
        bool consistent = true;
        for (int i = 0; i < MAX_LOCALS; i++) {
            if (assumed[i] != 0 && (f0->locals[i] == NULL || f0->locals[i]->type != assumed[i])) {
                assumed[i] = 0;
                consistent = false;
            }
        }
        if (consistent) {
            o->removed[first_end - 1] = true; /* the first copy goes on into the loop */
            return kept(o, first_end);
        }
    }
    o->nout = first_end;
    return 0;
}

uint32_t qk_optimize_trace(QkThread *tstate, QkExecutor *root, QkUOpInst *body,
                           const QkTraceOrigin *origins, uint32_t length, uint32_t capacity,
                           uint32_t *loop_start) {
    /* Only the optimizer's own fields and its first frame are cleared up front: zeroing the
     * values' 160 KB for every trace evicted the running program's data from the cache
     * (bank_accounts, with 175 traces, ran 5% more instructions). */
    Optimizer *o = calloc(1, sizeof *o);
    Value *values = malloc(MAX_VALUES * sizeof *values);
    /* Folding turns one micro-op into pops of its inputs and loads of its outputs; peeling
     * doubles that. */
    size_t room = 2 * ((size_t)(2 * QK_MAX_UOP_ITEMS + 1) * length + 1);
    QkUOpInst *out = malloc(room * sizeof *out);
    bool *removed = malloc(room * sizeof *removed);
    FrameState *frames = malloc(((size_t)tstate->trace_config.max_depth + 2) * sizeof *frames);
    *loop_start = 0;
    if (o == NULL || values == NULL || out == NULL || removed == NULL || frames == NULL) {
        free(values);
        free(o);
        free(out);
        free(removed);
        free(frames);
        return length; /* unoptimized is still correct */
    }
    reset_frame(&frames[0]); /* the others are reset as calls enter them */
    o->tstate = tstate;
    o->values = values;
    o->root = root;
    o->frames = frames;
    o->out = out;
    o->removed = removed;
    o->last_leave = -1;
    o->writes = 1;
    o->body = body;
    o->origins = origins;
    o->length = length;
    for (int i = 0; i < ENTRY_SLOTS; i++) {
        o->entry[i] = new_value(o);
        push(o, o->entry[i], -1);
    }
    run_pass(o);
    uint32_t first_end = o->nout;
    uint32_t start = peel_loop(o);
    uint32_t n = kept(o, o->nout);
    if (n > capacity && start > 0) { /* no room for the loop: the first pass alone is the trace */
        o->nout = first_end;
        removed[first_end - 1] = false;
        start = 0;
        n = kept(o, o->nout);
    }
    if (n <= length || start > 0) { /* else the body has no room: keep the trace as recorded */
        n = 0;
        for (uint32_t i = 0; i < o->nout; i++) {
            if (!removed[i]) {
                body[n++] = out[i];
            }
        }
        remove_dead_stores(body, n);
        *loop_start = start;
        n = qk_unbox_floats(body, n, capacity, loop_start);
        tstate->stats.frames_elided += qk_elide_frames(body, n, *loop_start, origins[0].code);
    } else {
        n = length;
    }
    free(frames);
    free(removed);
    free(out);
    free(values);
    free(o);
    return n;
}
