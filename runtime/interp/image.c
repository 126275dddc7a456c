/* The code image reader and verifier. Format: docs/architecture.md and frontend/image.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bytes.h"
#include "image.h"
#include "long.h"
#include "quack_metadata.h"
#include "types.h"

#define IMAGE_VERSION 7
#define MAX_NESTING 64

typedef struct Reader {
    QkThread *tstate;
    const unsigned char *p, *end;
    const char *error;
    QkValue filename;
    /* Every name read so far, by content: code objects share one str per name, so attribute and
     * global lookups find their keys by identity instead of comparing bytes. */
    QkValue names;
    int depth;
} Reader;

static int fail(Reader *r, const char *why) {
    if (r->error == NULL) {
        r->error = why;
    }
    return -1;
}

static int read_u32(Reader *r, uint32_t *out) {
    if (r->end - r->p < 4) {
        return fail(r, "truncated");
    }
    *out = (uint32_t)r->p[0] | (uint32_t)r->p[1] << 8 | (uint32_t)r->p[2] << 16 |
           (uint32_t)r->p[3] << 24;
    r->p += 4;
    return 0;
}

static int read_f64(Reader *r, double *out) {
    uint32_t lo, hi;
    if (read_u32(r, &lo) < 0 || read_u32(r, &hi) < 0) {
        return -1;
    }
    uint64_t bits = (uint64_t)hi << 32 | lo;
    memcpy(out, &bits, sizeof *out);
    return 0;
}

static int read_u32_array(Reader *r, uint32_t n, uint32_t **out) {
    if ((size_t)(r->end - r->p) / 4 < n) {
        return fail(r, "truncated array");
    }
    *out = malloc((size_t)n * 4 + 4);
    if (*out == NULL) {
        return fail(r, "out of memory");
    }
    for (uint32_t i = 0; i < n; i++) {
        read_u32(r, &(*out)[i]);
    }
    return 0;
}

static QkValue read_str(Reader *r) {
    uint32_t n;
    if (read_u32(r, &n) < 0) {
        return QK_NULL;
    }
    if ((size_t)(r->end - r->p) < n) {
        fail(r, "truncated string");
        return QK_NULL;
    }
    QkValue s = qk_str_new(r->tstate, (const char *)r->p, n);
    r->p += n;
    if (s == QK_NULL) {
        fail(r, "out of memory");
    }
    return s;
}

static QkValue read_bytes(Reader *r) {
    uint32_t n;
    if (read_u32(r, &n) < 0) {
        return QK_NULL;
    }
    if ((size_t)(r->end - r->p) < n) {
        fail(r, "truncated bytes");
        return QK_NULL;
    }
    QkValue b = qk_bytes_new(r->tstate, &qk_bytes_type, (const char *)r->p, n);
    r->p += n;
    if (b == QK_NULL) {
        fail(r, "out of memory");
    }
    return b;
}

static QkValue read_code(Reader *r);
static QkValue read_const(Reader *r);

static QkValue read_name(Reader *r) {
    QkValue name = read_str(r);
    if (name == QK_NULL) {
        return QK_NULL;
    }
    QkValue seen = qk_dict_get(r->names, name);
    if (seen != QK_NULL) {
        return seen;
    }
    if (qk_dict_set(r->tstate, r->names, name, name) < 0) {
        fail(r, "out of memory");
        return QK_NULL;
    }
    return name;
}

/* A tuple constant: allocated first (empty slots) and rooted, then filled item by item. */
static QkValue read_tuple(Reader *r) {
    uint32_t n;
    if (read_u32(r, &n) < 0) {
        return QK_NULL;
    }
    if ((size_t)(r->end - r->p) < n) {
        fail(r, "truncated tuple");
        return QK_NULL;
    }
    QkValue tuple = qk_tuple_from_array(r->tstate, NULL, n);
    if (tuple == QK_NULL) {
        fail(r, "out of memory");
        return QK_NULL;
    }
    qk_root_push(r->tstate, &tuple);
    for (uint32_t i = 0; i < n && tuple != QK_NULL; i++) {
        QkValue item = read_const(r);
        if (item == QK_NULL) {
            tuple = QK_NULL;
        } else {
            qk_as_tuple(tuple)->items[i] = item;
        }
    }
    qk_root_pop(r->tstate, 1);
    return tuple;
}

/* A big int: sign, digit count, 30-bit digits; canonical (nonzero at the top, outside the
 * tagged range) or refused. */
static QkValue read_bigint(Reader *r) {
    uint32_t n, *digits;
    if (r->p >= r->end) {
        fail(r, "truncated constant");
        return QK_NULL;
    }
    unsigned sign = *r->p++;
    if (read_u32(r, &n) < 0 || read_u32_array(r, n, &digits) < 0) {
        return QK_NULL;
    }
    QkValue v = sign > 1 ? QK_NULL : qk_long_from_image_digits(r->tstate, digits, n, sign == 1);
    free(digits);
    if (v == QK_NULL) {
        fail(r, "malformed big integer constant");
    }
    return v;
}

static QkValue read_const(Reader *r) {
    if (r->p >= r->end) {
        fail(r, "truncated constant");
        return QK_NULL;
    }
    unsigned tag = *r->p++;
    switch (tag) {
    case 0:
        return QK_NONE;
    case 1:
        return QK_TRUE;
    case 2:
        return QK_FALSE;
    case 3: {
        uint32_t lo, hi;
        if (read_u32(r, &lo) < 0 || read_u32(r, &hi) < 0) {
            return QK_NULL;
        }
        int64_t v = (int64_t)((uint64_t)hi << 32 | lo);
        if (!qk_int_fits(v)) {
            fail(r, "integer constant out of range");
            return QK_NULL;
        }
        return qk_from_int(v);
    }
    case 4:
        return read_str(r);
    case 5:
        return read_code(r);
    case 6:
    case 11: {
        /* A float, or a complex's real and imaginary parts. */
        double d[2] = {0.0, 0.0};
        for (int i = 0; i < (tag == 11 ? 2 : 1); i++) {
            if (read_f64(r, &d[i]) < 0) {
                return QK_NULL;
            }
        }
        QkValue v = tag == 11 ? qk_complex_new(r->tstate, d[0], d[1])
                              : qk_float_new(r->tstate, d[0]);
        if (v == QK_NULL) {
            fail(r, "out of memory");
        }
        return v;
    }
    case 7:
        return read_tuple(r);
    case 8:
        return QK_ELLIPSIS;
    case 9:
        return read_bigint(r);
    case 10:
        return read_bytes(r);
    default:
        fail(r, "unknown constant tag");
        return QK_NULL;
    }
}

/* Reads n values into a malloc'd array that the code object owns (so the collector sees them as
 * soon as the code object is reachable: it is rooted before reading starts). */
static int read_values(Reader *r, uint32_t *count, QkValue **out, int strings_only) {
    uint32_t n;
    if (read_u32(r, &n) < 0) {
        return -1;
    }
    if ((size_t)(r->end - r->p) < n) {
        return fail(r, "truncated table");
    }
    *out = calloc((size_t)n + 1, sizeof **out);
    if (*out == NULL) {
        return fail(r, "out of memory");
    }
    *count = n;
    for (uint32_t i = 0; i < n; i++) {
        QkValue v = strings_only ? read_name(r) : read_const(r);
        if (v == QK_NULL) {
            return -1;
        }
        (*out)[i] = v;
    }
    return 0;
}

static int jump_target(const QkCode *c, uint32_t opcode, uint32_t oparg, uint32_t end,
                       uint32_t *out) {
    int64_t target = opcode == JUMP_BACKWARD ? (int64_t)end - oparg : (int64_t)end + oparg;
    if (target < 0 || target >= (int64_t)c->ncode) {
        return -1;
    }
    *out = (uint32_t)target;
    return 0;
}

/* The exclusive upper bound of an instruction's oparg (UINT32_MAX: any), from what it indexes. */
static uint32_t operand_limit(const QkCode *c, uint32_t opcode, uint32_t oparg) {
    switch (opcode) {
    case LOAD_CONST:
        return c->nconsts;
    case LOAD_FAST: case STORE_FAST: case DELETE_FAST: case MAKE_CELL: case LOAD_DEREF:
    case STORE_DEREF: case LOAD_CLOSURE:
        return c->nlocals;
    case COPY_FREE_VARS:
        return c->nlocals + 1;
    case LOAD_GLOBAL: case STORE_GLOBAL: case DELETE_GLOBAL: case LOAD_NAME: case STORE_NAME:
    case DELETE_NAME: case LOAD_ATTR: case LOAD_METHOD: case STORE_ATTR: case DELETE_ATTR:
    case IMPORT_NAME: case IMPORT_FROM:
        return c->nnames;
    case BINARY_OP:
        return sizeof qk_binary_op_symbols / sizeof *qk_binary_op_symbols;
    case COMPARE_OP:
        return sizeof qk_compare_op_symbols / sizeof *qk_compare_op_symbols;
    case CONTAINS_OP:
        return sizeof qk_contains_op_symbols / sizeof *qk_contains_op_symbols;
    case IS_OP:
        return sizeof qk_is_op_symbols / sizeof *qk_is_op_symbols;
    case CONVERT_VALUE:
        return sizeof qk_convert_value_symbols / sizeof *qk_convert_value_symbols;
    case SET_FUNCTION_ATTRIBUTE:
        return sizeof qk_set_function_attribute_symbols / sizeof *qk_set_function_attribute_symbols;
    case BUILD_SLICE:
        return oparg == 2 || oparg == 3 ? UINT32_MAX : 0;
    case COPY: case LIST_APPEND: case SET_ADD: case MAP_ADD: case LIST_EXTEND: case SET_UPDATE:
    case DICT_UPDATE: case DICT_MERGE:
        return oparg >= 1 ? UINT32_MAX : 0;
    case SWAP:
        return oparg >= 2 ? UINT32_MAX : 0;
    default:
        return UINT32_MAX;
    }
}

/* No fall-through after these. */
static int is_terminal(uint32_t opcode) {
    return opcode == RETURN_VALUE || opcode == JUMP_FORWARD || opcode == JUMP_BACKWARD ||
           opcode == RAISE_VARARGS || opcode == RERAISE;
}

/* The most stack slots x code units the value analysis tracks (one byte each), so that a huge
 * or corrupted code object cannot make the verifier allocate without bound. */
#define MAX_VALUE_STATE (16u << 20)

/* What a stack slot may hold, as flags (a slot with neither holds an exception). QK_NULL comes
 * from PUSH_NULL, LOAD_METHOD (no self) and PUSH_EXC_INFO (no exception was being handled). */
enum { MAY_BE_NULL = 1, MAY_BE_OTHER = 2 };

/* The flags an instruction's input k places from the top of the stack (1: the top) must not
 * have: only QK_NULL-aware inputs take QK_NULL, and the inputs that the runtime uses as the
 * exception being handled (qk_reraise, exc_info) must be one. */
static int input_forbids(uint32_t opcode, uint32_t oparg, uint32_t k) {
    switch (opcode) {
    case POP_TOP:
        return 0;
    case CALL:
        return k == oparg + 1 ? 0 : MAY_BE_NULL;
    case CALL_KW:
        return k == oparg + 2 ? 0 : MAY_BE_NULL;
    case CALL_FUNCTION_EX: /* self_or_null, and kwargs when there are no keyword arguments */
        return k == 3 || k == 1 ? 0 : MAY_BE_NULL;
    case POP_EXCEPT: /* the previous exception being handled, or none */
        return MAY_BE_OTHER;
    case RERAISE: case PUSH_EXC_INFO:
        return MAY_BE_NULL | MAY_BE_OTHER;
    case CHECK_EXC_MATCH:
        return k == 2 ? MAY_BE_NULL | MAY_BE_OTHER : MAY_BE_NULL;
    case WITH_EXCEPT_START: /* [exit, prev, exc] */
        return k == 1 ? MAY_BE_NULL | MAY_BE_OTHER : k == 2 ? MAY_BE_OTHER : MAY_BE_NULL;
    default:
        return MAY_BE_NULL;
    }
}

/* Whether the input k places from the top is one of an instruction's `unused` inputs, which
 * stay where they are as they are (COPY's and SWAP's too: SWAP then moves two of them). */
static int input_kept(uint32_t opcode, uint32_t oparg, uint32_t k) {
    switch (opcode) {
    case COPY: case SWAP:
        return 1;
    case LIST_APPEND: case SET_ADD: case LIST_EXTEND: case SET_UPDATE: case DICT_UPDATE:
        return k >= 2 && k <= oparg;
    case MAP_ADD:
        return k >= 3 && k <= oparg + 1;
    case DICT_MERGE: /* [callable, unused[oparg + 1], dict, unused[oparg - 1], update] */
        return k != 1 && k != oparg + 1 && k != 2 * oparg + 3;
    default:
        return 0;
    }
}

/* Runs one instruction over its stack's flags: `in` holds the d entry slots, `out` receives the
 * `after` exit slots. Returns the flags an input had that it forbids (0: none). */
static int step_values(uint32_t opcode, uint32_t oparg, uint32_t d, uint32_t popped,
                       uint32_t after, const unsigned char *in, unsigned char *out) {
    uint32_t base = d - popped;
    memcpy(out, in, base);
    memset(out + base, MAY_BE_OTHER, after - base); /* results, unless said otherwise below */
    for (uint32_t k = 1; k <= popped; k++) {
        if (input_kept(opcode, oparg, k)) {
            out[d - k] = in[d - k];
        } else if (in[d - k] & input_forbids(opcode, oparg, k)) {
            return in[d - k] & input_forbids(opcode, oparg, k);
        }
    }
    switch (opcode) {
    case PUSH_NULL:
        out[after - 1] = MAY_BE_NULL;
        break;
    case LOAD_METHOD: /* self_or_null */
        out[after - 1] = MAY_BE_NULL | MAY_BE_OTHER;
        break;
    case PUSH_EXC_INFO: /* [prev, exc]: exc_info only ever holds an exception or QK_NULL */
        out[after - 2] = MAY_BE_NULL;
        out[after - 1] = 0;
        break;
    case CHECK_EXC_MATCH: /* [exc, match] */
        out[after - 2] = 0;
        break;
    case WITH_EXCEPT_START: /* [exit, prev, exc] stay as they were, under the result */
        memcpy(out + d - 3, in + d - 3, 3);
        break;
    case COPY:
        out[after - 1] = in[d - oparg];
        break;
    case SWAP:
        out[d - 1] = in[d - oparg];
        out[d - oparg] = in[d - 1];
        break;
    default:
        break;
    }
    return 0;
}

/* ORs `n` flags into a row; returns whether any was new. */
static int merge_flags(unsigned char *into, const unsigned char *from, uint32_t n) {
    int changed = 0;
    for (uint32_t s = 0; s < n; s++) {
        if ((into[s] | from[s]) != into[s]) {
            into[s] |= from[s];
            changed = 1;
        }
    }
    return changed;
}

/* What each stack slot may hold at each reachable instruction, by iterating to a fixpoint (flags
 * only ever turn on, so it ends); runs on code whose stack depths verify() checked. A handler
 * sees the covered instructions' slots below its entry depth (an exception can come from any of
 * them) and, on top, the exception (flags 0). */
static int verify_values(Reader *r, const QkCode *c, const int32_t *depth, uint32_t *work) {
    uint32_t n = c->ncode, width = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (depth[i] > (int32_t)width) {
            width = (uint32_t)depth[i];
        }
    }
    /* Rows are as wide as the deepest reachable stack, not stacksize, which may overstate it. */
    if ((uint64_t)n * width > MAX_VALUE_STATE) {
        return fail(r, "code too large to verify (code units times stack depth over 16M)");
    }
    unsigned char *state = calloc((size_t)n * width + 1, 1);
    unsigned char *out = malloc((size_t)width + 1);
    unsigned char *queued = calloc(n + 1, 1);
    int status = -1;
    if (state == NULL || out == NULL || queued == NULL) {
        fail(r, "out of memory");
        goto done;
    }
    /* Everything reachable is checked once even if no flag ever reaches it, then on each change. */
    uint32_t nwork = 0;
    for (uint32_t i = n; i-- > 0;) {
        if (depth[i] >= 0) {
            queued[i] = 1;
            work[nwork++] = i;
        }
    }
    while (nwork > 0) {
        uint32_t i = work[--nwork];
        queued[i] = 0;
        uint32_t opcode = c->code[i] & 0xff, oparg = c->code[i] >> 8;
        uint32_t d = (uint32_t)depth[i];
        uint32_t popped = (uint32_t)qk_num_popped((int)opcode, (int)oparg);
        /* verify() found every exit depth within a successor's, so within width. */
        uint32_t after = d - popped + (uint32_t)qk_num_pushed((int)opcode, (int)oparg);
        const unsigned char *in = state + (size_t)i * width;
        int bad = step_values(opcode, oparg, d, popped, after, in, out);
        if (bad != 0) {
            fail(r, bad & MAY_BE_NULL
                        ? "a null value reaches an instruction that does not accept one"
                        : "a value that may not be an exception reaches an instruction that "
                          "needs one");
            goto done;
        }
        uint32_t end = i + 1 + qk_cache_size[opcode];
        uint32_t successors[2], nsucc = 0;
        if (qk_opcode_flags[opcode] & QK_FLAG_JUMP) {
            jump_target(c, opcode, oparg, end, &successors[nsucc++]); /* verify() checked it */
        }
        if (!is_terminal(opcode)) {
            successors[nsucc++] = end;
        }
        for (uint32_t k = 0; k < nsucc; k++) {
            uint32_t s = successors[k];
            /* A prefix of `out`: FOR_ITER's exhausted jump keeps only the iterator. */
            if (merge_flags(state + (size_t)s * width, out, (uint32_t)depth[s]) && !queued[s]) {
                queued[s] = 1;
                work[nwork++] = s;
            }
        }
        for (uint32_t k = 0; k < c->nexceptions; k++) {
            const QkExceptionEntry *e = &c->exceptions[k];
            if (i >= e->start && i < e->end &&
                merge_flags(state + (size_t)e->target * width, in, e->depth) &&
                !queued[e->target]) {
                queued[e->target] = 1;
                work[nwork++] = e->target;
            }
        }
    }
    status = 0;
done:
    free(state);
    free(out);
    free(queued);
    return status;
}

/* Checks every instruction: known opcode, operands in range, jumps to instruction starts, a
 * consistent stack depth within stacksize on every path (abstract interpretation over the code),
 * and no QK_NULL or non-exception reaching an input that cannot take it (verify_values). */
static int verify(Reader *r, QkCode *c) {
    uint32_t n = c->ncode;
    unsigned char *is_start = calloc(n + 1, 1);
    int32_t *depth = malloc((n + 1) * sizeof *depth);
    /* Each instruction enters the worklist once, plus once per handler seed. */
    uint32_t *work = malloc((n + 1 + c->nexceptions) * sizeof *work);
    int status = -1;
    if (is_start == NULL || depth == NULL || work == NULL) {
        fail(r, "out of memory");
        goto done;
    }
    for (uint32_t i = 0; i < n;) {
        uint32_t opcode = c->code[i] & 0xff, oparg = c->code[i] >> 8;
        /* Only the runtime writes ENTER_EXECUTOR and the specialized family members (which
         * trust what their specialization saw, such as a non-null callable). */
        if (opcode >= QK_OPCODE_COUNT || opcode == ENTER_EXECUTOR ||
            (qk_opcode_flags[opcode] & QK_FLAG_SPECIALIZED)) {
            fail(r, "invalid opcode");
            goto done;
        }
        uint32_t limit = operand_limit(c, opcode, oparg);
        if (oparg >= limit) {
            fail(r, "operand out of range");
            goto done;
        }
        is_start[i] = 1;
        uint32_t next = i + 1 + qk_cache_size[opcode];
        if (next > n) {
            fail(r, "instruction runs past the end of the code");
            goto done;
        }
        /* Inline caches are the runtime's state (JUMP_BACKWARD's counter), never the image's. */
        memset(&c->code[i + 1], 0, (size_t)qk_cache_size[opcode] * sizeof *c->code);
        i = next;
    }
    for (uint32_t i = 0; i <= n; i++) {
        depth[i] = -1;
    }
    uint32_t nwork = 0;
    depth[0] = 0;
    work[nwork++] = 0;
    /* A handler starts with the exception pushed on the stack cut to the entry's depth. */
    for (uint32_t k = 0; k < c->nexceptions; k++) {
        const QkExceptionEntry *e = &c->exceptions[k];
        if (e->start >= e->end || e->end > n || e->target >= n || !is_start[e->target] ||
            e->depth >= c->stacksize) {
            fail(r, "bad exception table entry");
            goto done;
        }
        if (depth[e->target] < 0) {
            depth[e->target] = (int32_t)e->depth + 1;
            work[nwork++] = e->target;
        } else if (depth[e->target] != (int32_t)e->depth + 1) {
            fail(r, "inconsistent stack depth where paths meet");
            goto done;
        }
    }
    while (nwork > 0) {
        uint32_t i = work[--nwork];
        uint32_t opcode = c->code[i] & 0xff, oparg = c->code[i] >> 8;
        int64_t d = depth[i];
        int64_t popped = qk_num_popped((int)opcode, (int)oparg);
        int64_t pushed = qk_num_pushed((int)opcode, (int)oparg);
        if (popped < 0 || pushed < 0 || d < popped) {
            fail(r, "stack underflow");
            goto done;
        }
        int64_t after = d - popped + pushed;
        if (after > c->stacksize) {
            fail(r, "stack depth exceeds stacksize");
            goto done;
        }
        uint32_t end = i + 1 + qk_cache_size[opcode];
        uint32_t successors[2], nsucc = 0;
        int64_t succ_depth[2];
        if (qk_opcode_flags[opcode] & QK_FLAG_JUMP) {
            uint32_t target;
            if (jump_target(c, opcode, oparg, end, &target) < 0 || !is_start[target]) {
                fail(r, "jump to a place that is not an instruction");
                goto done;
            }
            successors[nsucc] = target;
            /* FOR_ITER leaves only the iterator when it jumps at exhaustion. */
            succ_depth[nsucc++] = opcode == FOR_ITER ? d : after;
        }
        if (!is_terminal(opcode)) {
            if (end >= n) {
                fail(r, "execution runs off the end of the code");
                goto done;
            }
            successors[nsucc] = end;
            succ_depth[nsucc++] = after;
        }
        for (uint32_t k = 0; k < nsucc; k++) {
            uint32_t s = successors[k];
            if (depth[s] < 0) {
                depth[s] = (int32_t)succ_depth[k];
                work[nwork++] = s;
            } else if (depth[s] != succ_depth[k]) {
                fail(r, "inconsistent stack depth where paths meet");
                goto done;
            }
        }
    }
    /* An exception inside a handled range cuts the stack to the handler's depth: the range's
     * instructions must never run below it, or the cut would expose dead slots. */
    for (uint32_t k = 0; k < c->nexceptions; k++) {
        const QkExceptionEntry *e = &c->exceptions[k];
        for (uint32_t i = e->start; i < e->end; i++) {
            if (is_start[i] && depth[i] >= 0 && depth[i] < (int32_t)e->depth) {
                fail(r, "exception handler deeper than the stack it covers");
                goto done;
            }
        }
    }
    status = verify_values(r, c, depth, work);
done:
    free(is_start);
    free(depth);
    free(work);
    return status;
}

static int read_kinds(Reader *r, QkCode *c) {
    if ((size_t)(r->end - r->p) < c->nlocals) {
        return fail(r, "truncated local kinds");
    }
    c->kinds = malloc(c->nlocals + 1);
    if (c->kinds == NULL) {
        return fail(r, "out of memory");
    }
    for (uint32_t i = 0; i < c->nlocals; i++) {
        c->kinds[i] = *r->p++;
        if (c->kinds[i] > QK_LOCAL_FREE) {
            return fail(r, "unknown local kind");
        }
    }
    return 0;
}

static int read_exceptions(Reader *r, QkCode *c) {
    uint32_t n;
    if (read_u32(r, &n) < 0) {
        return -1;
    }
    if ((size_t)(r->end - r->p) / 16 < n) {
        return fail(r, "truncated exception table");
    }
    c->exceptions = malloc((size_t)n * sizeof *c->exceptions + 1);
    if (c->exceptions == NULL) {
        return fail(r, "out of memory");
    }
    c->nexceptions = n;
    for (uint32_t i = 0; i < n; i++) {
        QkExceptionEntry *e = &c->exceptions[i];
        read_u32(r, &e->start);
        read_u32(r, &e->end);
        read_u32(r, &e->target);
        read_u32(r, &e->depth);
    }
    return 0;
}

/* The parameters fit in the locals, and the sizes are ones a frame can hold. */
static int header_consistent(const QkCode *c) {
    uint64_t parameters = (uint64_t)c->argcount + c->kwonlyargcount +
                          ((c->flags & QK_CODE_VARARGS) != 0) +
                          ((c->flags & QK_CODE_VARKEYWORDS) != 0);
    return parameters <= c->nlocals && c->posonlyargcount <= c->argcount && c->ncode > 0 &&
           c->stacksize <= (1u << 20) && c->nlocals <= (1u << 20);
}

static QkValue read_code(Reader *r) {
    if (++r->depth > MAX_NESTING) {
        fail(r, "code objects nested too deeply");
        return QK_NULL;
    }
    QkCode *c = (QkCode *)qk_alloc_as(r->tstate, &qk_code_type, sizeof *c, 1);
    if (c == NULL) {
        fail(r, "out of memory");
        return QK_NULL;
    }
    QkValue code = (QkValue)c;
    qk_root_push(r->tstate, &code);
    c->filename = r->filename;
    /* nlocals counts the varnames table the collector walks: read_values sets it with the table
     * (collections happen while constants and names are read); it must match the header's. */
    uint32_t nlocals = 0, ncode = 0;
    int ok = (c->name = read_str(r)) != QK_NULL && (c->qualname = read_str(r)) != QK_NULL &&
             read_u32(r, &c->firstlineno) == 0 &&
             read_u32(r, &c->argcount) == 0 && read_u32(r, &c->posonlyargcount) == 0 &&
             read_u32(r, &c->kwonlyargcount) == 0 && read_u32(r, &c->flags) == 0 &&
             read_u32(r, &nlocals) == 0 &&
             read_u32(r, &c->stacksize) == 0 && read_u32(r, &ncode) == 0 &&
             read_u32_array(r, ncode, &c->code) == 0 &&
             read_u32_array(r, ncode, &c->lines) == 0 &&
             read_u32_array(r, ncode, &c->caret_spans) == 0 &&
             read_u32_array(r, ncode, &c->caret_anchors) == 0 &&
             read_values(r, &c->nconsts, &c->consts, 0) == 0 &&
             read_values(r, &c->nnames, &c->names, 1) == 0;
    ok = ok && read_values(r, &c->nlocals, &c->varnames, 1) == 0;
    /* The collector reads the instructions' inline caches (qk_code_traverse_tier2): they count
     * only from here, where nothing allocates objects any more before the verifier has run. */
    c->ncode = ok ? ncode : 0;
    if (ok && c->nlocals != nlocals) {
        ok = fail(r, "local names do not match the local count") == 0;
    }
    ok = ok && read_kinds(r, c) == 0 && read_exceptions(r, c) == 0;
    if (ok && !header_consistent(c)) {
        ok = fail(r, "inconsistent code header") == 0;
    }
    c->frame_words = ok ? (uint32_t)(qk_frame_size(c) / sizeof(QkValue)) : 0;
    if (ok && (c->flags & QK_CODE_HAS_DOCSTRING) && (c->nconsts == 0 || !qk_is_str(c->consts[0]))) {
        ok = fail(r, "docstring flag without a str first constant") == 0;
    }
    ok = ok && verify(r, c) == 0;
    qk_root_pop(r->tstate, 1);
    r->depth--;
    return ok ? code : QK_NULL;
}

/* The modules the program may import (frontend/modules.py), into tstate->image_modules: name ->
 * (code, is_package). Each module's code is named by its own file in tracebacks. */
static void read_modules(Reader *r) {
    QkThread *tstate = r->tstate;
    QkValue name = QK_NULL, entry = QK_NULL;
    uint32_t n;
    if (read_u32(r, &n) < 0) {
        return;
    }
    qk_root_push(tstate, &name);
    qk_root_push(tstate, &entry);
    if ((tstate->image_modules = qk_dict_new(tstate)) == QK_NULL) {
        fail(r, "out of memory");
    }
    for (uint32_t i = 0; i < n && r->error == NULL; i++) {
        if ((name = read_str(r)) == QK_NULL) {
            break;
        }
        if (r->p >= r->end || *r->p > 1) {
            fail(r, "bad module entry");
            break;
        }
        QkValue is_package = qk_bool(*r->p++ == 1);
        if ((r->filename = read_str(r)) == QK_NULL) {
            break;
        }
        if ((entry = read_code(r)) == QK_NULL) {
            break;
        }
        if (qk_as_str(name)->length == 0 || qk_dict_get(tstate->image_modules, name) != QK_NULL) {
            fail(r, "bad module name");
            break;
        }
        QkValue pair[2] = {entry, is_package}; /* the code stays rooted through entry */
        if ((entry = qk_tuple_from_array(tstate, pair, 2)) == QK_NULL ||
            qk_dict_set(tstate, tstate->image_modules, name, entry) < 0) {
            fail(r, "out of memory");
        }
    }
    qk_root_pop(tstate, 2);
}

QkValue qk_load_image(QkThread *tstate, const unsigned char *bytes, size_t size,
                      const char *source) {
    Reader r = {.tstate = tstate, .p = bytes, .end = bytes + size};
    QkValue digest = QK_NULL, code = QK_NULL;
    uint32_t version = 0;
    qk_root_push(tstate, &digest);
    qk_root_push(tstate, &r.filename);
    qk_root_push(tstate, &r.names);
    r.names = qk_dict_new(tstate);
    if (r.names == QK_NULL) {
        fail(&r, "out of memory");
    } else if (size < 8 || memcmp(bytes, "QKIMG\0\0\0", 8) != 0) {
        fail(&r, "not a quack code image (bad magic)");
    } else {
        r.p += 8;
        if (read_u32(&r, &version) == 0 && version != IMAGE_VERSION) {
            fail(&r, "unsupported image version");
        }
    }
    if (r.error == NULL && (digest = read_str(&r)) != QK_NULL &&
        strcmp(qk_as_str(digest)->data, QK_OPCODES_DIGEST) != 0) {
        fail(&r, "compiled against a different opcode table; recompile it with this quack's "
                 "front end");
    }
    if (r.error == NULL && (r.filename = read_str(&r)) != QK_NULL) {
        code = read_code(&r);
    }
    qk_root_push(tstate, &code);
    if (r.error == NULL) {
        read_modules(&r);
    }
    if (r.error == NULL && r.p != r.end) {
        fail(&r, "trailing bytes after the modules");
    }
    qk_root_pop(tstate, 4);
    if (r.error != NULL) {
        fprintf(stderr, "quack: %s: broken code image: %s (at byte %zu)\n", source, r.error,
                (size_t)(r.p - bytes));
        return QK_NULL;
    }
    return code;
}
