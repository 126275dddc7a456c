"""Runs one program under CPython and under quack in each configuration, and says how they
disagree. The program is compiled to a code image once (in this process, by quack's front end),
and every configuration runs that image."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fuzz.configs import Config
from fuzz.reference import Reference, run_cpython
from generator.targets import host_target

ROOT = Path(__file__).resolve().parent.parent
TARGET = host_target().name
OUT = ROOT / "out" / TARGET
sys.path.insert(0, str(OUT / "lib"))  # the front end's opcode table is a build product

from frontend import opcodes  # noqa: E402
from frontend.compiler import compile_source  # noqa: E402
from frontend.errors import CompileError  # noqa: E402
from frontend.image import Image, write_image  # noqa: E402

QUACK_TIMEOUT = 30


@dataclass(frozen=True)
class Mismatch:
    config: str
    # crash, sanitizer, hang, error (an exception CPython did not raise), wrong (output)
    kind: str
    detail: str  # the first line that differs, the signal, the sanitizer's summary

    def describe(self) -> str:
        return f"{self.config}: {self.kind}: {self.detail}"


@dataclass(frozen=True)
class Outcome:
    reference: Reference
    unsupported: str | None  # the front end refused the program (the generator's fault)
    mismatches: list[Mismatch]


def first_difference(expected: str, actual: str) -> str:
    want, got = expected.splitlines(), actual.splitlines()
    for i, (a, b) in enumerate(zip(want, got, strict=False)):
        if a != b:
            return f"line {i + 1}: expected {a[:160]!r}, got {b[:160]!r}"
    if len(want) != len(got):
        return f"expected {len(want)} lines, got {len(got)}"
    return "output differs in whitespace"


def classify(
    config: Config, expected: str, result: subprocess.CompletedProcess[str]
) -> Mismatch | None:
    """How quack's run differs from CPython's (whose program exited normally), if it does."""
    stderr = result.stderr
    if (
        "ERROR: AddressSanitizer" in stderr
        or "runtime error:" in stderr
        or "LeakSanitizer" in stderr
    ):
        summary = next(
            (s for s in stderr.splitlines() if "SUMMARY" in s or "runtime error" in s), ""
        )
        return Mismatch(config.name, "sanitizer", summary.strip()[:200])
    if result.returncode < 0:
        return Mismatch(config.name, "crash", f"signal {-result.returncode}")
    if result.returncode != 0 or stderr:
        last = stderr.strip().splitlines()[-1] if stderr.strip() else ""
        return Mismatch(config.name, "error", f"exit {result.returncode}: {last[:200]}")
    if result.stdout != expected:
        return Mismatch(config.name, "wrong", first_difference(expected, result.stdout))
    return None


def binary(config: Config) -> Path:
    return OUT / "bin" / ("quack-asan" if config.asan else "quack")


def run_quack(image: Path, config: Config) -> subprocess.CompletedProcess[str] | None:
    """quack's run of the image; None when it did not finish in time."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("QUACK_")}
    env.update(config.env)
    # A crash must not become a leak report, and the leak checker's own report is a finding.
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    try:
        return subprocess.run(
            [str(binary(config)), "--image", str(image)],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=QUACK_TIMEOUT,
            env=env,
        )
    except subprocess.TimeoutExpired:
        return None


def compile_image(source: str, path: str) -> bytes:
    return write_image(Image(opcodes.DIGEST, path, compile_source(source, path)))


def check(source: str, path: str, configs: list[Config]) -> Outcome:
    """Runs the program everywhere; a program CPython does not finish normally is no test."""
    reference = run_cpython(source, path)
    if reference.error is not None:
        return Outcome(reference, None, [])
    try:
        image_bytes = compile_image(source, path)
    except CompileError as error:
        return Outcome(reference, error.format(path), [])
    mismatches = []
    with tempfile.TemporaryDirectory(prefix="quack-fuzz-") as tmp:
        image = Path(tmp) / "program.qkimg"
        image.write_bytes(image_bytes)
        for config in configs:
            result = run_quack(image, config)
            if result is None:
                mismatches.append(Mismatch(config.name, "hang", f"over {QUACK_TIMEOUT}s"))
                continue
            mismatch = classify(config, reference.stdout, result)
            if mismatch is not None:
                mismatches.append(mismatch)
    return Outcome(reference, None, mismatches)
