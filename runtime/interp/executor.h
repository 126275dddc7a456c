/* Executors: a recorded trace of micro-ops, run by the micro-op interpreter or as JIT code.
 *
 * A hot loop gets a root executor, installed over its back edge. Each guard of a trace exits
 * through a stub with its own exit record; an exit taken often gets a side trace of its own,
 * which the stub then jumps to directly. A root and its side traces form a tree that lives and
 * dies together: one validity flag, one list of what the traces rely on (see invalidate.c). */
#ifndef QUACK_EXECUTOR_H
#define QUACK_EXECUTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "invalidate.h"
#include "jit.h"
#include "quack.h"

/* What a compiled trace's entry (QkJitCode.entry) is. */
typedef QkCodeUnit *(*QkJitEntry)(QkFrame *frame, QkValue *stack_pointer, QkThread *tstate);

/* One side exit of a trace: how often it was taken, and the side trace it leads to once hot. */
typedef struct QkExit {
    QkCodeUnit temperature; /* an adaptive counter (counter.h) */
    QkExecutor *side;       /* NULL until a side trace is linked */
    QkExecutor *owner;
    uint32_t target; /* the instruction tier 1 resumes at */
    bool in_elided_call; /* its stub builds the frame of an elided call (elide.c) first */
} QkExit;

typedef struct QkDependency {
    QkDependencyKind kind;
    const void *object; /* the QkType, the tree, or the dict (globals, builtins) */
    uint64_t key;       /* globals: the name's hash; else 0 */
} QkDependency;

struct QkExecutor {
    QkCode *code;          /* where the trace starts */
    QkExecutor *root;      /* the tree's root (itself for a root) */
    uint32_t length;       /* micro-ops in the trace body */
    uint32_t count;        /* body and stubs */
    uint32_t traced;       /* micro-ops recorded, before the optimizer */
    uint32_t loop_start;   /* where _JUMP_TO_TOP goes: after the peeled iteration, or 0 */
    QkUOpInst *trace;
    QkExit *exits;
    uint32_t nexits;
    QkJitCode jit;         /* jit.entry NULL: run by the micro-op interpreter */
    /* Every object the trace refers to: its operands that are values, the code and globals of
     * each frame its micro-ops run in. The collector marks them while the executor lives (see
     * qk_executor_traverse), so no operand ever points at a freed object. */
    QkValue *objects;
    uint32_t nobjects;

    /* Roots only. */
    bool entry;            /* a function-entry trace: code->entry_executor, no back edge */
    QkCodeUnit *backedge;  /* loop traces: the JUMP_BACKWARD that ENTER_EXECUTOR replaced */
    QkCodeUnit original;
    uint32_t index;        /* in code->executors */
    bool valid;
    uint32_t side_traces;
    QkExecutor *next_side; /* the tree's side traces, a chain from the root */
    QkDependency *deps;
    uint32_t ndeps;
    QkExecutor *prev_root, *next_root; /* every live root, for invalidation */
};

/* Runs an executor from its first micro-op; returns the next instruction for tier 1 (or NULL on an
 * error, with frame->instr_ptr at the failing instruction), stack pointer stored in the frame of
 * tstate->current_frame (a trace may stop inside a call it followed). */
QkCodeUnit *qk_run_uops(QkThread *tstate, QkFrame *frame, QkExecutor *executor);
/* Frees a root with its side traces, or one side trace. */
void qk_executor_free(QkExecutor *executor);
/* Whether a micro-op's operand is a value (an output it pushes is its operand: a class
 * attribute, a cached method, a constant): an object the collector must see. */
bool qk_uop_operand_is_value(uint16_t opcode);
/* Visits the objects a tree (a root and its side traces) refers to. */
void qk_executor_traverse(const QkExecutor *root, QkVisitFunc visit, void *arg);
/* Visits the objects of the trees invalidated and not yet freed (a running trace may still be
 * in one of them). */
void qk_executors_traverse_invalid(QkVisitFunc visit, void *arg);

/* Copy-and-patch (runtime/jit/): fills executor->jit; returns -1 (executor unchanged) if it
 * cannot. */
int qk_executor_compile(QkExecutor *executor);
/* quack --compile-bench: copy-and-patch time of every live trace against memcpy, on `out`. */
void qk_executors_compile_bench(FILE *out);

/* The live trees, for invalidation (invalidate.c). */
void qk_executor_track(QkExecutor *root);
void qk_executor_untrack(QkExecutor *root);
/* The first live root (the rest follow through next_root). */
QkExecutor *qk_executors_live(void);
int qk_executor_depend(QkExecutor *root, QkDependencyKind kind, const void *object, uint64_t key);
/* Frees the trees invalidated while traces ran, once none runs. */
void qk_executors_reclaim(QkThread *tstate);

/* Where a recorded micro-op ran: the optimizer reads constants and names through it. */
typedef struct QkTraceOrigin {
    QkCode *code;
    QkValue globals; /* the frame's */
} QkTraceOrigin;

/* The trace optimizer (optimizer.c): rewrites body[0..length) in place (up to `capacity` micro-ops:
 * a peeled loop may be longer than what was recorded) and returns the new length; sets
 * *loop_start to where _JUMP_TO_TOP goes; registers what the result relies on with `root`. */
uint32_t qk_optimize_trace(QkThread *tstate, QkExecutor *root, QkUOpInst *body,
                           const QkTraceOrigin *origins, uint32_t length, uint32_t capacity,
                           uint32_t *loop_start);

/* Runs one pure micro-op or guard on known inputs (constant folding). 1: it went on, outputs
 * filled; -1: it exited (a guard failed: on these inputs it always does); 0: the result is not
 * what the caller expected. */
int qk_uop_evaluate(QkThread *tstate, const QkUOpInst *uop, QkCode *code, const QkValue *inputs,
                    int ninputs, QkValue *outputs, int noutputs);

/* What the tier-2 micro-ops see of executors: their operands hold QkExit and QkExecutor
 * addresses. */
static inline QkExecutor *qk_exit_side(uint64_t exit) { return ((QkExit *)(uintptr_t)exit)->side; }
static inline QkExecutor *qk_executor_at(uint64_t executor) {
    return (QkExecutor *)(uintptr_t)executor;
}
static inline bool qk_executor_valid(uint64_t root) { return qk_executor_at(root)->valid; }

#endif
