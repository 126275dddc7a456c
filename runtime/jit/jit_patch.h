/* The one routine that turns a stencil (quack_stencils.h) into runnable machine code. */
#ifndef QUACK_JIT_PATCH_H
#define QUACK_JIT_PATCH_H

#include <stdint.h>

struct QkStencil;

/* Room for trampolines: on aarch64 a call reaches ±128 MB, and a call to a runtime function
 * further away goes through a trampoline (`ldr x16, #8; br x16; .quad target`, which clobbers
 * only x16, as the ABI lets a linker's veneer do), written into this area of the trace's code the
 * first time a stencil needs one for that target and shared by every call to it after. */
typedef struct QkTrampolines {
    uint8_t *write;     /* where the area is written */
    uintptr_t run;      /* and where it runs: aligned to 8 */
    uint32_t count;     /* trampolines written so far */
    uint32_t capacity;  /* how many fit */
    uintptr_t *targets; /* the target of each written, capacity entries */
} QkTrampolines;

#define QK_TRAMPOLINE_SIZE 16

/* What the holes of one micro-op's stencil refer to: addresses in the trace, and values. */
typedef struct QkPatchValues {
    uintptr_t cont;         /* the next micro-op's code */
    uintptr_t jump_target;  /* where a failed guard goes */
    uintptr_t error_target; /* where an error goes */
    uintptr_t top;          /* the start of the trace (its loop head) */
    uintptr_t oparg;
    uintptr_t operand;
    uintptr_t target; /* the instruction offset the micro-op exits to */
    QkTrampolines *trampolines; /* for calls out of branch range; NULL: there is no room */
} QkPatchValues;

/* Results of qk_patch_stencil. */
enum {
    QK_PATCH_OK = 0,
    /* A PC-relative field cannot reach its target (a rel32 more than 2 GB away, an aarch64
     * branch within the trace further than it reaches, a call with no trampoline room left): the
     * bytes written are unusable and the caller must not run them (the JIT falls back to the
     * micro-op interpreter). */
    QK_PATCH_OUT_OF_RANGE = -1,
    /* The stencil is not what this routine understands (a bug in the generator). */
    QK_PATCH_BAD_STENCIL = -2,
};

/* The number of calls in `s` that may need a trampoline (an upper bound for a trace: the sum over
 * its stencils). */
uint32_t qk_stencil_far_calls(const struct QkStencil *s);

/* Copies the stencil's code to code_dst and its data to data_dst, and patches every hole as if the
 * code will run at code_addr and the data be read at data_addr (the writable views *_dst may be
 * mapped elsewhere). data_addr must be aligned to QK_STENCIL_DATA_ALIGN; code needs no alignment.
 * Helper calls through GOT slots become direct calls when the helper is within rel32 reach, as
 * ld.lld relaxes them; an aarch64 call out of reach goes through a trampoline. Returns QK_PATCH_OK or one of the errors above. */
int qk_patch_stencil(const struct QkStencil *s, uint8_t *code_dst, uintptr_t code_addr,
                     uint8_t *data_dst, uintptr_t data_addr, const QkPatchValues *values);

#endif
