/* Counters the runtime keeps for QUACK_STATS / --stats. One X-macro list so the JSON writer, the
 * human-readable printer and the struct never disagree. */
#ifndef QUACK_STATS_H
#define QUACK_STATS_H

#include <stdint.h>

#define QK_STATS_FIELDS(X)                                                                         \
    X(traces_started)                                                                              \
    X(traces_aborted)                                                                              \
    X(traces_compiled)                                                                             \
    X(executors_entered)                                                                           \
    X(jit_entries)                                                                                 \
    X(tier2_entries)                                                                               \
    X(side_exits)                                                                                  \
    X(uops_traced)                                                                                 \
    X(uops_emitted)                                                                                \
    X(jit_code_bytes)                                                                              \
    X(jit_data_bytes)                                                                              \
    X(jit_compile_ns)                                                                              \
    X(jit_compile_failures)                                                                        \
    X(jit_arena_bytes_mapped)                                                                      \
    X(jit_arena_bytes_used)                                                                        \
    X(jit_traces_live)                                                                             \
    X(jit_traces_freed)                                                                            \
    X(gc_collections)

typedef struct QkStats {
#define QK_STATS_DECLARE(name) uint64_t name;
    QK_STATS_FIELDS(QK_STATS_DECLARE)
#undef QK_STATS_DECLARE
} QkStats;

#endif
