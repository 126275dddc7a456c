# `for a, b in it` in hot loops over iterators tier 1 steps generically: a trace fuses the step and
# the unpack (_FOR_ITER_UNPACK_PAIR), and for an enumerate, a dict's items or a zip of two makes no
# pair. Enumerates of lists, strs and generators, with a start past the small ints; zips, dict
# items and maps whose items are lists, tuples of the wrong size and no sequence at all (the errors
# CPython raises); a dict resized while its items are looped over; an inner iterator that raises,
# and one that stops and then goes on (it must be stepped exactly as CPython steps it); one loop
# meeting several kinds of iterator in turn.


def count_pairs(it):
    total = 0
    for a, b in it:
        total += a if isinstance(a, int) else len(a)
        total += b if isinstance(b, int) else len(b)
    return total


def enumerates(n):
    words = ["ab", "c", "def"] * n
    out = [count_pairs(enumerate(words)), count_pairs(enumerate("xyz" * n, 5))]
    out.append(count_pairs(enumerate((w for w in words if w != "c"), -7)))
    big = 2**62 - n // 2
    last = None
    for i, w in enumerate(words, big):
        last = (i, w)
    out.append(last)
    return out


def others(n):
    left = list(range(n))
    right = [k * 3 for k in range(n)]
    table = {k: -k for k in range(n)}
    lists = map(lambda k: [k, k + 1], range(n))
    return [count_pairs(zip(left, right)), count_pairs(table.items()), count_pairs(lists)]


def bad_items(n):
    seen = []
    for shape in ([1, 2, 3], [4], 5, "ab", (6, 7)):
        items = [(k, k) for k in range(n)] + [shape]
        try:
            seen.append(count_pairs(map(lambda x: x, items)))
        except (TypeError, ValueError) as e:
            seen.append(f"{type(e).__name__}: {e}")
    return seen


def raising(n):
    def gen():
        for k in range(n):
            yield k
        raise KeyError("inner")

    total = 0
    try:
        for i, k in enumerate(gen()):
            total += i * k
    except KeyError as e:
        return total, repr(e)
    return total


class Flaky:
    """Stops every fifth step, then goes on: a loop ends at each stop."""

    def __init__(self):
        self.i = 0
        self.stops = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.i += 1
        if self.i % 5 == 0:
            self.stops += 1
            raise StopIteration
        return self.i


def flaky(n):
    it = Flaky()
    e = enumerate(it)
    sums = []
    for _ in range(n):
        total = 0
        for i, k in e:
            total += i + k
        sums.append(total)
    return sums[-3:], it.stops, it.i


def mixed(n):
    results = []
    for round_ in range(n):
        pairs = [(round_, 1), (2, 3)]
        kind = round_ % 4
        it = (enumerate(pairs) if kind == 0 else zip(pairs, pairs) if kind == 1
              else iter(pairs) if kind == 2 else {1: 2, 3: 4}.items())
        acc = 0
        for a, b in it:
            acc += (a if isinstance(a, int) else a[0]) * 3 + (b if isinstance(b, int) else b[1])
        results.append(acc)
    return sum(results), results[-4:]


def resized(n):
    table = {k: k for k in range(8)}
    caught, last = 0, None
    for r in range(n):
        try:
            for k, v in table.items():
                if r % 100 == 99 and k == 3:
                    table[100 + r] = v
                table[k] = v + 1
        except RuntimeError as e:
            caught += 1
            last = str(e)
    return caught, len(table), sum(table.values()), last


def nested(n):
    pairs = [(k, k * k) for k in range(n)]
    total = 0
    for i, (a, b) in enumerate(pairs):
        total += i * 3 + a - b
    return total


print(enumerates(3000))
print(others(3000))
print(bad_items(500))
print(raising(3000))
print(flaky(2000))
print(mixed(3000))
print(resized(3000))
print(nested(3000))
