"""out/<target>/include/quack_metadata.h: what the runtime and the trace recorder look up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator import stack
from generator.emit_render import render
from generator.model import Analysis, Instruction, Properties, Uop

# Flag bits in order; each with the property that sets it.
FLAGS: tuple[tuple[str, Callable[[Properties], bool]], ...] = (
    ("HAS_ARG", lambda p: p.has_oparg),
    ("DEOPT", lambda p: p.deopts),
    ("EXIT", lambda p: p.exits),
    ("ERROR", lambda p: p.errors),
    ("ESCAPES", lambda p: p.escapes),
    ("ALLOCATES", lambda p: p.allocates),
    ("WRITES", lambda p: p.writes),
    ("JUMP", lambda p: p.jumps),
    ("TIER1_ONLY", lambda p: p.tier1_only),
    ("TIER2_ONLY", lambda p: p.tier2_only),
    ("NEEDS_SYNC", lambda p: p.needs_sync),
    ("PURE", lambda p: p.pure),
)


@dataclass(frozen=True)
class _Opcode:
    name: str
    cache_units: int
    flags: str
    popped: str
    pushed: str
    expansion: tuple[tuple[str, int, int], ...] | None  # (uop, cache offset, cache size)


@dataclass(frozen=True)
class _Form:
    instruction: str
    uops: tuple[str, ...]


def _flag_names(properties: list[Properties]) -> str:
    names = []
    for name, test in FLAGS:
        # An instruction is pure only if all its micro-ops are; any other flag if one has it.
        hit = all(map(test, properties)) if name == "PURE" else any(map(test, properties))
        if hit and properties:
            names.append("QK_FLAG_" + name)
    return " | ".join(names) or "0"


def _expansion(instruction: Instruction) -> tuple[tuple[str, int, int], ...] | None:
    if not all(u.has_tier2_form for u in instruction.uops):
        return None
    items = []
    for part in instruction.uop_parts:
        operand = part.uop.operand
        offset = part.cache_offset + part.uop.operand_offset() if operand else 0
        items.append((part.uop.name, offset, operand.units if operand else 0))
    return tuple(items)


def _opcode(instruction: Instruction) -> _Opcode:
    effect = stack.macro_effect([(p.ref, p.uop.effect) for p in instruction.uop_parts])
    return _Opcode(
        instruction.name,
        instruction.cache_units,
        _flag_names([u.properties for u in instruction.uops]),
        effect.popped.render(),
        effect.pushed.render(),
        _expansion(instruction),
    )


def _uop_flags(uop: Uop) -> str:
    return _flag_names([uop.properties])


def metadata_header(analysis: Analysis, header: str) -> str:
    opcodes = [_opcode(i) for i in analysis.instructions.values()]
    jump_forms = [
        _Form(name, tuple(u.name for u in b.jump))
        for name, b in analysis.branches.items()
        if b.jump is not None
    ]
    fall_forms = [
        _Form(name, tuple(u.name for u in b.fall))
        for name, b in analysis.branches.items()
        if b.fall is not None
    ]
    lengths = [len(o.expansion or ()) for o in opcodes] + [
        len(f.uops) for f in jump_forms + fall_forms
    ]
    return render(
        "quack_metadata.h.jinja",
        header=header,
        flags=[name for name, _ in FLAGS],
        opcodes=opcodes,
        uops=[(u.name, _uop_flags(u)) for u in analysis.uops.values()],
        max_expansion=max(lengths + [1]),
        jump_forms=jump_forms,
        fall_forms=fall_forms,
    )
