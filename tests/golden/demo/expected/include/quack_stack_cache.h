// Stencils keep the top stack values in registers (generator/stack_cache.py): how many, and the
// stencils' parameters and arguments for them. All a stencil needs of the generated tables
// (stencil_src/jit_env.h), so adding a micro-op, which renumbers them, recompiles no stencil.
#ifndef QUACK_STACK_CACHE_H
#define QUACK_STACK_CACHE_H

#define QK_CACHE_REGISTERS 2
#define QK_CACHE_PARAMS QkValue _tos0, QkValue _tos1
#define QK_CACHE_ARGS _tos0, _tos1
#define QK_CACHE_FORGET() __asm__("" : "=r"(_tos0), "=r"(_tos1))

#endif
