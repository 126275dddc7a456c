/* The runtime helpers micro-op bodies call. Their effects are declared in uop_defs/helpers.uops. */
#ifndef QUACK_HELPERS_H
#define QUACK_HELPERS_H

#include "frame.h"

int qk_truth(QkThread *tstate, QkValue v); /* 1, 0, or -1 with an exception set */
QkValue qk_binary_op(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
QkValue qk_compare_op(QkThread *tstate, uint32_t op, QkValue lhs, QkValue rhs);
QkValue qk_unary_negative(QkThread *tstate, QkValue v);
QkValue qk_unary_invert(QkThread *tstate, QkValue v);

QkValue qk_load_global(QkThread *tstate, QkFrame *frame, uint32_t name_index);
int qk_store_global(QkThread *tstate, QkFrame *frame, uint32_t name_index, QkValue value);
void qk_raise_unbound_local(QkThread *tstate, QkFrame *frame, uint32_t local_index);

QkValue qk_get_iter(QkThread *tstate, QkValue iterable);
/* The next item, or QK_NULL: exhausted if no exception is set, failed otherwise. */
QkValue qk_iter_next(QkThread *tstate, QkValue iter);
static inline int qk_error_occurred(QkThread *tstate) { return tstate->exception != QK_NULL; }

QkValue qk_make_function(QkThread *tstate, QkFrame *frame, QkValue code);
static inline int qk_is_function(QkValue v) { return qk_is_type(v, &qk_function_type); }
QkValue qk_call(QkThread *tstate, QkValue callable, QkValue *args, uint32_t nargs);
QkFrame *qk_push_frame(QkThread *tstate, QkFrame *caller, QkValue func, QkValue *args,
                       uint32_t nargs);

void qk_backedge(QkThread *tstate, QkFrame *frame, QkCodeUnit *this_instr, QkCodeUnit *target);
QkCodeUnit *qk_enter_executor(QkThread *tstate, QkFrame *frame, QkCodeUnit *this_instr,
                              uint32_t index);
static inline void qk_count_side_exit(QkThread *tstate) { tstate->stats.side_exits++; }

#endif
