/* Frames and the per-thread state. See docs/architecture.md "Code and frames". */
#ifndef QUACK_FRAME_H
#define QUACK_FRAME_H

#include <stdint.h>

#include "object.h"
#include "stats.h"

typedef struct QkFrame {
    QkCode *code;
    QkValue globals;
    struct QkFrame *previous;
    QkCodeUnit *instr_ptr;     /* the instruction executing (or to resume at) */
    QkValue *stack_pointer;    /* saved top of the value stack; valid whenever GC may run */
    int is_entry;              /* returning from this frame leaves qk_eval */
    QkValue localsplus[];      /* nlocals locals, then the value stack */
} QkFrame;

typedef struct QkTraceRecorder QkTraceRecorder;

struct QkThread {
    QkFrame *current_frame;
    QkValue *datastack_base, *datastack_top, *datastack_limit;
    int frame_depth;
    int recursion_limit;

    QkValue exception;   /* current exception, QK_NULL if none */
    /* Traceback entries collected while an exception unwinds: (code, line) pairs. */
    int tb_count, tb_capacity;
    struct QkTracebackEntry { QkCode *code; uint32_t line; } *traceback;

    QkValue globals;
    QkValue builtins;

    /* The collector. */
    QkObject *gc_objects;
    size_t gc_allocated, gc_threshold;
    QkValue *c_roots[QK_MAX_C_ROOTS];
    int n_c_roots;

    /* Tier 2. */
    int tier2_enabled, jit_enabled;
    uint32_t jit_threshold;
    QkTraceRecorder *recorder; /* non-NULL while recording a trace */
    QkStats stats;
};

static inline QkCodeUnit *qk_code_start(QkFrame *frame) { return frame->code->code; }

#endif
