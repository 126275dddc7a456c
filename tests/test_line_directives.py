"""C errors in a micro-op body are reported at the body's line in uop_defs/, wherever clang
compiles it (a stencil, the tier-1 loop, the micro-op interpreter); anything after the body at
the generated file's own line."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cases import generate
from generator.clang import RUNTIME_LAYERS
from generator.emit_body import EXPANSIONS, Tier
from generator.line_directives import definition_name, source_name

REPO = Path(__file__).resolve().parent.parent
CASE_FILES = ("quack_tier1_cases.c.h", "quack_tier2_cases.c.h")
# What the generator expands in a body, so the line differs from the DSL's.
EXPANDED_MACROS = (*EXPANSIONS[Tier.ONE], *EXPANSIONS[Tier.TWO], "DEOPT_IF", "EXIT_IF")
_LINE = re.compile(r'[ \t]*#line (\d+) "([^"]+)"')

EDITED_FILE = "specialized.uops"
EDITED_UOP = "_BINARY_OP_INT"
EDITED_STATEMENT = "res = qk_from_int(result);"


def run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)


def generate_edited(tmp_path: Path, replacement: str) -> int:
    """A copy of uop_defs whose EDITED_UOP says `replacement` instead of EDITED_STATEMENT,
    generated into tmp_path/out as the build does; returns the edited line's number."""
    shutil.copytree(REPO / "uop_defs", tmp_path / "uop_defs")
    path = tmp_path / "uop_defs" / EDITED_FILE
    text = path.read_text()
    offset = text.index(EDITED_STATEMENT, text.index(f"op({EDITED_UOP}, "))
    path.write_text(text[:offset] + replacement + text[offset + len(EDITED_STATEMENT) :])
    result = run(
        [sys.executable, "-m", "generator.cases", "--defs", "uop_defs", "--out", "out"],
        tmp_path,
    )
    assert result.returncode == 0, result.stderr
    return text.count("\n", 0, offset) + 1


def compile_stencil(out: Path, tree: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The build's command for EDITED_UOP's stencil that starts with one value in a register,
    from the generated tree `tree` (default: out), written to out/stencil.o."""
    return run(
        [
            sys.executable,
            "-m",
            "generator.clang",
            "--body",
            f"uops/{EDITED_UOP}.c.h",
            "--depth",
            "1",
            "--out-dir",
            str(tree or out),
            "-o",
            str(out / "stencil.o"),
            "stencil_src/template.c",
        ],
        REPO,
    )


def test_error_in_a_body_points_at_the_definition(tmp_path: Path, out_dir: Path) -> None:
    line = generate_edited(tmp_path, "res = qk_from_int(undeclared_result);")
    expected = rf"uop_defs/{EDITED_FILE}:{line}:\d+: error: use of undeclared identifier"
    result = compile_stencil(tmp_path / "out")
    assert result.returncode != 0
    assert re.search(expected, result.stderr), result.stderr
    # The interpreters include the same body through the case files (the stencil header and
    # the Unicode tables come from the build).
    layers = [REPO / layer for layer in RUNTIME_LAYERS]
    includes = [*layers, tmp_path / "out" / "include", out_dir / "include"]
    for source in ("interp/ceval.c", "interp/executor.c"):
        result = run(
            [
                "clang-19",
                "-std=c11",
                "-D_GNU_SOURCE",
                "-fsyntax-only",
                *(f"-I{include}" for include in includes),
                f"runtime/{source}",
            ],
            REPO,
        )
        assert result.returncode != 0, source
        assert re.search(expected, result.stderr), result.stderr


def test_code_after_a_body_has_its_own_lines(tmp_path: Path) -> None:
    """The body declares what the stencil's code after it declares again: the redefinition is
    at that code's line in the generated file, the first definition in the DSL."""
    line = generate_edited(tmp_path, EDITED_STATEMENT + " QkValue _new0 = res;")
    body = tmp_path / "out" / "uops" / f"{EDITED_UOP}.c.h"
    depth1 = body.read_text().split("#elif QK_CACHE_DEPTH == 1\n", 1)
    generated = depth1[0].count("\n") + 2 + depth1[1].split("\n").index("QkValue _new0 = res;")
    result = compile_stencil(tmp_path / "out")
    assert result.returncode != 0
    assert re.search(
        rf"uops/{EDITED_UOP}\.c\.h:{generated}:\d+: error: redefinition of '_new0'",
        result.stderr,
    ), result.stderr
    assert re.search(rf"uop_defs/{EDITED_FILE}:{line}:\d+: note: previous", result.stderr)


def test_objects_do_not_depend_on_line_numbers(tmp_path: Path) -> None:
    """What makes a body's key (its text without #line numbers) enough for the build: the same
    body further down its .uops file compiles to the same bytes."""
    generate_edited(tmp_path, EDITED_STATEMENT)
    out = tmp_path / "out"
    body = (out / "uops" / f"{EDITED_UOP}.c.h").read_text()
    moved = tmp_path / "moved"
    (moved / "uops").mkdir(parents=True)
    shutil.copytree(out / "include", moved / "include")
    (moved / "uops" / f"{EDITED_UOP}.c.h").write_text(
        re.sub(r"#line (\d+)", lambda m: f"#line {int(m[1]) + 1000}", body)
    )
    assert compile_stencil(out).returncode == 0
    first = (out / "stencil.o").read_bytes()
    assert compile_stencil(out, moved).returncode == 0
    assert (out / "stencil.o").read_bytes() == first


@pytest.mark.parametrize("relative", ["include/" + name for name in CASE_FILES] + ["uops"])
def test_directives_follow_the_definitions(tmp_path: Path, relative: str) -> None:
    """Every line after a directive naming a .uops file is that file's line it says (but for the
    body macros the generator expands); every other directive names the generated file itself
    and the line that follows it."""
    out = tmp_path / "out"
    generate(REPO / "uop_defs", out)
    paths = sorted((out / relative).glob("*.c.h")) if relative == "uops" else [out / relative]
    for path in paths:
        lines = path.read_text().split("\n")
        own = str(path.relative_to(out))
        source: list[str] = []
        number = 0
        for index, line in enumerate(lines):
            match = _LINE.fullmatch(line)
            if match is not None and match[2].startswith("uop_defs/"):
                source, number = (REPO / match[2]).read_text().split("\n"), int(match[1])
            elif match is not None:
                assert (match[2], int(match[1])) == (own, index + 2), (path, index)
                source = []
            elif source:
                written = source[number - 1].strip()
                expanded = any(macro in written for macro in EXPANDED_MACROS)
                assert expanded or line.strip() == written, (path, index, line, written)
                number += 1


def test_directives_name_files_from_the_repository(tmp_path: Path) -> None:
    """A file in the checkout is named by its path from the checkout's root, one elsewhere (a
    test's temporary copy) from the directory given, so neither depends on where it is."""
    out = REPO / "out" / "x86_64-linux"
    assert source_name(out / "uops" / "_ADD.c.h", out) == "out/x86_64-linux/uops/_ADD.c.h"
    assert source_name(tmp_path / "out" / "uops" / "_ADD.c.h", tmp_path / "out") == (
        "uops/_ADD.c.h"
    )
    assert definition_name(str(REPO / "uop_defs" / "calls.uops")) == "uop_defs/calls.uops"
    assert definition_name("uop_defs/calls.uops") == "uop_defs/calls.uops"
    assert definition_name(str(tmp_path / "uop_defs" / "a.uops")) == "uop_defs/a.uops"
