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


def bench(script: str, *args: str, timeout: int) -> subprocess.CompletedProcess[str]:
    """Runs one of bench/'s scripts from the checkout's root."""
    return subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )


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
    argv = ["--repeat", "1", "--quack", str(quack), "--json", str(report), "duck_simulator"]
    result = bench("run.py", *argv, timeout=120)
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


CALLGRIND = """\
version: 1
events: Ir
fn=qk_run
0x1000 12 7
calls=2 0x2000
0x1004 12 900
0x1008 13 3
fn=0x0000000000002000
0x2000 0 100
0x2004 0 100
0x2010 0 40
0x2018 0 40
0x3000 0 5
"""

PERF_MAP = """\
2000 10 quack:trace-entry loop
2010 10 quack:_OLD.oparg1 loop@3
2010 10 quack:_ITER_NEXT_RANGE loop@4
"""


def test_uop_profile_charges_each_instruction_once() -> None:
    """Cost lines in JIT ranges go to the stencil (the latest perf-map line for a reused address),
    others to their C function; a call's inclusive cost is not counted again."""
    sys.path.insert(0, str(BENCH))
    from uop_profile import attribute, parse_perf_map

    profile = attribute(CALLGRIND, parse_perf_map(PERF_MAP))
    assert profile.total == 7 + 3 + 100 + 100 + 40 + 40 + 5
    assert dict(profile.uop_cost) == {"trace-entry": 200, "_ITER_NEXT_RANGE": 80}
    assert dict(profile.uop_runs) == {"trace-entry": 100, "_ITER_NEXT_RANGE": 40}
    assert dict(profile.function_cost) == {"qk_run": 10, "0x0000000000002000": 5}


def test_uop_profile_counts_a_loops_micro_ops(quack: Path, tmp_path: Path) -> None:
    program = tmp_path / "loop.py"
    program.write_text(
        "def main():\n"
        "    total = 0\n"
        "    for i in range(100000):\n"
        "        total += i % 7\n"
        "    print(total)\n"
        "main()\n"
    )
    result = bench("uop_profile.py", "--quack", str(quack), str(program), timeout=300)
    assert result.returncode == 0, result.stderr
    # The loop runs in JIT code once warm: every round iterates the range once.
    rows = [line.split() for line in result.stdout.splitlines()]
    runs = sum(
        int(r[3].replace(",", "")) for r in rows if r and r[0].startswith("_ITER_NEXT_RANGE")
    )
    assert 90_000 < runs < 100_000, result.stdout
    share = float(result.stdout.split("(")[1].split("%")[0])
    assert share > 50, result.stdout
    assert "C function (self)" in result.stdout


def test_counts_compare_two_builds_run_for_run(quack: Path, tmp_path: Path) -> None:
    """bench/counts.py: tier 1 and JIT instructions of each program under cachegrind, checked
    against CPython's output; the same quack as its own base changes nothing."""
    program = tmp_path / "loop.py"
    program.write_text(
        "def main():\n"
        "    total = 0\n"
        "    for i in range(200000):\n"
        "        total += i % 7\n"
        "    print(total)\n"
        "main()\n"
    )
    report = tmp_path / "counts.json"
    argv = ["--quack", str(quack), "--base", str(quack), "--cache", "--json", str(report)]
    result = bench("counts.py", *argv, str(program), timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    rows = {line.split()[0]: line.split() for line in result.stdout.splitlines() if line}
    # A run differs from the next by a few instructions (its environment, its addresses).
    assert set(rows["loop"][4:6]) <= {"+0.00%", "-0.00%"}, result.stdout
    assert rows["geomean"][0] == "geomean", result.stdout
    counts = json.loads(report.read_text())["programs"]["loop"]
    now, base = counts["quack"], counts["base"]
    assert now["tier1"]["instructions"] > 2 * now["jit"]["instructions"] > 0
    for config in ("tier1", "jit"):
        assert abs(now[config]["instructions"] - base[config]["instructions"]) < 1000
        assert now[config]["d1_misses"] > 0


def test_counts_reject_output_that_differs_from_cpython(tmp_path: Path) -> None:
    """A quack that prints something else stops the run: a count of a wrong program is no count."""
    program = tmp_path / "hello.py"
    program.write_text("print('hello')\n")
    wrong = tmp_path / "quack"
    wrong.write_text("#!/bin/sh\necho goodbye\n")
    wrong.chmod(0o755)
    result = bench("counts.py", "--quack", str(wrong), str(program), timeout=600)
    assert (result.returncode, result.stdout) == (1, "")
    assert result.stderr.startswith("bench: hello: ") and "printed 'goodbye\\n'" in result.stderr
