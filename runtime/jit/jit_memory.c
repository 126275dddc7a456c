/* The JIT's code arena (see jit_memory.h and docs/architecture.md, "JIT memory").
 *
 * Code and data live in separate kinds of chunk, each a first-fit allocator over a sorted,
 * coalesced list of free ranges. Chunks are mapped just below the runtime's own code (a hint the
 * kernel takes when the range is free), so that code and data reach each other, and the runtime's
 * functions, by rel32: the patcher then turns a stencil's indirect call of a helper through its
 * GOT slot into a direct call. If a chunk ends up elsewhere, a helper call stays indirect, and a
 * trace whose code and data are out of each other's reach fails to patch and falls back to the
 * micro-op interpreter.
 *
 * Flip mode changes the protection of pages that may hold other traces' live code. That is safe only
 * because the VM is single-threaded: no JIT code runs while a trace is being compiled, so live code
 * briefly losing execute permission is never observed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "jit.h"

typedef enum { MODE_FLIP, MODE_DUAL } Mode;
typedef enum { KIND_CODE, KIND_DATA } Kind;

typedef struct FreeRange {
    struct FreeRange *next;
    size_t offset, size;
} FreeRange;

struct QkJitChunk {
    QkJitChunk *next;
    Kind kind;
    uint8_t *write; /* the writable view; in flip mode also the one that runs */
    uint8_t *run;
    size_t size;
    size_t live;    /* committed ranges: their pages must keep their run protection */
    FreeRange *free;
};

/* Small chunks: a typical trace is about a kilobyte of code and a tenth of that in data, so a
 * program with a few hot loops maps a few pages, not one page per trace. A larger trace gets a
 * chunk of its own size. */
enum { CODE_CHUNK = 64 * 1024, DATA_CHUNK = 16 * 1024, CODE_ALIGN = 16 };

static struct {
    Mode mode;
    QkJitStats *stats;
    size_t page;
    QkJitChunk *chunks[2];
    uintptr_t runtime; /* an address in the runtime's code */
    uintptr_t near;    /* where the next chunk is asked for */
} arena;

/* Below the runtime's code, far enough for its heap never to grow into the chunks. */
#define NEAR_DISTANCE ((uintptr_t)512 << 20)

static size_t round_up(size_t n, size_t to) { return (n + to - 1) / to * to; }

int qk_jit_memory_init(const char *mode, QkJitStats *stats) {
    if (mode == NULL || *mode == '\0' || strcmp(mode, "flip") == 0) {
        arena.mode = MODE_FLIP;
    } else if (strcmp(mode, "dual") == 0) {
        arena.mode = MODE_DUAL;
    } else {
        return -1;
    }
    arena.stats = stats;
    arena.page = (size_t)sysconf(_SC_PAGESIZE);
    arena.runtime = (uintptr_t)&qk_jit_memory_init;
    arena.near = arena.runtime > NEAR_DISTANCE
                     ? (arena.runtime - NEAR_DISTANCE) & ~(uintptr_t)(arena.page - 1)
                     : 0;
    return 0;
}

/* Maps `size` bytes at the hint if the kernel agrees (it never replaces a mapping for a hint),
 * moving the hint past them; anywhere otherwise. */
static uint8_t *map_near(size_t size, int prot, int flags, int fd) {
    void *at = mmap((void *)arena.near, size, prot, flags, fd, 0);
    if (at != MAP_FAILED && arena.near != 0 && (uintptr_t)at == arena.near) {
        arena.near += size;
    }
    return at;
}

static int run_prot(Kind kind) { return kind == KIND_CODE ? PROT_READ | PROT_EXEC : PROT_READ; }

static QkJitChunk *chunk_new(Kind kind, size_t need) {
    size_t size = kind == KIND_CODE ? CODE_CHUNK : DATA_CHUNK;
    size = round_up(need > size ? need : size, arena.page);
    QkJitChunk *chunk = calloc(1, sizeof *chunk);
    FreeRange *all = malloc(sizeof *all);
    if (chunk == NULL || all == NULL) {
        free(chunk);
        free(all);
        return NULL;
    }
    if (arena.mode == MODE_FLIP) {
        chunk->write = map_near(size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1);
        chunk->run = chunk->write;
    } else {
        /* Two views of one file: the only way to write code that runs without ever asking for a
         * mapping that is writable and executable, or that gains execute permission. */
        int fd = memfd_create(kind == KIND_CODE ? "quack-jit-code" : "quack-jit-data", MFD_CLOEXEC);
        chunk->write = chunk->run = MAP_FAILED;
        if (fd >= 0 && ftruncate(fd, (off_t)size) == 0) {
            chunk->write = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
            chunk->run = map_near(size, run_prot(kind), MAP_SHARED, fd);
        }
        if (fd >= 0) {
            close(fd); /* the mappings keep the file alive */
        }
        if (chunk->write == MAP_FAILED || chunk->run == MAP_FAILED) {
            if (chunk->write != MAP_FAILED) {
                munmap(chunk->write, size);
            }
            if (chunk->run != MAP_FAILED) {
                munmap(chunk->run, size);
            }
            chunk->write = MAP_FAILED;
        }
    }
    if (chunk->write == MAP_FAILED) {
        free(chunk);
        free(all);
        return NULL;
    }
    *all = (FreeRange){.next = NULL, .offset = 0, .size = size};
    chunk->kind = kind;
    chunk->size = size;
    chunk->free = all;
    chunk->next = arena.chunks[kind];
    arena.chunks[kind] = chunk;
    arena.stats->jit_arena_bytes_mapped += size;
    uintptr_t run = (uintptr_t)chunk->run;
    uintptr_t distance = run > arena.runtime ? run + size - arena.runtime : arena.runtime - run;
    if (distance < ((uintptr_t)1 << 31)) {
        arena.stats->jit_arena_bytes_near += size;
    }
    return chunk;
}

/* First fit over every chunk of the kind, then a new chunk. */
static int range_alloc(Kind kind, size_t size, QkJitRange *range) {
    size = round_up(size ? size : 1, kind == KIND_CODE ? CODE_ALIGN : QK_JIT_DATA_ALIGN);
    for (QkJitChunk *chunk = arena.chunks[kind];; chunk = chunk->next) {
        if (chunk == NULL && (chunk = chunk_new(kind, size)) == NULL) {
            return -1;
        }
        for (FreeRange **link = &chunk->free; *link != NULL; link = &(*link)->next) {
            FreeRange *r = *link;
            if (r->size < size) {
                continue;
            }
            *range = (QkJitRange){.chunk = chunk,
                                  .offset = r->offset,
                                  .size = size,
                                  .write = chunk->write + r->offset,
                                  .run = (uintptr_t)(chunk->run + r->offset)};
            r->offset += size;
            r->size -= size;
            if (r->size == 0) {
                *link = r->next;
                free(r);
            }
            arena.stats->jit_arena_bytes_used += size;
            return 0;
        }
    }
}

static void range_free(QkJitRange *range) {
    QkJitChunk *chunk = range->chunk;
    size_t start = range->offset, end = range->offset + range->size;
    FreeRange *prev = NULL, *next = chunk->free;
    while (next != NULL && next->offset < start) {
        prev = next;
        next = next->next;
    }
    arena.stats->jit_arena_bytes_used -= range->size;
    if (prev != NULL && prev->offset + prev->size == start) {
        prev->size += range->size;
        if (next != NULL && next->offset == end) {
            prev->size += next->size;
            prev->next = next->next;
            free(next);
        }
    } else if (next != NULL && next->offset == end) {
        next->offset = start;
        next->size += range->size;
    } else {
        FreeRange *r = malloc(sizeof *r);
        if (r == NULL) {
            return; /* out of memory: the range is lost, not reused */
        }
        *r = (FreeRange){.next = next, .offset = start, .size = range->size};
        if (prev != NULL) {
            prev->next = r;
        } else {
            chunk->free = r;
        }
    }
}

/* Flip mode: sets the protection of the pages a range touches (neighbours' pages included). */
static int protect(const QkJitRange *range, int prot) {
    size_t start = range->offset / arena.page * arena.page;
    size_t end = round_up(range->offset + range->size, arena.page);
    return mprotect(range->chunk->write + start, end - start, prot);
}

/* After a failed or abandoned write, gives the range's pages back their run protection. If that is
 * refused while other live traces share the pages, their code can no longer run: stop rather than
 * crash later. (Where W->X is refused, no flip-mode page ever became executable, so none is live.) */
static void restore(const QkJitRange *range) {
    if (arena.mode == MODE_FLIP && protect(range, run_prot(range->chunk->kind)) != 0 &&
        range->chunk->live > 0) {
        fputs("quack: cannot make JIT memory executable again\n", stderr);
        abort();
    }
}

int qk_jit_memory_reserve(QkJitTrace *trace, size_t code_size, size_t data_size) {
    if (range_alloc(KIND_CODE, code_size, &trace->code) != 0) {
        return -1;
    }
    if (range_alloc(KIND_DATA, data_size, &trace->data) != 0) {
        range_free(&trace->code);
        return -1;
    }
    if (arena.mode == MODE_FLIP && (protect(&trace->code, PROT_READ | PROT_WRITE) != 0 ||
                                    protect(&trace->data, PROT_READ | PROT_WRITE) != 0)) {
        qk_jit_memory_discard(trace);
        return -1;
    }
    return 0;
}

int qk_jit_memory_commit(QkJitTrace *trace) {
    if (arena.mode == MODE_FLIP && (protect(&trace->data, PROT_READ) != 0 ||
                                    protect(&trace->code, PROT_READ | PROT_EXEC) != 0)) {
        qk_jit_memory_discard(trace);
        return -1;
    }
    /* A no-op on x86-64; elsewhere the instruction cache does not see data writes by itself. */
    __builtin___clear_cache((char *)trace->code.run, (char *)trace->code.run + trace->code.size);
    trace->code.chunk->live++;
    trace->data.chunk->live++;
    arena.stats->jit_traces_live++;
    return 0;
}

int qk_jit_memory_rewrite(QkJitTrace *trace, size_t offset, const uint8_t *bytes, size_t n) {
    QkJitRange part = {trace->code.chunk, trace->code.offset + offset, n,
                       trace->code.write + offset, trace->code.run + offset};
    if (arena.mode == MODE_FLIP && protect(&part, PROT_READ | PROT_WRITE) != 0) {
        return -1;
    }
    memcpy(part.write, bytes, n);
    if (arena.mode == MODE_FLIP && protect(&part, PROT_READ | PROT_EXEC) != 0) {
        return -1;
    }
    __builtin___clear_cache((char *)part.run, (char *)part.run + n);
    return 0;
}

void qk_jit_memory_discard(QkJitTrace *trace) {
    restore(&trace->data);
    restore(&trace->code);
    range_free(&trace->data);
    range_free(&trace->code);
}

void qk_jit_memory_release(QkJitTrace *trace) {
    trace->code.chunk->live--;
    trace->data.chunk->live--;
    range_free(&trace->data);
    range_free(&trace->code);
    arena.stats->jit_traces_live--;
    arena.stats->jit_traces_freed++;
}

void qk_jit_memory_fini(void) {
    for (int kind = KIND_CODE; kind <= KIND_DATA; kind++) {
        while (arena.chunks[kind] != NULL) {
            QkJitChunk *chunk = arena.chunks[kind];
            arena.chunks[kind] = chunk->next;
            if (chunk->run != chunk->write) {
                munmap(chunk->run, chunk->size);
            }
            munmap(chunk->write, chunk->size);
            while (chunk->free != NULL) {
                FreeRange *r = chunk->free;
                chunk->free = r->next;
                free(r);
            }
            free(chunk);
        }
    }
}
