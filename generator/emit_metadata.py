"""out/<target>/include/quack_metadata.h: what the runtime and the trace recorder look up."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from generator import body_paths, stack, stack_cache
from generator.emit_render import render
from generator.model import FACTS, Analysis, Family, Instruction, Properties, Uop

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
    ("READS_CONTEXT", lambda p: p.reads_context),
    ("READS_FRAME", lambda p: p.reads_frame),
    ("SETS_LOCALS", lambda p: p.sets_locals),
    ("PUSHES_FRAME", lambda p: p.pushes_frame),
    ("POPS_FRAME", lambda p: p.pops_frame),
    ("TIER1_ONLY", lambda p: p.tier1_only),
    ("TIER2_ONLY", lambda p: p.tier2_only),
    ("NEEDS_SYNC", lambda p: p.needs_sync),
    ("PURE", lambda p: p.pure),
    ("INVALIDATES", lambda p: p.invalidates),
    ("BINDS_NAME", lambda p: p.binds_name),
    ("ENTERS_CALLEE", lambda p: p.enters_callee),
    ("READS_CODE", lambda p: p.reads_code),
)
# Flag bits of instructions only, after the micro-op ones (so those keep their values).
SPECIALIZED = "SPECIALIZED"  # a family member: the specializer put it there, a miss undoes it
NO_FAMILY = 0xFF


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


def expansion_of(
    instruction: Instruction, analysis: Analysis
) -> tuple[tuple[str, int, int], ...] | None:
    form = analysis.trace_forms.get(instruction.name)
    if form is not None:
        return tuple((uop.name, 0, 0) for uop in form)
    # A specializing micro-op only feeds tier 1's specializer: a trace records the rest.
    parts = [p for p in instruction.uop_parts if not p.uop.properties.specializing]
    if not parts or not all(p.uop.has_tier2_form for p in parts):
        return None
    items = []
    for part in parts:
        operand = part.uop.operand
        offset = part.cache_offset + part.uop.operand_offset() if operand else 0
        items.append((part.uop.name, offset, operand.units if operand else 0))
    return tuple(items)


def _instruction_flags(instruction: Instruction, analysis: Analysis) -> str:
    # Tier 1 runs the specializing micro-op too, so its flags count, except that it does not
    # make the instruction tier-1-only (traces leave it out).
    properties = [
        replace(u.properties, tier1_only=False) if u.properties.specializing else u.properties
        for u in instruction.uops
    ]
    names = _flag_names(properties)
    if analysis.family_head(instruction) is None:
        return names
    specialized = "QK_FLAG_" + SPECIALIZED
    return specialized if names == "0" else f"{names} | {specialized}"


def _opcode(instruction: Instruction, analysis: Analysis) -> _Opcode:
    effect = stack.macro_effect([(p.ref, p.uop.effect) for p in instruction.uop_parts])
    return _Opcode(
        instruction.name,
        instruction.cache_units,
        _instruction_flags(instruction, analysis),
        effect.popped.render(),
        effect.pushed.render(),
        expansion_of(instruction, analysis),
    )


def _uop_flags(uop: Uop) -> str:
    return _flag_names([uop.properties])


@dataclass(frozen=True)
class _UopFacts:
    name: str
    popped: int  # -1: an array, so it depends on oparg
    pushed: int
    peeks: str  # the bit mask, as C
    fresh: str  # the bit mask of the outputs declared `fresh`, as C
    keeps: int  # 1: every output is the input at the same slot
    untouched: str  # the bit mask of the inputs declared `unused` (the body never reads them)
    facts: tuple[str, ...]  # QK_FACT_* per output item, deepest first, up to the last known
    moved: tuple[int, ...]  # per output item: 1 + the input it is (moved), else 0; up to the last


def _array_uops(analysis: Analysis) -> list[tuple[str, str, str]]:
    """(micro-op, slots popped, slots pushed) as C expressions of oparg, for each micro-op with
    an array on either side."""
    return [
        (u.name, stack.total(u.effect.inputs).render(), stack.total(u.effect.outputs).render())
        for u in analysis.uops.values()
        if any(i.is_array for i in u.effect.inputs + u.effect.outputs)
    ]


def _fact_enum(fact: str | None) -> str:
    return "QK_FACT_" + ("NONE_KNOWN" if fact is None else fact.upper())


def _uop_facts(uop: Uop) -> _UopFacts:
    effect = uop.effect
    peeked = stack.peeks(effect)
    # An `unused` output where an `unused` input was is a peek too: the body never touches it.
    untouched = [o for i, o in stack.input_slots(effect) if i.is_unused and not i.is_array]
    # Moved inputs, where items are slots (no arrays, whose sizes depend on oparg).
    arrays = any(item.is_array for item in effect.inputs + effect.outputs)
    outputs = [o.name for o in effect.outputs if not o.is_unused and o.name not in peeked]
    inputs = [i.name for i in effect.inputs if not i.is_unused]
    aliases = {} if arrays else body_paths.output_aliases(uop.decl, outputs, inputs)
    positions = {item.name: index for index, item in enumerate(effect.inputs)}
    moved = [positions[aliases[o.name]] + 1 if o.name in aliases else 0 for o in effect.outputs]
    while moved and moved[-1] == 0:
        moved.pop()
    mask = fresh = unread = 0
    for index, item in enumerate(effect.inputs):
        if item.is_unused and not item.is_array:
            unread |= 1 << index
    for index, (item, offset) in enumerate(stack.output_slots(effect)):
        named_peek = not item.is_unused and item.name in peeked
        if named_peek or (item.is_unused and not item.is_array and offset in untouched):
            mask |= 1 << index
        if item.fresh:
            fresh |= 1 << index
    return _UopFacts(
        uop.name,
        -1 if any(i.is_array for i in effect.inputs) else len(effect.inputs),
        -1 if any(o.is_array for o in effect.outputs) else len(effect.outputs),
        f"0x{mask:02X}",
        f"0x{fresh:02X}",
        int(stack.keeps_stack(effect)),
        f"0x{unread:02X}",
        _known_facts([o.fact for o in effect.outputs]),
        tuple(moved),
    )


def _known_facts(facts: list[str | None]) -> tuple[str, ...]:
    """Up to the last output with a fact: the rest are QK_FACT_NONE_KNOWN (0) anyway."""
    while facts and facts[-1] is None:
        facts.pop()
    return tuple(_fact_enum(f) for f in facts)


def _reuses(analysis: Analysis) -> list[tuple[str, tuple[tuple[int, str], ...]]]:
    """(base micro-op, ((input, variant), ...)) for each micro-op with reuse variants."""
    return [
        (base, tuple((r.input, r.variant.name) for r in reuses))
        for base, reuses in analysis.reuses.items()
    ]


def _constants(analysis: Analysis) -> list[tuple[str, int, str, str]]:
    """(base micro-op, input, hook, variant) for each constant variant: a base's together, in
    the order declared."""
    return [
        (c.base.name, c.input, c.hook, c.variant.name)
        for cs in analysis.constants.values()
        for c in cs
    ]


def _constant_ranges(analysis: Analysis) -> list[tuple[str, int, int]]:
    """(base micro-op, first, count): where its variants are in _constants' list."""
    ranges, first = [], 0
    for base, cs in analysis.constants.items():
        ranges.append((base, first, len(cs)))
        first += len(cs)
    return ranges


def _max_uop_items(analysis: Analysis) -> int:
    """The size of QkUopFacts.facts: the most items on either side of one micro-op."""
    counts = [max(len(u.effect.inputs), len(u.effect.outputs)) for u in analysis.uops.values()]
    return max(counts + [1])


def _family_of(analysis: Analysis) -> list[tuple[str, int]]:
    """(opcode name, family index or NO_FAMILY) for every instruction, in opcode order."""
    result = []
    for name in analysis.instructions:
        family = analysis.family_of.get(name)
        result.append((name, NO_FAMILY if family is None else family.index))
    return result


def _unused_rows(count: int, value: str, per_row: int = 16) -> list[str]:
    """Positional initializers for the opcodes after the last instruction's (opcodes are dense
    from 0, so they follow its designated entry), a row of `per_row` per line."""
    rows = []
    for start in range(0, count, per_row):
        rows.append(" ".join(f"{value}," for _ in range(start, min(start + per_row, count))))
    return rows


def _families(analysis: Analysis) -> list[Family]:
    return sorted(analysis.families.values(), key=lambda f: f.index)


def metadata_header(analysis: Analysis, header: str) -> str:
    opcodes = [_opcode(i, analysis) for i in analysis.instructions.values()]
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
        flags=[name for name, _ in FLAGS] + [SPECIALIZED],
        opcodes=opcodes,
        uops=[(u.name, _uop_flags(u)) for u in analysis.uops.values()],
        facts=[(_fact_enum(name), description) for name, description in FACTS],
        uop_facts=[_uop_facts(u) for u in analysis.uops.values()],
        array_uops=_array_uops(analysis),
        max_uop_items=_max_uop_items(analysis),
        reuses=_reuses(analysis),
        constants=_constants(analysis),
        constant_ranges=_constant_ranges(analysis),
        constant_hooks=sorted({c.hook for cs in analysis.constants.values() for c in cs}),
        cache_out=[
            (u.name, stack_cache.depths_out(u), stack_cache.exit_depths(u))
            for u in analysis.tier2_uops()
            if stack_cache.cacheable(u)
        ],
        max_expansion=max(lengths + [1]),
        jump_forms=jump_forms,
        fall_forms=fall_forms,
        families=[f.name for f in _families(analysis)],
        family_of=_family_of(analysis),
        unused_rows=_unused_rows(256 - len(analysis.instructions), f"0x{NO_FAMILY:02X}"),
        no_family=f"0x{NO_FAMILY:02X}",
    )


def stack_cache_header(_analysis: Analysis, header: str) -> str:
    """The registers stencils cache stack values in: the same for every set of definitions."""
    return render("quack_stack_cache.h.jinja", header=header, cache_macros=stack_cache.c_macros())
