# An object with __getitem__ but no __iter__ is iterable (the old sequence protocol):
# __getitem__(0), (1), ... until IndexError or StopIteration, everywhere iteration happens.


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Squares:
    def __init__(self, n):
        self.n = n
        self.calls = 0

    def __getitem__(self, i):
        self.calls += 1
        if i >= self.n:
            raise IndexError(i)
        return i * i


s = Squares(4)
print(list(s), s.calls)
print(tuple(Squares(3)), sorted(Squares(3), reverse=True), [*Squares(2)], set(Squares(3)))
a, b, c = Squares(3)
print(a, b, c, 4 in Squares(3), 5 in Squares(3))
first, *rest = Squares(4)
print(first, rest, sum(Squares(5)), max(Squares(5)), list(enumerate(Squares(2))))
print(", ".join(str(x) for x in Squares(3)), dict.fromkeys(Squares(2)))
it = iter(Squares(2))
print(type(it).__name__, iter(it) is it, next(it), next(it), next(it, "done"))
print(list(reversed(Squares(3))) if hasattr(Squares, "__len__") else "no len")
attempt(lambda: reversed(Squares(3)))
attempt(lambda: Squares(2) + 1)
attempt(lambda: list(5))


class Stops:
    def __getitem__(self, i):
        if i == 3:
            raise StopIteration
        return i


class Breaks:
    def __getitem__(self, i):
        if i == 2:
            raise KeyError(i)
        return i


print(list(Stops()))
attempt(lambda: list(Breaks()))


def unpack_two(x):
    p, q = x
    return p + q


attempt(lambda: unpack_two(Squares(3)))


# Hot loops over such objects, nested, with the membership test and unpacking too.
def hot():
    total = 0
    hits = 0
    for k in range(200):
        for v in Squares(k % 6):
            total += v
        if 9 in Squares(k % 5):
            hits += 1
        x, y = Squares(2)
        total += x + y
    return total, hits


print(hot())
