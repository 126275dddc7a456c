/* Writing the counters: JSON for QUACK_STATS=FILE, a table for --stats. */
#include <inttypes.h>
#include <stdio.h>

#include "stats_io.h"

int qk_stats_write_json(const QkStats *stats, const char *path) {
    FILE *f = fopen(path, "w");
    if (f == NULL) {
        return -1;
    }
    const char *sep = "{\n";
#define QK_STATS_JSON(name)                                                                        \
    fprintf(f, "%s  \"%s\": %" PRIu64, sep, #name, stats->name);                                   \
    sep = ",\n";
    QK_STATS_FIELDS(QK_STATS_JSON)
#undef QK_STATS_JSON
    fputs("\n}\n", f);
    return fclose(f);
}

void qk_stats_print(const QkStats *stats, FILE *out) {
    fputs("quack statistics\n", out);
#define QK_STATS_LINE(name) fprintf(out, "  %-20s %" PRIu64 "\n", #name, stats->name);
    QK_STATS_FIELDS(QK_STATS_LINE)
#undef QK_STATS_LINE
}
