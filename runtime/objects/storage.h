/* The arrays containers malloc beside themselves (a list's items, a dict's or a set's table),
 * recycled by size (storage.c). A slice, a small list or set dies young, and a malloc and a free
 * cost more than the rest of making it: a freed array of up to QK_STORAGE_SMALL_MAX bytes waits on
 * the free list of its size for the next array of that size. Callers give the size back when
 * they free or grow an array, as they know it (a capacity), so an array needs no header. */
#ifndef QUACK_STORAGE_H
#define QUACK_STORAGE_H

#include <stddef.h>

#define QK_STORAGE_SMALL_MAX 512

/* NULL when out of memory. */
void *qk_storage_alloc(size_t bytes);
/* The same, zeroed. */
void *qk_storage_calloc(size_t bytes);
/* An array of new_bytes holding the first old_bytes (or new_bytes, if fewer) of p's; p is freed
 * unless it is returned. NULL when out of memory (p is then untouched). */
void *qk_storage_realloc(void *p, size_t old_bytes, size_t new_bytes);
void qk_storage_free(void *p, size_t bytes);

#endif
