"""Executable memory is never writable and executable at once: every mapping and protection change
the JIT makes, seen from outside with strace, is either writable or executable, never both, in
both JIT memory modes."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, quack_env

SYSCALL = re.compile(r"\b(mmap|mprotect|memfd_create)\((.*)\) = (\S+)")


LOOPS = ROOT / "examples" / "loops.py"
# Its traces are invalidated while they run: their validity checks are rewritten into jumps.
INVALIDATED = ROOT / "tests" / "programs" / "hot_global_constants.py"


def traced_calls(
    quack: Path, out_dir: Path, tmp_path: Path, mode: str, program: Path = LOOPS
) -> list[tuple[str, ...]]:
    """(syscall, arguments, result) of every mmap, mprotect and memfd_create quack makes running
    the program (examples/loops.py) with the JIT in `mode`."""
    image = tmp_path / "program.qkimg"
    # A precompiled image, so only quack itself (not the Python front end) is traced.
    subprocess.run(
        ["python3", "-P", "-m", "frontend", str(program), "-o", str(image)],
        check=True,
        cwd=ROOT,
        env=quack_env(PYTHONPATH=f"{ROOT}:{out_dir / 'lib'}"),
    )
    trace = tmp_path / "strace.txt"
    result = subprocess.run(
        ["strace", "-f", "-e", "trace=mmap,mprotect,memfd_create", "-o", str(trace)]
        + [str(quack), "--image", str(image)],
        capture_output=True,
        text=True,
        timeout=120,
        env=quack_env(QUACK_JIT="1", QUACK_JIT_MEMORY=mode),
    )
    assert result.returncode == 0, result.stderr
    return [m.groups() for m in map(SYSCALL.search, trace.read_text().splitlines()) if m]


@pytest.mark.parametrize("program", [LOOPS, INVALIDATED], ids=lambda p: p.stem)
@pytest.mark.parametrize("mode", ["flip", "dual"])
def test_jit_memory_is_never_writable_and_executable(
    quack: Path, out_dir: Path, tmp_path: Path, mode: str, program: Path
) -> None:
    calls = traced_calls(quack, out_dir, tmp_path, mode, program)
    assert not [c for c in calls if "PROT_WRITE" in c[1] and "PROT_EXEC" in c[1]]


def test_flip_mode_switches_filled_pages_to_read_execute(
    quack: Path, out_dir: Path, tmp_path: Path
) -> None:
    calls = traced_calls(quack, out_dir, tmp_path, "flip")
    flipped = [c for c in calls if c[0] == "mprotect" and "PROT_READ|PROT_EXEC" in c[1]]
    assert flipped, calls


def test_dual_mode_maps_one_memfd_twice_and_never_flips(
    quack: Path, out_dir: Path, tmp_path: Path
) -> None:
    calls = traced_calls(quack, out_dir, tmp_path, "dual")
    # Nothing gains execute permission after it is mapped.
    assert not [c for c in calls if c[0] == "mprotect" and "PROT_EXEC" in c[1]]
    # The code memfd is mapped twice, shared: once to write, once to run.
    code_fd = next(c[2] for c in calls if c[0] == "memfd_create" and "quack-jit-code" in c[1])
    views = [c[1] for c in calls if c[0] == "mmap" and f"MAP_SHARED, {code_fd}, 0" in c[1]]
    assert any("PROT_READ|PROT_WRITE," in v for v in views), views
    assert any("PROT_READ|PROT_EXEC," in v for v in views), views
