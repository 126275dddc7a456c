/* Adaptive counters: one inline-cache unit that counts executions of an instruction and fires
 * after threshold << backoff of them; each failed attempt doubles the wait (up to a bound). Hot
 * back edges (tracing) and generic instructions (specialization) both use them. */
#ifndef QUACK_COUNTER_H
#define QUACK_COUNTER_H

#include <stdbool.h>
#include <stdint.h>

#include "object.h"

#define QK_COUNTER_COUNT_MASK 0xffffu /* low 16 bits: executions */
#define QK_COUNTER_BACKOFF_SHIFT 16   /* next 4 bits: the backoff exponent */
#define QK_COUNTER_MAX_BACKOFF 12

/* Counts one execution; true (and the count restarts) once the threshold is reached. */
static inline bool qk_counter_fires(QkCodeUnit *unit, uint32_t threshold) {
    uint32_t count = (*unit & QK_COUNTER_COUNT_MASK) + 1;
    uint32_t backoff = *unit >> QK_COUNTER_BACKOFF_SHIFT;
    uint32_t limit = threshold << backoff;
    if (count < (limit < QK_COUNTER_COUNT_MASK ? limit : QK_COUNTER_COUNT_MASK)) {
        *unit = (backoff << QK_COUNTER_BACKOFF_SHIFT) | count;
        return false;
    }
    *unit = backoff << QK_COUNTER_BACKOFF_SHIFT;
    return true;
}

/* No attempt has failed yet: a specializing instruction still in its first wait. */
static inline bool qk_counter_warming(const QkCodeUnit *unit) {
    return (*unit >> QK_COUNTER_BACKOFF_SHIFT) == 0;
}

/* An attempt failed: wait twice as long next time. */
static inline void qk_counter_back_off(QkCodeUnit *unit) {
    uint32_t backoff = (*unit >> QK_COUNTER_BACKOFF_SHIFT) + 1;
    *unit = (backoff > QK_COUNTER_MAX_BACKOFF ? QK_COUNTER_MAX_BACKOFF : backoff)
            << QK_COUNTER_BACKOFF_SHIFT;
}

#endif
