"""What the front end knows about instructions beyond the generated table (opcodes.py): what an
oparg means, which way jumps go, the stack on a jump edge where it differs from falling through,
and which instructions never fall through. Stack effects themselves come from uop_defs."""

from __future__ import annotations

from enum import Enum

from . import opcodes


class Arg(Enum):
    """How an instruction's oparg is read."""

    NONE = "none"
    CONST = "const"
    LOCAL = "local"
    NAME = "name"
    COUNT = "count"
    JUMP_FORWARD = "jump_forward"
    JUMP_BACKWARD = "jump_backward"
    # An operator or kind, named by the instruction's oparg(...) enum in uop_defs.
    ENUM = "enum"


_ARGS: dict[str, Arg] = {
    "LOAD_CONST": Arg.CONST,
    **dict.fromkeys(
        (
            "LOAD_FAST",
            "STORE_FAST",
            "DELETE_FAST",
            "MAKE_CELL",
            "LOAD_DEREF",
            "STORE_DEREF",
            "LOAD_CLOSURE",
        ),
        Arg.LOCAL,
    ),
    **dict.fromkeys(
        (
            "LOAD_GLOBAL",
            "STORE_GLOBAL",
            "DELETE_GLOBAL",
            "LOAD_NAME",
            "STORE_NAME",
            "DELETE_NAME",
            "LOAD_ATTR",
            "LOAD_METHOD",
            "STORE_ATTR",
            "DELETE_ATTR",
            "IMPORT_NAME",
            "IMPORT_FROM",
        ),
        Arg.NAME,
    ),
    "JUMP_BACKWARD": Arg.JUMP_BACKWARD,
}

# Exhaustion jumps to END_FOR with the iterator but no next value.
_JUMP_EDGE_CHANGE: dict[str, int] = {"FOR_ITER": -1}

# No fall-through: control never reaches the next instruction.
TERMINAL = frozenset({"JUMP_FORWARD", "JUMP_BACKWARD", "RETURN_VALUE", "RAISE_VARARGS", "RERAISE"})

# ENTER_EXECUTOR only ever appears at run time, written over a JUMP_BACKWARD.
EMITTABLE = frozenset(opcodes.OPCODES) - {"ENTER_EXECUTOR"}


def arg_kind(name: str) -> Arg:
    if name in _ARGS:
        return _ARGS[name]
    if name in opcodes.HAS_JUMP:
        return Arg.JUMP_FORWARD
    if name in opcodes.OPARGS:
        return Arg.ENUM
    return Arg.COUNT if name in opcodes.HAS_ARG else Arg.NONE


def jumps(name: str) -> bool:
    return name in opcodes.HAS_JUMP


def stack_effect(name: str, oparg: int, jump: bool) -> int:
    """The stack change of one instruction along the fall-through or the jump edge."""
    assert not jump or jumps(name), f"{name} does not jump"
    popped, pushed = opcodes.POPPED[name], opcodes.PUSHED[name]
    effect = pushed[0] + pushed[1] * oparg - popped[0] - popped[1] * oparg
    return effect + _JUMP_EDGE_CHANGE.get(name, 0) if jump else effect


def popped(name: str, oparg: int) -> int:
    """Items the instruction reads from the stack: the stack must be at least this deep."""
    constant, coefficient = opcodes.POPPED[name]
    return constant + coefficient * oparg
