uint64_t version = CURRENT_OPERAND();
QkValue left = stack_pointer[-2];
QkValue right = stack_pointer[-1];
(void)version;
if (!qk_is_int(left) || !qk_is_int(right)) { JUMP_TO_JUMP_TARGET(); }
