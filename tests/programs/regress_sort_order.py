# list.sort and sorted() compare exactly as CPython's timsort does on lists under 64 items (runs
# found ascending or strictly descending, then binary insertion): the comparisons a class's __lt__
# sees, where a sort that raises leaves the list, and what an order that is not one (nan) gives.
# Found by the fuzzer (seed 21642: a sort meeting a str in a list of numbers, in a hot loop).

log = []


class K:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        log.append((self.v, other.v))
        return self.v < other.v

    def __repr__(self):
        return f"K({self.v})"


def lcg(seed, n):
    out = []
    for _ in range(n):
        seed = (seed * 1103515245 + 12345) % 2147483648
        out.append(seed % 50)
    return out


for n in (0, 1, 2, 3, 5, 8, 17, 40, 63):
    for seed in (1, 2, 3):
        vals = lcg(seed * 7 + n, n)
        log.clear()
        ks = [K(v) for v in vals]
        ks.sort()
        print(n, seed, [k.v for k in ks] == sorted(vals), len(log), log[:6])
        log.clear()
        r = sorted([K(v) for v in vals], reverse=True)
        print(len(log), log[-4:], [k.v for k in r][:5])

nan = float("nan")
for xs in ([3, nan, 1, 2], [nan, 5, 4, nan, 1, 0.5], [2.5, 1, nan, -1, nan, 7, 3] * 3):
    print(sorted(xs), sorted(xs, reverse=True))

for xs in ([1, 2.25, True, "a", 0.0], [5, 4, 3, (1, 2), 1], [0.1, True, 2, "b", 1e-07, 3]):
    try:
        xs.sort()
    except TypeError as e:
        print(e)
    print(xs)
    try:
        xs.sort(reverse=True)
    except TypeError as e:
        print(e)
    print(xs)


def bad_key(x):
    if x == 3:
        raise ValueError("key 3")
    return -x


xs = [5, 1, 4, 3, 2]
try:
    xs.sort(key=bad_key)
except ValueError as e:
    print(e, xs)
xs.sort(key=lambda x: -x)
print(xs)
big = lcg(99, 300)
print(sorted(big) == sorted(big, key=lambda v: v), sorted(big)[:8], sorted(big, reverse=True)[:8])
pairs = [(v % 5, i) for i, v in enumerate(big)]
print(sorted(pairs, key=lambda p: p[0])[:10])


def hot(n):
    acc = []
    xs = [1, 2.25, 0.0]
    for i in range(n):
        try:
            xs.sort()
        except TypeError as e:
            acc.append(str(e))
        xs = xs[::-1]
        if i == n // 2:
            xs.append("b")
    return acc[-3:], xs


print(hot(100))


# The list looks empty while it sorts; changing it raises and the changes are dropped.
xs = [3, 1, 2]
def key(v):
    print("len during sort", len(xs), xs)
    return v
xs.sort(key=key)
print(xs)
ys = [3, 1, 2]
def bad(v):
    ys.append(v)
    return v
try:
    ys.sort(key=bad)
except ValueError as e:
    print(e, ys)
zs = [5, 4, 3]
class K:
    def __init__(self, v):
        self.v = v
    def __lt__(self, o):
        zs.clear()
        return self.v < o.v
    def __repr__(self):
        return f"K{self.v}"
ks = [K(3), K(1)]
zs = ks
try:
    zs.sort()
except ValueError as e:
    print(e, zs)
ws = [2, 1]
def k2(v):
    ws.append(9)
    ws.pop()
    return v
try:
    ws.sort(key=k2)
except ValueError as e:
    print(e, ws)
def k3(v):
    raise KeyError(v)
vs = [3, 2, 1]
try:
    vs.sort(key=k3)
except KeyError as e:
    print("key", e, vs)
print(sorted([3, 1, 2], key=lambda v: -v), sorted("hello"))
