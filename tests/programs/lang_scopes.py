# Globals, assert, imports, annotations, augmented assignment on attributes and subscripts.
from __future__ import annotations

import math
import math as m
from math import pi as PI
from math import sqrt

counter: int = 0
declared: str


def bump(n: int) -> int:
    global counter
    counter += n
    return counter


class Box:
    size: int = 1

    def __init__(self, value: int) -> None:
        self.value = value


bump(3)
bump(4)
print(counter)
print(math.floor(2.7), m.ceil(2.1), sqrt(16.0), round(PI, 4))
box = Box(5)
box.value += 10
box.value *= 2
print(box.value, Box.size)
grid = [[0, 0], [0, 0]]
grid[1][0] += 7
totals = {"a": 1}
totals["a"] -= 3
print(grid, totals)
assert counter == 7, "counter should be 7"
try:
    assert counter < 0, f"counter is {counter}"
except AssertionError as error:
    print("assertion:", error)
try:
    assert False  # noqa: B011 - the bare assertion is the point
except AssertionError as error:
    print("bare assertion:", repr(error))
print(1 if counter is not None and counter in (7, 8) else 0, "x" not in "abc")
print(f"{counter:>5}|{3.14159:.2f}|{'s'!r}|{counter=}")
print("%d items at %.1f%%" % (3, 12.5))  # noqa: UP031 - %-formatting is tested
