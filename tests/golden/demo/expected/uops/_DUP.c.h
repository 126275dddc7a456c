int oparg = (int)CURRENT_OPARG();
QkValue bottom = stack_pointer[-oparg];
QkValue top;
top = bottom;
stack_pointer[0] = top;
stack_pointer += 1;
