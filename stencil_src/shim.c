// The entry of every trace: an ordinary C function, so the runtime can call JIT code with any
// compiler, which calls the first micro-op (_JIT_CONTINUE) with the JIT's convention. The call
// cannot be a tail call: the conventions differ, and this frame saves the callee-saved registers
// that preserve_none code is free to clobber.
#include "jit_env.h"

QkCodeUnit *_JIT_ENTRY(QkFrame *frame, QkValue *stack_pointer, QkThread *tstate);

QkCodeUnit *_JIT_ENTRY(QkFrame *frame, QkValue *stack_pointer, QkThread *tstate)
{
    QkValue QK_CACHE_ARGS; // a trace starts with no stack value cached
    QK_CACHE_FORGET();
    return ((QkJitTailFunc)_JIT_CONTINUE)(frame, stack_pointer, tstate, QK_CACHE_ARGS);
}
