/* Trace recording: tier 1 reports each instruction it executes while a recorder is active. */
#ifndef QUACK_TRACE_H
#define QUACK_TRACE_H

#include "quack.h"

void qk_trace_record(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr);
/* Drops an active recording (no-op when none): errors, shutdown. */
void qk_trace_abort(QkThread *tstate, QkTraceAbort reason);
/* Drops the recording if it is a side trace for `root` (which is being freed). */
void qk_trace_forget(QkThread *tstate, const QkExecutor *root);

#endif
