/* Tier 1: the specializing interpreter loop, frames, and the error path. */
#ifndef QUACK_CEVAL_H
#define QUACK_CEVAL_H

#include "quack.h"

int qk_thread_init(QkThread *tstate);
void qk_thread_fini(QkThread *tstate);
int qk_init_builtins(QkThread *tstate);

/* Runs a module's code with fresh globals; returns 0, or 1 after printing an uncaught exception. */
int qk_run_module(QkThread *tstate, QkValue code);

#endif
