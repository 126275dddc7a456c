/* How a trace hands control back to tier 1: the same in the micro-op interpreter and in stencils
 * (each defines CURRENT_TARGET() its own way). The interpreter resumes at the target instruction
 * with the frame's stack pointer, so both are stored before returning. */
#ifndef QUACK_TIER2_EXITS_H
#define QUACK_TIER2_EXITS_H

#define EXIT_TO_TIER_ONE()                                                                         \
    do {                                                                                           \
        frame->stack_pointer = stack_pointer;                                                      \
        frame->instr_ptr = qk_code_start(frame) + CURRENT_TARGET();                                \
        return frame->instr_ptr;                                                                   \
    } while (0)

/* The same, but NULL tells the interpreter the exception raised at the target must be handled. */
#define ERROR_TO_TIER_ONE()                                                                        \
    do {                                                                                           \
        frame->stack_pointer = stack_pointer;                                                      \
        frame->instr_ptr = qk_code_start(frame) + CURRENT_TARGET();                                \
        return NULL;                                                                               \
    } while (0)

#endif
