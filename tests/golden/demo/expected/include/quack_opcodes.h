// The opcode of every instruction, and the values of enumerated opargs (quack_opargs.h).
#ifndef QUACK_OPCODES_H
#define QUACK_OPCODES_H

#include "quack_opargs.h"

// The runtime rejects a code image compiled against another table.
#define QK_OPCODES_DIGEST "d51cee49bcc8b2b8"

#define ADD 0
#define ADD_INT 1
#define ADD_SAME 2
#define STORE 3
#define DUP 4
#define CALL 5
#define JUMP_IF 6
#define QK_OPCODE_COUNT 7

#endif
