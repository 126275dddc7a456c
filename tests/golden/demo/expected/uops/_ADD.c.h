#if QK_CACHE_DEPTH == 0
QkValue left = stack_pointer[-2];
QkValue right = stack_pointer[-1];
QkValue res;
frame->stack_pointer = stack_pointer;
#line 26 "uop_defs/demo.uops"
res = qk_add(tstate, left, right);
if (res == QK_NULL) { JUMP_TO_ERROR(); }
#line 11 "uops/_ADD.c.h"
QkValue _new0 = res;
_tos0 = _new0;
stack_pointer -= 2;
__asm__("" : "=r"(_tos1));
#elif QK_CACHE_DEPTH == 1
QkValue left = stack_pointer[-1];
QkValue right = _tos0;
QkValue res;
stack_pointer[0] = _tos0;
frame->stack_pointer = stack_pointer + 1;
#line 26 "uop_defs/demo.uops"
res = qk_add(tstate, left, right);
if (res == QK_NULL) { stack_pointer[0] = _tos0; stack_pointer += 1; JUMP_TO_ERROR(); }
#line 25 "uops/_ADD.c.h"
QkValue _new0 = res;
_tos0 = _new0;
stack_pointer -= 1;
__asm__("" : "=r"(_tos1));
#elif QK_CACHE_DEPTH == 2
QkValue left = _tos0;
QkValue right = _tos1;
QkValue res;
stack_pointer[0] = _tos0;
stack_pointer[1] = _tos1;
frame->stack_pointer = stack_pointer + 2;
#line 26 "uop_defs/demo.uops"
res = qk_add(tstate, left, right);
if (res == QK_NULL) { stack_pointer[0] = _tos0; stack_pointer[1] = _tos1; stack_pointer += 2; JUMP_TO_ERROR(); }
#line 40 "uops/_ADD.c.h"
QkValue _new0 = res;
_tos0 = _new0;
__asm__("" : "=r"(_tos1));
#else
#error "QK_CACHE_DEPTH must be 0 to 2"
#endif
