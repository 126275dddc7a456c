"""Targets clang can and cannot build stencils for: the one-line refusal of a calling convention."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import ROOT

from generator.clang import check_convention, find_clang
from generator.errors import ToolchainError
from generator.targets import TARGETS, Target, find_target


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_clang_compiles_the_calling_convention(target: Target) -> None:
    """With clang 19 every target compiles preserve_none + musttail (aarch64-windows included)."""
    assert find_target(target.name) == find_target(target.triple) == target
    check_convention(find_clang(), target)


def test_a_target_without_preserve_none_is_refused_in_one_line() -> None:
    """LLVM 19 has no preserve_none for i686: the build would say so in one line."""
    i686 = Target("i686-windows", "i686", "windows", "i686-pc-windows-msvc", "coff", (), "1")
    with pytest.raises(ToolchainError) as error:
        check_convention(find_clang(), i686)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith("error: i686-windows: ")
    assert "cannot compile stencils for i686-pc-windows-msvc" in message
    assert "'preserve_none' calling convention is not supported for this target" in message


def test_clang_check_names_the_target() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "generator.clang", "--target", "aarch64-pc-windows-msvc"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "generator.clang", "--target", "sparc-sun-solaris"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1, bad.stderr
    assert "aarch64-windows" in bad.stderr  # the known targets are listed
