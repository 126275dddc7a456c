/* Trace recording: tier 1 reports each instruction it executes while a recorder is active. */
#ifndef QUACK_TRACE_H
#define QUACK_TRACE_H

#include "quack.h"

void qk_trace_record(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr);
/* A specialized instruction missed (re-ran its generic form) while a trace is being recorded. */
void qk_trace_note_miss(QkThread *tstate);
/* Drops an active recording (no-op when none): errors, shutdown. */
void qk_trace_abort(QkThread *tstate, QkTraceAbort reason);
/* An exception was raised in `frame` while recording: ends the trace after the instruction that
 * raised it if it was the one recorded last, else drops the recording. */
void qk_trace_error(QkThread *tstate, QkFrame *frame);
/* Drops the recording if it is a side trace for `root` (which is being freed). */
void qk_trace_forget(QkThread *tstate, const QkExecutor *root);

#endif
