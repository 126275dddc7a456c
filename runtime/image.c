/* The code image reader and verifier. Format: docs/architecture.md and frontend/image.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"
#include "quack_metadata.h"

#define IMAGE_VERSION 1
#define MAX_NESTING 64

typedef struct Reader {
    QkThread *tstate;
    const unsigned char *p, *end;
    const char *error;
    QkValue filename;
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

static QkValue read_code(Reader *r);

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
        QkValue v = strings_only ? read_str(r) : read_const(r);
        if (v == QK_NULL) {
            return -1;
        }
        (*out)[i] = v;
    }
    return 0;
}

static int jump_target(QkCode *c, uint32_t opcode, uint32_t oparg, uint32_t end, uint32_t *out) {
    int64_t target = opcode == JUMP_BACKWARD ? (int64_t)end - oparg : (int64_t)end + oparg;
    if (target < 0 || target >= (int64_t)c->ncode) {
        return -1;
    }
    *out = (uint32_t)target;
    return 0;
}

/* Checks every instruction: known opcode, operands in range, jumps to instruction starts, and a
 * consistent stack depth within stacksize on every path (abstract interpretation over the code). */
static int verify(Reader *r, QkCode *c) {
    uint32_t n = c->ncode;
    unsigned char *is_start = calloc(n + 1, 1);
    int32_t *depth = malloc((n + 1) * sizeof *depth);
    uint32_t *work = malloc((n + 1) * sizeof *work);
    int status = -1;
    if (is_start == NULL || depth == NULL || work == NULL) {
        fail(r, "out of memory");
        goto done;
    }
    for (uint32_t i = 0; i < n;) {
        uint32_t opcode = c->code[i] & 0xff, oparg = c->code[i] >> 8;
        if (opcode >= QK_OPCODE_COUNT || opcode == ENTER_EXECUTOR) {
            fail(r, "invalid opcode");
            goto done;
        }
        uint32_t limit = UINT32_MAX;
        if (opcode == LOAD_CONST) {
            limit = c->nconsts;
        } else if (opcode == LOAD_FAST || opcode == STORE_FAST) {
            limit = c->nlocals;
        } else if (opcode == LOAD_GLOBAL || opcode == STORE_GLOBAL) {
            limit = c->nnames;
        } else if (opcode == BINARY_OP) {
            limit = sizeof qk_binary_op_symbols / sizeof *qk_binary_op_symbols;
        } else if (opcode == COMPARE_OP) {
            limit = sizeof qk_compare_op_symbols / sizeof *qk_compare_op_symbols;
        } else if (opcode == COPY && oparg == 0) {
            limit = 0;
        }
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
        if (opcode != RETURN_VALUE && opcode != JUMP_FORWARD && opcode != JUMP_BACKWARD) {
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
    status = 0;
done:
    free(is_start);
    free(depth);
    free(work);
    return status;
}

static QkValue read_code(Reader *r) {
    if (++r->depth > MAX_NESTING) {
        fail(r, "code objects nested too deeply");
        return QK_NULL;
    }
    QkCode *c = (QkCode *)qk_alloc(r->tstate, &qk_code_type, sizeof *c);
    if (c == NULL) {
        fail(r, "out of memory");
        return QK_NULL;
    }
    QkValue code = (QkValue)c;
    qk_root_push(r->tstate, &code);
    c->filename = r->filename;
    int ok = (c->name = read_str(r)) != QK_NULL && read_u32(r, &c->firstlineno) == 0 &&
             read_u32(r, &c->argcount) == 0 && read_u32(r, &c->nlocals) == 0 &&
             read_u32(r, &c->stacksize) == 0 && read_u32(r, &c->ncode) == 0 &&
             read_u32_array(r, c->ncode, &c->code) == 0 &&
             read_u32_array(r, c->ncode, &c->lines) == 0 && read_values(r, &c->nconsts, &c->consts, 0) == 0 &&
             read_values(r, &c->nnames, &c->names, 1) == 0;
    /* nlocals counts the varnames table the collector walks: trusted only once it matches. */
    uint32_t nlocals = c->nlocals, nvarnames = 0;
    c->nlocals = 0;
    ok = ok && read_values(r, &nvarnames, &c->varnames, 1) == 0;
    if (ok && nvarnames != nlocals) {
        ok = fail(r, "local names do not match the local count") == 0;
    }
    c->nlocals = nvarnames;
    if (ok && (c->argcount > c->nlocals || c->ncode == 0 || c->stacksize > (1u << 20) ||
               c->nlocals > (1u << 20))) {
        ok = fail(r, "inconsistent code header") == 0;
    }
    ok = ok && verify(r, c) == 0;
    qk_root_pop(r->tstate, 1);
    r->depth--;
    return ok ? code : QK_NULL;
}

QkValue qk_load_image(QkThread *tstate, const unsigned char *bytes, size_t size,
                      const char *source) {
    Reader r = {.tstate = tstate, .p = bytes, .end = bytes + size};
    QkValue digest = QK_NULL, code = QK_NULL;
    uint32_t version = 0;
    qk_root_push(tstate, &digest);
    qk_root_push(tstate, &r.filename);
    if (size < 8 || memcmp(bytes, "QKIMG\0\0\0", 8) != 0) {
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
    if (r.error == NULL && r.p != r.end) {
        fail(&r, "trailing bytes after the module");
    }
    qk_root_pop(tstate, 2);
    if (r.error != NULL) {
        fprintf(stderr, "quack: %s: broken code image: %s (at byte %zu)\n", source, r.error,
                (size_t)(r.p - bytes));
        return QK_NULL;
    }
    return code;
}
