/* A micro-op's effect on the stack of a trace's body, from the DSL's facts (quack_metadata.h):
 * what the optimizer's late passes (unbox.c, float_locals.c) follow the stack with. */
#ifndef QUACK_UOP_STACK_H
#define QUACK_UOP_STACK_H

#include <stdbool.h>

#include "jit.h"
#include "quack_metadata.h"

static inline int qk_uop_popped(const QkUOpInst *uop) {
    const QkUopFacts *f = &qk_uop_facts[uop->opcode];
    return f->popped >= 0 ? f->popped : qk_uop_slots_popped(uop->opcode, (int)uop->oparg);
}

static inline int qk_uop_pushed(const QkUOpInst *uop) {
    const QkUopFacts *f = &qk_uop_facts[uop->opcode];
    return f->pushed >= 0 ? f->pushed : qk_uop_slots_pushed(uop->opcode, (int)uop->oparg);
}

/* Whether output (or input) j of uop is a peek: the same value at the same slot. */
static inline bool qk_uop_peeks(const QkUOpInst *uop, int j) {
    const QkUopFacts *f = &qk_uop_facts[uop->opcode];
    bool array = f->popped < 0 || f->pushed < 0;
    return !array && j < f->popped && j < f->pushed && (f->peeks >> j & 1);
}

/* Whether uop pops an input it does not peek at: at an EXIT, a branch's exit, which leaves with
 * the instruction done the other way. */
static inline bool qk_uop_pops_input(const QkUOpInst *uop) {
    int popped = qk_uop_popped(uop);
    for (int j = 0; j < popped; j++) {
        if (!qk_uop_peeks(uop, j)) {
            return true;
        }
    }
    return false;
}

/* 1 + the input output j of uop is, moved to another slot, or 0. */
static inline int qk_uop_moved_from(const QkUOpInst *uop, int j) {
    const QkUopFacts *f = &qk_uop_facts[uop->opcode];
    return f->popped < 0 || f->pushed < 0 || j >= QK_MAX_UOP_ITEMS ? 0 : f->moved[j];
}

/* 1 + the input output j of uop is, at its slot or moved, or 0 (a new value). */
static inline int qk_uop_source(const QkUOpInst *uop, int j) {
    return j >= QK_MAX_UOP_ITEMS ? 0 : qk_uop_peeks(uop, j) ? j + 1 : qk_uop_moved_from(uop, j);
}

/* Whether uop only rearranges the stack: it pops at least as many values as it pushes, and each
 * output is a different input, at its slot or moved to another (a copy, `copy = value`, is the
 * same input twice). */
static inline bool qk_uop_rearranges(const QkUOpInst *uop) {
    int pushed = qk_uop_pushed(uop);
    uint32_t used = 0;
    for (int j = 0; j < pushed; j++) {
        int from = qk_uop_source(uop, j);
        if (from == 0 || (used >> from & 1)) {
            return false;
        }
        used |= (uint32_t)1 << from;
    }
    return qk_uop_popped(uop) >= pushed;
}

#endif
