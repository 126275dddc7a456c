/* How a trace hands control back to tier 1, and how it follows calls and returns: the same in the
 * micro-op interpreter and in stencils (each defines CURRENT_TARGET() and NEXT_UOP() its own way). The interpreter resumes at the target instruction
 * with the frame's stack pointer, so both are stored before returning. */
#ifndef QUACK_TIER2_EXITS_H
#define QUACK_TIER2_EXITS_H

#define EXIT_TO_TIER_ONE()                                                                         \
    do {                                                                                           \
        frame->stack_pointer = stack_pointer;                                                      \
        frame->instr_ptr = qk_code_start(frame) + CURRENT_TARGET();                                \
        return frame->instr_ptr;                                                                   \
    } while (0)

/* The same where a helper has set the frame's instruction and stack pointers: tier 1 goes on at
 * `resume`. */
#define LEAVE_TO_TIER_ONE(resume) return (resume)

/* The same, but NULL tells the interpreter the exception raised at the target must be handled. */
#define ERROR_TO_TIER_ONE()                                                                        \
    do {                                                                                           \
        frame->stack_pointer = stack_pointer;                                                      \
        frame->instr_ptr = qk_code_start(frame) + CURRENT_TARGET();                                \
        return NULL;                                                                               \
    } while (0)

/* A call the trace follows: the caller resumes after the call instruction (at the target) when the
 * callee returns, in the trace or in tier 1; the next micro-op runs in the callee's frame. */
#define ENTER_FRAME(callee)                                                                        \
    do {                                                                                           \
        frame->stack_pointer = stack_pointer;                                                      \
        frame->instr_ptr = qk_code_start(frame) + CURRENT_TARGET();                                \
        frame = (callee);                                                                          \
        stack_pointer = frame->stack_pointer;                                                      \
        NEXT_UOP();                                                                                \
    } while (0)

/* The trace goes on in the caller of the frame it left, with `value` on the caller's stack. */
#define PUSH_IN_CALLER(done, value)                                                                \
    do {                                                                                           \
        frame = (done)->previous;                                                                  \
        stack_pointer = frame->stack_pointer;                                                      \
        *stack_pointer++ = (value);                                                                \
        NEXT_UOP();                                                                                \
    } while (0)

/* A return the trace follows (from a frame it pushed; guarded: never a misfit __init__ result):
 * the value, or the instance an __init__ initialized, goes on the caller's stack. */
#define RETURN_TO_CALLER(value)                                                                    \
    do {                                                                                           \
        QkValue result_ = (value);                                                                 \
        QkFrame *done_ = frame;                                                                    \
        if (done_->init_self != QK_NULL) {                                                         \
            result_ = done_->init_self;                                                            \
        }                                                                                          \
        qk_frame_pop(tstate, done_);                                                               \
        PUSH_IN_CALLER(done_, result_);                                                            \
    } while (0)

/* A yield the trace follows (from a generator frame it entered): the generator stops after the
 * YIELD_VALUE at the target (one code unit: it has no caches), and the value goes on the stack of
 * the loop that resumed it. */
#define YIELD_TO_CALLER(value)                                                                     \
    do {                                                                                           \
        QkValue yielded_ = (value);                                                                \
        QkFrame *done_ = frame;                                                                    \
        qk_generator_suspend(tstate, done_, qk_code_start(done_) + CURRENT_TARGET() + 1,           \
                             stack_pointer);                                                       \
        PUSH_IN_CALLER(done_, yielded_);                                                           \
    } while (0)

#endif
