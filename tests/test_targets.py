"""Target names (canonical, clang triples, short names), the one-line error for a typo, and
quack_stencils.h choosing the stencil header of the target being compiled for."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import OUT, ROOT, SCONS

from generator.errors import ToolchainError
from generator.targets import TARGETS, find_target, host_target


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("x86_64-linux", "x86_64-linux"),
        ("x86_64-unknown-linux-gnu", "x86_64-linux"),
        ("aarch64-linux", "aarch64-linux"),
        ("aarch64-unknown-linux-gnu", "aarch64-linux"),
        ("x86_64", "x86_64-linux"),
        ("amd64", "x86_64-linux"),
        ("aarch64", "aarch64-linux"),
        ("arm64", "aarch64-linux"),
    ],
)
def test_names(name: str, expected: str) -> None:
    assert find_target(name).name == expected


def test_host_is_a_target() -> None:
    assert host_target() in TARGETS


def test_typo_lists_the_targets() -> None:
    with pytest.raises(ToolchainError) as raised:
        find_target("aarch46")
    known = ", ".join(t.name for t in TARGETS)
    assert str(raised.value) == (
        f"error: unknown target 'aarch46' (known: {known}; "
        "or a short name: x86_64, amd64, aarch64, arm64)"
    )


def test_scons_typo_is_one_line() -> None:
    result = subprocess.run(
        [str(SCONS), "-Q", "target=x86-64"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert result.returncode != 0
    assert result.stderr.startswith("error: unknown target 'x86-64' (known: x86_64-linux, ")
    assert result.stderr.count("\n") == 1, result.stderr
    assert "Traceback" not in result.stdout + result.stderr


def compile_selector(triple: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """Compiles a file including quack_stencils.h for `triple`, with this build's headers."""
    source = tmp_path / "uses_stencils.c"
    source.write_text('#include "quack_stencils.h"\n')
    return subprocess.run(
        ["clang-19", f"--target={triple}", "-fsyntax-only", f"-I{OUT / 'include'}", str(source)],
        capture_output=True,
        text=True,
        check=False,
    )


def test_selector_refuses_an_unknown_target(tmp_path: Path) -> None:
    result = compile_selector("riscv64-unknown-linux-gnu", tmp_path)
    assert result.returncode != 0
    known = ", ".join(t.name for t in TARGETS)
    assert f'error: "quack: no stencils for this target (known: {known})"' in result.stderr


def test_selector_names_a_header_not_generated(tmp_path: Path) -> None:
    """Only the host's header is in out/<host>/include: another known target stops with what to
    run to generate its header."""
    other = next(t for t in TARGETS if t != host_target())
    result = compile_selector(other.triple, tmp_path)
    assert result.returncode != 0
    assert (
        f"quack: no stencils for {other.name}: generate quack_stencils-{other.name}.h "
        f"with `scons target={other.name}`"
    ) in result.stderr
