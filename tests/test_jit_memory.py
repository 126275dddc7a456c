"""The JIT's code arena (runtime/jit/jit_memory.c) in both W^X modes: programs print what CPython
prints, traces pack into shared chunks, and under PR_SET_MDWE (no memory may gain execute
permission) dual mode still compiles while flip mode falls back to the micro-op interpreter."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, quack_env
from test_programs import cpython, run_quack

PROGRAMS = [
    ROOT / "examples" / "loops.py",
    ROOT / "examples" / "duck_simulator.py",
    *(
        ROOT / "tests" / "programs" / f"{name}.py"
        for name in (
            "nested_loops",
            "collatz",
            "classes_runtime_change",
            "hot_rebinding",
            # Invalidated while running: the traces' checks are rewritten into jumps out.
            "hot_global_constants",
        )
    ),
]
MODES = ("flip", "dual")

# Runs a program with PR_SET_MDWE(PR_MDWE_REFUSE_EXEC_GAIN) set: 65 and 1 in <linux/prctl.h>.
# The setting is inherited, so quack's front end (python3) runs under it too.
MDWE_LAUNCHER = (
    "import ctypes,os,sys; ctypes.CDLL(None).prctl(65,1,0,0,0)==0 or sys.exit('no MDWE'); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)

PAGE = 4096
HOT_LOOPS = 50


def many_loops(tmp_path: Path) -> Path:
    """A program with HOT_LOOPS small hot loops: one trace each."""
    lines = []
    for k in range(HOT_LOOPS):
        lines += [f"t{k} = 0", "for i in range(200):", f"    t{k} += i + {k}", f"print(t{k})"]
    program = tmp_path / "many_loops.py"
    program.write_text("\n".join(lines) + "\n")
    return program


def under_mdwe(
    quack: Path, program: Path, tmp_path: Path, mode: str
) -> tuple[subprocess.CompletedProcess[str], dict[str, int]]:
    launcher = tmp_path / "mdwe_quack"
    launcher.write_text(f'#!/bin/sh\nexec python3 -c "{MDWE_LAUNCHER}" {quack} "$@"\n')
    launcher.chmod(0o755)
    return run_quack(launcher, program, tmp_path, QUACK_JIT_MEMORY=mode)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_programs_match_cpython(quack_asan: Path, program: Path, mode: str, tmp_path: Path) -> None:
    result, stats = run_quack(quack_asan, program, tmp_path, QUACK_JIT_MEMORY=mode)
    assert result.returncode == 0, result.stderr
    assert result.stdout == cpython(program).stdout
    assert stats["jit_entries"] > 0
    assert stats["jit_compile_failures"] == 0
    # Every trace compiled is live at exit, or was freed when its tree was invalidated.
    compiled = stats["traces_compiled"] + stats["side_traces_compiled"]
    assert stats["jit_traces_live"] + stats["jit_traces_freed"] == compiled


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_dual_mode_compiles_under_mdwe(quack: Path, program: Path, tmp_path: Path) -> None:
    result, stats = under_mdwe(quack, program, tmp_path, "dual")
    assert result.returncode == 0, result.stderr
    assert result.stdout == cpython(program).stdout
    assert stats["jit_entries"] > 0
    assert stats["jit_compile_failures"] == 0


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_flip_mode_falls_back_under_mdwe(quack: Path, program: Path, tmp_path: Path) -> None:
    result, stats = under_mdwe(quack, program, tmp_path, "flip")
    assert result.returncode == 0, result.stderr
    assert result.stdout == cpython(program).stdout
    assert stats["jit_compile_failures"] > 0
    assert stats["jit_entries"] == 0
    assert stats["tier2_entries"] > 0


@pytest.mark.parametrize("mode", MODES)
def test_traces_share_pages(quack_asan: Path, mode: str, tmp_path: Path) -> None:
    program = many_loops(tmp_path)
    result, stats = run_quack(quack_asan, program, tmp_path, QUACK_JIT_MEMORY=mode)
    assert result.returncode == 0, result.stderr
    assert result.stdout == cpython(program).stdout
    assert stats["jit_traces_live"] >= HOT_LOOPS
    assert stats["jit_arena_bytes_used"] <= stats["jit_arena_bytes_mapped"]
    assert stats["jit_arena_bytes_mapped"] < HOT_LOOPS * PAGE


def test_failed_traces_memory_is_reused(quack: Path, tmp_path: Path) -> None:
    # Under MDWE every flip-mode trace is written, refused and given back: the next one reuses the
    # same range, so the arena never grows past its first code and data chunks.
    program = many_loops(tmp_path)
    result, stats = under_mdwe(quack, program, tmp_path, "flip")
    assert result.returncode == 0, result.stderr
    assert result.stdout == cpython(program).stdout
    assert stats["jit_compile_failures"] >= HOT_LOOPS
    assert stats["jit_arena_bytes_used"] == 0
    assert stats["jit_arena_bytes_mapped"] <= 20 * PAGE


def test_unknown_mode_is_a_usage_error(quack: Path) -> None:
    result = subprocess.run(
        [str(quack), str(ROOT / "examples" / "loops.py")],
        capture_output=True,
        text=True,
        timeout=60,
        env=quack_env(QUACK_JIT_MEMORY="both"),
    )
    assert result.returncode == 2
    assert result.stderr == "quack: unknown QUACK_JIT_MEMORY=both (choose flip or dual)\n"


@pytest.mark.parametrize("mode", MODES)
def test_chunks_are_mapped_within_rel32_reach_of_the_runtime(
    quack: Path, mode: str, tmp_path: Path
) -> None:
    """Every chunk is placed near the runtime's code, so stencils call its helpers directly."""
    result, stats = run_quack(quack, many_loops(tmp_path), tmp_path, QUACK_JIT_MEMORY=mode)
    assert result.returncode == 0, result.stderr
    assert stats["jit_arena_bytes_mapped"] > 0
    assert stats["jit_arena_bytes_near"] == stats["jit_arena_bytes_mapped"]
