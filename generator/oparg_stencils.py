"""Checks `stencils(_UOP) = oparg ...;` declarations: which oparg values get a stencil of their own.

A micro-op whose body branches on its oparg (which operator, which comparison) or sizes a loop by
it (how many arguments) runs that branch or loop at run time in the stencil every oparg shares,
since the oparg is a hole the JIT patches. A stencil compiled with the oparg as a constant has the
branch folded away; the JIT copies it for that oparg and the shared one for any other.
"""

from __future__ import annotations

from generator.errors import Location, ToolchainError
from generator.model import Analysis, StencilsDecl

# Oparg values index a table per micro-op in the runtime: this bounds its size.
MAX_OPARG = 255


def check(analysis: Analysis, decls: list[StencilsDecl]) -> dict[str, tuple[int, ...]]:
    """Micro-op -> its oparg values, ascending; raises at the first bad declaration."""
    result: dict[str, tuple[int, ...]] = {}
    declared: dict[str, Location] = {}
    for decl in decls:
        what = f"stencils({', '.join(ref.name for ref in decl.uops)})"
        values = tuple(sorted(_values(analysis, decl, what)))
        for ref in decl.uops:
            uop = analysis.uops.get(ref.name)
            if uop is None:
                raise ToolchainError(f"unknown micro-op {ref.name!r} in {what}", ref.location)
            if ref.name in declared:
                raise ToolchainError(
                    f"{ref.name} already has stencils per oparg (declared at {declared[ref.name]})",
                    ref.location,
                )
            declared[ref.name] = ref.location
            if not uop.has_tier2_form:
                raise ToolchainError(
                    f"{uop.name} is tier-1-only: it has no stencil to compile per oparg",
                    ref.location,
                )
            if not uop.properties.has_oparg:
                raise ToolchainError(
                    f"{uop.name} does not use its oparg: one stencil serves every oparg",
                    ref.location,
                )
            result[uop.name] = values
    return result


def _values(analysis: Analysis, decl: StencilsDecl, what: str) -> set[int]:
    names: dict[str, int] = {}
    if decl.enumeration is not None:
        enum = analysis.opargs.get(decl.enumeration.name)
        if enum is None:
            raise ToolchainError(
                f"{decl.enumeration.name} has no oparg(...) enumeration to name values in {what}",
                decl.enumeration.location,
            )
        names = {member.name: i for i, member in enumerate(enum.members)}
    values: dict[int, Location] = {}
    for ref in decl.values:
        value = names.get(ref.text) if decl.enumeration is not None else int(ref.text)
        if value is None:
            raise ToolchainError(
                f"{ref.text!r} is not an oparg of {decl.enumeration.name} in {what}"
                if decl.enumeration is not None
                else f"unknown oparg {ref.text!r} in {what}",
                ref.location,
            )
        if value > MAX_OPARG:
            raise ToolchainError(
                f"oparg {value} in {what} is above {MAX_OPARG}, the largest with its own stencil",
                ref.location,
            )
        if value in values:
            raise ToolchainError(
                f"oparg {ref.text} listed twice in {what} (first at {values[value]})",
                ref.location,
            )
        values[value] = ref.location
    return set(values)
