"""The opcode table of quack's virtual machine, for the front end (generated from uop_defs/)."""

# Also QK_OPCODES_DIGEST in quack_opcodes.h: code images record it and the runtime checks it.
DIGEST = "954ec5f576c256e9"

OPCODES: dict[str, int] = {
    "ADD": 0,
    "ADD_INT": 1,
    "ADD_SAME": 2,
    "STORE": 3,
    "DUP": 4,
    "ROT": 5,
    "CALL": 6,
    "JUMP_IF": 7,
}

# Inline cache units after each instruction.
CACHE_SIZE: dict[str, int] = {
    "ADD": 3,
    "ADD_INT": 3,
    "ADD_SAME": 3,
    "STORE": 1,
    "DUP": 0,
    "ROT": 0,
    "CALL": 0,
    "JUMP_IF": 0,
}

OPARGS: dict[str, dict[str, int]] = {
    "ADD": {
        "PLAIN": 0,
        "INPLACE": 1,
    },
}

OPARG_SYMBOLS: dict[str, dict[str, int]] = {
    "ADD": {
        "+": 0,
        "+=": 1,
    },
}

# Instructions whose oparg is a jump offset (in code units after the instruction and its caches).
HAS_JUMP: frozenset[str] = frozenset(
    {
        "JUMP_IF",
    }
)

# Stack items each instruction pops and pushes when it falls through, as (constant, coefficient)
# pairs: constant + coefficient * oparg.
POPPED: dict[str, tuple[int, int]] = {
    "ADD": (2, 0),
    "ADD_INT": (2, 0),
    "ADD_SAME": (2, 0),
    "STORE": (1, 0),
    "DUP": (0, 1),
    "ROT": (2, 0),
    "CALL": (1, 1),
    "JUMP_IF": (1, 0),
}

PUSHED: dict[str, tuple[int, int]] = {
    "ADD": (1, 0),
    "ADD_INT": (1, 0),
    "ADD_SAME": (1, 0),
    "STORE": (0, 0),
    "DUP": (1, 1),
    "ROT": (2, 0),
    "CALL": (1, 0),
    "JUMP_IF": (0, 0),
}

# Instructions that read their oparg.
HAS_ARG: frozenset[str] = frozenset(
    {
        "CALL",
        "DUP",
        "JUMP_IF",
        "STORE",
    }
)
