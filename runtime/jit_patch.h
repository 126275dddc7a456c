/* The one routine that turns a stencil (quack_stencils.h) into runnable machine code. */
#ifndef QUACK_JIT_PATCH_H
#define QUACK_JIT_PATCH_H

#include <stdint.h>

struct QkStencil;

/* What the holes of one micro-op's stencil refer to: addresses in the trace, and values. */
typedef struct QkPatchValues {
    uintptr_t cont;         /* the next micro-op's code */
    uintptr_t jump_target;  /* where a failed guard goes */
    uintptr_t error_target; /* where an error goes */
    uintptr_t top;          /* the start of the trace (its loop head) */
    uintptr_t oparg;
    uintptr_t operand;
    uintptr_t target; /* the instruction offset the micro-op exits to */
} QkPatchValues;

/* Results of qk_patch_stencil. */
enum {
    QK_PATCH_OK = 0,
    /* A rel32 cannot reach its target (more than 2 GB away): the bytes written are unusable and
     * the caller must not run them (the JIT falls back to the micro-op interpreter). */
    QK_PATCH_OUT_OF_RANGE = -1,
    /* The stencil is not what this routine understands (a bug in the generator). */
    QK_PATCH_BAD_STENCIL = -2,
};

/* Copies the stencil's code to code_dst and its data to data_dst, and patches every hole as if the
 * code will run at code_addr and the data be read at data_addr (the writable views *_dst may be
 * mapped elsewhere). data_addr must be aligned to QK_STENCIL_DATA_ALIGN; code needs no alignment.
 * Helper calls through GOT slots become direct calls when the helper is within rel32 reach, as
 * ld.lld relaxes them. Returns QK_PATCH_OK or one of the errors above. */
int qk_patch_stencil(const struct QkStencil *s, uint8_t *code_dst, uintptr_t code_addr,
                     uint8_t *data_dst, uintptr_t data_addr, const QkPatchValues *values);

#endif
