"""The tier-2 bodies: out/<target>/uops/<NAME>.c.h each, and the micro-op interpreter's cases."""

from __future__ import annotations

from dataclasses import dataclass

from generator import provenance, stack_cache
from generator.emit_body import Tier
from generator.emit_render import generator_digest, render
from generator.emit_uop import uop_text
from generator.model import Analysis, Uop


@dataclass(frozen=True)
class _Case:
    name: str
    text: str


def uop_body(uop: Uop) -> str:
    return uop_text(uop, Tier.TWO)


def uop_digest(uop: Uop, analysis: Analysis) -> str:
    """Only what shapes this body: its definition, the helpers it calls, the generator."""
    helpers = [analysis.helpers[name].decl.text for name in uop.helpers]
    parts = [generator_digest(), uop.decl.text, *helpers]
    return provenance.digest(p.encode("utf-8") for p in parts)


def uop_file(uop: Uop, analysis: Analysis) -> str:
    """A stencil's body: a micro-op that keeps stack values in registers, and the exit stub that
    stores them, have one per depth."""
    header = provenance.header_line("generator.cases", uop_digest(uop, analysis)).rstrip("\n")
    if stack_cache.cacheable(uop):
        body = stack_cache.cached_text(uop)
    elif uop.name == stack_cache.EXIT_STUB:
        body = stack_cache.exit_stub_text(uop_body(uop))
    else:
        body = uop_body(uop)
    return render("uop_file.jinja", header=header, body=body)


def spill_file() -> str:
    header = provenance.header_line("generator.cases", generator_digest()).rstrip("\n")
    return render("uop_file.jinja", header=header, body=stack_cache.spill_text())


def tier2_cases(analysis: Analysis, header: str) -> str:
    cases = [_Case(u.name, uop_body(u)) for u in analysis.tier2_uops()]
    return render("tier2_cases.jinja", header=header, uops=cases)
