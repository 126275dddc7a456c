/* Trace recording: tier 1 reports each instruction it executes while a recorder is active. */
#ifndef QUACK_TRACE_H
#define QUACK_TRACE_H

#include "quack.h"

/* Called from the top of tier 1's dispatch, on a path taken only while recording: with
 * preserve_most the call clobbers no register, so the dispatch loop keeps its values in registers
 * instead of spilling them on every instruction (3-6% of tier 1's instructions, measured). */
#if defined(__clang__) && (defined(__x86_64__) || defined(__aarch64__))
#define QK_PRESERVE_MOST __attribute__((preserve_most))
#else
#define QK_PRESERVE_MOST
#endif
QK_PRESERVE_MOST void qk_trace_record(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr);
/* Function-entry traces: tier 1 pushed `frame` in place for a call and is about to run its first
 * instruction. qk_entry_hot starts recording a root trace there (the code's entry counter fired);
 * qk_enter_entry_executor runs the code's entry_executor and returns the instruction tier 1 goes
 * on at, in tstate->current_frame (NULL: the exception raised there must be handled). */
void qk_entry_hot(QkThread *tstate, QkFrame *frame);
QkCodeUnit *qk_enter_entry_executor(QkThread *tstate, QkFrame *frame);
/* A specialized instruction missed (re-ran its generic form) while a trace is being recorded. */
void qk_trace_note_miss(QkThread *tstate);
/* Drops an active recording (no-op when none): errors, shutdown. */
void qk_trace_abort(QkThread *tstate, QkTraceAbort reason);
/* An exception was raised in `frame` while recording: ends the trace after the instruction that
 * raised it if it was the one recorded last, else drops the recording. */
void qk_trace_error(QkThread *tstate, QkFrame *frame);
/* Drops the recording if it is a side trace for `root` (which is being freed). */
void qk_trace_forget(QkThread *tstate, const QkExecutor *root);
/* The collector's view of tier 2 (docs/architecture.md "Memory"): the objects an active
 * recording refers to; and for a code object, the objects its inline caches hold (a recording
 * copies them) and those its executors refer to. */
void qk_trace_traverse(QkThread *tstate, QkVisitFunc visit, void *arg);
void qk_code_traverse_tier2(const QkCode *code, QkVisitFunc visit, void *arg);

#endif
