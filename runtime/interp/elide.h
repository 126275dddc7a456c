/* Frame elision: the trace optimizer's pass over calls whose callee part needs no frame, and the
 * frame an exit from one builds (elide.c; docs/architecture.md "Frame elision"). */
#ifndef QUACK_ELIDE_H
#define QUACK_ELIDE_H

#include <stdint.h>

#include "jit.h"
#include "object.h"

/* Rewrites in place each call of body[0..length) whose callee part can run on the caller's
 * stack: a _CALL_PY_EXACT_ARGS or _CALL_ALLOC_AND_ENTER_INIT that the optimizer marked with its
 * callee's code (the operand), or a _BINARY_OP_PY_DUNDER_KNOWN. The call becomes
 * _ENTER_ELIDED_FRAME (_INIT, _DUNDER), the callee's loads of its parameters copies of the
 * arguments, its return _RETURN_ELIDED (_INIT), calls inside it that cannot leave nested ones,
 * and each micro-op in between that may exit or raise is marked (QkUOpInst.elided) so that its
 * stubs build the frame first. One micro-op for one: indices, loop_start included, stay. Clears
 * the marks of the calls it leaves. `start` is the code of the frame the trace starts in.
 * Returns how many outermost calls it elided. */
uint32_t qk_elide_frames(QkUOpInst *body, uint32_t length, uint32_t loop_start,
                         const QkCode *start);

#endif
