"""Writes a tree's manifest, and copies a built tree into a self-contained vendored one.

    python -m generator.vendor manifest --tree out/x86_64-linux --target x86_64-linux --clang C
    python -m generator.vendor copy --tree out/x86_64-linux --dest DIR

`copy` gathers in DIR what an interpreter fork needs to build the JIT with a plain C compiler:
the generated headers (include/), the front end's opcode table (lib/), the JIT runtime's sources
(jit/, from runtime/jit/) and quack-jit.mk, with a manifest. Copying the trees of several targets
of one generation into DIR adds each target's stencil header; a tree of another generation
replaces what DIR held. docs/vendoring.md is the user's guide.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from generator import manifest
from generator.clang import find_clang, stencil_flags
from generator.errors import ToolchainError, run_main
from generator.generation import read_generation
from generator.stencils import header_name
from generator.targets import find_target

_JIT_SOURCES = manifest.ROOT / "runtime" / "jit"
_MAKEFILE = "quack-jit.mk"


def write_manifest(tree: Path, target: str, clang: str | None) -> None:
    found = find_target(target)
    compiler = find_clang(clang)
    facts = {"clang": compiler.version, "flags": " ".join(stencil_flags(found.name))}
    generation = read_generation(tree / "include")
    manifest.write(
        tree, manifest.Manifest(generation, {found.name: facts}, manifest.current_inputs())
    )


def copy_tree(tree: Path, dest: Path) -> None:
    built = manifest.read(tree)
    old = manifest.read(dest) if (dest / manifest.NAME).exists() else None
    targets = dict(built.targets)
    if old is not None and old.generation == built.generation:
        targets = {**old.targets, **targets}
    elif old is not None:
        for name in old.targets.keys() - targets.keys():
            stale = dest / "include" / header_name(find_target(name))
            stale.unlink(missing_ok=True)
            print(f"vendor: removed {stale}: generation {old.generation}, not {built.generation}")
    for folder in ("include", "lib"):
        for path in sorted((tree / folder).glob("*")):
            if path.suffix in (".h", ".py"):
                (dest / folder).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, dest / folder / path.name)
    (dest / "jit").mkdir(parents=True, exist_ok=True)
    for path in sorted(_JIT_SOURCES.glob("*.[ch]")):
        shutil.copyfile(path, dest / "jit" / path.name)
    shutil.copyfile(_JIT_SOURCES / _MAKEFILE, dest / _MAKEFILE)
    manifest.write(dest, manifest.Manifest(built.generation, targets, built.inputs))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.vendor", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    write = commands.add_parser("manifest", help="write TREE/MANIFEST.json")
    write.add_argument("--tree", type=Path, required=True)
    write.add_argument("--target", required=True)
    write.add_argument("--clang", help="the clang the stencils were built with")
    copy = commands.add_parser("copy", help="copy TREE into a vendored tree at DEST")
    copy.add_argument("--tree", type=Path, required=True)
    copy.add_argument("--dest", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        if args.command == "manifest":
            write_manifest(args.tree, args.target, args.clang)
        else:
            copy_tree(args.tree, args.dest)
    except OSError as error:
        raise ToolchainError(f"cannot write {error.filename}: {error.strerror}") from None
    return 0


if __name__ == "__main__":
    sys.exit(run_main(main))
