"""The stencil extractor's build errors, its clang check and its determinism."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from stencil_build import extract_command

from generator.clang import Clang, find_clang, stencil_flags
from generator.generation import HEADER as GENERATION_HEADER
from generator.generation import generation_header

ROOT = Path(__file__).resolve().parent.parent
HEADER = "quack_stencils-x86_64-linux.h"


def python(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, check=False, env=env
    )


def compile_c(clang: Clang, source: str, out: Path, flags: list[str] | None = None) -> Path:
    src = out.with_suffix(".c")
    src.write_text(source)
    command = [
        clang.path,
        *(flags if flags is not None else stencil_flags("x86_64-linux")),
        "-c",
        str(src),
        "-o",
        str(out),
    ]
    subprocess.run(command, check=True)
    return out


@pytest.fixture(scope="module")
def clang() -> Clang:
    return find_clang()


@pytest.fixture(scope="module")
def shim(clang: Clang, tmp_path_factory: pytest.TempPathFactory) -> Path:
    # A stand-in shim: the extractor only needs an object (the real one is in test_patch_vs_lld).
    out = tmp_path_factory.mktemp("shim") / "shim.o"
    return compile_c(clang, "int shim_entry(void);\nint shim_entry(void) { return 0; }\n", out)


def extract(shim: Path, out: Path, *objects: Path) -> subprocess.CompletedProcess[str]:
    """Runs the extractor into the include directory `out`, which has a generation header as a
    build's does (the stencil header records its generation)."""
    out.mkdir(parents=True, exist_ok=True)
    (out / GENERATION_HEADER).write_text(generation_header("0123456789abcdef"))
    command = extract_command("x86_64-linux", shim, out, list(objects))
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)


def assert_one_line_error(result: subprocess.CompletedProcess[str], expected: str) -> None:
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("error: ")
    assert expected in result.stderr, result.stderr


# With -mlarge-data-threshold=0 writable data lands in the large sections .ldata / .lbss.
@pytest.mark.parametrize(
    ("source", "section"),
    [
        ("static int n = 1;\nint f(void);\nint f(void) { return n++; }\n", ".ldata"),
        ("static int n;\nint f(void);\nint f(void) { return n++; }\n", ".lbss"),
    ],
)
def test_writable_data_is_rejected(
    clang: Clang, shim: Path, tmp_path: Path, source: str, section: str
) -> None:
    obj = compile_c(clang, source, tmp_path / "_COUNTER.o")
    result = extract(shim, tmp_path / "include", obj)
    assert_one_line_error(result, f"error: _COUNTER: writable section {section} (4 bytes)")
    assert "stencils must not carry writable data" in result.stderr
    assert not (tmp_path / "include" / HEADER).exists()


def test_unsupported_relocation_is_rejected(clang: Clang, shim: Path, tmp_path: Path) -> None:
    # The small code model addresses static data with a 32-bit sign-extended absolute.
    source = (
        "static const long table[4] = {1, 2, 3, 4};\nlong f(long i);\n"
        "long f(long i) { return table[i & 3]; }\n"
    )
    obj = compile_c(
        clang,
        source,
        tmp_path / "_TABLE.o",
        ["-O2", "-fno-pic", "-mcmodel=small", "-fno-asynchronous-unwind-tables"],
    )
    assert_one_line_error(
        extract(shim, tmp_path / "h.h", obj),
        "error: _TABLE: unsupported relocation R_X86_64_32S against .rodata",
    )


@pytest.mark.parametrize("how", ["missing", "old"])
@pytest.mark.parametrize("module", ["generator.clang", "generator.stencils"])
def test_missing_or_old_clang_is_one_line(tmp_path: Path, how: str, module: str) -> None:
    if how == "missing":
        fake = tmp_path / "no-such-clang"
    else:
        fake = tmp_path / "clang-old"
        fake.write_text("#!/bin/sh\necho 'clang version 14.0.6'\necho 'Target: x86_64'\n")
        fake.chmod(0o755)
    env = {**os.environ, "QUACK_CLANG": str(fake)}
    args = ["--shim", "x.o", "--out", str(tmp_path / "h.h")] if module.endswith("stencils") else []
    result = python("-m", module, *args, env=env)
    assert_one_line_error(result, "error: clang 19 or newer is required (found ")
    assert result.stderr.rstrip().endswith("install it with: apt-get install clang-19")
    if how == "old":
        assert "14.0.6" in result.stderr


def test_header_is_deterministic(clang: Clang, shim: Path, tmp_path: Path) -> None:
    sources = {
        "_ADD": "long f(long a, long b);\nlong f(long a, long b) { return a + b; }\n",
        "_TABLE": "static const long t[4] = {5, 6, 7, 8};\nlong g(long i);\n"
        "long g(long i) { return t[i & 3]; }\n",
        "_CALL": "long h(long);\nlong k(long x);\nlong k(long x) { return h(x) + 1; }\n",
    }
    first = tmp_path / "first"
    first.mkdir()
    objects = [compile_c(clang, src, first / f"{name}.o") for name, src in sources.items()]
    other = tmp_path / "somewhere" / "else"
    shutil.copytree(first, other)
    moved = [other / obj.name for obj in reversed(objects)]  # order on the command line too
    assert extract(shim, tmp_path / "a", *objects).returncode == 0
    assert extract(shim, tmp_path / "b", *objects).returncode == 0
    assert extract(shim, tmp_path / "c", *moved).returncode == 0
    a = (tmp_path / "a" / HEADER).read_bytes()
    assert a == (tmp_path / "b" / HEADER).read_bytes() == (tmp_path / "c" / HEADER).read_bytes()
    assert str(tmp_path).encode() not in a
    assert a.startswith(b"// Generated by generator.stencils from inputs with digest ")


def test_stencils_for_one_oparg_are_tabled_by_oparg(
    clang: Clang, shim: Path, tmp_path: Path
) -> None:
    """`_X.oparg<N>.o` is _X's stencil for oparg N: the header lists it in _X's by_oparg table at
    index N, and _X's own entry points at that table with its length."""
    source = "long f(long a);\nlong f(long a) { return a + %d; }\n"
    objects = [
        compile_c(clang, source % 0, tmp_path / "_X.o"),
        compile_c(clang, source % 1, tmp_path / "_X.oparg1.o"),
        compile_c(clang, source % 3, tmp_path / "_X.oparg3.o"),
    ]
    assert extract(shim, tmp_path, *objects).returncode == 0
    header = (tmp_path / HEADER).read_text()
    table = header[header.index("static const QkStencil qk_stencils_by_oparg__X[4] = {") :]
    table = table[: table.index("\n};\n")]
    assert [line.strip() for line in table.splitlines() if "= {" in line][1:] == [
        "[1] = {",
        "[3] = {",
    ]
    assert '"_X.oparg1",\n        qk_stencil_code__X_oparg1,' in table
    entry = header[header.index("    [_X] = {") :]
    assert [line.strip() for line in entry[: entry.index("    },")].splitlines()[-2:]] == [
        "qk_stencils_by_oparg__X, 4,",
        "NULL, 0,",  # no stencils for cache depths
    ]


def test_stencils_for_cache_depths_are_tabled_by_depth(
    clang: Clang, shim: Path, tmp_path: Path
) -> None:
    """`_Y.cache<D>.o` is _Y's stencil for D stack values cached in registers: _Y's entry points at
    its by_cache table (one slot per depth, 0 being _Y itself), whose entries have their own
    tables of stencils for single opargs; `_SPILL.cache<D>.o` fills qk_spill_stencils."""
    source = "long f(long a);\nlong f(long a) { return a + %d; }\n"
    names = ["_Y", "_Y.cache1", "_Y.cache2", "_Y.oparg2.cache1", "_SPILL.cache1", "_SPILL.cache2"]
    objects = [compile_c(clang, source % i, tmp_path / f"{n}.o") for i, n in enumerate(names)]
    assert extract(shim, tmp_path, *objects).returncode == 0
    header = (tmp_path / HEADER).read_text()

    def table(name: str) -> list[str]:
        text = header[header.index(f"static const QkStencil {name} = {{") :]
        text = text[: text.index("\n};\n")]
        return [line.strip() for line in text.splitlines()[1:] if line.startswith("    [")]

    assert table("qk_stencils_by_cache__Y[3]") == ["[1] = {", "[2] = {"]
    assert table("qk_stencils_by_oparg__Y_cache1[3]") == ["[2] = {"]
    assert table("qk_spill_stencils[3]") == ["[1] = {", "[2] = {"]
    entry = header[header.index("    [_Y] = {") :]
    assert [line.strip() for line in entry[: entry.index("    },")].splitlines()[-2:]] == [
        "NULL, 0,",
        "qk_stencils_by_cache__Y, 3,",
    ]
    depth1 = header[header.index('        "_Y.cache1",') :]
    assert "qk_stencils_by_oparg__Y_cache1, 3," in depth1[: depth1.index("    },")]
