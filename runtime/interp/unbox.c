/* Unboxed floats: the optimizer's last pass (see "Unboxed floats" in docs/architecture.md).
 *
 * A float operation whose result another float operation pops (`dx * dx + dy * dy`, `zr * zr +
 * zi * zi <= 4.0`) leaves the double itself in its stack slot, and only what leaves the
 * expression is boxed: the two products and their sum make one box, or none when a comparison
 * takes the sum. The rewritten operations unbox a boxed input with one load (_UNBOX_FLOAT,
 * _UNBOX_FLOAT_NOS), compute on doubles (_BINARY_OP_FLOAT_RAW, _DIVIDE_FLOAT_RAW,
 * _COMPARE_OP_FLOAT_RAW) and box a result the expression hands on (_BOX_FLOAT).
 *
 * The collector must never read a double's bits as a pointer. So a result stays unboxed only if
 *   - nothing between its producer and its consumer allocates, raises, escapes, writes, or
 *     changes frames (a float operation there counts by what it becomes: one that still boxes
 *     its result allocates), peeks at or moves the slot, or leaves by popping its inputs (a
 *     branch's exit);
 *   - it lies within the 32 slots under the top at every exit it is live across: that exit's
 *     stub boxes it (QkUOpInst.unboxed becomes the oparg of a _BOX_EXIT_FLOATS before the
 *     _SIDE_EXIT; qk_box_raw_slots);
 *   - _BOX_FLOAT, the one allocation with a double on the stack, clears that slot first;
 *   - a _GUARD_BOTH_FLOAT that checks it (a float operation's result: a float) becomes the
 *     guard of the other operand alone (_GUARD_NOS_FLOAT, _GUARD_TOS_FLOAT), or goes.
 * And the rewrite never makes more boxes than the optimizer's reuse variants did: an `_INTO_`
 * operation whose reused box would no longer exist is left as it was, with its other input.
 * A store to a local that owns its box (float_locals.c) consumes a result as a float operation
 * does, and becomes _STORE_FAST_FLOAT_INTO: the double goes into that box. */
#include "unbox.h"

#include <stdlib.h>
#include <string.h>

#include "float_locals.h"
#include "specialize.h"
#include "uop_stack.h"

enum {
    MAX_DEPTH = 256, /* stack slots followed; deeper (rare) the pass gives up on what is live */
    MASK_SLOTS = 32, /* the slots an exit's mask covers */
};

/* What a micro-op between a float result and its consumer must not do. */
static const uint32_t UNSAFE = QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES |
                               QK_FLAG_WRITES | QK_FLAG_NEEDS_SYNC | QK_FLAG_PUSHES_FRAME |
                               QK_FLAG_POPS_FRAME;

/* A float operation of the body: where its result goes, where its inputs come from. */
typedef struct Node {
    int32_t consumer;  /* the float operation popping its result, or -1 */
    int32_t inputs[2]; /* the float operations whose results it pops (lhs, rhs), or -1 */
    bool raw;          /* its result stays a double (until a rule below says otherwise) */
} Node;

typedef struct Pass {
    const QkUOpInst *body;
    uint32_t length;
    Node *nodes;
    int32_t stack[MAX_DEPTH]; /* per slot, the float operation that pushed it, or -1 */
    int sp;
    const bool *in_place; /* per micro-op: a store that may write into its local's box */
    int32_t *below; /* pairs (c, p): p's result lies under float operation c's inputs */
    uint32_t nbelow, capacity;
    bool failed;
} Pass;

static bool is_arith(uint16_t op) {
    return op == _BINARY_OP_FLOAT || op == _BINARY_OP_FLOAT_INTO_LHS ||
           op == _BINARY_OP_FLOAT_INTO_RHS;
}

static bool is_float_op(uint16_t op) { return is_arith(op) || op == _COMPARE_OP_FLOAT; }

/* The input whose box an `_INTO_` operation writes its result into, or -1. */
static int reused_input(uint16_t op) {
    return op == _BINARY_OP_FLOAT_INTO_LHS ? 0 : op == _BINARY_OP_FLOAT_INTO_RHS ? 1 : -1;
}

static void note_below(Pass *p, int32_t c, int32_t producer) {
    if (p->nbelow + 2 > p->capacity) {
        uint32_t capacity = p->capacity ? 2 * p->capacity : 64;
        int32_t *grown = realloc(p->below, capacity * sizeof *grown);
        if (grown == NULL) {
            p->failed = true;
            return;
        }
        p->below = grown;
        p->capacity = capacity;
    }
    p->below[p->nbelow++] = c;
    p->below[p->nbelow++] = producer;
}

/* Every result still on the followed stack stays boxed; the stack is forgotten. */
static void forget_stack(Pass *p) {
    for (int s = 0; s < p->sp; s++) {
        if (p->stack[s] >= 0) {
            p->nodes[p->stack[s]].raw = false;
        }
    }
    p->sp = 0;
}

/* Whether input k of uop is `unused` and stays where it is: the micro-op runs past it. */
static bool passes_over(const QkUOpInst *uop, int k) {
    return k >= 0 && k < QK_MAX_UOP_ITEMS && qk_uop_peeks(uop, k) &&
           (qk_uop_facts[uop->opcode].untouched >> k & 1);
}

static bool stores_in_place(const Pass *p, uint32_t i) {
    return p->in_place != NULL && p->in_place[i];
}

/* Micro-op i runs while the result in slot s is on the stack: keeps that result boxed if the
 * micro-op forbids a double there. */
static void run_over(Pass *p, uint32_t i, int s, bool unsafe) {
    int32_t producer = p->stack[s];
    uint32_t flags = qk_uop_flags[p->body[i].opcode];
    bool too_deep = (flags & (QK_FLAG_DEOPT | QK_FLAG_EXIT)) && p->sp - 1 - s >= MASK_SLOTS;
    if (unsafe || too_deep) {
        p->nodes[producer].raw = false;
    } else if (is_float_op(p->body[i].opcode)) {
        note_below(p, (int32_t)i, producer);
    }
}

/* Follows micro-op i's effect on the stack: links producers to consumers, and keeps boxed what
 * the micro-op forbids. */
static void follow(Pass *p, uint32_t i) {
    const QkUOpInst *uop = &p->body[i];
    uint32_t flags = qk_uop_flags[uop->opcode];
    int popped = qk_uop_popped(uop), pushed = qk_uop_pushed(uop);
    bool consumes = is_float_op(uop->opcode);
    /* A swap moves results without reading them: they stay what they are. */
    bool moves = (flags & QK_FLAG_PURE) && qk_uop_rearranges(uop);
    bool branch_exit = (flags & QK_FLAG_EXIT) && qk_uop_pops_input(uop);
    /* A store into a box a local owns touches neither the stack nor the heap's shape. */
    bool unsafe = !consumes && !stores_in_place(p, i) && ((flags & UNSAFE) || branch_exit);
    int base = p->sp - popped > 0 ? p->sp - popped : 0;
    int32_t inputs[QK_MAX_UOP_ITEMS];
    for (int k = 0; k < QK_MAX_UOP_ITEMS; k++) {
        inputs[k] = -1;
    }
    for (int s = base; s < p->sp; s++) {
        int32_t producer = p->stack[s];
        int k = s - (p->sp - popped);
        if (k < QK_MAX_UOP_ITEMS) {
            inputs[k] = producer;
        }
        if (producer < 0) {
            continue;
        }
        if (passes_over(uop, k)) {
            run_over(p, i, s, unsafe);
        } else if (uop->opcode == _GUARD_BOTH_FLOAT) {
            /* It knows a result is a float: if that stays a double, the guard checks the other. */
            p->nodes[i].inputs[k] = producer;
            run_over(p, i, s, unsafe);
        } else if (moves) {
            continue;
        } else if ((consumes && popped == 2) || stores_in_place(p, i)) {
            p->nodes[producer].consumer = (int32_t)i;
            p->nodes[i].inputs[k] = producer;
        } else {
            p->nodes[producer].raw = false;
        }
    }
    for (int s = 0; s < base; s++) {
        if (p->stack[s] >= 0) {
            run_over(p, i, s, unsafe);
        }
    }
    int first = p->sp - popped; /* the slot of input 0, maybe below what is followed */
    p->sp = base;
    if (flags & (QK_FLAG_PUSHES_FRAME | QK_FLAG_POPS_FRAME)) {
        forget_stack(p); /* another frame's stack from here on: its slots are not followed */
        first = -QK_MAX_UOP_ITEMS; /* and nothing it pushes is a result followed */
    }
    for (int j = 0; j < pushed; j++) {
        if (p->sp == MAX_DEPTH) {
            forget_stack(p);
        }
        int from = qk_uop_peeks(uop, j) || moves ? qk_uop_source(uop, j) : 0;
        bool kept = from > 0 && first + from - 1 >= 0;
        int32_t producer = j == 0 && pushed == 1 && qk_makes_float(uop->opcode) ? (int32_t)i : -1;
        p->stack[p->sp++] = kept ? inputs[from - 1] : producer;
    }
}

static bool raw_input(const Pass *p, uint32_t i, int k) {
    int32_t producer = p->nodes[i].inputs[k];
    return producer >= 0 && p->nodes[producer].raw;
}

static bool rewritten(const Pass *p, uint32_t i) {
    return is_float_op(p->body[i].opcode) &&
           (p->nodes[i].raw || raw_input(p, i, 0) || raw_input(p, i, 1));
}

/* Whether float operation c allocates once rewritten: it boxes its result, or is left a
 * _BINARY_OP_FLOAT. */
static bool allocates(const Pass *p, uint32_t c) {
    return is_arith(p->body[c].opcode) && !p->nodes[c].raw &&
           (p->body[c].opcode == _BINARY_OP_FLOAT || rewritten(p, c));
}

static bool keep_boxed(Pass *p, int32_t producer) {
    if (producer >= 0 && p->nodes[producer].raw) {
        p->nodes[producer].raw = false;
        return true;
    }
    return false;
}

/* Applies the rules that depend on other results' fate until none changes anything. */
static void settle(Pass *p) {
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t i = 0; i < p->length; i++) {
            int x = reused_input(p->body[i].opcode);
            if (x >= 0 && !raw_input(p, i, x)) { /* it writes into x's box: stays as it was */
                changed |= keep_boxed(p, (int32_t)i);
                changed |= keep_boxed(p, p->nodes[i].inputs[1 - x]);
            }
        }
        for (uint32_t k = 0; k < p->nbelow; k += 2) {
            if (allocates(p, (uint32_t)p->below[k])) {
                changed |= keep_boxed(p, p->below[k + 1]);
            }
        }
    }
}

static QkUOpInst with_opcode(QkUOpInst uop, uint16_t opcode, uint32_t oparg) {
    uop.opcode = opcode;
    uop.oparg = oparg;
    uop.operand = 0;
    uop.unboxed = 0;
    return uop;
}

/* Writes the rewritten body to out; returns its length. */
static uint32_t rewrite(const Pass *p, QkUOpInst *out, uint32_t loop_start,
                        uint32_t *new_loop_start) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->length; i++) {
        const QkUOpInst *uop = &p->body[i];
        if (i == loop_start) {
            *new_loop_start = n;
        }
        if (uop->opcode == _GUARD_BOTH_FLOAT) {
            bool lhs = raw_input(p, i, 0), rhs = raw_input(p, i, 1);
            uint16_t half = lhs ? _GUARD_TOS_FLOAT : _GUARD_NOS_FLOAT;
            if (!lhs || !rhs) {
                out[n++] = lhs || rhs ? with_opcode(*uop, half, uop->oparg) : *uop;
            }
            continue;
        }
        if (uop->opcode == _CALL_MATH_SQRT_KNOWN && p->nodes[i].raw) {
            out[n++] = with_opcode(*uop, _CALL_MATH_SQRT_RAW, uop->oparg);
            continue;
        }
        if (stores_in_place(p, i) && raw_input(p, i, 0)) {
            out[n++] = with_opcode(*uop, _STORE_FAST_FLOAT_INTO, uop->oparg);
            continue;
        }
        if (!rewritten(p, i)) {
            out[n++] = *uop;
            continue;
        }
        if (!raw_input(p, i, 1)) {
            out[n++] = with_opcode(*uop, _UNBOX_FLOAT, 0);
        }
        if (!raw_input(p, i, 0)) {
            out[n++] = with_opcode(*uop, _UNBOX_FLOAT_NOS, 0);
        }
        bool compare = uop->opcode == _COMPARE_OP_FLOAT;
        bool divide = !compare && qk_plain_binary_op(uop->oparg) == QK_BINARY_OP_TRUE_DIVIDE;
        uint16_t op = compare ? _COMPARE_OP_FLOAT_RAW
                      : divide ? _DIVIDE_FLOAT_RAW
                               : _BINARY_OP_FLOAT_RAW;
        out[n++] = with_opcode(*uop, op, uop->oparg);
        if (!compare && !p->nodes[i].raw) {
            out[n++] = with_opcode(*uop, _BOX_FLOAT, 0);
        }
    }
    return n;
}

static bool pushes_raw(const QkUOpInst *uop, int j) {
    return j == 0 && (uop->opcode == _UNBOX_FLOAT || uop->opcode == _UNBOX_FLOAT_NOS ||
                      uop->opcode == _BINARY_OP_FLOAT_RAW || uop->opcode == _DIVIDE_FLOAT_RAW ||
                      uop->opcode == _CALL_MATH_SQRT_RAW);
}

/* Marks in each exit's `unboxed` the slots under the top that hold doubles there. */
static void mark_exits(QkUOpInst *body, uint32_t length) {
    bool raw[MAX_DEPTH];
    int sp = 0;
    for (uint32_t i = 0; i < length; i++) {
        QkUOpInst *uop = &body[i];
        uint32_t flags = qk_uop_flags[uop->opcode];
        int popped = qk_uop_popped(uop), pushed = qk_uop_pushed(uop);
        if (flags & (QK_FLAG_DEOPT | QK_FLAG_EXIT)) {
            uop->unboxed = 0;
            for (int b = 0; b < sp && b < MASK_SLOTS; b++) {
                uop->unboxed |= (uint32_t)raw[sp - 1 - b] << b;
            }
        }
        int base = sp - popped > 0 ? sp - popped : 0;
        bool kept[QK_MAX_UOP_ITEMS] = {0};
        for (int j = 0; j < popped && j < QK_MAX_UOP_ITEMS; j++) {
            int s = sp - popped + j;
            kept[j] = s >= 0 && raw[s];
        }
        sp = (flags & (QK_FLAG_PUSHES_FRAME | QK_FLAG_POPS_FRAME)) ? 0 : base;
        for (int j = 0; j < pushed; j++) {
            if (sp == MAX_DEPTH) {
                sp = 0; /* as follow() does: nothing there is unboxed */
            }
            /* A peek or a moved input is what that input was. */
            int from = qk_uop_source(uop, j);
            raw[sp++] = from > 0 ? kept[from - 1] : pushes_raw(uop, j);
        }
    }
}

uint32_t qk_unbox_floats(QkUOpInst *body, uint32_t length, uint32_t capacity,
                         uint32_t *loop_start) {
    uint32_t first = 0;
    while (first < length && !qk_makes_float(body[first].opcode)) {
        first++;
    }
    if (first == length) {
        return length; /* no float result: most traces */
    }
    Pass *p = calloc(1, sizeof *p);
    Node *nodes = malloc(((size_t)length + 1) * sizeof *nodes);
    /* At most three micro-ops more per float operation. */
    QkUOpInst *out = malloc((4 * (size_t)length + 1) * sizeof *out);
    if (p == NULL || nodes == NULL || out == NULL) {
        free(p);
        free(nodes);
        free(out);
        return length; /* boxed is still correct */
    }
    p->body = body;
    p->length = length;
    p->nodes = nodes;
    bool *in_place = qk_float_stores_in_place(body, length, *loop_start);
    p->in_place = in_place;
    for (uint32_t i = 0; i < length; i++) {
        nodes[i] = (Node){-1, {-1, -1}, qk_makes_float(body[i].opcode)};
    }
    for (uint32_t i = 0; i < length && !p->failed; i++) {
        follow(p, i);
    }
    for (uint32_t i = 0; i < length; i++) {
        nodes[i].raw = nodes[i].raw && nodes[i].consumer >= 0;
    }
    uint32_t n = length;
    if (!p->failed) {
        settle(p);
        uint32_t start = *loop_start;
        uint32_t rewritten_length = rewrite(p, out, *loop_start, &start);
        if (rewritten_length <= capacity) {
            memcpy(body, out, rewritten_length * sizeof *body);
            n = rewritten_length;
            *loop_start = start;
            mark_exits(body, n);
        }
    }
    free(in_place);
    free(p->below);
    free(p);
    free(nodes);
    free(out);
    return n;
}
