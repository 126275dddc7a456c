/* Float locals: stores that write into the box their local owns (float_locals.c). */
#ifndef QUACK_FLOAT_LOCALS_H
#define QUACK_FLOAT_LOCALS_H

#include <stdbool.h>
#include <stdint.h>

#include "jit.h"
#include "quack_metadata.h"

/* The float operations whose result is a box nothing else references: a new one, or (an `_INTO_`
 * variant's) one the optimizer proved unshared. The unboxing pass may keep such a result a
 * double; a store of it makes a local own its box. */
static inline bool qk_makes_float(uint16_t op) {
    return op == _BINARY_OP_FLOAT || op == _BINARY_OP_FLOAT_INTO_LHS ||
           op == _BINARY_OP_FLOAT_INTO_RHS || op == _CALL_MATH_SQRT_KNOWN;
}

/* Per micro-op of the optimized body (malloc'd, length + 1 entries; NULL without memory): true
 * for a _STORE_FAST whose local owns its box there, so that a float result may be written into
 * it. loop_start is the peeled loop's first micro-op, or 0. */
bool *qk_float_stores_in_place(const QkUOpInst *body, uint32_t length, uint32_t loop_start);

#endif
