"""Instructions each benchmark runs under quack's interpreter and its JIT, and what a change did.

    .venv/bin/python bench/counts.py [--base PATH] [--cache] [--quack PATH] [--jobs N]
                                     [--json FILE] [PROGRAM ...]

Each program is compiled once with the front end, then run under `valgrind --tool=cachegrind`
in tier 1 (`QUACK_TIER2=0`) and under the JIT; every run must print what CPython prints. The
table gives the instructions of each and their ratio, and the geometric mean of the ratios.
With `--base`, a second quack (the build before a change) runs the same code images, and the
table gives each configuration's change and the ratio before and after. With `--cache`, the
simulated first-level data cache's misses (`D1 misses`) too: what a change to memory layout
does, which instruction counts do not show. Counts are repeatable on a shared machine, unlike
wall time (bench/run.py). See bench/README.md.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import (  # noqa: E402
    BenchError,
    Program,
    add_programs_argument,
    clean_env,
    compile_images,
    default_quack,
    failed,
    find_cpython,
    geomean,
    run_once,
    select_programs,
)

TIMEOUT = 1800
CONFIGS = {"tier1": {"QUACK_TIER2": "0"}, "jit": {}}
REFS = re.compile(r"I\s+refs:\s+([\d,]+)")
D1_MISSES = re.compile(r"D1\s+misses:\s+([\d,]+)")


@dataclass(frozen=True)
class Count:
    instructions: int
    d1_misses: int  # 0 without --cache: not simulated


def count(quack: Path, config: str, program: Program, expected: str, cache: bool) -> Count:
    """One run under cachegrind; its output must be CPython's."""
    argv = [
        "valgrind",
        "--tool=cachegrind",
        f"--cache-sim={'yes' if cache else 'no'}",
        "--smc-check=all",  # JIT code is written at run time
        "--cachegrind-out-file=/dev/null",
        str(quack),
        "--image",
        str(program.image),
    ]
    result = subprocess.run(
        argv,
        capture_output=True,
        text=True,
        cwd=program.source.parent,
        env=clean_env(**CONFIGS[config]),
        timeout=TIMEOUT,
    )
    refs = REFS.search(result.stderr)
    if result.returncode != 0 or refs is None:
        last = (result.stderr.strip().splitlines() or ["no output"])[-1]
        raise BenchError(
            f"{program.name}: {quack} {config} failed (exit {result.returncode}): {last}"
        )
    if result.stdout != expected:
        raise BenchError(
            f"{program.name}: {quack} {config} printed {result.stdout!r}, CPython {expected!r}"
        )
    misses = D1_MISSES.search(result.stderr) if cache else None
    return Count(number(refs[1]), number(misses[1]) if misses else 0)


def number(text: str) -> int:
    return int(text.replace(",", ""))


def cpython_output(program: Program, cpython: Path) -> str:
    _, result = run_once("cpython", program, Path(), cpython)
    if result.returncode != 0:
        raise BenchError(f"{program.name}: CPython failed (exit {result.returncode})")
    return result.stdout


Counts = dict[tuple[str, str, str], Count]  # (binary label, program, config)


def count_all(
    binaries: dict[str, Path],
    programs: list[Program],
    workdir: Path,
    cpython: Path,
    cache: bool,
    jobs: int,
) -> Counts:
    """Each binary runs images its own checkout's front end compiled: a change to the opcode
    table changes the images."""
    expected = {p.name: cpython_output(p, cpython) for p in programs}
    compiled: dict[str, list[Program]] = {}
    for label, binary in binaries.items():
        (workdir / label).mkdir()
        compiled[label] = [Program(p.name, p.source) for p in programs]
        compile_images(compiled[label], binary, workdir / label)
    runs = [(label, p, c) for label, ps in compiled.items() for p in ps for c in CONFIGS]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {
            (label, p.name, config): pool.submit(
                count, binaries[label], config, p, expected[p.name], cache
            )
            for label, p, config in runs
        }
        return {key: future.result() for key, future in futures.items()}


def change(after: float, before: float) -> str:
    return f"{100.0 * (after / before - 1):+.2f}%"


def print_table(programs: list[Program], counts: Counts, based: bool, cache: bool) -> None:
    def get(label: str, name: str, config: str) -> Count:
        return counts[(label, name, config)]

    def ratio(label: str, name: str) -> float:
        return get(label, name, "tier1").instructions / get(label, name, "jit").instructions

    width = max([len("geomean")] + [len(p.name) for p in programs])
    columns = [f"{'program':<{width}}", f"{'tier 1':>14}", f"{'JIT':>14}", f"{'tier1/JIT':>9}"]
    if based:
        columns += [f"{'tier 1 chg':>10}", f"{'JIT chg':>9}", f"{'before':>7}"]
    if cache:
        columns += [f"{'JIT D1 misses':>13}"] + ([f"{'D1 chg':>8}"] if based else [])
    header = "  ".join(columns)
    print(header)
    print("-" * len(header))
    for p in programs:
        t1, jit = get("quack", p.name, "tier1"), get("quack", p.name, "jit")
        cells = [
            f"{p.name:<{width}}",
            f"{t1.instructions:>14,}",
            f"{jit.instructions:>14,}",
            f"{ratio('quack', p.name):>8.2f}x",
        ]
        if based:
            base_t1, base_jit = get("base", p.name, "tier1"), get("base", p.name, "jit")
            cells += [
                f"{change(t1.instructions, base_t1.instructions):>10}",
                f"{change(jit.instructions, base_jit.instructions):>9}",
                f"{ratio('base', p.name):>6.2f}x",
            ]
        if cache:
            cells.append(f"{jit.d1_misses:>13,}")
            if based:
                cells.append(f"{change(jit.d1_misses, get('base', p.name, 'jit').d1_misses):>8}")
        print("  ".join(cells))
    print("-" * len(header))
    names = [p.name for p in programs]
    row = [f"{'geomean':<{width}}", f"{'':>14}", f"{'':>14}"]
    row.append(f"{geomean([ratio('quack', n) for n in names]):>8.2f}x")
    if based:
        for config, cell in (("tier1", 10), ("jit", 9)):
            moved = geomean(
                [
                    get("quack", n, config).instructions / get("base", n, config).instructions
                    for n in names
                ]
            )
            row.append(f"{change(moved, 1.0):>{cell}}")
        row.append(f"{geomean([ratio('base', n) for n in names]):>6.2f}x")
    print("  ".join(row))


def report(
    binaries: dict[str, Path], programs: list[Program], counts: Counts, cache: bool
) -> dict[str, object]:
    def entry(c: Count) -> dict[str, int]:
        return (
            {"instructions": c.instructions, "d1_misses": c.d1_misses}
            if cache
            else {"instructions": c.instructions}
        )

    return {
        "binaries": {label: str(path) for label, path in binaries.items()},
        "programs": {
            p.name: {
                label: {config: entry(counts[(label, p.name, config)]) for config in CONFIGS}
                for label in binaries
            }
            for p in programs
        },
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="bench/counts.py",
        description="Count the benchmark programs' instructions under quack's tier 1 and JIT.",
    )
    add_programs_argument(parser)
    parser.add_argument("--quack", type=Path, default=default_quack(), help="the quack to count")
    parser.add_argument("--base", type=Path, help="a quack to compare with (the build before)")
    parser.add_argument("--cache", action="store_true", help="also simulate the data cache")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="runs at once (default: all cores)"
    )
    parser.add_argument("--json", type=Path, help="also write the counts as JSON to this file")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    try:
        if shutil.which("valgrind") is None:
            raise BenchError("valgrind is not installed (./setup installs it)")
        binaries = {"quack": args.quack.resolve()}
        if args.base is not None:
            binaries["base"] = args.base.resolve()
        for path in binaries.values():
            if not path.is_file():
                raise BenchError(f"{path} is missing: build first with `.venv/bin/scons`")
        programs = select_programs(args.programs)
        cpython, _ = find_cpython()
        with tempfile.TemporaryDirectory(prefix="quack-counts-") as workdir:
            counts = count_all(binaries, programs, Path(workdir), cpython, args.cache, args.jobs)
        print_table(programs, counts, "base" in binaries, args.cache)
    except (BenchError, subprocess.TimeoutExpired) as error:
        return failed(error)
    if args.json is not None:
        args.json.write_text(
            json.dumps(report(binaries, programs, counts, args.cache), indent=2) + "\n"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
