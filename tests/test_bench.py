"""The benchmark programs in bench/programs/ print what CPython prints, and bench/run.py runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT
from test_programs import run_quack

BENCH = ROOT / "bench"
PROGRAMS = sorted((BENCH / "programs").glob("*.py"))


def test_suite_is_complete() -> None:
    assert len(PROGRAMS) >= 14
    assert "duck_simulator" in {p.stem for p in PROGRAMS}


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.stem)
def test_benchmark_matches_cpython(quack: Path, program: Path, tmp_path: Path) -> None:
    """Once under the JIT (the default configuration): the benchmarks stay correct."""
    expected = subprocess.run(
        [sys.executable, program.name],
        capture_output=True,
        text=True,
        cwd=program.parent,
        timeout=60,
    )
    assert expected.returncode == 0, expected.stderr
    assert len(expected.stdout.splitlines()) == 1  # a single checksum line
    result, _ = run_quack(quack, program, tmp_path)
    assert result.stderr == expected.stderr
    assert result.stdout == expected.stdout
    assert result.returncode == 0


def test_runner_prints_geometric_means(quack: Path, tmp_path: Path) -> None:
    report = tmp_path / "bench.json"
    result = subprocess.run(
        [
            sys.executable,
            str(BENCH / "run.py"),
            "--repeat",
            "1",
            "--quack",
            str(quack),
            "--json",
            str(report),
            "duck_simulator",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("duck_simulator ") for line in lines), result.stdout
    geomean = [line for line in lines if line.startswith("geomean")]
    assert len(geomean) == 1 and geomean[0].count("x") == 2, result.stdout
    compile_bench = "compile-bench: not available in this quack" in lines or any(
        line.startswith("overall") for line in lines
    )
    assert compile_bench, result.stdout
    data = json.loads(report.read_text())
    assert set(data["programs"]) == {"duck_simulator"}
    assert data["geomean"]["jit_speedup"] > 0
    # Code size per micro-op and the exit stubs' share, from the same quack.
    code = data["compile_bench"]["programs"]["duck_simulator"]
    assert code["bytes_per_uop"] == code["hot_code_bytes"] / code["uops"] > 0
    assert 0 < code["stub_share"] < 100
