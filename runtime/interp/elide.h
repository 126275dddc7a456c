/* Frame elision: the trace optimizer's pass over calls whose callee part needs no frame, and the
 * frame an exit from one builds (elide.c; docs/architecture.md "Frame elision"). */
#ifndef QUACK_ELIDE_H
#define QUACK_ELIDE_H

#include <stdint.h>

#include "jit.h"
#include "object.h"

/* Rewrites in place each _CALL_PY_EXACT_ARGS of body[0..length) that the optimizer marked with
 * its callee's code (the operand) and whose callee part can run on the caller's stack: the call
 * becomes _ENTER_ELIDED_FRAME, the callee's loads of its parameters copies of the arguments, its
 * return _RETURN_ELIDED, and each micro-op in between that may exit or raise is marked
 * (QkUOpInst.elided) so that its stubs build the frame first. One micro-op for one: indices,
 * loop_start included, stay. Clears the marks of the calls it leaves. `start` is the code of the
 * frame the trace starts in. Returns how many calls it elided. */
uint32_t qk_elide_frames(QkUOpInst *body, uint32_t length, uint32_t loop_start,
                         const QkCode *start);

#endif
