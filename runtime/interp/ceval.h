/* Tier 1: the interpreter loop, frames, and the error path. */
#ifndef QUACK_CEVAL_H
#define QUACK_CEVAL_H

#include "quack.h"

int qk_thread_init(QkThread *tstate);
void qk_thread_fini(QkThread *tstate);
int qk_init_builtins(QkThread *tstate);

/* Runs a pushed frame to its return (C recursion: calls from C code, generators); returns its
 * value, or QK_NULL with the exception set. tstate->yielded tells a suspension from a return. */
QkValue qk_eval_frame(QkThread *tstate, QkFrame *frame);

/* Runs a class body function with `namespace` as its locals (for __build_class__). */
QkValue qk_run_class_body(QkThread *tstate, QkValue func, QkValue namespace);

/* Binds a call's arguments into a frame's parameter slots; -1 with TypeError set. */
int qk_bind_arguments(QkThread *tstate, QkFrame *frame, QkValue func, QkValue *args, size_t nargs,
                      QkValue kwnames);

/* Calling a generator function makes a generator (generator.c). */
QkValue qk_generator_new(QkThread *tstate, QkValue func, QkValue *args, size_t nargs,
                         QkValue kwnames);

/* Runs a module's code with fresh globals; returns 0, or 1 after printing an uncaught exception. */
int qk_run_module(QkThread *tstate, QkValue code);

#endif
