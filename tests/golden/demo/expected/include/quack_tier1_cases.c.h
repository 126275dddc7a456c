#include "quack_generation.h"
#if QK_GENERATION != 0x<digest>u
#pragma message("quack_generation.h is micro-op generation " QK_GENERATION_STR)
#error "quack_tier1_cases.c.h is micro-op generation <digest>, not the one in quack_generation.h: regenerate both (python -m generator check DIR names the stale files)"
#endif
// The tier-1 interpreter's instructions, included in its dispatch loop. The runtime defines TARGET,
// DISPATCH, DISPATCH_INLINED, LEAVE_FRAME, YIELD_FRAME, GETLOCAL, SETLOCAL, PREDICTED,
// SPECIALIZATION_HIT, SPECIALIZATION_MISS and the `error` label, and sets `oparg` before each
// TARGET. A family member's failed guard jumps to its head's PREDICTED label with next_instr
// already past the instruction (members and head have the same length), so the head recomputes
// this_instr from next_instr rather than reading it.

TARGET(ADD) {
    frame->instr_ptr = next_instr;
    next_instr += 4;
    PREDICTED(ADD);
    QkCodeUnit *this_instr = next_instr - 4;
    (void)this_instr;  // a head without caches or a specializing micro-op has no other use
    // _SPECIALIZE_ADD
    {
        uint32_t counter = this_instr[1];
        QkValue left = stack_pointer[-2];
        QkValue right = stack_pointer[-1];
        #line 11 "uop_defs/demo.uops"
        if (counter == 0) {
            qk_specialize_add(this_instr, left, right);
            next_instr = this_instr;
            DISPATCH();
        }
        this_instr[1] = counter - 1;
        #line 33 "include/quack_tier1_cases.c.h"
    }
    // _ADD
    {
        QkValue left = stack_pointer[-2];
        QkValue right = stack_pointer[-1];
        QkValue res;
        frame->stack_pointer = stack_pointer;
        #line 26 "uop_defs/demo.uops"
        res = qk_add(tstate, left, right);
        if (res == QK_NULL) goto error;
        #line 44 "include/quack_tier1_cases.c.h"
        stack_pointer[-2] = res;
        stack_pointer -= 1;
    }
    DISPATCH();
}

TARGET(ADD_INT) {
    QkCodeUnit *this_instr = next_instr;
    frame->instr_ptr = this_instr;
    next_instr += 4;
    SPECIALIZATION_HIT(ADD);
    // _GUARD_INT
    {
        uint64_t version = qk_read_u64(&this_instr[2]);
        QkValue left = stack_pointer[-2];
        QkValue right = stack_pointer[-1];
        #line 21 "uop_defs/demo.uops"
        (void)version;
        if (!qk_is_int(left) || !qk_is_int(right)) { SPECIALIZATION_MISS(ADD); goto PREDICTED_ADD; }
        #line 64 "include/quack_tier1_cases.c.h"
    }
    // _ADD
    {
        QkValue left = stack_pointer[-2];
        QkValue right = stack_pointer[-1];
        QkValue res;
        frame->stack_pointer = stack_pointer;
        #line 26 "uop_defs/demo.uops"
        res = qk_add(tstate, left, right);
        if (res == QK_NULL) goto error;
        #line 75 "include/quack_tier1_cases.c.h"
        stack_pointer[-2] = res;
        stack_pointer -= 1;
    }
    DISPATCH();
}

TARGET(ADD_SAME) {
    QkCodeUnit *this_instr = next_instr;
    frame->instr_ptr = this_instr;
    next_instr += 4;
    SPECIALIZATION_HIT(ADD);
    QkValue left = stack_pointer[-2];
    QkValue right = stack_pointer[-1];
    QkValue res;
    frame->stack_pointer = stack_pointer;
    #line 34 "uop_defs/demo.uops"
    if (left != right) { SPECIALIZATION_MISS(ADD); goto PREDICTED_ADD; }
    res = qk_add(tstate, left, left);
    if (res == QK_NULL) goto error;
    #line 95 "include/quack_tier1_cases.c.h"
    stack_pointer[-2] = res;
    stack_pointer -= 1;
    DISPATCH();
}

TARGET(STORE) {
    QkCodeUnit *this_instr = next_instr;
    frame->instr_ptr = this_instr;
    next_instr += 2;
    uint32_t counter = this_instr[1];
    QkValue value = stack_pointer[-1];
    #line 61 "uop_defs/demo.uops"
    (void)counter;
    qk_store(tstate, oparg, value);
    #line 110 "include/quack_tier1_cases.c.h"
    stack_pointer -= 1;
    DISPATCH();
}

TARGET(DUP) {
    QkCodeUnit *this_instr = next_instr;
    frame->instr_ptr = this_instr;
    next_instr += 1;
    QkValue bottom = stack_pointer[-oparg];
    QkValue top;
    #line 66 "uop_defs/demo.uops"
    top = bottom;
    #line 123 "include/quack_tier1_cases.c.h"
    stack_pointer[0] = top;
    stack_pointer += 1;
    DISPATCH();
}

TARGET(ROT) {
    QkCodeUnit *this_instr = next_instr;
    frame->instr_ptr = this_instr;
    next_instr += 1;
    QkValue a = stack_pointer[-2];
    QkValue b = stack_pointer[-1];
    QkValue b_up;
    QkValue a_up;
    #line 71 "uop_defs/demo.uops"
    b_up = b;
    a_up = a;
    #line 140 "include/quack_tier1_cases.c.h"
    stack_pointer[-2] = b_up;
    stack_pointer[-1] = a_up;
    DISPATCH();
}

TARGET(CALL) {
    QkCodeUnit *this_instr = next_instr;
    frame->instr_ptr = this_instr;
    next_instr += 1;
    QkValue callable = stack_pointer[-1 - oparg];
    QkValue *args = &stack_pointer[-oparg];
    QkValue res;
    frame->stack_pointer = stack_pointer;
    #line 76 "uop_defs/demo.uops"
    if (callable == QK_NULL) {
        stack_pointer -= oparg + 1; LEAVE_FRAME(callable);
    }
    res = qk_call(tstate, callable, args, oparg);
    if (res == QK_NULL) goto error;
    #line 160 "include/quack_tier1_cases.c.h"
    stack_pointer[-1 - oparg] = res;
    stack_pointer -= oparg;
    DISPATCH();
}

TARGET(JUMP_IF) {
    QkCodeUnit *this_instr = next_instr;
    frame->instr_ptr = this_instr;
    next_instr += 1;
    QkValue cond = stack_pointer[-1];
    #line 84 "uop_defs/demo.uops"
    if (cond == QK_TRUE) {
        next_instr += (oparg);
    }
    #line 175 "include/quack_tier1_cases.c.h"
    stack_pointer -= 1;
    DISPATCH();
}
