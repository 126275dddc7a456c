"""Short-lived objects are reclaimed: a loop allocating millions of them runs in bounded memory."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import quack_env

CHURN = """
def churn(n):
    kept = 0
    for i in range(n):
        pair = [i, str(i), (i, i + 1.5)]
        record = {"id": i, "pair": pair}
        kept += len(record["pair"][1])
    return kept

print(churn(1_000_000))
"""

# Runs a command and reports its peak resident size (KB) on the last line of stderr: a fresh
# process, so no other child of the test runner counts.
PEAK_RSS = (
    "import resource, subprocess, sys\n"
    "code = subprocess.run(sys.argv[1:]).returncode\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(code)\n"
)

# Well under what a million lists, dicts, tuples, strs and floats would take if none were freed
# (several hundred MB), and above the interpreter's own footprint.
LIMIT_KB = 64 * 1024


@pytest.mark.parametrize("jit", ["0", "1"])
def test_million_short_lived_objects_run_in_bounded_memory(
    quack: Path, tmp_path: Path, jit: str
) -> None:
    program = tmp_path / "churn.py"
    program.write_text(CHURN)
    result = subprocess.run(
        [sys.executable, "-c", PEAK_RSS, str(quack), str(program)],
        capture_output=True,
        text=True,
        timeout=300,
        env=quack_env(QUACK_JIT=jit),
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "5888890\n"
    peak_kb = int(result.stderr.splitlines()[-1])
    assert peak_kb < LIMIT_KB, f"peak RSS {peak_kb} KB"
