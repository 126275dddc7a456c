"""Executable memory is never writable and executable at once: every mapping and protection change
the JIT makes, seen from outside with strace, is either writable or executable, never both."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from conftest import ROOT, quack_env

PROT_CALL = re.compile(r"\b(mmap|mprotect)\((.*)\) = ")


def test_jit_memory_is_never_writable_and_executable(
    quack: Path, out_dir: Path, tmp_path: Path
) -> None:
    image = tmp_path / "loops.qkimg"
    # A precompiled image, so only quack itself (not the Python front end) is traced.
    subprocess.run(
        ["python3", "-P", "-m", "frontend", str(ROOT / "examples" / "loops.py"), "-o", str(image)],
        check=True,
        cwd=ROOT,
        env=quack_env(PYTHONPATH=f"{ROOT}:{out_dir / 'lib'}"),
    )
    trace = tmp_path / "strace.txt"
    result = subprocess.run(
        [
            "strace",
            "-f",
            "-e",
            "trace=mmap,mprotect",
            "-o",
            str(trace),
            str(quack),
            "--image",
            str(image),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=quack_env(QUACK_JIT="1"),
    )
    assert result.returncode == 0, result.stderr
    calls = [m.group(2) for m in map(PROT_CALL.search, trace.read_text().splitlines()) if m]
    assert not [c for c in calls if "PROT_WRITE" in c and "PROT_EXEC" in c]
    # The JIT did run: some pages it filled were switched to read-execute.
    flipped = [c for c in calls if "PROT_READ|PROT_EXEC" in c and c.count(",") == 2]
    assert flipped, calls
