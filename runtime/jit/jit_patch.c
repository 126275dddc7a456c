/* Table-driven patching: one loop over a stencil's holes, one switch on how each is patched. It
 * knows every target's kinds and needs no target's stencils, so it patches any on any host.
 * tests/test_patch_vs_lld.py checks its output byte for byte against ld.lld on the same objects. */
#include "jit_patch.h"

#include <string.h>

#include "quack_stencil_types.h"

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

static uint32_t read32(const uint8_t *at) {
    uint32_t v;
    memcpy(&v, at, sizeof v);
    return v;
}

static void write32u(uint8_t *at, uint32_t v) { memcpy(at, &v, sizeof v); }

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

/* `test reg, [slot]` or an arithmetic `op reg, [slot]` behind a REX prefix (op[-1]) becomes
 * `op reg, imm32` with the target's address, as ld.lld relaxes it in a non-PIC link: the ModRM's
 * reg field moves to rm (and REX.R to REX.B), the opcode becomes f7 /0 (test) or 81 /n (n from the
 * old opcode's bits 3-5). 0 if op is not such an instruction. */
static int relax_to_imm32(uint8_t *op, uint8_t *at, uint64_t target) {
    static const uint8_t arithmetic[] = {0x03, 0x0b, 0x13, 0x1b, 0x23, 0x2b, 0x33, 0x3b};
    int test = op[0] == 0x85, found = test;
    for (size_t i = 0; i < sizeof arithmetic && !found; i++) {
        found = op[0] == arithmetic[i];
    }
    if (!found || (op[-1] & 0xf0) != 0x40) {
        return 0;
    }
    uint8_t reg = (uint8_t)((op[1] & 0x38) >> 3);
    op[1] = (uint8_t)(0xc0 | reg | (test ? 0 : (op[0] & 0x38)));
    op[0] = test ? 0xf7 : 0x81;
    op[-1] = (uint8_t)((op[-1] & ~0x4) | ((op[-1] & 0x4) >> 2));
    write32(at, (int64_t)target);
    return 1;
}

/* A `mov`, `call *`, `jmp *`, `test` or arithmetic instruction through the GOT slot (the
 * generator lets only these through). The slot was written with the data, so its value is the
 * target. Relaxed exactly like ld.lld: when the target is within rel32 reach, mov -> lea, call * ->
 * addr32 call (one instruction of the same length), jmp * -> jmp; nop; when its address fits a
 * sign-extended imm32, test and arithmetic take it as their immediate. Otherwise the instruction
 * stays indirect through the slot. */
static int patch_gotpcrelx(const QkHole *h, uint8_t *code, uintptr_t place, const uint8_t *data,
                           const Placement *p) {
    if (h->offset < 2) {
        return QK_PATCH_BAD_STENCIL;
    }
    uint8_t *op = code + h->offset - 2, *at = code + h->offset;
    int imm32_form = op[0] != 0x8b && op[0] != 0xff; /* test or arithmetic: a REX prefix first */
    if (imm32_form && h->offset < 3) {
        return QK_PATCH_BAD_STENCIL;
    }
    uint64_t target = read64(data + h->got_offset);
    int64_t direct = (int64_t)(target + (uint64_t)h->addend - place);
    int64_t via_slot = (int64_t)(p->values[QK_HOLE_DATA] + h->got_offset + (uint64_t)h->addend - place);
    int is_jmp = op[0] == 0xff && op[1] == 0x25;
    if (imm32_form && target <= INT32_MAX) {
        return relax_to_imm32(op, at, target) ? QK_PATCH_OK : QK_PATCH_BAD_STENCIL;
    }
    /* The relaxed jmp's rel32 starts one byte earlier, so it counts from one byte further. */
    if (imm32_form || !fits_rel32(direct) || (is_jmp && !fits_rel32(direct + 1))) {
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

/* Whether `v` fits in a signed field of `bits` bits. */
static int fits_signed(int64_t v, int bits) {
    int64_t limit = (int64_t)1 << (bits - 1);
    return v >= -limit && v < limit;
}

/* Replaces the instruction's bits [shift, shift + width) with `field`. */
static void set_bits(uint8_t *at, uint32_t field, int shift, int width) {
    uint32_t mask = (width == 32 ? UINT32_MAX : ((UINT32_C(1) << width) - 1)) << shift;
    write32u(at, (read32(at) & ~mask) | ((field << shift) & mask));
}

/* The trampoline that calls `target` (written on first use); 0 when there is no room left. */
static uintptr_t trampoline(QkTrampolines *t, uintptr_t target) {
    if (t == NULL) {
        return 0;
    }
    for (uint32_t i = 0; i < t->count; i++) {
        if (t->targets[i] == target) {
            return t->run + (uintptr_t)i * QK_TRAMPOLINE_SIZE;
        }
    }
    if (t->count == t->capacity) {
        return 0;
    }
    uint8_t *at = t->write + (size_t)t->count * QK_TRAMPOLINE_SIZE;
    write32u(at, 0x58000050u);     /* ldr x16, #8 */
    write32u(at + 4, 0xd61f0200u); /* br x16 */
    uint64_t address = target;
    memcpy(at + 8, &address, sizeof address);
    t->targets[t->count] = target;
    return t->run + (uintptr_t)t->count++ * QK_TRAMPOLINE_SIZE;
}

/* An aarch64 branch (b, bl, b.cond, cbz, tbz...) whose word offset is the `width`-bit field at
 * bit `shift`. A call to a runtime function out of reach goes through a trampoline. */
static int patch_branch(const QkHole *h, uint8_t *at, uintptr_t place, uint64_t target,
                        int shift, int width, QkTrampolines *t) {
    int64_t delta = (int64_t)(target - place);
    if (!fits_signed(delta, width + 2) && h->value == QK_HOLE_SYMBOL && width == 26) {
        uintptr_t via = trampoline(t, (uintptr_t)target);
        if (via == 0) {
            return QK_PATCH_OUT_OF_RANGE;
        }
        delta = (int64_t)(via - place);
    }
    if (delta % 4 != 0) {
        return QK_PATCH_BAD_STENCIL;
    }
    if (!fits_signed(delta, width + 2)) {
        return QK_PATCH_OUT_OF_RANGE;
    }
    set_bits(at, (uint32_t)(delta >> 2), shift, width);
    return QK_PATCH_OK;
}

/* An aarch64 adrp: the distance in 4 KB pages, its low 2 bits at 29, the high 19 at 5. */
static int patch_page21(uint8_t *at, uintptr_t place, uint64_t target) {
    int64_t pages = (int64_t)(target >> 12) - (int64_t)(place >> 12);
    if (!fits_signed(pages, 21)) {
        return QK_PATCH_OUT_OF_RANGE;
    }
    set_bits(at, (uint32_t)pages & 3u, 29, 2);
    set_bits(at, (uint32_t)(pages >> 2), 5, 19);
    return QK_PATCH_OK;
}

/* An aarch64 add or load/store of 1 << scale bytes: the low 12 bits of the address, scaled. */
static int patch_lo12(uint8_t *at, uint64_t target, int scale) {
    uint32_t low = (uint32_t)(target & 0xfff);
    if (low % (1u << scale) != 0) {
        return QK_PATCH_BAD_STENCIL;
    }
    set_bits(at, low >> scale, 10, 12);
    return QK_PATCH_OK;
}

/* Patches the holes of one part (code or data) that starts at run-time address `base`. */
static int patch_part(uint8_t *dst, uintptr_t base, const QkHole *holes, uint32_t n,
                      const uint8_t *data, const Placement *p, QkTrampolines *t) {
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
            break;
        case QK_PATCH_A64_PAGE21:
            status = patch_page21(at, place, target);
            break;
        case QK_PATCH_A64_LO12:
        case QK_PATCH_A64_LO12_S1:
        case QK_PATCH_A64_LO12_S2:
        case QK_PATCH_A64_LO12_S3:
        case QK_PATCH_A64_LO12_S4:
            status = patch_lo12(at, target, h->kind - QK_PATCH_A64_LO12);
            break;
        case QK_PATCH_A64_BRANCH26:
            status = patch_branch(h, at, place, target, 0, 26, t);
            break;
        case QK_PATCH_A64_BRANCH19:
            status = patch_branch(h, at, place, target, 5, 19, t);
            break;
        case QK_PATCH_A64_BRANCH14:
            status = patch_branch(h, at, place, target, 5, 14, t);
            break;
        default:
            return QK_PATCH_BAD_STENCIL;
        }
        if (status != QK_PATCH_OK) {
            return status;
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
    int status = patch_part(data_dst, data_addr, s->data_holes, s->n_data_holes, data_dst, &p,
                            NULL);
    if (status != QK_PATCH_OK) {
        return status;
    }
    return patch_part(code_dst, code_addr, s->code_holes, s->n_code_holes, data_dst, &p,
                      values->trampolines);
}

uint32_t qk_stencil_far_calls(const QkStencil *s) {
    uint32_t n = 0;
    for (uint32_t i = 0; i < s->n_code_holes; i++) {
        n += s->code_holes[i].kind == QK_PATCH_A64_BRANCH26 &&
             s->code_holes[i].value == QK_HOLE_SYMBOL;
    }
    return n;
}
