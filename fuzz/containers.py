"""A second hot loop for a program: lists, dicts, sets, tuples and strings whose contents and
element types change while the loop's trace runs (an element replaced by a str, a list sorted,
sliced and rotated, a dict counting keys), consumed by the builtins and methods traces call."""

from __future__ import annotations

import random

from fuzz.exprs import Expr, ExprGen, Kind, guarded

# Element values: ints and floats of several sizes, never nan (where it lands after a sort
# depends on the sort algorithm's comparisons, which need not match CPython's).
ELEMENTS = ["0", "1", "-3", "7", "2.5", "-0.0", "1e-07", "1000", "2**31", "0.1", "True", "-2.25"]


def kernel(rng: random.Random) -> list[str]:
    """The lines of `def kernel(n, k)`, which returns what it computed."""
    xs = ", ".join(rng.choice(ELEMENTS) for _ in range(rng.randint(2, 6)))
    body = [
        "def kernel(n, k):",
        f"    xs = [{xs}]",
        "    s = ''",
        "    dd = {}",
        "    st = set()",
        "    tot = 0",
        "    log = []",
        "    for i in range(n):",
        "        x = xs[i % len(xs)]",
    ]
    statements = [_statement(rng) for _ in range(rng.randint(3, 8))]
    statements.append(_type_change(rng))
    for lines in statements:
        body += ["        " + line for line in lines]
    body.append("    return tot, s[-24:], sorted(dd.items())[:5], sorted(st)[:6], xs[:6], log[-4:]")
    return body


def _type_change(rng: random.Random) -> list[str]:
    """At iteration k, an element, a key or the accumulator changes type."""
    change = rng.choice(
        [
            "xs[0] = 'a'",
            "xs[-1] = float(i)",
            "xs.append('b')",
            "tot = float(tot)",
            "xs[0] = (1, 2)",
            "xs = [str(y) for y in xs]",
            "dd['k'] = 'v'",
        ]
    )
    return ["if i == k:", "    " + change]


def _statement(rng: random.Random) -> list[str]:
    g = ExprGen(rng, [Expr("i", Kind.INT, 1000), Expr("x", Kind.NUM, 2**31)])
    e = g.num(1)
    value = e.code if e.bound <= 2**31 and not e.risky else "i % 97"
    j = rng.randint(1, 6)
    options: list[list[str]] = [
        ["xs.append(x)", f"if len(xs) > {j + 4}:", "    xs.pop(0)"],
        [f"xs[i % len(xs)] = {value}"],
        ["xs.sort()"],
        ["xs = xs[1:] + xs[:1]"],
        [f"xs[1:{j}] = [x]"],
        [f"tot = (tot + sum(xs)) % {rng.choice([1000, 1000003])}"],
        ["key = str(x)", "dd[key] = dd.get(key, 0) + 1"],
        [f"st.add(i % {j + 3})", f"st.discard({j})", "tot += len(st & {1, 2, 3})"],
        ["s += str(x)[:3]", "s = s[-30:]", "tot += s.count('1') + s.find('2')"],
        ["p = (x, i)", "a, b = p", "tot += b + (a if isinstance(a, int) else 0) % 7"],
        [f"for j, y in enumerate(xs[:{j}]):", "    tot = (tot + j * y) % 1000003"],
        ["tot += (min(xs) < max(xs)) + len(sorted(xs, reverse=True)[:2])"],
        [f"tot += any(y == {j} for y in xs) + 2 * all(y != 0 for y in xs)"],
        ["for key in dd:", "    tot += len(key)"],
        [f"tot += (x in xs) + xs.count(x) + xs.index(x) + ({j} in st)"],
        ["tot += len(s.split('.')) + len(s.upper()) + s.startswith('1')"],
        [f"tot = (tot + {value}) % 1000003"],
        ["xs = xs[::-1]"],
        ["tot += len(list(zip(xs, s)))"],
        ["tot += len({y: i for y in st})"],
    ]
    return guarded(rng.choice(options))
