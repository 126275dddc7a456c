// The number of every micro-op (what a trace's instructions hold).
#ifndef QUACK_UOPS_H
#define QUACK_UOPS_H

#define _SPECIALIZE_ADD 0
#define _GUARD_INT 1
#define _ADD 2
#define _ADD_SAME 3
#define _STORE 4
#define _DUP 5
#define _CALL 6
#define _JUMP_IF 7
#define _GUARD_TRUE 8
#define _GUARD_FALSE 9
#define _EXIT 10
#define QK_UOP_COUNT 11

#endif
