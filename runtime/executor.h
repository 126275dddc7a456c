/* Executors: a recorded trace of micro-ops, run by the micro-op interpreter or as JIT code. */
#ifndef QUACK_EXECUTOR_H
#define QUACK_EXECUTOR_H

#include <stddef.h>

#include "jit_memory.h"
#include "quack.h"

typedef struct QkUOpInst {
    uint16_t opcode;
    uint16_t jump_target;  /* index of the stub a failed guard goes to */
    uint32_t oparg;
    uint32_t target;       /* offset of the instruction this micro-op belongs to */
    uint32_t exit_target;  /* where a guard resumes: `target`, or for branch guards the other way */
    uint32_t error_target; /* index of the stub an error goes to */
    uint64_t operand;
} QkUOpInst;

typedef QkCodeUnit *(*QkJitEntry)(QkFrame *frame, QkValue *stack_pointer, QkThread *tstate);

struct QkExecutor {
    QkCode *code;
    QkCodeUnit original;  /* the JUMP_BACKWARD unit ENTER_EXECUTOR replaced */
    uint32_t length;      /* micro-ops in the trace body */
    uint32_t count;       /* body and stubs */
    QkUOpInst *trace;
    QkJitEntry jit_entry; /* NULL: run by the micro-op interpreter */
    QkJitTrace jit_memory; /* meaningful only while jit_entry is set */
};

/* Runs an executor from its first micro-op; returns the next instruction for tier 1 (or NULL on an
 * error, with frame->instr_ptr at the failing instruction), stack pointer stored in the frame. */
QkCodeUnit *qk_run_uops(QkThread *tstate, QkFrame *frame, QkExecutor *executor);
void qk_executor_free(QkExecutor *executor);

/* Copy-and-patch: fills executor->jit_entry; returns -1 (executor unchanged) if it cannot. */
int qk_jit_compile(QkThread *tstate, QkExecutor *executor);
void qk_jit_free(QkExecutor *executor);

#endif
