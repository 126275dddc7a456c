# sum(), min() and max() over lists and tuples of small ints, floats, big ints, bools and objects:
# the unboxed fast paths must give what the generic additions and comparisons give.
import math

print(
    sum([1, 2, 3]),
    sum((1.5, 2, 3)),
    sum([2**62, 2**62, 1]),
    sum([1, 2.5, 2**70]),
    sum([], 5),
    sum([0.1] * 10),
)
print(
    sum([-0.0]),
    sum([-0.0], -0.0),
    sum([1, True, 2]),
    sum([True, True]),
    sum([[1], [2]], []),
    sum([1.0, 2**53 + 1]),
)
print(
    sum([1e308, 1e308, -1e308]),
    sum([float("inf"), 1]),
    sum(x for x in range(10)),
    sum(range(2**62 - 2, 2**62 + 2)),
)
print(sum([1, 2], start=10.5), sum([2**63, -(2**63), 7]), sum([-(2**62), -(2**62), -1]))
# Small ints whose total leaves the small range, or leaves it and comes back.
print(sum([2**62 - 1, 2**62 - 1]), sum((-(2**62), -(2**62), 2**62 - 1)), sum([5] * 7))


class V:
    def __init__(self, v):
        self.v = v

    def __radd__(self, o):
        return o + self.v


print(sum([1, V(2), 3]))


class Grow:
    """sum() reads a list's items again after an addition that ran code."""

    def __init__(self, items):
        self.items = items

    def __radd__(self, o):
        self.items.extend([5, 7])
        return o + 100


class Shrink:
    def __radd__(self, o):
        del shrinking[:]
        return o


grows, grows_float, shrinking = [1, 2], [1.5, 2], [1, Shrink(), 2, 3]
grows.append(Grow(grows))
grows_float.append(Grow(grows_float))
print(sum(grows), len(grows), sum(grows_float), len(grows_float), sum(shrinking), shrinking)
try:
    sum([1, "a"])
except TypeError as e:
    print(e)
print(
    min([3, 1, 1, 2]),
    max([1, 5, 5, 2]),
    min((2**70, 1)),
    max([1, 2.5, 2]),
    min([True, 0]),
    max([0, True, 1]),
    min([3]),
    max(range(5)),
    min([1, -(2**62), 2**62 - 1]),
)
print(type(max([True, 1])), max([1, True]))
acc = 0
for i in range(3000):
    w = [i % 7, -(i % 5), i % 11, 2**61 + i]
    acc += sum(w) - max(w) + min(w) + int(sum([0.5, i % 3]) * 2)
print(acc)
