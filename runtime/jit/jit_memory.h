/* The JIT's code arena: many traces' machine code and data packed into shared chunks, never
 * writable and executable through the same view. Two interchangeable modes (QUACK_JIT_MEMORY):
 *   flip: one view per chunk; the pages a trace is written to are read-write while it is written
 *         and patched, then read-execute (code) or read-only (data).
 *   dual: a memfd mapped twice, read-write for writing and read-execute (or read-only) for running;
 *         no protection ever changes, so it works where W->X is refused (PR_SET_MDWE). */
#ifndef QUACK_JIT_MEMORY_H
#define QUACK_JIT_MEMORY_H

#include <stddef.h>
#include <stdint.h>

struct QkJitStats;

/* Data ranges are aligned to this; jit.c checks it matches QK_STENCIL_DATA_ALIGN. */
#define QK_JIT_DATA_ALIGN 16

typedef struct QkJitChunk QkJitChunk;

/* One allocation in a chunk: written through `write`, run (or read by the code) at `run`. */
typedef struct QkJitRange {
    QkJitChunk *chunk;
    size_t offset, size;
    uint8_t *write;
    uintptr_t run;
} QkJitRange;

/* A trace's memory: its code and its data live in separate chunks. */
typedef struct QkJitTrace {
    QkJitRange code, data;
} QkJitTrace;

/* Selects the mode ("flip", "dual"; NULL or "" means flip); the arena's counters go to `stats`.
 * Returns -1 for an unknown mode. Called once, before anything is compiled. */
int qk_jit_memory_init(const char *mode, struct QkJitStats *stats);
/* Unmaps every chunk; every trace must have been released. */
void qk_jit_memory_fini(void);

/* Allocates a trace's code and data, writable through their `write` views until committed.
 * Returns -1 (nothing allocated) if memory cannot be mapped. */
int qk_jit_memory_reserve(QkJitTrace *trace, size_t code_size, size_t data_size);
/* Makes a reserved trace runnable. Returns -1 (the trace discarded) if the system refuses. */
int qk_jit_memory_commit(QkJitTrace *trace);
/* Gives back a reserved trace that will not be committed (patching failed). */
void qk_jit_memory_discard(QkJitTrace *trace);
/* Overwrites n bytes of a committed trace's code at `offset` with `bytes`: through the write
 * view, or in flip mode with the pages writable meanwhile. Returns -1 if the system refuses. */
int qk_jit_memory_rewrite(QkJitTrace *trace, size_t offset, const uint8_t *bytes, size_t n);
/* Gives back a committed trace's memory for reuse. */
void qk_jit_memory_release(QkJitTrace *trace);

#endif
