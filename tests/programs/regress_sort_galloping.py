# list.sort past 64 items compares exactly as CPython 3.11's timsort: runs merged in powersort's
# order, merges that gallop; counted and logged by a __lt__, with nan, and with a comparison that
# raises part way (the list stays as the sort left it).

count = 0
log = []


class K:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        global count
        count += 1
        if len(log) < 40:
            log.append((self.v, other.v))
        return self.v < other.v


def lcg(seed):
    while True:
        seed = (seed * 1103515245 + 12345) % 2147483648
        yield seed


def shapes(n, seed):
    g = lcg(seed)
    rand = [next(g) % 1000 for _ in range(n)]
    few = [next(g) % 4 for _ in range(n)]
    asc = list(range(n))
    runs = []
    while len(runs) < n:
        k = next(g) % 40 + 1
        start = next(g) % 500
        runs += list(range(start, start + k)) if next(g) % 2 else list(range(start + k, start, -1))
    runs = runs[:n]
    merged = sorted(rand[: n // 2]) + sorted(rand[n // 2 :])
    blocks = [v // 10 for v in asc] + []
    return [rand, few, asc, asc[::-1], runs, merged, blocks, [v % 7 for v in rand]]


for n in (64, 100, 257):
    for seed in (1,):
        for shape in shapes(n, seed * 31 + n):
            count = 0
            log.clear()
            ks = [K(v) for v in shape]
            ks.sort()
            ok = [k.v for k in ks] == sorted(shape)
            print(n, ok, count, sum((a * 31 + b) * (i + 1) for i, (a, b) in enumerate(log)) % 1000003)
            count = 0
            r = sorted([K(v) for v in shape], reverse=True)
            print(count, [k.v for k in r][:3])
nan = float("nan")
g = lcg(5)
for n in (70, 150):
    xs = [(next(g) % 100) if next(g) % 5 else nan for _ in range(n)]
    print(sorted(xs)[:20], sorted(xs)[-5:])


class Boom:
    def __init__(self, v, at):
        self.v = v
        self.at = at

    def __lt__(self, other):
        global count
        count += 1
        if count == self.at:
            raise ValueError("boom")
        return self.v < other.v


g = lcg(9)
for at in (50, 300, 700):
    count = 0
    vals = [next(g) % 1000 for _ in range(200)]
    bs = [Boom(v, at) for v in vals]
    try:
        bs.sort()
    except ValueError:
        pass
    print(at, [b.v for b in bs][:12], sum(b.v * i for i, b in enumerate(bs)) % 100003)
