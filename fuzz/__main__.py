"""Command line: `python -m fuzz --seeds 0:1000` runs those programs everywhere and reports every
mismatch; `--file DIR` minimizes each and writes it there as a test program; `--show SEED` prints
one program. Exit status 1 if anything disagreed with CPython."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from fuzz.configs import BY_NAME, CONFIGS, Config
from fuzz.minimize import minimize
from fuzz.program import generate
from fuzz.runner import Mismatch, Outcome, binary, check


def seed_range(text: str) -> range:
    start, sep, stop = text.partition(":")
    try:
        return range(int(start), int(stop)) if sep else range(int(start), int(start) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a seed range (A:B or N): {text!r}") from None


def path_of(seed: int) -> str:
    return f"/fuzz/seed{seed}.py"


def configs_for(seed: int, names: list[str], asan_every: int) -> list[Config]:
    """The named configurations; the sanitizer run only on every asan_every-th seed."""
    chosen = [BY_NAME[n] for n in names]
    return [c for c in chosen if not c.asan or (asan_every > 0 and seed % asan_every == 0)]


def run_seed(seed: int, names: list[str], asan_every: int) -> tuple[int, Outcome]:
    return seed, check(generate(seed), path_of(seed), configs_for(seed, names, asan_every))


def still_fails(mismatch: Mismatch) -> Callable[[str], bool]:
    config = BY_NAME[mismatch.config]

    def predicate(source: str) -> bool:
        outcome = check(source, "/fuzz/candidate.py", [config])
        # The same failure: an error or a crash must stay that error or that signal, or the
        # program drifts to another (a shorter overflow, say) as it shrinks.
        return outcome.unsupported is None and any(
            m.kind == mismatch.kind and (m.kind == "wrong" or m.detail == mismatch.detail)
            for m in outcome.mismatches
        )

    return predicate


def file_program(seed: int, mismatch: Mismatch, directory: Path) -> Path:
    """Minimizes the seed's program for its first mismatch and writes it as a test program."""
    small = minimize(generate(seed), still_fails(mismatch))
    config = BY_NAME[mismatch.config]
    settings = " ".join(f"{k}={v}" for k, v in config.env.items())
    binary = "quack-asan" if config.asan else "quack"
    header = (
        f"# Found by the fuzzer (python -m fuzz --seeds {seed}), minimized: under {binary} with\n"
        f"# {settings}\n# quack disagreed with CPython: {mismatch.kind}: {mismatch.detail}\n"
    )
    path = directory / f"fuzz_{seed}.py"
    path.write_text(header + small)
    return path


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m fuzz", description=__doc__)
    parser.add_argument(
        "--seeds", type=seed_range, default=range(0, 100), help="A:B (default 0:100)"
    )
    parser.add_argument("--jobs", type=int, default=2, help="programs run in parallel (default 2)")
    parser.add_argument(
        "--configs",
        default=",".join(c.name for c in CONFIGS),
        help="comma-separated configurations (default: all): " + ", ".join(BY_NAME),
    )
    parser.add_argument(
        "--asan-every",
        type=int,
        default=10,
        help="run the sanitizer build on every Nth seed (0: never)",
    )
    parser.add_argument("--file", type=Path, help="minimize each mismatch into this directory")
    parser.add_argument("--show", type=int, metavar="SEED", help="print the program of SEED")
    args = parser.parse_args(argv)
    if args.show is not None:
        sys.stdout.write(generate(args.show))
        return 0
    names = [n for n in args.configs.split(",") if n]
    unknown = [n for n in names if n not in BY_NAME]
    if unknown:
        parser.error(f"unknown configuration {unknown[0]!r} (known: {', '.join(BY_NAME)})")
    used = [BY_NAME[n] for n in names if not BY_NAME[n].asan or args.asan_every > 0]
    missing = [str(binary(c)) for c in used if not binary(c).exists()]
    if missing:
        print(f"python -m fuzz: {missing[0]} is missing: build first with scons", file=sys.stderr)
        return 2

    kinds: Counter[str] = Counter()
    failing: dict[int, Mismatch] = {}
    invalid = unsupported = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        seeds = list(args.seeds)
        results = pool.map(run_seed, seeds, [names] * len(seeds), [args.asan_every] * len(seeds))
        for seed, outcome in results:
            if outcome.reference.error is not None:
                invalid += 1
                print(f"seed {seed}: CPython: {outcome.reference.error} (not a test)", flush=True)
            elif outcome.unsupported is not None:
                unsupported += 1
                print(f"seed {seed}: {outcome.unsupported}", flush=True)
            for m in outcome.mismatches:
                kinds[f"{m.kind} ({m.config})"] += 1
                print(f"seed {seed}: {m.describe()}", flush=True)
            if outcome.mismatches:
                failing[seed] = outcome.mismatches[0]
    print(
        f"{len(args.seeds)} programs, {len(failing)} disagreed with CPython; "
        f"{invalid} invalid and {unsupported} refused by the front end (generator defects)"
    )
    for kind, count in sorted(kinds.items()):
        print(f"  {count:6d}  {kind}")
    if args.file is not None:
        args.file.mkdir(parents=True, exist_ok=True)
        for seed, mismatch in sorted(failing.items()):
            print(f"filed {file_program(seed, mismatch, args.file)}", flush=True)
    return 1 if failing or invalid or unsupported else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
