"""What one micro-op's block contains for a tier: stack slots, cache reads and the body lines.

The templates turn this into C (`templates/uop_block.jinja`)."""

from __future__ import annotations

from dataclasses import dataclass

from generator import stack
from generator.emit_body import Tier, body_lines
from generator.emit_render import render
from generator.model import Uop


@dataclass(frozen=True)
class Slot:
    name: str
    index: str  # C expression: the index relative to stack_pointer
    array: bool


@dataclass(frozen=True)
class CacheRead:
    name: str
    units: int
    index: int  # tier 1: index from this_instr


@dataclass(frozen=True)
class UopCode:
    uses_oparg: bool  # tier 2 declares its own oparg; tier 1 has one for the instruction
    cache: CacheRead | None
    loads: tuple[Slot, ...]
    outputs: tuple[Slot, ...]  # declared before the body (arrays point at their slots)
    sync: bool
    body: tuple[str, ...]
    stores: tuple[Slot, ...]
    adjust: tuple[str, str] | None  # ("+=" or "-=", amount)


def uop_code(
    uop: Uop, tier: Tier, cache_offset: int = 0, family_head: str | None = None
) -> UopCode:
    """`cache_offset`: where the micro-op's caches begin after the instruction; `family_head`:
    where a family member's guards fall back to (both tier 1 only)."""
    effect = uop.effect
    peeked = stack.peeks(effect)
    loads = tuple(
        Slot(item.name, offset.render(), item.is_array)
        for item, offset in stack.input_slots(effect)
        if not item.is_unused
    )
    outputs = tuple(
        Slot(item.name, offset.render(), item.is_array)
        for item, offset in stack.output_slots(effect)
        if not item.is_unused and item.name not in peeked
    )
    operand = uop.operand
    cache = (
        None
        if operand is None
        else CacheRead(operand.name, operand.units, 1 + cache_offset + uop.operand_offset())
    )
    return UopCode(
        uses_oparg=uop.properties.has_oparg,
        cache=cache,
        loads=loads,
        outputs=outputs,
        sync=uop.properties.needs_sync,
        body=tuple(body_lines(uop, tier, family_head)),
        stores=tuple(slot for slot in outputs if not slot.array),
        adjust=_adjust(stack.net(effect)),
    )


def _adjust(net: stack.Linear) -> tuple[str, str] | None:
    if net == stack.Linear():
        return None
    if net.sign() == -1:
        return ("-=", (-net).render())
    return ("+=", net.render())


def uop_text(uop: Uop, tier: Tier, cache_offset: int = 0, family_head: str | None = None) -> str:
    """The block as C lines (no trailing newline; empty for an empty micro-op)."""
    code = uop_code(uop, tier, cache_offset, family_head)
    return render("uop_body.jinja", code=code, tier=tier.value).rstrip("\n")
