# Tuples as dict and set keys: a tuple keeps its hash only when no item's hash can change, keys
# found again compare without running code, and every other comparison still runs the items'
# __eq__ in CPython's order (counted). Big dicts exercise the table's growth and deletions.


class Mutable:
    def __init__(self, h):
        self.h = h

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        return isinstance(other, Mutable) and self.h == other.h


class Loud:
    calls = 0

    def __init__(self, v):
        self.v = v

    def __hash__(self):
        return hash(self.v)

    def __eq__(self, other):
        Loud.calls += 1
        return isinstance(other, Loud) and self.v == other.v


m = Mutable(1)
t = (1, m)
nested = ((1, 2), (3, m))
before = hash(t), hash(nested)
m.h = 2
print(before[0] != hash(t), hash(t) == hash((1, 2)), before[1] != hash(nested))
print(hash(("a", 1.5, None, True, (2, "b"))) == hash(("a", 1.5, None, True, (2, "b"))))
print(hash(()) == hash(tuple()), hash((2**70, -1)) == hash((2**70, -1)))

d = {(1, 2): "int pair", ("a", "b"): "str pair", (1, (2, 3)): "nested"}
print(d[(1.0, 2)], d[(True, 2)], d["ab"[0], "ab"[1]], d[(1, (2.0, 3))])
print((1, 2, 3) in d, (1,) in d, d.get((2, 1), "absent"))

Loud.calls = 0
keys = {(Loud(i), i): i for i in range(20)}
found = sum(keys[(Loud(i), i)] for i in range(20))
print(found, Loud.calls)
Loud.calls = 0
print((Loud(1), 2) == (Loud(1), 3), (Loud(1), 2) == (Loud(2), 2), Loud.calls)
print((1, "x") == (1, "x", 0), (1, "x") < (1, "x", 0), (1, 2) == (1, 2.0), (0.0, 1) == (-0.0, 1))
nan = float("nan")
pair = (nan, 1)
print(pair == pair, (nan, 1) == (nan, 1), {pair: 1}[pair], pair in {(nan, 1)})

grid = {}
for x in range(48):
    for y in range(48):
        if (x * 7 + y * 13) % 5:
            grid[(x, y)] = x * y
for x in range(0, 48, 3):
    for y in range(0, 48, 2):
        grid.pop((x, y), None)
total = 0
for x in range(48):
    for y in range(48):
        total += grid.get((x, y), 1)
print(len(grid), total, list(grid.items())[:3], list(grid)[-2:])
for key in list(grid)[::2]:
    del grid[key]
print(len(grid), sum(grid.values()) % 1000003, next(iter(grid)), grid.popitem())
words = {}
for i in range(1500):
    w = ("w" + str(i % 97), i % 13)
    words[w] = words.get(w, 0) + 1
print(len(words), sorted(words.items())[:4], max(words.values()))
