"""`python -m generator check DIR`: whether a generated tree (out/<target>/ or a vendored copy)
is what the checkout would generate now. Prints every stale, missing or edited file and exits 1,
or one line saying it is up to date."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from generator import manifest
from generator.clang import ClangError, find_clang
from generator.errors import run_main


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="check a generated or vendored tree")
    check.add_argument("tree", type=Path)
    args = parser.parse_args(argv)
    try:
        clang: str | None = find_clang().version
    except ClangError:
        clang = None  # a machine without clang can still check everything else
    found = manifest.problems(args.tree, clang)
    for line in found:
        print(line)
    if found:
        return 1
    tree = manifest.read(args.tree)
    targets = ", ".join(sorted(tree.targets))
    print(f"{args.tree}: up to date (generation {tree.generation}; stencils for {targets})")
    return 0


if __name__ == "__main__":
    sys.exit(run_main(main))
