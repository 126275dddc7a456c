#if QK_CACHE_DEPTH == 0
uint64_t version = CURRENT_OPERAND();
QkValue left = stack_pointer[-2];
QkValue right = stack_pointer[-1];
(void)version;
if (!qk_is_int(left) || !qk_is_int(right)) { JUMP_TO_JUMP_TARGET(); }
QkValue _new0 = left;
QkValue _new1 = right;
_tos0 = _new0;
_tos1 = _new1;
stack_pointer -= 2;
#elif QK_CACHE_DEPTH == 1
uint64_t version = CURRENT_OPERAND();
QkValue left = stack_pointer[-1];
QkValue right = _tos0;
(void)version;
if (!qk_is_int(left) || !qk_is_int(right)) { stack_pointer[0] = _tos0; stack_pointer += 1; JUMP_TO_JUMP_TARGET(); }
QkValue _new0 = left;
QkValue _new1 = right;
_tos0 = _new0;
_tos1 = _new1;
stack_pointer -= 1;
#elif QK_CACHE_DEPTH == 2
uint64_t version = CURRENT_OPERAND();
QkValue left = _tos0;
QkValue right = _tos1;
(void)version;
if (!qk_is_int(left) || !qk_is_int(right)) { stack_pointer[0] = _tos0; stack_pointer[1] = _tos1; stack_pointer += 2; JUMP_TO_JUMP_TARGET(); }
QkValue _new0 = left;
QkValue _new1 = right;
_tos0 = _new0;
_tos1 = _new1;
#else
#error "QK_CACHE_DEPTH must be 0 to 2"
#endif
