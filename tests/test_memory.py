"""Short-lived objects are reclaimed: a loop allocating millions of them runs in bounded memory,
and the pooled heap keeps what survives when it collects at every allocation."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, quack_env
from test_programs import assert_same_run, cpython, run_quack

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


# Survivors scattered among garbage: most blocks keep a few live cells (swept lazily, from their
# mark bitmaps), the rest none (reclaimed whole); lists, dicts and sets have finalizers (their
# storage is malloc'd).
SCATTERED = """
def build(n):
    kept = []
    for i in range(n):
        items = [i, i * 2]
        table = {"i": i, "s": {i, -i}}
        if i % 7 == 0:
            kept.append((items, table))
    return kept

kept = build(3000)
print(len(kept), sum(t["i"] + len(t["s"]) + items[1] for items, t in kept))
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_pooled_heap_under_collector_stress(quack: Path, tmp_path: Path, jit: str) -> None:
    """The pooled heap (sanitizer builds calloc every object instead) collecting at every
    allocation: survivors keep their values, and their blocks keep their cells."""
    program = tmp_path / "scattered.py"
    program.write_text(SCATTERED)
    expected = subprocess.run([sys.executable, str(program)], capture_output=True, text=True)
    result = subprocess.run(
        [str(quack), str(program)],
        capture_output=True,
        text=True,
        timeout=300,
        env=quack_env(QUACK_JIT=jit, QUACK_GC_STRESS="1"),
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, expected.stdout, "")


# Every small size class, survivors one in 17 across rounds: each collection finds blocks it
# reclaims whole, blocks the lazy sweep has not reached since the last one (their dead cells were
# never put on a free list) and blocks it stopped inside; what survives must read back intact.
SIZE_CLASSES = """
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def rounds(count, n):
    kept = []
    for r in range(count):
        batch = []
        for i in range(n):
            text = str(i) * (1 + i % 23)
            batch.append((text, (i, r, text[:3]), [i] * (i % 29), {i: r}, Point(i, -r), i * 0.5))
        kept.extend(batch[r % 17 :: 17])
    return kept


kept = rounds(12, 20000)
total = 0
for text, t, items, table, p, f in kept:
    total += len(text) + t[0] + t[1] + len(t[2]) + sum(items) + table[t[0]] + p.x - p.y + int(f)
print(len(kept), total)
"""


@pytest.mark.parametrize("jit", ["0", "1"])
def test_pooled_heap_reuses_partly_swept_blocks(quack: Path, tmp_path: Path, jit: str) -> None:
    """Ten collections or so, each arriving while the lazy sweep is part-way through the size
    classes; the survivors read back as CPython's."""
    program = tmp_path / "size_classes.py"
    program.write_text(SIZE_CLASSES)
    expected = subprocess.run([sys.executable, str(program)], capture_output=True, text=True)
    result = subprocess.run(
        [str(quack), "--stats", str(program)],
        capture_output=True,
        text=True,
        timeout=300,
        env=quack_env(QUACK_JIT=jit),
    )
    assert (result.returncode, result.stdout) == (0, expected.stdout)
    collections = int(result.stderr.split("gc_collections")[1].split()[0])
    assert collections >= 8, result.stderr


# Programs whose heaps mix classes, dicts, sets, generators, closures and big containers. The
# sanitizer runs collect at every allocation too, but their objects are calloc'd, not pooled.
POOLED_STRESS = [
    "classes_containers",
    "lang_closures",
    "lang_generators",
    "prog_huffman",
    "prog_lru_simulation",
    "regress_gc_class_rebound",
    "stdlib_json",
    "values_dicts",
    "values_sets",
]


@pytest.mark.parametrize("name", POOLED_STRESS)
def test_pooled_heap_keeps_survivors_of_every_collection(
    quack: Path, tmp_path: Path, name: str
) -> None:
    """The heap's mark bitmaps and lazy sweep, collecting at every allocation under the JIT: what
    survives keeps its values, whatever block it shares with the dead."""
    program = ROOT / "tests" / "programs" / f"{name}.py"
    result, _ = run_quack(quack, program, tmp_path, QUACK_JIT="1", QUACK_GC_STRESS="1")
    assert_same_run(result, cpython(program))
