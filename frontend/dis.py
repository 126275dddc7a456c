"""A readable listing of code objects: offset, line, instruction, oparg and what it refers to,
then the slots that are cells or free variables and the exception table."""

from __future__ import annotations

from . import opcodes
from .codeobject import CodeObject, Const
from .instrs import Arg, arg_kind
from .symbols import SlotKind

# Each enum oparg by its symbol ("+", "is not"), or by its name where the symbol is empty.
_ENUM_SYMBOLS: dict[str, dict[int, str]] = {
    instruction: {
        value: symbol or member
        for (member, value), symbol in zip(
            opcodes.OPARGS[instruction].items(), opcodes.OPARG_SYMBOLS[instruction], strict=True
        )
    }
    for instruction in opcodes.OPARGS
}


def disassemble(code: CodeObject) -> str:
    """The listing of `code` followed by those of the code objects among its constants."""
    lines = [_header(code)]
    offset = 0
    while offset < len(code.code):
        unit = code.code[offset]
        name = opcodes.OPNAMES.get(unit & 0xFF, f"<opcode {unit & 0xFF}>")
        end = offset + opcodes.size(name)
        lines.append(_instruction(code, offset, end, name, unit >> 8))
        offset = end
    for kind in (SlotKind.CELL, SlotKind.FREE):
        names = [n for n, k in zip(code.varnames, code.kinds, strict=True) if k == kind.value]
        if names:
            lines.append(f"  {kind.name.lower()}s: {', '.join(names)}")
    if code.exceptions:
        lines.append("  exception table:")
        lines += [f"    {e.start} to {e.end} -> {e.target} [{e.depth}]" for e in code.exceptions]
    text = "\n".join(lines) + "\n"
    for const in code.consts:
        if isinstance(const, CodeObject):
            text += "\n" + disassemble(const)
    return text


def _header(code: CodeObject) -> str:
    details = [f"argcount {code.argcount}"]
    if code.posonlyargcount:
        details.append(f"posonly {code.posonlyargcount}")
    if code.kwonlyargcount:
        details.append(f"kwonly {code.kwonlyargcount}")
    if code.flags:
        details.append(f"flags {code.flags:#04x}")
    details += [f"nlocals {code.nlocals}", f"stacksize {code.stacksize}"]
    return f"code {code.name} line {code.firstlineno}: {', '.join(details)}"


def _instruction(code: CodeObject, offset: int, end: int, name: str, oparg: int) -> str:
    arg = arg_kind(name) if name in opcodes.OPCODES else Arg.COUNT
    text = f"{offset:>6} {code.lines[offset]:>5}  {name:<22}"
    if arg is Arg.NONE:
        return text.rstrip()
    text += f" {oparg:>3}"
    detail = _detail(code, end, name, arg, oparg)
    return f"{text}  ({detail})" if detail else text


def _detail(code: CodeObject, end: int, name: str, arg: Arg, oparg: int) -> str:
    if arg is Arg.CONST:
        return _const(code.consts[oparg]) if oparg < len(code.consts) else "?"
    if arg is Arg.LOCAL:
        return code.varnames[oparg] if oparg < len(code.varnames) else "?"
    if arg is Arg.NAME:
        return code.names[oparg] if oparg < len(code.names) else "?"
    if arg is Arg.ENUM:
        return _ENUM_SYMBOLS[name].get(oparg, "?")
    if arg is Arg.JUMP_FORWARD:
        return f"to {end + oparg}"
    if arg is Arg.JUMP_BACKWARD:
        return f"to {end - oparg}"
    return ""


def _const(value: Const) -> str:
    return f"<code {value.name}>" if isinstance(value, CodeObject) else repr(value)
