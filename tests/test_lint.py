"""The toolchain's Python stays typed and ruff-clean (the standards in DEVELOPERS.md)."""

from __future__ import annotations

import subprocess
import sys

from conftest import ROOT

BIN = ROOT / ".venv" / "bin"


def run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_ruff_check() -> None:
    result = run(str(BIN / "ruff"), "check", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format() -> None:
    result = run(str(BIN / "ruff"), "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = run(sys.executable, "-m", "mypy", "generator", "frontend", "fuzz", "bench")
    assert result.returncode == 0, result.stdout + result.stderr
