/* Unboxed floats: the trace optimizer's last pass (unbox.c). */
#ifndef QUACK_UNBOX_H
#define QUACK_UNBOX_H

#include <stdint.h>

#include "jit.h"

/* Rewrites the optimized body so that float results other float operations pop stay doubles in
 * their stack slots (and those stored to a local that owns its box go into it), and marks each
 * exit's unboxed slots. Returns the new length (the body as it
 * was if the rewrite would not fit in `capacity`); moves *loop_start with the micro-op it was. */
uint32_t qk_unbox_floats(QkUOpInst *body, uint32_t length, uint32_t capacity,
                         uint32_t *loop_start);

#endif
