/* Tier 2's front: hot back edges start a recording; the recorder turns the instructions tier 1
 * executes into micro-ops (from the generated expansion and branch tables) and, when the loop
 * closes, installs an executor over the back edge. See docs/architecture.md "Tier 2: traces". */
#include <stdlib.h>
#include <string.h>

#include "counter.h"
#include "executor.h"
#include "quack_metadata.h"
#include "trace.h"

#define MAX_TRACE_LENGTH 800

struct QkTraceRecorder {
    QkFrame *frame;
    QkCodeUnit *head;     /* the loop head: where the trace starts and closes */
    QkCodeUnit *backedge; /* the JUMP_BACKWARD the executor will replace */
    QkCodeUnit *pending;  /* a branch whose direction the next instruction tells */
    uint32_t length;
    QkUOpInst body[MAX_TRACE_LENGTH + 1];
};

static uint32_t offset_of(QkFrame *frame, QkCodeUnit *instr) {
    return (uint32_t)(instr - frame->code->code);
}

void qk_trace_abort(QkThread *tstate, const char *reason) {
    (void)reason;
    QkTraceRecorder *rec = tstate->recorder;
    if (rec == NULL) {
        return;
    }
    qk_counter_back_off(&rec->backedge[1]);
    tstate->stats.traces_aborted++;
    tstate->recorder = NULL;
    free(rec);
}

void qk_backedge(QkThread *tstate, QkFrame *frame, QkCodeUnit *this_instr, QkCodeUnit *target) {
    if (!tstate->tier2_enabled || tstate->recorder != NULL) {
        return;
    }
    if (!qk_counter_fires(&this_instr[1], tstate->jit_threshold)) {
        return;
    }
    QkTraceRecorder *rec = calloc(1, sizeof *rec);
    if (rec == NULL) {
        return;
    }
    rec->frame = frame;
    rec->head = target;
    rec->backedge = this_instr;
    tstate->recorder = rec;
    tstate->stats.traces_started++;
}

static void append(QkTraceRecorder *rec, uint16_t uop, uint32_t oparg, uint64_t operand,
                   uint32_t target, uint32_t exit_target) {
    rec->body[rec->length++] = (QkUOpInst){
        .opcode = uop, .oparg = oparg, .operand = operand, .target = target,
        .exit_target = exit_target};
}

/* Adds a stub (deduplicated by kind and target) after the body; returns its index. */
static uint16_t stub(QkUOpInst *trace, uint32_t *count, uint16_t uop, uint32_t target,
                     uint32_t first_stub) {
    for (uint32_t i = first_stub; i < *count; i++) {
        if (trace[i].opcode == uop && trace[i].target == target) {
            return (uint16_t)i;
        }
    }
    trace[*count] = (QkUOpInst){.opcode = uop, .target = target, .exit_target = target};
    return (uint16_t)(*count)++;
}

static void install(QkThread *tstate, QkTraceRecorder *rec) {
    QkCode *code = rec->frame->code;
    QkExecutor *ex = calloc(1, sizeof *ex);
    QkUOpInst *trace = malloc(3 * (rec->length + 1) * sizeof *trace);
    QkExecutor **list = realloc(code->executors, (code->nexecutors + 1) * sizeof *list);
    if (ex == NULL || trace == NULL || list == NULL) {
        free(ex);
        free(trace);
        if (list != NULL) {
            code->executors = list;
        }
        return;
    }
    code->executors = list;
    memcpy(trace, rec->body, rec->length * sizeof *trace);
    uint32_t count = rec->length;
    for (uint32_t i = 0; i < rec->length; i++) {
        uint16_t flags = qk_uop_flags[trace[i].opcode];
        if (flags & (QK_FLAG_DEOPT | QK_FLAG_EXIT)) {
            trace[i].jump_target = stub(trace, &count, _SIDE_EXIT, trace[i].exit_target, rec->length);
        }
        if (flags & QK_FLAG_ERROR) {
            trace[i].error_target = stub(trace, &count, _ERROR_EXIT, trace[i].target, rec->length);
        }
    }
    ex->code = code;
    ex->original = rec->backedge[0];
    ex->length = rec->length;
    ex->count = count;
    ex->trace = trace;
    tstate->stats.traces_compiled++;
    tstate->stats.uops_emitted += count;
    if (tstate->jit_enabled) {
        qk_jit_compile(tstate, ex);
    }
    code->executors[code->nexecutors] = ex;
    rec->backedge[0] = ENTER_EXECUTOR | code->nexecutors << 8;
    code->nexecutors++;
}

static void finish(QkThread *tstate, QkTraceRecorder *rec, uint16_t last, uint32_t target) {
    if (rec->length == 0) {
        qk_trace_abort(tstate, "empty trace");
        return;
    }
    append(rec, last, 0, 0, target, target);
    install(tstate, rec);
    tstate->recorder = NULL;
    free(rec);
}

/* Records the direction a branch took, now that the next instruction is known. */
static int record_branch(QkThread *tstate, QkTraceRecorder *rec, QkCodeUnit *next) {
    QkCodeUnit *branch = rec->pending;
    rec->pending = NULL;
    uint32_t opcode = *branch & 0xff, oparg = *branch >> 8;
    QkCodeUnit *fall = branch + 1 + qk_cache_size[opcode];
    int taken = next != fall;
    const QkBranchForm *form = taken ? &qk_branch_jump[opcode] : &qk_branch_fall[opcode];
    if (!form->present) {
        qk_trace_abort(tstate, "branch direction with no tier-2 form");
        return -1;
    }
    QkFrame *frame = rec->frame;
    uint32_t other = offset_of(frame, taken ? fall : fall + oparg);
    for (uint32_t i = 0; i < form->count; i++) {
        append(rec, form->uops[i], oparg, 0, offset_of(frame, branch), other);
    }
    tstate->stats.uops_traced += form->count;
    return 0;
}

void qk_trace_record(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr) {
    QkTraceRecorder *rec = tstate->recorder;
    if (frame != rec->frame) {
        qk_trace_abort(tstate, "left the frame");
        return;
    }
    if (rec->pending != NULL && record_branch(tstate, rec, instr) < 0) {
        return;
    }
    uint32_t here = offset_of(frame, instr);
    if (instr == rec->head && rec->length > 0) {
        finish(tstate, rec, _JUMP_TO_TOP, here);
        return;
    }
    uint32_t opcode = *instr & 0xff, oparg = *instr >> 8;
    const QkExpansion *expansion = &qk_expansions[opcode];
    if (rec->length + QK_MAX_EXPANSION >= MAX_TRACE_LENGTH) {
        finish(tstate, rec, _EXIT_TRACE, here);
        return;
    }
    if (opcode == JUMP_BACKWARD) {
        /* Closing the loop happens at the head; any other back edge is an inner loop. */
        if (instr + 1 + qk_cache_size[opcode] - oparg != rec->head) {
            finish(tstate, rec, _EXIT_TRACE, here);
        }
        return;
    }
    if (qk_branch_jump[opcode].present || qk_branch_fall[opcode].present) {
        rec->pending = instr;
        return;
    }
    if (expansion->count == 0) {
        finish(tstate, rec, _EXIT_TRACE, here);
        return;
    }
    for (uint32_t i = 0; i < expansion->count; i++) {
        const QkExpansionItem *item = &expansion->items[i];
        uint64_t operand = 0;
        if (item->cache_size == 1) {
            operand = instr[1 + item->cache_offset];
        } else if (item->cache_size >= 2) {
            operand = qk_read_u64(&instr[1 + item->cache_offset]);
        }
        append(rec, item->uop, oparg, operand, here, here);
    }
    tstate->stats.uops_traced += expansion->count;
}

QkCodeUnit *qk_enter_executor(QkThread *tstate, QkFrame *frame, QkCodeUnit *this_instr,
                              uint32_t index) {
    QkExecutor *ex = frame->code->executors[index];
    /* The trace begins at the loop head, where the replaced JUMP_BACKWARD would have gone. */
    (void)this_instr;
    tstate->stats.executors_entered++;
    return qk_run_uops(tstate, frame, ex);
}
