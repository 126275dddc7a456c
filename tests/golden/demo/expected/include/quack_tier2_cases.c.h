#include "quack_generation.h"
#if QK_GENERATION != 0x<digest>u
#pragma message("quack_generation.h is micro-op generation " QK_GENERATION_STR)
#error "quack_tier2_cases.c.h is micro-op generation <digest>, not the one in quack_generation.h: regenerate both (python -m generator check DIR names the stale files)"
#endif
// The micro-op interpreter's cases, included in its switch. Each body is the one in
// uops/<NAME>.c.h, which the stencils compile too.

case _ADD: {
    QkValue left = stack_pointer[-2];
    QkValue right = stack_pointer[-1];
    QkValue res;
    frame->stack_pointer = stack_pointer;
    #line 26 "uop_defs/demo.uops"
    res = qk_add(tstate, left, right);
    if (res == QK_NULL) { JUMP_TO_ERROR(); }
    #line 19 "include/quack_tier2_cases.c.h"
    stack_pointer[-2] = res;
    stack_pointer -= 1;
    break;
}

case _ADD_KNOWN: {
    uint64_t k = CURRENT_OPERAND();
    QkValue left = stack_pointer[-2];
    QkValue right = stack_pointer[-1];
    QkValue res;
    frame->stack_pointer = stack_pointer;
    #line 52 "uop_defs/demo.uops"
    res = qk_add(tstate, left, right);
    (void)k;
    if (res == QK_NULL) { JUMP_TO_ERROR(); }
    #line 35 "include/quack_tier2_cases.c.h"
    stack_pointer[-2] = res;
    stack_pointer -= 1;
    break;
}

case _ADD_SAME: {
    QkValue left = stack_pointer[-2];
    QkValue right = stack_pointer[-1];
    QkValue res;
    frame->stack_pointer = stack_pointer;
    #line 34 "uop_defs/demo.uops"
    if (left != right) { JUMP_TO_JUMP_TARGET(); }
    res = qk_add(tstate, left, left);
    if (res == QK_NULL) { JUMP_TO_ERROR(); }
    #line 50 "include/quack_tier2_cases.c.h"
    stack_pointer[-2] = res;
    stack_pointer -= 1;
    break;
}

case _ADD_SMALL: {
    uint64_t k = CURRENT_OPERAND();
    QkValue left = stack_pointer[-2];
    QkValue right = stack_pointer[-1];
    QkValue res;
    #line 47 "uop_defs/demo.uops"
    res = left + k;
    (void)right;
    #line 64 "include/quack_tier2_cases.c.h"
    stack_pointer[-2] = res;
    stack_pointer -= 1;
    break;
}

case _DUP: {
    int oparg = (int)CURRENT_OPARG();
    QkValue bottom = stack_pointer[-oparg];
    QkValue top;
    #line 66 "uop_defs/demo.uops"
    top = bottom;
    #line 76 "include/quack_tier2_cases.c.h"
    stack_pointer[0] = top;
    stack_pointer += 1;
    break;
}

case _EXIT: {
    #line 101 "uop_defs/demo.uops"
    EXIT_TO_TIER_ONE();
    #line 85 "include/quack_tier2_cases.c.h"
    break;
}

case _GUARD_FALSE: {
    QkValue flag = stack_pointer[-1];
    #line 94 "uop_defs/demo.uops"
    if (flag != QK_FALSE) { stack_pointer -= 1; JUMP_TO_JUMP_TARGET(); }
    #line 93 "include/quack_tier2_cases.c.h"
    stack_pointer -= 1;
    break;
}

case _GUARD_INT: {
    uint64_t version = CURRENT_OPERAND();
    QkValue left = stack_pointer[-2];
    QkValue right = stack_pointer[-1];
    #line 21 "uop_defs/demo.uops"
    (void)version;
    if (!qk_is_int(left) || !qk_is_int(right)) { JUMP_TO_JUMP_TARGET(); }
    #line 105 "include/quack_tier2_cases.c.h"
    break;
}

case _GUARD_TRUE: {
    QkValue flag = stack_pointer[-1];
    #line 90 "uop_defs/demo.uops"
    if (flag != QK_TRUE) { stack_pointer -= 1; JUMP_TO_JUMP_TARGET(); }
    #line 113 "include/quack_tier2_cases.c.h"
    stack_pointer -= 1;
    break;
}

case _ROT: {
    QkValue a = stack_pointer[-2];
    QkValue b = stack_pointer[-1];
    QkValue b_up;
    QkValue a_up;
    #line 71 "uop_defs/demo.uops"
    b_up = b;
    a_up = a;
    #line 126 "include/quack_tier2_cases.c.h"
    stack_pointer[-2] = b_up;
    stack_pointer[-1] = a_up;
    break;
}

case _STORE: {
    int oparg = (int)CURRENT_OPARG();
    uint64_t counter = CURRENT_OPERAND();
    QkValue value = stack_pointer[-1];
    #line 61 "uop_defs/demo.uops"
    (void)counter;
    qk_store(tstate, oparg, value);
    #line 139 "include/quack_tier2_cases.c.h"
    stack_pointer -= 1;
    break;
}
