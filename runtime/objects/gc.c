/* The collector: precise, non-moving mark and sweep. See docs/architecture.md "Memory".
 *
 * Small objects live in blocks of 64 KiB carved from 2 MiB chunks, each block holding cells of one
 * size class; allocation pops a cell from its class's free list or bumps through the newest block's
 * unused cells. A small object's mark is a bit in its block's bitmap, so marking writes no object
 * and a collection forgets its marks by clearing bitmaps, not cells. A block whose bitmap is clear
 * after marking is reclaimed whole. The others are swept lazily: when a size class runs out of free
 * cells, the next block with dead cells threads them onto its free list, read from the bitmap, just
 * before they are handed out again. Dead objects with finalizers are found through their own list,
 * not by visiting cells. Large objects (and every object in sanitizer builds) are calloc'd and kept
 * in one list; their mark is in their header. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "executor.h"
#include "quack.h"
#include "trace.h"

/* Collect again after allocating GC_GROWTH times the bytes that survived, but at least
 * GC_MIN_THRESHOLD: the amortized cost per allocated byte stays constant while memory stays
 * within a small factor of the live heap. */
#define GC_GROWTH 2
/* Each collection marks the whole live heap (there is no young generation), so the least bytes
 * between two bounds how often a small heap is marked again: at 1 MiB, marking was 10-15% of
 * the object-heavy programs' instructions. Young objects are still in a last-level cache when
 * they are swept. */
#define GC_MIN_THRESHOLD ((size_t)8 << 20)

/* ---- marking ---- */

/* Marking finds an object through a pointer whose target is seldom in cache, and must read the
 * object's header (its type, whether it is static or large) before it can mark it. So a pointer
 * found is prefetched and queued, and examined PREFETCH_DEPTH pointers later, when its line has
 * had time to arrive: the misses of a heap larger than the cache overlap instead of following one
 * another. */
#define PREFETCH_DEPTH 16

typedef struct MarkStack {
    QkObject **items; /* examined and marked, their fields not yet visited */
    size_t count, capacity;
    QkObject *queue[PREFETCH_DEPTH]; /* found, prefetched, not yet examined (NULL: free) */
    size_t next; /* the queue's oldest slot, where the next pointer found goes */
} MarkStack;

static int set_mark(QkObject *ob);

static void mark_object(QkObject *ob, MarkStack *stack) {
    if (ob->gc_static || !set_mark(ob)) {
        return;
    }
    /* A leaf (a float, a str, an int's digits) names nothing: marked, it need not be visited. */
    if (ob->type->traverse == NULL && !(ob->type->flags & QK_TYPE_HEAP)) {
        return;
    }
    if (stack->count == stack->capacity) {
        stack->capacity = stack->capacity ? stack->capacity * 2 : 256;
        stack->items = realloc(stack->items, stack->capacity * sizeof *stack->items);
        if (stack->items == NULL) {
            fputs("quack: out of memory while collecting\n", stderr);
            exit(1);
        }
    }
    stack->items[stack->count++] = ob;
}

static void mark_value(QkValue v, void *arg) {
    if (!qk_is_object(v)) {
        return;
    }
    MarkStack *stack = arg;
    QkObject *ob = qk_as_object(v), *due = stack->queue[stack->next];
    __builtin_prefetch(ob);
    stack->queue[stack->next] = ob;
    stack->next = (stack->next + 1) % PREFETCH_DEPTH;
    if (due != NULL) {
        mark_object(due, stack);
    }
}

/* Examines the oldest pointer still queued; 0 when none is. */
static int mark_queued(MarkStack *stack) {
    for (size_t k = 0; k < PREFETCH_DEPTH; k++) {
        size_t slot = (stack->next + k) % PREFETCH_DEPTH;
        QkObject *ob = stack->queue[slot];
        if (ob != NULL) {
            stack->queue[slot] = NULL;
            mark_object(ob, stack);
            return 1;
        }
    }
    return 0;
}

static void mark_frames(QkThread *tstate, MarkStack *stack) {
    for (QkFrame *f = tstate->current_frame; f != NULL; f = f->previous) {
        mark_value((QkValue)f->code, stack);
        mark_value(f->func, stack);
        mark_value(f->globals, stack);
        mark_value(f->locals, stack);
        mark_value(f->init_self, stack);
        mark_value(f->binop_lhs, stack);
        mark_value(f->binop_rhs, stack);
        for (QkValue *p = f->localsplus; p < f->stack_pointer; p++) {
            mark_value(*p, stack);
        }
    }
}

static void mark_roots(QkThread *tstate, MarkStack *stack) {
    mark_frames(tstate, stack);
    mark_value(tstate->exception, stack);
    mark_value(tstate->exc_info, stack);
    mark_value(tstate->modules, stack);
    mark_value(tstate->image_modules, stack);
    mark_value(tstate->globals, stack);
    mark_value(tstate->builtins, stack);
    for (size_t i = 0; i < QK_LOAD_COMMON_BUILTIN_COUNT; i++) {
        mark_value(tstate->common_builtins[i], stack);
    }
    qk_traverse_static_types(mark_value, stack);
    qk_type_cache_traverse(mark_value, stack);
    for (int i = 0; i < tstate->n_c_roots; i++) {
        mark_value(*tstate->c_roots[i], stack);
    }
    qk_trace_traverse(tstate, mark_value, stack);
    qk_executors_traverse_invalid(mark_value, stack);
}

static void mark(QkThread *tstate) {
    MarkStack stack = {0};
    mark_roots(tstate, &stack);
    do {
        while (stack.count > 0) {
            QkObject *ob = stack.items[--stack.count];
            /* An instance keeps its class alive, whatever else still names the class. */
            if (ob->type->flags & QK_TYPE_HEAP) {
                mark_value((QkValue)ob->type, &stack);
            }
            if (ob->type->traverse != NULL) {
                ob->type->traverse(ob, mark_value, &stack);
            }
        }
    } while (mark_queued(&stack));
    free(stack.items);
}

/* ---- the heap ---- */

#define GRANULE QK_GC_GRANULE
#define SMALL_CLASSES QK_GC_SMALL_CLASSES
#define SMALL_MAX (SMALL_CLASSES * GRANULE)
_Static_assert(sizeof(QkObject) > GRANULE, "the smallest cell used holds 32 bytes");
/* Blocks come from 2 MiB chunks mapped straight from the kernel and marked for transparent huge
 * pages: a heap grown by 64 KiB mallocs faulted in every 4 KiB page, a fifth of the run time of
 * programs that build big containers. A chunk is 32 blocks of 64 KiB, each aligned to its size, so
 * that an object finds its block, and its mark bit, by masking its address. */
#define CHUNK_SIZE ((size_t)2 << 20)
#define BLOCK_SIZE ((size_t)64 << 10)
#define CHUNK_BLOCKS (CHUNK_SIZE / BLOCK_SIZE)

/* A finalizer is found through the object's type, so a class must outlive the instances swept in
 * the same collection: classes are large objects, and small objects are swept first (the large list
 * is newest first, and a type is always older than its instances). */
_Static_assert(sizeof(QkType) > SMALL_MAX, "classes must be large objects");

typedef struct Chunk {
    struct Chunk *next;
    size_t n_empty; /* counted while trimming */
} Chunk;

/* One mark bit per granule of a block (its header's granules included, never set), set at the
 * granule where a marked cell starts. */
#define MARK_WORDS (BLOCK_SIZE / GRANULE / 64)
/* A block's cells that the last collection did not mark are free: on the free list, not yet swept,
 * never handed out, or handed out since (allocated after the collection, so live). Free cells hold
 * anything: an empty block is reused for any size class, with its bitmap clear. */
typedef struct Block {
    struct Block *next; /* the next block of its size class, or the next empty block */
    uint32_t cell_size;
    uint32_t live; /* cells marked by the last collection, counted once it is done */
    Chunk chunk; /* a chunk's first block only: the chunk's */
    uint64_t marks[MARK_WORDS];
    unsigned char cells[];
} Block;
_Static_assert(offsetof(Block, cells) % GRANULE == 0, "cells must be aligned");

/* A size class's free cells (in address order within each block) and its newest block's cells
 * never handed out are in qk_alloc_cache, under the class's index. */
QkAllocCache qk_alloc_cache = {.budget = GC_MIN_THRESHOLD};

static struct {
    Block *blocks[SMALL_CLASSES]; /* of each size class, newest first */
    Block *unswept[SMALL_CLASSES]; /* the next of blocks[class] the lazy sweep reads, or NULL */
    Block *empty; /* blocks with no live cell, for any size class */
    size_t n_empty;
    Chunk *chunks;
    QkObject *large; /* newest first, linked by gc_next */
} heap;

static size_t block_cells(const Block *b) {
    return (BLOCK_SIZE - offsetof(Block, cells)) / b->cell_size;
}

static unsigned char *block_end(const Block *b) {
    return (unsigned char *)b->cells + block_cells(b) * b->cell_size;
}

static Block *chunk_block(void *base, size_t i) {
    return (Block *)((unsigned char *)base + i * BLOCK_SIZE);
}

static Chunk *chunk_of(const Block *b) {
    return &chunk_block((void *)((uintptr_t)b & ~(uintptr_t)(CHUNK_SIZE - 1)), 0)->chunk;
}

static void *chunk_base(Chunk *c) {
    return (void *)((uintptr_t)c & ~(uintptr_t)(CHUNK_SIZE - 1));
}

/* Small objects (in a block) have no gc_size; large ones have. */
static int is_small(const QkObject *ob) {
    return QK_POOLED && ob->gc_size == 0;
}

static Block *block_of(const QkObject *ob) {
    return (Block *)((uintptr_t)ob & ~(uintptr_t)(BLOCK_SIZE - 1));
}

static size_t granule_of(const QkObject *ob) {
    return ((uintptr_t)ob & (BLOCK_SIZE - 1)) / GRANULE;
}

static int mark_bit(const Block *b, size_t granule) {
    return (int)(b->marks[granule / 64] >> (granule % 64) & 1);
}

/* Marks a heap object; 0 if it was marked already. */
static int set_mark(QkObject *ob) {
    if (!is_small(ob)) {
        if (ob->gc_marked) {
            return 0;
        }
        ob->gc_marked = 1;
        return 1;
    }
    Block *b = block_of(ob);
    size_t g = granule_of(ob);
    if (mark_bit(b, g)) {
        return 0;
    }
    b->marks[g / 64] |= (uint64_t)1 << (g % 64);
    return 1;
}

static int small_marked(const QkObject *ob) {
    return mark_bit(block_of(ob), granule_of(ob));
}

/* Maps a chunk aligned to its size (so a block finds its chunk by masking) and puts its blocks on
 * the empty list. */
static int add_chunk(void) {
    size_t span = CHUNK_SIZE * 2;
    unsigned char *p = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) {
        return -1;
    }
    uintptr_t base = ((uintptr_t)p + CHUNK_SIZE - 1) & ~(uintptr_t)(CHUNK_SIZE - 1);
    size_t head = base - (uintptr_t)p;
    if (head > 0) {
        munmap(p, head);
    }
    munmap((unsigned char *)base + CHUNK_SIZE, span - head - CHUNK_SIZE);
#ifdef MADV_HUGEPAGE
    madvise((void *)base, CHUNK_SIZE, MADV_HUGEPAGE); /* a hint: without THP, small pages */
#endif
    Chunk *c = &chunk_block((void *)base, 0)->chunk;
    c->next = heap.chunks;
    heap.chunks = c;
    for (size_t i = CHUNK_BLOCKS; i-- > 0;) {
        Block *b = chunk_block((void *)base, i);
        b->next = heap.empty;
        heap.empty = b;
        heap.n_empty++;
    }
    return 0;
}

static int add_block(size_t class) {
    if (heap.empty == NULL && add_chunk() != 0) {
        return -1;
    }
    Block *b = heap.empty;
    heap.empty = b->next;
    heap.n_empty--;
    b->cell_size = (class + 1) * GRANULE;
    b->next = heap.blocks[class];
    heap.blocks[class] = b;
    qk_alloc_cache.bump[class] = b->cells;
    qk_alloc_cache.limit[class] = block_end(b);
    return 0;
}

/* Unmaps chunks whose blocks are all empty while more empty blocks are kept than `keep`. */
static void trim_chunks(size_t keep) {
    if (heap.n_empty <= keep + CHUNK_BLOCKS) {
        return;
    }
    for (Chunk *c = heap.chunks; c != NULL; c = c->next) {
        c->n_empty = 0;
    }
    for (Block *b = heap.empty; b != NULL; b = b->next) {
        chunk_of(b)->n_empty++;
    }
    Chunk *released = NULL;
    Chunk **link = &heap.chunks;
    while (*link != NULL && heap.n_empty > keep + CHUNK_BLOCKS) {
        Chunk *c = *link;
        if (c->n_empty < CHUNK_BLOCKS) {
            link = &c->next;
            continue;
        }
        *link = c->next;
        c->next = released;
        released = c;
        c->n_empty = SIZE_MAX; /* marks its blocks for unlinking below */
        heap.n_empty -= CHUNK_BLOCKS;
    }
    Block **blink = &heap.empty;
    while (*blink != NULL) {
        if (chunk_of(*blink)->n_empty == SIZE_MAX) {
            *blink = (*blink)->next;
        } else {
            blink = &(*blink)->next;
        }
    }
    while (released != NULL) {
        Chunk *c = released;
        released = c->next;
        munmap(chunk_base(c), CHUNK_SIZE);
    }
}

/* Per size class, the granules of a block where its cells start, as bitmap words (made the first
 * time a class is swept: its first cell's bit is then set). */
static uint64_t cell_starts[SMALL_CLASSES][MARK_WORDS];
#define FIRST_CELL (offsetof(Block, cells) / GRANULE)

static const uint64_t *starts_of(size_t class) {
    uint64_t *starts = cell_starts[class];
    if ((starts[FIRST_CELL / 64] >> (FIRST_CELL % 64) & 1) == 0) {
        size_t step = class + 1, end = BLOCK_SIZE / GRANULE;
        for (size_t g = FIRST_CELL; g + step <= end; g += step) {
            starts[g / 64] |= (uint64_t)1 << (g % 64);
        }
    }
    return starts;
}

/* The lazy sweep: threads the free cells of the size class's next block that has any onto the
 * class's (empty) free list, in address order; 0 when no block is left to sweep. Only the bitmap is
 * read, a word at a time: a dead cell is first touched here, just before it is handed out again. */
static int sweep_next(size_t class) {
    Block *b;
    while ((b = heap.unswept[class]) != NULL) {
        heap.unswept[class] = b->next;
        if (b->live == block_cells(b)) {
            continue;
        }
        const uint64_t *starts = starts_of(class);
        QkObject **tail = &qk_alloc_cache.free[class];
        for (size_t w = 0; w < MARK_WORDS; w++) {
            for (uint64_t free = starts[w] & ~b->marks[w]; free != 0; free &= free - 1) {
                size_t g = w * 64 + (size_t)__builtin_ctzll(free);
                QkObject *ob = (QkObject *)((unsigned char *)b + g * GRANULE);
                *tail = ob;
                tail = &ob->gc_next;
            }
        }
        *tail = NULL;
        return 1;
    }
    return 0;
}

/* A cell of the size class: a swept one, else a new block's. */
static QkObject *allocate_small(QkType *type, size_t class, int finalized) {
    size_t cell_size = (class + 1) * GRANULE;
    QkObject *ob;
    while ((ob = qk_take_cell(&qk_alloc_cache, type, class, cell_size, finalized)) == NULL) {
        if (!sweep_next(class) && add_block(class) != 0) {
            return NULL;
        }
    }
    return ob;
}

static QkObject *allocate_large(QkType *type, size_t size) {
    QkObject *ob = calloc(1, size);
    if (ob == NULL) {
        return NULL;
    }
    ob->type = type;
    ob->gc_size = size < UINT32_MAX ? (uint32_t)size : UINT32_MAX;
    ob->gc_next = heap.large;
    heap.large = ob;
    return ob;
}

static void finalize(QkObject *ob) {
    if (ob->type->finalize != NULL) {
        ob->type->finalize(ob);
    }
}

/* Runs the finalizers of the small objects that died, and forgets them (only small objects are
 * listed: large ones are finalized by their sweep). */
static void finalize_dead(void) {
    QkObject **link = &qk_alloc_cache.finalizable;
    while (*link != NULL) {
        QkObject *ob = *link;
        if (small_marked(ob)) {
            link = &ob->gc_next;
        } else {
            *link = ob->gc_next;
            finalize(ob);
        }
    }
}

/* Forgets the last collection's marks before a new one. */
static void clear_marks(void) {
    for (size_t class = 0; class < SMALL_CLASSES; class++) {
        for (Block *b = heap.blocks[class]; b != NULL; b = b->next) {
            memset(b->marks, 0, sizeof b->marks);
        }
    }
}

/* Returns the size class's blocks where nothing survived to the empty blocks (their bitmaps
 * clear) and leaves the others to the lazy sweep; returns the bytes still live. The free list and
 * the bump pointer are dropped: their cells are unmarked, so the sweep finds them free again. */
static size_t sweep_class(size_t class) {
    size_t live_bytes = 0;
    Block **link = &heap.blocks[class];
    while (*link != NULL) {
        Block *b = *link;
        b->live = 0;
        for (size_t w = 0; w < MARK_WORDS; w++) {
            b->live += (uint32_t)__builtin_popcountll(b->marks[w]);
        }
        if (b->live == 0) {
            *link = b->next;
            b->next = heap.empty;
            heap.empty = b;
            heap.n_empty++;
            continue;
        }
        live_bytes += (size_t)b->live * b->cell_size;
        link = &b->next;
    }
    heap.unswept[class] = heap.blocks[class];
    qk_alloc_cache.free[class] = NULL;
    qk_alloc_cache.bump[class] = qk_alloc_cache.limit[class] = NULL;
    return live_bytes;
}

static size_t sweep_large(void) {
    size_t live_bytes = 0;
    QkObject **link = &heap.large;
    while (*link != NULL) {
        QkObject *ob = *link;
        if (ob->gc_marked) {
            ob->gc_marked = 0;
            live_bytes += ob->gc_size;
            link = &ob->gc_next;
        } else {
            *link = ob->gc_next;
            finalize(ob);
            free(ob);
        }
    }
    return live_bytes;
}

void qk_collect(QkThread *tstate) {
    clear_marks();
    mark(tstate);
    finalize_dead(); /* while their classes live: large objects are swept last */
    size_t live_bytes = 0;
    for (size_t class = 0; class < SMALL_CLASSES; class++) {
        live_bytes += sweep_class(class);
    }
    live_bytes += sweep_large();

    size_t next = live_bytes * GC_GROWTH;
    size_t threshold = next > GC_MIN_THRESHOLD ? next : GC_MIN_THRESHOLD;
    qk_alloc_cache.budget = tstate->gc_stress ? 0 : threshold;
    tstate->stats.gc_collections++;
    /* Keep as many empty blocks as the allocations until the next collection could use. */
    trim_chunks(threshold / BLOCK_SIZE);
}

void qk_free_all(QkThread *tstate) {
    (void)tstate;
    for (QkObject *ob = qk_alloc_cache.finalizable; ob != NULL; ob = ob->gc_next) {
        finalize(ob);
    }
    qk_alloc_cache.finalizable = NULL;
    for (size_t class = 0; class < SMALL_CLASSES; class++) {
        heap.blocks[class] = heap.unswept[class] = NULL;
        qk_alloc_cache.free[class] = NULL;
        qk_alloc_cache.bump[class] = qk_alloc_cache.limit[class] = NULL;
    }
    for (QkObject *ob = heap.large, *next; ob != NULL; ob = next) {
        next = ob->gc_next;
        finalize(ob);
        free(ob);
    }
    heap.large = NULL;
    for (Chunk *c = heap.chunks, *next; c != NULL; c = next) {
        next = c->next;
        munmap(chunk_base(c), CHUNK_SIZE);
    }
    heap.chunks = NULL;
    heap.empty = NULL;
    heap.n_empty = 0;
}

QkObject *qk_alloc_slow(QkThread *tstate, QkType *type, size_t size, int finalized) {
    if (finalized != (type->finalize != NULL)) {
        /* A finalizer never run would leak what it frees: every allocation of such a type must
         * say so (QUACK_GC_STRESS sends each one here). */
        fprintf(stderr, "quack: internal error: %s allocated as %sfinalized\n", type->name,
                finalized ? "" : "not ");
        abort();
    }
    size_t class = (size - 1) / GRANULE; /* size >= sizeof(QkObject) */
    int small = QK_POOLED && class < SMALL_CLASSES;
    size_t charged = small ? (class + 1) * GRANULE : size;
    if (tstate->gc_stress || charged > qk_alloc_cache.budget) {
        qk_collect(tstate);
    }
    QkObject *ob = small ? allocate_small(type, class, finalized) : allocate_large(type, size);
    if (ob == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return NULL;
    }
    qk_alloc_cache.budget -= charged < qk_alloc_cache.budget ? charged : qk_alloc_cache.budget;
    return ob;
}

void qk_root_grow(QkThread *tstate) {
    int capacity = tstate->c_roots_capacity ? 2 * tstate->c_roots_capacity : 256;
    QkValue **roots = realloc(tstate->c_roots, (size_t)capacity * sizeof *roots);
    if (roots == NULL) {
        fputs("MemoryError\n", stderr); /* no exception can be made without roots */
        exit(1);
    }
    tstate->c_roots = roots;
    tstate->c_roots_capacity = capacity;
}
