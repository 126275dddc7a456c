/* Test harness: patches every stencil of quack_stencils.h with runtime/jit/jit_patch.c at chosen
 * addresses (those for single opargs and cache depths, and the spill stencils, too) and prints the
 * bytes as JSON, for tests/test_patch_vs_lld.py and tests/test_patch_vs_lld_macho_coff.py to
 * compare with lld's ELF, Mach-O and COFF flavours.
 *
 * Nothing runs the code. The runtime helpers are not linked in: the test gives each one an address
 * with --defsym, so hole symbols resolve to known values in this (non-PIE) executable. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "jit_patch.h"
/* The target's stencil header, named by the test: patching is plain C, so any target's stencils
 * are patched here, whatever machine runs the harness. */
#include QK_STENCIL_HEADER

/* Big enough for any micro-op's stencil; checked, never assumed. */
enum { MAX_PART = 1 << 16 };

/* Where a stencil's data is patched to live, from its code: as far above as ld.lld's linker script
 * puts it by default; the test gives the distance at which ld64.lld and lld-link lay out the
 * sections of one stencil's link (the data a page below the code, or 64 KB above). */
#ifndef QK_CHECK_DATA_DELTA
#define QK_CHECK_DATA_DELTA 0x10000000
#endif

/* The addresses and values stencil number k is patched with (tests/test_patch_vs_lld.py mirrors
 * them through the JSON, never by recomputing). */
static QkPatchValues values_for(uint32_t k, uintptr_t code_addr, uint32_t code_size) {
    QkPatchValues v = {
        .cont = code_addr + code_size, /* where ld.lld's kept trailing jump lands: its rel32 is 0 */
        /* Within an aarch64 branch's ±128 MB of every stencil's code. */
        .jump_target = 0x13000000u + k * 0x40u,
        .error_target = 0x13800000u + k * 0x40u,
        .top = 0x0f000000u + k * 0x40u,
        .oparg = 0x123456u + k,
        .operand = UINT64_C(0x1122334455667788) + k,
        .target = 0xabc0u + k,
    };
    return v;
}

static void print_hex(const char *key, const uint8_t *bytes, uint32_t n) {
    printf("\"%s\": \"", key);
    for (uint32_t i = 0; i < n; i++) {
        printf("%02x", bytes[i]);
    }
    printf("\"");
}

static void print_symbols(const QkHole *holes, uint32_t n, int *first) {
    for (uint32_t i = 0; i < n; i++) {
        if (holes[i].value == QK_HOLE_SYMBOL) {
            printf("%s\"%s\": %" PRIuPTR, *first ? "" : ", ", holes[i].name,
                   (uintptr_t)holes[i].symbol);
            *first = 0;
        }
    }
}

static int check(const QkStencil *s, uint32_t k) {
    static uint8_t code[MAX_PART], data[MAX_PART], far[MAX_PART];
    static uintptr_t far_targets[MAX_PART / QK_TRAMPOLINE_SIZE];
    uint32_t far_calls = qk_stencil_far_calls(s);
    if (s->code_size > MAX_PART || s->data_size > MAX_PART ||
        far_calls > MAX_PART / QK_TRAMPOLINE_SIZE) {
        fprintf(stderr, "patch_check: stencil %s too large\n", s->name);
        return 1;
    }
    uintptr_t code_addr = 0x10000000u + k * 0x10000u;
    uintptr_t data_addr = code_addr + (uintptr_t)(intptr_t)(QK_CHECK_DATA_DELTA);
    /* Trampolines, as a trace has them, after the code. */
    QkTrampolines trampolines = {far, code_addr + 0x8000u, 0, far_calls, far_targets};
    QkPatchValues v = values_for(k, code_addr, s->code_size);
    v.trampolines = &trampolines;
    int status = qk_patch_stencil(s, code, code_addr, data, data_addr, &v);
    printf("%s\"%s\": {\"status\": %d, \"code_addr\": %" PRIuPTR ", \"data_addr\": %" PRIuPTR,
           k == 0 ? "" : ",\n", s->name, status, code_addr, data_addr);
    printf(", \"values\": {\"_JIT_CONTINUE\": %" PRIuPTR ", \"_JIT_JUMP_TARGET\": %" PRIuPTR
           ", \"_JIT_ERROR_TARGET\": %" PRIuPTR ", \"_JIT_TOP\": %" PRIuPTR
           ", \"_JIT_OPARG\": %" PRIuPTR ", \"_JIT_OPERAND\": %" PRIuPTR
           ", \"_JIT_TARGET\": %" PRIuPTR "}, ",
           v.cont, v.jump_target, v.error_target, v.top, v.oparg, v.operand, v.target);
    print_hex("code", code, s->code_size);
    printf(", ");
    print_hex("data", data, s->data_size);
    printf(", \"trampolines_addr\": %" PRIuPTR ", ", trampolines.run);
    print_hex("trampolines", far, trampolines.count * QK_TRAMPOLINE_SIZE);
    printf(", \"symbols\": {");
    int first = 1;
    print_symbols(s->code_holes, s->n_code_holes, &first);
    print_symbols(s->data_holes, s->n_data_holes, &first);
    printf("}}");
    return 0;
}

int main(void) {
    uint32_t k = 0;
    int failed = 0;
    printf("{");
    failed |= check(&qk_shim_stencil, k++);
    for (uint32_t op = 0; op < QK_UOP_COUNT; op++) {
        const QkStencil *base = &qk_stencils[op];
        for (uint32_t depth = 0; depth < (base->n_by_cache ? base->n_by_cache : 1); depth++) {
            const QkStencil *s = depth == 0 ? base : &base->by_cache[depth];
            if (s->code != NULL) {
                failed |= check(s, k++);
            }
            for (uint32_t oparg = 0; oparg < s->n_by_oparg; oparg++) {
                if (s->by_oparg[oparg].code != NULL) {
                    failed |= check(&s->by_oparg[oparg], k++);
                }
            }
        }
    }
    for (size_t depth = 1; depth < sizeof qk_spill_stencils / sizeof *qk_spill_stencils; depth++) {
        failed |= check(&qk_spill_stencils[depth], k++);
    }
    printf("}\n");
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
