#if QK_CACHE_DEPTH == 0
uint64_t k = CURRENT_OPERAND();
QkValue left = stack_pointer[-2];
QkValue right = stack_pointer[-1];
QkValue res;
#line 47 "uop_defs/demo.uops"
res = left + k;
(void)right;
#line 11 "uops/_ADD_SMALL.c.h"
QkValue _new0 = res;
_tos0 = _new0;
stack_pointer -= 2;
__asm__("" : "=r"(_tos1));
#elif QK_CACHE_DEPTH == 1
uint64_t k = CURRENT_OPERAND();
QkValue left = stack_pointer[-1];
QkValue right = _tos0;
QkValue res;
#line 47 "uop_defs/demo.uops"
res = left + k;
(void)right;
#line 24 "uops/_ADD_SMALL.c.h"
QkValue _new0 = res;
_tos0 = _new0;
stack_pointer -= 1;
__asm__("" : "=r"(_tos1));
#elif QK_CACHE_DEPTH == 2
uint64_t k = CURRENT_OPERAND();
QkValue left = _tos0;
QkValue right = _tos1;
QkValue res;
#line 47 "uop_defs/demo.uops"
res = left + k;
(void)right;
#line 37 "uops/_ADD_SMALL.c.h"
QkValue _new0 = res;
_tos0 = _new0;
__asm__("" : "=r"(_tos1));
#else
#error "QK_CACHE_DEPTH must be 0 to 2"
#endif
