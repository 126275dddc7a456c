# Builtin functions over iterables: enumerate, zip, map, filter, reversed, any, all, iter, next.
words = ["alpha", "beta", "gamma", "delta"]
for i, w in enumerate(words):
    print(i, w)
for i, w in enumerate(words, start=10):
    print(i, w[:2])
print(
    list(enumerate("ab", 1)),
    list(zip([1, 2, 3], "ab", strict=False)),
    list(zip(strict=True)),
    list(zip(range(3), range(3), "xyz", strict=True)),
)
print(
    list(map(len, words)),
    list(map(lambda a, b: a * b, [1, 2, 3], [4, 5, 6])),
    list(filter(None, [0, 1, "", "x", []])),
)
print(
    list(filter(lambda w: "a" in w[1:], words)),
    list(reversed(words)),
    list(reversed("abc")),
    list(reversed((1, 2))),
)
print(any([0, 0, 1]), any([]), all([1, 2]), all([]), all([1, 0]), any(x > 3 for x in range(5)))
it = iter([1, 2])
print(next(it), next(it), next(it, "done"), next(iter("z")))
print(sorted([3, 1, 2]), sorted("cba"), sorted([2, 1], reverse=True), sorted([(1, "b"), (1, "a")]))
print(
    max("abc"),
    min([4, 2, 8], key=lambda v: -v),
    max([], default=0),
    min((5, 3)),
    max(1, 2, key=lambda v: -v),
)
print(sum([]), sum([1.5, 2]), sum([[1], [2]], []), sum(range(10), 100))
print(len("abc"), len([1]), len({}), len(range(7)), len({1, 2}), len((1, 2, 3)))
print(abs(-2), round(3.14159, 3), divmod(9, 4), pow(2, 8), hex(4096), bin(5), oct(64))
print(
    int,
    str,
    type(words[0]) is str,
    type(len(words)) is int,
    type(len(words) / 2) is float,
    type(words) is list,
    isinstance(True, int),
)
print(
    str(1.5), float("3"), int("7"), bool(""), list(), tuple(), dict(), set(), repr("r"), ascii("é")
)
total = 0
for a, b in zip(range(100), range(100, 0, -1), strict=True):
    total += a * b
    if a % 25 == 0:
        print(a, b, total)
squares = list(map(lambda v: v * v, range(20)))
print(squares, list(filter(lambda v: v % 3 == 0, squares)))
