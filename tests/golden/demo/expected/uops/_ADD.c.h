QkValue left = stack_pointer[-2];
QkValue right = stack_pointer[-1];
QkValue res;
frame->stack_pointer = stack_pointer;
res = qk_add(tstate, left, right);
if (res == QK_NULL) { JUMP_TO_ERROR(); }
stack_pointer[-2] = res;
stack_pointer -= 1;
