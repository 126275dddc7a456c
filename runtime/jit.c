/* Copy-and-patch: lays out a trace's stencils, copies and patches them into fresh memory, then
 * makes the code read-execute and the data read-only before anything runs it. Memory is never
 * writable and executable at once. */
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "executor.h"
#include "jit_patch.h"
#include "quack_stencils.h"

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static const QkStencil *stencil_of(const QkExecutor *ex, uint32_t i) {
    return &qk_stencils[ex->trace[i].opcode];
}

int qk_jit_compile(QkThread *tstate, QkExecutor *ex) {
    uint64_t start = now_ns();
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
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
    size_t code_span = round_up(code_size, page), data_span = round_up(data_size, page);
    uint8_t *memory = mmap(NULL, code_span + data_span, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
        return -1;
    }
    uint8_t *data = memory + code_span;
    uintptr_t code_base = (uintptr_t)memory, data_base = (uintptr_t)data;

    /* Pass 2: copy and patch. The shim continues into the first micro-op. */
    QkPatchValues shim_values = {.cont = code_base + code_offsets[0]};
    int failed = qk_patch_stencil(&qk_shim_stencil, memory, code_base, data, data_base,
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
        failed = qk_patch_stencil(stencil_of(ex, i), memory + code_offsets[i],
                                  code_base + code_offsets[i], data + data_offsets[i],
                                  data_base + data_offsets[i], &values);
    }
    if (failed || mprotect(memory, code_span, PROT_READ | PROT_EXEC) != 0 ||
        mprotect(data, data_span, PROT_READ) != 0) {
        munmap(memory, code_span + data_span);
        return -1;
    }
    ex->jit_memory = memory;
    ex->jit_size = code_span + data_span;
    memcpy(&ex->jit_entry, &code_base, sizeof code_base);
    tstate->stats.jit_code_bytes += code_size;
    tstate->stats.jit_data_bytes += data_size;
    tstate->stats.jit_compile_ns += now_ns() - start;
    return 0;
}

void qk_jit_free(QkExecutor *ex) {
    if (ex->jit_memory != NULL) {
        munmap(ex->jit_memory, ex->jit_size);
        ex->jit_memory = NULL;
        ex->jit_entry = NULL;
    }
}
