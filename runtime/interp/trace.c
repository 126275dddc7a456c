/* Tier 2's front: hot back edges and hot function entries start a recording of a root trace, hot
 * side exits one of a side trace; the recorder turns the instructions tier 1 executes into
 * micro-ops (from the generated expansion, branch and trace-form tables), following the calls and
 * returns the DSL marks, and installs the result. See docs/architecture.md "Tier 2: traces". */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "counter.h"
#include "executor.h"
#include "quack_metadata.h"
#include "trace.h"

/* The fewest micro-ops (besides validity checks) a function-entry trace that does not loop must
 * hold to be worth entering. */
#define MIN_ENTRY_WORK 8

/* Room after the recording limit: one instruction's micro-ops, its validity check, the end. */
#define SLACK (QK_MAX_EXPANSION + 2)

struct QkTraceRecorder {
    QkCode *start_code;      /* the code the trace starts in (its executor's) */
    QkFrame *start_frame;    /* the frame it starts in; NULL once the trace returned out of it */
    QkCodeUnit *start_instr; /* the first instruction recorded */
    QkFrame *frame;          /* the frame of the instruction recorded last */
    uint32_t depth;          /* calls followed and not returned from */
    uint32_t expect;         /* QK_FLAG_PUSHES_FRAME / _POPS_FRAME: the frame change coming next */
    QkCodeUnit *head;        /* loop traces: the loop head, where the trace closes */
    QkCodeUnit *backedge;    /* loop traces: the JUMP_BACKWARD the executor will replace */
    bool entry;              /* a function-entry trace (installed as its code's entry_executor) */
    bool entered;            /* the instruction being recorded is the first of a call followed */
    QkCodeUnit *counter;     /* what backs off when the recording is abandoned */
    bool missed;             /* a specialized instruction missed since the last one reported */
    QkExit *exit;            /* side traces: the exit they will be linked from */
    QkExecutor *tree;        /* side traces: the root of that exit's tree */
    QkCodeUnit *pending;     /* a branch whose direction the next instruction tells */
    QkCodeUnit *last;        /* the instruction recorded last (in `frame`) */
    uint32_t last_start;     /* where its micro-ops begin in the body */
    uint32_t length;
    uint32_t room;          /* micro-ops the body has room for (a peeled loop may use it all) */
    QkTraceOrigin *origins; /* where each micro-op of the body was recorded */
    QkUOpInst body[];
};

static uint32_t offset_of(QkFrame *frame, QkCodeUnit *instr) {
    return (uint32_t)(instr - frame->code->code);
}

static void stop(QkThread *tstate) {
    free(tstate->recorder->origins);
    free(tstate->recorder);
    tstate->recorder = NULL;
}

static void count_abort(QkThread *tstate, QkTraceAbort reason) {
    tstate->stats.traces_aborted++;
    tstate->stats.trace_aborts[reason]++;
}

static uint64_t cache_operand(const QkCodeUnit *instr, const QkExpansionItem *item) {
    if (item->cache_size == 1) {
        return instr[1 + item->cache_offset];
    }
    return item->cache_size >= 2 ? qk_read_u64(&instr[1 + item->cache_offset]) : 0;
}

void qk_trace_traverse(QkThread *tstate, QkVisitFunc visit, void *arg) {
    const QkTraceRecorder *rec = tstate->recorder;
    if (rec == NULL) {
        return;
    }
    visit((QkValue)rec->start_code, arg);
    if (rec->tree != NULL) {
        visit((QkValue)rec->tree->code, arg); /* its code would free the tree with it */
    }
    /* A code and globals recorded are only as alive as the frames that run them; a cached
     * method or attribute only as long as its class holds it. */
    for (uint32_t i = 0; i < rec->length; i++) {
        visit((QkValue)rec->origins[i].code, arg);
        visit(rec->origins[i].globals, arg);
        if (qk_uop_operand_is_value(rec->body[i].opcode)) {
            visit((QkValue)rec->body[i].operand, arg);
        }
    }
}

void qk_code_traverse_tier2(const QkCode *code, QkVisitFunc visit, void *arg) {
    /* The inline caches: a stale one (its class changed) still holds the object it cached,
     * which a recording of the instruction copies. */
    for (uint32_t i = 0; i < code->ncode;) {
        const QkCodeUnit *instr = &code->code[i];
        uint32_t opcode = *instr & 0xff;
        if (opcode == ENTER_EXECUTOR) {
            opcode = code->executors[*instr >> 8]->original & 0xff; /* its caches stay */
        }
        const QkExpansion *expansion = &qk_expansions[opcode];
        for (uint32_t k = 0; k < expansion->count; k++) {
            if (qk_uop_operand_is_value(expansion->items[k].uop)) {
                visit((QkValue)cache_operand(instr, &expansion->items[k]), arg);
            }
        }
        i += 1 + qk_cache_size[opcode];
    }
    for (uint32_t i = 0; i < code->nexecutors; i++) {
        if (code->executors[i] != NULL) {
            qk_executor_traverse(code->executors[i], visit, arg);
        }
    }
    if (code->entry_executor != NULL) {
        qk_executor_traverse(code->entry_executor, visit, arg);
    }
}

void qk_trace_abort(QkThread *tstate, QkTraceAbort reason) {
    QkTraceRecorder *rec = tstate->recorder;
    if (rec == NULL) {
        return;
    }
    qk_counter_back_off(rec->counter);
    count_abort(tstate, reason);
    stop(tstate);
}

void qk_trace_forget(QkThread *tstate, const QkExecutor *root) {
    QkTraceRecorder *rec = tstate->recorder;
    if (rec != NULL && rec->tree == root) {
        count_abort(tstate, QK_ABORT_invalidated); /* the exit's counter goes with its tree */
        stop(tstate);
    }
}

static QkTraceRecorder *start(QkThread *tstate, QkFrame *frame) {
    size_t room = tstate->trace_config.max_length + SLACK;
    /* The body and origins are written as micro-ops are appended: only the header is cleared
     * (tens of KB zeroed for every recording showed in the programs with many side traces). */
    QkTraceRecorder *rec = malloc(sizeof *rec + room * sizeof(QkUOpInst));
    QkTraceOrigin *origins = malloc(room * sizeof *origins);
    if (rec == NULL || origins == NULL) {
        free(rec);
        free(origins);
        count_abort(tstate, QK_ABORT_no_memory);
        return NULL;
    }
    memset(rec, 0, sizeof *rec);
    rec->room = (uint32_t)room;
    rec->origins = origins;
    rec->start_code = frame->code;
    rec->start_frame = rec->frame = frame;
    tstate->recorder = rec;
    tstate->stats.traces_started++;
    return rec;
}

void qk_backedge(QkThread *tstate, QkFrame *frame, QkCodeUnit *this_instr, QkCodeUnit *target) {
    if (!tstate->tier2_enabled || tstate->recorder != NULL ||
        !qk_counter_fires(&this_instr[1], tstate->trace_config.loop_threshold)) {
        return;
    }
    QkTraceRecorder *rec = start(tstate, frame);
    if (rec != NULL) {
        rec->head = target;
        rec->backedge = this_instr;
        rec->counter = &this_instr[1];
    }
}

void qk_entry_hot(QkThread *tstate, QkFrame *frame) {
    QkTraceRecorder *rec = start(tstate, frame);
    if (rec != NULL) {
        rec->entry = true;
        rec->counter = &frame->code->entry_counter;
    }
}

QkCodeUnit *qk_enter_entry_executor(QkThread *tstate, QkFrame *frame) {
    return qk_run_uops(tstate, frame, frame->code->entry_executor);
}

void qk_trace_note_miss(QkThread *tstate) { tstate->recorder->missed = true; }

QkCodeUnit *qk_take_side_exit(QkThread *tstate, QkFrame *frame, QkValue *stack_pointer,
                              uint64_t operand) {
    QkExit *exit = (QkExit *)(uintptr_t)operand;
    frame->stack_pointer = stack_pointer;
    frame->instr_ptr = qk_code_start(frame) + exit->target;
    QkExecutor *root = exit->owner->root;
    tstate->stats.side_exits++;
    /* A side trace jumps into machine code only if its tree runs as machine code. */
    if (tstate->recorder != NULL || !root->valid ||
        root->side_traces >= tstate->trace_config.max_side_traces ||
        (tstate->jit_enabled && root->jit.entry == NULL) ||
        !qk_counter_fires(&exit->temperature, tstate->trace_config.exit_threshold)) {
        return frame->instr_ptr;
    }
    if (exit->in_elided_call) {
        /* Hot inside an elided call: each run of it builds the frame the elision saved. Traces
         * optimized from now on keep this code's frames (this tree keeps its elision: recording
         * it anew cost more, in bank_accounts, than the frames it builds). */
        frame->code->keeps_frames = 1;
    }
    QkTraceRecorder *rec = start(tstate, frame);
    if (rec != NULL) {
        rec->exit = exit;
        rec->tree = root;
        rec->counter = &exit->temperature;
    }
    return frame->instr_ptr;
}

bool qk_box_raw_slots(QkThread *tstate, QkValue *stack_pointer, uint32_t slots) {
    /* Every slot holds None before the first box is allocated: a collection then sees no bits. */
    double values[32];
    for (uint32_t i = 0; i < 32; i++) {
        if (slots >> i & 1) {
            values[i] = qk_raw_float_value(stack_pointer[-1 - (int)i]);
            stack_pointer[-1 - (int)i] = QK_NONE;
        }
    }
    for (uint32_t i = 0; i < 32; i++) {
        if (slots >> i & 1) {
            QkValue box = qk_float_new(tstate, values[i]);
            if (box == QK_NULL) {
                return false;
            }
            stack_pointer[-1 - (int)i] = box;
            tstate->stats.exit_floats_boxed++;
        }
    }
    return true;
}

static void append(QkTraceRecorder *rec, uint16_t uop, uint32_t oparg, uint64_t operand,
                   uint32_t target, uint32_t exit_target) {
    rec->origins[rec->length] = (QkTraceOrigin){rec->frame->code, rec->frame->globals};
    rec->body[rec->length++] = (QkUOpInst){
        .opcode = uop, .oparg = oparg, .operand = operand, .target = target,
        .exit_target = exit_target};
}

/* The frame-building micro-op a stub of `uop` starts with when it is inside an elided call. */
static QkUOpInst materialize(const QkUOpInst *trace, const QkUOpInst *uop, uint32_t target) {
    const QkUOpInst *call = &trace[uop->elided - 1];
    switch (call->opcode) {
    case _ENTER_ELIDED_DUNDER:
        return (QkUOpInst){.opcode = _MATERIALIZE_DUNDER_FRAME,
                           .oparg = call->target,
                           .operand = call->operand,
                           .target = target};
    default:
        return (QkUOpInst){.opcode = call->opcode == _ENTER_ELIDED_INIT ? _MATERIALIZE_INIT_FRAME
                                                                        : _MATERIALIZE_FRAME,
                           .oparg = call->oparg,
                           .operand = call->target,
                           .target = target};
    }
}

static bool materializes(uint16_t opcode) {
    return opcode == _MATERIALIZE_FRAME || opcode == _MATERIALIZE_INIT_FRAME ||
           opcode == _MATERIALIZE_DUNDER_FRAME;
}

/* The error stub of `uop`, shared by the micro-ops of its target (it only needs the frame it
 * runs in), or a new one. Inside an elided call it builds the frame first: shared with the
 * micro-ops of the same target inside the same call. */
static uint16_t error_stub(QkUOpInst *trace, uint32_t *count, const QkUOpInst *uop,
                           uint32_t first) {
    bool elided = uop->elided != 0;
    QkUOpInst build = elided ? materialize(trace, uop, uop->target) : (QkUOpInst){0};
    for (uint32_t i = first; i < *count; i++) {
        if (trace[i].opcode != _ERROR_EXIT || trace[i].target != uop->target) {
            continue;
        }
        const QkUOpInst *before = &trace[i - 1]; /* a stub's, or the body's last micro-op */
        bool builds = i > first && materializes(before->opcode);
        if (builds == elided && (!elided || (before->opcode == build.opcode &&
                                             before->oparg == build.oparg &&
                                             before->operand == build.operand))) {
            return (uint16_t)(builds ? i - 1 : i);
        }
    }
    uint32_t start = *count;
    if (elided) {
        trace[(*count)++] = build;
    }
    trace[(*count)++] = (QkUOpInst){.opcode = _ERROR_EXIT, .target = uop->target};
    return (uint16_t)start;
}

static void log_trace(QkThread *tstate, QkExecutor *ex, uint32_t offset) {
    QkTraceLog *log = &tstate->trace_log;
    if (log->count == log->capacity) {
        uint32_t capacity = log->capacity ? 2 * log->capacity : 64;
        QkTraceLogEntry *grown = realloc(log->entries, capacity * sizeof *grown);
        if (grown == NULL) {
            return;
        }
        log->entries = grown;
        log->capacity = capacity;
    }
    QkTraceLogEntry *entry = &log->entries[log->count++];
    snprintf(entry->function, sizeof entry->function, "%s", qk_as_str(ex->code->qualname)->data);
    entry->offset = offset;
    entry->traced = ex->traced;
    entry->emitted = ex->length;
    entry->loop = ex->length - ex->loop_start;
    entry->stubs = ex->count - ex->length;
    entry->side = ex->root != ex;
    entry->entry = ex->entry;
}

/* --dump-traces: a trace's micro-ops, one per line, with oparg, operand and target. */
static void dump(FILE *out, const char *what, const QkExecutor *ex, const QkUOpInst *body,
                 uint32_t length) {
    fprintf(out, "%s trace in %s (%u micro-ops):%s\n", what, qk_as_str(ex->code->qualname)->data,
            length, ex->entry ? " function entry" : "");
    for (uint32_t i = 0; i < length; i++) {
        if (i == ex->loop_start && i > 0) {
            fprintf(out, "  loop:\n"); /* where _JUMP_TO_TOP goes, after the peeled iteration */
        }
        fprintf(out, "  %3u %-28s oparg %-3u operand 0x%-12" PRIx64 " target %u", i,
                qk_uop_names[body[i].opcode], body[i].oparg, body[i].operand, body[i].target);
        if (body[i].unboxed != 0) { /* the slots its exit boxes (unbox.c) */
            fprintf(out, " unboxed 0x%" PRIx32, body[i].unboxed);
        }
        if (body[i].elided != 0) { /* its exit builds the frame of that call (elide.c) */
            fprintf(out, " elided %" PRIu32, body[i].elided - 1);
        }
        fputc('\n', out);
    }
}

/* What the executor keeps alive (QkExecutor.objects): the code and globals of every frame the
 * recording ran in (a caller a return was followed into among them: the trace goes on there),
 * and the values among the optimized body's operands. NULL when out of memory. */
static QkValue *executor_objects(const QkTraceRecorder *rec, const QkUOpInst *body,
                                 uint32_t length, uint32_t *count) {
    QkValue *objects = malloc((2 * (size_t)rec->length + length + 1) * sizeof *objects);
    if (objects == NULL) {
        return NULL;
    }
    uint32_t n = 0;
    const QkTraceOrigin *previous = NULL;
    for (uint32_t i = 0; i < rec->length; i++) {
        const QkTraceOrigin *origin = &rec->origins[i];
        if (previous == NULL || origin->code != previous->code ||
            origin->globals != previous->globals) {
            objects[n++] = (QkValue)origin->code;
            objects[n++] = origin->globals;
        }
        previous = origin;
    }
    for (uint32_t i = 0; i < length; i++) {
        /* An elided dunder's stubs build its frame (elide.c). */
        bool value = qk_uop_operand_is_value(body[i].opcode) ||
                     qk_uop_flags[body[i].opcode] & QK_FLAG_ENTERS_CALLEE ||
                     body[i].opcode == _ENTER_ELIDED_DUNDER;
        if (value && qk_is_object((QkValue)body[i].operand)) {
            objects[n++] = (QkValue)body[i].operand;
        }
    }
    *count = n;
    return objects;
}

/* Builds the executor: the optimized body, then one exit stub per guard (each counts on its own
 * and may get its own side trace) and the shared error stubs. */
static QkExecutor *build(QkThread *tstate, QkTraceRecorder *rec, QkExecutor *root_or_null) {
    QkExecutor *ex = calloc(1, sizeof *ex);
    if (ex == NULL) {
        return NULL;
    }
    QkExecutor *root = root_or_null != NULL ? root_or_null : ex;
    ex->root = root;
    ex->code = rec->start_code;
    ex->traced = rec->length;
    ex->valid = true;
    ex->entry = rec->entry;
    if (tstate->dump_traces) {
        dump(stderr, "recorded", ex, rec->body, rec->length);
    }
    uint32_t length = qk_optimize_trace(tstate, root, rec->body, rec->origins, rec->length,
                                        rec->room, &ex->loop_start);
    if (tstate->dump_traces) {
        dump(stderr, "optimized", ex, rec->body, length);
    }
    /* The body, a stub per guard (up to three micro-ops: it may build an elided call's frame
     * and box floats), the error stubs (two micro-ops where they build a frame). */
    QkUOpInst *trace = malloc(5 * ((size_t)length + 1) * sizeof *trace);
    QkExit *exits = calloc((size_t)length + 1, sizeof *exits);
    ex->objects = executor_objects(rec, rec->body, length, &ex->nobjects);
    if (ex->objects == NULL || trace == NULL || exits == NULL) {
        free(ex->objects);
        if (root == ex) {
            free(ex->deps);
        }
        free(ex);
        free(trace);
        free(exits);
        return NULL;
    }
    memcpy(trace, rec->body, length * sizeof *trace);
    uint32_t count = length, nexits = 0;
    for (uint32_t i = 0; i < length; i++) {
        uint32_t flags = qk_uop_flags[trace[i].opcode];
        if (trace[i].opcode == _CHECK_VALIDITY) {
            trace[i].operand = (uintptr_t)root;
        }
        if (trace[i].opcode == _GOTO_EXECUTOR) {
            /* Jumping into another tree: it must not be freed while this one lives. */
            QkExecutor *target = qk_executor_at(trace[i].operand)->root;
            if (target != root && qk_executor_depend(root, QK_DEPENDS_ON_TREE, target, 0) < 0) {
                trace[i] = (QkUOpInst){.opcode = _EXIT_TRACE, .target = trace[i].target};
            }
        }
        if (flags & (QK_FLAG_DEOPT | QK_FLAG_EXIT)) {
            QkExit *exit = &exits[nexits++];
            exit->owner = ex;
            exit->target = trace[i].exit_target;
            exit->in_elided_call = trace[i].elided != 0;
            trace[i].jump_target = (uint16_t)count;
            if (trace[i].elided != 0) { /* builds the frame of the elided call it is in */
                trace[count++] = materialize(trace, &trace[i], trace[i].exit_target);
            }
            if (trace[i].unboxed != 0) { /* boxes them, then goes on into the _SIDE_EXIT */
                trace[count++] = (QkUOpInst){.opcode = _BOX_EXIT_FLOATS,
                                             .oparg = trace[i].unboxed,
                                             .target = trace[i].exit_target};
            }
            trace[count++] = (QkUOpInst){.opcode = _SIDE_EXIT, .operand = (uintptr_t)exit,
                                         .target = trace[i].exit_target};
        }
        if (flags & QK_FLAG_ERROR) {
            trace[i].error_target = error_stub(trace, &count, &trace[i], length);
        }
    }
    ex->length = length;
    ex->count = count;
    ex->trace = trace;
    ex->exits = exits;
    ex->nexits = nexits;
    tstate->stats.uops_traced += rec->length;
    tstate->stats.uops_emitted += length;
    if (tstate->jit_enabled) {
        qk_executor_compile(ex);
    }
    return ex;
}

/* A function-entry trace: tier 1's calls run it (see qk_enter_entry_executor), nothing in the code
 * changes. */
static void install_entry(QkThread *tstate, QkTraceRecorder *rec) {
    QkCode *code = rec->start_code;
    if (code->entry_executor != NULL) {
        return;
    }
    QkExecutor *ex = build(tstate, rec, NULL);
    if (ex == NULL) {
        return;
    }
    code->entry_executor = ex;
    qk_executor_track(ex);
    tstate->stats.traces_compiled++;
    tstate->stats.entry_traces_compiled++;
    log_trace(tstate, ex, 0);
}

static void install_root(QkThread *tstate, QkTraceRecorder *rec) {
    QkCode *code = rec->start_code;
    QkExecutor **list = realloc(code->executors, (code->nexecutors + 1) * sizeof *list);
    if (list == NULL) {
        return;
    }
    code->executors = list;
    QkExecutor *ex = build(tstate, rec, NULL);
    if (ex == NULL) {
        return;
    }
    ex->backedge = rec->backedge;
    ex->original = rec->backedge[0];
    ex->index = code->nexecutors++;
    code->executors[ex->index] = ex;
    rec->backedge[0] = ENTER_EXECUTOR | ex->index << 8;
    qk_executor_track(ex);
    tstate->stats.traces_compiled++;
    log_trace(tstate, ex, (uint32_t)(rec->head - code->code));
}

/* The compiled exit stub of `exit` jumps straight to its new side trace `side`, without loading
 * the exit's side trace each time (after _BOX_EXIT_FLOATS, where the exit has one). */
static void link_stub(QkExit *exit, QkExecutor *side) {
    QkExecutor *owner = exit->owner;
    for (uint32_t i = owner->length; side->jit.first != NULL && i < owner->count; i++) {
        if (owner->trace[i].opcode == _SIDE_EXIT && owner->trace[i].operand == (uintptr_t)exit) {
            qk_jit_link(&owner->jit, i - owner->length, side->jit.first);
        }
    }
}

static void install_side(QkThread *tstate, QkTraceRecorder *rec) {
    QkExecutor *root = rec->tree;
    QkExecutor *ex = build(tstate, rec, root);
    if (ex == NULL) {
        return;
    }
    if (tstate->jit_enabled && ex->jit.entry == NULL) {
        /* Machine code cannot jump into it: leave the exit to the interpreter. */
        qk_executor_free(ex);
        qk_counter_back_off(&rec->exit->temperature);
        return;
    }
    ex->next_side = root->next_side;
    root->next_side = ex;
    root->side_traces++;
    rec->exit->side = ex;
    link_stub(rec->exit, ex);
    tstate->stats.side_traces_compiled++;
    log_trace(tstate, ex, rec->body[0].target);
}

static void finish(QkThread *tstate, QkTraceRecorder *rec, uint16_t last, uint64_t operand,
                   uint32_t target) {
    /* A trace of nothing but validity checks does nothing, unless it links to another trace; a
     * function-entry trace of a few micro-ops that ends before looping (a tiny function's body)
     * saves less than entering it costs on every call. */
    uint32_t work = last == _GOTO_EXECUTOR;
    for (uint32_t i = 0; i < rec->length; i++) {
        work += rec->body[i].opcode != _CHECK_VALIDITY;
    }
    if (work == 0) {
        qk_trace_abort(tstate, QK_ABORT_empty);
        return;
    }
    if (rec->entry && (last == _STOP_TRACE || last == _EXIT_TRACE) && work < MIN_ENTRY_WORK) {
        qk_trace_abort(tstate, QK_ABORT_too_short);
        return;
    }
    append(rec, last, 0, operand, target, target);
    if (rec->tree != NULL) {
        install_side(tstate, rec);
    } else if (rec->entry) {
        install_entry(tstate, rec);
    } else {
        install_root(tstate, rec);
    }
    stop(tstate);
}

void qk_trace_error(QkThread *tstate, QkFrame *frame) {
    QkTraceRecorder *rec = tstate->recorder;
    if (rec == NULL) {
        return;
    }
    /* Raised by the instruction recorded last: the trace can end after it (the next time the
     * instruction may not raise; when it does, its error exit hands the exception to tier 1). */
    if (frame == rec->frame && rec->last != NULL && rec->pending == NULL && rec->expect == 0 &&
        frame->instr_ptr == rec->last) {
        uint32_t next = offset_of(frame, rec->last) + 1 + qk_cache_size[*rec->last & 0xff];
        finish(tstate, rec, _STOP_TRACE, 0, next);
        return;
    }
    qk_trace_abort(tstate, QK_ABORT_error);
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
        qk_trace_abort(tstate, QK_ABORT_branch_direction);
        return -1;
    }
    QkFrame *frame = rec->frame;
    uint32_t here = offset_of(frame, branch), other = offset_of(frame, taken ? fall : fall + oparg);
    for (uint32_t i = 0; i < form->count; i++) {
        /* An exit takes the other direction; a deopt (a guard on what the instruction works on)
         * runs the instruction again in tier 1. */
        bool deopts = qk_uop_flags[form->uops[i]] & QK_FLAG_DEOPT;
        append(rec, form->uops[i], oparg, 0, here, deopts ? here : other);
    }
    return 0;
}

static bool called_from(QkFrame *frame, QkFrame *ancestor) {
    for (QkFrame *f = frame; f != NULL; f = f->previous) {
        if (f == ancestor) {
            return true;
        }
    }
    return false;
}

/* Keeps the recorder's frame in step with tier 1's: follows the calls, returns and generator
 * resumptions and suspensions the trace contains; anything run by a C call (a builtin calling
 * back, next() on a generator) is not part of the trace. Returns 0 to record the instruction, 1
 * to skip it, -1 when recording ended. */
static int follow(QkThread *tstate, QkTraceRecorder *rec, QkFrame *frame, QkCodeUnit *instr) {
    uint16_t expect = rec->expect;
    bool missed = rec->missed;
    rec->expect = 0;
    rec->entered = false;
    rec->missed = false;
    if (expect == QK_FLAG_PUSHES_FRAME && (missed || frame == rec->frame)) {
        /* The frame tier 1 went on in is not the one the recorded micro-ops enter: the call
         * missed its specialization (another function than the one its guard pins), or it
         * entered no frame this time (an exhausted generator). The trace ends before it. */
        uint32_t target = offset_of(rec->frame, rec->last);
        rec->length = rec->last_start;
        finish(tstate, rec, _STOP_TRACE, 0, target);
        return -1;
    }
    if (frame == rec->frame) {
        return 0;
    }
    if (expect == QK_FLAG_PUSHES_FRAME && frame->previous == rec->frame) {
        /* The micro-op that entered the frame pins where it went on (a generator's resume
         * point; 0 for a call), or the function it entered (its `callee` operand). */
        for (uint32_t i = rec->last_start; i < rec->length; i++) {
            QkUOpInst *uop = &rec->body[i];
            if (uop->opcode == _BINARY_OP_PY_DUNDER) {
                uop->opcode = _BINARY_OP_PY_DUNDER_KNOWN; /* the dunder is known now */
            }
            if (qk_uop_flags[uop->opcode] & QK_FLAG_ENTERS_CALLEE) {
                uop->operand = (uint64_t)frame->func;
            } else if (qk_uop_flags[uop->opcode] & QK_FLAG_PUSHES_FRAME) {
                uop->operand = offset_of(frame, instr);
            }
        }
        rec->frame = frame;
        rec->depth++;
        rec->entered = !frame->owned_by_generator;
        return 0;
    }
    if (expect == QK_FLAG_POPS_FRAME && rec->frame->previous == frame) {
        if (rec->depth == 0) {
            rec->start_frame = NULL; /* returned out of it: no loop of it closes any more */
        } else {
            rec->depth--;
        }
        rec->frame = frame;
        return 0;
    }
    if (called_from(frame, rec->frame)) {
        rec->expect = expect;
        rec->missed = missed;
        return 1;
    }
    qk_trace_abort(tstate, QK_ABORT_left_frames);
    return -1;
}

/* Whether the trace already returned out of a frame through the return at `offset` of `code`. */
static bool followed_before(const QkTraceRecorder *rec, const QkCode *code, uint32_t offset) {
    for (uint32_t i = 0; i < rec->length; i++) {
        if (rec->body[i].opcode == _GUARD_CALLER && rec->body[i].target == offset &&
            rec->origins[i].code == code) {
            return true;
        }
    }
    return false;
}

/* QK_FLAG_PUSHES_FRAME / _POPS_FRAME: whether an instruction's micro-ops enter or leave a frame. */
static uint32_t frame_change(const QkExpansion *expansion) {
    const uint32_t frame_flags = QK_FLAG_PUSHES_FRAME | QK_FLAG_POPS_FRAME;
    uint32_t change = 0;
    for (uint32_t i = 0; i < expansion->count; i++) {
        change |= qk_uop_flags[expansion->items[i].uop] & frame_flags;
    }
    return change;
}

void qk_trace_record(QkThread *tstate, QkFrame *frame, QkCodeUnit *instr) {
    QkTraceRecorder *rec = tstate->recorder;
    int skip = follow(tstate, rec, frame, instr);
    if (skip != 0) {
        return;
    }
    if (rec->pending != NULL && record_branch(tstate, rec, instr) < 0) {
        return;
    }
    uint32_t here = offset_of(frame, instr);
    if (instr == rec->head && frame == rec->start_frame && rec->length > 0) {
        finish(tstate, rec, _JUMP_TO_TOP, 0, here);
        return;
    }
    if (rec->start_instr == NULL) {
        rec->start_instr = instr;
    } else if (instr == rec->start_instr && rec->start_frame == NULL && rec->depth == 0) {
        /* Back at its first instruction after returning out of the frame it started in (a chain
         * of returns up a recursion): round again, in this frame. */
        finish(tstate, rec, _JUMP_TO_TOP, 0, here);
        return;
    }
    if (rec->entered && here == 0) {
        /* A call followed into the code of a function-entry trace (recursion, directly or
         * through other functions followed): the trace goes on from its top in the new frame
         * (its micro-ops run in whatever frame the `frame` register holds). A side trace of such
         * a tree jumps into its root the same way, and a call too deep to follow into any
         * function-entry trace. */
        if (rec->entry && frame->code == rec->start_code) {
            finish(tstate, rec, _JUMP_TO_TOP, 0, here);
            return;
        }
        QkExecutor *tree = rec->tree, *entry = frame->code->entry_executor;
        bool linkable = entry != NULL && (!tstate->jit_enabled || entry->jit.first != NULL);
        if (linkable && ((tree != NULL && tree->entry && entry == tree) ||
                         rec->depth > tstate->trace_config.max_depth)) {
            finish(tstate, rec, _GOTO_EXECUTOR, (uintptr_t)entry, here);
            return;
        }
    }
    uint32_t opcode = *instr & 0xff, oparg = *instr >> 8;
    if (rec->length >= tstate->trace_config.max_length ||
        rec->depth > tstate->trace_config.max_depth) {
        finish(tstate, rec, _STOP_TRACE, 0, here);
        return;
    }
    if ((opcode == ENTER_EXECUTOR || opcode == JUMP_BACKWARD) && rec->depth > 0 &&
        frame->owned_by_generator) {
        /* A generator the trace resumed mostly goes round its loop once between two yields:
         * the trace follows its back edge (rather than enter that loop's own trace, which
         * would end at the yield). qk_enter_executor takes the back edge while recording. */
        return;
    }
    if (opcode == ENTER_EXECUTOR) {
        /* A loop's trace (this tree's root, or another tree's): jump straight into it, unless
         * it runs in the micro-op interpreter while this trace will be machine code. */
        QkExecutor *ex = frame->code->executors[oparg];
        if (!tstate->jit_enabled || ex->jit.first != NULL) {
            finish(tstate, rec, _GOTO_EXECUTOR, (uintptr_t)ex, here);
        } else {
            finish(tstate, rec, _STOP_TRACE, 0, here);
        }
        return;
    }
    if (opcode == JUMP_BACKWARD) {
        /* Closing the loop happens at the head; any other back edge is an inner loop. */
        if (rec->head == NULL || instr + 1 + qk_cache_size[opcode] - oparg != rec->head ||
            frame != rec->start_frame) {
            finish(tstate, rec, _STOP_TRACE, 0, here);
        }
        return;
    }
    uint8_t family = qk_family_of[opcode];
    if (family != 0xFF && qk_family_head[family] == opcode && qk_counter_warming(&instr[1])) {
        /* Not specialized yet (cold code after a return or call followed): its generic form
         * would stay in the trace for good, so the trace ends before it. */
        finish(tstate, rec, _STOP_TRACE, 0, here);
        return;
    }
    const QkExpansion *expansion = &qk_expansions[opcode];
    int branch = qk_branch_jump[opcode].present || qk_branch_fall[opcode].present;
    if (!branch && expansion->count == 0) {
        tstate->stats.untraceable[opcode]++;
        finish(tstate, rec, _EXIT_TRACE, 0, here);
        return;
    }
    uint32_t change = frame_change(expansion);
    /* A generator's return ends the loop that resumed it (tier 1's LEAVE_FRAME jumps there),
     * which no trace form does. A return or yield out of a frame the trace did not push is
     * followed when a Python frame of this interpreter loop called or resumed it (not C). */
    bool followed = (rec->depth > 0 || !frame->is_entry) &&
                    (!frame->owned_by_generator || opcode == YIELD_VALUE);
    if ((change & QK_FLAG_POPS_FRAME) && !followed) {
        finish(tstate, rec, _EXIT_TRACE, 0, here);
        return;
    }
    bool returns_out = (change & QK_FLAG_POPS_FRAME) && rec->depth == 0;
    if (returns_out && followed_before(rec, frame->code, here)) {
        /* A chain of returns up a recursion came back to a return it followed: a side trace
         * started here (once this end is hot) closes that loop. */
        finish(tstate, rec, _STOP_TRACE, 0, here);
        return;
    }
    append(rec, _CHECK_VALIDITY, 0, 0, here, here);
    rec->last = instr;
    rec->last_start = rec->length;
    if (returns_out) {
        /* Its caller may differ from call to call: the guard pins the one seen now. */
        append(rec, _GUARD_CALLER, 0, (uintptr_t)frame->previous->instr_ptr, here, here);
    }
    if (branch) {
        rec->pending = instr;
        return;
    }
    /* A frame the trace pushed is of the kind its push micro-op makes, on every run: a plain
     * call's return needs no test for an __init__'s or an operator dunder's result. */
    bool plain_frame = rec->depth > 0 && qk_frame_is_plain(frame);
    for (uint32_t i = 0; i < expansion->count; i++) {
        const QkExpansionItem *item = &expansion->items[i];
        if (item->uop != _GUARD_INIT_RESULT || !plain_frame) {
            append(rec, item->uop, oparg, cache_operand(instr, item), here, here);
        }
    }
    rec->expect = change;
}

QkCodeUnit *qk_enter_executor(QkThread *tstate, QkFrame *frame, uint32_t index) {
    /* An invalidated executor is unlinked at once, so the one here is valid. */
    QkExecutor *ex = frame->code->executors[index];
    if (tstate->recorder != NULL && tstate->recorder->frame == frame) {
        /* Recording through a generator's loop (qk_trace_record): the plain back edge. */
        return ex->backedge + 1 + qk_cache_size[JUMP_BACKWARD] - (ex->original >> 8);
    }
    return qk_run_uops(tstate, frame, ex);
}
