"""The build is correct, incremental and reproducible, and fails with one line, never a traceback.

Full builds are the slow part, so there are two: copy A (module-scoped, shared by the incremental
tests) and copy B at a path of another length (reproducibility). Both build with a clang wrapper
that logs every invocation, so the tests can see exactly what was recompiled.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import ROOT, TARGET

SCONS = ROOT / ".venv" / "bin" / "scons"
CLANG = "/usr/bin/clang-19"
OUT = Path("out") / TARGET
REPRODUCIBLE_DIRS = ("include", "uops", "lib", "stencils")
# The SConstruct probes the compiler (`clang --version`) each time it is read; that is not a
# compilation, so it is the one line a build that does nothing still logs.
VERSION_PROBE = "--version"
STENCIL_BODY = re.compile(r'-DQK_UOP_BODY="uops/(\w+)\.c\.h"')
RUNTIME_SOURCE = re.compile(r"\bruntime/(\w+\.c)\b")
UP_TO_DATE = "".join(
    f"scons: `{OUT / 'bin' / name}' is up to date.\n" for name in ("quack", "quack-asan")
)
EDITED_UOP = "_GUARD_IS_TRUE_POP"
EDITED_DEFINITION = "op(_GUARD_IS_TRUE_POP, (flag --)) {\n    EXIT_IF(flag != QK_TRUE);\n}\n"
EDIT_COMMENT = "/* edited by test_build */"


def copy_sources(dest: Path) -> Path:
    """The checkout's tracked and untracked-but-not-ignored files (no out/, no .sconsign)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        source = ROOT / name
        if source.is_file():  # a tracked file deleted in the work tree is listed too
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, dest / name)
    return dest


@dataclass
class Tree:
    root: Path
    log: Path
    wrapper: Path

    def scons(self, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(SCONS), "-Q", "-j2", *args],
            cwd=self.root,
            capture_output=True,
            text=True,
            timeout=600,
        )

    def build(self) -> subprocess.CompletedProcess[str]:
        return self.scons(f"clang={self.wrapper}")

    def invocations(self) -> list[str]:
        """The clang command lines logged since the last call (each wrapper call is one line)."""
        lines = self.log.read_text().splitlines() if self.log.exists() else []
        self.log.write_text("")
        return lines


def make_tree(base: Path) -> Tree:
    """A source copy at base/src and a clang wrapper logging into base/clang.log."""
    base.mkdir(parents=True, exist_ok=True)
    log = base / "clang.log"
    wrapper = base / "clang-logging"
    # One append per invocation: parallel jobs' lines stay whole (short O_APPEND writes).
    wrapper.write_text(f'#!/bin/sh\nprintf "%s\\n" "$*" >> "{log}"\nexec {CLANG} "$@"\n')
    wrapper.chmod(0o755)
    return Tree(copy_sources(base / "src"), log, wrapper)


def snapshot(root: Path) -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    for directory in REPRODUCIBLE_DIRS:
        for path in sorted((root / OUT / directory).rglob("*")):
            if path.is_file():
                files[str(path.relative_to(root / OUT))] = path.read_bytes()
    return files


@dataclass
class Built:
    tree: Tree
    outputs: dict[str, bytes]  # taken right after the full build, before any test edits A


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    tree = make_tree(tmp_path_factory.mktemp("a"))
    result = tree.build()
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stderr == ""
    # The first build compiled every stencil and both runtime variants through the wrapper.
    lines = tree.invocations()
    assert any(STENCIL_BODY.search(line) for line in lines), lines
    assert any("stencil_src/shim.c" in line for line in lines), lines
    return Built(tree, snapshot(tree.root))


@pytest.fixture
def sources(tmp_path: Path) -> Tree:
    """A copy that is never built: for builds that must stop while reading the SConstruct."""
    return make_tree(tmp_path)


def assert_nothing_done(tree: Tree) -> None:
    result = tree.build()
    assert (result.returncode, result.stdout, result.stderr) == (0, UP_TO_DATE, "")
    assert tree.invocations() == [VERSION_PROBE]


def test_second_build_does_nothing(built: Built) -> None:
    assert_nothing_done(built.tree)


def generated_includes(root: Path, source: Path, seen: set[Path] | None = None) -> bool:
    """Whether a runtime file includes, directly or through runtime headers, a generated header."""
    seen = set() if seen is None else seen
    seen.add(source)
    for name in re.findall(r'^#include "([^"]+)"', source.read_text(), re.MULTILINE):
        if (root / OUT / "include" / name).exists():
            return True
        header = root / "runtime" / name
        if header.exists() and header not in seen and generated_includes(root, header, seen):
            return True
    return False


def rebuild_after(tree: Tree, text: str) -> tuple[list[str], list[str]]:
    """Writes instructions.uops, rebuilds; the stencils and runtime sources clang compiled."""
    (tree.root / "uop_defs" / "instructions.uops").write_text(text)
    result = tree.build()
    assert result.returncode == 0, result.stdout + result.stderr
    lines = tree.invocations()
    stencils = sorted(
        match[1] if (match := STENCIL_BODY.search(line)) else "shim"
        for line in lines
        if "stencil_src/" in line
    )
    runtime = sorted(m[1] for line in lines if (m := RUNTIME_SOURCE.search(line)))
    return stencils, runtime


def test_editing_one_uop_recompiles_only_its_stencil(built: Built) -> None:
    tree = built.tree
    defs = tree.root / "uop_defs" / "instructions.uops"
    original = defs.read_text()
    assert original.count(EDITED_DEFINITION) == 1
    edited = original.replace(
        EDITED_DEFINITION,
        EDITED_DEFINITION.replace("{\n", "{\n    " + EDIT_COMMENT + "\n", 1),
    )
    independent = sorted(
        p.name for p in (tree.root / "runtime").glob("*.c") if not generated_includes(tree.root, p)
    )
    # Files that include no generated header exist, or the last assertion below would be empty.
    assert {"gc.c", "main.c"} <= set(independent), independent
    try:
        stencils, runtime = rebuild_after(tree, edited)
        # A comment inside the body is kept in the generated body, so its bytes changed...
        body = (tree.root / OUT / "uops" / f"{EDITED_UOP}.c.h").read_text()
        assert EDIT_COMMENT in body
        # ...and only its stencil is recompiled: every other body and the shim are unchanged.
        assert stencils == [EDITED_UOP]
        # Both interpreters include the case bodies, in both variants (quack and quack-asan).
        assert runtime.count("ceval.c") == runtime.count("executor.c") == 2, runtime
        assert set(runtime).isdisjoint(independent), runtime
        assert_nothing_done(tree)
    finally:
        # Undo the edit for the other tests sharing this tree: the same single stencil again.
        stencils, _ = rebuild_after(tree, original)
    assert stencils == [EDITED_UOP]
    assert_nothing_done(tree)


def test_build_is_reproducible_across_paths(
    built: Built, tmp_path_factory: pytest.TempPathFactory
) -> None:
    other = make_tree(tmp_path_factory.mktemp("another-checkout-at-a-longer-path") / "b")
    assert len(str(other.root)) != len(str(built.tree.root))
    result = other.build()
    assert result.returncode == 0, result.stdout + result.stderr
    ours, theirs = built.outputs, snapshot(other.root)
    assert sorted(ours) == sorted(theirs)
    assert [name for name in ours if ours[name] != theirs[name]] == []
    # Every kind of output is there, each stencil included.
    uops = {name for name in ours if name.startswith("uops/")}
    assert uops and {n.replace("uops/", "stencils/").replace(".c.h", ".o") for n in uops} <= set(
        ours
    )
    assert "include/quack_stencils.h" in ours and "lib/quack_opcodes.py" in ours
    provenance = re.compile(
        r"(//|#) Generated by generator\.\w+ from inputs with digest [0-9a-f]{16}\. Do not edit\."
    )
    for name, data in ours.items():
        if name.startswith("stencils/"):
            continue  # objects
        first = data.decode().split("\n", 1)[0]
        comment = "#" if name.endswith(".py") else "//"
        match = provenance.fullmatch(first)
        assert match is not None and match[1] == comment, (name, first)


INSTALL = "install it with: apt-get install clang-19"


def test_missing_clang_is_one_line(sources: Tree) -> None:
    result = sources.scons("clang=/nonexistent/clang-19")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        "error: clang 19 or newer is required (found no working clang at "
        f"/nonexistent/clang-19); {INSTALL}\n"
    )


def test_too_old_clang_is_one_line(sources: Tree, tmp_path: Path) -> None:
    old = tmp_path / "clang-14"
    old.write_text('#!/bin/sh\necho "clang version 14.0.6"\necho "Target: x86_64-pc-linux-gnu"\n')
    old.chmod(0o755)
    result = sources.scons(f"clang={old}")
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr == (
        f"error: clang 19 or newer is required (found clang version 14.0.6 at {old}); {INSTALL}\n"
    )


def test_malformed_dsl_is_one_located_line(sources: Tree) -> None:
    defs = sources.root / "uop_defs" / "instructions.uops"
    text = defs.read_text()
    # Drop the parenthesis closing the stack effect: the parser meets `{` where `)` belongs.
    broken = EDITED_DEFINITION.replace("--)) {", "--) {", 1)
    assert text.count(EDITED_DEFINITION) == 1
    text = text.replace(EDITED_DEFINITION, broken)
    defs.write_text(text)
    offset = text.index(broken) + broken.index("{")
    line = text.count("\n", 0, offset) + 1
    col = offset - text.rfind("\n", 0, offset)
    result = sources.build()
    assert (result.returncode, result.stdout) == (1, "")
    assert "Traceback" not in result.stderr
    assert re.fullmatch(
        rf"uop_defs/instructions\.uops:{line}:{col}: error: [^\n]+\n", result.stderr
    ), result.stderr
    # Nothing was compiled: the error stops the build while the SConstruct is read.
    assert sources.invocations() == [VERSION_PROBE]
