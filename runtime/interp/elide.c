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
 * limit, and exits to tier 1 at the call otherwise. */
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

static bool loads_parameter(const QkUOpInst *uop, uint32_t nparams) {
    return (uop->opcode == _LOAD_FAST || uop->opcode == _LOAD_FAST_BOUND) && uop->oparg < nparams;
}

static bool ends_trace(uint16_t opcode) {
    return opcode == _EXIT_TRACE || opcode == _JUMP_TO_TOP || opcode == _GOTO_EXECUTOR;
}

/* The return that ends the callee part of the call body[call] if that part can run without its
 * frame, else 0. */
static uint32_t elidable_until(const QkUOpInst *body, uint32_t length, uint32_t call,
                               uint32_t loop_start, uint32_t nparams) {
    int depth = 0; /* the callee's stack */
    for (uint32_t i = call + 1; i < length && i != loop_start; i++) {
        const QkUOpInst *uop = &body[i];
        if (uop->opcode == _RETURN_TO_CALLER) {
            return depth == 1 ? i : 0;
        }
        /* A branch's exit (it pops its condition): the data decides which way each run goes,
         * and each run taking it would build the frame the call would have pushed once. Other
         * exits (a type, a class, an int's overflow) are not expected: should one get hot, its
         * callee keeps its frames from then on (qk_take_side_exit). */
        uint32_t flags = qk_uop_flags[uop->opcode];
        bool branch_exit = (flags & QK_FLAG_EXIT) && qk_uop_pops_input(uop);
        if (((flags & NEEDS_FRAME) && !loads_parameter(uop, nparams)) ||
            ends_trace(uop->opcode) || branch_exit) {
            return 0;
        }
        depth -= qk_uop_popped(uop);
        if (depth < 0) {
            return 0;
        }
        depth += qk_uop_pushed(uop);
        if (depth > MAX_STACK) {
            return 0;
        }
    }
    return 0;
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

/* The calls whose frames may be elided, which the optimizer marks with their callee's code: a
 * plain call, whose parameters are its arguments (after self_or_null when it is a method's
 * instance), and a class's, whose __init__ takes the instance _ENTER_ELIDED_INIT makes in the
 * slot after the class. */
static bool elidable_call(const QkUOpInst *uop) {
    return (uop->opcode == _CALL_PY_EXACT_ARGS || uop->opcode == _CALL_ALLOC_AND_ENTER_INIT) &&
           uop->operand != 0;
}

/* The parameters the call passes its callee, or 0 where they are not its last slots. */
static uint32_t passed_parameters(const QkUOpInst *call, const QkCode *callee) {
    uint32_t nparams = callee->argcount;
    bool init = call->opcode == _CALL_ALLOC_AND_ENTER_INIT;
    return nparams == call->oparg + 1 || (!init && nparams == call->oparg) ? nparams : 0;
}

static void elide(QkUOpInst *body, uint32_t call, uint32_t ret, const QkCode *callee,
                  uint32_t nparams) {
    int depth = 0;
    for (uint32_t i = call + 1; i < ret; i++) {
        QkUOpInst *uop = &body[i];
        if (loads_parameter(uop, nparams)) {
            *uop = copy_of_parameter(uop, depth, nparams);
        } else if (qk_uop_flags[uop->opcode] & (QK_FLAG_DEOPT | QK_FLAG_EXIT | QK_FLAG_ERROR)) {
            uop->elided = call + 1;
        }
        depth += qk_uop_pushed(uop) - qk_uop_popped(uop);
    }
    bool init = body[call].opcode == _CALL_ALLOC_AND_ENTER_INIT;
    body[call].opcode = init ? _ENTER_ELIDED_INIT : _ENTER_ELIDED_FRAME;
    body[call].operand = callee->frame_words * sizeof(QkValue);
    body[ret].opcode = init ? _RETURN_ELIDED_INIT : _RETURN_ELIDED;
    body[ret].oparg = init ? body[call].oparg : body[call].oparg + 2;
}

/* Clears the optimizer's marks (the callee's code) on the calls of body[0..length). */
static void clear_marks(QkUOpInst *body, uint32_t length) {
    for (uint32_t i = 0; i < length; i++) {
        if (elidable_call(&body[i])) {
            body[i].operand = 0;
        }
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
        uint32_t flags = qk_uop_flags[uop->opcode];
        if (elidable_call(uop)) {
            const QkCode *callee = (const QkCode *)(uintptr_t)uop->operand;
            uop->operand = 0;
            uint32_t nparams = passed_parameters(uop, callee);
            bool fits = on_data_stack[depth] && !callee->keeps_frames && nparams != 0;
            uint32_t ret = fits ? elidable_until(body, length, i, loop_start, nparams) : 0;
            if (ret != 0) {
                elide(body, i, ret, callee, nparams);
                elided++;
                i = ret; /* back in the caller's frame */
                continue;
            }
        }
        if (flags & QK_FLAG_PUSHES_FRAME) {
            if (depth + 1 == MAX_FRAMES) { /* deeper than traces go: leave the rest */
                clear_marks(body + i + 1, length - i - 1);
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
                              uint32_t nargs, uint32_t target, bool init) {
    QkValue *call = tstate->elided_call;
    QkValue *above = call + 2 + nargs;
    size_t depth = (size_t)(stack_pointer - above);
    /* The callee's stack may reach past the caller's frame, where the new frame goes. */
    QkValue saved[MAX_STACK];
    memcpy(saved, above, depth * sizeof *saved);
    caller->stack_pointer = call; /* as the call leaves it: its slots are the callee's */
    caller->instr_ptr = qk_code_start(caller) + target;
    /* Cannot fail: _ENTER_ELIDED_FRAME checked the depth and the room, and nothing in between
     * pushed a frame. */
    QkValue func = init ? qk_cached_init(call[0]) : call[0];
    QkFrame *callee = qk_push_exact(tstate, caller, func, call[1], call + 2, (int)nargs);
    if (init) {
        callee->init_self = call[1]; /* its return gives the instance */
    }
    memcpy(callee->stack_pointer, saved, depth * sizeof *saved);
    callee->stack_pointer += depth;
    tstate->stats.frames_materialized++;
    return callee;
}
