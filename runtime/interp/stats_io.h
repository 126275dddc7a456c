#ifndef QUACK_STATS_IO_H
#define QUACK_STATS_IO_H

#include <stdio.h>

#include "frame.h"

int qk_stats_write_json(const QkThread *tstate, const char *path);
void qk_stats_print(const QkThread *tstate, FILE *out);

#endif
