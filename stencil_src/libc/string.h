// The <string.h> functions the runtime headers a stencil includes call (see stdio.h here for why
// stencils have their own). A call in a stencil is a hole the runtime resolves to its C library's.
#ifndef QUACK_STENCIL_STRING_H
#define QUACK_STENCIL_STRING_H

#include <stddef.h>

void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);

#endif
