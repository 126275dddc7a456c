"""The entry points other tools use: read and check every .uops file of a directory."""

from __future__ import annotations

from pathlib import Path

from generator.analyzer import analyze
from generator.errors import ToolchainError
from generator.model import Analysis
from generator.parser import parse_file
from generator.stack_cache import CACHE_REGISTERS, EXIT_STUB, SPILL, cacheable
from generator.stencil_model import stencil_name


def definition_files(defs_dir: Path) -> list[Path]:
    """The .uops files in the order their declarations count (sorted by file name)."""
    if not defs_dir.is_dir():
        raise ToolchainError(f"definitions directory {str(defs_dir)!r} does not exist")
    files = sorted(defs_dir.glob("*.uops"), key=lambda p: p.name)
    if not files:
        raise ToolchainError(f"no .uops files in {str(defs_dir)!r}")
    return files


def load_definitions(defs_dir: Path) -> Analysis:
    """Parse and analyze all definitions; messages name files as `defs_dir/NAME.uops`."""
    return analyze(
        parse_file(path.read_text(encoding="utf-8"), str(path))
        for path in definition_files(Path(defs_dir))
    )


def tier2_uop_names(defs_dir: Path | str) -> list[str]:
    """The micro-ops that get a tier-2 body and a stencil, sorted: one build node each."""
    return [uop.name for uop in load_definitions(Path(defs_dir)).tier2_uops()]


# (stencil name, body: a micro-op or the spill, oparg or None, cache depth or None)
StencilBuild = tuple[str, str, int | None, int | None]


def stencil_builds(defs_dir: Path | str) -> list[StencilBuild]:
    """Every stencil object to compile: each tier-2 micro-op's stencil for any oparg, then one per
    oparg its `stencils` declaration lists; for a micro-op that caches stack values in registers,
    and for the exit stub each of those once per depth (generator/stack_cache.py); and the spill
    stencils."""
    analysis = load_definitions(Path(defs_dir))
    builds: list[StencilBuild] = []
    for uop in analysis.tier2_uops():
        cached = cacheable(uop) or uop.name == EXIT_STUB
        depths = range(CACHE_REGISTERS + 1) if cached else (None,)
        for depth in depths:
            for oparg in (None, *analysis.oparg_stencils.get(uop.name, ())):
                builds.append((stencil_name(uop.name, oparg, depth), uop.name, oparg, depth))
    for depth in range(1, CACHE_REGISTERS + 1):
        builds.append((stencil_name(SPILL, None, depth), SPILL, None, depth))
    return builds
