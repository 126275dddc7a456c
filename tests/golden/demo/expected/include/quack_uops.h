// The number of every micro-op (what a trace's instructions hold).
#ifndef QUACK_UOPS_H
#define QUACK_UOPS_H

#define _SPECIALIZE_ADD 0
#define _GUARD_INT 1
#define _ADD 2
#define _ADD_SAME 3
#define _STORE 4
#define _DUP 5
#define _ROT 6
#define _CALL 7
#define _JUMP_IF 8
#define _GUARD_TRUE 9
#define _GUARD_FALSE 10
#define _EXIT 11
#define QK_UOP_COUNT 12

#endif
