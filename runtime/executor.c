/* The micro-op interpreter: runs executors with the generated tier-2 cases. It is the debugging
 * reference for traces and the behaviour the JIT's machine code must match. */
#include <stdio.h>
#include <stdlib.h>

#include "executor.h"
#include "quack_metadata.h"
#include "tier2_exits.h"

/* Tier-2 spellings of what generated micro-op bodies do (the stencil template has its own). */
#define CURRENT_OPARG() (this_uop->oparg)
#define CURRENT_OPERAND() (this_uop->operand)
#define CURRENT_TARGET() (this_uop->target)
#define JUMP_TO_JUMP_TARGET() goto jump_to_jump_target
#define JUMP_TO_ERROR() goto jump_to_error
#define JUMP_TO_TOP() goto jump_to_top
#define NEXT_UOP() goto next_uop

static QkCodeUnit *interpret(QkThread *tstate, QkFrame *frame, QkExecutor *ex) {
    QkValue *stack_pointer = frame->stack_pointer;
    const QkUOpInst *next_uop = ex->trace;
    const QkUOpInst *this_uop;
    tstate->stats.tier2_entries++;
    for (;;) {
        this_uop = next_uop++;
        switch (this_uop->opcode) {
#include "quack_tier2_cases.c.h"
        default:
            fprintf(stderr, "quack: internal error: micro-op %u in a trace\n", this_uop->opcode);
            abort();
        }
    next_uop:
        continue;
    jump_to_jump_target:
        next_uop = ex->trace + this_uop->jump_target;
        continue;
    jump_to_error:
        next_uop = ex->trace + this_uop->error_target;
        continue;
    jump_to_top:
        next_uop = ex->trace;
    }
}

QkCodeUnit *qk_run_uops(QkThread *tstate, QkFrame *frame, QkExecutor *ex) {
    if (ex->jit_entry != NULL) {
        tstate->stats.jit_entries++;
        return ex->jit_entry(frame, frame->stack_pointer, tstate);
    }
    return interpret(tstate, frame, ex);
}

void qk_executor_free(QkExecutor *ex) {
    qk_jit_free(ex);
    free(ex->trace);
    free(ex);
}
