"""Big ints against CPython: a program generated from a fixed seed (ints near and far beyond
2**63, operators, pow with a modulus, divmod, shifts, bit operations with negatives, comparisons
with ints and floats, hashing, str and int round trips, true division) prints its results, and
quack must print exactly what CPython prints, in tier 1 and under the JIT."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import quack_env

SEED = 20261205
EXPRESSIONS = 2500

BINARY = ["+", "-", "*", "//", "%", "&", "|", "^", "/"]
COMPARE = ["<", "<=", "==", "!=", ">", ">="]


def interesting_ints(rng: random.Random) -> list[int]:
    """Zero and small ints, both sides of every boundary that matters (the tagged range at 2**62,
    int64 at 2**63, 30-bit digits, 2**64), and random ints of up to 400 bits, of both signs."""
    values = [0, 1, -1, 2, 3, 7, -10, 1000]
    for bits in (30, 60, 61, 62, 63, 64, 90, 120):
        for delta in (-1, 0, 1):
            values += [(1 << bits) + delta, -(1 << bits) - delta]
    for _ in range(40):
        n = rng.getrandbits(rng.choice([8, 40, 64, 70, 100, 200, 400]))
        values.append(-n if rng.random() < 0.4 else n)
    return values


def interesting_floats(rng: random.Random) -> list[float]:
    floats = [0.0, -0.0, 0.5, -1.5, 1e300, -1e300, 2.0**62, 2.0**63, -(2.0**64), 1e18 + 0.5]
    floats += [rng.uniform(-1e25, 1e25) for _ in range(6)]
    floats += [float(rng.getrandbits(70)) for _ in range(4)]
    return floats


def random_expression(rng: random.Random, ints: list[int], floats: list[float]) -> str:
    a, b, c = (f"({rng.choice(ints)!r})" for _ in range(3))
    kind = rng.randrange(12)
    if kind == 0:
        return f"({a} {rng.choice(BINARY)} {b}) {rng.choice(BINARY)} {c}"
    if kind == 1:
        return f"pow({a}, {rng.randrange(-3, 40)}, {b})"
    if kind == 2:
        return f"{a} ** {rng.randrange(0, 12)}"
    if kind == 3:
        return f"{a} {rng.choice(['<<', '>>'])} {rng.randrange(0, 200)}"
    if kind == 4:
        return f"divmod({a}, {b})"
    if kind == 5:
        return f"{a} {rng.choice(COMPARE)} {rng.choice(floats)!r}"
    if kind == 6:
        return f"{a} {rng.choice(['+', '-', '*', '/', '//', '%'])} {rng.choice(floats)!r}"
    if kind == 7:
        return f"hash({a})"
    if kind == 8:
        base = rng.choice([2, 8, 10, 16, 36])
        return f"int(str({a}), 10) == {a}, int(format({a}, 'x'), 16), int({a}.__str__(), {base})"
    if kind == 9:
        return f"float({a}), int(float({a})), round({a}, {rng.randrange(-30, 3)})"
    if kind == 10:
        return f"~{a}, -{a}, abs({a}), {a}.bit_length(), hex({a}), bin({a})[:40], oct({a})"
    return f"f'{{{a}:,}}', f'{{{a}:>60_}}', '%d %x' % ({a}, {a}), format({a}, '.3e')"


def program(rng: random.Random) -> str:
    ints = interesting_ints(rng)
    floats = interesting_floats(rng)
    lines = [
        "def show(f):",
        "    try:",
        "        print(f())",
        "    except (ArithmeticError, ValueError, TypeError) as e:",
        "        print(type(e).__name__, e)",
        "",
        f"INTS = {ints!r}",
        f"FLOATS = {floats!r}",
        "",
        "# Every pair, in hot loops (traces mix small-int fast paths with big results).",
        "for a in INTS:",
        "    for b in INTS:",
        "        print(a + b, a - b, a * b, a & b, a | b, a ^ b)",
        "        print(a < b, a <= b, a == b, a != b, a > b, a >= b)",
        "        if b:",
        "            print(a // b, a % b, divmod(a, b))",
        "            show(lambda: a / b)",
        "            show(lambda: (pow(a, 0, b), pow(a, 5, b), pow(a, abs(b), b), pow(a, -1, b)))",
        "        if 0 <= b < 300:",
        "            print(a << b, a >> b)",
        "    for x in FLOATS:",
        "        print(a < x, a == x, a > x, x <= a)",
        "        show(lambda: a + x)",
        "    print(hash(a), str(a) == repr(a), int(str(a)) == a, -a, ~a)",
        "    show(lambda: float(a))",
        "",
        "s = set(INTS)",
        "print(sorted(s) == sorted(INTS), list(s) == list(set(INTS)))",
        "print(list({v: i for i, v in enumerate(INTS)}))",
        "",
    ]
    for _ in range(EXPRESSIONS):
        lines.append(f"show(lambda: ({random_expression(rng, ints, floats)}))")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("bigint") / "bigint_differential.py"
    path.write_text(program(random.Random(SEED)))
    return path


@pytest.fixture(scope="module")
def expected(generated: Path) -> str:
    result = subprocess.run(
        [sys.executable, str(generated)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


# Tier 1, the JIT, and the JIT under ASan and UBSan (digit arrays overrun nowhere).
@pytest.mark.parametrize(("tier2", "sanitized"), [("0", False), ("1", False), ("1", True)])
def test_bigint_matches_cpython(
    quack: Path, quack_asan: Path, generated: Path, expected: str, tier2: str, sanitized: bool
) -> None:
    got = subprocess.run(
        [str(quack_asan if sanitized else quack), str(generated)],
        capture_output=True,
        text=True,
        timeout=120,
        env=quack_env(QUACK_TIER2=tier2),
    )
    assert got.stderr == ""
    expected_lines, got_lines = expected.splitlines(), got.stdout.splitlines()
    for number, (want, have) in enumerate(zip(expected_lines, got_lines, strict=False), 1):
        assert have == want, f"line {number} of the output differs"
    assert len(got_lines) == len(expected_lines)
