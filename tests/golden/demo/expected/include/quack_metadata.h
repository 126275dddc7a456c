// Per instruction and per micro-op: stack effects, cache sizes, flags, names, what a micro-op's
// outputs are known to be, and how a trace records an instruction (its micro-ops, or for a jump
// the micro-ops of the direction taken).
#ifndef QUACK_METADATA_H
#define QUACK_METADATA_H

#include <stdbool.h>
#include <stdint.h>

#include "quack_opcodes.h"
#include "quack_stack_cache.h"
#include "quack_uops.h"

#define QK_FLAG_HAS_ARG (1 << 0)
#define QK_FLAG_DEOPT (1 << 1)
#define QK_FLAG_EXIT (1 << 2)
#define QK_FLAG_ERROR (1 << 3)
#define QK_FLAG_ESCAPES (1 << 4)
#define QK_FLAG_ALLOCATES (1 << 5)
#define QK_FLAG_WRITES (1 << 6)
#define QK_FLAG_JUMP (1 << 7)
#define QK_FLAG_READS_CONTEXT (1 << 8)
#define QK_FLAG_READS_FRAME (1 << 9)
#define QK_FLAG_SETS_LOCALS (1 << 10)
#define QK_FLAG_PUSHES_FRAME (1 << 11)
#define QK_FLAG_POPS_FRAME (1 << 12)
#define QK_FLAG_TIER1_ONLY (1 << 13)
#define QK_FLAG_TIER2_ONLY (1 << 14)
#define QK_FLAG_NEEDS_SYNC (1 << 15)
#define QK_FLAG_PURE (1 << 16)
#define QK_FLAG_INVALIDATES (1 << 17)
#define QK_FLAG_BINDS_NAME (1 << 18)
#define QK_FLAG_ENTERS_CALLEE (1 << 19)
#define QK_FLAG_READS_CODE (1 << 20)
#define QK_FLAG_SPECIALIZED (1 << 21)

#define QK_MAX_EXPANSION 2

// How many values an instruction pops (-1 for an unknown opcode).
static inline int qk_num_popped(int opcode, int oparg) {
    (void)oparg;
    switch (opcode) {
    case ADD:
        return 2;
    case ADD_INT:
        return 2;
    case ADD_SAME:
        return 2;
    case STORE:
        return 1;
    case DUP:
        return oparg;
    case ROT:
        return 2;
    case CALL:
        return oparg + 1;
    case JUMP_IF:
        return 1;
    default:
        return -1;
    }
}

// How many values an instruction pushes (-1 for an unknown opcode).
static inline int qk_num_pushed(int opcode, int oparg) {
    (void)oparg;
    switch (opcode) {
    case ADD:
        return 1;
    case ADD_INT:
        return 1;
    case ADD_SAME:
        return 1;
    case STORE:
        return 0;
    case DUP:
        return oparg + 1;
    case ROT:
        return 2;
    case CALL:
        return 1;
    case JUMP_IF:
        return 0;
    default:
        return -1;
    }
}

static const uint8_t qk_cache_size[256] = {
    [ADD] = 3,
    [ADD_INT] = 3,
    [ADD_SAME] = 3,
    [STORE] = 1,
    [DUP] = 0,
    [ROT] = 0,
    [CALL] = 0,
    [JUMP_IF] = 0,
};

static const uint32_t qk_opcode_flags[256] = {
    [ADD] = QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT | QK_FLAG_NEEDS_SYNC | QK_FLAG_INVALIDATES,
    [ADD_INT] = QK_FLAG_DEOPT | QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT | QK_FLAG_NEEDS_SYNC | QK_FLAG_INVALIDATES | QK_FLAG_SPECIALIZED,
    [ADD_SAME] = QK_FLAG_EXIT | QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT | QK_FLAG_NEEDS_SYNC | QK_FLAG_INVALIDATES | QK_FLAG_SPECIALIZED,
    [STORE] = QK_FLAG_HAS_ARG | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT,
    [DUP] = QK_FLAG_HAS_ARG | QK_FLAG_PURE,
    [ROT] = QK_FLAG_PURE,
    [CALL] = QK_FLAG_HAS_ARG | QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT | QK_FLAG_TIER1_ONLY | QK_FLAG_NEEDS_SYNC | QK_FLAG_INVALIDATES,
    [JUMP_IF] = QK_FLAG_HAS_ARG | QK_FLAG_JUMP | QK_FLAG_TIER1_ONLY,
};

static const uint32_t qk_uop_flags[QK_UOP_COUNT] = {
    [_SPECIALIZE_ADD] = QK_FLAG_WRITES | QK_FLAG_TIER1_ONLY,
    [_GUARD_INT] = QK_FLAG_DEOPT,
    [_ADD] = QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT | QK_FLAG_NEEDS_SYNC | QK_FLAG_INVALIDATES,
    [_ADD_SAME] = QK_FLAG_EXIT | QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT | QK_FLAG_NEEDS_SYNC | QK_FLAG_INVALIDATES,
    [_ADD_SMALL] = QK_FLAG_PURE,
    [_ADD_KNOWN] = QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT | QK_FLAG_NEEDS_SYNC | QK_FLAG_INVALIDATES,
    [_STORE] = QK_FLAG_HAS_ARG | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT,
    [_DUP] = QK_FLAG_HAS_ARG | QK_FLAG_PURE,
    [_ROT] = QK_FLAG_PURE,
    [_CALL] = QK_FLAG_HAS_ARG | QK_FLAG_ERROR | QK_FLAG_ESCAPES | QK_FLAG_ALLOCATES | QK_FLAG_WRITES | QK_FLAG_READS_CONTEXT | QK_FLAG_TIER1_ONLY | QK_FLAG_NEEDS_SYNC | QK_FLAG_INVALIDATES,
    [_JUMP_IF] = QK_FLAG_HAS_ARG | QK_FLAG_JUMP | QK_FLAG_TIER1_ONLY,
    [_GUARD_TRUE] = QK_FLAG_EXIT,
    [_GUARD_FALSE] = QK_FLAG_EXIT,
    [_EXIT] = QK_FLAG_TIER2_ONLY,
};

static const char *const qk_opcode_names[256] = {
    [ADD] = "ADD",
    [ADD_INT] = "ADD_INT",
    [ADD_SAME] = "ADD_SAME",
    [STORE] = "STORE",
    [DUP] = "DUP",
    [ROT] = "ROT",
    [CALL] = "CALL",
    [JUMP_IF] = "JUMP_IF",
};

static const char *const qk_uop_names[QK_UOP_COUNT] = {
    [_SPECIALIZE_ADD] = "_SPECIALIZE_ADD",
    [_GUARD_INT] = "_GUARD_INT",
    [_ADD] = "_ADD",
    [_ADD_SAME] = "_ADD_SAME",
    [_ADD_SMALL] = "_ADD_SMALL",
    [_ADD_KNOWN] = "_ADD_KNOWN",
    [_STORE] = "_STORE",
    [_DUP] = "_DUP",
    [_ROT] = "_ROT",
    [_CALL] = "_CALL",
    [_JUMP_IF] = "_JUMP_IF",
    [_GUARD_TRUE] = "_GUARD_TRUE",
    [_GUARD_FALSE] = "_GUARD_FALSE",
    [_EXIT] = "_EXIT",
};

// What the trace optimizer may assume about a micro-op's outputs (`name: FACT` in the DSL). On a
// peeked output it is what the micro-op proves about that input (a guard); on any other output,
// what the micro-op produces.
enum {
    QK_FACT_NONE_KNOWN = 0,    // nothing
    QK_FACT_INT = 1,           // a small int (tagged)
    QK_FACT_FLOAT = 2,         // exactly a float
    QK_FACT_STR = 3,           // exactly a str
    QK_FACT_BOOL = 4,          // QK_TRUE or QK_FALSE
    QK_FACT_NONE = 5,          // QK_NONE
    QK_FACT_LIST = 6,          // exactly a list
    QK_FACT_TUPLE = 7,         // exactly a tuple
    QK_FACT_DICT = 8,          // exactly a dict
    QK_FACT_RANGE_ITER = 9,    // exactly a range iterator
    QK_FACT_LIST_ITER = 10,    // exactly a list iterator
    QK_FACT_TUPLE_ITER = 11,   // exactly a tuple iterator
    QK_FACT_STR_ITER = 12,     // exactly a str iterator
    QK_FACT_TYPE_VERSION = 13, // its class has the version that is the micro-op's operand
    QK_FACT_OPERAND = 14,      // the micro-op's operand itself
    QK_FACT_CONST = 15,        // frame->code->consts[oparg]
    QK_FACT_PLAIN_ATTR = 16,   // its class has no data descriptor for names with the bit that is the micro-op's operand
    QK_FACT_GLOBAL = 17,       // what the name frame->code->names[oparg] is bound to in the globals, or else the builtins, the trace was recorded with (the micro-op's guards check nothing else)
    QK_FACT_MODULE_ATTR = 18,  // what the module the micro-op pops binds the name frame->code->names[oparg] to, when that module is known (the micro-op's guards check nothing else)
    QK_FACT_FUNC_VERSION = 19, // a function whose version is the micro-op's operand
};

#define QK_MAX_UOP_ITEMS 3

typedef struct QkUopFacts {
    int8_t popped; // stack items consumed (peeks included), or -1 if it depends on oparg (arrays)
    int8_t pushed; // stack items produced (peeks included), or -1
    uint8_t peeks; // bit i: output i (0 = deepest) is a peek of the input at the same depth
    uint8_t fresh; // bit i: output i is a new object nothing else references (`fresh`)
    uint8_t keeps; // 1: every output is the input at the same slot, arrays too (a guard)
    uint8_t untouched; // bit i: input i (0 = deepest) is `unused`: the body never reads it
    // Per output, 0 = deepest: QK_FACT_*. Outputs are the stack effect's items (an array is one),
    // so without arrays output i is the i-th stack slot pushed.
    uint8_t facts[QK_MAX_UOP_ITEMS];
    // Per output: 1 + the input it is, moved to another slot (the body's `out = in;`), or 0.
    uint8_t moved[QK_MAX_UOP_ITEMS];
} QkUopFacts;

static const QkUopFacts qk_uop_facts[QK_UOP_COUNT] = {
    [_SPECIALIZE_ADD] = {2, 2, 0x03, 0x00, 1, 0x00, {0}, {0}},
    [_GUARD_INT] = {2, 2, 0x03, 0x00, 1, 0x00, {QK_FACT_INT, QK_FACT_INT}, {0}},
    [_ADD] = {2, 1, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_ADD_SAME] = {2, 1, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_ADD_SMALL] = {2, 1, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_ADD_KNOWN] = {2, 1, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_STORE] = {1, 0, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_DUP] = {-1, -1, 0x01, 0x00, 0, 0x00, {0}, {0}},
    [_ROT] = {2, 2, 0x00, 0x00, 0, 0x00, {0}, {2, 1}},
    [_CALL] = {-1, 1, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_JUMP_IF] = {1, 0, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_GUARD_TRUE] = {1, 0, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_GUARD_FALSE] = {1, 0, 0x00, 0x00, 0, 0x00, {0}, {0}},
    [_EXIT] = {0, 0, 0x00, 0x00, 1, 0x00, {0}, {0}},
};

// How many stack slots a micro-op pops and pushes (qk_uop_facts counts an array as one item).
static inline int qk_uop_slots_popped(int uop, int oparg) {
    (void)oparg;
    switch (uop) {
    case _DUP:
        return oparg;
    case _CALL:
        return oparg + 1;
    default:
        return qk_uop_facts[uop].popped;
    }
}

static inline int qk_uop_slots_pushed(int uop, int oparg) {
    (void)oparg;
    switch (uop) {
    case _DUP:
        return oparg + 1;
    case _CALL:
        return 1;
    default:
        return qk_uop_facts[uop].pushed;
    }
}

// `reuse(_BASE, input) = _VARIANT;`: when input number `input` (0 = deepest) of _BASE is a
// fresh object nothing else references, the optimizer may emit _VARIANT, which writes its result
// into that object instead of allocating one. count 0: no variants.
typedef struct QkUopReuse {
    uint8_t count;
    struct {
        uint8_t input;
        uint16_t uop;
    } variants[QK_MAX_UOP_ITEMS];
} QkUopReuse;

static const QkUopReuse qk_uop_reuse[QK_UOP_COUNT] = {
    {0},
};

// `constant(_BASE, input, hook) = _VARIANT;`: when the optimizer knows input number `input`
// (0 = deepest) of _BASE, a constant, and hook(oparg, constant, &operand) accepts it, it may emit
// _VARIANT with that operand. The runtime defines the hooks. A base's variants are tried in the
// order declared: qk_uop_constants[first .. first + count) of its qk_uop_constant_range.
typedef bool (*QkConstantHook)(uint32_t oparg, uintptr_t constant, uint64_t *operand);
bool qk_any_addend(uint32_t oparg, uintptr_t constant, uint64_t *operand);
bool qk_small_addend(uint32_t oparg, uintptr_t constant, uint64_t *operand);

typedef struct QkUopConstant {
    QkConstantHook hook;
    uint8_t input;
    uint16_t uop;
} QkUopConstant;

static const QkUopConstant qk_uop_constants[] = {
    {qk_small_addend, 1, _ADD_SMALL}, /* _ADD */
    {qk_any_addend, 1, _ADD_KNOWN}, /* _ADD */
    {0}, /* the end */
};

typedef struct QkUopConstantRange {
    uint16_t first, count;
} QkUopConstantRange;

static const QkUopConstantRange qk_uop_constant_range[QK_UOP_COUNT] = {
    [_ADD] = {0, 2},
};

// How many values are cached after a micro-op, for each number cached before it; a micro-op not
// listed keeps none (its stencil runs after a spill stencil stored them).
static const uint8_t qk_uop_cache_out[QK_UOP_COUNT][QK_CACHE_REGISTERS + 1] = {
    [_ADD] = {1, 1, 1},
    [_ADD_KNOWN] = {1, 1, 1},
    [_ADD_SAME] = {1, 1, 1},
    [_ADD_SMALL] = {1, 1, 1},
    [_GUARD_FALSE] = {0, 0, 1},
    [_GUARD_INT] = {2, 2, 2},
    [_GUARD_TRUE] = {0, 0, 1},
    [_ROT] = {2, 2, 2},
    [_STORE] = {0, 0, 1},
};

// How many values a guard's exit hands its exit stub in registers, for each number cached before
// the micro-op; a micro-op not listed hands none.
static const uint8_t qk_uop_exit_depth[QK_UOP_COUNT][QK_CACHE_REGISTERS + 1] = {
    [_ADD] = {0, 1, 2},
    [_ADD_KNOWN] = {0, 1, 2},
    [_ADD_SAME] = {0, 1, 2},
    [_ADD_SMALL] = {0, 1, 2},
    [_GUARD_FALSE] = {0, 0, 1},
    [_GUARD_INT] = {0, 1, 2},
    [_GUARD_TRUE] = {0, 0, 1},
    [_ROT] = {0, 1, 2},
    [_STORE] = {0, 1, 2},
};

// cache_offset: units after the instruction where the micro-op's operand is; cache_size 0: none.
typedef struct {
    uint16_t uop;
    uint8_t cache_offset;
    uint8_t cache_size;
} QkExpansionItem;

typedef struct {
    uint8_t count;
    QkExpansionItem items[QK_MAX_EXPANSION];
} QkExpansion;

// Only instructions whose micro-ops all have a tier-2 form; count 0: a trace cannot record it.
static const QkExpansion qk_expansions[256] = {
    [ADD] = {1, {{_ADD, 0, 0}}},
    [ADD_INT] = {2, {{_GUARD_INT, 1, 2}, {_ADD, 0, 0}}},
    [ADD_SAME] = {1, {{_ADD_SAME, 0, 0}}},
    [STORE] = {1, {{_STORE, 0, 1}}},
    [DUP] = {1, {{_DUP, 0, 0}}},
    [ROT] = {1, {{_ROT, 0, 0}}},
};

// What a trace records for a jump instruction, per direction; present 0: recording stops there.
typedef struct {
    uint8_t present;
    uint8_t count;
    uint16_t uops[QK_MAX_EXPANSION];
} QkBranchForm;

static const QkBranchForm qk_branch_jump[256] = {
    [JUMP_IF] = {1, 1, {_GUARD_TRUE}},
};

static const QkBranchForm qk_branch_fall[256] = {
    [JUMP_IF] = {1, 1, {_GUARD_FALSE}},
};

// Families (PEP 659): a generic instruction, the head, and the specialized instructions the
// specializer rewrites it to in place; a member's failed guard falls back to its head.
#define QK_FAMILY_COUNT 1

// The family index of each head and member; 0xFF: in no family.
static const uint8_t qk_family_of[256] = {
    [ADD] = 0,
    [ADD_INT] = 0,
    [ADD_SAME] = 0,
    [STORE] = 0xFF,
    [DUP] = 0xFF,
    [ROT] = 0xFF,
    [CALL] = 0xFF,
    [JUMP_IF] = 0xFF,
    // The opcodes after the last instruction's.
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
};

// The head's opcode, per family.
static const uint8_t qk_family_head[QK_FAMILY_COUNT] = {
    ADD,
};

static const char *const qk_family_names[QK_FAMILY_COUNT] = {
    "ADD",
};

#endif
