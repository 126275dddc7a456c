"""Builds a target's stencils and patches them with the real patch routine, for the lld oracles
(test_patch_vs_lld.py, test_patch_vs_lld_macho_coff.py) and the golden headers
(test_stencil_golden.py): in a temporary out directory, by the build's own commands."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Collection
from pathlib import Path
from typing import Any

from generator.clang import RUNTIME_LAYERS, Clang, stencil_command
from generator.defs import stencil_builds
from generator.stencils import read_object
from generator.targets import find_target

ROOT = Path(__file__).resolve().parent.parent


def run(command: list[str], cwd: Path = ROOT) -> str:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{' '.join(command)}\n{result.stdout}\n{result.stderr}"
    return result.stdout


def build_stencils(
    clang: Clang, out: Path, target: str, only: Collection[str] | None = None
) -> tuple[Path, list[Path], Path]:
    """Generates the bodies, compiles every stencil (or those named in `only`) and writes the
    header; returns (header, micro-op objects, shim object)."""
    run([sys.executable, "-m", "generator.cases", "--defs", "uop_defs", "--out", str(out)])
    objects = out / "stencils"
    objects.mkdir()
    builds = [b for b in stencil_builds("uop_defs") if only is None or b[0] in only]
    assert only is None or len(builds) == len(only), f"no such stencils: {only}"
    for name, uop, oparg, depth in builds:
        run(
            stencil_command(
                clang,
                target,
                "stencil_src/template.c",
                str(objects / f"{name}.o"),
                str(out),
                f"uops/{uop}.c.h",
                oparg,
                depth,
            )
        )
    shim = out / "shim.o"
    run(stencil_command(clang, target, "stencil_src/shim.c", str(shim), str(out)))
    header = out / "include" / f"quack_stencils-{target}.h"
    uop_objects = [objects / f"{name}.o" for name, _, _, _ in builds]
    run(extract_command(target, shim, header.parent, uop_objects))
    return header, uop_objects, shim


def extract_command(target: str, shim: Path, include: Path, objects: list[Path]) -> list[str]:
    """The build's command writing the stencil headers into `include` from the objects."""
    return [
        sys.executable,
        "-m",
        "generator.stencils",
        "--target",
        target,
        "--shim",
        str(shim),
        "--out",
        str(include),
        *map(str, objects),
    ]


def helper_symbols(objects: list[Path], target: str) -> list[str]:
    """The runtime symbols the stencils refer to (as the header names them)."""
    names = set()
    for path in objects:
        for rel in read_object(path, path.stem, find_target(target)).relocations:
            if rel.symbol.section is None and not rel.symbol.name.startswith("_JIT_"):
                names.add(rel.symbol.name)
    return sorted(names)


def harness(
    clang: Clang,
    out: Path,
    target: str,
    helpers: dict[str, int],
    name: str,
    data_delta: int | None = None,
) -> dict[str, Any]:
    """Builds and runs tests/patch_check.c on `target`'s stencils, on this machine, with each
    helper at the given address (and each stencil's data `data_delta` bytes from its code)."""
    exe = out / name
    defsyms = [f"-Wl,--defsym,{sym}={addr:#x}" for sym, addr in helpers.items()]
    delta = [] if data_delta is None else [f"-DQK_CHECK_DATA_DELTA=({data_delta})"]
    run(
        [
            clang.path,
            "-std=c11",
            "-O1",
            "-g",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-fsanitize=address,undefined",
            "-fno-sanitize-recover=all",
            "-no-pie",
            *(f"-I{layer}" for layer in RUNTIME_LAYERS),
            f"-I{out / 'include'}",
            f'-DQK_STENCIL_HEADER="quack_stencils-{target}.h"',
            *delta,
            "tests/patch_check.c",
            "runtime/jit/jit_patch.c",
            *defsyms,
            "-o",
            str(exe),
        ]
    )
    patched: dict[str, Any] = json.loads(run([str(exe)]))
    return patched


def as_extracted(lld_code: bytes, code: bytes, jump_to_self: bytes) -> tuple[bytes, str]:
    """lld's code for a stencil as the extractor leaves it, and how they differed: lld links a
    trailing jump the extractor dropped ("dropped": to _JIT_CONTINUE, where the jump itself
    stands), or the `jcc _JIT_CONTINUE; jmp X` the extractor made `jncc X` ("inverted", x86_64:
    lld's jcc goes to the jmp after it, the rel32 0)."""
    n = len(code)
    if len(lld_code) != n + len(jump_to_self):
        return lld_code, ""
    tail = lld_code[n:]
    if tail == jump_to_self:
        return lld_code[:n], "dropped"
    if lld_code[n - 6] == 0x0F and lld_code[n - 4 : n] == bytes(4) and tail[0] == 0xE9:
        rel = int.from_bytes(tail[1:], "little", signed=True) + len(tail)
        condition = bytes([lld_code[n - 5] ^ 1])
        return lld_code[: n - 5] + condition + rel.to_bytes(4, "little", signed=True), "inverted"
    return lld_code, ""
