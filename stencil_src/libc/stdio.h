// The one thing the runtime headers a stencil includes take from <stdio.h>: FILE, only ever behind
// a pointer. Stencils are compiled freestanding (generator/clang.py), so no host or target C
// library's headers are needed to build any target's stencils.
#ifndef QUACK_STENCIL_STDIO_H
#define QUACK_STENCIL_STDIO_H

typedef struct QkStencilFile FILE;

#endif
