#ifndef QUACK_STATS_IO_H
#define QUACK_STATS_IO_H

#include <stdio.h>

#include "stats.h"

int qk_stats_write_json(const QkStats *stats, const char *path);
void qk_stats_print(const QkStats *stats, FILE *out);

#endif
