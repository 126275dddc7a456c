"""The generator's command line: `python -m generator.cases --defs uop_defs --out out/<target>`."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from generator import line_directives, provenance
from generator.defs import definition_files, load_definitions
from generator.emit_metadata import metadata_header, stack_cache_header
from generator.emit_opcodes import opargs_header, opcodes_header, opcodes_module, uops_header
from generator.emit_render import generator_digest, write_if_changed
from generator.emit_tier1 import tier1_cases
from generator.emit_tier2 import spill_file, tier2_cases, uop_file
from generator.errors import ToolchainError, run_main
from generator.generation import HEADER as GENERATION_HEADER
from generator.generation import generation_check, generation_header
from generator.model import Analysis
from generator.stack_cache import SPILL

UOP_SUFFIX = ".c.h"
# What a micro-op's stencils depend on in the build, next to each body (see stencil_key).
KEY_SUFFIX = ".key"
# The case files hold every body: their digest is the DSL sources'.
_CASE_OUTPUTS: dict[str, Callable[[Analysis, str], str]] = {
    "include/quack_tier1_cases.c.h": tier1_cases,
    "include/quack_tier2_cases.c.h": tier2_cases,
}
# The tables hold only facts about the definitions (numbers, sizes, flags): their digest is of
# those facts, so editing a body leaves them, and the runtime files that include them, unchanged.
# quack_opargs.h and quack_stack_cache.h are all the tables stencils include: neither changes
# when a micro-op or an instruction is added, so no other stencil is compiled again then.
_TABLE_OUTPUTS: dict[str, Callable[[Analysis, str], str]] = {
    "include/quack_opcodes.h": opcodes_header,
    "include/quack_opargs.h": opargs_header,
    "include/quack_uops.h": uops_header,
    "include/quack_metadata.h": metadata_header,
    "include/quack_stack_cache.h": stack_cache_header,
    "lib/quack_opcodes.py": opcodes_module,
}


def sources_digest(defs_dir: Path) -> str:
    """The DSL sources by content (not by path, so a copy elsewhere digests the same)."""
    contents = [p.read_bytes() for p in definition_files(defs_dir)]
    return provenance.digest([generator_digest().encode(), *contents])


def stencil_key(body: str) -> str:
    """The digest of a body without its provenance line and #line numbers: what its stencil
    objects depend on (stencils have no debug information). A body that an edit above it moved
    down the .uops file gets new numbers, one whose micro-op only changed a fact a new
    provenance digest, but neither a new key: they are not compiled again."""
    code = body.partition("\n")[2]
    digest = provenance.digest([line_directives.without_numbers(code).encode()])
    return provenance.header_line("generator.cases", digest)


def _header(relative: str, digest: str) -> str:
    comment = "#" if relative.endswith(".py") else "//"
    return provenance.header_line("generator.cases", digest, comment).rstrip("\n")


def generate(defs_dir: Path, out_dir: Path) -> list[Path]:
    """Write every output whose bytes changed; returns the paths written. Warnings about the
    definitions go to stderr."""
    analysis = load_definitions(defs_dir)
    for warning in analysis.warnings:
        print(warning, file=sys.stderr)
    digest = sources_digest(defs_dir)
    outputs: dict[Path, str] = {}
    for relative, emit in _CASE_OUTPUTS.items():
        check = generation_check(Path(relative).name, digest)
        outputs[out_dir / relative] = emit(
            analysis, _header(relative, digest) + "\n" + check.rstrip()
        )
    outputs[out_dir / "include" / GENERATION_HEADER] = generation_header(digest)
    for relative, emit in _TABLE_OUTPUTS.items():
        facts = emit(analysis, "")
        table_digest = provenance.digest([generator_digest().encode(), facts.encode()])
        outputs[out_dir / relative] = emit(analysis, _header(relative, table_digest))
    uops_dir = out_dir / "uops"
    bodies = {uop.name: uop_file(uop, analysis) for uop in analysis.tier2_uops()}
    bodies[SPILL] = spill_file()
    for name, text in bodies.items():
        outputs[uops_dir / (name + UOP_SUFFIX)] = text
    outputs = {
        path: line_directives.number(text, line_directives.source_name(path, out_dir))
        for path, text in outputs.items()
    }
    for name in bodies:
        body = outputs[uops_dir / (name + UOP_SUFFIX)]
        outputs[uops_dir / (name + KEY_SUFFIX)] = stencil_key(body)
    # A micro-op that was removed or lost its tier-2 form must not leave a stale body behind.
    if uops_dir.is_dir():
        for stale in sorted(uops_dir.glob("*")):
            if stale not in outputs:
                stale.unlink()
    return [path for path, text in outputs.items() if write_if_changed(path, text)]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m generator.cases",
        description="Generate quack's cases, metadata and per-micro-op bodies from the DSL.",
    )
    parser.add_argument("--defs", type=Path, required=True, help="the uop_defs directory")
    parser.add_argument("--out", type=Path, required=True, help="the out/<target> directory")
    args = parser.parse_args(argv)
    try:
        generate(args.defs, args.out)
    except OSError as error:
        raise ToolchainError(f"cannot write outputs: {error}") from error
    return 0


if __name__ == "__main__":
    raise SystemExit(run_main(main))
