/* The micro-op interpreter: runs executors with the generated tier-2 cases. It is the debugging
 * reference for traces and the behaviour the JIT's machine code must match. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
#define NEXT_UOP() goto dispatch_uop
#define QK_GOTO_EXECUTOR(executor)                                                                 \
    do {                                                                                           \
        ex = (executor);                                                                           \
        next_uop = ex->trace;                                                                      \
        goto dispatch_uop;                                                                         \
    } while (0)

static QkCodeUnit *interpret(QkThread *tstate, QkFrame *frame, QkExecutor *ex) {
    QkValue *stack_pointer = frame->stack_pointer;
    const QkUOpInst *next_uop = ex->trace;
    const QkUOpInst *this_uop;
    for (;;) {
    dispatch_uop:
        this_uop = next_uop++;
        switch (this_uop->opcode) {
#include "quack_tier2_cases.c.h"
        default:
            fprintf(stderr, "quack: internal error: micro-op %u in a trace\n", this_uop->opcode);
            abort();
        }
        continue;
    jump_to_jump_target:
        next_uop = ex->trace + this_uop->jump_target;
        continue;
    jump_to_error:
        next_uop = ex->trace + this_uop->error_target;
        continue;
    jump_to_top:
        next_uop = ex->trace + ex->loop_start;
    }
}

QkCodeUnit *qk_run_uops(QkThread *tstate, QkFrame *frame, QkExecutor *ex) {
    QkCodeUnit *next;
    tstate->stats.executors_entered++;
    tstate->executor_depth++;
    if (ex->jit.entry != NULL) {
        tstate->stats.jit_entries++;
        QkJitEntry entry;
        memcpy(&entry, &ex->jit.entry, sizeof entry); /* ISO C has no object-to-function cast */
        next = entry(frame, frame->stack_pointer, tstate);
    } else {
        tstate->stats.tier2_entries++;
        next = interpret(tstate, frame, ex);
    }
    if (--tstate->executor_depth == 0) {
        qk_executors_reclaim(tstate);
    }
    return next;
}

static QkJitInput jit_input(const QkExecutor *ex) {
    /* A validity check is a no-op the invalidation of the tree patches (invalidate.c); an exit
     * stub becomes a jump to its side trace once one is linked (trace.c). */
    return (QkJitInput){ex->trace, ex->length, ex->count, ex->loop_start,
                        qk_as_str(ex->code->qualname)->data, _CHECK_VALIDITY, _SIDE_EXIT};
}

int qk_executor_compile(QkExecutor *ex) {
    QkJitInput in = jit_input(ex);
    return qk_jit_compile(&in, &ex->jit);
}

void qk_executors_compile_bench(FILE *out) {
    QkJitBench bench = {0};
    for (QkExecutor *root = qk_executors_live(); root != NULL; root = root->next_root) {
        for (QkExecutor *ex = root; ex != NULL; ex = ex->next_side) {
            QkJitInput in = jit_input(ex);
            qk_jit_bench(&in, &bench);
        }
    }
    qk_jit_bench_report(&bench, out);
}

void qk_executor_free(QkExecutor *ex) {
    if (ex->root == ex) {
        qk_executor_untrack(ex);
        for (QkExecutor *side = ex->next_side, *next; side != NULL; side = next) {
            next = side->next_side;
            qk_executor_free(side);
        }
        free(ex->deps);
    }
    qk_jit_free(&ex->jit);
    free(ex->objects);
    free(ex->exits);
    free(ex->trace);
    free(ex);
}

bool qk_uop_operand_is_value(uint16_t opcode) {
    const QkUopFacts *facts = &qk_uop_facts[opcode];
    for (int i = 0; i < facts->pushed && i < QK_MAX_UOP_ITEMS; i++) {
        if (facts->facts[i] == QK_FACT_OPERAND) {
            return true;
        }
    }
    return false;
}

void qk_executor_traverse(const QkExecutor *root, QkVisitFunc visit, void *arg) {
    for (const QkExecutor *ex = root; ex != NULL; ex = ex->next_side) {
        for (uint32_t i = 0; i < ex->nobjects; i++) {
            visit(ex->objects[i], arg);
        }
    }
}

int qk_uop_evaluate(QkThread *tstate, const QkUOpInst *uop, QkCode *code, const QkValue *inputs,
                    int ninputs, QkValue *outputs, int noutputs) {
    /* A frame with room for the inputs and outputs; pure micro-ops and guards read nothing else
     * of it but its code (constants, names). */
    union {
        QkFrame frame;
        char bytes[sizeof(QkFrame) + 2 * QK_MAX_UOP_ITEMS * sizeof(QkValue)];
    } scratch;
    QkFrame *frame = &scratch.frame;
    memset(&scratch, 0, sizeof scratch);
    frame->code = code;
    frame->stack_pointer = frame->localsplus;
    memcpy(frame->localsplus, inputs, (size_t)ninputs * sizeof(QkValue));
    frame->stack_pointer += ninputs;
    /* The micro-op, then "passed" (target 0) and its exit stub "failed" (target 1). */
    QkUOpInst trace[3] = {*uop, {.opcode = _EXIT_TRACE, .target = 0},
                          {.opcode = _EXIT_TRACE, .target = 1}};
    trace[0].jump_target = 2;
    QkExecutor ex = {.trace = trace, .length = 2, .count = 3};
    QkCodeUnit *next = interpret(tstate, frame, &ex);
    if (next == code->code + 1) {
        return -1;
    }
    if (next != code->code || frame->stack_pointer != frame->localsplus + noutputs) {
        return 0;
    }
    memcpy(outputs, frame->localsplus, (size_t)noutputs * sizeof(QkValue));
    return 1;
}
