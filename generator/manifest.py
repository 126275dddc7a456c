"""The manifest of a generated tree (out/<target>/, or a vendored copy of it), and its check.

MANIFEST.json records the sha256 of every file the tree holds and of every input it was made
from: each DSL file, every generator module and template the generator commands import (found
from the code, provenance.generator_files), the stencil sources and the runtime headers stencils
include, the JIT runtime's sources; and, per target, the clang and flags of its stencils.
`python -m generator check DIR` compares it with the files present and with the checkout's inputs
and names every stale, missing or edited file.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from generator import provenance
from generator.errors import ToolchainError

NAME = "MANIFEST.json"
FORMAT = 1
ROOT = Path(__file__).resolve().parent.parent
# The generator commands whose code shapes a tree.
_COMMANDS = ("generator.cases", "generator.stencils", "generator.unicode_db")
# Inputs besides the generator, as globs relative to the checkout.
_INPUT_GLOBS = (
    "uop_defs/*.uops",
    "stencil_src/**/*.[ch]",
    "runtime/*/*.h",  # what stencils include
    "runtime/jit/*.c",  # what a vendored tree copies
    "runtime/jit/*.mk",
)
# What a tree holds, as globs relative to it (never intermediate objects or binaries).
_TREE_GLOBS = ("include/*.h", "lib/*.py", "jit/*.[ch]", "*.mk")


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def current_inputs() -> dict[str, str]:
    """Every input of a generated tree, in the checkout, by path relative to it."""
    paths = {p for command in _COMMANDS for p in provenance.generator_files(command)}
    for pattern in _INPUT_GLOBS:
        paths.update(ROOT.glob(pattern))
    return {str(p.relative_to(ROOT)): sha256(p) for p in sorted(paths)}


def tree_files(tree: Path) -> dict[str, str]:
    """The files a tree holds that its manifest covers."""
    paths = {p for pattern in _TREE_GLOBS for p in tree.glob(pattern) if p.is_file()}
    return {str(p.relative_to(tree)): sha256(p) for p in sorted(paths)}


@dataclass
class Manifest:
    generation: str
    targets: dict[str, dict[str, str]]  # name -> {"clang": version, "flags": flags}
    inputs: dict[str, str]
    files: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "generation": self.generation,
            "targets": self.targets,
            "inputs": self.inputs,
            "files": self.files,
        }
        return json.dumps(data, indent=1, sort_keys=True) + "\n"


def read(tree: Path) -> Manifest:
    path = tree / NAME
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("format") != FORMAT:
            raise ToolchainError(f"{path}: format {data.get('format')!r}, expected {FORMAT}")
        return Manifest(data["generation"], data["targets"], data["inputs"], data["files"])
    except OSError as error:
        raise ToolchainError(f"{path}: cannot read the manifest ({error.strerror})") from None
    except (ValueError, KeyError, TypeError) as error:
        raise ToolchainError(f"{path}: not a quack manifest ({error})") from None


def write(tree: Path, manifest: Manifest) -> None:
    """Records the tree's files as they are now and writes the manifest."""
    manifest.files = tree_files(tree)
    (tree / NAME).write_text(manifest.to_json(), encoding="utf-8")


def problems(tree: Path, clang_version: str | None) -> list[str]:
    """Every way the tree differs from its manifest and from the checkout's inputs; empty when it
    is up to date. `clang_version`: the clang that would build stencils now, if one is found."""
    manifest = read(tree)
    found: list[str] = []
    present = tree_files(tree)
    for name, digest in sorted(manifest.files.items()):
        if name not in present:
            found.append(f"{tree / name}: missing")
        elif present[name] != digest:
            found.append(f"{tree / name}: edited since it was generated")
    for name in sorted(present.keys() - manifest.files.keys()):
        found.append(f"{tree / name}: not in the manifest (from another generation?)")
    inputs = current_inputs()
    for name in sorted(manifest.inputs.keys() | inputs.keys()):
        recorded, now = manifest.inputs.get(name), inputs.get(name)
        if recorded != now:
            how = "new" if recorded is None else "removed" if now is None else "changed"
            found.append(
                f"{tree}: stale: input {name} {how} since generation {manifest.generation}"
            )
    for target, facts in sorted(manifest.targets.items()):
        if clang_version is not None and facts["clang"] != clang_version:
            found.append(
                f"{tree}: stale: {target} stencils compiled by {facts['clang']}, "
                f"not by {clang_version}"
            )
    return found
