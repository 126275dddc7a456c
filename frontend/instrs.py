"""What the front end knows about each instruction it emits: stack effect and oparg meaning.

Derived from uop_defs/instructions.uops; tests/test_frontend.py checks the stack effects against
that file so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Arg(Enum):
    """How an instruction's oparg is read."""

    NONE = "none"
    CONST = "const"
    LOCAL = "local"
    NAME = "name"
    BINARY_OP = "binary_op"
    COMPARE_OP = "compare_op"
    COUNT = "count"
    JUMP_FORWARD = "jump_forward"
    JUMP_BACKWARD = "jump_backward"


@dataclass(frozen=True)
class Info:
    """`effect` is the stack change when execution falls through; `jump_effect` when it jumps
    (None for instructions that do not jump). CALL also pops its oparg arguments."""

    effect: int
    arg: Arg = Arg.NONE
    jump_effect: int | None = None
    # No fall-through: control never reaches the next instruction.
    terminal: bool = False


INSTRUCTIONS: dict[str, Info] = {
    "NOP": Info(0),
    "LOAD_CONST": Info(1, Arg.CONST),
    "LOAD_FAST": Info(1, Arg.LOCAL),
    "STORE_FAST": Info(-1, Arg.LOCAL),
    "POP_TOP": Info(-1),
    "COPY": Info(1, Arg.COUNT),
    "LOAD_GLOBAL": Info(1, Arg.NAME),
    "STORE_GLOBAL": Info(-1, Arg.NAME),
    "BINARY_OP": Info(-1, Arg.BINARY_OP),
    "COMPARE_OP": Info(-1, Arg.COMPARE_OP),
    "UNARY_NEGATIVE": Info(0),
    "UNARY_INVERT": Info(0),
    "UNARY_NOT": Info(0),
    "TO_BOOL": Info(0),
    "POP_JUMP_IF_FALSE": Info(-1, Arg.JUMP_FORWARD, jump_effect=-1),
    "POP_JUMP_IF_TRUE": Info(-1, Arg.JUMP_FORWARD, jump_effect=-1),
    "JUMP_FORWARD": Info(0, Arg.JUMP_FORWARD, jump_effect=0, terminal=True),
    "JUMP_BACKWARD": Info(0, Arg.JUMP_BACKWARD, jump_effect=0, terminal=True),
    "GET_ITER": Info(0),
    # Exhaustion jumps to END_FOR with the iterator still on the stack.
    "FOR_ITER": Info(1, Arg.JUMP_FORWARD, jump_effect=0),
    "END_FOR": Info(-1),
    "MAKE_FUNCTION": Info(0),
    # Pops the callable and `oparg` arguments, pushes the result.
    "CALL": Info(0, Arg.COUNT),
    "RETURN_VALUE": Info(-1, terminal=True),
}


def stack_effect(name: str, oparg: int, jump: bool) -> int:
    """The stack change of one instruction along the fall-through or the jump edge."""
    info = INSTRUCTIONS[name]
    effect = info.jump_effect if jump else info.effect
    assert effect is not None, f"{name} does not jump"
    if name == "CALL":
        effect -= oparg
    return effect
