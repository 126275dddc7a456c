/* Tier 1: the interpreter loop runs the generated instruction cases (quack_tier1_cases.c.h),
 * frames live on a per-thread data stack, and exceptions unwind through exception tables. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ceval.h"
#include "counter.h"
#include "errors.h"
#include "quack_metadata.h"
#include "trace.h"

#define DATASTACK_WORDS (1u << 21)
#define DEFAULT_RECURSION_LIMIT 1000

/* LOAD_COMMON_BUILTIN's table, from its symbols: a builtin's name, or `type.attribute`. */
static int init_common_builtins(QkThread *tstate) {
    for (size_t i = 0; i < QK_LOAD_COMMON_BUILTIN_COUNT; i++) {
        const char *symbol = qk_load_common_builtin_symbols[i];
        const char *dot = strchr(symbol, '.');
        char name[32];
        snprintf(name, sizeof name, "%.*s", dot ? (int)(dot - symbol) : (int)strlen(symbol), symbol);
        QkValue key = qk_str_from_cstr(tstate, name);
        QkValue value = key == QK_NULL ? QK_NULL : qk_dict_get(tstate->builtins, key);
        if (value != QK_NULL && dot != NULL) {
            key = qk_str_from_cstr(tstate, dot + 1);
            value = key == QK_NULL ? QK_NULL : qk_type_lookup((QkType *)value, key);
        }
        if (value == QK_NULL) {
            return -1;
        }
        tstate->common_builtins[i] = value;
    }
    return 0;
}

int qk_thread_init(QkThread *tstate) {
    memset(tstate, 0, sizeof *tstate);
    tstate->datastack_base = malloc(DATASTACK_WORDS * sizeof(QkValue));
    if (tstate->datastack_base == NULL) {
        return -1;
    }
    tstate->datastack_top = tstate->datastack_base;
    tstate->datastack_limit = tstate->datastack_base + DATASTACK_WORDS;
    tstate->recursion_limit = DEFAULT_RECURSION_LIMIT;
    tstate->int_max_str_digits = QK_MAX_STR_DIGITS;
    if (qk_init_types(tstate) < 0 || qk_init_builtins(tstate) < 0) {
        return -1;
    }
    return init_common_builtins(tstate);
}

void qk_thread_fini(QkThread *tstate) {
    qk_trace_abort(tstate, QK_ABORT_shutdown);
    tstate->current_frame = NULL;
    qk_free_all(tstate);
    free(tstate->trace_log.entries);
    free(tstate->datastack_base);
    free(tstate->c_roots);
}

QkFrame *qk_frame_overflow(QkThread *tstate) {
    qk_raise(tstate, &qk_exc_RecursionError, "maximum recursion depth exceeded");
    return NULL;
}

/* The handler for an exception raised at `offset`, or NULL. Entries do not overlap. */
static const QkExceptionEntry *find_handler(const QkCode *code, uint32_t offset) {
    for (uint32_t i = 0; i < code->nexceptions; i++) {
        const QkExceptionEntry *e = &code->exceptions[i];
        if (offset >= e->start && offset < e->end) {
            return e;
        }
    }
    return NULL;
}

/* Tier-1 spellings of the control transfers generated cases use. */
#define TARGET(op) case op:
/* Where a specialized instruction whose guard failed runs its generic form (a family head). */
#define PREDICTED(op) PREDICTED_##op : __attribute__((unused))
#define SPECIALIZATION_HIT(head) tstate->specialization[qk_family_of[head]].hits++
#define SPECIALIZATION_MISS(head) qk_specialization_miss(tstate, head)
#define DISPATCH() goto dispatch
/* A call pushed a frame in place: at its code's first instruction (not a generator resumed), the
 * code's function-entry trace runs, or the entry counts towards recording one (never while a
 * recording is active: the recorder follows the call inline). */
#define DISPATCH_INLINED(new_frame)                                                                \
    do {                                                                                           \
        frame->stack_pointer = stack_pointer;                                                      \
        frame = (new_frame);                                                                       \
        next_instr = frame->instr_ptr;                                                             \
        stack_pointer = frame->stack_pointer;                                                      \
        if (next_instr == frame->code->code && tstate->tier2_enabled &&                            \
            tstate->recorder == NULL && !frame->owned_by_generator) {                              \
            if (frame->code->entry_executor != NULL) {                                             \
                next_instr = qk_enter_entry_executor(tstate, frame);                               \
                frame = tstate->current_frame;                                                     \
                stack_pointer = frame->stack_pointer;                                              \
                if (next_instr == NULL) {                                                          \
                    goto error;                                                                    \
                }                                                                                  \
            } else if (qk_counter_fires(&frame->code->entry_counter,                               \
                                        tstate->trace_config.loop_threshold)) {                    \
                qk_entry_hot(tstate, frame);                                                       \
            }                                                                                      \
        }                                                                                          \
        goto dispatch;                                                                             \
    } while (0)
/* Back in the caller of a frame it entered in place: after the instruction that entered it. */
#define RESUME_CALLER(done)                                                                        \
    do {                                                                                           \
        frame = (done)->previous;                                                                  \
        next_instr = frame->instr_ptr + 1 + qk_cache_size[*frame->instr_ptr & 0xff];              \
        stack_pointer = frame->stack_pointer;                                                      \
    } while (0)
/* Returning: the entry frame returns from qk_eval_frame; an inlined call resumes its caller after
 * the call instruction (whose caches it skips), with the result pushed on the caller's stack; a
 * generator a for loop resumed inline ends that loop (FOR_ITER's jump, its value dropped). */
#define LEAVE_FRAME(value)                                                                         \
    do {                                                                                           \
        QkValue result_ = (value);                                                                 \
        QkFrame *done_ = frame;                                                                    \
        done_->stack_pointer = stack_pointer;                                                      \
        if (done_->owned_by_generator) {                                                           \
            qk_generator_finished(done_);                                                          \
        }                                                                                          \
        qk_frame_pop(tstate, done_);                                                               \
        if (done_->is_entry) {                                                                     \
            tstate->yielded = 0;                                                                   \
            return result_;                                                                        \
        }                                                                                          \
        RESUME_CALLER(done_);                                                                      \
        if (done_->owned_by_generator) {                                                           \
            next_instr += *frame->instr_ptr >> 8;                                                  \
            goto dispatch;                                                                         \
        }                                                                                          \
        if (done_->init_self != QK_NULL) {                                                         \
            /* An inlined __init__: the call's value is the instance. */                          \
            if (result_ != QK_NONE) {                                                              \
                qk_raise_init_result(tstate, result_);                                             \
                goto error;                                                                        \
            }                                                                                      \
            result_ = done_->init_self;                                                            \
        }                                                                                          \
        if (done_->binop_lhs != QK_NULL && result_ == QK_NOT_IMPLEMENTED) {                        \
            /* An inlined operator dunder declined: the rest of the operator. */                  \
            result_ = qk_binary_op_declined(tstate, done_->binop, done_->binop_lhs,                \
                                            done_->binop_rhs);                                     \
            if (result_ == QK_NULL) {                                                              \
                goto error;                                                                        \
            }                                                                                      \
        }                                                                                          \
        *stack_pointer++ = result_;                                                                \
        goto dispatch;                                                                             \
    } while (0)
/* A generator suspends: its frame keeps where it stopped; whoever resumed it gets the value (the
 * C call running it, or the for loop that resumed it inline, after its FOR_ITER). */
#define YIELD_FRAME(value)                                                                         \
    do {                                                                                           \
        QkValue yielded_ = (value);                                                                \
        QkFrame *done_ = frame;                                                                    \
        qk_generator_suspend(tstate, done_, next_instr, stack_pointer);                            \
        if (done_->is_entry) {                                                                     \
            tstate->yielded = 1;                                                                   \
            return yielded_;                                                                       \
        }                                                                                          \
        RESUME_CALLER(done_);                                                                      \
        *stack_pointer++ = yielded_;                                                               \
        goto dispatch;                                                                             \
    } while (0)

/* Aligned to a cache line: where the instruction handlers fall relative to 64-byte lines (the
 * decoded-instruction cache's unit) otherwise depends on everything linked before this function,
 * and the same code ran 10% slower when a change elsewhere moved it by 32 bytes. */
__attribute__((aligned(64))) QkValue qk_eval_frame(QkThread *tstate, QkFrame *entry) {
    QkFrame *frame = entry;
    QkCodeUnit *next_instr = frame->instr_ptr;
    QkValue *stack_pointer = frame->stack_pointer;
    uint32_t opcode;
    int oparg; /* signed: stack offsets like stack_pointer[-1 - oparg] must not wrap */
    entry->is_entry = 1;

dispatch:
    if (tstate->recorder != NULL) {
        qk_trace_record(tstate, frame, next_instr);
    }
    opcode = *next_instr & 0xff;
    oparg = (int)(*next_instr >> 8);
    switch (opcode) {
#include "quack_tier1_cases.c.h"
    default:
        fprintf(stderr, "quack: internal error: unknown opcode %u\n", opcode);
        abort();
    }

error:
    /* Unwind to the innermost handler: in this frame through its exception table, else in the
     * callers, recording each frame the exception passes in its traceback. */
    qk_trace_error(tstate, frame);
    for (;;) {
        qk_exception_add_traceback(tstate, frame);
        uint32_t offset = (uint32_t)(frame->instr_ptr - frame->code->code);
        const QkExceptionEntry *handler = find_handler(frame->code, offset);
        if (handler != NULL) {
            stack_pointer = frame->localsplus + frame->code->nlocals + handler->depth;
            *stack_pointer++ = tstate->exception;
            tstate->exception = QK_NULL;
            next_instr = frame->code->code + handler->target;
            DISPATCH();
        }
        QkFrame *done = frame;
        if (done->owned_by_generator) {
            qk_generator_raised(tstate, done);
        }
        qk_frame_pop(tstate, done);
        if (done->is_entry) {
            tstate->yielded = 0;
            return QK_NULL;
        }
        frame = done->previous;
    }
}

QkValue qk_run_class_body(QkThread *tstate, QkValue func, QkValue namespace) {
    QkFrame *frame = qk_push_frame(tstate, tstate->current_frame, func, NULL, 0, QK_NULL);
    if (frame == NULL) {
        return QK_NULL;
    }
    frame->locals = namespace;
    return qk_eval_frame(tstate, frame);
}

int qk_run_module(QkThread *tstate, QkValue code) {
    QkValue name = QK_NULL;
    qk_root_push(tstate, &code);
    qk_root_push(tstate, &name);
    tstate->globals = qk_dict_new(tstate);
    name = qk_str_from_cstr(tstate, "__name__");
    QkValue main_name = name == QK_NULL ? QK_NULL : qk_str_from_cstr(tstate, "__main__");
    int failed = tstate->globals == QK_NULL || main_name == QK_NULL ||
                 qk_dict_set(tstate, tstate->globals, name, main_name) < 0;
    QkFrame *frame =
        failed ? NULL : qk_frame_push(tstate, NULL, (QkCode *)code, tstate->globals, 0);
    qk_root_pop(tstate, 2);
    if (frame == NULL || qk_eval_frame(tstate, frame) == QK_NULL) {
        fflush(stdout);
        return qk_exit_status(tstate, tstate->exception);
    }
    return 0;
}
