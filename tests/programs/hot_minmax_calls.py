# min() and max() with a lambda key run as a loop in the caller (frontend/consumers.py), which a
# trace follows into the key: ties keep the first item, the key sees each item once and in
# order, errors come from the key, the comparison and an empty iterable as from the builtin, and
# a rebound or shadowed name gets its own call. min(a, b) and max(a, b) are one comparison.


class Score:
    def __init__(self, v):
        self.v = v

    def __lt__(self, other):
        return self.v < other.v

    def __gt__(self, other):
        return self.v > other.v


def counts():
    pairs = {}
    for i in range(3000):
        key = ("ab"[i % 2], i % 7)
        pairs[key] = pairs.get(key, 0) + i % 5
    return pairs


def main():
    pairs = counts()
    for _ in range(200):
        top = max(pairs.items(), key=lambda item: (item[1], item[0]))
        low = min(pairs.items(), key=lambda item: (item[1], item[0]))
    print(top, low)

    words = ["pear", "fig", "apple", "kiwi", "plum", "date"]
    seen = []
    total = 0
    for i in range(2000):
        total += len(max(words, key=len if i < 0 else lambda w: len(w)))
        total += len(min(words, key=lambda w: (len(w), w)))
    print(total, max(words, key=lambda w: len(w)), min(words, key=lambda w: len(w)))
    print(max(words, key=lambda w: seen.append(w) or len(w) % 3), seen)

    print(max(words, key=lambda w: len(w) % 2), min(words, key=lambda w: len(w) % 2))
    print(max(range(10), key=lambda n: -abs(n - 4)), min((n for n in range(5)), key=lambda n: n))
    print(max(iter([3, 1, 2]), key=lambda n: n), min("hello", key=lambda c: ord(c)))
    print(max([Score(3), Score(9), Score(9)], key=lambda s: s).v)
    print(max([1.5, 2, True], key=lambda x: x), min([0.0, -0.0], key=lambda x: x))

    for bad in ([], (), iter([]), 5, [1, "a"]):
        for f in (min, max):
            try:
                f(bad, key=lambda x: x)
            except (TypeError, ValueError) as e:
                print(type(e).__name__, e)

    def boom(x):
        if x == 3:
            raise KeyError(x)
        return x

    try:
        max([1, 2, 3, 4], key=lambda x: boom(x))
    except KeyError as e:
        print("KeyError", e)

    print(max([1, 2], key=None), min([[2], [1]], key=lambda x: x))


def two_arguments():
    shade = 0.0
    lo = 10**6
    for i in range(3000):
        d = (i % 17 - 8) * 0.25
        shade += max(0.0, d) + min(d, 1.0)
        lo = min(lo, (i * 7919) % 1009)
    print(shade, lo)
    nan = float("nan")
    print(max(nan, 1.0), max(1.0, nan), min(nan, 1.0), min(1.0, nan))
    print(max(1, 1.0), max(1.0, 1), min(1, True), min(True, 1), max(-0.0, 0.0), min(0.0, -0.0))
    print(max("pear", "fig"), min([2, 1], [2]), max(Score(1), Score(2)).v)
    order = []

    def note(x):
        order.append(x)
        return x

    print(max(note(1), note(2)), min(note(4), note(3)), order)
    for a, b in ((1, "a"), ("a", 1), (None, None)):
        for f in (min, max):
            try:
                f(a, b)
            except TypeError as e:
                print(e)
    print(max(*[3, 9]), max([3, 9]), max(3, 9, 4), min(3, 9, key=lambda x: -x))


def shadowed():
    def max(*args, **kwargs):  # noqa: A001 - shadows the builtin on purpose
        return ("shadowed", args, sorted(kwargs))

    print(max([1, 2], key=lambda x: x)[0])


main()
two_arguments()
shadowed()
builtins_max = max
max = min  # noqa: A001 - a global rebinding takes the ordinary call
print(max([4, 8, 2], key=lambda x: x), max(4, 8))
max = builtins_max  # noqa: A001
print(max([4, 8, 2], key=lambda x: x), max(4, 8))
