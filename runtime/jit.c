/* Copy-and-patch: lays out a trace's stencils, copies and patches them into memory from the code
 * arena (jit_memory.c), which makes them runnable only after they are written. Memory is never
 * writable and executable through the same view. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "executor.h"
#include "jit_patch.h"
#include "quack_stencils.h"

_Static_assert(QK_JIT_DATA_ALIGN % QK_STENCIL_DATA_ALIGN == 0, "arena data is under-aligned");

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static const QkStencil *stencil_of(const QkExecutor *ex, uint32_t i) {
    return &qk_stencils[ex->trace[i].opcode];
}

static int compile(QkThread *tstate, QkExecutor *ex) {
    uint64_t start = now_ns();
    /* Pass 1: where every micro-op's code and data will live. */
    size_t code_size = qk_shim_stencil.code_size;
    size_t data_size = round_up(qk_shim_stencil.data_size, QK_STENCIL_DATA_ALIGN);
    size_t code_offsets[ex->count + 1], data_offsets[ex->count + 1];
    for (uint32_t i = 0; i < ex->count; i++) {
        const QkStencil *s = stencil_of(ex, i);
        if (s->code == NULL) {
            fprintf(stderr, "quack: no stencil for micro-op %u\n", ex->trace[i].opcode);
            return -1;
        }
        code_offsets[i] = code_size;
        data_offsets[i] = data_size;
        code_size += s->code_size;
        data_size += round_up(s->data_size, QK_STENCIL_DATA_ALIGN);
    }
    code_offsets[ex->count] = code_size;
    QkJitTrace memory;
    if (qk_jit_memory_reserve(&memory, code_size, data_size) != 0) {
        return -1;
    }
    uint8_t *code = memory.code.write, *data = memory.data.write;
    uintptr_t code_base = memory.code.run, data_base = memory.data.run;

    /* Pass 2: copy and patch. The shim continues into the first micro-op. */
    QkPatchValues shim_values = {.cont = code_base + code_offsets[0]};
    int failed = qk_patch_stencil(&qk_shim_stencil, code, code_base, data, data_base,
                                  &shim_values);
    for (uint32_t i = 0; i < ex->count && !failed; i++) {
        const QkUOpInst *uop = &ex->trace[i];
        QkPatchValues values = {
            .cont = code_base + code_offsets[i + 1],
            .jump_target = code_base + code_offsets[uop->jump_target],
            .error_target = code_base + code_offsets[uop->error_target],
            .top = code_base + code_offsets[0],
            .oparg = uop->oparg,
            .operand = (uintptr_t)uop->operand,
            .target = uop->target,
        };
        failed = qk_patch_stencil(stencil_of(ex, i), code + code_offsets[i],
                                  code_base + code_offsets[i], data + data_offsets[i],
                                  data_base + data_offsets[i], &values);
    }
    if (failed) {
        qk_jit_memory_discard(&memory);
        return -1;
    }
    if (qk_jit_memory_commit(&memory) != 0) {
        return -1;
    }
    ex->jit_memory = memory;
    memcpy(&ex->jit_entry, &code_base, sizeof code_base);
    tstate->stats.jit_code_bytes += code_size;
    tstate->stats.jit_data_bytes += data_size;
    tstate->stats.jit_compile_ns += now_ns() - start;
    return 0;
}

/* Every failure leaves the executor to the micro-op interpreter. */
int qk_jit_compile(QkThread *tstate, QkExecutor *ex) {
    if (compile(tstate, ex) != 0) {
        tstate->stats.jit_compile_failures++;
        return -1;
    }
    return 0;
}

void qk_jit_free(QkExecutor *ex) {
    if (ex->jit_entry != NULL) {
        qk_jit_memory_release(&ex->jit_memory);
        ex->jit_entry = NULL;
    }
}
