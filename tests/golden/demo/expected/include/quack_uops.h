// The number of every micro-op (what a trace's instructions hold).
#ifndef QUACK_UOPS_H
#define QUACK_UOPS_H

#define _SPECIALIZE_ADD 0
#define _GUARD_INT 1
#define _ADD 2
#define _ADD_SAME 3
#define _ADD_SMALL 4
#define _ADD_KNOWN 5
#define _STORE 6
#define _DUP 7
#define _ROT 8
#define _CALL 9
#define _JUMP_IF 10
#define _GUARD_TRUE 11
#define _GUARD_FALSE 12
#define _EXIT 13
#define QK_UOP_COUNT 14

#endif
