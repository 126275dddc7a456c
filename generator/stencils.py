"""Extracts stencils from compiled micro-op objects and writes the stencil headers.

    python -m generator.stencils --target x86_64-linux --shim out/x86_64-linux/stencils/shim.o \
        --out out/x86_64-linux/include out/x86_64-linux/stencils/*.o

writes the target's header, quack_stencils-<target>.h, quack_stencils.h, which includes the
header of whichever target the C compiler builds for, and quack_stencil_types.h, what a stencil is
(the same for every target).

Each object is named after its stencil (`_BINARY_OP.o`; `_BINARY_OP_INT.oparg6.o` for the one
compiled for oparg 6; `_BINARY_OP_ADD_INT.cache2.o` for the one that starts with two stack values
in registers; `_SPILL.cache1.o`); the shim object is given separately.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from generator import (
    aarch64,
    coff_reader,
    elf_reader,
    macho_reader,
    provenance,
    stencil_cache,
    x86_64,
)
from generator.clang import Clang, disassemble, find_clang, stencil_flags
from generator.emit_render import environment, write_if_changed
from generator.errors import ToolchainError
from generator.generation import generation_check, read_generation
from generator.object_model import ObjectFile
from generator.relocations import MAX_DATA_ALIGN, TargetBackend, build_stencil
from generator.stack_cache import CACHE_REGISTERS, SPILL
from generator.stencil_model import HoleValue, PatchKind, Stencil
from generator.targets import TARGETS, Target, find_target, host_target

# Each object format's reader, into the one model.
READERS: dict[str, Callable[[Path, str], ObjectFile]] = {
    "elf": elf_reader.read_object,
    "macho": macho_reader.read_object,
    "coff": coff_reader.read_object,
}
# Each architecture's relocation knowledge, by (architecture, object format).
BACKENDS: dict[tuple[str, str], TargetBackend] = {
    ("x86_64", "elf"): x86_64.ELF,
    ("x86_64", "macho"): x86_64.MACHO,
    ("x86_64", "coff"): x86_64.COFF,
    ("aarch64", "elf"): aarch64.ELF,
    ("aarch64", "macho"): aarch64.MACHO,
    ("aarch64", "coff"): aarch64.COFF,
}
SHIM = "shim"
SELECTOR = "quack_stencils.h"
TYPES = "quack_stencil_types.h"


def _rows(data: bytes) -> list[str]:
    """Byte-array initializer rows, 16 bytes each."""
    return [
        ", ".join(f"0x{b:02x}" for b in data[i : i + 16]) + "," for i in range(0, len(data), 16)
    ]


def header_name(target: Target) -> str:
    return f"quack_stencils-{target.name}.h"


def read_object(path: Path, name: str, target: Target) -> ObjectFile:
    """The object `path` of stencil `name`, compiled for `target`, in the neutral model."""
    model = READERS[target.object_format](path, name)
    if model.arch != target.arch:
        raise ToolchainError(f"{name}: {path.name} is for {model.arch}, not {target.name}")
    return model


def extract(name: str, obj: Path, target: Target, clang: Clang) -> Stencil:
    backend = BACKENDS[(target.arch, target.object_format)]
    return build_stencil(name, read_object(obj, name, target), backend, disassemble(clang, obj))


def input_digest(objects: Iterable[tuple[str, Path]], clang: Clang, target: str) -> str:
    parts = [clang.version.encode(), " ".join(stencil_flags(target)).encode()]
    parts += [path.read_bytes() for path in provenance.generator_files("generator.stencils")]
    for name, path in sorted(objects):
        parts += [name.encode(), path.read_bytes()]
    return provenance.digest(parts)


def render_header(
    stencils: list[Stencil], shim: Stencil, clang: Clang, target: str, digest: str, generation: str
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
        generation_check=generation_check(header_name(find_target(target)), generation).rstrip(),
        clang_version=clang.version,
        flags=" ".join(stencil_flags(target)),
        stencils=[s for s in ordered if s.oparg is None and s.depth == 0],
        variants=[s for s in ordered if s.oparg is not None or s.depth > 0],
        by_oparg=by_oparg,
        by_cache=by_cache,
        spills=[s for s in ordered if s.uop == SPILL],
        cache_registers=CACHE_REGISTERS,
        shim=shim,
    )


def render_types() -> str:
    """quack_stencil_types.h: the patch kinds, hole values and structures, the same for every
    target (the only stencil header the patch routine needs)."""
    kinds, values = list(PatchKind), list(HoleValue)
    digest = provenance.digest([repr((kinds, values, MAX_DATA_ALIGN)).encode()])
    return (
        environment()
        .get_template("stencil_types.h.jinja")
        .render(
            header=provenance.header_line("generator.stencils", digest).rstrip("\n"),
            patch_kinds=kinds,
            hole_values=values,
            data_align=MAX_DATA_ALIGN,
        )
    )


def render_selector() -> str:
    """quack_stencils.h: the stencil header of the target being compiled for, by the compiler's
    predefined macros; #error for any other target, or one whose header is not there."""
    return (
        environment()
        .get_template("stencil_select.h.jinja")
        .render(
            header=provenance.header_line("generator.stencils", provenance.digest([])).rstrip("\n"),
            targets=[(t, header_name(t)) for t in TARGETS],
        )
    )


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m generator.stencils",
        description="Write the stencil header from stencil objects.",
    )
    parser.add_argument("--target", default=host_target().name, help="a generator.targets name")
    parser.add_argument("--clang", help="the clang the objects were built with (default: search)")
    parser.add_argument("--shim", type=Path, required=True, help="the compiled stencil_src/shim.c")
    parser.add_argument("--out", type=Path, required=True, help="the include directory")
    parser.add_argument("objects", type=Path, nargs="*", help="one <UOP>.o per micro-op")
    args = parser.parse_args(argv)
    clang = find_clang(args.clang)
    target = find_target(args.target)
    named = [(obj.name.removesuffix(".o"), obj) for obj in args.objects]
    # Each object is read again only if it changed (generator/stencil_cache.py).
    context = f"{target.name} {clang.version}"
    stencils = [
        stencil_cache.read(obj, context, partial(extract, name, obj, target, clang))
        for name, obj in named
    ]
    shim = stencil_cache.read(args.shim, context, partial(extract, SHIM, args.shim, target, clang))
    digest = input_digest([*named, (SHIM, args.shim)], clang, target.name)
    generation = read_generation(args.out)
    digest = provenance.digest([digest.encode(), generation.encode()])
    header = render_header(stencils, shim, clang, target.name, digest, generation)
    write_if_changed(args.out / header_name(target), header)
    write_if_changed(args.out / SELECTOR, render_selector())
    write_if_changed(args.out / TYPES, render_types())
    return 0


if __name__ == "__main__":
    from generator.errors import run_main

    raise SystemExit(run_main(main))
