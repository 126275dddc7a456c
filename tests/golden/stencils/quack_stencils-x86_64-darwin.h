// Machine code for every micro-op with a tier-2 form, compiled by Debian clang version 19.1.7 (3~deb12u1)
// with: --target=x86_64-apple-darwin -fno-plt -O3 -std=c11 -ffreestanding -nostdlibinc -fno-asynchronous-unwind-tables -fno-stack-protector -fno-jump-tables -fno-math-errno -Wall -Wextra -Werror
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
#error "quack_stencils-x86_64-darwin.h is micro-op generation <generation>, not the one in quack_generation.h: regenerate both (python -m generator check DIR names the stale files)"
#endif


// _BINARY_OP: 56 code bytes, 16 data bytes
// Disassembly of section __TEXT,__text:
//
// 0000000000000000 <__JIT_ENTRY>:
//        0:       pushq %rbp
//        1:       movq %rsp, %rbp
//        4:       movq -0x10(%r13), %rdx
//        8:       movq -0x8(%r13), %rcx
//        c:       movq %r13, 0x30(%r12)
//       11:       movl (%rip), %esi            ## 0x17 <__JIT_ENTRY+0x17>
//   0000000000000013:  X86_64_RELOC_GOT __JIT_OPARG@GOTPCREL
//       17:       movq %r14, %rdi
//       1a:       callq *(%rip)                 ## 0x20 <__JIT_ENTRY+0x20>
//   000000000000001c:  X86_64_RELOC_GOT _qk_binary_op@GOTPCREL
//       20:       testq %rax, %rax
//       23:       je 0x32 <__JIT_ENTRY+0x32>
//       25:       addq $-0x10, %r13
//       29:       movq %rax, %r15
//       2c:       popq %rbp
//       2d:       jmp 0x32 <__JIT_ENTRY+0x32>
//   000000000000002e:  X86_64_RELOC_BRANCH __JIT_CONTINUE
//       32:       popq %rbp
//       33:       jmp 0x38 <__JIT_ENTRY+0x38>
//   0000000000000034:  X86_64_RELOC_BRANCH __JIT_ERROR_TARGET
static const uint8_t qk_stencil_code__BINARY_OP[56] = {
    0x55, 0x48, 0x89, 0xe5, 0x49, 0x8b, 0x55, 0xf0, 0x49, 0x8b, 0x4d, 0xf8, 0x4d, 0x89, 0x6c, 0x24,
    0x30, 0x8b, 0x35, 0x00, 0x00, 0x00, 0x00, 0x4c, 0x89, 0xf7, 0xff, 0x15, 0x00, 0x00, 0x00, 0x00,
    0x48, 0x85, 0xc0, 0x74, 0x0d, 0x49, 0x83, 0xc5, 0xf0, 0x49, 0x89, 0xc7, 0x5d, 0xe9, 0x00, 0x00,
    0x00, 0x00, 0x5d, 0xe9, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t qk_stencil_data__BINARY_OP[16] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__BINARY_OP[4] = {
    {19, QK_PATCH_REL32, QK_HOLE_DATA, 0, 4, NULL, "DATA"},
    {28, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
    {46, QK_PATCH_REL32, QK_HOLE_CONTINUE, 0, -4, NULL, "CONTINUE"},
    {52, QK_PATCH_REL32, QK_HOLE_ERROR_TARGET, 0, -4, NULL, "ERROR_TARGET"},
};
static const QkHole qk_stencil_data_holes__BINARY_OP[2] = {
    {0, QK_PATCH_ABS64, QK_HOLE_SYMBOL, 0, 0, (const void *)&qk_binary_op, "qk_binary_op"},
    {8, QK_PATCH_ABS64, QK_HOLE_OPARG, 0, 0, NULL, "OPARG"},
};

// _GUARD_TYPE_VERSION: 59 code bytes (trailing jump to _JIT_CONTINUE dropped), 16 data bytes
// Disassembly of section __TEXT,__text:
//
// 0000000000000000 <__JIT_ENTRY>:
//        0:       pushq %rbp
//        1:       movq %rsp, %rbp
//        4:       movq -0x8(%r13), %r15
//        8:       testb $0x1, %r15b
//        c:       jne 0x23 <__JIT_ENTRY+0x23>
//        e:       movq (%r15), %rax
//       11:       movl 0x48(%rax), %eax
//       14:       cmpq (%rip), %rax            ## 0x1b <__JIT_ENTRY+0x1b>
//   0000000000000017:  X86_64_RELOC_GOT __JIT_OPERAND@GOTPCREL
//       1b:       je 0x36 <__JIT_ENTRY+0x36>
//       1d:       popq %rbp
//       1e:       jmp 0x23 <__JIT_ENTRY+0x23>
//   000000000000001f:  X86_64_RELOC_BRANCH __JIT_JUMP_TARGET
//       23:       movq (%rip), %rax            ## 0x2a <__JIT_ENTRY+0x2a>
//   0000000000000026:  X86_64_RELOC_GOT_LOAD _qk_int_type@GOTPCREL
//       2a:       movl 0x48(%rax), %eax
//       2d:       cmpq (%rip), %rax            ## 0x34 <__JIT_ENTRY+0x34>
//   0000000000000030:  X86_64_RELOC_GOT __JIT_OPERAND@GOTPCREL
//       34:       jne 0x1d <__JIT_ENTRY+0x1d>
//       36:       addq $-0x8, %r13
//       3a:       popq %rbp
//       3b:       jmp 0x40 <__JIT_ENTRY+0x40>
//   000000000000003c:  X86_64_RELOC_BRANCH __JIT_CONTINUE
static const uint8_t qk_stencil_code__GUARD_TYPE_VERSION[59] = {
    0x55, 0x48, 0x89, 0xe5, 0x4d, 0x8b, 0x7d, 0xf8, 0x41, 0xf6, 0xc7, 0x01, 0x75, 0x15, 0x49, 0x8b,
    0x07, 0x8b, 0x40, 0x48, 0x48, 0x3b, 0x05, 0x00, 0x00, 0x00, 0x00, 0x74, 0x19, 0x5d, 0xe9, 0x00,
    0x00, 0x00, 0x00, 0x48, 0x8b, 0x05, 0x00, 0x00, 0x00, 0x00, 0x8b, 0x40, 0x48, 0x48, 0x3b, 0x05,
    0x00, 0x00, 0x00, 0x00, 0x75, 0xe7, 0x49, 0x83, 0xc5, 0xf8, 0x5d,
};
static const uint8_t qk_stencil_data__GUARD_TYPE_VERSION[16] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__GUARD_TYPE_VERSION[4] = {
    {23, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
    {31, QK_PATCH_REL32, QK_HOLE_JUMP_TARGET, 0, -4, NULL, "JUMP_TARGET"},
    {38, QK_PATCH_REL32, QK_HOLE_DATA, 0, 4, NULL, "DATA"},
    {48, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
};
static const QkHole qk_stencil_data_holes__GUARD_TYPE_VERSION[2] = {
    {0, QK_PATCH_ABS64, QK_HOLE_OPERAND, 0, 0, NULL, "OPERAND"},
    {8, QK_PATCH_ABS64, QK_HOLE_SYMBOL, 0, 0, (const void *)&qk_int_type, "qk_int_type"},
};

// _JUMP_TO_TOP: 10 code bytes, 0 data bytes
// Disassembly of section __TEXT,__text:
//
// 0000000000000000 <__JIT_ENTRY>:
//        0:       pushq %rbp
//        1:       movq %rsp, %rbp
//        4:       popq %rbp
//        5:       jmp 0xa <__JIT_ENTRY+0xa>
//   0000000000000006:  X86_64_RELOC_BRANCH __JIT_TOP
static const uint8_t qk_stencil_code__JUMP_TO_TOP[10] = {
    0x55, 0x48, 0x89, 0xe5, 0x5d, 0xe9, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__JUMP_TO_TOP[1] = {
    {6, QK_PATCH_REL32, QK_HOLE_TOP, 0, -4, NULL, "TOP"},
};

// _GUARD_TYPE_VERSION.cache1: 51 code bytes (trailing jump to _JIT_CONTINUE dropped), 16 data bytes
// Disassembly of section __TEXT,__text:
//
// 0000000000000000 <__JIT_ENTRY>:
//        0:       pushq %rbp
//        1:       movq %rsp, %rbp
//        4:       testb $0x1, %r15b
//        8:       jne 0x1f <__JIT_ENTRY+0x1f>
//        a:       movq (%r15), %rax
//        d:       movl 0x48(%rax), %eax
//       10:       cmpq (%rip), %rax            ## 0x17 <__JIT_ENTRY+0x17>
//   0000000000000013:  X86_64_RELOC_GOT __JIT_OPERAND@GOTPCREL
//       17:       je 0x32 <__JIT_ENTRY+0x32>
//       19:       popq %rbp
//       1a:       jmp 0x1f <__JIT_ENTRY+0x1f>
//   000000000000001b:  X86_64_RELOC_BRANCH __JIT_JUMP_TARGET
//       1f:       movq (%rip), %rax            ## 0x26 <__JIT_ENTRY+0x26>
//   0000000000000022:  X86_64_RELOC_GOT_LOAD _qk_int_type@GOTPCREL
//       26:       movl 0x48(%rax), %eax
//       29:       cmpq (%rip), %rax            ## 0x30 <__JIT_ENTRY+0x30>
//   000000000000002c:  X86_64_RELOC_GOT __JIT_OPERAND@GOTPCREL
//       30:       jne 0x19 <__JIT_ENTRY+0x19>
//       32:       popq %rbp
//       33:       jmp 0x38 <__JIT_ENTRY+0x38>
//   0000000000000034:  X86_64_RELOC_BRANCH __JIT_CONTINUE
static const uint8_t qk_stencil_code__GUARD_TYPE_VERSION_cache1[51] = {
    0x55, 0x48, 0x89, 0xe5, 0x41, 0xf6, 0xc7, 0x01, 0x75, 0x15, 0x49, 0x8b, 0x07, 0x8b, 0x40, 0x48,
    0x48, 0x3b, 0x05, 0x00, 0x00, 0x00, 0x00, 0x74, 0x19, 0x5d, 0xe9, 0x00, 0x00, 0x00, 0x00, 0x48,
    0x8b, 0x05, 0x00, 0x00, 0x00, 0x00, 0x8b, 0x40, 0x48, 0x48, 0x3b, 0x05, 0x00, 0x00, 0x00, 0x00,
    0x75, 0xe7, 0x5d,
};
static const uint8_t qk_stencil_data__GUARD_TYPE_VERSION_cache1[16] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__GUARD_TYPE_VERSION_cache1[4] = {
    {19, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
    {27, QK_PATCH_REL32, QK_HOLE_JUMP_TARGET, 0, -4, NULL, "JUMP_TARGET"},
    {34, QK_PATCH_REL32, QK_HOLE_DATA, 0, 4, NULL, "DATA"},
    {44, QK_PATCH_REL32, QK_HOLE_DATA, 0, -4, NULL, "DATA"},
};
static const QkHole qk_stencil_data_holes__GUARD_TYPE_VERSION_cache1[2] = {
    {0, QK_PATCH_ABS64, QK_HOLE_OPERAND, 0, 0, NULL, "OPERAND"},
    {8, QK_PATCH_ABS64, QK_HOLE_SYMBOL, 0, 0, (const void *)&qk_int_type, "qk_int_type"},
};

// _LOAD_FAST.oparg1: 26 code bytes, 0 data bytes
// Disassembly of section __TEXT,__text:
//
// 0000000000000000 <__JIT_ENTRY>:
//        0:       pushq %rbp
//        1:       movq %rsp, %rbp
//        4:       movq 0x68(%r12), %r15
//        9:       testq %r15, %r15
//        c:       je 0x14 <__JIT_ENTRY+0x14>
//        e:       popq %rbp
//        f:       jmp 0x14 <__JIT_ENTRY+0x14>
//   0000000000000010:  X86_64_RELOC_BRANCH __JIT_CONTINUE
//       14:       popq %rbp
//       15:       jmp 0x1a <__JIT_ENTRY+0x1a>
//   0000000000000016:  X86_64_RELOC_BRANCH __JIT_JUMP_TARGET
static const uint8_t qk_stencil_code__LOAD_FAST_oparg1[26] = {
    0x55, 0x48, 0x89, 0xe5, 0x4d, 0x8b, 0x7c, 0x24, 0x68, 0x4d, 0x85, 0xff, 0x74, 0x06, 0x5d, 0xe9,
    0x00, 0x00, 0x00, 0x00, 0x5d, 0xe9, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__LOAD_FAST_oparg1[2] = {
    {16, QK_PATCH_REL32, QK_HOLE_CONTINUE, 0, -4, NULL, "CONTINUE"},
    {22, QK_PATCH_REL32, QK_HOLE_JUMP_TARGET, 0, -4, NULL, "JUMP_TARGET"},
};

// _SPILL.cache1: 13 code bytes (trailing jump to _JIT_CONTINUE dropped), 0 data bytes
// Disassembly of section __TEXT,__text:
//
// 0000000000000000 <__JIT_ENTRY>:
//        0:       pushq %rbp
//        1:       movq %rsp, %rbp
//        4:       movq %r15, (%r13)
//        8:       addq $0x8, %r13
//        c:       popq %rbp
//        d:       jmp 0x12 <__JIT_ENTRY+0x12>
//   000000000000000e:  X86_64_RELOC_BRANCH __JIT_CONTINUE
static const uint8_t qk_stencil_code__SPILL_cache1[13] = {
    0x55, 0x48, 0x89, 0xe5, 0x4d, 0x89, 0x7d, 0x00, 0x49, 0x83, 0xc5, 0x08, 0x5d,
};

// shim: 46 code bytes, 0 data bytes
// Disassembly of section __TEXT,__text:
//
// 0000000000000000 <__JIT_ENTRY>:
//        0:       pushq %rbp
//        1:       movq %rsp, %rbp
//        4:       pushq %r15
//        6:       pushq %r14
//        8:       pushq %r13
//        a:       pushq %r12
//        c:       pushq %rbx
//        d:       pushq %rax
//        e:       movq %rdi, %r12
//       11:       movq %rsi, %r13
//       14:       movq %rdx, %r14
//       17:       movq %rax, %rdi
//       1a:       callq 0x1f <__JIT_ENTRY+0x1f>
//   000000000000001b:  X86_64_RELOC_BRANCH __JIT_CONTINUE
//       1f:       addq $0x8, %rsp
//       23:       popq %rbx
//       24:       popq %r12
//       26:       popq %r13
//       28:       popq %r14
//       2a:       popq %r15
//       2c:       popq %rbp
//       2d:       retq
static const uint8_t qk_stencil_code_shim[46] = {
    0x55, 0x48, 0x89, 0xe5, 0x41, 0x57, 0x41, 0x56, 0x41, 0x55, 0x41, 0x54, 0x53, 0x50, 0x49, 0x89,
    0xfc, 0x49, 0x89, 0xf5, 0x49, 0x89, 0xd6, 0x48, 0x89, 0xc7, 0xe8, 0x00, 0x00, 0x00, 0x00, 0x48,
    0x83, 0xc4, 0x08, 0x5b, 0x41, 0x5c, 0x41, 0x5d, 0x41, 0x5e, 0x41, 0x5f, 0x5d, 0xc3,
};
static const QkHole qk_stencil_code_holes_shim[1] = {
    {27, QK_PATCH_REL32, QK_HOLE_CONTINUE, 0, -4, NULL, "CONTINUE"},
};

// _LOAD_FAST's stencils for single opargs.
__attribute__((unused)) static const QkStencil qk_stencils_by_oparg__LOAD_FAST[2] = {
    [1] = {
        "_LOAD_FAST.oparg1",
        qk_stencil_code__LOAD_FAST_oparg1, 26,
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
        qk_stencil_code__GUARD_TYPE_VERSION_cache1, 51,
        qk_stencil_data__GUARD_TYPE_VERSION_cache1, 16,
        qk_stencil_code_holes__GUARD_TYPE_VERSION_cache1, 4,
        qk_stencil_data_holes__GUARD_TYPE_VERSION_cache1, 2,
        NULL, 0,
        NULL, 0,
    },
};

// Indexed by micro-op id; micro-ops without a tier-2 form are all zero.
__attribute__((unused)) static const QkStencil qk_stencils[QK_UOP_COUNT] = {
    [_BINARY_OP] = {
        "_BINARY_OP",
        qk_stencil_code__BINARY_OP, 56,
        qk_stencil_data__BINARY_OP, 16,
        qk_stencil_code_holes__BINARY_OP, 4,
        qk_stencil_data_holes__BINARY_OP, 2,
        NULL, 0,
        NULL, 0,
    },
    [_GUARD_TYPE_VERSION] = {
        "_GUARD_TYPE_VERSION",
        qk_stencil_code__GUARD_TYPE_VERSION, 59,
        qk_stencil_data__GUARD_TYPE_VERSION, 16,
        qk_stencil_code_holes__GUARD_TYPE_VERSION, 4,
        qk_stencil_data_holes__GUARD_TYPE_VERSION, 2,
        NULL, 0,
        qk_stencils_by_cache__GUARD_TYPE_VERSION, 3,
    },
    [_JUMP_TO_TOP] = {
        "_JUMP_TO_TOP",
        qk_stencil_code__JUMP_TO_TOP, 10,
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
        qk_stencil_code__SPILL_cache1, 13,
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
    qk_stencil_code_shim, 46,
    NULL, 0,
    qk_stencil_code_holes_shim, 1,
    NULL, 0,
    NULL, 0,
    NULL, 0,
};

#endif
