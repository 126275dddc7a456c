/* Containers' arrays recycled by size (storage.h). Sizes are rounded up to 16 bytes; freed arrays
 * wait on their size's list, linked through their first word, up to KEEP_BYTES in all: a
 * collection frees the arrays of thousands of dead lists at once, which the next thousands
 * reuse. Sanitizer builds use malloc and free alone, so a use after free is still caught. */
#include "storage.h"

#include <stdlib.h>
#include <string.h>

#include "object.h"

#define STEP 16
#define SIZES (QK_STORAGE_SMALL_MAX / STEP)
#define KEEP_BYTES ((size_t)8 << 20)

typedef struct FreeArray {
    struct FreeArray *next;
} FreeArray;

static struct {
    FreeArray *free[SIZES];
    size_t bytes; /* waiting on the lists */
} cache;

/* The size's index, or SIZES for one malloc serves alone. */
static size_t size_index(size_t bytes) {
    return QK_POOLED && bytes > 0 && bytes <= QK_STORAGE_SMALL_MAX ? (bytes - 1) / STEP : SIZES;
}

void *qk_storage_alloc(size_t bytes) {
    size_t i = size_index(bytes);
    if (i == SIZES) {
        return malloc(bytes);
    }
    FreeArray *a = cache.free[i];
    if (a == NULL) {
        return malloc((i + 1) * STEP);
    }
    cache.free[i] = a->next;
    cache.bytes -= (i + 1) * STEP;
    return a;
}

void *qk_storage_calloc(size_t bytes) {
    void *p = qk_storage_alloc(bytes);
    if (p != NULL) {
        memset(p, 0, bytes);
    }
    return p;
}

void qk_storage_free(void *p, size_t bytes) {
    size_t i = size_index(bytes);
    if (p == NULL || i == SIZES || cache.bytes + (i + 1) * STEP > KEEP_BYTES) {
        free(p);
        return;
    }
    FreeArray *a = p;
    a->next = cache.free[i];
    cache.free[i] = a;
    cache.bytes += (i + 1) * STEP;
}

void *qk_storage_realloc(void *p, size_t old_bytes, size_t new_bytes) {
    size_t from = size_index(old_bytes), to = size_index(new_bytes);
    if (p == NULL) {
        return qk_storage_alloc(new_bytes);
    }
    if (from == SIZES && to == SIZES) {
        return realloc(p, new_bytes);
    }
    if (from == to) {
        return p; /* the same rounded size */
    }
    void *q = qk_storage_alloc(new_bytes);
    if (q != NULL) {
        memcpy(q, p, old_bytes < new_bytes ? old_bytes : new_bytes);
        qk_storage_free(p, old_bytes);
    }
    return q;
}
