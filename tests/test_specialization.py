"""The specializing adaptive interpreter: instructions specialize to what they see, miss when it
changes, and de-specialize when they keep missing; the statistics say so per family."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from conftest import ROOT, quack_env


def stats_of(quack: Path, program: Path, tmp_path: Path) -> tuple[str, dict[str, dict[str, int]]]:
    stats_file = tmp_path / "stats.json"
    result = subprocess.run(
        [str(quack), str(program)],
        capture_output=True,
        text=True,
        timeout=120,
        env=quack_env(QUACK_TIER2="0", QUACK_STATS=str(stats_file)),
    )
    assert result.returncode == 0, result.stderr
    return result.stdout, json.loads(stats_file.read_text())["specialization"]


def test_duck_simulator_specializes_every_family_it_uses(quack: Path, tmp_path: Path) -> None:
    _, families = stats_of(quack, ROOT / "examples" / "duck_simulator.py", tmp_path)
    for family in (
        "LOAD_ATTR",
        "LOAD_METHOD",
        "LOAD_GLOBAL",
        "CALL",
        "TO_BOOL",
        "FOR_ITER",
        "BINARY_OP",
        "COMPARE_OP",
    ):
        assert families[family]["hits"] > 0, (family, families[family])
        assert families[family]["successes"] > 0, (family, families[family])
    # Ducks and rubber ducks alternate at `duck.echo`: the class attribute site misses.
    assert families["LOAD_ATTR"]["misses"] > 0


CHANGING = """
def add_all(pairs):
    total = None
    for a, b in pairs:
        total = a + b
    return total

ints = [(i, i) for i in range(200)]
strs = [(str(i), "x") for i in range(200)]
print(add_all(ints))
print(add_all(strs))
print(add_all(ints))
"""


def test_a_site_whose_types_change_is_respecialized(quack: Path, tmp_path: Path) -> None:
    program = tmp_path / "changing.py"
    program.write_text(CHANGING)
    out, families = stats_of(quack, program, tmp_path)
    assert out == "398\n199x\n398\n"
    binary = families["BINARY_OP"]
    # ints, then strs: the int form misses and is replaced (a de-specialization), then back.
    assert binary["misses"] > 0, binary
    assert binary["deopts"] >= 2, binary
    assert binary["successes"] >= 3, binary
