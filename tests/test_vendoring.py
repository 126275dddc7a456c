"""A fork vendors quack's output: `scons vendor=DIR` writes a self-contained tree that builds with
a plain C compiler (gcc, with no clang on PATH), and `python -m generator check DIR` names every
stale, missing or edited file. Files from two generations refuse to compile together.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import OUT, ROOT, TARGET, build_checkout, quack_env
from test_programs import COLD, PROGRAMS, cpython

VENDORED = Path("third_party") / "quack"  # where the fork keeps quack's tree
# What the fork's build may use: make, a C compiler and binutils. No clang, no LLVM, no Python.
FORK_TOOLS = ("make", "cc", "gcc", "as", "ld", "sh")
FORK_MAKEFILE = """\
# The fork's own build: its VM sources plus the vendored JIT runtime and headers.
include third_party/quack/quack-jit.mk
SOURCES := $(wildcard vm/objects/*.c vm/interp/*.c) $(QUACK_JIT_SOURCES)
CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -Ivm/objects -Ivm/interp $(QUACK_JIT_CFLAGS)

quack: $(SOURCES)
\t$(CC) $(CFLAGS) $(SOURCES) -lm -o $@
"""


def check(tree: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "generator", "check", str(tree)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture(scope="module")
def vendored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dest = tmp_path_factory.mktemp("fork") / "quack"
    build_checkout(f"vendor={dest}")
    return dest


def test_vendored_tree_is_complete_and_up_to_date(vendored: Path) -> None:
    result = check(vendored)
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout == f"{vendored}: up to date (generation {generation(vendored)}; " + (
        f"stencils for {TARGET})\n"
    )
    names = {str(p.relative_to(vendored)) for p in vendored.rglob("*") if p.is_file()}
    assert names == {
        "MANIFEST.json",
        "quack-jit.mk",
        *json.loads((vendored / "MANIFEST.json").read_text())["files"],
    }
    assert {f"include/quack_stencils-{TARGET}.h", "jit/jit.h", "lib/quack_opcodes.py"} <= names
    manifest = json.loads((vendored / "MANIFEST.json").read_text())
    # Every input is recorded, the generator's modules found from its imports included.
    for module in ("stack_cache.py", "oparg_stencils.py", "x86_64.py", "aarch64.py"):
        assert f"generator/{module}" in manifest["inputs"]
    assert any(name.startswith("uop_defs/") for name in manifest["inputs"])
    assert manifest["targets"][TARGET]["clang"].startswith(("clang version", "Debian clang"))


def generation(tree: Path) -> str:
    manifest: dict[str, str] = json.loads((tree / "MANIFEST.json").read_text())
    return manifest["generation"]


def test_check_names_every_stale_missing_or_edited_file(vendored: Path, tmp_path: Path) -> None:
    tree = shutil.copytree(vendored, tmp_path / "quack")
    (tree / "include" / "quack_uops.h").write_text("// edited\n")
    (tree / "jit" / "jit_patch.c").unlink()
    (tree / "include" / "quack_stencils-other.h").write_text("")
    manifest = json.loads((tree / "MANIFEST.json").read_text())
    manifest["inputs"]["uop_defs/instructions.uops"] = "0" * 64
    manifest["inputs"]["uop_defs/gone.uops"] = "0" * 64
    del manifest["inputs"]["generator/stack_cache.py"]
    (tree / "MANIFEST.json").write_text(json.dumps(manifest))
    result = check(tree)
    since = f"since generation {generation(tree)}"
    assert result.returncode == 1
    assert result.stdout.splitlines() == [
        f"{tree}/include/quack_uops.h: edited since it was generated",
        f"{tree}/jit/jit_patch.c: missing",
        f"{tree}/include/quack_stencils-other.h: not in the manifest (from another generation?)",
        f"{tree}: stale: input generator/stack_cache.py new {since}",
        f"{tree}: stale: input uop_defs/gone.uops removed {since}",
        f"{tree}: stale: input uop_defs/instructions.uops changed {since}",
    ]


def test_bad_tree_is_one_line(tmp_path: Path) -> None:
    result = check(tmp_path)
    assert result.returncode == 1
    assert result.stderr == f"error: {tmp_path}/MANIFEST.json: cannot read the manifest " + (
        "(No such file or directory)\n"
    )


def fork_path(tmp_path: Path) -> str:
    """A PATH with the fork's tools only."""
    tools = tmp_path / "tools"
    tools.mkdir()
    for tool in FORK_TOOLS:
        found = shutil.which(tool)
        assert found is not None, f"{tool} is missing"
        (tools / tool).symlink_to(os.path.realpath(found))
    path = str(tools)
    assert shutil.which("clang", path=path) is None and shutil.which("python3", path=path) is None
    return path


def fork(vendored: Path, tmp_path: Path) -> Path:
    """The fork's checkout: its VM sources (quack's own), the vendored tree and its Makefile."""
    root = tmp_path / "fork"
    for layer in ("objects", "interp"):
        shutil.copytree(ROOT / "runtime" / layer, root / "vm" / layer)
    shutil.copytree(vendored, root / VENDORED)
    (root / "Makefile").write_text(FORK_MAKEFILE)
    return root


def make(root: Path, path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "-s"],
        cwd=root,
        env={"PATH": path, "HOME": str(root)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


@pytest.fixture(scope="module")
def fork_quack(vendored: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp_path = tmp_path_factory.mktemp("build")
    root = fork(vendored, tmp_path)
    result = make(root, fork_path(tmp_path))
    assert result.returncode == 0, result.stdout + result.stderr
    return root / "quack"


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_fork_runs_the_corpus_under_the_jit(
    fork_quack: Path, vendored: Path, program: Path, tmp_path: Path
) -> None:
    """The fork compiles programs with quack's front end and the vendored opcode table."""
    image = tmp_path / "program.qkimg"
    compiled = subprocess.run(
        [sys.executable, "-m", "frontend", program.name, "-o", str(image)],
        cwd=program.parent,
        env={**os.environ, "PYTHONPATH": f"{ROOT}:{vendored / 'lib'}"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert compiled.returncode == 0, compiled.stderr
    stats = tmp_path / "stats.json"
    result = subprocess.run(
        [str(fork_quack), "--image", str(image)],
        cwd=program.parent,
        env=quack_env(QUACK_JIT="1", QUACK_STATS=str(stats)),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    expected = cpython(program)
    assert result.stdout == expected.stdout
    assert result.stderr == expected.stderr
    assert result.returncode == expected.returncode
    if program.stem not in COLD:
        assert json.loads(stats.read_text())["jit_entries"] > 0


def test_mixed_generations_refuse_to_build(vendored: Path, tmp_path: Path) -> None:
    """Cases regenerated from an edited DSL next to the old stencil header: #error, naming both
    generations (the 500492-vs-499510 situation of issue 15 cannot happen silently)."""
    defs = shutil.copytree(ROOT / "uop_defs", tmp_path / "uop_defs")
    instructions = defs / "instructions.uops"
    instructions.write_text(instructions.read_text() + "\n// a new generation\n")
    regenerated = tmp_path / "regenerated"
    subprocess.run(
        [sys.executable, "-m", "generator.cases", "--defs", str(defs), "--out", str(regenerated)],
        cwd=ROOT,
        check=True,
    )
    root = fork(vendored, tmp_path)
    for name in ("quack_tier1_cases.c.h", "quack_tier2_cases.c.h", "quack_generation.h"):
        shutil.copyfile(regenerated / "include" / name, root / VENDORED / "include" / name)
    old, new = generation(vendored), generation_of(regenerated)
    assert old != new
    result = make(root, fork_path(tmp_path))
    assert result.returncode != 0
    header = f"quack_stencils-{TARGET}.h"
    assert f"quack_generation.h is micro-op generation {new}" in result.stderr
    assert f"{header} is micro-op generation {old}, not the one in quack_generation.h" in (
        result.stderr
    )


def generation_of(tree: Path) -> str:
    text = (tree / "include" / "quack_generation.h").read_text()
    return text.split('#define QK_GENERATION_STR "')[1][:16]


def test_out_tree_has_a_manifest_too() -> None:
    result = check(OUT)
    assert (result.returncode, result.stderr) == (0, "")
