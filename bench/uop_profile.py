"""Where a JIT run's instructions go: per micro-op (stencil copy) and per runtime C function.

    .venv/bin/python bench/uop_profile.py [--quack PATH] [--top N] PROGRAM

PROGRAM is a bench program's name or a .py file. It is compiled with the front end, then run once
under the JIT inside `valgrind --tool=callgrind --dump-instr=yes` with `QUACK_PERF_MAP=1`, which
makes quack write the address range of every stencil copy it places. Each instruction callgrind
counted is charged to the copy whose range holds it, and copies add up by stencil name. The
executions of a copy are the counts of its first instruction. Instructions outside JIT code are
charged to the C function callgrind names (self cost, as `callgrind_annotate` shows it).
Instruction counts are exact and repeatable, unlike wall time: use them to choose work, and
bench/counts.py and bench/run.py to report it. See bench/README.md.
"""

from __future__ import annotations

import argparse
import bisect
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import BenchError, clean_env, compile_images, default_quack, select_programs  # noqa: E402

TIMEOUT = 1800
COST_LINE = re.compile(r"(0x[0-9a-fA-F]+) \d+ (\d+)")


@dataclass(frozen=True)
class CodeRange:
    start: int
    size: int
    name: str


@dataclass
class Profile:
    total: int = 0
    uop_cost: Counter[str] = field(default_factory=Counter)
    uop_runs: Counter[str] = field(default_factory=Counter)
    function_cost: Counter[str] = field(default_factory=Counter)

    def jit_cost(self) -> int:
        return sum(self.uop_cost.values())


def parse_perf_map(text: str) -> list[CodeRange]:
    """The stencil copies a perf map names, sorted by address. Memory of a freed trace is reused,
    so a later line for the same start address replaces the earlier one."""
    by_start: dict[int, CodeRange] = {}
    for line in text.splitlines():
        words = line.split(maxsplit=3)
        if len(words) < 3:
            continue
        start, size = int(words[0], 16), int(words[1], 16)
        by_start[start] = CodeRange(start, size, words[2].removeprefix("quack:"))
    return sorted(by_start.values(), key=lambda r: r.start)


def attribute(callgrind: str, ranges: list[CodeRange]) -> Profile:
    """Charge each instruction count of a callgrind output (written with `--dump-instr=yes
    --compress-pos=no --compress-strings=no`) to a stencil copy or else to its C function."""
    starts = [r.start for r in ranges]
    profile = Profile()
    function = "?"
    after_call = False
    for line in callgrind.splitlines():
        if line.startswith("fn="):
            function = line[3:]
            continue
        if line.startswith("calls="):
            after_call = True  # the next cost line is the callee's inclusive cost
            continue
        match = COST_LINE.match(line)
        if match is None:
            continue
        if after_call:
            after_call = False
            continue
        address, cost = int(match.group(1), 16), int(match.group(2))
        profile.total += cost
        i = bisect.bisect_right(starts, address) - 1
        if i >= 0 and address < ranges[i].start + ranges[i].size:
            name = ranges[i].name
            profile.uop_cost[name] += cost
            if address == ranges[i].start:
                profile.uop_runs[name] += cost
        else:
            profile.function_cost[re.sub(r"\.llvm\.\d+$", "", function)] += cost
    return profile


def format_profile(profile: Profile, top: int) -> str:
    total = max(profile.total, 1)
    jit = profile.jit_cost()
    lines = [
        f"instructions: {profile.total:,}, in JIT code: {jit:,} ({100 * jit / total:.1f}%)",
        "",
        f"{'micro-op (stencil)':<40} {'instructions':>14} {'share':>6} {'runs':>12} {'per run':>8}",
    ]
    for name, cost in profile.uop_cost.most_common(top):
        runs = profile.uop_runs[name]
        per_run = f"{cost / runs:.1f}" if runs else "-"
        lines.append(f"{name:<40} {cost:>14,} {100 * cost / total:5.1f}% {runs:>12,} {per_run:>8}")
    lines += ["", f"{'C function (self)':<52} {'instructions':>14} {'share':>6}"]
    for name, cost in profile.function_cost.most_common(top):
        lines.append(f"{name[:52]:<52} {cost:>14,} {100 * cost / total:5.1f}%")
    return "\n".join(lines)


def profile_image(quack: Path, image: Path, workdir: Path) -> Profile:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise BenchError("valgrind is not on PATH (./setup installs it)")
    out = workdir / "callgrind.out"
    process = subprocess.Popen(
        [
            valgrind,
            "--tool=callgrind",
            "--smc-check=all",
            "--dump-instr=yes",
            "--compress-pos=no",
            "--compress-strings=no",
            f"--callgrind-out-file={out}",
            str(quack),
            "--image",
            str(image),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=clean_env(QUACK_PERF_MAP="1"),
    )
    perf_map = Path(f"/tmp/perf-{process.pid}.map")  # valgrind runs quack in its own process
    try:
        _, stderr = process.communicate(timeout=TIMEOUT)
        if process.returncode != 0:
            raise BenchError(f"quack under callgrind exited {process.returncode}:\n{stderr}")
        ranges = parse_perf_map(perf_map.read_text()) if perf_map.exists() else []
        return attribute(out.read_text(), ranges)
    finally:
        if process.poll() is None:
            process.kill()
        perf_map.unlink(missing_ok=True)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("program", help="a bench program's name or a .py file")
    parser.add_argument("--quack", type=Path, default=default_quack(), help="the quack binary")
    parser.add_argument("--top", type=int, default=25, help="rows per table (default 25)")
    args = parser.parse_args(argv)
    try:
        if not args.quack.is_file():
            raise BenchError(f"{args.quack}: no quack binary (build with scons first)")
        [program] = select_programs([args.program])
        with tempfile.TemporaryDirectory(prefix="quack-uop-profile-") as tmp:
            compile_images([program], args.quack, Path(tmp))
            profile = profile_image(args.quack, program.image, Path(tmp))
    except (BenchError, OSError, subprocess.TimeoutExpired) as error:
        print(f"uop_profile: {error}", file=sys.stderr)
        return 1
    print(format_profile(profile, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
