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
from conftest import ROOT, SCONS, TARGET

from generator.clang import RUNTIME_LAYERS
from generator.defs import stencil_builds
from generator.line_directives import without_numbers

CLANG = "/usr/bin/clang-19"
OUT = Path("out") / TARGET
REPRODUCIBLE_DIRS = ("include", "uops", "lib", "stencils")
# The SConstruct probes the compiler (`clang --version`) each time it is read; that is not a
# compilation, so it is the one line a build that does nothing still logs.
VERSION_PROBE = "--version"
STENCIL_BODY = re.compile(r'-DQK_UOP_BODY="uops/(\w+)\.c\.h"')
RUNTIME_SOURCE = re.compile(r"\bruntime/\w+/(\w+\.c)\b")
UP_TO_DATE = "".join(
    f"scons: `{OUT / name}' is up to date.\n"
    for name in ("MANIFEST.json", "bin/quack", "bin/quack-asan")
)
EDITED_UOP = "_GUARD_IS_TRUE_POP"
EDITED_DEFINITION = "op(_GUARD_IS_TRUE_POP, (flag --)) {\n    EXIT_IF(flag != QK_TRUE);\n}\n"
EDIT_COMMENT = "/* edited by test_build */"
# Its stencil objects: one per depth of the stack values it caches in registers.
EDITED_OBJECTS = [
    name for name, uop, _, _ in stencil_builds(ROOT / "uop_defs") if uop == EDITED_UOP
]


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


def included_generated(root: Path, source: Path, seen: set[Path] | None = None) -> set[str]:
    """The generated headers a source includes, directly or through runtime, stencil and
    generated headers (found by scanning #include lines)."""
    seen = set() if seen is None else seen
    seen.add(source)
    found: set[str] = set()
    for name in re.findall(r'^#include "([^"]+)"', source.read_text(), re.MULTILINE):
        generated = root / OUT / "include" / name
        if generated.exists():
            found.add(name)
        for header in (
            generated,
            *(root / layer / name for layer in RUNTIME_LAYERS),
            root / "stencil_src" / name,
        ):
            if header.exists() and header not in seen:
                found |= included_generated(root, header, seen)
    return found


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


# What a micro-op's body reaches: the per-uop body, the two interpreters' case files and the
# stencils (whose header embeds the compiled code). The table headers (quack_opcodes.h,
# quack_uops.h, quack_metadata.h, lib/quack_opcodes.py) carry a digest of the facts they hold,
# not of the DSL sources, so a body edit leaves them byte-identical.
CASE_FILES = ("quack_tier1_cases.c.h", "quack_tier2_cases.c.h")
STENCIL_HEADER = "quack_stencils.h"
TABLE_HEADERS = (
    "include/quack_opcodes.h",
    "include/quack_opargs.h",
    "include/quack_uops.h",
    "include/quack_metadata.h",
    "include/quack_stack_cache.h",
    "lib/quack_opcodes.py",
)
# All a stencil includes of the generated headers (stencil_src/jit_env.h): neither changes
# when a micro-op or an instruction is added or a stack effect changes.
STENCIL_TABLES = {"quack_opargs.h", "quack_stack_cache.h"}


def test_editing_one_uop_recompiles_only_its_stencil(built: Built) -> None:
    tree = built.tree
    defs = tree.root / "uop_defs" / "instructions.uops"
    original = defs.read_text()
    assert original.count(EDITED_DEFINITION) == 1
    edited = original.replace(
        EDITED_DEFINITION,
        EDITED_DEFINITION.replace("{\n", "{\n    " + EDIT_COMMENT + "\n", 1),
    )
    # Every runtime file includes the oparg values (quack.h -> specialize.h -> quack_opargs.h)
    # but those that need nothing of the VM: the Unicode tables' lookup, the containers' array
    # recycling, and the JIT runtime's patch routine and code arena. Only those including a case
    # file or the stencils see a body.
    sources = sorted((tree.root / "runtime").rglob("*.c"), key=lambda p: p.name)
    includes = {p.name: included_generated(tree.root, p) for p in sources}
    assert all(
        "quack_opargs.h" in found
        for name, found in includes.items()
        if name not in ("unicode.c", "storage.c", "jit_patch.c", "jit_memory.c")
    ), includes
    reached = {name for name, found in includes.items() if found & {*CASE_FILES, STENCIL_HEADER}}
    assert {"ceval.c", "executor.c", "jit.c"} <= reached, reached
    # Files the edit must not recompile exist, or the runtime assertion below proves little.
    assert {"gc.c", "main.c"}.isdisjoint(reached), reached
    before = snapshot(tree.root)
    try:
        stencils, runtime = rebuild_after(tree, edited)
        after = snapshot(tree.root)
        # A comment inside the body is kept in the generated body, so its bytes changed...
        body, key = f"uops/{EDITED_UOP}.c.h", f"uops/{EDITED_UOP}.key"
        assert EDIT_COMMENT in after[body].decode()
        # ...and only its stencils are recompiled (one per cache depth, since it keeps stack
        # values in registers): every other body and the shim are unchanged.
        assert stencils == [EDITED_UOP] * len(EDITED_OBJECTS)
        # The generated files whose bytes changed: the body and its key, the case files that
        # inline it, the stencil (object and header) and the generation they all record; never
        # a table header, nor another uop's key. The bodies after it in the file have new #line
        # numbers, and nothing else.
        changed = sorted(
            name for name in before.keys() | after.keys() if before.get(name) != after.get(name)
        )
        renumbered = {n for n in changed if n.startswith("uops/") and n not in (body, key)}
        assert renumbered, changed
        for name in renumbered:
            assert without_numbers(before[name].decode()) == without_numbers(after[name].decode())
        assert set(changed) - renumbered <= {
            body,
            key,
            *(f"include/{name}" for name in CASE_FILES),
            f"include/quack_stencils-{TARGET}.h",
            "include/quack_generation.h",
            *(f"stencils/{name}.o" for name in EDITED_OBJECTS),
        }, changed
        assert {body, *(f"include/{name}" for name in CASE_FILES)} <= set(changed), changed
        assert set(changed).isdisjoint(TABLE_HEADERS), changed
        # Exactly the runtime files including a changed header, each in both variants (quack and
        # quack-asan): jit.c among them, since the stencil header records the new generation.
        headers = {name.removeprefix("include/") for name in changed}
        recompiled = {name for name, found in includes.items() if found & headers}
        assert {"ceval.c", "executor.c"} <= recompiled <= reached, recompiled
        assert runtime == sorted([*recompiled, *recompiled]), (runtime, changed)
        assert_nothing_done(tree)
    finally:
        # Undo the edit for the other tests sharing this tree: the same stencils again.
        stencils, _ = rebuild_after(tree, original)
    assert stencils == [EDITED_UOP] * len(EDITED_OBJECTS)
    assert snapshot(tree.root) == before
    assert_nothing_done(tree)


def stencil_objects(tree: Tree) -> set[str]:
    return {p.name for p in (tree.root / OUT / "stencils").glob("*.o")}


def test_stencils_include_only_what_their_code_needs(built: Built) -> None:
    root = built.tree.root
    for source in ("template.c", "shim.c"):
        assert included_generated(root, root / "stencil_src" / source) == STENCIL_TABLES


# A micro-op and an instruction added at the top of instructions.uops: every micro-op and
# instruction after it is renumbered, and every body after it moves down two lines.
ADDED_UOP = "_ADDED_BY_TEST"
ADDED_DEFINITION = f"inst({ADDED_UOP[1:]}, (value -- value)) {{ (void)value; }}\n\n"


def test_adding_and_removing_a_uop_compiles_only_its_stencils(built: Built) -> None:
    tree = built.tree
    defs = tree.root / "uop_defs" / "instructions.uops"
    original = defs.read_text()
    before, objects = snapshot(tree.root), stencil_objects(tree)
    try:
        stencils, _ = rebuild_after(tree, ADDED_DEFINITION + original)
        added = [name for name, uop, _, _ in stencil_builds(tree.root / "uop_defs")]
        added = [name for name in added if name.startswith(ADDED_UOP)]
        assert len(added) == 3  # it caches stack values in registers: one per depth
        assert stencils == [ADDED_UOP] * len(added)
        assert stencil_objects(tree) == objects | {f"{name}.o" for name in added}
        after = snapshot(tree.root)
        for header in ("include/quack_uops.h", "include/quack_opcodes.h"):
            assert before[header] != after[header], header  # ids renumbered
        assert_nothing_done(tree)
    finally:
        stencils, _ = rebuild_after(tree, original)
    # Removing it compiles nothing, and its objects go.
    assert stencils == []
    assert stencil_objects(tree) == objects
    assert snapshot(tree.root) == before
    assert_nothing_done(tree)


# A stack effect changed (the guard peeks its flag instead of popping it), and a fact dropped:
# both change the metadata, only the first changes a body.
STACK_EFFECT_EDITS = (
    ("op(_GUARD_IS_TRUE_POP, (flag --))", "op(_GUARD_IS_TRUE_POP, (flag -- flag))"),
    ("inst(UNARY_NOT, (value -- res: bool))", "inst(UNARY_NOT, (value -- res))"),
)


def test_stack_effect_change_compiles_only_the_changed_bodies(built: Built) -> None:
    tree = built.tree
    defs = tree.root / "uop_defs" / "instructions.uops"
    original = edited = defs.read_text()
    for old, new in STACK_EFFECT_EDITS:
        assert edited.count(old) == 1, old
        edited = edited.replace(old, new)
    before = snapshot(tree.root)
    try:
        stencils, _ = rebuild_after(tree, edited)
        assert stencils == [EDITED_UOP] * len(EDITED_OBJECTS)
        assert before["include/quack_metadata.h"] != snapshot(tree.root)["include/quack_metadata.h"]
    finally:
        stencils, _ = rebuild_after(tree, original)
    assert stencils == [EDITED_UOP] * len(EDITED_OBJECTS)
    assert snapshot(tree.root) == before


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
    # Every kind of output is there, each stencil included (per oparg and cache depth too).
    assert any(name.startswith("uops/") for name in ours)
    objects = {f"stencils/{name}.o" for name, _, _, _ in stencil_builds(ROOT / "uop_defs")}
    assert objects <= set(ours), objects - set(ours)
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
