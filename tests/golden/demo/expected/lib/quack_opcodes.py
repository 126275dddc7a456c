"""The opcode table of quack's virtual machine, for the front end (generated from uop_defs/)."""

# Also QK_OPCODES_DIGEST in quack_opcodes.h: code images record it and the runtime checks it.
DIGEST = "8b9ebc4bcdf27121"

OPCODES: dict[str, int] = {
    "ADD": 0,
    "STORE": 1,
    "DUP": 2,
    "CALL": 3,
    "JUMP_IF": 4,
}

# Inline cache units after each instruction.
CACHE_SIZE: dict[str, int] = {
    "ADD": 3,
    "STORE": 1,
    "DUP": 0,
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
