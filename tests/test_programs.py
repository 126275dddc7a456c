"""Every program in tests/programs/ prints exactly what CPython prints, in every tier."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, quack_env

# The corpus and the examples the README runs (the duck simulator among them).
PROGRAMS = sorted((ROOT / "tests" / "programs").glob("*.py")) + sorted(
    (ROOT / "examples").glob("*.py")
)
ERROR_PROGRAMS = sorted((ROOT / "tests" / "programs" / "errors").glob("*.py"))

# Programs that exercise the language rather than hot loops: the JIT has nothing to compile in
# them. Every other program must show machine code compiled and run.
COLD = {
    "classes_containers",
    "lang_call_errors",
    "lang_calls",
    "lang_classes",
    "lang_closures",
    "lang_control",
    "lang_exceptions",
    "lang_scopes",
    "lang_unpacking",
    "mixed_functions",
    "mixed_objects",
    # Its loops are short: defaultdict's work, once Python code, is dict's own C now.
    "prog_topological_sort",
    "regress_gaps",
    "regress_issue14_examples5_6",
    "regress_generator_return",
    "regress_messages",
}

# Thresholds at which every loop is traced at once and every exit gets a side trace: what a
# program exercises in the trace tiers then does not depend on how hot it gets.
EAGER = {"QUACK_JIT_THRESHOLD": "1", "QUACK_EXIT_THRESHOLD": "1"}

# Tier 1 only; traces in the micro-op interpreter; traces as machine code; both eagerly.
MODES = {
    "tier1": {"QUACK_TIER2": "0"},
    "uops": {"QUACK_JIT": "0"},
    "jit": {"QUACK_JIT": "1"},
    "uops-eager": {"QUACK_JIT": "0", **EAGER},
    "jit-eager": {"QUACK_JIT": "1", **EAGER},
}


def cpython(program: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(program)],
        capture_output=True,
        text=True,
        cwd=program.parent,
        timeout=60,
    )


def run_quack(
    binary: Path, program: Path, tmp_path: Path, *flags: str, **env: str
) -> tuple[subprocess.CompletedProcess[str], dict[str, Any]]:
    """Runs quack with `flags` on the program; its output, and its statistics (QUACK_STATS)."""
    stats_file = tmp_path / "stats.json"
    result = subprocess.run(
        [str(binary), *flags, program.name],
        capture_output=True,
        text=True,
        cwd=program.parent,
        # Under ASan with a collection at every allocation the longest programs take ~100 s of
        # CPU; a hang still fails.
        timeout=300,
        env=quack_env(QUACK_STATS=str(stats_file), **env),
    )
    stats = json.loads(stats_file.read_text()) if stats_file.exists() else {}
    return result, stats


def assert_same_run(
    result: subprocess.CompletedProcess[str], expected: subprocess.CompletedProcess[str]
) -> None:
    assert result.stderr == expected.stderr
    assert result.stdout == expected.stdout
    assert result.returncode == expected.returncode


def test_corpus_is_not_empty() -> None:
    assert len(PROGRAMS) >= 40
    assert len(ERROR_PROGRAMS) >= 3


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_program_matches_cpython(quack: Path, program: Path, mode: str, tmp_path: Path) -> None:
    expected = cpython(program)
    result, stats = run_quack(quack, program, tmp_path, **MODES[mode])
    assert_same_run(result, expected)
    if program.stem in COLD:
        return
    if mode == "jit":
        # Loop-heavy programs: machine code was generated and run.
        assert stats["traces_compiled"] > 0, stats
        assert stats["jit_entries"] > 0, stats
        assert stats["jit_code_bytes"] > 0, stats
    if mode == "uops":
        assert stats["tier2_entries"] > 0, stats
        assert stats["jit_entries"] == 0, stats
    if mode == "tier1":
        assert stats["traces_started"] == 0, stats


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_program_clean_under_sanitizers(quack_asan: Path, program: Path, tmp_path: Path) -> None:
    """ASan, UBSan and LeakSanitizer (which fails the run on a leak) with the JIT on, collecting
    at every allocation: a value the collector cannot see is freed at once and ASan reports it."""
    expected = cpython(program)
    result, _ = run_quack(
        quack_asan, program, tmp_path, QUACK_JIT="1", QUACK_GC_STRESS="1", **EAGER
    )
    assert_same_run(result, expected)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("program", ERROR_PROGRAMS, ids=lambda p: p.stem)
def test_uncaught_error_matches_cpython(
    quack: Path, program: Path, mode: str, tmp_path: Path
) -> None:
    expected = cpython(program)
    result, _ = run_quack(quack, program, tmp_path, **MODES[mode])
    assert result.stdout == expected.stdout
    assert result.returncode == expected.returncode == 1
    # The whole traceback: frames, source lines, the caret lines under them, the error.
    assert result.stderr == expected.stderr


@pytest.mark.parametrize("program", ERROR_PROGRAMS, ids=lambda p: p.stem)
def test_uncaught_error_clean_under_sanitizers(
    quack_asan: Path, program: Path, tmp_path: Path
) -> None:
    """The error path (unwinding, the traceback, exit) leaks nothing and touches no freed memory."""
    expected = cpython(program)
    result, _ = run_quack(quack_asan, program, tmp_path, QUACK_JIT="1", QUACK_GC_STRESS="1")
    assert result.returncode == expected.returncode == 1
    assert result.stderr.splitlines()[-1] == expected.stderr.splitlines()[-1]
