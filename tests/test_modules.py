"""Programs made of several modules and packages (tests/modules/CASE/main.py) print exactly what
CPython prints, in every tier; imported modules are found on QUACKPATH too, their compiled code is
cached beside their source and reused while the source is unchanged, and a broken module source
or cache is reported or recompiled, never trusted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, quack_env
from test_programs import EAGER, MODES, assert_same_run, cpython, run_quack

CASES = sorted((ROOT / "tests" / "modules").glob("*/main.py"), key=lambda p: p.parent.name)
# Cases with a hot loop: the JIT must have compiled and run code in them.
HOT = {"basics"}


def test_cases_exist() -> None:
    assert {case.parent.name for case in CASES} >= {"basics", "circular", "errors"}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("program", CASES, ids=lambda p: p.parent.name)
def test_modules_match_cpython(quack: Path, program: Path, mode: str, tmp_path: Path) -> None:
    expected = cpython(program)
    result, stats = run_quack(quack, program, tmp_path, **MODES[mode])
    assert_same_run(result, expected)
    if program.parent.name in HOT and mode == "jit":
        assert stats["traces_compiled"] > 0 and stats["jit_entries"] > 0, stats


@pytest.mark.parametrize("program", CASES, ids=lambda p: p.parent.name)
def test_modules_clean_under_sanitizers(quack_asan: Path, program: Path, tmp_path: Path) -> None:
    """Module objects, the image's module table and sys.modules stay visible to the collector:
    ASan with a collection at every allocation, the JIT on."""
    expected = cpython(program)
    result, _ = run_quack(
        quack_asan, program, tmp_path, QUACK_JIT="1", QUACK_GC_STRESS="1", **EAGER
    )
    assert_same_run(result, expected)


def run(quack: Path, directory: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(quack), "main.py"],
        capture_output=True,
        text=True,
        cwd=directory,
        timeout=60,
        env=quack_env(**env),
    )


def test_quackpath_is_searched_after_the_program_directory(quack: Path, tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "lib1").mkdir()
    (tmp_path / "lib2").mkdir()
    (tmp_path / "app" / "main.py").write_text(
        "import shared, local, only2\nprint(shared.WHERE, local.WHERE, only2.WHERE)\n"
    )
    (tmp_path / "app" / "local.py").write_text("WHERE = 'app'\n")
    (tmp_path / "lib1" / "local.py").write_text("WHERE = 'lib1'\n")
    (tmp_path / "lib1" / "shared.py").write_text("WHERE = 'lib1'\n")
    (tmp_path / "lib2" / "shared.py").write_text("WHERE = 'lib2'\n")
    (tmp_path / "lib2" / "only2.py").write_text("WHERE = 'lib2'\n")
    path = os.pathsep.join([str(tmp_path / "lib1"), str(tmp_path / "lib2")])
    expected = subprocess.run(
        [sys.executable, "main.py"],
        capture_output=True,
        text=True,
        cwd=tmp_path / "app",
        env=dict(os.environ, PYTHONPATH=path),
        timeout=60,
    )
    assert expected.stdout == "lib1 app lib2\n"
    result = run(quack, tmp_path / "app", QUACKPATH=path)
    assert (result.stdout, result.stderr, result.returncode) == (expected.stdout, "", 0)


def cache_files(directory: Path) -> list[Path]:
    return sorted((directory / "__pycache__").glob("*.qkmod"))


def test_compiled_modules_are_cached_and_reused_while_unchanged(
    quack: Path, tmp_path: Path
) -> None:
    (tmp_path / "main.py").write_text("import greet\nprint(greet.hello())\n")
    source = tmp_path / "greet.py"
    source.write_text("def hello():\n    return 'greeting'\n")
    assert run(quack, tmp_path).stdout == "greeting\n"
    [cache] = cache_files(tmp_path)
    assert cache.name.startswith("greet.quack-")
    written = cache.stat().st_mtime_ns

    # Unchanged source: the cache is read, not written again.
    assert run(quack, tmp_path).stdout == "greeting\n"
    assert cache.stat().st_mtime_ns == written

    # A cache whose recorded stamp matches but whose code says something else is what runs:
    # the source is not compiled again (this is what makes the cache worth having).
    old = cache.read_bytes()
    cache.write_bytes(old.replace(b"greeting", b"GREETING"))
    assert run(quack, tmp_path).stdout == "GREETING\n"

    # A changed source (a different size) is compiled again and the cache rewritten.
    source.write_text("def hello():\n    return 'bonjour'\n")
    assert run(quack, tmp_path).stdout == "bonjour\n"
    assert b"bonjour" in cache.read_bytes()


@pytest.mark.parametrize(
    "garbage",
    [b"", b"QKMOD\0\0\0", b"not a cache at all", None],
    ids=["empty", "magic_only", "garbage", "truncated"],
)
def test_a_broken_cache_is_compiled_again(
    quack: Path, tmp_path: Path, garbage: bytes | None
) -> None:
    (tmp_path / "main.py").write_text("import greet\nprint(greet.hello())\n")
    (tmp_path / "greet.py").write_text("def hello():\n    return 'hello'\n")
    assert run(quack, tmp_path).stdout == "hello\n"
    [cache] = cache_files(tmp_path)
    good = cache.read_bytes()
    cache.write_bytes(good[: len(good) // 2] if garbage is None else garbage)
    result = run(quack, tmp_path)
    assert (result.stdout, result.stderr, result.returncode) == ("hello\n", "", 0)
    assert cache.read_bytes() == good


def test_an_unwritable_cache_directory_is_skipped(quack: Path, tmp_path: Path) -> None:
    (tmp_path / "main.py").write_text("import greet\nprint(greet.hello())\n")
    (tmp_path / "greet.py").write_text("def hello():\n    return 'hello'\n")
    (tmp_path / "__pycache__").write_text("a file where the cache directory would be\n")
    result = run(quack, tmp_path)
    assert (result.stdout, result.stderr, result.returncode) == ("hello\n", "", 0)


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("def f(:\n    pass\n", "greet.py:1:7: error: invalid syntax"),
        ("x = 1\nfrom os import *\n", "greet.py:2:1: unsupported: import *"),
    ],
    ids=["syntax_error", "unsupported"],
)
def test_an_error_in_an_imported_module_names_its_file(
    quack: Path, tmp_path: Path, source: str, message: str
) -> None:
    (tmp_path / "main.py").write_text("print('start')\nimport greet\n")
    (tmp_path / "greet.py").write_text(source)
    result = run(quack, tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == f"{tmp_path / message}\n"
    assert cache_files(tmp_path) == []
