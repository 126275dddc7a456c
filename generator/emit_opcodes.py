"""The numbering shared by every stage: quack_opcodes.h, quack_opargs.h, quack_uops.h and
lib/quack_opcodes.py."""

from __future__ import annotations

from dataclasses import dataclass

from generator import provenance, stack
from generator.emit_render import render
from generator.errors import ToolchainError
from generator.model import Analysis, Instruction


@dataclass(frozen=True)
class _Enum:
    instruction: str
    members: tuple[tuple[str, str], ...]  # (name, symbol), value = index


def table_digest(analysis: Analysis) -> str:
    """What a code image depends on: opcode numbers, cache sizes and oparg values, nothing else,
    so editing a body does not invalidate compiled programs."""
    lines = [f"{i.name}={i.opcode}/{i.cache_units}" for i in analysis.instructions.values()]
    for name, enum in analysis.opargs.items():
        lines += [f"{name}.{m.name}={index}:{m.symbol}" for index, m in enumerate(enum.members)]
    return provenance.digest(line.encode("utf-8") for line in lines)


@dataclass(frozen=True)
class _Effect:
    """An instruction's stack items popped and pushed, each as `constant + coefficient * oparg`."""

    name: str
    popped: tuple[int, int]
    pushed: tuple[int, int]


def _pair(instruction: Instruction, count: stack.Linear) -> tuple[int, int]:
    coefficients = dict(count.terms)
    if set(coefficients) - {"oparg"}:
        # The front end computes stack depths from these pairs: anything else is not linear.
        raise ToolchainError(
            f"{instruction.name}: stack effect {count.render()} is not linear in oparg",
            instruction.location,
        )
    return count.const, coefficients.get("oparg", 0)


def _effects(analysis: Analysis) -> list[_Effect]:
    effects = []
    for instruction in analysis.instructions.values():
        effect = stack.macro_effect([(p.ref, p.uop.effect) for p in instruction.uop_parts])
        effects.append(
            _Effect(
                instruction.name,
                _pair(instruction, effect.popped),
                _pair(instruction, effect.pushed),
            )
        )
    return effects


def _enums(analysis: Analysis) -> list[_Enum]:
    return [
        _Enum(name, tuple((m.name, m.symbol) for m in enum.members))
        for name, enum in analysis.opargs.items()
    ]


def opcodes_header(analysis: Analysis, header: str) -> str:
    return render(
        "quack_opcodes.h.jinja",
        header=header,
        digest=table_digest(analysis),
        instructions=list(analysis.instructions.values()),
    )


def opargs_header(analysis: Analysis, header: str) -> str:
    return render("quack_opargs.h.jinja", header=header, enums=_enums(analysis))


def uops_header(analysis: Analysis, header: str) -> str:
    return render("quack_uops.h.jinja", header=header, uops=list(analysis.uops))


def opcodes_module(analysis: Analysis, header: str) -> str:
    return render(
        "quack_opcodes.py.jinja",
        header=header,
        digest=table_digest(analysis),
        instructions=list(analysis.instructions.values()),
        enums=_enums(analysis),
        jumps=sorted(i.name for i in analysis.instructions.values() if i.jumps),
        effects=_effects(analysis),
        with_oparg=sorted(
            i.name
            for i in analysis.instructions.values()
            if any(u.properties.has_oparg for u in i.uops)
        ),
    )
