"""Extracts stencils from compiled micro-op objects and writes the stencil header.

    python -m generator.stencils --target x86_64 --shim out/x86_64/stencils/shim.o \
        --out out/x86_64/include/quack_stencils.h out/x86_64/stencils/*.o

Each object is named after its stencil (`_BINARY_OP.o`; `_BINARY_OP_INT.oparg6.o` for the one
compiled for oparg 6; `_BINARY_OP_ADD_INT.cache2.o` for the one that starts with two stack values
in registers; `_SPILL.cache1.o`); the shim object is given separately.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from generator import provenance
from generator.clang import Clang, disassemble, find_clang, stencil_flags
from generator.elf_reader import read_object
from generator.emit_render import environment, write_if_changed
from generator.relocations import MAX_DATA_ALIGN, TargetBackend, build_stencil
from generator.stack_cache import CACHE_REGISTERS, SPILL
from generator.stencil_model import HoleValue, PatchKind, Stencil
from generator.x86_64 import X86_64

BACKENDS: dict[str, TargetBackend] = {"x86_64": X86_64()}
SHIM = "shim"
# This module and the ones shaping its output: a change to any of them changes the digest.
_CODE = (
    "stencils.py",
    "relocations.py",
    "x86_64.py",
    "elf_reader.py",
    "stencil_model.py",
    "stack_cache.py",
    "clang.py",
    "templates/stencils.h.jinja",
)


def _rows(data: bytes) -> list[str]:
    """Byte-array initializer rows, 16 bytes each."""
    return [
        ", ".join(f"0x{b:02x}" for b in data[i : i + 16]) + "," for i in range(0, len(data), 16)
    ]


def extract(name: str, obj: Path, target: str, clang: Clang) -> Stencil:
    return build_stencil(name, read_object(obj, name), BACKENDS[target], disassemble(clang, obj))


def input_digest(objects: Iterable[tuple[str, Path]], clang: Clang, target: str) -> str:
    here = Path(__file__).parent
    parts = [clang.version.encode(), " ".join(stencil_flags(target)).encode()]
    parts += [(here / name).read_bytes() for name in _CODE]
    for name, path in sorted(objects):
        parts += [name.encode(), path.read_bytes()]
    return provenance.digest(parts)


def render_header(
    stencils: list[Stencil], shim: Stencil, clang: Clang, target: str, digest: str
) -> str:
    env = environment()
    env.filters["rows"] = _rows
    ordered = sorted(stencils, key=lambda s: (s.uop, s.depth, -1 if s.oparg is None else s.oparg))
    # A family is a micro-op's stencils for one depth: its stencil for any oparg and those for
    # single opargs (indexed by the family's name). by_cache: a micro-op's families for depths
    # above 0, the stencil for any oparg of each.
    by_oparg: dict[str, list[Stencil]] = {}
    by_cache: dict[str, list[Stencil]] = {}
    for stencil in ordered:
        if stencil.oparg is not None:
            by_oparg.setdefault(stencil.family, []).append(stencil)
        elif stencil.depth > 0 and stencil.uop != SPILL:
            by_cache.setdefault(stencil.uop, []).append(stencil)
    return env.get_template("stencils.h.jinja").render(
        header=provenance.header_line("generator.stencils", digest).rstrip("\n"),
        clang_version=clang.version,
        flags=" ".join(stencil_flags(target)),
        patch_kinds=list(PatchKind),
        hole_values=list(HoleValue),
        data_align=MAX_DATA_ALIGN,
        stencils=[s for s in ordered if s.oparg is None and s.depth == 0],
        variants=[s for s in ordered if s.oparg is not None or s.depth > 0],
        by_oparg=by_oparg,
        by_cache=by_cache,
        spills=[s for s in ordered if s.uop == SPILL],
        cache_registers=CACHE_REGISTERS,
        shim=shim,
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m generator.stencils",
        description="Write the stencil header from stencil objects.",
    )
    parser.add_argument("--target", default="x86_64", choices=sorted(BACKENDS))
    parser.add_argument("--clang", help="the clang the objects were built with (default: search)")
    parser.add_argument("--shim", type=Path, required=True, help="the compiled stencil_src/shim.c")
    parser.add_argument("--out", type=Path, required=True, help="the header to write")
    parser.add_argument("objects", type=Path, nargs="*", help="one <UOP>.o per micro-op")
    args = parser.parse_args(argv)
    clang = find_clang(args.clang)
    named = [(obj.name.removesuffix(".o"), obj) for obj in args.objects]
    stencils = [extract(name, obj, args.target, clang) for name, obj in named]
    shim = extract(SHIM, args.shim, args.target, clang)
    digest = input_digest([*named, (SHIM, args.shim)], clang, args.target)
    write_if_changed(args.out, render_header(stencils, shim, clang, args.target, digest))
    return 0


if __name__ == "__main__":
    from generator.errors import run_main

    raise SystemExit(run_main(main))
