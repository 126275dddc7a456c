"""out/<target>/include/quack_tier1_cases.c.h: one TARGET per instruction."""

from __future__ import annotations

from dataclasses import dataclass

from generator.emit_body import Tier
from generator.emit_render import render
from generator.emit_uop import uop_text
from generator.model import Analysis, Instruction


@dataclass(frozen=True)
class _Target:
    name: str
    length: int  # code units: the instruction and its caches
    single: bool  # an inst: its micro-op's code goes straight into the TARGET, no inner block
    blocks: tuple[tuple[str, str], ...]  # (micro-op name, its code)
    # A family head gets a PREDICTED label its members' misses jump to.
    predicted: bool
    # A family member: the head its hits and misses are counted for.
    family_head: str | None


def _target(instruction: Instruction, analysis: Analysis) -> _Target:
    parts = instruction.uop_parts
    family = analysis.family_of.get(instruction.name)
    head = analysis.family_head(instruction)
    return _Target(
        instruction.name,
        1 + instruction.cache_units,
        len(parts) == 1 and parts[0].uop.name == "_" + instruction.name,
        tuple((p.uop.name, uop_text(p.uop, Tier.ONE, p.cache_offset, head)) for p in parts),
        family is not None and head is None,
        head,
    )


def tier1_cases(analysis: Analysis, header: str) -> str:
    targets = [_target(i, analysis) for i in analysis.instructions.values()]
    return render("tier1_cases.jinja", header=header, instructions=targets)
