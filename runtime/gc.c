/* The collector: precise, non-moving mark and sweep. See docs/architecture.md "Memory". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quack.h"

#define QK_GC_MIN_THRESHOLD (1u << 20)

typedef struct MarkStack {
    QkObject **items;
    size_t count, capacity;
} MarkStack;

static void mark_value(QkValue v, void *arg) {
    if (!qk_is_object(v)) {
        return;
    }
    QkObject *ob = qk_as_object(v);
    if (ob->gc_marked || ob->gc_static) {
        return;
    }
    ob->gc_marked = 1;
    MarkStack *stack = arg;
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

static void mark_frames(QkThread *tstate, MarkStack *stack) {
    for (QkFrame *f = tstate->current_frame; f != NULL; f = f->previous) {
        mark_value((QkValue)f->code, stack);
        mark_value(f->func, stack);
        mark_value(f->globals, stack);
        mark_value(f->locals, stack);
        mark_value(f->init_self, stack);
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
    mark_value(tstate->globals, stack);
    mark_value(tstate->builtins, stack);
    qk_traverse_static_types(mark_value, stack);
    for (int i = 0; i < tstate->n_c_roots; i++) {
        mark_value(*tstate->c_roots[i], stack);
    }
}

/* Small objects come from per-size free lists: most die young, and reusing their memory costs
 * a fraction of calloc and free. Sanitizer builds use calloc and free for every object, so that a
 * use after free is still caught. */
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define QK_POOLED 0
#endif
#endif
#ifndef QK_POOLED
#define QK_POOLED 1
#endif
#define POOL_GRANULE 16
#define POOL_CLASSES 16 /* objects up to 256 bytes */

static QkObject *pools[POOL_CLASSES];

static QkObject *allocate(size_t size) {
    size_t class = (size + POOL_GRANULE - 1) / POOL_GRANULE - 1;
    if (!QK_POOLED || size == 0 || class >= POOL_CLASSES) {
        return calloc(1, size);
    }
    QkObject *ob = pools[class];
    if (ob != NULL) {
        pools[class] = ob->gc_next;
        memset(ob, 0, (class + 1) * POOL_GRANULE);
    } else {
        ob = calloc(1, (class + 1) * POOL_GRANULE);
        if (ob == NULL) {
            return NULL;
        }
    }
    ob->gc_pool = (uint16_t)(class + 1);
    return ob;
}

static void release(QkObject *ob) {
    if (ob->gc_pool == 0) {
        free(ob);
        return;
    }
    size_t class = ob->gc_pool - 1u;
    ob->gc_next = pools[class];
    pools[class] = ob;
}

static void free_object(QkObject *ob) {
    if (ob->type->finalize != NULL) {
        ob->type->finalize(ob);
    }
    release(ob);
}

void qk_collect(QkThread *tstate) {
    MarkStack stack = {0};
    mark_roots(tstate, &stack);
    while (stack.count > 0) {
        QkObject *ob = stack.items[--stack.count];
        if (ob->type->traverse != NULL) {
            ob->type->traverse(ob, mark_value, &stack);
        }
    }
    free(stack.items);

    size_t live = 0;
    QkObject **link = &tstate->gc_objects;
    while (*link != NULL) {
        QkObject *ob = *link;
        if (ob->gc_marked) {
            ob->gc_marked = 0;
            live++;
            link = &ob->gc_next;
        } else {
            *link = ob->gc_next;
            free_object(ob);
        }
    }
    tstate->gc_allocated = 0;
    /* Collect again after allocating about as much as survived: the amortized cost per allocation
     * stays constant while memory stays within a small factor of the live heap. */
    size_t next = live * 64;
    tstate->gc_threshold = next > QK_GC_MIN_THRESHOLD ? next : QK_GC_MIN_THRESHOLD;
    tstate->stats.gc_collections++;
}

void qk_free_all(QkThread *tstate) {
    QkObject *ob = tstate->gc_objects;
    while (ob != NULL) {
        QkObject *next = ob->gc_next;
        free_object(ob);
        ob = next;
    }
    tstate->gc_objects = NULL;
    for (size_t class = 0; class < POOL_CLASSES; class++) {
        while (pools[class] != NULL) {
            QkObject *next = pools[class]->gc_next;
            free(pools[class]);
            pools[class] = next;
        }
    }
}

QkObject *qk_alloc(QkThread *tstate, QkType *type, size_t size) {
    if (tstate->gc_stress || tstate->gc_allocated + size > tstate->gc_threshold) {
        qk_collect(tstate);
    }
    QkObject *ob = allocate(size);
    if (ob == NULL) {
        qk_raise(tstate, &qk_exc_MemoryError, "out of memory");
        return NULL;
    }
    ob->type = type;
    ob->gc_next = tstate->gc_objects;
    tstate->gc_objects = ob;
    tstate->gc_allocated += size;
    return ob;
}

void qk_root_push(QkThread *tstate, QkValue *slot) {
    if (tstate->n_c_roots == QK_MAX_C_ROOTS) {
        fputs("quack: internal error: too many C roots\n", stderr);
        abort();
    }
    tstate->c_roots[tstate->n_c_roots++] = slot;
}

void qk_root_pop(QkThread *tstate, int n) { tstate->n_c_roots -= n; }
