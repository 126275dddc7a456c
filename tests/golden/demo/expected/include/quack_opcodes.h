// The opcode of every instruction and the values of enumerated opargs.
#ifndef QUACK_OPCODES_H
#define QUACK_OPCODES_H

// The runtime rejects a code image compiled against another table.
#define QK_OPCODES_DIGEST "8b9ebc4bcdf27121"

#define ADD 0
#define STORE 1
#define DUP 2
#define CALL 3
#define JUMP_IF 4
#define QK_OPCODE_COUNT 5

#define QK_ADD_PLAIN 0
#define QK_ADD_INPLACE 1
static const char *const qk_add_symbols[] = {
    "+",
    "+=",
};

#endif
