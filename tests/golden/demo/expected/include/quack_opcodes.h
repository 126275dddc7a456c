// The opcode of every instruction, and the values of enumerated opargs (quack_opargs.h).
#ifndef QUACK_OPCODES_H
#define QUACK_OPCODES_H

#include "quack_opargs.h"

// The runtime rejects a code image compiled against another table.
#define QK_OPCODES_DIGEST "954ec5f576c256e9"

#define ADD 0
#define ADD_INT 1
#define ADD_SAME 2
#define STORE 3
#define DUP 4
#define ROT 5
#define CALL 6
#define JUMP_IF 7
#define QK_OPCODE_COUNT 8

#endif
