/* Writing the counters: JSON for QUACK_STATS=FILE, a table for --stats. */
#include <inttypes.h>
#include <stdio.h>

#include "quack_metadata.h"
#include "stats_io.h"

#define QK_FAMILY_FIELDS(X) X(hits) X(misses) X(successes) X(failures) X(deopts)

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
    fputs("  \"specialization\": {", f);
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

void qk_stats_print(const QkThread *tstate, FILE *out) {
    const QkStats *stats = &tstate->stats;
    fputs("quack statistics\n", out);
#define QK_STATS_LINE(name) fprintf(out, "  %-20s %" PRIu64 "\n", #name, stats->name);
    QK_STATS_FIELDS(QK_STATS_LINE)
#undef QK_STATS_LINE
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
