/* Frame elision (see "Frame elision" in docs/architecture.md).
 *
 * A call the trace follows pushes a frame and its return pops it: some 70 instructions of a
 * small method's trace, more than its body. Inside the trace nothing looks at that frame unless
 * something leaves the trace or reads the frame: an exit or an error (tier 1 goes on in the
 * callee, its traceback shows it), a helper that reads frames. So a call whose callee part does
 * none of those but exit or raise runs on the caller's stack: the call's slots (callable,
 * self_or_null, arguments) stay where the caller pushed them, the callee's parameters are the
 * last of them (self_or_null first when it is a method's instance), its loads of them copy
 * those slots, its stack goes on above them, and its return puts the value in the call's place.
 * An exit or error in between builds the frame first (qk_materialize_frame, in the stub): the
 * frame the call would have pushed, with the callee's stack moved into it.
 *
 * What the callee part may not do, besides exit and raise: escape (run code that pushes frames
 * over its stack), read the frame, its locals or its code (the `frame` register is still the
 * caller's) other than loading a parameter, push or pop another frame, or end the trace. A
 * micro-op that allocates syncs the caller's stack pointer to the top, so the collector scans
 * the call's slots and the callee's stack as the caller's. The caller must be a frame on the
 * data stack (not a generator's), whose room ends where the free data stack begins:
 * _ENTER_ELIDED_FRAME checks there is room for the frame an exit would build, and the recursion
 * limit, and exits to tier 1 at the call otherwise.
 *
 * A call inside the callee part is elided with it (nested) if its own callee part can neither
 * exit nor raise: only the outermost frame is ever built, and the outermost call's check covers
 * the frames of the nested ones. */
#include "elide.h"

#include <stdbool.h>
#include <string.h>

#include "helpers.h"
#include "uop_stack.h"

enum {
    MAX_FRAMES = 64,
    MAX_STACK = 32, /* the deepest callee stack at an exit (qk_materialize_frame saves it) */
};

static const uint32_t NEEDS_FRAME = QK_FLAG_ESCAPES | QK_FLAG_READS_FRAME | QK_FLAG_READS_CODE |
                                    QK_FLAG_SETS_LOCALS | QK_FLAG_PUSHES_FRAME |
                                    QK_FLAG_POPS_FRAME | QK_FLAG_JUMP;
static const uint32_t LEAVES = QK_FLAG_DEOPT | QK_FLAG_EXIT | QK_FLAG_ERROR;

static bool loads_parameter(const QkUOpInst *uop, uint32_t nparams) {
    return (uop->opcode == _LOAD_FAST || uop->opcode == _LOAD_FAST_BOUND) && uop->oparg < nparams;
}

static bool ends_trace(uint16_t opcode) {
    return opcode == _EXIT_TRACE || opcode == _JUMP_TO_TOP || opcode == _GOTO_EXECUTOR;
}

/* The calls whose frames may be elided: a plain call, whose parameters are its arguments (after
 * self_or_null when it is a method's instance), and a class's, whose __init__ takes the instance
 * _ENTER_ELIDED_INIT makes in the slot after the class, both of which the optimizer marks with
 * their callee's code where the trace enters it at its start (the operand); and an operator's
 * dunder, which the trace always enters there, whose parameters are the operands. */
static const QkCode *callee_of(const QkUOpInst *uop) {
    switch (uop->opcode) {
    case _CALL_PY_EXACT_ARGS:
    case _CALL_ALLOC_AND_ENTER_INIT:
        return (const QkCode *)(uintptr_t)uop->operand;
    case _BINARY_OP_PY_DUNDER_KNOWN:
        return (const QkCode *)((const QkFunction *)(uintptr_t)uop->operand)->code;
    default:
        return NULL;
    }
}

/* The call's slots below its callee's stack: callable, self_or_null and arguments, or operands. */
static uint32_t call_slots(const QkUOpInst *call) {
    return call->opcode == _BINARY_OP_PY_DUNDER_KNOWN ? 2 : call->oparg + 2;
}

/* The parameters the call passes its callee, or 0 where they are not its last slots. */
static uint32_t passed_parameters(const QkUOpInst *call, const QkCode *callee) {
    uint32_t nparams = callee->argcount;
    switch (call->opcode) {
    case _CALL_PY_EXACT_ARGS:
        return nparams == call->oparg + 1 || nparams == call->oparg ? nparams : 0;
    case _CALL_ALLOC_AND_ENTER_INIT:
        return nparams == call->oparg + 1 ? nparams : 0;
    default:
        return nparams == 2 ? nparams : 0;
    }
}

/* What elidable_until found: the return that ends a callee part that can run without its frame
 * (0 if it cannot), and the bytes of its frame and of the deepest calls elided inside it, the
 * room its _ENTER_ELIDED_* checks. */
typedef struct {
    uint32_t ret;
    uint64_t room;
} Part;

/* The callee part of the call body[call], `below` slots above the outermost elided call's. A
 * part nested in another has no exit or error, so only the outermost frame is ever built;
 * inside it, a nested call's own enter may raise only at the first level (an __init__'s
 * instance: the outermost frame is built, and the class call raises in it). */
static Part elidable_until(const QkUOpInst *body, uint32_t length, uint32_t call,
                           uint32_t loop_start, int below, uint32_t nesting) {
    const Part none = {0, 0};
    const QkCode *callee = callee_of(&body[call]);
    uint32_t nparams = callee != NULL ? passed_parameters(&body[call], callee) : 0;
    if (nparams == 0 || callee->keeps_frames || nesting > QK_MAX_NESTED_ELIDED ||
        (nesting > 1 && body[call].opcode == _CALL_ALLOC_AND_ENTER_INIT)) {
        return none;
    }
    uint64_t inner_room = 0; /* the most the calls elided inside it need */
    int depth = 0; /* the callee's stack */
    for (uint32_t i = call + 1; i < length && i != loop_start; i++) {
        const QkUOpInst *uop = &body[i];
        if (uop->opcode == _RETURN_TO_CALLER) {
            uint64_t own = callee->frame_words * sizeof(QkValue);
            return depth == 1 ? (Part){i, own + inner_room} : none;
        }
        if (callee_of(uop) != NULL) {
            Part inner = elidable_until(body, length, i, loop_start, below + depth, nesting + 1);
            if (inner.ret == 0) {
                return none;
            }
            inner_room = inner.room > inner_room ? inner.room : inner_room;
            depth += 1 - (int)call_slots(uop);
            i = inner.ret;
            continue;
        }
        /* A branch's exit (it pops its condition): the data decides which way each run goes,
         * and each run taking it would build the frame the call would have pushed once. Other
         * exits (a type, a class, an int's overflow) are not expected: should one get hot, its
         * callee keeps its frames from then on (qk_take_side_exit). */
        uint32_t flags = qk_uop_flags[uop->opcode];
        bool branch_exit = (flags & QK_FLAG_EXIT) && qk_uop_pops_input(uop);
        if (((flags & NEEDS_FRAME) && !loads_parameter(uop, nparams)) ||
            ends_trace(uop->opcode) || branch_exit || (nesting > 0 && (flags & LEAVES))) {
            return none;
        }
        depth -= qk_uop_popped(uop);
        if (depth < 0) {
            return none;
        }
        depth += qk_uop_pushed(uop);
        if (below + depth > MAX_STACK) {
            return none;
        }
    }
    return none;
}

/* A load of parameter `index` `depth` slots above the arguments: a copy of its argument. */
static QkUOpInst copy_of_parameter(const QkUOpInst *load, int depth, uint32_t nparams) {
    QkUOpInst copy = *load;
    uint32_t from_top = (uint32_t)depth + nparams - load->oparg; /* COPY's oparg: 1 is the top */
    static const uint16_t fixed[] = {0, _COPY_1, _COPY_2, _COPY_3, _COPY_4};
    bool has_fixed = from_top < sizeof fixed / sizeof fixed[0];
    copy.opcode = has_fixed ? fixed[from_top] : _COPY;
    copy.oparg = has_fixed ? 0 : from_top;
    return copy;
}

/* The micro-op that enters the call elided: the outermost checks the room (its operand, or a
 * dunder's oparg: its operand stays the function, for the frame an exit builds); a nested one
 * needs no operand. */
static void enter(QkUOpInst *call, uint64_t room, bool nested) {
    switch (call->opcode) {
    case _CALL_PY_EXACT_ARGS:
        call->opcode = nested ? _ENTER_NESTED_FRAME : _ENTER_ELIDED_FRAME;
        call->operand = nested ? 0 : room;
        break;
    case _CALL_ALLOC_AND_ENTER_INIT:
        call->opcode = nested ? _ENTER_NESTED_INIT : _ENTER_ELIDED_INIT;
        call->operand = nested ? 0 : room;
        break;
    default:
        call->opcode = nested ? _ENTER_NESTED_FRAME : _ENTER_ELIDED_DUNDER;
        call->oparg = nested ? 0 : (uint32_t)room;
        call->operand = nested ? 0 : call->operand;
        break;
    }
}

/* Rewrites the call body[call] and its callee part, whose return is body[part.ret]; the exits
 * and errors in it are marked with `outer`, the outermost elided call's index. */
static void elide(QkUOpInst *body, uint32_t length, uint32_t loop_start, uint32_t call,
                  Part part, uint32_t outer, int below, uint32_t nesting) {
    const QkCode *callee = callee_of(&body[call]);
    uint32_t nparams = passed_parameters(&body[call], callee);
    int depth = 0;
    for (uint32_t i = call + 1; i < part.ret; i++) {
        QkUOpInst *uop = &body[i];
        if (callee_of(uop) != NULL) {
            Part inner = elidable_until(body, length, i, loop_start, below + depth, nesting + 1);
            elide(body, length, loop_start, i, inner, outer, below + depth, nesting + 1);
            depth += 1 - (int)call_slots(uop);
            i = inner.ret;
            continue;
        }
        if (loads_parameter(uop, nparams)) {
            *uop = copy_of_parameter(uop, depth, nparams);
        } else if (qk_uop_flags[uop->opcode] & LEAVES) {
            uop->elided = outer + 1;
        }
        depth += qk_uop_pushed(uop) - qk_uop_popped(uop);
    }
    QkUOpInst *ret = &body[part.ret];
    bool init = body[call].opcode == _CALL_ALLOC_AND_ENTER_INIT;
    ret->opcode = init ? _RETURN_ELIDED_INIT : _RETURN_ELIDED;
    ret->oparg = init ? body[call].oparg : call_slots(&body[call]);
    enter(&body[call], part.room, nesting > 0);
    if (nesting > 0 && (qk_uop_flags[body[call].opcode] & QK_FLAG_ERROR)) {
        body[call].elided = outer + 1; /* an __init__'s instance: raises in the outer frame */
    }
}

/* Clears the optimizer's mark (the callee's code) on a call left as it was. */
static void clear_mark(QkUOpInst *uop) {
    if (uop->opcode == _CALL_PY_EXACT_ARGS || uop->opcode == _CALL_ALLOC_AND_ENTER_INIT) {
        uop->operand = 0;
    }
}

/* Whether a frame a micro-op pushes lives on the data stack: all but a generator's. */
static bool pushes_data_stack_frame(uint16_t opcode) {
    return opcode != _FOR_ITER_GEN && opcode != _FOR_ITER_GEN_FRAME;
}

uint32_t qk_elide_frames(QkUOpInst *body, uint32_t length, uint32_t loop_start,
                         const QkCode *start) {
    /* Per frame the body runs in, whether it is on the data stack (false where unknown: the
     * caller of the frame the trace started in). */
    bool on_data_stack[MAX_FRAMES];
    int depth = 0;
    on_data_stack[0] = !(start->flags & QK_CODE_GENERATOR);
    uint32_t elided = 0;
    for (uint32_t i = 0; i < length; i++) {
        QkUOpInst *uop = &body[i];
        if (on_data_stack[depth] && callee_of(uop) != NULL) {
            Part part = elidable_until(body, length, i, loop_start, 0, 0);
            if (part.ret != 0) {
                elide(body, length, loop_start, i, part, i, 0, 0);
                elided++;
                i = part.ret; /* back in the caller's frame */
                continue;
            }
        }
        clear_mark(uop);
        uint32_t flags = qk_uop_flags[uop->opcode];
        if (flags & QK_FLAG_PUSHES_FRAME) {
            if (depth + 1 == MAX_FRAMES) { /* deeper than traces go: leave the rest */
                for (uint32_t j = i + 1; j < length; j++) {
                    clear_mark(&body[j]);
                }
                break;
            }
            on_data_stack[++depth] = pushes_data_stack_frame(uop->opcode);
        } else if (flags & QK_FLAG_POPS_FRAME) {
            if (depth > 0) {
                depth--;
            } else {
                on_data_stack[0] = false;
            }
        }
    }
    return elided;
}

QkFrame *qk_materialize_frame(QkThread *tstate, QkFrame *caller, QkValue *stack_pointer,
                              QkElidedKind kind, uint32_t nargs, uint32_t target, QkValue dunder) {
    QkValue *call = tstate->elided_call;
    QkValue *args = kind == QK_ELIDED_DUNDER ? call : call + 2;
    QkValue *above = args + nargs;
    size_t depth = (size_t)(stack_pointer - above);
    /* The callee's stack may reach past the caller's frame, where the new frame goes. */
    QkValue saved[MAX_STACK];
    memcpy(saved, above, depth * sizeof *saved);
    caller->stack_pointer = call; /* as the call leaves it: its slots are the callee's */
    caller->instr_ptr = qk_code_start(caller) + target;
    /* Cannot fail: _ENTER_ELIDED_* checked the depth and the room, and nothing in between
     * pushed a frame. */
    QkFrame *callee;
    if (kind == QK_ELIDED_DUNDER) {
        uint32_t op = *caller->instr_ptr >> 8; /* the BINARY_OP's */
        callee = qk_push_frame_dunder(tstate, caller, op, dunder, args[0], args[1]);
    } else {
        QkValue func = kind == QK_ELIDED_INIT ? qk_cached_init(call[0]) : call[0];
        callee = qk_push_exact(tstate, caller, func, call[1], args, (int)nargs);
        if (kind == QK_ELIDED_INIT) {
            callee->init_self = call[1]; /* its return gives the instance */
        }
    }
    memcpy(callee->stack_pointer, saved, depth * sizeof *saved);
    callee->stack_pointer += depth;
    tstate->stats.frames_materialized++;
    return callee;
}
