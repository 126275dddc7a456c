/* A generator's frame as a for loop runs it in place (FOR_ITER_GEN): resumed like a call and
 * suspended by YIELD_VALUE. Inline, so a trace's resume and yield make no call; the generator
 * object is runtime/objects/generator.c's. */
#ifndef QUACK_GENFRAME_H
#define QUACK_GENFRAME_H

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>

#include "frame.h"

enum { QK_GEN_CREATED, QK_GEN_SUSPENDED, QK_GEN_RUNNING, QK_GEN_FINISHED };

typedef struct QkGenerator {
    QkObject ob;
    QkValue func;
    int state;
    /* The frame (QkFrame has a flexible array member, so it cannot be a member itself). */
    alignas(QkFrame) unsigned char frame_memory[];
} QkGenerator;

static inline QkFrame *qk_generator_frame(QkGenerator *gen) { return (QkFrame *)gen->frame_memory; }

static inline QkGenerator *qk_frame_generator(QkFrame *frame) {
    return (QkGenerator *)((unsigned char *)frame - offsetof(QkGenerator, frame_memory));
}

/* Whether the generator can be resumed and would go on at `offset` in its code. */
static inline bool qk_generator_resumes_at(QkValue gen, uint64_t offset) {
    QkGenerator *g = (QkGenerator *)gen;
    QkFrame *frame = qk_generator_frame(g);
    return (g->state == QK_GEN_CREATED || g->state == QK_GEN_SUSPENDED) &&
           (uint64_t)(frame->instr_ptr - frame->code->code) == offset;
}

/* Links a generator that was created or is suspended above the current frame, `value` sent in
 * (None when it was just created): the frame to run, or NULL with RecursionError set. */
static inline QkFrame *qk_generator_link(QkThread *tstate, QkValue gen, QkValue value) {
    QkGenerator *g = (QkGenerator *)gen;
    if (tstate->frame_depth >= tstate->recursion_limit) {
        return qk_frame_overflow(tstate);
    }
    QkFrame *frame = qk_generator_frame(g);
    if (g->state == QK_GEN_SUSPENDED) {
        *frame->stack_pointer++ = value;
    }
    frame->previous = tstate->current_frame;
    frame->is_entry = 0;
    tstate->current_frame = frame;
    tstate->frame_depth++;
    g->state = QK_GEN_RUNNING;
    return frame;
}

/* YIELD_VALUE: the generator's frame stops, to go on at resume_at, and is unlinked. */
static inline void qk_generator_suspend(QkThread *tstate, QkFrame *frame, QkCodeUnit *resume_at,
                                        QkValue *stack_pointer) {
    frame->instr_ptr = resume_at;
    frame->stack_pointer = stack_pointer;
    qk_frame_generator(frame)->state = QK_GEN_SUSPENDED;
    qk_frame_pop(tstate, frame);
}

#endif
