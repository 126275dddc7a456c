// Machine code for every micro-op with a tier-2 form, compiled by Debian clang version 19.1.7 (3~deb12u1)
// with: --target=aarch64-pc-windows-msvc -mno-outline-atomics -O3 -std=c11 -ffreestanding -nostdlibinc -fno-asynchronous-unwind-tables -fno-stack-protector -fno-jump-tables -fno-math-errno -Wall -Wextra -Werror
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
#error "quack_stencils-aarch64-windows.h is micro-op generation <generation>, not the one in quack_generation.h: regenerate both (python -m generator check DIR names the stale files)"
#endif


// _BINARY_OP: 64 code bytes, 8 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       str x30, [sp, #-0x10]!
//        4:       mov x19, x21
//        8:       ldur x3, [x21, #-0x8]
//        c:       adrp x1, 0x0 <_JIT_ENTRY>
//   000000000000000c:  IMAGE_REL_ARM64_PAGEBASE_REL21 __imp__JIT_OPARG
//       10:       ldr x2, [x19, #-0x10]!
//       14:       str x21, [x20, #0x30]
//       18:       ldr x1, [x1]
//   0000000000000018:  IMAGE_REL_ARM64_PAGEOFFSET_12L __imp__JIT_OPARG
//       1c:       mov x0, x22
//       20:       bl 0x20 <_JIT_ENTRY+0x20>
//   0000000000000020:  IMAGE_REL_ARM64_BRANCH26 qk_binary_op
//       24:       cbz x0, 0x38 <_JIT_ENTRY+0x38>
//       28:       mov x21, x19
//       2c:       mov x23, x0
//       30:       ldr x30, [sp], #0x10
//       34:       b 0x34 <_JIT_ENTRY+0x34>
//   0000000000000034:  IMAGE_REL_ARM64_BRANCH26 _JIT_CONTINUE
//       38:       ldr x30, [sp], #0x10
//       3c:       b 0x3c <_JIT_ENTRY+0x3c>
//   000000000000003c:  IMAGE_REL_ARM64_BRANCH26 _JIT_ERROR_TARGET
static const uint8_t qk_stencil_code__BINARY_OP[64] = {
    0xfe, 0x0f, 0x1f, 0xf8, 0xf3, 0x03, 0x15, 0xaa, 0xa3, 0x82, 0x5f, 0xf8, 0x01, 0x00, 0x00, 0x90,
    0x62, 0x0e, 0x5f, 0xf8, 0x95, 0x1a, 0x00, 0xf9, 0x21, 0x00, 0x40, 0xf9, 0xe0, 0x03, 0x16, 0xaa,
    0x00, 0x00, 0x00, 0x94, 0xa0, 0x00, 0x00, 0xb4, 0xf5, 0x03, 0x13, 0xaa, 0xf7, 0x03, 0x00, 0xaa,
    0xfe, 0x07, 0x41, 0xf8, 0x00, 0x00, 0x00, 0x14, 0xfe, 0x07, 0x41, 0xf8, 0x00, 0x00, 0x00, 0x14,
};
static const uint8_t qk_stencil_data__BINARY_OP[8] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__BINARY_OP[5] = {
    {12, QK_PATCH_A64_PAGE21, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
    {24, QK_PATCH_A64_LO12_S3, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
    {32, QK_PATCH_A64_BRANCH26, QK_HOLE_SYMBOL, 0, 0, (const void *)&qk_binary_op, "qk_binary_op"},
    {52, QK_PATCH_A64_BRANCH26, QK_HOLE_CONTINUE, 0, 0, NULL, "CONTINUE"},
    {60, QK_PATCH_A64_BRANCH26, QK_HOLE_ERROR_TARGET, 0, 0, NULL, "ERROR_TARGET"},
};
static const QkHole qk_stencil_data_holes__BINARY_OP[1] = {
    {0, QK_PATCH_ABS64, QK_HOLE_OPARG, 0, 0, NULL, "OPARG"},
};

// _GUARD_TYPE_VERSION: 72 code bytes (trailing jump to _JIT_CONTINUE dropped), 8 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       mov x8, x21
//        4:       ldr x23, [x8, #-0x8]!
//        8:       tbnz w23, #0x0, 0x28 <_JIT_ENTRY+0x28>
//        c:       ldr x9, [x23]
//       10:       adrp x10, 0x0 <_JIT_ENTRY>
//   0000000000000010:  IMAGE_REL_ARM64_PAGEBASE_REL21 __imp__JIT_OPERAND
//       14:       ldr w9, [x9, #0x48]
//       18:       ldr x10, [x10]
//   0000000000000018:  IMAGE_REL_ARM64_PAGEOFFSET_12L __imp__JIT_OPERAND
//       1c:       cmp x9, x10
//       20:       b.eq 0x44 <_JIT_ENTRY+0x44>
//       24:       b 0x24 <_JIT_ENTRY+0x24>
//   0000000000000024:  IMAGE_REL_ARM64_BRANCH26 _JIT_JUMP_TARGET
//       28:       adrp x9, 0x0 <_JIT_ENTRY>
//   0000000000000028:  IMAGE_REL_ARM64_PAGEBASE_REL21 qk_int_type
//       2c:       add x9, x9, #0x0
//   000000000000002c:  IMAGE_REL_ARM64_PAGEOFFSET_12A qk_int_type
//       30:       adrp x10, 0x0 <_JIT_ENTRY>
//   0000000000000030:  IMAGE_REL_ARM64_PAGEBASE_REL21 __imp__JIT_OPERAND
//       34:       ldr w9, [x9, #0x48]
//       38:       ldr x10, [x10]
//   0000000000000038:  IMAGE_REL_ARM64_PAGEOFFSET_12L __imp__JIT_OPERAND
//       3c:       cmp x9, x10
//       40:       b.ne 0x24 <_JIT_ENTRY+0x24>
//       44:       mov x21, x8
//       48:       b 0x48 <_JIT_ENTRY+0x48>
//   0000000000000048:  IMAGE_REL_ARM64_BRANCH26 _JIT_CONTINUE
static const uint8_t qk_stencil_code__GUARD_TYPE_VERSION[72] = {
    0xe8, 0x03, 0x15, 0xaa, 0x17, 0x8d, 0x5f, 0xf8, 0x17, 0x01, 0x00, 0x37, 0xe9, 0x02, 0x40, 0xf9,
    0x0a, 0x00, 0x00, 0x90, 0x29, 0x49, 0x40, 0xb9, 0x4a, 0x01, 0x40, 0xf9, 0x3f, 0x01, 0x0a, 0xeb,
    0x20, 0x01, 0x00, 0x54, 0x00, 0x00, 0x00, 0x14, 0x09, 0x00, 0x00, 0x90, 0x29, 0x01, 0x00, 0x91,
    0x0a, 0x00, 0x00, 0x90, 0x29, 0x49, 0x40, 0xb9, 0x4a, 0x01, 0x40, 0xf9, 0x3f, 0x01, 0x0a, 0xeb,
    0x21, 0xff, 0xff, 0x54, 0xf5, 0x03, 0x08, 0xaa,
};
static const uint8_t qk_stencil_data__GUARD_TYPE_VERSION[8] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__GUARD_TYPE_VERSION[7] = {
    {16, QK_PATCH_A64_PAGE21, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
    {24, QK_PATCH_A64_LO12_S3, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
    {36, QK_PATCH_A64_BRANCH26, QK_HOLE_JUMP_TARGET, 0, 0, NULL, "JUMP_TARGET"},
    {40, QK_PATCH_A64_PAGE21, QK_HOLE_SYMBOL, 0, 0, (const void *)&qk_int_type, "qk_int_type"},
    {44, QK_PATCH_A64_LO12, QK_HOLE_SYMBOL, 0, 0, (const void *)&qk_int_type, "qk_int_type"},
    {48, QK_PATCH_A64_PAGE21, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
    {56, QK_PATCH_A64_LO12_S3, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
};
static const QkHole qk_stencil_data_holes__GUARD_TYPE_VERSION[1] = {
    {0, QK_PATCH_ABS64, QK_HOLE_OPERAND, 0, 0, NULL, "OPERAND"},
};

// _JUMP_TO_TOP: 4 code bytes, 0 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       b 0x0 <_JIT_ENTRY>
//   0000000000000000:  IMAGE_REL_ARM64_BRANCH26 _JIT_TOP
static const uint8_t qk_stencil_code__JUMP_TO_TOP[4] = {
    0x00, 0x00, 0x00, 0x14,
};
static const QkHole qk_stencil_code_holes__JUMP_TO_TOP[1] = {
    {0, QK_PATCH_A64_BRANCH26, QK_HOLE_TOP, 0, 0, NULL, "TOP"},
};

// _GUARD_TYPE_VERSION.cache1: 60 code bytes (trailing jump to _JIT_CONTINUE dropped), 8 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       tbnz w23, #0x0, 0x20 <_JIT_ENTRY+0x20>
//        4:       ldr x8, [x23]
//        8:       adrp x9, 0x0 <_JIT_ENTRY>
//   0000000000000008:  IMAGE_REL_ARM64_PAGEBASE_REL21 __imp__JIT_OPERAND
//        c:       ldr w8, [x8, #0x48]
//       10:       ldr x9, [x9]
//   0000000000000010:  IMAGE_REL_ARM64_PAGEOFFSET_12L __imp__JIT_OPERAND
//       14:       cmp x8, x9
//       18:       b.eq 0x3c <_JIT_ENTRY+0x3c>
//       1c:       b 0x1c <_JIT_ENTRY+0x1c>
//   000000000000001c:  IMAGE_REL_ARM64_BRANCH26 _JIT_JUMP_TARGET
//       20:       adrp x8, 0x0 <_JIT_ENTRY>
//   0000000000000020:  IMAGE_REL_ARM64_PAGEBASE_REL21 qk_int_type
//       24:       add x8, x8, #0x0
//   0000000000000024:  IMAGE_REL_ARM64_PAGEOFFSET_12A qk_int_type
//       28:       adrp x9, 0x0 <_JIT_ENTRY>
//   0000000000000028:  IMAGE_REL_ARM64_PAGEBASE_REL21 __imp__JIT_OPERAND
//       2c:       ldr w8, [x8, #0x48]
//       30:       ldr x9, [x9]
//   0000000000000030:  IMAGE_REL_ARM64_PAGEOFFSET_12L __imp__JIT_OPERAND
//       34:       cmp x8, x9
//       38:       b.ne 0x1c <_JIT_ENTRY+0x1c>
//       3c:       b 0x3c <_JIT_ENTRY+0x3c>
//   000000000000003c:  IMAGE_REL_ARM64_BRANCH26 _JIT_CONTINUE
static const uint8_t qk_stencil_code__GUARD_TYPE_VERSION_cache1[60] = {
    0x17, 0x01, 0x00, 0x37, 0xe8, 0x02, 0x40, 0xf9, 0x09, 0x00, 0x00, 0x90, 0x08, 0x49, 0x40, 0xb9,
    0x29, 0x01, 0x40, 0xf9, 0x1f, 0x01, 0x09, 0xeb, 0x20, 0x01, 0x00, 0x54, 0x00, 0x00, 0x00, 0x14,
    0x08, 0x00, 0x00, 0x90, 0x08, 0x01, 0x00, 0x91, 0x09, 0x00, 0x00, 0x90, 0x08, 0x49, 0x40, 0xb9,
    0x29, 0x01, 0x40, 0xf9, 0x1f, 0x01, 0x09, 0xeb, 0x21, 0xff, 0xff, 0x54,
};
static const uint8_t qk_stencil_data__GUARD_TYPE_VERSION_cache1[8] = {
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const QkHole qk_stencil_code_holes__GUARD_TYPE_VERSION_cache1[7] = {
    {8, QK_PATCH_A64_PAGE21, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
    {16, QK_PATCH_A64_LO12_S3, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
    {28, QK_PATCH_A64_BRANCH26, QK_HOLE_JUMP_TARGET, 0, 0, NULL, "JUMP_TARGET"},
    {32, QK_PATCH_A64_PAGE21, QK_HOLE_SYMBOL, 0, 0, (const void *)&qk_int_type, "qk_int_type"},
    {36, QK_PATCH_A64_LO12, QK_HOLE_SYMBOL, 0, 0, (const void *)&qk_int_type, "qk_int_type"},
    {40, QK_PATCH_A64_PAGE21, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
    {48, QK_PATCH_A64_LO12_S3, QK_HOLE_DATA, 0, 0, NULL, "DATA"},
};
static const QkHole qk_stencil_data_holes__GUARD_TYPE_VERSION_cache1[1] = {
    {0, QK_PATCH_ABS64, QK_HOLE_OPERAND, 0, 0, NULL, "OPERAND"},
};

// _LOAD_FAST.oparg1: 16 code bytes, 0 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       ldr x23, [x20, #0x68]
//        4:       cbz x23, 0xc <_JIT_ENTRY+0xc>
//        8:       b 0x8 <_JIT_ENTRY+0x8>
//   0000000000000008:  IMAGE_REL_ARM64_BRANCH26 _JIT_CONTINUE
//        c:       b 0xc <_JIT_ENTRY+0xc>
//   000000000000000c:  IMAGE_REL_ARM64_BRANCH26 _JIT_JUMP_TARGET
static const uint8_t qk_stencil_code__LOAD_FAST_oparg1[16] = {
    0x97, 0x36, 0x40, 0xf9, 0x57, 0x00, 0x00, 0xb4, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x14,
};
static const QkHole qk_stencil_code_holes__LOAD_FAST_oparg1[2] = {
    {8, QK_PATCH_A64_BRANCH26, QK_HOLE_CONTINUE, 0, 0, NULL, "CONTINUE"},
    {12, QK_PATCH_A64_BRANCH26, QK_HOLE_JUMP_TARGET, 0, 0, NULL, "JUMP_TARGET"},
};

// _SPILL.cache1: 4 code bytes (trailing jump to _JIT_CONTINUE dropped), 0 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       str x23, [x21], #0x8
//        4:       b 0x4 <_JIT_ENTRY+0x4>
//   0000000000000004:  IMAGE_REL_ARM64_BRANCH26 _JIT_CONTINUE
static const uint8_t qk_stencil_code__SPILL_cache1[4] = {
    0xb7, 0x86, 0x00, 0xf8,
};

// shim: 100 code bytes, 0 data bytes
// Disassembly of section .text:
//
// 0000000000000000 <_JIT_ENTRY>:
//        0:       stp d15, d14, [sp, #-0xa0]!
//        4:       stp x22, x21, [sp, #0x80]
//        8:       mov x21, x1
//        c:       mov x22, x2
//       10:       stp x20, x19, [sp, #0x90]
//       14:       mov x20, x0
//       18:       stp d13, d12, [sp, #0x10]
//       1c:       stp d11, d10, [sp, #0x20]
//       20:       stp d9, d8, [sp, #0x30]
//       24:       str x30, [sp, #0x40]
//       28:       stp x28, x27, [sp, #0x50]
//       2c:       stp x26, x25, [sp, #0x60]
//       30:       stp x24, x23, [sp, #0x70]
//       34:       bl 0x34 <_JIT_ENTRY+0x34>
//   0000000000000034:  IMAGE_REL_ARM64_BRANCH26 _JIT_CONTINUE
//       38:       ldp x20, x19, [sp, #0x90]
//       3c:       ldr x30, [sp, #0x40]
//       40:       ldp x22, x21, [sp, #0x80]
//       44:       ldp x24, x23, [sp, #0x70]
//       48:       ldp x26, x25, [sp, #0x60]
//       4c:       ldp x28, x27, [sp, #0x50]
//       50:       ldp d9, d8, [sp, #0x30]
//       54:       ldp d11, d10, [sp, #0x20]
//       58:       ldp d13, d12, [sp, #0x10]
//       5c:       ldp d15, d14, [sp], #0xa0
//       60:       ret
static const uint8_t qk_stencil_code_shim[100] = {
    0xef, 0x3b, 0xb6, 0x6d, 0xf6, 0x57, 0x08, 0xa9, 0xf5, 0x03, 0x01, 0xaa, 0xf6, 0x03, 0x02, 0xaa,
    0xf4, 0x4f, 0x09, 0xa9, 0xf4, 0x03, 0x00, 0xaa, 0xed, 0x33, 0x01, 0x6d, 0xeb, 0x2b, 0x02, 0x6d,
    0xe9, 0x23, 0x03, 0x6d, 0xfe, 0x23, 0x00, 0xf9, 0xfc, 0x6f, 0x05, 0xa9, 0xfa, 0x67, 0x06, 0xa9,
    0xf8, 0x5f, 0x07, 0xa9, 0x00, 0x00, 0x00, 0x94, 0xf4, 0x4f, 0x49, 0xa9, 0xfe, 0x23, 0x40, 0xf9,
    0xf6, 0x57, 0x48, 0xa9, 0xf8, 0x5f, 0x47, 0xa9, 0xfa, 0x67, 0x46, 0xa9, 0xfc, 0x6f, 0x45, 0xa9,
    0xe9, 0x23, 0x43, 0x6d, 0xeb, 0x2b, 0x42, 0x6d, 0xed, 0x33, 0x41, 0x6d, 0xef, 0x3b, 0xca, 0x6c,
    0xc0, 0x03, 0x5f, 0xd6,
};
static const QkHole qk_stencil_code_holes_shim[1] = {
    {52, QK_PATCH_A64_BRANCH26, QK_HOLE_CONTINUE, 0, 0, NULL, "CONTINUE"},
};

// _LOAD_FAST's stencils for single opargs.
__attribute__((unused)) static const QkStencil qk_stencils_by_oparg__LOAD_FAST[2] = {
    [1] = {
        "_LOAD_FAST.oparg1",
        qk_stencil_code__LOAD_FAST_oparg1, 16,
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
        qk_stencil_code__GUARD_TYPE_VERSION_cache1, 60,
        qk_stencil_data__GUARD_TYPE_VERSION_cache1, 8,
        qk_stencil_code_holes__GUARD_TYPE_VERSION_cache1, 7,
        qk_stencil_data_holes__GUARD_TYPE_VERSION_cache1, 1,
        NULL, 0,
        NULL, 0,
    },
};

// Indexed by micro-op id; micro-ops without a tier-2 form are all zero.
__attribute__((unused)) static const QkStencil qk_stencils[QK_UOP_COUNT] = {
    [_BINARY_OP] = {
        "_BINARY_OP",
        qk_stencil_code__BINARY_OP, 64,
        qk_stencil_data__BINARY_OP, 8,
        qk_stencil_code_holes__BINARY_OP, 5,
        qk_stencil_data_holes__BINARY_OP, 1,
        NULL, 0,
        NULL, 0,
    },
    [_GUARD_TYPE_VERSION] = {
        "_GUARD_TYPE_VERSION",
        qk_stencil_code__GUARD_TYPE_VERSION, 72,
        qk_stencil_data__GUARD_TYPE_VERSION, 8,
        qk_stencil_code_holes__GUARD_TYPE_VERSION, 7,
        qk_stencil_data_holes__GUARD_TYPE_VERSION, 1,
        NULL, 0,
        qk_stencils_by_cache__GUARD_TYPE_VERSION, 3,
    },
    [_JUMP_TO_TOP] = {
        "_JUMP_TO_TOP",
        qk_stencil_code__JUMP_TO_TOP, 4,
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
        qk_stencil_code__SPILL_cache1, 4,
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
    qk_stencil_code_shim, 100,
    NULL, 0,
    qk_stencil_code_holes_shim, 1,
    NULL, 0,
    NULL, 0,
    NULL, 0,
};

#endif
