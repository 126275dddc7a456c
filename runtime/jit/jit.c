/* Copy-and-patch: lays out a trace's stencils, copies and patches them into memory from the code
 * arena (jit_memory.c), which makes them runnable only after they are written. Memory is never
 * writable and executable through the same view. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jit.h"
#include "jit_patch.h"
#include "quack_metadata.h"
#include "quack_stencils.h"

_Static_assert(QK_JIT_DATA_ALIGN % QK_STENCIL_DATA_ALIGN == 0, "arena data is under-aligned");

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Where every micro-op's code and data go, after the shim's: offsets[count] is where the
 * trampolines for far calls start (aligned to 8, far_calls of them at most), code_size the end. A
 * micro-op that keeps no stack value in registers, reached with some cached, is preceded by the
 * spill stencil for that depth (spills[i], else NULL); stencils[i] is the micro-op's own, for the
 * depth it is reached at and its oparg. A guard's exit stub is reached with the values its guard
 * hands it in registers (depths[stub]): its stencil for that depth stores them. `top` is where
 * _JUMP_TO_TOP goes: the loop's first micro-op, after the spill that ends the first iteration
 * there with nothing cached (the back edge, which caches nothing, must not store again). */
typedef struct Layout {
    size_t *code_offsets, *data_offsets;
    const QkStencil **stencils, **spills;
    uint8_t *depths;
    size_t code_size, data_size, top;
    uint32_t far_calls;
} Layout;

/* Declares Layout `name` for `count` micro-ops, its arrays on the stack (variable length). */
#define LAYOUT(name, count)                                                                        \
    size_t name##_code[(count) + 1], name##_data[(count) + 1];                                     \
    const QkStencil *name##_stencils[(count) + 1], *name##_spills[(count) + 1];                   \
    uint8_t name##_depths[(count) + 1];                                                            \
    Layout name = {name##_code, name##_data, name##_stencils, name##_spills, name##_depths, 0, 0, 0, 0}

/* Code the JIT rewrites after it runs: a patched guard (QkJitInput.patched_guard) is copied as a
 * no-op as wide as a jump to its exit, which qk_jit_invalidate writes over it (until then the
 * check costs nothing; it leaves the registers as they are, so its exit stub is reached at the
 * depth it was), and qk_jit_link writes the same jump over a linked exit stub's start. */
#if defined(__x86_64__)
static const uint8_t jump_nop[] = {0x0f, 0x1f, 0x44, 0x00, 0x00}; /* nopl 0(%rax,%rax) */

/* jmp rel32 from `at` to `target` (both within one trace). */
static void encode_jump(uint8_t *out, uintptr_t at, uintptr_t target) {
    int32_t rel = (int32_t)(target - (at + 5));
    out[0] = 0xe9;
    memcpy(out + 1, &rel, 4);
}
#elif defined(__aarch64__)
static const uint8_t jump_nop[] = {0x1f, 0x20, 0x03, 0xd5}; /* nop */

/* b from `at` to `target` (within one trace: far inside a branch's ±128 MB). */
static void encode_jump(uint8_t *out, uintptr_t at, uintptr_t target) {
    uint32_t b = 0x14000000u | ((uint32_t)((int64_t)(target - at) >> 2) & 0x03ffffffu);
    memcpy(out, &b, 4);
}
#else
#error "the JIT's patched guards know x86_64 and aarch64"
#endif
static const QkStencil guard_stencil = {
    .name = "_PATCHED_GUARD", .code = jump_nop, .code_size = sizeof jump_nop};

/* Whether micro-op i, reached at `depth`, is a patched guard: one that keeps the registers as
 * they are on both ways out (else its own stencil runs, which checks what it checks). */
static bool patched_guard(const QkJitInput *ex, uint32_t i, uint32_t depth) {
    uint16_t op = ex->trace[i].opcode;
    return i < ex->length && (int32_t)op == ex->patched_guard && qk_stencils[op].n_by_cache > 0 &&
           qk_uop_exit_depth[op][depth] == depth && qk_uop_cache_out[op][depth] == depth;
}

/* The stencil of a micro-op at a cache depth, for its oparg if it has one of its own. */
static const QkStencil *stencil_for(const QkUOpInst *uop, uint32_t depth) {
    const QkStencil *s = &qk_stencils[uop->opcode];
    if (depth > 0) {
        s = &s->by_cache[depth];
    }
    if (uop->oparg < s->n_by_oparg && s->by_oparg[uop->oparg].code != NULL) {
        return &s->by_oparg[uop->oparg];
    }
    return s;
}

static void place(Layout *l, const QkStencil *s) {
    l->code_size += s->code_size;
    l->data_size += round_up(s->data_size, QK_STENCIL_DATA_ALIGN);
    l->far_calls += qk_stencil_far_calls(s);
}

static int layout(const QkJitInput *ex, Layout *l) {
    l->code_size = qk_shim_stencil.code_size;
    l->data_size = round_up(qk_shim_stencil.data_size, QK_STENCIL_DATA_ALIGN);
    uint32_t depth = 0;
    memset(l->depths, 0, ex->count + 1);
    for (uint32_t i = 0; i < ex->count; i++) {
        const QkUOpInst *uop = &ex->trace[i];
        if (i >= ex->length) {
            depth = l->depths[i]; /* an exit stub, entered with what its guard hands it */
        }
        const QkStencil *base = &qk_stencils[uop->opcode];
        l->code_offsets[i] = l->code_size;
        l->data_offsets[i] = l->data_size;
        l->spills[i] = NULL;
        bool linked = i >= ex->length && (int32_t)uop->opcode == ex->linked_exit;
        bool loop_top = i == ex->loop_start && i > 0;
        if (depth > 0 && (base->n_by_cache == 0 || linked || loop_top)) {
            l->spills[i] = &qk_spill_stencils[depth];
            place(l, l->spills[i]);
            depth = 0;
        }
        if (loop_top) {
            l->top = l->code_size;
        }
        l->stencils[i] = patched_guard(ex, i, depth) ? &guard_stencil : stencil_for(uop, depth);
        if (l->stencils[i]->code == NULL) {
            fprintf(stderr, "quack: no stencil for micro-op %u\n", uop->opcode);
            return -1;
        }
        place(l, l->stencils[i]);
        uint8_t cached = base->n_by_cache > 0;
        if (i < ex->length && (qk_uop_flags[uop->opcode] & (QK_FLAG_DEOPT | QK_FLAG_EXIT))) {
            l->depths[uop->jump_target] = cached ? qk_uop_exit_depth[uop->opcode][depth] : 0;
        }
        depth = cached ? qk_uop_cache_out[uop->opcode][depth] : 0;
    }
    l->code_size = round_up(l->code_size, 8);
    l->code_offsets[ex->count] = l->code_size;
    l->code_size += (size_t)l->far_calls * QK_TRAMPOLINE_SIZE;
    return 0;
}

/* Copies and patches every stencil: written at code/data, to run at code_base/data_base. The
 * shim continues into the first micro-op. */
static int emit(const QkJitInput *ex, const Layout *l, uint8_t *code, uintptr_t code_base,
                uint8_t *data, uintptr_t data_base) {
    uintptr_t far_targets[l->far_calls + 1];
    size_t at_trampolines = l->code_offsets[ex->count];
    QkTrampolines trampolines = {code + at_trampolines, code_base + at_trampolines, 0,
                                 l->far_calls, far_targets};
    /* Unused trampoline room is never run, but its bytes are the trace's: make them defined. */
    memset(code + at_trampolines, 0, l->code_size - at_trampolines);
    QkPatchValues shim_values = {.cont = code_base + l->code_offsets[0],
                                 .trampolines = &trampolines};
    int failed = qk_patch_stencil(&qk_shim_stencil, code, code_base, data, data_base,
                                  &shim_values);
    for (uint32_t i = 0; i < ex->count && !failed; i++) {
        const QkUOpInst *uop = &ex->trace[i];
        size_t at = l->code_offsets[i], data_at = l->data_offsets[i];
        if (l->spills[i] != NULL) {
            const QkStencil *spill = l->spills[i];
            QkPatchValues values = {.cont = code_base + at + spill->code_size,
                                    .trampolines = &trampolines};
            failed = qk_patch_stencil(spill, code + at, code_base + at, data + data_at,
                                      data_base + data_at, &values);
            at += spill->code_size;
            data_at += round_up(spill->data_size, QK_STENCIL_DATA_ALIGN);
        }
        QkPatchValues values = {
            .cont = code_base + l->code_offsets[i + 1],
            .jump_target = code_base + l->code_offsets[uop->jump_target],
            .error_target = code_base + l->code_offsets[uop->error_target],
            .top = code_base + (ex->loop_start > 0 ? l->top : l->code_offsets[0]),
            .oparg = uop->oparg,
            .operand = (uintptr_t)uop->operand,
            .target = uop->target,
            .trampolines = &trampolines,
        };
        failed |= qk_patch_stencil(l->stencils[i], code + at, code_base + at, data + data_at,
                                   data_base + data_at, &values);
    }
    return failed;
}

/* One line per stencil copy, in the format perf reads for code it cannot find in a file
 * (`perf report` then names JIT samples by micro-op). Addresses of freed traces get reused, so a
 * later line for the same range is the one that counts. */
static void write_perf_map(FILE *map, const QkJitInput *ex, const Layout *l, uintptr_t base) {
    fprintf(map, "%" PRIxPTR " %zx quack:trace-entry %s\n", base, l->code_offsets[0], ex->name);
    for (uint32_t i = 0; i < ex->count; i++) {
        size_t at = l->code_offsets[i];
        const QkStencil *parts[2] = {l->spills[i], l->stencils[i]};
        for (int k = 0; k < 2; k++) {
            if (parts[k] != NULL && parts[k]->code_size > 0) {
                fprintf(map, "%" PRIxPTR " %x quack:%s %s@%u\n", base + at, parts[k]->code_size,
                        parts[k]->name, ex->name, ex->trace[i].target);
                at += parts[k]->code_size;
            }
        }
    }
    fflush(map);
}

/* The code a trace runs when no guard fails: the shim and the stencils (spills included) up to the
 * first exit stub. The rest, exit stubs and far-call trampolines, runs only on the way out. */
static size_t hot_code_bytes(const QkJitInput *ex, const Layout *l) {
    return l->code_offsets[ex->length];
}

static struct {
    QkJitStats *stats;
    FILE *perf_map;
} jit;

int qk_jit_init(const char *memory_mode, QkJitStats *stats, FILE *perf_map) {
    jit.stats = stats;
    jit.perf_map = perf_map;
    return qk_jit_memory_init(memory_mode, stats);
}

void qk_jit_fini(void) { qk_jit_memory_fini(); }

static int compile(const QkJitInput *ex, QkJitCode *out) {
    uint64_t start = now_ns();
    LAYOUT(l, ex->count);
    QkJitTrace memory;
    if (layout(ex, &l) != 0 || qk_jit_memory_reserve(&memory, l.code_size, l.data_size) != 0) {
        return -1;
    }
    uintptr_t code_base = memory.code.run;
    if (emit(ex, &l, memory.code.write, code_base, memory.data.write, memory.data.run) != 0) {
        qk_jit_memory_discard(&memory);
        return -1;
    }
    uint32_t nguards = 0;
    for (uint32_t i = 0; i < ex->length; i++) {
        nguards += l.stencils[i] == &guard_stencil;
    }
    uint32_t nstubs = ex->count - ex->length;
    uint32_t *guards = malloc((2 * (size_t)nguards + nstubs + 1) * sizeof *guards);
    if (guards == NULL) {
        qk_jit_memory_discard(&memory);
        return -1;
    }
    if (qk_jit_memory_commit(&memory) != 0) {
        free(guards);
        return -1;
    }
    uint32_t *stubs = guards + 2 * nguards;
    for (uint32_t i = ex->length; i < ex->count; i++) {
        size_t spilled = l.spills[i] != NULL ? l.spills[i]->code_size : 0;
        /* A stub too short to hold a jump is never linked (UINT32_MAX). */
        bool room = l.stencils[i]->code_size >= sizeof jump_nop;
        stubs[i - ex->length] = room ? (uint32_t)(l.code_offsets[i] + spilled) : UINT32_MAX;
    }
    out->stubs = stubs;
    out->nstubs = nstubs;
    for (uint32_t i = 0, n = 0; i < ex->length; i++) {
        if (l.stencils[i] == &guard_stencil) {
            guards[n++] = (uint32_t)l.code_offsets[i]; /* no spill before a cached micro-op */
            guards[n++] = (uint32_t)l.code_offsets[ex->trace[i].jump_target];
        }
    }
    out->guards = guards;
    out->nguards = nguards;
    out->memory = memory;
    out->entry = (void *)code_base;
    out->first = (void *)(code_base + l.code_offsets[0]);
    if (jit.perf_map != NULL) {
        write_perf_map(jit.perf_map, ex, &l, code_base);
    }
    jit.stats->jit_code_bytes += l.code_size;
    jit.stats->jit_hot_code_bytes += hot_code_bytes(ex, &l);
    jit.stats->jit_uops_compiled += ex->length;
    jit.stats->jit_data_bytes += l.data_size;
    jit.stats->jit_compile_ns += now_ns() - start;
    return 0;
}

/* Every failure leaves the trace to the micro-op interpreter. */
int qk_jit_compile(const QkJitInput *in, QkJitCode *out) {
    out->entry = NULL;
    out->guards = out->stubs = NULL;
    out->nguards = out->nstubs = 0;
    if (compile(in, out) != 0) {
        jit.stats->jit_compile_failures++;
        return -1;
    }
    return 0;
}

void qk_jit_free(QkJitCode *code) {
    if (code->entry != NULL) {
        qk_jit_memory_release(&code->memory);
        code->entry = NULL;
    }
    free(code->guards); /* the stubs' offsets too */
    code->guards = code->stubs = NULL;
    code->nguards = code->nstubs = 0;
}

/* Writes a jump from `at` to `target` over the code there (both in the trace's code). */
static void rewrite_jump(QkJitCode *code, uint32_t at, uintptr_t target) {
    uint8_t jump[sizeof jump_nop];
    encode_jump(jump, code->memory.code.run + at, target);
    if (qk_jit_memory_rewrite(&code->memory, at, jump, sizeof jump) != 0) {
        fputs("quack: cannot rewrite JIT code to jump elsewhere\n", stderr);
        abort();
    }
}

void qk_jit_link(QkJitCode *code, uint32_t stub, const void *target) {
    if (code->entry != NULL && stub < code->nstubs && code->stubs[stub] != UINT32_MAX) {
        rewrite_jump(code, code->stubs[stub], (uintptr_t)target);
        jit.stats->jit_exits_linked++;
    }
}

void qk_jit_invalidate(QkJitCode *code) {
    for (uint32_t i = 0; code->entry != NULL && i < code->nguards; i++) {
        rewrite_jump(code, code->guards[2 * i], code->memory.code.run + code->guards[2 * i + 1]);
        jit.stats->jit_guards_patched++;
    }
}

/* The compile micro-benchmark (quack --compile-bench): for every live trace, the time to lay out,
 * copy and patch it into ordinary memory (compiling without the arena's page protection changes,
 * which jit_compile_ns includes) against plain memcpys of the same bytes: each stencil's code and
 * data copied where the trace puts them, as the copy step does but with no patching; and, as a
 * floor, one memcpy of the finished trace. */
#define BENCH_ROUNDS 200

static void copy_one(const QkStencil *s, uint8_t *code, uint8_t *data) {
    memcpy(code, s->code, s->code_size);
    if (s->data_size > 0) {
        memcpy(data, s->data, s->data_size);
    }
}

static void copy_stencils(const QkJitInput *ex, const Layout *l, uint8_t *code, uint8_t *data) {
    memcpy(code, qk_shim_stencil.code, qk_shim_stencil.code_size);
    for (uint32_t i = 0; i < ex->count; i++) {
        size_t at = l->code_offsets[i], data_at = l->data_offsets[i];
        if (l->spills[i] != NULL) {
            copy_one(l->spills[i], code + at, data + data_at);
            at += l->spills[i]->code_size;
            data_at += round_up(l->spills[i]->data_size, QK_STENCIL_DATA_ALIGN);
        }
        copy_one(l->stencils[i], code + at, data + data_at);
    }
}

static uint64_t elapsed(uint64_t *clock) {
    uint64_t now = now_ns(), since = now - *clock;
    *clock = now;
    return since;
}

void qk_jit_bench(const QkJitInput *ex, QkJitBench *b) {
    LAYOUT(l, ex->count);
    if (layout(ex, &l) != 0) {
        return;
    }
    size_t size = l.code_size + l.data_size;
    uint8_t *image = malloc(size), *copy = malloc(size);
    if (image == NULL || copy == NULL) {
        free(image);
        free(copy);
        return;
    }
    uint8_t *data = image + l.code_size;
    uint64_t clock = now_ns();
    for (int i = 0; i < BENCH_ROUNDS; i++) {
        LAYOUT(fresh, ex->count);
        layout(ex, &fresh);
        emit(ex, &fresh, image, (uintptr_t)image, data, (uintptr_t)data);
        __asm__ volatile("" : : "r"(image) : "memory");
    }
    b->patch_ns += elapsed(&clock);
    for (int i = 0; i < BENCH_ROUNDS; i++) {
        copy_stencils(ex, &l, copy, copy + l.code_size);
        __asm__ volatile("" : : "r"(copy) : "memory");
    }
    b->copy_ns += elapsed(&clock);
    for (int i = 0; i < BENCH_ROUNDS; i++) {
        memcpy(copy, image, size);
        __asm__ volatile("" : : "r"(copy) : "memory");
    }
    b->block_ns += elapsed(&clock);
    b->traces++;
    b->bytes += size;
    b->code_bytes += l.code_size;
    b->hot_code_bytes += hot_code_bytes(ex, &l);
    b->uops += ex->length;
    free(image);
    free(copy);
}

void qk_jit_bench_report(const QkJitBench *b, FILE *out) {
    double per = b->traces ? (double)(b->traces * BENCH_ROUNDS) : 1.0;
    fprintf(out,
            "compile-bench: traces=%" PRIu64 " bytes=%" PRIu64
            " copy_patch_ns=%.0f memcpy_ns=%.0f block_memcpy_ns=%.0f code_bytes=%" PRIu64
            " hot_code_bytes=%" PRIu64 " uops=%" PRIu64 "\n",
            b->traces, b->bytes, (double)b->patch_ns / per, (double)b->copy_ns / per,
            (double)b->block_ns / per, b->code_bytes, b->hot_code_bytes, b->uops);
}
