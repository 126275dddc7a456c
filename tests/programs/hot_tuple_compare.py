# COMPARE_OP_TUPLE, hot: two exact tuples compared by every operator. Pairs of the same objects,
# small ints and nested tuples are ordered at once; anything else (floats and NaN, strs, None, big
# ints, bools, instances whose __eq__ and __lt__ log their calls and return what they like, one
# that raises, nesting deeper than the fast path follows) goes the generic way, and a tuple
# subclass or two ints reaching a site that specialized on tuples leave it. Each result is CPython's,
# down to which dunders ran and in what order.

import math

log = []


class Key:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        log.append(("eq", self.v, other.v))
        return self.v == other.v

    def __lt__(self, other):
        log.append(("lt", self.v, other.v))
        return "yes" if self.v < other.v else ""

    def __le__(self, other):
        log.append(("le", self.v, other.v))
        return self.v <= other.v

    def __hash__(self):
        return hash(self.v)


class Angry:
    def __eq__(self, other):
        raise ValueError("no comparing me")


class Row(tuple):
    def __lt__(self, other):
        return "Row.__lt__"


def compare_all(pairs):
    out = []
    for a, b in pairs:
        out.append((a < b, a <= b, a == b, a != b, a > b, a >= b))
    return out


def plain_pairs(n):
    pairs = []
    shared = (1, (2, 3))
    for i in range(n):
        j = i % 7
        pairs.append((shared, shared))
        pairs.append(((j, (i, 1)), (j + 1, (0, 0))))
        pairs.append(((j, (i, 1)), (j, (i, 2))))
        pairs.append(((j, (i, 1)), (j, (i, 1))))
        pairs.append(((j, i), (j, i, 0)))
        pairs.append(((), (j,)))
        pairs.append(((-j, "a"), (-j, "b")))
        pairs.append(((j, (i, (j, (i,)))), (j, (i, (j, (i + 1,))))))
    return pairs


def checksum(results):
    total = 0
    for k, row in enumerate(results):
        for m, value in enumerate(row):
            if value:
                total += (k * 6 + m) % 1000003
    return total


results = compare_all(plain_pairs(400))
print(len(results), checksum(results), results[:8])

nan = math.nan
odd = [
    ((nan, 1), (nan, 1)),
    ((nan,), (nan,)),
    ((1.5, 2), (1.5, 3)),
    ((2**70, 1), (2**70, 2)),
    ((2**70, 1), (2**70 + 1, 0)),
    ((True, 1), (1, 2)),
    ((None, 1), (None, 2)),
    (("x", (1, "y")), ("x", (1, "z"))),
]
for k in range(300):
    rows = compare_all(odd)
print(rows)

keys = [((1, Key(1)), (1, Key(2))), ((Key(3), 0), (Key(3), 1)), ((Key(5),), (Key(4),))]
for k in range(200):
    log.clear()
    rows = compare_all(keys)
print(rows)
print(log)

deep = 1
deeper = 2
for level in range(12):
    deep = (deep, level)
    deeper = (deeper, level)
for k in range(200):
    rows = compare_all([(deep, deeper), (deep, deep)])
print(rows)

errors = 0
pairs = [((1, Angry()), (1, Angry())), ((1, 2), (1, 3))]
for k in range(300):
    for a, b in pairs:
        try:
            a < b
        except ValueError as e:
            errors += 1
            message = str(e)
print(errors, message)

try:
    for k in range(300):
        left = (1, None) if k == 299 else (1, k)
        left < (1, 2)
except TypeError as e:
    print(k, e)


def mixed(values):
    seen = []
    for a, b in values:
        seen.append(a < b)
    return seen


warm = [((i, 0), (i, 1)) for i in range(300)]
print(sum(mixed(warm)))
print(mixed([(Row((1, 2)), (1, 3)), ((1, 2), Row((0, 1))), (3, 4), ("a", "b"), ((5,), (4,))]))

# Sorting compares through the same path: tuples of ints at once, others the generic way.
print(sorted([(i % 5, (i % 3, -i)) for i in range(60)])[:12])
print(sorted([(i % 2, i * 0.5) for i in range(9)], reverse=True))
log.clear()
print([k.v for _, k in sorted([(1, Key(3)), (1, Key(1)), (0, Key(2)), (1, Key(2))])])
print(log)
