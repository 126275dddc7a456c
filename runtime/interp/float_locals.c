/* Float locals: which stores of a float result may write into the box their local already holds
 * (see "Float locals" in docs/architecture.md).
 *
 * A local owns its box when the box is referenced by the local alone, and by slots of the stack
 * that loaded it and that only float operations and guards will read: then nobody could see the
 * box change, and a float stored there can be written into it (_STORE_FAST_FLOAT_INTO) instead
 * of into a new box. A local comes to own its box when the trace stores a float operation's
 * result into it (a new box, or one the optimizer proved unshared), and stops when
 *   - a load of it goes anywhere else: into a list, another local, a call, a copy;
 *   - a micro-op escapes (it could run anything), reads the frame (its locals), or enters or
 *     leaves a frame (the stack followed here is forgotten);
 *   - something other than a float result is stored into it.
 * A store writes in place only into an owned box while no load of the local is on the stack.
 * Only the frame the trace starts in counts. The tree's entry owns nothing (the interpreter and
 * side traces enter there); the peeled loop's top owns what both the first copy's end and the
 * loop's own end own. Exits need nothing: the locals hold boxes with the right values. */
#include "float_locals.h"

#include <stdlib.h>

#include "uop_stack.h"

enum { MAX_DEPTH = 256, MAX_LOCALS = 64 };

typedef struct Slot {
    int16_t local; /* the local this slot is a load of, or -1 */
    bool fresh;    /* a box nothing else references: a float operation's result */
} Slot;

typedef struct Walk {
    Slot stack[MAX_DEPTH];
    int sp;
    int depth;      /* frames entered since the trace's first, less those left */
    uint64_t owned; /* the locals (below MAX_LOCALS) that own their box */
} Walk;

/* Whether input k of a micro-op is a float it reads and keeps no reference to: a load of an
 * owned local may go there. (An `_INTO_` operation writes into its other input's box.) */
static bool reads_float(uint16_t op, int k) {
    return op == _BINARY_OP_FLOAT || op == _COMPARE_OP_FLOAT || op == _CALL_MATH_SQRT_KNOWN ||
           (op == _BINARY_OP_FLOAT_INTO_LHS && k == 1) ||
           (op == _BINARY_OP_FLOAT_INTO_RHS && k == 0);
}

static bool is_load(uint16_t op) {
    return op == _LOAD_FAST || op == _LOAD_FAST_BOUND || op == _LOAD_FAST_CHECK;
}

static bool loaded(const Walk *w, int local) {
    for (int s = 0; s < w->sp; s++) {
        if (w->stack[s].local == local) {
            return true;
        }
    }
    return false;
}

static void disown_stack(Walk *w) {
    for (int s = 0; s < w->sp; s++) {
        if (w->stack[s].local >= 0) {
            w->owned &= ~((uint64_t)1 << w->stack[s].local);
        }
    }
}

static void push(Walk *w, Slot slot) {
    if (w->sp == MAX_DEPTH) {
        disown_stack(w); /* deeper than followed: forget it all */
        w->owned = 0;
        w->sp = 0;
    }
    w->stack[w->sp++] = slot;
}

static Slot popped_slot(const Walk *w, int s) {
    return s >= 0 ? w->stack[s] : (Slot){-1, false};
}

/* Follows micro-op i; marks in_place[i] for a store that may write into its local's box. */
static void step(Walk *w, const QkUOpInst *uop, uint32_t i, bool *in_place) {
    uint32_t flags = qk_uop_flags[uop->opcode];
    int popped = qk_uop_popped(uop), pushed = qk_uop_pushed(uop);
    bool top_frame = w->depth == 0;
    int local = uop->oparg < MAX_LOCALS && top_frame ? (int)uop->oparg : -1;
    if (uop->opcode == _STORE_FAST && local >= 0) {
        Slot value = popped_slot(w, w->sp - 1);
        w->sp = w->sp > 0 ? w->sp - 1 : 0;
        if (value.local >= 0 && value.local != local) { /* a second local holds the box */
            w->owned &= ~((uint64_t)1 << value.local);
        }
        in_place[i] = (w->owned >> local & 1) && !loaded(w, local);
        uint64_t bit = (uint64_t)1 << local;
        w->owned = value.fresh ? w->owned | bit : w->owned & ~bit;
        return;
    }
    if (is_load(uop->opcode) && local >= 0) {
        push(w, (Slot){(int16_t)local, false});
        return;
    }
    bool guard = (flags & (QK_FLAG_DEOPT | QK_FLAG_EXIT)) &&
                 !(flags & (QK_FLAG_ESCAPES | QK_FLAG_WRITES | QK_FLAG_ALLOCATES));
    bool rearranges = qk_uop_rearranges(uop) &&
                      !(flags & (QK_FLAG_ESCAPES | QK_FLAG_WRITES | QK_FLAG_ALLOCATES));
    if (flags & (QK_FLAG_ESCAPES | QK_FLAG_READS_FRAME)) {
        w->owned = 0;
    }
    Slot inputs[QK_MAX_UOP_ITEMS];
    for (int k = 0; k < popped; k++) {
        Slot in = popped_slot(w, w->sp - popped + k);
        if (k < QK_MAX_UOP_ITEMS) {
            inputs[k] = in;
        }
        bool kept = k < QK_MAX_UOP_ITEMS && (qk_uop_peeks(uop, k) ? guard || rearranges
                                                                  : reads_float(uop->opcode, k));
        if (in.local >= 0 && !kept) {
            w->owned &= ~((uint64_t)1 << in.local);
        }
    }
    w->sp = w->sp - popped > 0 ? w->sp - popped : 0;
    if (flags & (QK_FLAG_PUSHES_FRAME | QK_FLAG_POPS_FRAME)) {
        disown_stack(w);
        w->owned = 0;
        w->sp = 0; /* another frame's stack from here on */
        w->depth += flags & QK_FLAG_PUSHES_FRAME ? 1 : -1;
    }
    for (int j = 0; j < pushed; j++) {
        int from = qk_uop_source(uop, j);
        Slot out = {-1, j == 0 && pushed == 1 && qk_makes_float(uop->opcode)};
        if (from > 0 && from <= popped && (guard || rearranges)) {
            out = inputs[from - 1]; /* the same value, in the same slot or moved */
        } else if (from > 0 && from <= popped) {
            out.local = inputs[from - 1].local; /* a peek that copied nothing: still the load */
        }
        push(w, out);
    }
}

static void run(Walk *w, const QkUOpInst *body, uint32_t from, uint32_t to, bool *in_place) {
    for (uint32_t i = from; i < to; i++) {
        step(w, &body[i], i, in_place);
    }
}

bool *qk_float_stores_in_place(const QkUOpInst *body, uint32_t length, uint32_t loop_start) {
    bool *in_place = calloc((size_t)length + 1, sizeof *in_place);
    Walk *w = malloc(sizeof *w);
    Walk *top = malloc(sizeof *top);
    if (in_place == NULL || w == NULL || top == NULL) {
        free(in_place);
        free(w);
        free(top);
        return NULL;
    }
    *top = (Walk){.sp = 0, .depth = 0, .owned = 0};
    run(top, body, 0, loop_start > 0 ? loop_start : length, in_place);
    if (loop_start > 0) {
        /* The loop's top: what the first copy's end owns and a round keeps owning, with nothing
         * on the stack taken for a load (the back edge's stack is the first copy's end's). */
        disown_stack(top);
        for (int s = 0; s < top->sp; s++) {
            top->stack[s] = (Slot){-1, false};
        }
        uint64_t assumed = top->depth == 0 ? top->owned : 0;
        for (;;) {
            *w = *top;
            w->owned = assumed;
            run(w, body, loop_start, length, in_place);
            disown_stack(w);
            if ((assumed & ~w->owned) == 0) {
                break;
            }
            assumed &= w->owned;
        }
    }
    free(w);
    free(top);
    return in_place;
}
