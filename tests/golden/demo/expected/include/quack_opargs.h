// The values of enumerated opargs, and the source symbol of each. Apart from the opcodes, so
// that what micro-op bodies (and so stencils) include does not change when an instruction is
// added.
#ifndef QUACK_OPARGS_H
#define QUACK_OPARGS_H

#define QK_ADD_PLAIN 0
#define QK_ADD_INPLACE 1
#define QK_ADD_COUNT 2
static const char *const qk_add_symbols[] = {
    "+",
    "+=",
};

#endif
