"""Shared fixtures: where the build put things. The README's test command builds before pytest."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from generator.targets import host_target

ROOT = Path(__file__).resolve().parent.parent
TARGET = host_target().name
OUT = ROOT / "out" / TARGET


SCONS = ROOT / ".venv" / "bin" / "scons"


def build_checkout(*args: str) -> None:
    """Runs the checkout's own build with `args` (a target, vendor=DIR) and requires success."""
    result = subprocess.run(
        [str(SCONS), "-Q", "-j2", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr


def built(path: Path) -> Path:
    if not path.exists():
        pytest.fail(f"{path} is missing: build first with `.venv/bin/scons`")
    return path


@pytest.fixture(scope="session")
def quack() -> Path:
    return built(OUT / "bin" / "quack")


@pytest.fixture(scope="session")
def quack_asan() -> Path:
    return built(OUT / "bin" / "quack-asan")


@pytest.fixture(scope="session")
def out_dir() -> Path:
    return built(OUT)


def quack_env(**overrides: str) -> dict[str, str]:
    """The environment for running quack: the caller's, with QUACK_* settings replaced."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("QUACK_")}
    env.update(overrides)
    return env
