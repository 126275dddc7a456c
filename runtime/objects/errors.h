/* Raising, handling and reporting exceptions (the interpreter's side; exception objects
 * themselves are in exceptions.c). */
#ifndef QUACK_ERRORS_H
#define QUACK_ERRORS_H

#include "quack.h"

static inline int qk_is_exception(QkValue v) {
    return qk_is_object(v) && (qk_type_of(v)->flags & QK_TYPE_EXCEPTION);
}

/* Appends the frame's current line to the raised exception's traceback. */
void qk_exception_add_traceback(QkThread *tstate, QkFrame *frame);

/* Prints an uncaught exception (with its context or cause chain) as CPython does. */
void qk_print_exception(QkThread *tstate, QkValue exc);
/* The exit status of a program that ended with exc uncaught: SystemExit's code (its message
 * printed, if it has one), or 1 after printing the traceback. */
int qk_exit_status(QkThread *tstate, QkValue exc);

#endif
