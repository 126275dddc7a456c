# A tuple of small ints and hashed strs is hashed without a call, any other through each item's
# hash; nested tuples are ordered in a loop up to eight levels deep, then by the protocol. The
# values printed are CPython's (tuples of ints and floats hash the same in every run).


def hashes():
    values = [0, 1, -1, -2, 2**31, 2**61 - 2, 2**61 - 1, 2**61, 2**62, -(2**61), 2**100, True,
              1.5, -0.0, float("inf")]
    out = []
    for a in values:
        out.append(hash((a,)))
        for b in values[::3]:
            out.append(hash((a, b)))
            out.append(hash((b, (a, b), a)))
    out.append(hash(()))
    out.append(hash(tuple(range(40))))
    print(out)
    fresh = [str(i) + "x" for i in range(6)]
    again = [str(i) + "x" for i in range(6)]
    print([hash((s, 1)) == hash((t, 1)) for s, t in zip(fresh, again)])
    print([hash((1, s)) == hash((1, s)) for s in fresh])


def nest(depth, leaf):
    t = (leaf,)
    for level in range(depth):
        t = (level, t)
    return t


def orders():
    out = []
    for depth in range(12):
        a, b = nest(depth, 1), nest(depth, 2)
        out.append((a < b, a <= b, a > b, a == b, b >= a, a != b))
        c = nest(depth, 1)
        out.append((a < c, a <= c, a == c))
        d = nest(depth, 1.5)
        out.append((a < d, d > b, d < b))
    out.append(((1, (2, (3,))) < (1, (2, (3, 0))), (1, (2, ())) < (1, (2,)), () < ((),)))
    heap = [(i % 7, (i % 3, (i, str(i)))) for i in range(60)]
    heap.sort()
    out.append(heap[:5])
    out.append(max(heap))
    print(out)
    try:
        print((1, (2, None)) < (1, (2, 3)))
    except TypeError as exc:
        print("TypeError", exc)


def lookups():
    grid = {}
    for x in range(30):
        for y in range(30):
            grid[(x, y)] = x * y
    total = 0
    for x in range(30):
        for y in range(30):
            total += grid[(x, y)] + grid.get((y, x), 0)
            if (x, -y) in grid:
                total += 1
    words = {(str(i), str(i * 2)): i for i in range(200)}
    hits = sum(words[(str(i), str(i * 2))] for i in range(200))
    print(total, hits, len(grid), (3, 4) in grid, (30, 0) in grid)


hashes()
orders()
lookups()
