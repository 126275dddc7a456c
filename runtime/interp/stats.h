/* Counters the runtime keeps for QUACK_STATS / --stats. One X-macro list so the JSON writer, the
 * human-readable printer and the struct never disagree. */
#ifndef QUACK_STATS_H
#define QUACK_STATS_H

#include <stdint.h>

#include "jit.h"

#define QK_STATS_FIELDS(X)                                                                         \
    X(traces_started)                                                                              \
    X(traces_aborted)                                                                              \
    X(traces_compiled)                                                                             \
    X(side_traces_compiled)                                                                        \
    X(entry_traces_compiled)                                                                       \
    X(traces_invalidated)                                                                          \
    X(executors_entered)                                                                           \
    X(jit_entries)                                                                                 \
    X(tier2_entries)                                                                               \
    X(side_exits)                                                                                  \
    X(exit_floats_boxed)                                                                           \
    X(frames_elided)                                                                               \
    X(frames_materialized)                                                                         \
    X(uops_traced)                                                                                 \
    X(uops_emitted)                                                                                \
    X(gc_collections)

/* Why recordings were given up. */
#define QK_TRACE_ABORTS(X)                                                                         \
    X(error)            /* an exception was raised while recording */                            \
    X(left_frames)      /* execution left the frames the trace follows (unwinding, generators) */ \
    X(branch_direction) /* a branch went a way with no tier-2 form */                             \
    X(empty)            /* nothing recorded before the trace had to end */                        \
    X(too_short)        /* a function-entry trace not worth entering (trace.c MIN_ENTRY_WORK) */  \
    X(invalidated)      /* the tree a side trace was for became invalid */                        \
    X(no_memory)                                                                                   \
    X(shutdown)

typedef enum {
#define QK_TRACE_ABORT_ENUM(name) QK_ABORT_##name,
    QK_TRACE_ABORTS(QK_TRACE_ABORT_ENUM)
#undef QK_TRACE_ABORT_ENUM
        QK_ABORT_COUNT
} QkTraceAbort;

typedef struct QkStats {
#define QK_STATS_DECLARE(name) uint64_t name;
    QK_STATS_FIELDS(QK_STATS_DECLARE)
#undef QK_STATS_DECLARE
    QkJitStats jit; /* the JIT runtime's (runtime/jit/jit.h), printed after these */
    uint64_t trace_aborts[QK_ABORT_COUNT];
    /* Traces that ended at an instruction without a tier-2 form, by opcode. */
    uint64_t untraceable[256];
} QkStats;

/* One entry per trace compiled: where it starts and what the optimizer made of it. */
typedef struct QkTraceLogEntry {
    char function[48]; /* the code's qualified name, cut to fit */
    uint32_t offset;      /* where the trace starts */
    uint32_t traced, emitted; /* micro-ops recorded; in the body after the optimizer */
    uint32_t loop;            /* of those, run each round (after a peeled first iteration) */
    uint32_t stubs;           /* exit and error stubs after the body */
    int side;
    int entry;                /* a root at function entry (else at a loop head) */
} QkTraceLogEntry;

typedef struct QkTraceLog {
    QkTraceLogEntry *entries;
    uint32_t count, capacity;
} QkTraceLog;

#endif
