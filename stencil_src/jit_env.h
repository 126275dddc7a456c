// The environment a tier-2 micro-op body sees when it is compiled into a stencil.
//
// Every hole is the address of an extern symbol that no object defines: the stencil extractor turns
// each relocation against one into a hole, and the runtime patches in the real value. Value holes
// are cast through a narrow integer type so the optimizer knows their range.
#ifndef QUACK_JIT_ENV_H
#define QUACK_JIT_ENV_H

// What the runtime's headers do differently in a stencil (before they are included).
#define QK_IN_STENCIL 1

#include <stdint.h>

#include "executor.h"
#include "quack.h"
#include "quack_stack_cache.h"

// The JIT's calling convention: the frame, the stack pointer, the thread and the stack values
// cached in registers (QK_CACHE_PARAMS: see generator/stack_cache.py) stay in the same registers
// along a trace, and preserve_none lets a micro-op use every other register without saving it.
typedef __attribute__((preserve_none)) QkCodeUnit *(*QkJitTailFunc)(QkFrame *frame,
                                                                     QkValue *stack_pointer,
                                                                     QkThread *tstate,
                                                                     QK_CACHE_PARAMS);

// Value holes are numbers, not addresses near the code: ELF and Mach-O code reaches them as 64-bit
// immediates or through a GOT slot in the stencil's data, by their code models
// (generator/targets.py). COFF has no such model, so there they are declared imported from a DLL:
// code loads them from their import slot, __imp__JIT_OPARG, which the extractor makes a GOT slot.
#ifdef _WIN32
#define QK_VALUE_HOLE extern __declspec(dllimport)
#else
#define QK_VALUE_HOLE extern
#endif
QK_VALUE_HOLE char _JIT_OPARG[];
QK_VALUE_HOLE char _JIT_OPERAND[];
QK_VALUE_HOLE char _JIT_TARGET[];
extern char _JIT_CONTINUE[];
extern char _JIT_JUMP_TARGET[];
extern char _JIT_ERROR_TARGET[];
extern char _JIT_TOP[];

// A stencil compiled for one oparg (a `stencils` declaration) has it as a constant to fold.
#ifdef QK_STENCIL_OPARG
#define CURRENT_OPARG() ((uint32_t)(QK_STENCIL_OPARG))
#else
#define CURRENT_OPARG() ((uint32_t)(uintptr_t)_JIT_OPARG)
#endif
#define CURRENT_OPERAND() ((uint64_t)(uintptr_t)_JIT_OPERAND)
#define CURRENT_TARGET() ((uint32_t)(uintptr_t)_JIT_TARGET)

// A tail call to another point of the trace, keeping the arguments in their registers.
#define QK_JIT_TAIL_CALL(hole)                                                                    \
    do {                                                                                          \
        __attribute__((musttail)) return ((QkJitTailFunc)(hole))(frame, stack_pointer, tstate,    \
                                                                 QK_CACHE_ARGS);                  \
    } while (0)
// The same where no value is cached (an exit has stored them): the registers are left as they
// are, not kept alive across calls nor cleared.
#define QK_JIT_JUMP(hole)                                                                         \
    do {                                                                                          \
        QK_CACHE_FORGET();                                                                        \
        QK_JIT_TAIL_CALL(hole);                                                                   \
    } while (0)

#define JUMP_TO_JUMP_TARGET() QK_JIT_JUMP(_JIT_JUMP_TARGET)
#define JUMP_TO_ERROR() QK_JIT_JUMP(_JIT_ERROR_TARGET)
#define JUMP_TO_TOP() QK_JIT_JUMP(_JIT_TOP)
// Only in stencils that cache nothing (a cached one ends with QK_JIT_TAIL_CALL(_JIT_CONTINUE)).
#define NEXT_UOP() QK_JIT_JUMP(_JIT_CONTINUE)
// Into another trace of the tree: its first micro-op's code, with the same arguments.
#define QK_GOTO_EXECUTOR(executor) QK_JIT_JUMP((executor)->jit.first)

#include "tier2_exits.h"

#endif
