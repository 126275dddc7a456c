"""The differential fuzzer (fuzz/): its programs are deterministic and valid, its minimizer keeps
the failure it is given, and a fixed slice of seeds agrees with CPython in every configuration."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import OUT, ROOT

from fuzz.configs import CONFIGS
from fuzz.minimize import minimize
from fuzz.program import generate
from fuzz.reference import run_cpython
from fuzz.runner import classify

# CI's slice: seeds no development run is tuned on would be better, but a fixed slice is what
# makes a CI failure reproducible (`python -m fuzz --seeds 0:400`).
CI_SEEDS = range(0, 400)
ASAN_EVERY = 10


def test_generation_is_deterministic_across_processes() -> None:
    """Same seed, same program: in another process, with another hash seed."""
    code = "import sys; from fuzz.program import generate; sys.stdout.write(generate(1234))"
    other = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "77"},
        timeout=60,
        check=True,
    )
    assert other.stdout == generate(1234)
    assert generate(1234) != generate(1235)


@pytest.mark.parametrize("seed", range(0, 60))
def test_programs_run_clean_under_cpython(seed: int) -> None:
    """A program the generator makes never lets an exception escape (it is then no test)."""
    assert run_cpython(generate(seed), f"seed{seed}.py").error is None


def test_programs_cover_what_breaks_jits() -> None:
    """Across a few seeds, every kind of change a trace must survive shows up."""
    text = "".join(generate(seed) for seed in range(0, 200))
    for construct in (
        "__dict__[",
        "setattr(",
        "delattr(",
        "del ",
        ".__class__ = ",
        "global G",
        ".m = ",
        "raise ",
        "yield ",
        "rec(",
        "super().m(",
        "C = new_class(i)",
        "float('nan')",
        "-0.0",
        "2**53 + 1",
        "4611686018427387903",
    ):
        assert construct in text, construct


def test_minimizer_keeps_the_failure() -> None:
    """A "failure" that needs a super() call in a method and a clean CPython run is cut to the
    few lines that need: the class, its base, the method."""
    source = next(generate(s) for s in range(100) if "super().m(" in generate(s))

    def fails(candidate: str) -> bool:
        return "super().m(" in candidate and run_cpython(candidate, "c.py").error is None

    small = minimize(source, fails)
    assert fails(small)
    assert len(small.splitlines()) <= 8, small


def test_fixed_seed_slice_matches_cpython_everywhere() -> None:
    """Every program of the slice prints what CPython prints in every configuration (each tier,
    low thresholds, short traces, both JIT memory modes; every tenth under quack-asan with the
    collector stress on). On failure, `python -m fuzz --seeds A:B --file DIR` minimizes what
    disagreed."""
    assert (OUT / "bin" / "quack").exists() and (OUT / "bin" / "quack-asan").exists()
    assert len(CONFIGS) == 9
    seeds = f"{CI_SEEDS.start}:{CI_SEEDS.stop}"
    result = subprocess.run(
        [sys.executable, "-m", "fuzz", "--seeds", seeds, "--asan-every", str(ASAN_EVERY)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=1800,
    )
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    assert f"{len(CI_SEEDS)} programs, 0 disagreed with CPython" in result.stdout


@pytest.mark.parametrize(
    ("returncode", "stdout", "stderr", "kind"),
    [
        (0, "1\n", "", None),
        (0, "2\n", "", "wrong"),
        (-11, "", "", "crash"),
        (1, "1\n", "Traceback...\nTypeError: x\n", "error"),
        (1, "", "==1==ERROR: AddressSanitizer: heap-use-after-free\nSUMMARY: ...\n", "sanitizer"),
        (0, "1\n", "a.c:3:4: runtime error: misaligned address\n", "sanitizer"),
    ],
)
def test_runner_classifies_each_way_of_disagreeing(
    returncode: int, stdout: str, stderr: str, kind: str | None
) -> None:
    result = subprocess.CompletedProcess(["quack"], returncode, stdout, stderr)
    mismatch = classify(CONFIGS[0], "1\n", result)
    assert (mismatch.kind if mismatch else None) == kind
