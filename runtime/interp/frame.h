/* Frames and the per-thread state. See docs/architecture.md "Code and frames". */
#ifndef QUACK_FRAME_H
#define QUACK_FRAME_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "object.h"
#include "quack_opargs.h"
#include "stats.h"

typedef struct QkFrame {
    QkCode *code;
    QkValue func;    /* the function running, or QK_NULL (module code) */
    QkValue globals;
    QkValue locals;  /* a class body's namespace (LOAD_NAME/STORE_NAME), else QK_NULL */
    struct QkFrame *previous;
    QkCodeUnit *instr_ptr;     /* the instruction executing (or to resume at) */
    QkValue *stack_pointer;    /* saved top of the value stack; valid whenever GC may run */
    int is_entry;              /* returning from this frame leaves the C call running it */
    int owned_by_generator;    /* lives in a generator object, not on the data stack */
    QkValue init_self;         /* an inlined __init__: the instance it returns, else QK_NULL */
    QkValue binop_lhs;         /* an inlined binary-operator dunder: its operands, to go on with */
    QkValue binop_rhs;         /* the operator if it returns NotImplemented; else QK_NULL */
    uint32_t binop;            /* and the operator (BINARY_OP's oparg) */
    QkValue localsplus[];      /* nlocals locals, then the value stack */
} QkFrame;

typedef struct QkTraceRecorder QkTraceRecorder;

/* What happened to one family of specialized instructions (for --stats). */
typedef struct QkSpecializationStats {
    uint64_t hits;      /* a specialized instruction ran */
    uint64_t misses;    /* its guard failed: the generic instruction ran instead */
    uint64_t successes; /* a generic instruction was specialized */
    uint64_t failures;  /* nothing fitted: it backs off */
    uint64_t deopts;    /* too many misses: turned back into the generic instruction */
} QkSpecializationStats;

#define QK_MAX_FAMILIES 32

/* Tier 2's bounds (QUACK_* environment variables, see README). */
typedef struct QkTraceConfig {
    uint32_t loop_threshold;  /* back edges before a loop is traced */
    uint32_t exit_threshold;  /* times a side exit is taken before it gets a side trace */
    uint32_t max_length;      /* micro-ops recorded per trace */
    uint32_t max_side_traces; /* side traces per tree */
    uint32_t max_depth;       /* calls a trace follows, nested */
} QkTraceConfig;

struct QkThread {
    QkFrame *current_frame;
    QkValue *datastack_base, *datastack_top, *datastack_limit;
    int frame_depth;
    int recursion_limit;
    int64_t int_max_str_digits; /* sys.set_int_max_str_digits: 0 is no limit */

    QkValue exception; /* the exception being raised, QK_NULL if none */
    QkValue exc_info;  /* the exception being handled (in an except block), QK_NULL if none */
    int yielded;       /* set by YIELD_VALUE: the frame that returned was suspended */
    int reraising;     /* RERAISE: the traceback already holds the current frame */
    int send_done;     /* _SEND_TIER_TWO: whether the sub-iterator finished (its guards read it) */
    QkValue *elided_call; /* where the slots of the elided call running start (elide.c) */

    QkValue globals;
    QkValue builtins;
    QkValue modules;       /* dict: name -> module, for import (sys.modules) */
    QkValue image_modules; /* dict: name -> (code, is_package), the image's modules */
    char **argv;           /* sys.argv: the program, then its arguments */
    int argc;
    /* LOAD_COMMON_BUILTIN's: the builtins as they were at startup (qk_thread_init). */
    QkValue common_builtins[QK_LOAD_COMMON_BUILTIN_COUNT];

    /* The collector's pacing is in its heap (runtime/objects/gc.c). */
    int gc_stress; /* QUACK_GC_STRESS=1: collect at every allocation (finds unrooted values) */
    QkValue **c_roots;
    int n_c_roots, c_roots_capacity;

    /* Tier 2. */
    int tier2_enabled, jit_enabled;
    QkTraceConfig trace_config;
    QkTraceRecorder *recorder; /* non-NULL while recording a trace */
    int executor_depth;        /* traces running (nested through calls from micro-ops) */
    int dump_traces;           /* --dump-traces: print each trace before and after optimizing */
    QkStats stats;
    QkTraceLog trace_log;
    QkSpecializationStats specialization[QK_MAX_FAMILIES];
};

static inline QkCodeUnit *qk_code_start(QkFrame *frame) { return frame->code->code; }

/* Grows the thread's list of C roots (gc.c): C calls nest as deep as the recursion limit lets
 * Python code call through them. */
void qk_root_grow(QkThread *tstate);

/* Roots held by C code between allocations (helpers that allocate more than once). Inline: a
 * helper such as range() or min() pushes several on every call. */
static inline void qk_root_push(QkThread *tstate, QkValue *slot) {
    if (tstate->n_c_roots == tstate->c_roots_capacity) {
        qk_root_grow(tstate);
    }
    tstate->c_roots[tstate->n_c_roots++] = slot;
}

static inline void qk_root_pop(QkThread *tstate, int n) { tstate->n_c_roots -= n; }

/* The size of a frame for `code`, in bytes (generators embed one). */
static inline size_t qk_frame_size(const QkCode *code) {
    return sizeof(QkFrame) + (code->nlocals + code->stacksize) * sizeof(QkValue);
}

/* Sets up a frame in memory the caller owns (the data stack, or a generator): its locals from
 * `bound` on unbound (NULL), the first `bound` left for the caller to store (the arguments of an
 * exact call). The value stack is not cleared: the collector and a generator's traversal scan a
 * frame only up to its stack pointer, and an exception handler's depth never exceeds what the
 * code pushed (the image verifier checks it). */
static inline void qk_frame_init(QkFrame *frame, QkCode *code, QkValue globals, uint32_t bound) {
    frame->code = code;
    frame->func = QK_NULL;
    frame->globals = globals;
    frame->locals = QK_NULL;
    frame->previous = NULL;
    frame->instr_ptr = code->code;
    frame->is_entry = 0;
    frame->owned_by_generator = 0;
    frame->init_self = QK_NULL;
    frame->binop_lhs = frame->binop_rhs = QK_NULL;
    /* A plain loop: functions have few locals, and a vectorized one made every call stencil
     * 80 bytes longer (gcc, which builds a vendoring fork's VM, gets no hint). */
#ifdef __clang__
#pragma clang loop vectorize(disable) unroll(disable)
#endif
    for (uint32_t i = bound; i < code->nlocals; i++) {
        frame->localsplus[i] = QK_NULL;
    }
    frame->stack_pointer = frame->localsplus + code->nlocals;
}

/* Raises RecursionError (ceval.c): the frame limit, or the data stack, is reached. NULL. */
QkFrame *qk_frame_overflow(QkThread *tstate);

/* Frames on the thread's data stack (qk_frame_init's `bound`). Traces push and pop the frames of
 * the calls they follow too: inline, so a stencil's call or return makes no call. */
static inline QkFrame *qk_frame_push(QkThread *tstate, QkFrame *previous, QkCode *code,
                                     QkValue globals, uint32_t bound) {
    size_t words = code->frame_words;
    if (tstate->frame_depth >= tstate->recursion_limit ||
        (size_t)(tstate->datastack_limit - tstate->datastack_top) < words) {
        return qk_frame_overflow(tstate);
    }
    QkFrame *frame = (QkFrame *)tstate->datastack_top;
    tstate->datastack_top += words;
    qk_frame_init(frame, code, globals, bound);
    frame->previous = previous;
    tstate->current_frame = frame;
    tstate->frame_depth++;
    return frame;
}

static inline void qk_frame_pop(QkThread *tstate, QkFrame *frame) {
    if (!frame->owned_by_generator) {
        tstate->datastack_top = (QkValue *)frame;
    }
    tstate->current_frame = frame->previous;
    tstate->frame_depth--;
}

#endif
