"""Run the benchmark suite: each program under quack's interpreter, quack's JIT and CPython.

    .venv/bin/python bench/run.py [--repeat N] [--quack PATH] [--json FILE] [PROGRAM ...]

Every program is first compiled once with the front end to a code image, so the Python front end
is not timed. Then, for each repetition and each program, the three configurations run one after
another (their order rotating), each timed by wall clock around the whole process. All three must
print the same thing. The table shows the minimum time (and the median) per configuration and the
ratios of the minimums; the last row holds their geometric means. Then the JIT compile
micro-benchmark (`quack --compile-bench`) runs once per program, when the quack supports it.
See bench/README.md.
"""

from __future__ import annotations

import argparse
import difflib
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the target names are the generator's
from generator.targets import host_target  # noqa: E402

PROGRAMS_DIR = ROOT / "bench" / "programs"
CONFIGS = ("interp", "jit", "cpython")
TIMEOUT = 600
COMPILE_BENCH = re.compile(
    r"compile-bench: traces=(\d+) bytes=(\d+) copy_patch_ns=([0-9.eE+-]+) memcpy_ns=([0-9.eE+-]+)"
    r" block_memcpy_ns=([0-9.eE+-]+)(?: code_bytes=(\d+) hot_code_bytes=(\d+) uops=(\d+))?"
)


Output: TypeAlias = subprocess.CompletedProcess[str]


class BenchError(Exception):
    """A failure that ends the run with a message (a missing tool, a wrong output)."""


@dataclass
class Program:
    name: str
    source: Path
    image: Path = Path()
    times: dict[str, list[float]] = field(default_factory=lambda: {c: [] for c in CONFIGS})

    def best(self, config: str) -> float:
        return min(self.times[config])

    def median(self, config: str) -> float:
        return statistics.median(self.times[config])

    def jit_speedup(self) -> float:
        return self.best("interp") / self.best("jit")

    def jit_vs_cpython(self) -> float:
        return self.best("cpython") / self.best("jit")


@dataclass
class CompileBench:
    traces: int
    code_bytes: int
    copy_patch_ns: float
    memcpy_ns: float  # the stencils' bytes copied where the trace puts them, unpatched
    block_memcpy_ns: float  # the finished trace copied as one block
    machine_code_bytes: int  # of all traces, exit stubs included
    hot_code_bytes: int  # what runs while no guard fails
    uops: int  # micro-ops in the traces' bodies

    def ratio(self) -> float | None:
        if self.traces == 0 or self.memcpy_ns <= 0:
            return None
        return self.copy_patch_ns / self.memcpy_ns

    def bytes_per_uop(self) -> float:
        return self.hot_code_bytes / self.uops if self.uops else 0.0

    def stub_share(self) -> float:
        """Exit stubs' (and trampolines') share of the machine code, in percent."""
        code = self.machine_code_bytes
        return 100.0 * (code - self.hot_code_bytes) / code if code else 0.0


def default_quack() -> Path:
    return ROOT / "out" / host_target().name / "bin" / "quack"


def clean_env(**overrides: str) -> dict[str, str]:
    """The caller's environment without QUACK_* settings (so "default" means default)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("QUACK_")}
    env.update(overrides)
    return env


def find_cpython() -> tuple[Path, str]:
    """The real `python3` binary and its version: shims (pyenv's) cost tens of milliseconds."""
    python3 = shutil.which("python3")
    if python3 is None:
        raise BenchError("python3 is not on PATH")
    result = subprocess.run(
        [python3, "-c", "import platform, sys; print(sys.executable, platform.python_version())"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    words = result.stdout.split()
    if result.returncode != 0 or len(words) != 2:
        raise BenchError(f"cannot run {python3}: {result.stderr.strip()}")
    return Path(words[0]), words[1]


def select_programs(names: list[str]) -> list[Program]:
    available = {p.stem: p for p in sorted(PROGRAMS_DIR.glob("*.py"))}
    if not names:
        return [Program(stem, path) for stem, path in available.items()]
    chosen: list[Program] = []
    for name in names:
        stem = name.removesuffix(".py")
        if stem in available:
            chosen.append(Program(stem, available[stem]))
        elif name.endswith(".py") and Path(name).is_file():
            chosen.append(Program(Path(name).stem, Path(name).resolve()))
        else:
            raise BenchError(
                f"unknown program {name!r}: choose from {', '.join(available)} (or a .py file)"
            )
    return chosen


def compile_images(programs: list[Program], quack: Path, workdir: Path) -> None:
    """Compile each program with the front end of the checkout the quack binary was built in."""
    out_dir = quack.resolve().parent.parent  # <checkout>/out/<target>
    home = out_dir.parent.parent
    if not (home / "frontend").is_dir() or not (out_dir / "lib").is_dir():
        # A quack outside a checkout's out/<target>/bin: use this checkout's front end.
        home, out_dir = ROOT, default_quack().parent.parent
    env = clean_env(PYTHONPATH=os.pathsep.join([str(home), str(out_dir / "lib")]))
    for program in programs:
        program.image = workdir / f"{program.name}.qkimg"
        result = subprocess.run(
            [sys.executable, "-m", "frontend", str(program.source), "-o", str(program.image)],
            capture_output=True,
            text=True,
            cwd=home,
            env=env,
            timeout=TIMEOUT,
        )
        if result.returncode != 0:
            raise BenchError(
                f"{program.name}: the front end failed (exit {result.returncode}):\n"
                + result.stderr.rstrip()
            )


def command(config: str, program: Program, quack: Path, cpython: Path) -> list[str]:
    if config == "cpython":
        return [str(cpython), str(program.source)]
    return [str(quack), "--image", str(program.image)]


def run_once(config: str, program: Program, quack: Path, cpython: Path) -> tuple[float, Output]:
    env = clean_env(QUACK_TIER2="0") if config == "interp" else clean_env()
    argv = command(config, program, quack, cpython)
    start = time.perf_counter()
    result = subprocess.run(
        argv,
        capture_output=True,
        text=True,
        cwd=program.source.parent,
        env=env,
        timeout=TIMEOUT,
    )
    elapsed = time.perf_counter() - start
    return elapsed, result


def describe(result: Output) -> str:
    return f"exit status {result.returncode}\nstdout:\n{result.stdout}stderr:\n{result.stderr}"


def check_same(program: Program, config: str, result: Output, expected: Output) -> None:
    """Fails unless `config` printed what CPython printed (stdout, stderr and exit status)."""
    if (result.returncode, result.stdout, result.stderr) == (
        expected.returncode,
        expected.stdout,
        expected.stderr,
    ):
        return
    message = [f"{program.name}: quack {config} output differs from CPython's"]
    if result.returncode != expected.returncode:
        message.append(f"exit status: {config} {result.returncode}, cpython {expected.returncode}")
    for stream in ("stdout", "stderr"):
        got, want = getattr(result, stream), getattr(expected, stream)
        if got != want:
            diff = difflib.unified_diff(
                want.splitlines(keepends=True),
                got.splitlines(keepends=True),
                f"cpython {stream}",
                f"{config} {stream}",
            )
            message.append("".join(list(diff)[:40]).rstrip())
    raise BenchError("\n".join(message))


def measure(programs: list[Program], repeat: int, quack: Path, cpython: Path) -> None:
    for rep in range(repeat):
        print(f"repetition {rep + 1}/{repeat}", file=sys.stderr, flush=True)
        for index, program in enumerate(programs):
            start = (rep + index) % len(CONFIGS)
            results: dict[str, Output] = {}
            for config in CONFIGS[start:] + CONFIGS[:start]:
                elapsed, results[config] = run_once(config, program, quack, cpython)
                program.times[config].append(elapsed)
            expected = results["cpython"]
            if expected.returncode != 0:
                raise BenchError(f"{program.name}: CPython failed, {describe(expected)}")
            for config in ("interp", "jit"):
                check_same(program, config, results[config], expected)


def geomean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def print_table(programs: list[Program]) -> None:
    width = max([len("program"), len("geomean")] + [len(p.name) for p in programs])
    header = (
        f"{'program':<{width}}  {'interp s (med)':>15}  {'jit s (med)':>15}  "
        f"{'cpython s (med)':>15}  {'interp/jit':>10}  {'cpython/jit':>11}"
    )
    print(header)
    print("-" * len(header))
    for p in programs:
        cells = [f"{p.best(c):.3f} ({p.median(c):.3f})" for c in CONFIGS]
        print(
            f"{p.name:<{width}}  {cells[0]:>15}  {cells[1]:>15}  {cells[2]:>15}  "
            f"{p.jit_speedup():>9.2f}x  {p.jit_vs_cpython():>10.2f}x"
        )
    print("-" * len(header))
    speedup = geomean([p.jit_speedup() for p in programs])
    versus = geomean([p.jit_vs_cpython() for p in programs])
    print(f"{'geomean':<{width}}  {'':>15}  {'':>15}  {'':>15}  {speedup:>9.2f}x  {versus:>10.2f}x")


def compile_bench(programs: list[Program], quack: Path) -> dict[str, object]:
    """Runs `quack --compile-bench` per program; prints its copy-and-patch/memcpy ratios."""
    print()
    results: dict[str, CompileBench] = {}
    for program in programs:
        result = subprocess.run(
            [str(quack), "--compile-bench", "--image", str(program.image)],
            capture_output=True,
            text=True,
            cwd=program.source.parent,
            env=clean_env(),
            timeout=TIMEOUT,
        )
        if result.returncode == 2 and "usage:" in result.stderr:
            print("compile-bench: not available in this quack")
            return {"available": False}
        match = COMPILE_BENCH.search(result.stderr)
        if result.returncode != 0 or match is None:
            last = (result.stderr.strip().splitlines() or ["no output"])[-1]
            print(f"compile-bench: {program.name}: failed (exit {result.returncode}): {last}")
            continue
        bench = CompileBench(
            int(match[1]),
            int(match[2]),
            float(match[3]),
            float(match[4]),
            float(match[5]),
            # Absent from a quack that does not report its code's size: 0.
            int(match[6] or 0),
            int(match[7] or 0),
            int(match[8] or 0),
        )
        results[program.name] = bench
    width = max([len("program"), len("overall")] + [len(name) for name in results])
    print(
        f"{'program':<{width}}  {'traces':>7}  {'bytes':>9}  {'copy+patch ns':>13}  "
        f"{'memcpy ns':>10}  {'ratio':>7}  {'1 memcpy ns':>11}  {'B/uop':>6}  {'stubs':>6}"
    )
    for name, b in results.items():
        ratio = b.ratio()
        shown = f"{ratio:>6.2f}x" if ratio is not None else f"{'-':>7}"
        print(
            f"{name:<{width}}  {b.traces:>7}  {b.code_bytes:>9}  {b.copy_patch_ns:>13.1f}  "
            f"{b.memcpy_ns:>10.1f}  {shown}  {b.block_memcpy_ns:>11.1f}  "
            f"{b.bytes_per_uop():>6.1f}  {b.stub_share():>5.1f}%"
        )
    # Overall: all traces' copy-and-patch time over all traces' memcpy time.
    patch_total = sum(b.copy_patch_ns * b.traces for b in results.values())
    memcpy_total = sum(b.memcpy_ns * b.traces for b in results.values())
    overall = patch_total / memcpy_total if memcpy_total > 0 else None
    hot = sum(b.hot_code_bytes for b in results.values())
    uops = sum(b.uops for b in results.values())
    code = sum(b.machine_code_bytes for b in results.values())
    per_uop = hot / uops if uops else 0.0
    stubs = 100.0 * (code - hot) / code if code else 0.0
    if overall is not None:
        print(
            f"{'overall':<{width}}  {'':>7}  {'':>9}  {'':>13}  {'':>10}  {overall:>6.2f}x  "
            f"{'':>11}  {per_uop:>6.1f}  {stubs:>5.1f}%"
        )
    else:
        print(f"{'overall':<{width}}  no traces compiled")
    return {
        "available": True,
        "programs": {
            name: {
                "traces": b.traces,
                "bytes": b.code_bytes,
                "copy_patch_ns": b.copy_patch_ns,
                "memcpy_ns": b.memcpy_ns,
                "block_memcpy_ns": b.block_memcpy_ns,
                "ratio": b.ratio(),
                "code_bytes": b.machine_code_bytes,
                "hot_code_bytes": b.hot_code_bytes,
                "uops": b.uops,
                "bytes_per_uop": b.bytes_per_uop(),
                "stub_share": b.stub_share(),
            }
            for name, b in results.items()
        },
        "overall_ratio": overall,
        "bytes_per_uop": per_uop,
        "stub_share": stubs,
    }


def report(
    programs: list[Program],
    quack: Path,
    cpython: tuple[Path, str],
    repeat: int,
    compile_results: object,
) -> dict[str, object]:
    return {
        "quack": str(quack),
        "cpython": str(cpython[0]),
        "cpython_version": cpython[1],
        "repeat": repeat,
        "programs": {
            p.name: {
                **{
                    config: {
                        "min": p.best(config),
                        "median": p.median(config),
                        "times": p.times[config],
                    }
                    for config in CONFIGS
                },
                "jit_speedup": p.jit_speedup(),
                "jit_vs_cpython": p.jit_vs_cpython(),
            }
            for p in programs
        },
        "geomean": {
            "jit_speedup": geomean([p.jit_speedup() for p in programs]),
            "jit_vs_cpython": geomean([p.jit_vs_cpython() for p in programs]),
        },
        "compile_bench": compile_results,
    }


def add_programs_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "programs", nargs="*", help="program names (default: all of bench/programs)"
    )


def failed(error: BenchError | subprocess.TimeoutExpired) -> int:
    """Says why a run stopped (a BenchError's message, or which command timed out): status 1."""
    if isinstance(error, subprocess.TimeoutExpired):
        print(f"bench: timed out after {error.timeout:.0f} s: {error.cmd}", file=sys.stderr)
    else:
        print(f"bench: {error}", file=sys.stderr)
    return 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="bench/run.py",
        description="Time the benchmark programs under quack (interpreter, JIT) and CPython.",
    )
    add_programs_argument(parser)
    parser.add_argument(
        "--repeat", type=int, default=5, help="repetitions; the minimum counts (default 5)"
    )
    parser.add_argument(
        "--quack", type=Path, default=default_quack(), help="the quack binary to time"
    )
    parser.add_argument("--json", type=Path, help="also write the results as JSON to this file")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    try:
        quack: Path = args.quack.resolve()
        if not quack.is_file():
            raise BenchError(f"{quack} is missing: build first with `.venv/bin/scons`")
        programs = select_programs(args.programs)
        cpython, version = find_cpython()
        print(f"quack {quack}, CPython {version} {cpython}, best of {args.repeat}\n", flush=True)
        with tempfile.TemporaryDirectory(prefix="quack-bench-") as workdir:
            compile_images(programs, quack, Path(workdir))
            measure(programs, args.repeat, quack, cpython)
            print_table(programs)
            compile_results = compile_bench(programs, quack)
    except (BenchError, subprocess.TimeoutExpired) as error:
        return failed(error)
    if args.json is not None:
        data = report(programs, quack, (cpython, version), args.repeat, compile_results)
        args.json.write_text(json.dumps(data, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
