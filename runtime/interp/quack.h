/* Everything a micro-op body may use: the one header the interpreter, the micro-op executor and
 * the stencil template include around generated code. */
#ifndef QUACK_H
#define QUACK_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "frame.h"
#include "helpers.h"
#include "object.h"
#include "value.h"

#define GETLOCAL(i) (frame->localsplus[(i)])
#define SETLOCAL(i, v) (frame->localsplus[(i)] = (v))

static inline uint64_t qk_read_u64(const QkCodeUnit *p) {
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

#endif
