"""A readable listing of code objects: offset, line, instruction, oparg and what it refers to."""

from __future__ import annotations

from . import opcodes
from .codeobject import CodeObject
from .instrs import INSTRUCTIONS, Arg

_OPERATOR_SYMBOLS: dict[Arg, dict[int, str]] = {
    Arg.BINARY_OP: {v: k for k, v in opcodes.OPARG_SYMBOLS["BINARY_OP"].items()},
    Arg.COMPARE_OP: {v: k for k, v in opcodes.OPARG_SYMBOLS["COMPARE_OP"].items()},
}


def disassemble(code: CodeObject) -> str:
    """The listing of `code` followed by those of the code objects among its constants."""
    lines = [
        f"code {code.name} line {code.firstlineno}: argcount {code.argcount}, "
        f"nlocals {code.nlocals}, stacksize {code.stacksize}"
    ]
    offset = 0
    while offset < len(code.code):
        unit = code.code[offset]
        name = opcodes.OPNAMES.get(unit & 0xFF, f"<opcode {unit & 0xFF}>")
        end = offset + opcodes.size(name)
        lines.append(_instruction(code, offset, end, name, unit >> 8))
        offset = end
    text = "\n".join(lines) + "\n"
    for const in code.consts:
        if isinstance(const, CodeObject):
            text += "\n" + disassemble(const)
    return text


def _instruction(code: CodeObject, offset: int, end: int, name: str, oparg: int) -> str:
    info = INSTRUCTIONS.get(name)
    arg = info.arg if info else Arg.COUNT
    text = f"{offset:>6} {code.lines[offset]:>5}  {name:<18}"
    if arg is Arg.NONE:
        return text.rstrip()
    text += f" {oparg:>3}"
    detail = _detail(code, end, arg, oparg)
    return f"{text}  ({detail})" if detail else text


def _detail(code: CodeObject, end: int, arg: Arg, oparg: int) -> str:
    if arg is Arg.CONST:
        if oparg >= len(code.consts):
            return "?"
        const = code.consts[oparg]
        return f"<code {const.name}>" if isinstance(const, CodeObject) else repr(const)
    if arg is Arg.LOCAL:
        return code.varnames[oparg] if oparg < len(code.varnames) else "?"
    if arg is Arg.NAME:
        return code.names[oparg] if oparg < len(code.names) else "?"
    if arg in _OPERATOR_SYMBOLS:
        return _OPERATOR_SYMBOLS[arg].get(oparg, "?")
    if arg is Arg.JUMP_FORWARD:
        return f"to {end + oparg}"
    if arg is Arg.JUMP_BACKWARD:
        return f"to {end - oparg}"
    return ""
