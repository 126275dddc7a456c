"""Where a micro-op's stack items live (linear expressions over `oparg`), and checks on them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from generator.errors import Location, ToolchainError
from generator.model import StackEffect, StackItem, UopRef


@dataclass(frozen=True)
class Linear:
    """`const + sum(coefficient * atom)`: atoms are `oparg` or an opaque parenthesized expression.

    Linear forms compare equal exactly when they are the same expression, which is what the stack
    checks need (`oparg - 1 + 1` and `oparg` are one position)."""

    const: int = 0
    terms: tuple[tuple[str, int], ...] = ()

    @staticmethod
    def of(atoms: dict[str, int], const: int) -> Linear:
        return Linear(const, tuple(sorted((a, c) for a, c in atoms.items() if c != 0)))

    def __add__(self, other: Linear) -> Linear:
        atoms = dict(self.terms)
        for atom, coefficient in other.terms:
            atoms[atom] = atoms.get(atom, 0) + coefficient
        return Linear.of(atoms, self.const + other.const)

    def __neg__(self) -> Linear:
        return Linear(-self.const, tuple((a, -c) for a, c in self.terms))

    def __sub__(self, other: Linear) -> Linear:
        return self + -other

    def scale(self, factor: int) -> Linear:
        return Linear.of({a: c * factor for a, c in self.terms}, self.const * factor)

    @property
    def is_constant(self) -> bool:
        return not self.terms

    def sign(self) -> int | None:
        """-1, 0 or 1 if known for every oparg (oparg >= 0, opaque atoms too), else None."""
        coefficients = [c for _, c in self.terms] + [self.const]
        if all(c >= 0 for c in coefficients):
            return 1 if any(coefficients) else 0
        if all(c <= 0 for c in coefficients):
            return -1
        return None

    def render(self) -> str:
        """As C: `-1 - oparg`, `oparg - 1`, `2 * oparg`, `0`."""
        positive = [(a, c) for a, c in self.terms if c > 0]
        negative = [(a, c) for a, c in self.terms if c < 0]
        pieces: list[tuple[int, str]] = []  # (sign, magnitude text)
        if not positive and self.const:
            pieces.append((1 if self.const > 0 else -1, str(abs(self.const))))
        for atom, coefficient in positive + negative:
            magnitude = atom if abs(coefficient) == 1 else f"{abs(coefficient)} * {atom}"
            pieces.append((1 if coefficient > 0 else -1, magnitude))
        if positive and self.const:
            pieces.append((1 if self.const > 0 else -1, str(abs(self.const))))
        if not pieces:
            return "0"
        text = ("-" if pieces[0][0] < 0 else "") + pieces[0][1]
        for sign, magnitude in pieces[1:]:
            text += (" + " if sign > 0 else " - ") + magnitude
        return text


_EXPR_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_]\w*)|(.))")


class _Unsupported(Exception):
    """The expression is not linear: it is kept as one opaque atom."""


def parse_size(expr: str) -> Linear:
    """The linear form of an array size; anything else (like `oparg / 2`) becomes one atom."""
    tokens = [m.group(1) or m.group(2) or m.group(3) for m in _EXPR_TOKEN.finditer(expr)]
    tokens = [t for t in tokens if t and not t.isspace()]
    try:
        value, rest = _sum(tokens)
        if rest:
            raise _Unsupported
        return value
    except _Unsupported:
        return Linear(0, ((f"({expr})", 1),))


def _sum(tokens: list[str]) -> tuple[Linear, list[str]]:
    value, tokens = _product(tokens)
    while tokens and tokens[0] in "+-":
        operator = tokens[0]
        right, tokens = _product(tokens[1:])
        value = value + right if operator == "+" else value - right
    return value, tokens


def _product(tokens: list[str]) -> tuple[Linear, list[str]]:
    value, tokens = _unary(tokens)
    while tokens and tokens[0] == "*":
        right, tokens = _unary(tokens[1:])
        if right.is_constant:
            value = value.scale(right.const)
        elif value.is_constant:
            value = right.scale(value.const)
        else:
            raise _Unsupported
    return value, tokens


def _unary(tokens: list[str]) -> tuple[Linear, list[str]]:
    if not tokens:
        raise _Unsupported
    head, rest = tokens[0], tokens[1:]
    if head == "-":
        value, rest = _unary(rest)
        return -value, rest
    if head == "(":
        value, rest = _sum(rest)
        if not rest or rest[0] != ")":
            raise _Unsupported
        return value, rest[1:]
    if head.isdigit():
        return Linear(int(head)), rest
    if head == "oparg":
        return Linear(0, (("oparg", 1),)), rest
    raise _Unsupported


def size_of(item: StackItem) -> Linear:
    return Linear(1) if item.size is None else parse_size(item.size)


def _slots(items: tuple[StackItem, ...], base: Linear) -> Iterator[tuple[StackItem, Linear]]:
    offset = base
    for item in items:
        yield item, offset
        offset = offset + size_of(item)


def total(items: tuple[StackItem, ...]) -> Linear:
    result = Linear()
    for item in items:
        result = result + size_of(item)
    return result


def input_slots(effect: StackEffect) -> list[tuple[StackItem, Linear]]:
    """Each input with its index relative to the stack pointer on entry (negative)."""
    return list(_slots(effect.inputs, -total(effect.inputs)))


def output_slots(effect: StackEffect) -> list[tuple[StackItem, Linear]]:
    """Each output with its index relative to the stack pointer on entry."""
    return list(_slots(effect.outputs, -total(effect.inputs)))


def net(effect: StackEffect) -> Linear:
    return total(effect.outputs) - total(effect.inputs)


def peeks(effect: StackEffect) -> set[str]:
    """Names that are inputs and outputs at the same slot: left on the stack, not reloaded."""
    inputs = {item.name: offset for item, offset in input_slots(effect) if not item.is_unused}
    return {
        item.name
        for item, offset in output_slots(effect)
        if not item.is_unused and inputs.get(item.name) == offset
    }


def keeps_stack(effect: StackEffect) -> bool:
    """Whether every output is the input at the same position: the stack is left as it was."""
    return len(effect.inputs) == len(effect.outputs) and all(
        i.name == o.name and size_of(i) == size_of(o)
        for i, o in zip(effect.inputs, effect.outputs, strict=True)
    )


def _mismatch(message: str, location: Location) -> ToolchainError:
    return ToolchainError(f"stack effect mismatch: {message}", location)


def check_effect(effect: StackEffect) -> None:
    """Same-name inputs and outputs must be peeks; `unused` arrays at one slot must agree."""
    inputs = {item.name: (item, offset) for item, offset in input_slots(effect)}
    unused_arrays = {
        offset: item for item, offset in input_slots(effect) if item.is_unused and item.is_array
    }
    for item, offset in output_slots(effect):
        if item.is_unused:
            earlier = unused_arrays.get(offset)
            if item.is_array and earlier is not None and size_of(earlier) != size_of(item):
                raise _mismatch(
                    f"unused array of size [{item.size}] in the outputs where the inputs have "
                    f"[{earlier.size}]",
                    item.location,
                )
            continue
        if item.name not in inputs:
            continue
        source, source_offset = inputs[item.name]
        if source_offset != offset or size_of(source) != size_of(item):
            raise _mismatch(
                f"{item.name!r} is an input at stack_pointer[{source_offset.render()}] and an "
                f"output at stack_pointer[{offset.render()}]; a name on both sides must stay in "
                "its slot",
                item.location,
            )


@dataclass(frozen=True)
class MacroStackEffect:
    popped: Linear
    pushed: Linear


def macro_effect(parts: list[tuple[UopRef, StackEffect]]) -> MacroStackEffect:
    """The whole instruction's effect; a name one part outputs and a later part inputs must be
    at the same depth (otherwise the parts disagree about the stack)."""
    level = Linear()
    lowest = Linear()
    live: dict[str, Linear] = {}  # name output by an earlier part -> slot from the macro's base
    for ref, effect in parts:
        base = level - total(effect.inputs)
        for item, offset in _slots(effect.inputs, base):
            expected = live.get(item.name)
            if not item.is_unused and expected is not None and expected != offset:
                raise _mismatch(
                    f"{ref.name} takes {item.name!r} at depth {(level - offset).render()} but "
                    f"an earlier part leaves it at depth {(level - expected).render()}",
                    ref.location,
                )
        live = {n: o for n, o in live.items() if (o - base).sign() == -1}
        for item, offset in _slots(effect.outputs, base):
            if not item.is_unused:
                live[item.name] = offset
        lowest = _lower(lowest, base, ref)
        level = base + total(effect.outputs)
    return MacroStackEffect(-lowest, level - lowest)


def _lower(a: Linear, b: Linear, ref: UopRef) -> Linear:
    sign = (a - b).sign()
    if sign is None:
        raise _mismatch(f"cannot tell how deep {ref.name} reaches into the stack", ref.location)
    return b if sign > 0 else a
