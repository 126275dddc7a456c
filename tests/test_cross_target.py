"""The other Linux target is not only generated but executed: its runtime is cross-built, and the
program corpus runs under qemu-user, JIT on and off, printing exactly what CPython prints.

On an x86_64 machine that is aarch64-linux (its stencils, its patcher paths, its trampolines); the
cross C library and qemu come from ./setup.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT, build_checkout
from test_programs import COLD, EAGER, PROGRAMS, cpython, run_quack

from generator.targets import TARGETS, Target, host_target

FOREIGN: Target = next(t for t in TARGETS if t.runs_here and t.arch != host_target().arch)
SYSROOT = f"/usr/{FOREIGN.arch}-linux-gnu"  # Debian's cross C library
MODES = {
    "uops": {"QUACK_JIT": "0"},
    "jit": {"QUACK_JIT": "1"},
    "jit-eager": {"QUACK_JIT": "1", **EAGER},
}


@pytest.fixture(scope="module")
def foreign_quack() -> list[str]:
    """The command that runs the foreign target's quack: qemu-user and the binary."""
    qemu = shutil.which(f"qemu-{FOREIGN.arch}")
    assert qemu is not None, f"qemu-{FOREIGN.arch} is missing: run ./setup"
    build_checkout(f"target={FOREIGN.name}")
    binary = ROOT / "out" / FOREIGN.name / "bin" / "quack"
    assert not (ROOT / "out" / FOREIGN.name / "bin" / "quack-asan").exists()
    return [qemu, "-L", SYSROOT, str(binary)]


def test_binary_is_for_the_foreign_machine(foreign_quack: list[str]) -> None:
    header = Path(foreign_quack[-1]).read_bytes()[:20]
    machine = int.from_bytes(header[18:20], "little")
    assert machine == {"aarch64": 183, "x86_64": 62}[FOREIGN.arch]  # e_machine


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_program_matches_cpython_on_foreign_target(
    foreign_quack: list[str], program: Path, mode: str, tmp_path: Path
) -> None:
    expected = cpython(program)
    qemu, *rest = foreign_quack
    result, stats = run_quack(Path(qemu), program, tmp_path, *rest, **MODES[mode])
    assert result.stderr == expected.stderr
    assert result.stdout == expected.stdout
    assert result.returncode == expected.returncode
    if program.stem not in COLD and mode.startswith("jit"):
        assert stats["jit_entries"] > 0, stats
        assert stats["jit_compile_failures"] == 0, stats
