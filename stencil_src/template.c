// The function every micro-op body is compiled into (one object per micro-op, see
// generator/clang.py). QK_UOP_BODY names the body file, relative to an include directory, so the
// object does not depend on where the checkout lives. A micro-op that keeps stack values in
// registers is compiled once per depth, QK_CACHE_DEPTH, and its body hands on the registers it
// set; any other stencil caches nothing.
#include "jit_env.h"

#ifndef QK_UOP_BODY
#error "QK_UOP_BODY must name the micro-op body to compile"
#endif

__attribute__((preserve_none)) QkCodeUnit *_JIT_ENTRY(QkFrame *frame, QkValue *stack_pointer,
                                                      QkThread *tstate, QK_CACHE_PARAMS);

__attribute__((preserve_none)) QkCodeUnit *_JIT_ENTRY(QkFrame *frame, QkValue *stack_pointer,
                                                      QkThread *tstate, QK_CACHE_PARAMS)
{
#include QK_UOP_BODY
    // The next micro-op's stencil follows this one, so the extractor drops this jump when it is
    // the last instruction.
#ifdef QK_CACHE_DEPTH
    QK_JIT_TAIL_CALL(_JIT_CONTINUE);
#else
    NEXT_UOP();
#endif
}
