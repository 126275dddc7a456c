// Machine code for every micro-op with a tier-2 form, compiled by Debian clang version 19.1.7 (3~deb12u1)
// with: --target=x86_64-pc-windows-msvc -O3 -std=c11 -ffreestanding -nostdlibinc -fno-asynchronous-unwind-tables -fno-stack-protector -fno-jump-tables -fno-math-errno -Wall -Wextra -Werror
//
// Each stencil is code bytes, data bytes and the holes that runtime/jit/jit_patch.c fills in: a
// hole at `offset` of kind `kind` gets the address or value named by `value`, plus `addend`
// (quack_stencil_types.h). This file is data: the one patch routine interprets it, so it can be
// compared against a linker's output.
#ifndef QUACK_STENCILS_TARGET_H
#define QUACK_STENCILS_TARGET_H

#include "quack.h"
#include "quack_stencil_types.h"
#include "quack_uops.h"

// Made from the micro-op bodies of this generation: the cases must be too.
#include "quack_generation.h"
#if QK_GENERATION != 0x<generation>u
#pragma message("quack_generation.h is micro-op generation " QK_GENERATION_STR)
#error "quack_stencils-x86_64-windows.h is micro-op generation <generation>, not the one in quack_generation.h: regenerate both (python -m generator check DIR names the stale files)"
#endif


// _BINARY_OP: 61 code bytes, 8 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       subq $0x28, %rsp
//        4:       movq -0x10(%r13), %r8
//        8:       movq -0x8(%r13), %r9
//        c:       movq %r13, 0x30(%r12)
//       11:       movl (%rip), %edx            # 0x17 <_JIT_ENTRY+0x17>
//   0000000000000013:  IMAGE_REL_AMD64_REL32 __imp__JIT_OPARG
//       17:       movq %r14, %rcx
//       1a:       callq 0x1f <_JIT_ENTRY+0x1f>
//   000000000000001b:  IMAGE_REL_AMD64_REL32 qk_binary_op
//       1f:       testq %rax, %rax
//       22:       je 0x34 <_JIT_ENTRY+0x34>
//       24:       addq $-0x10, %r13
//       28:       movq %rax, %r15
//       2b:       addq $0x28, %rsp
//       2f:       jmp 0x34 <_JIT_ENTRY+0x34>
//   0000000000000030:  IMAGE_REL_AMD64_REL32 _JIT_CONTINUE
//       34:       addq $0x28, %rsp
//       38:       jmp 0x3d <_JIT_ENTRY+0x3d>
//   0000000000000039:  IMAGE_REL_AMD64_REL32 _JIT_ERROR_TARGET
static const uint8_t qk_stencil_code__BINARY_OP[61] = {
    0x48, 0x83, 0xec, 0x28, 0x4d, 0x8b, 0x45, 0xf0, 0x4d, 0x8b, 0x4d, 0xf8, 0x4d, 0x89, 0x6c, 0x24,
    0x30, 0x8b, 0x15, 0x00, 0x00, 0x00, 0x00, 0x4c, 0x89, 0xf1, 0xe8, 0x00, 0x00, 0x00, 0x00, 0x48,
    0x85, 0xc0, 0x74, 0x10, 0x49, 0x83, 0xc5, 0xf0, 0x49, 0x89, 0xc7, 0x48, 0x83, 0xc4, 0x28, 0xe9,
    0x00, 0x00, 0x00, 0x00, 0x48, 0x83, 0xc4, 0x28, 0xe9, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t qk_stencil_data__BINARY_OP[8] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__BINARY_OP[4] = {
    {19, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
    {27, QK_PATCH_REL32, QK_HOLE_SYMBOL, 0, -4, (const void *)&qk_binary_op, "qk_binary_op"},
    {48, QK_PATCH_REL32, QK_HOLE_CONTINUE, 0, -4, NULL, "CONTINUE"},
    {57, QK_PATCH_REL32, QK_HOLE_ERROR_TARGET, 0, -4, NULL, "ERROR_TARGET"},
};
static const QkHole qk_stencil_data_holes__BINARY_OP[1] = {
    {0, QK_PATCH_ABS64, QK_HOLE_OPARG, 0, 0, NULL, "OPARG"},
};

// _GUARD_TYPE_VERSION: 53 code bytes (trailing jump to _JIT_CONTINUE dropped), 8 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       movq -0x8(%r13), %r15
//        4:       testb $0x1, %r15b
//        8:       jne 0x1e <_JIT_ENTRY+0x1e>
//        a:       movq (%r15), %rax
//        d:       movl 0x48(%rax), %eax
//       10:       cmpq (%rip), %rax            # 0x17 <_JIT_ENTRY+0x17>
//   0000000000000013:  IMAGE_REL_AMD64_REL32 __imp__JIT_OPERAND
//       17:       je 0x31 <_JIT_ENTRY+0x31>
//       19:       jmp 0x1e <_JIT_ENTRY+0x1e>
//   000000000000001a:  IMAGE_REL_AMD64_REL32 _JIT_JUMP_TARGET
//       1e:       leaq (%rip), %rax            # 0x25 <_JIT_ENTRY+0x25>
//   0000000000000021:  IMAGE_REL_AMD64_REL32 qk_int_type
//       25:       movl 0x48(%rax), %eax
//       28:       cmpq (%rip), %rax            # 0x2f <_JIT_ENTRY+0x2f>
//   000000000000002b:  IMAGE_REL_AMD64_REL32 __imp__JIT_OPERAND
//       2f:       jne 0x19 <_JIT_ENTRY+0x19>
//       31:       addq $-0x8, %r13
//       35:       jmp 0x3a <_JIT_ENTRY+0x3a>
//   0000000000000036:  IMAGE_REL_AMD64_REL32 _JIT_CONTINUE
static const uint8_t qk_stencil_code__GUARD_TYPE_VERSION[53] = {
    0x4d, 0x8b, 0x7d, 0xf8, 0x41, 0xf6, 0xc7, 0x01, 0x75, 0x14, 0x49, 0x8b, 0x07, 0x8b, 0x40, 0x48,
    0x48, 0x3b, 0x05, 0x00, 0x00, 0x00, 0x00, 0x74, 0x18, 0xe9, 0x00, 0x00, 0x00, 0x00, 0x48, 0x8d,
    0x05, 0x00, 0x00, 0x00, 0x00, 0x8b, 0x40, 0x48, 0x48, 0x3b, 0x05, 0x00, 0x00, 0x00, 0x00, 0x75,
    0xe8, 0x49, 0x83, 0xc5, 0xf8,
};
static const uint8_t qk_stencil_data__GUARD_TYPE_VERSION[8] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__GUARD_TYPE_VERSION[4] = {
    {19, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
    {26, QK_PATCH_REL32, QK_HOLE_JUMP_TARGET, 0, -4, NULL, "JUMP_TARGET"},
    {33, QK_PATCH_REL32, QK_HOLE_SYMBOL, 0, -4, (const void *)&qk_int_type, "qk_int_type"},
    {43, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
};
static const QkHole qk_stencil_data_holes__GUARD_TYPE_VERSION[1] = {
    {0, QK_PATCH_ABS64, QK_HOLE_OPERAND, 0, 0, NULL, "OPERAND"},
};

// _JUMP_TO_TOP: 5 code bytes, 0 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       jmp 0x5 <_JIT_ENTRY+0x5>
//   0000000000000001:  IMAGE_REL_AMD64_REL32 _JIT_TOP
static const uint8_t qk_stencil_code__JUMP_TO_TOP[5] = {
    0xe9, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__JUMP_TO_TOP[1] = {
    {1, QK_PATCH_REL32, QK_HOLE_TOP, 0, -4, NULL, "TOP"},
};

// _GUARD_TYPE_VERSION.cache1: 34 code bytes (exit branch inverted over the trailing jump, which is dropped), 8 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       testb $0x1, %r15b
//        4:       jne 0xb <_JIT_ENTRY+0xb>
//        6:       movq (%r15), %rax
//        9:       jmp 0x12 <_JIT_ENTRY+0x12>
//        b:       leaq (%rip), %rax            # 0x12 <_JIT_ENTRY+0x12>
//   000000000000000e:  IMAGE_REL_AMD64_REL32 qk_int_type
//       12:       movl 0x48(%rax), %eax
//       15:       cmpq (%rip), %rax            # 0x1c <_JIT_ENTRY+0x1c>
//   0000000000000018:  IMAGE_REL_AMD64_REL32 __imp__JIT_OPERAND
//       1c:       je 0x22 <_JIT_ENTRY+0x22>
//   000000000000001e:  IMAGE_REL_AMD64_REL32 _JIT_CONTINUE
//       22:       jmp 0x27 <_JIT_ENTRY+0x27>
//   0000000000000023:  IMAGE_REL_AMD64_REL32 _JIT_JUMP_TARGET
static const uint8_t qk_stencil_code__GUARD_TYPE_VERSION_cache1[34] = {
    0x41, 0xf6, 0xc7, 0x01, 0x75, 0x05, 0x49, 0x8b, 0x07, 0xeb, 0x07, 0x48, 0x8d, 0x05, 0x00, 0x00,
    0x00, 0x00, 0x8b, 0x40, 0x48, 0x48, 0x3b, 0x05, 0x00, 0x00, 0x00, 0x00, 0x0f, 0x85, 0x00, 0x00,
    0x00, 0x00,
};
static const uint8_t qk_stencil_data__GUARD_TYPE_VERSION_cache1[8] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__GUARD_TYPE_VERSION_cache1[3] = {
    {14, QK_PATCH_REL32, QK_HOLE_SYMBOL, 0, -4, (const void *)&qk_int_type, "qk_int_type"},
    {24, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
    {30, QK_PATCH_REL32, QK_HOLE_JUMP_TARGET, 0, -4, NULL, "JUMP_TARGET"},
};
static const QkHole qk_stencil_data_holes__GUARD_TYPE_VERSION_cache1[1] = {
    {0, QK_PATCH_ABS64, QK_HOLE_OPERAND, 0, 0, NULL, "OPERAND"},
};

// _LOAD_FAST.oparg1: 20 code bytes, 0 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       movq 0x68(%r12), %r15
//        5:       testq %r15, %r15
//        8:       je 0xf <_JIT_ENTRY+0xf>
//        a:       jmp 0xf <_JIT_ENTRY+0xf>
//   000000000000000b:  IMAGE_REL_AMD64_REL32 _JIT_CONTINUE
//        f:       jmp 0x14 <_JIT_ENTRY+0x14>
//   0000000000000010:  IMAGE_REL_AMD64_REL32 _JIT_JUMP_TARGET
static const uint8_t qk_stencil_code__LOAD_FAST_oparg1[20] = {
    0x4d, 0x8b, 0x7c, 0x24, 0x68, 0x4d, 0x85, 0xff, 0x74, 0x05, 0xe9, 0x00, 0x00, 0x00, 0x00, 0xe9,
    0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__LOAD_FAST_oparg1[2] = {
    {11, QK_PATCH_REL32, QK_HOLE_CONTINUE, 0, -4, NULL, "CONTINUE"},
    {16, QK_PATCH_REL32, QK_HOLE_JUMP_TARGET, 0, -4, NULL, "JUMP_TARGET"},
};

// _SPILL.cache1: 8 code bytes (trailing jump to _JIT_CONTINUE dropped), 0 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       movq %r15, (%r13)
//        4:       addq $0x8, %r13
//        8:       jmp 0xd <_JIT_ENTRY+0xd>
//   0000000000000009:  IMAGE_REL_AMD64_REL32 _JIT_CONTINUE
static const uint8_t qk_stencil_code__SPILL_cache1[8] = {
    0x4d, 0x89, 0x7d, 0x00, 0x49, 0x83, 0xc5, 0x08,
};

// shim: 177 code bytes, 0 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       pushq %r15
//        2:       pushq %r14
//        4:       pushq %r13
//        6:       pushq %r12
//        8:       pushq %rsi
//        9:       pushq %rdi
//        a:       pushq %rbx
//        b:       subq $0xa0, %rsp
//       12:       movaps %xmm15, 0x90(%rsp)
//       1b:       movaps %xmm14, 0x80(%rsp)
//       24:       movaps %xmm13, 0x70(%rsp)
//       2a:       movaps %xmm12, 0x60(%rsp)
//       30:       movaps %xmm11, 0x50(%rsp)
//       36:       movaps %xmm10, 0x40(%rsp)
//       3c:       movaps %xmm9, 0x30(%rsp)
//       42:       movaps %xmm8, 0x20(%rsp)
//       48:       movaps %xmm7, 0x10(%rsp)
//       4d:       movaps %xmm6, (%rsp)
//       51:       movq %rcx, %r12
//       54:       movq %rdx, %r13
//       57:       movq %r8, %r14
//       5a:       callq 0x5f <_JIT_ENTRY+0x5f>
//   000000000000005b:  IMAGE_REL_AMD64_REL32 _JIT_CONTINUE
//       5f:       movaps (%rsp), %xmm6
//       63:       movaps 0x10(%rsp), %xmm7
//       68:       movaps 0x20(%rsp), %xmm8
//       6e:       movaps 0x30(%rsp), %xmm9
//       74:       movaps 0x40(%rsp), %xmm10
//       7a:       movaps 0x50(%rsp), %xmm11
//       80:       movaps 0x60(%rsp), %xmm12
//       86:       movaps 0x70(%rsp), %xmm13
//       8c:       movaps 0x80(%rsp), %xmm14
//       95:       movaps 0x90(%rsp), %xmm15
//       9e:       addq $0xa0, %rsp
//       a5:       popq %rbx
//       a6:       popq %rdi
//       a7:       popq %rsi
//       a8:       popq %r12
//       aa:       popq %r13
//       ac:       popq %r14
//       ae:       popq %r15
//       b0:       retq
static const uint8_t qk_stencil_code_shim[177] = {
    0x41, 0x57, 0x41, 0x56, 0x41, 0x55, 0x41, 0x54, 0x56, 0x57, 0x53, 0x48, 0x81, 0xec, 0xa0, 0x00,
    0x00, 0x00, 0x44, 0x0f, 0x29, 0xbc, 0x24, 0x90, 0x00, 0x00, 0x00, 0x44, 0x0f, 0x29, 0xb4, 0x24,
    0x80, 0x00, 0x00, 0x00, 0x44, 0x0f, 0x29, 0x6c, 0x24, 0x70, 0x44, 0x0f, 0x29, 0x64, 0x24, 0x60,
    0x44, 0x0f, 0x29, 0x5c, 0x24, 0x50, 0x44, 0x0f, 0x29, 0x54, 0x24, 0x40, 0x44, 0x0f, 0x29, 0x4c,
    0x24, 0x30, 0x44, 0x0f, 0x29, 0x44, 0x24, 0x20, 0x0f, 0x29, 0x7c, 0x24, 0x10, 0x0f, 0x29, 0x34,
    0x24, 0x49, 0x89, 0xcc, 0x49, 0x89, 0xd5, 0x4d, 0x89, 0xc6, 0xe8, 0x00, 0x00, 0x00, 0x00, 0x0f,
    0x28, 0x34, 0x24, 0x0f, 0x28, 0x7c, 0x24, 0x10, 0x44, 0x0f, 0x28, 0x44, 0x24, 0x20, 0x44, 0x0f,
    0x28, 0x4c, 0x24, 0x30, 0x44, 0x0f, 0x28, 0x54, 0x24, 0x40, 0x44, 0x0f, 0x28, 0x5c, 0x24, 0x50,
    0x44, 0x0f, 0x28, 0x64, 0x24, 0x60, 0x44, 0x0f, 0x28, 0x6c, 0x24, 0x70, 0x44, 0x0f, 0x28, 0xb4,
    0x24, 0x80, 0x00, 0x00, 0x00, 0x44, 0x0f, 0x28, 0xbc, 0x24, 0x90, 0x00, 0x00, 0x00, 0x48, 0x81,
    0xc4, 0xa0, 0x00, 0x00, 0x00, 0x5b, 0x5f, 0x5e, 0x41, 0x5c, 0x41, 0x5d, 0x41, 0x5e, 0x41, 0x5f,
    0xc3,
};
static const QkHole qk_stencil_code_holes_shim[1] = {
    {91, QK_PATCH_REL32, QK_HOLE_CONTINUE, 0, -4, NULL, "CONTINUE"},
};

// _LOAD_FAST's stencils for single opargs.
__attribute__((unused)) static const QkStencil qk_stencils_by_oparg__LOAD_FAST[2] = {
    [1] = {
        "_LOAD_FAST.oparg1",
        qk_stencil_code__LOAD_FAST_oparg1, 20,
        NULL, 0,
        qk_stencil_code_holes__LOAD_FAST_oparg1, 2,
        NULL, 0,
        NULL, 0,
        NULL, 0,
    },
};

// _GUARD_TYPE_VERSION's stencils for each depth above 0.
__attribute__((unused)) static const QkStencil qk_stencils_by_cache__GUARD_TYPE_VERSION[3] = {
    [1] = {
        "_GUARD_TYPE_VERSION.cache1",
        qk_stencil_code__GUARD_TYPE_VERSION_cache1, 34,
        qk_stencil_data__GUARD_TYPE_VERSION_cache1, 8,
        qk_stencil_code_holes__GUARD_TYPE_VERSION_cache1, 3,
        qk_stencil_data_holes__GUARD_TYPE_VERSION_cache1, 1,
        NULL, 0,
        NULL, 0,
    },
};

// Indexed by micro-op id; micro-ops without a tier-2 form are all zero.
__attribute__((unused)) static const QkStencil qk_stencils[QK_UOP_COUNT] = {
    [_BINARY_OP] = {
        "_BINARY_OP",
        qk_stencil_code__BINARY_OP, 61,
        qk_stencil_data__BINARY_OP, 8,
        qk_stencil_code_holes__BINARY_OP, 4,
        qk_stencil_data_holes__BINARY_OP, 1,
        NULL, 0,
        NULL, 0,
    },
    [_GUARD_TYPE_VERSION] = {
        "_GUARD_TYPE_VERSION",
        qk_stencil_code__GUARD_TYPE_VERSION, 53,
        qk_stencil_data__GUARD_TYPE_VERSION, 8,
        qk_stencil_code_holes__GUARD_TYPE_VERSION, 4,
        qk_stencil_data_holes__GUARD_TYPE_VERSION, 1,
        NULL, 0,
        qk_stencils_by_cache__GUARD_TYPE_VERSION, 3,
    },
    [_JUMP_TO_TOP] = {
        "_JUMP_TO_TOP",
        qk_stencil_code__JUMP_TO_TOP, 5,
        NULL, 0,
        qk_stencil_code_holes__JUMP_TO_TOP, 1,
        NULL, 0,
        NULL, 0,
        NULL, 0,
    },
};

// Indexed by depth from 1: stores that many cached values on the stack in memory.
__attribute__((unused)) static const QkStencil qk_spill_stencils[3] = {
    [1] = {
        "_SPILL.cache1",
        qk_stencil_code__SPILL_cache1, 8,
        NULL, 0,
        NULL, 0,
        NULL, 0,
        NULL, 0,
        NULL, 0,
    },
};

// The entry of every trace: a C function that calls the first micro-op (its _JIT_CONTINUE).
__attribute__((unused)) static const QkStencil qk_shim_stencil = {
    "shim",
    qk_stencil_code_shim, 177,
    NULL, 0,
    qk_stencil_code_holes_shim, 1,
    NULL, 0,
    NULL, 0,
    NULL, 0,
};

#endif
