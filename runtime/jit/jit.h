/* The JIT runtime's interface to the VM (runtime/interp/): the trace it is given, the code it
 * gives back and the counters it keeps. It includes no VM header; the VM includes this one. The
 * only other tie is in the stencils: their holes name the VM's functions, which the generated
 * stencil header takes the addresses of (it includes the VM's quack.h for their declarations).
 * This folder, with the generated headers, is what an interpreter fork vendors (docs/vendoring.md). */
#ifndef QUACK_JIT_H
#define QUACK_JIT_H

#include <stdint.h>
#include <stdio.h>

#include "jit_memory.h"

/* One micro-op of a trace: what the tracer records and the optimizer rewrites. */
typedef struct QkUOpInst {
    uint16_t opcode;
    uint16_t jump_target;  /* index of the stub a failed guard goes to */
    uint32_t oparg;
    uint32_t target;       /* offset of the instruction this micro-op belongs to */
    uint32_t exit_target;  /* where a guard resumes: `target`, or for branch guards the other way */
    uint32_t error_target; /* index of the stub an error goes to */
    uint32_t unboxed;      /* the stack slots holding unboxed floats at its exit (unbox.c) */
    uint32_t elided;       /* exits and errors inside an elided call: 1 + its index (elide.c) */
    uint64_t operand;
} QkUOpInst;

/* A trace to compile: its body is trace[0, length), its exit stubs trace[length, count). */
typedef struct QkJitInput {
    const QkUOpInst *trace;
    uint32_t length, count;
    uint32_t loop_start; /* where _JUMP_TO_TOP goes (_JIT_TOP) */
    const char *name;    /* the function it is in, for perf map lines */
    /* A guard micro-op (-1: none) that fails only once the VM invalidates the whole trace, as
     * _CHECK_VALIDITY does: the JIT copies a no-op in its place, which qk_jit_invalidate turns
     * into a jump to the guard's exit stub. The VM must then call qk_jit_invalidate wherever it
     * would make the guard fail. */
    int32_t patched_guard;
    /* An exit stub micro-op (-1: none) whose first act is to go on in the side trace linked to
     * its exit, as _SIDE_EXIT does: the JIT lays it out with its cached values spilled before it,
     * so that qk_jit_link can write a jump to the side trace over its start. */
    int32_t linked_exit;
} QkJitInput;

/* A compiled trace. */
typedef struct QkJitCode {
    void *entry;       /* a C function of the VM's QkJitEntry type; NULL: not compiled */
    void *first;       /* the first micro-op's code, where other traces jump in */
    QkJitTrace memory; /* meaningful only while entry is set */
    /* Where each patched guard's no-op is and the exit stub it jumps to once invalidated: code
     * offsets, two per guard. */
    uint32_t *guards;
    uint32_t nguards;
    /* Where each exit stub's own stencil starts (after any spill): code offsets, by stub. */
    uint32_t *stubs;
    uint32_t nstubs;
} QkJitCode;

/* The JIT's counters (the VM prints them among its own). */
#define QK_JIT_STATS_FIELDS(X)                                                                     \
    X(jit_code_bytes)                                                                              \
    X(jit_hot_code_bytes)                                                                          \
    X(jit_uops_compiled)                                                                           \
    X(jit_data_bytes)                                                                              \
    X(jit_compile_ns)                                                                              \
    X(jit_compile_failures)                                                                        \
    X(jit_arena_bytes_mapped)                                                                      \
    X(jit_arena_bytes_near)                                                                        \
    X(jit_arena_bytes_used)                                                                        \
    X(jit_traces_live)                                                                             \
    X(jit_traces_freed)                                                                            \
    X(jit_guards_patched)                                                                          \
    X(jit_exits_linked)

typedef struct QkJitStats {
#define QK_JIT_STATS_DECLARE(name) uint64_t name;
    QK_JIT_STATS_FIELDS(QK_JIT_STATS_DECLARE)
#undef QK_JIT_STATS_DECLARE
} QkJitStats;

/* Sets up the code arena in `memory_mode` ("flip", "dual"; NULL or "" means flip), counting into
 * `stats`; `perf_map`, if not NULL, gets a line per stencil copy. Returns -1 for an unknown mode.
 * Called once, before anything is compiled. */
int qk_jit_init(const char *memory_mode, QkJitStats *stats, FILE *perf_map);
/* Unmaps the arena; every trace must have been freed. */
void qk_jit_fini(void);

/* Copy-and-patch: fills `out`; returns -1 (out->entry NULL) if it cannot, and the trace stays
 * with the micro-op interpreter. */
int qk_jit_compile(const QkJitInput *in, QkJitCode *out);
void qk_jit_free(QkJitCode *code);
/* Makes every patched guard of a compiled trace jump to its exit: the trace leaves at the next
 * one it reaches (it may be running, suspended in a call). Stops the process if the system
 * refuses to let the code be rewritten, as the trace could no longer be left. */
void qk_jit_invalidate(QkJitCode *code);
/* Makes exit stub `stub` (its index among the trace's stubs) of a compiled trace jump straight to
 * `target`, a side trace's first micro-op, when the stub is a linked_exit one. Stops the process
 * if the system refuses to let the code be rewritten. */
void qk_jit_link(QkJitCode *code, uint32_t stub, const void *target);

/* quack --compile-bench: for each trace given, the time to lay it out, copy and patch it into
 * ordinary memory against plain memcpys of the same bytes; the report goes to `out`. */
typedef struct QkJitBench {
    uint64_t traces, bytes, patch_ns, copy_ns, block_ns;
    uint64_t code_bytes, hot_code_bytes, uops; /* as the jit_* counters of the same names */
} QkJitBench;
void qk_jit_bench(const QkJitInput *in, QkJitBench *bench);
void qk_jit_bench_report(const QkJitBench *bench, FILE *out);

#endif
