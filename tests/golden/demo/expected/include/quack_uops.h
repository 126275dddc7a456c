// The number of every micro-op (what a trace's instructions hold).
#ifndef QUACK_UOPS_H
#define QUACK_UOPS_H

#define _GUARD_INT 0
#define _ADD 1
#define _STORE 2
#define _DUP 3
#define _CALL 4
#define _JUMP_IF 5
#define _GUARD_TRUE 6
#define _GUARD_FALSE 7
#define _EXIT 8
#define QK_UOP_COUNT 9

#endif
