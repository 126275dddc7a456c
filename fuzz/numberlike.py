"""A class whose instances act as numbers (operator dunders, reflected ones, truth, hashing, calls)
mixed with ints, floats and bools at one site: the operator and call sites a trace specializes
for one operand type meet the others, and the class's dunders are replaced while the loop runs."""

from __future__ import annotations

import random

from fuzz.exprs import guarded

CLASS = [
    "class N:",
    "    def __init__(self, x):",
    "        self.x = x",
    "    def val(self, o):",
    "        return o.x if isinstance(o, N) else o",
    "    def __add__(self, o):",
    "        return N((self.x + self.val(o)) % 1000)",
    "    def __radd__(self, o):",
    "        return N((o + self.x) % 1000)",
    "    def __mul__(self, o):",
    "        return N((self.x * self.val(o)) % 1000)",
    "    def __sub__(self, o):",
    "        return NotImplemented if isinstance(o, float) else N(self.x - self.val(o))",
    "    def __neg__(self):",
    "        return N(-self.x)",
    "    def __lt__(self, o):",
    "        return self.x < self.val(o)",
    "    def __eq__(self, o):",
    "        return self.x == self.val(o)",
    "    def __hash__(self):",
    "        return hash(self.x)",
    "    def __bool__(self):",
    "        return self.x % 3 != 0",
    "    def __call__(self, y):",
    "        return (self.x + y) % 100",
    "    def __repr__(self):",
    "        return f'N({self.x!r})'",
]

POOL = ["1", "2.5", "N(3)", "True", "N(0.5)", "-7", "N(-2)", "0.0", "N(1000)"]

# Changes to N while the loop runs, at iteration k.
CHANGES = [
    "N.__add__ = lambda self, o: N(7)",
    "N.__bool__ = lambda self: False",
    "N.__lt__ = lambda self, o: True",
    "ns[0] = N(9)",
    "ns.append(2.25)",
    "N.__call__ = lambda self, y: -1",
    "del N.__sub__",
]


def statements(rng: random.Random) -> list[list[str]]:
    """Loop statements over `u`, an element of the pool `ns` (ints, floats, bools and N)."""
    j = rng.randint(1, 9)
    return [
        ["w2 = u + i", "acc += (2 if w2 else 0) + (u < 50)"],
        [f"w2 = {j} + u", "vals.append(repr(w2)) if i % 17 == 0 else None"],
        ["w2 = -u * 3", "acc += hash(w2) % 7"],
        ["w2 = u - 1", "acc += (w2 == 0) + (not w2)"],
        ["acc += (u(i) if isinstance(u, N) else i) % 5"],
        ["acc += len({u, N(3), 3})"],
        ["acc += sorted([u, 1, N(2)])[0] == 1"],
        ["acc += (u if u else 1) == 1"],
    ]


def loop(rng: random.Random) -> list[str]:
    """The lines of `def numbers(n, k)`."""
    pool = ", ".join(rng.choice(POOL) for _ in range(rng.randint(2, 5)))
    body = [
        "def numbers(n, k):",
        f"    ns = [{pool}]",
        "    acc = 0",
        "    vals = []",
        "    log = []",
        "    for i in range(n):",
        "        u = ns[i % len(ns)]",
    ]
    for _ in range(rng.randint(2, 5)):
        body += ["        " + line for line in guarded(rng.choice(statements(rng)))]
    body += [
        "        if i == k:",
        "            try:",
        f"                {rng.choice(CHANGES)}",
        "            except AttributeError as e:",
        "                log.append(str(e))",
        "    return acc, vals[-5:], log[-4:], len(log)",
    ]
    return body
