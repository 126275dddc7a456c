/* Table-driven patching: one loop over a stencil's holes, one switch on how each is patched.
 * tests/test_patch_vs_lld.py checks its output byte for byte against ld.lld on the same objects. */
#include "jit_patch.h"

#include <string.h>

#include "quack_stencils.h"

/* What each kind of hole but a symbol stands for in the stencil being patched (indexed by
 * QkHoleValue: where its code and data live at run time, and the trace's values). */
typedef struct Placement {
    uint64_t values[QK_HOLE_SYMBOL];
} Placement;

static int fits_rel32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

static void write32(uint8_t *at, int64_t v) {
    int32_t narrow = (int32_t)v;
    memcpy(at, &narrow, sizeof narrow);
}

static uint64_t read64(const uint8_t *at) {
    uint64_t v;
    memcpy(&v, at, sizeof v);
    return v;
}

/* The address or value a hole refers to, before its addend. */
static int resolve(const QkHole *h, const Placement *p, uint64_t *out) {
    if (h->value < QK_HOLE_SYMBOL) {
        *out = p->values[h->value];
        return QK_PATCH_OK;
    }
    if (h->value == QK_HOLE_SYMBOL) {
        *out = (uint64_t)(uintptr_t)h->symbol;
        return QK_PATCH_OK;
    }
    return QK_PATCH_BAD_STENCIL;
}

/* A `mov`, `call *` or `jmp *` through the GOT slot (the generator lets only these through). The
 * slot was written with the data, so its value is the target. Relaxed exactly like ld.lld when the
 * target is within rel32 reach: mov -> lea, call * -> addr32 call (one instruction of the same
 * length), jmp * -> jmp; nop. Otherwise the instruction stays indirect through the slot. */
static int patch_gotpcrelx(const QkHole *h, uint8_t *code, uintptr_t place, const uint8_t *data,
                           const Placement *p) {
    if (h->offset < 2) {
        return QK_PATCH_BAD_STENCIL;
    }
    uint8_t *op = code + h->offset - 2, *at = code + h->offset;
    int64_t direct = (int64_t)(read64(data + h->got_offset) + (uint64_t)h->addend - place);
    int64_t via_slot = (int64_t)(p->values[QK_HOLE_DATA] + h->got_offset + (uint64_t)h->addend - place);
    int is_jmp = op[0] == 0xff && op[1] == 0x25;
    /* The relaxed jmp's rel32 starts one byte earlier, so it counts from one byte further. */
    if (!fits_rel32(direct) || (is_jmp && !fits_rel32(direct + 1))) {
        if (!fits_rel32(via_slot)) {
            return QK_PATCH_OUT_OF_RANGE;
        }
        write32(at, via_slot);
        return QK_PATCH_OK;
    }
    if (op[0] == 0x8b) {
        op[0] = 0x8d;
        write32(at, direct);
    } else if (op[0] == 0xff && op[1] == 0x15) {
        op[0] = 0x67;
        op[1] = 0xe8;
        write32(at, direct);
    } else if (is_jmp) {
        op[0] = 0xe9;
        write32(op + 1, direct + 1);
        at[3] = 0x90;
    } else {
        return QK_PATCH_BAD_STENCIL;
    }
    return QK_PATCH_OK;
}

/* Patches the holes of one part (code or data) that starts at run-time address `base`. */
static int patch_part(uint8_t *dst, uintptr_t base, const QkHole *holes, uint32_t n,
                      const uint8_t *data, const Placement *p) {
    for (uint32_t i = 0; i < n; i++) {
        const QkHole *h = &holes[i];
        uint8_t *at = dst + h->offset;
        uintptr_t place = base + h->offset;
        uint64_t value;
        int status = resolve(h, p, &value);
        if (status != QK_PATCH_OK) {
            return status;
        }
        uint64_t target = value + (uint64_t)h->addend;
        switch ((QkPatchKind)h->kind) {
        case QK_PATCH_ABS64:
            memcpy(at, &target, sizeof target);
            break;
        case QK_PATCH_REL32: {
            int64_t rel = (int64_t)(target - place);
            if (!fits_rel32(rel)) {
                return QK_PATCH_OUT_OF_RANGE;
            }
            write32(at, rel);
            break;
        }
        case QK_PATCH_GOTPCRELX:
            status = patch_gotpcrelx(h, dst, place, data, p);
            if (status != QK_PATCH_OK) {
                return status;
            }
            break;
        default:
            return QK_PATCH_BAD_STENCIL;
        }
    }
    return QK_PATCH_OK;
}

int qk_patch_stencil(const QkStencil *s, uint8_t *code_dst, uintptr_t code_addr,
                     uint8_t *data_dst, uintptr_t data_addr, const QkPatchValues *values) {
    Placement p = {{
        [QK_HOLE_CODE] = code_addr,
        [QK_HOLE_DATA] = data_addr,
        [QK_HOLE_CONTINUE] = values->cont,
        [QK_HOLE_JUMP_TARGET] = values->jump_target,
        [QK_HOLE_ERROR_TARGET] = values->error_target,
        [QK_HOLE_TOP] = values->top,
        [QK_HOLE_OPARG] = values->oparg,
        [QK_HOLE_OPERAND] = values->operand,
        [QK_HOLE_TARGET] = values->target,
    }};
    /* memcpy with a NULL source is undefined even for zero bytes, and empty parts are NULL. */
    if (s->code_size > 0) {
        memcpy(code_dst, s->code, s->code_size);
    }
    if (s->data_size > 0) {
        memcpy(data_dst, s->data, s->data_size);
    }
    /* Data first: GOT slots must hold their targets before code patching reads them. */
    int status = patch_part(data_dst, data_addr, s->data_holes, s->n_data_holes, data_dst, &p);
    if (status != QK_PATCH_OK) {
        return status;
    }
    return patch_part(code_dst, code_addr, s->code_holes, s->n_code_holes, data_dst, &p);
}
