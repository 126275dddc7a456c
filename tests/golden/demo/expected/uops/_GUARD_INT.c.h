#if QK_CACHE_DEPTH == 0
uint64_t version = CURRENT_OPERAND();
QkValue left = stack_pointer[-2];
QkValue right = stack_pointer[-1];
#line 21 "uop_defs/demo.uops"
(void)version;
if (!qk_is_int(left) || !qk_is_int(right)) { JUMP_TO_JUMP_TARGET(); }
#line 10 "uops/_GUARD_INT.c.h"
QkValue _new0 = left;
QkValue _new1 = right;
_tos0 = _new0;
_tos1 = _new1;
stack_pointer -= 2;
#elif QK_CACHE_DEPTH == 1
uint64_t version = CURRENT_OPERAND();
QkValue left = stack_pointer[-1];
QkValue right = _tos0;
#line 21 "uop_defs/demo.uops"
(void)version;
if (!qk_is_int(left) || !qk_is_int(right)) { __asm__("" : "=r"(_tos1)); QK_JIT_TAIL_CALL(_JIT_JUMP_TARGET); }
#line 23 "uops/_GUARD_INT.c.h"
QkValue _new0 = left;
QkValue _new1 = right;
_tos0 = _new0;
_tos1 = _new1;
stack_pointer -= 1;
#elif QK_CACHE_DEPTH == 2
uint64_t version = CURRENT_OPERAND();
QkValue left = _tos0;
QkValue right = _tos1;
#line 21 "uop_defs/demo.uops"
(void)version;
if (!qk_is_int(left) || !qk_is_int(right)) { QK_JIT_TAIL_CALL(_JIT_JUMP_TARGET); }
#line 36 "uops/_GUARD_INT.c.h"
QkValue _new0 = left;
QkValue _new1 = right;
_tos0 = _new0;
_tos1 = _new1;
#else
#error "QK_CACHE_DEPTH must be 0 to 2"
#endif
