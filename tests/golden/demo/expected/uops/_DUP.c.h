int oparg = (int)CURRENT_OPARG();
QkValue bottom = stack_pointer[-oparg];
QkValue top;
#line 66 "uop_defs/demo.uops"
top = bottom;
#line 8 "uops/_DUP.c.h"
stack_pointer[0] = top;
stack_pointer += 1;
