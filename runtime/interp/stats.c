/* Writing the counters: JSON for QUACK_STATS=FILE, a table for --stats. */
#include <inttypes.h>
#include <stdio.h>

#include "quack_metadata.h"
#include "stats_io.h"

#define QK_FAMILY_FIELDS(X) X(hits) X(misses) X(successes) X(failures) X(deopts)

static const char *const abort_names[QK_ABORT_COUNT] = {
#define QK_TRACE_ABORT_NAME(name) #name,
    QK_TRACE_ABORTS(QK_TRACE_ABORT_NAME)
#undef QK_TRACE_ABORT_NAME
};

/* `"name": n` pairs of the non-zero counts, as a JSON object's members. */
static void json_counts(FILE *f, const uint64_t *counts, const char *const *names, int n) {
    const char *sep = "";
    for (int i = 0; i < n; i++) {
        if (counts[i] != 0) {
            fprintf(f, "%s\"%s\": %" PRIu64, sep, names[i], counts[i]);
            sep = ", ";
        }
    }
}

static uint64_t sum_traced(const QkTraceLog *log, int emitted) {
    uint64_t total = 0;
    for (uint32_t i = 0; i < log->count; i++) {
        total += emitted ? log->entries[i].emitted : log->entries[i].traced;
    }
    return total;
}

int qk_stats_write_json(const QkThread *tstate, const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        return -1;
    }
    const QkStats *stats = &tstate->stats;
#define QK_STATS_JSON(name) fprintf(f, "  \"%s\": %" PRIu64 ",\n", #name, stats->name);
    fputs("{\n", f);
    QK_STATS_FIELDS(QK_STATS_JSON)
#undef QK_STATS_JSON
#define QK_STATS_JSON(name) fprintf(f, "  \"%s\": %" PRIu64 ",\n", #name, stats->jit.name);
    QK_JIT_STATS_FIELDS(QK_STATS_JSON)
#undef QK_STATS_JSON
    fputs("  \"trace_aborts\": {", f);
    json_counts(f, stats->trace_aborts, abort_names, QK_ABORT_COUNT);
    fputs("},\n  \"untraceable\": {", f);
    json_counts(f, stats->untraceable, qk_opcode_names, 256);
    fputs("},\n  \"traces\": [", f);
    const QkTraceLog *log = &tstate->trace_log;
    for (uint32_t i = 0; i < log->count; i++) {
        const QkTraceLogEntry *e = &log->entries[i];
        fprintf(f,
                "%s\n    {\"function\": \"%s\", \"offset\": %u, \"side\": %s, \"entry\": %s, "
                "\"traced\": %u, \"emitted\": %u, \"loop\": %u, \"stubs\": %u}",
                i ? "," : "", e->function, e->offset, e->side ? "true" : "false",
                e->entry ? "true" : "false", e->traced, e->emitted, e->loop, e->stubs);
    }
    fputs("\n  ],\n  \"specialization\": {", f);
    for (int i = 0; i < QK_FAMILY_COUNT; i++) {
        const QkSpecializationStats *s = &tstate->specialization[i];
        const char *sep = "";
        fprintf(f, "%s\n    \"%s\": {", i ? "," : "", qk_family_names[i]);
#define QK_FAMILY_JSON(name)                                                                       \
    fprintf(f, "%s\"%s\": %" PRIu64, sep, #name, s->name);                                         \
    sep = ", ";
        QK_FAMILY_FIELDS(QK_FAMILY_JSON)
#undef QK_FAMILY_JSON
        fputs("}", f);
    }
    fputs("\n  }\n}\n", f);
    return fclose(f);
}

static void print_counts(FILE *out, const char *title, const uint64_t *counts,
                         const char *const *names, int n) {
    for (int i = 0; i < n; i++) {
        if (counts[i] != 0) {
            fprintf(out, "  %s %-22s %" PRIu64 "\n", title, names[i], counts[i]);
        }
    }
}

void qk_stats_print(const QkThread *tstate, FILE *out) {
    const QkStats *stats = &tstate->stats;
    fputs("quack statistics\n", out);
#define QK_STATS_LINE(name) fprintf(out, "  %-20s %" PRIu64 "\n", #name, stats->name);
    QK_STATS_FIELDS(QK_STATS_LINE)
#undef QK_STATS_LINE
#define QK_STATS_LINE(name) fprintf(out, "  %-20s %" PRIu64 "\n", #name, stats->jit.name);
    QK_JIT_STATS_FIELDS(QK_STATS_LINE)
#undef QK_STATS_LINE
    const QkJitStats *jit = &stats->jit;
    if (jit->jit_uops_compiled > 0) {
        /* Hot code: what runs while no guard fails; the rest is exit stubs and trampolines. */
        fprintf(out, "  code per micro-op    %.1f bytes (hot code %" PRIu64 " bytes for %" PRIu64
                     " micro-ops); exit stubs %.1f%% of the code\n",
                (double)jit->jit_hot_code_bytes / (double)jit->jit_uops_compiled,
                jit->jit_hot_code_bytes, jit->jit_uops_compiled,
                100.0 * (double)(jit->jit_code_bytes - jit->jit_hot_code_bytes) /
                    (double)jit->jit_code_bytes);
    }
    print_counts(out, "aborted:", stats->trace_aborts, abort_names, QK_ABORT_COUNT);
    print_counts(out, "untraceable:", stats->untraceable, qk_opcode_names, 256);
    const QkTraceLog *log = &tstate->trace_log;
    uint64_t traced = sum_traced(log, 0), emitted = sum_traced(log, 1);
    fprintf(out, "traces              %u (micro-ops traced %" PRIu64 ", emitted %" PRIu64 ")\n",
            log->count, traced, emitted);
    for (uint32_t i = 0; i < log->count; i++) {
        const QkTraceLogEntry *e = &log->entries[i];
        fprintf(out, "  %-5s %-28s @%-5u traced %4u emitted %4u loop %4u (%u stubs)\n",
                e->side ? "side" : e->entry ? "entry" : "root", e->function, e->offset, e->traced,
                e->emitted, e->loop, e->stubs);
    }
    fprintf(out, "specialization      %12s %10s %10s %10s %8s %8s\n", "hits", "misses", "hit rate",
            "specialized", "failed", "deopts");
    for (int i = 0; i < QK_FAMILY_COUNT; i++) {
        const QkSpecializationStats *s = &tstate->specialization[i];
        uint64_t total = s->hits + s->misses;
        fprintf(out, "  %-18s %12" PRIu64 " %10" PRIu64 " %9.1f%% %10" PRIu64 " %8" PRIu64
                     " %8" PRIu64 "\n",
                qk_family_names[i], s->hits, s->misses, total ? 100.0 * (double)s->hits / (double)total : 0.0,
                s->successes, s->failures, s->deopts);
    }
}
