# Every oparg that has a stencil of its own (the `stencils` declarations of uop_defs/) in a hot
# loop: each int and float operator (and each of an int mixed with a float), plain and in place,
# each floor division and remainder by a constant, each comparison of ints, floats, strings,
# tuples and an int with a float, calls of zero to three arguments of every call form, tuples and
# lists of two and three items built and unpacked, and the first eight locals.
# tests/test_tier2.py checks that the JIT copied each of those stencils while running this.

import math


def ints(a, b):
    c = a
    c //= b
    d = a
    d %= b
    e = a
    e &= b
    f = a
    f |= b
    g = a
    g ^= b
    h = a
    h <<= b % 5
    k = a
    k >>= b % 5
    return (a // b + a % b + (a & b) + (a | b) + (a ^ b) + (a << (b % 5)) + (a >> (b % 5))
            + c + d + e + f + g + h + k)


def by_constants(a):
    c = a
    c //= 10
    d = a
    d %= 1000003
    return a // 7 + a % 1024 + c + d


def floats(x, y):
    s = x
    s += y
    s -= y / 2.0
    s *= 1.5
    s /= y
    # A fresh box on the left, then on the right, of each operator.
    t = (x * y) + y - (x + y) * (x - y) / (y * 2.0)
    u = y + (x * y)
    u = y - (x * x) + u
    u = y * (x + 1.0) + u
    u = y / (x + 1.0) + u
    v = x
    v += x * y
    v -= x * y
    v *= x + y
    v /= x + y
    w = x
    w -= y
    return s + t + u + v + w + (x + y) + (x - y) + (x * y) + (x / y)


def fresh_boxes(i, x, y):
    # A product of an int and a float is a fresh box: a float operator writes into it (on the
    # left, then on the right, plain and in place) where there is no unboxed double to compute on.
    a = (i * x) + y
    a += (i * x) - y
    a += (i * x) * y
    a += (i * x) / y
    a += y + (i * x)
    a += y - (i * x)
    a += y * (i * x)
    a += y / (i * x)
    b = y
    b -= i * x
    b *= i * x
    b /= i * x
    # Both operands boxed, the result stored.
    c = x - y
    d = x / y
    e = x * y
    return a + b + c + d + e


def unboxed_compares(x, y):
    # Float results compared without a box.
    return (
        (x * y < y + 1.0)
        + 2 * (x * y <= y - 1.0)
        + 4 * (x * x == y * y)
        + 8 * (x + y != x - y)
        + 16 * (x / y > y * 0.5)
        + 32 * (x - y >= x * 0.25)
    )


def numbers(i, x):
    # An int and a float mixed, each way round, plain and in place; / of two ints.
    s = i
    s += x
    s = i
    s -= x
    s = i
    s *= x
    s = i
    s /= x
    return s + (i + x) + (x - i) + (i * x) + (x / i) + (i / (i + 1))


def mixed_compares(i, y):
    return (i < y) + 2 * (i <= y) + 4 * (i == y) + 8 * (i != y) + 16 * (i > y) + 32 * (i >= y)


def tuple_compares(i):
    p, q = (i % 3, i), (1, 200)
    return (p < q) + 2 * (p <= q) + 4 * (p == q) + 8 * (p != q) + 16 * (p > q) + 32 * (p >= q)


def compares(a, b, x, y, s, t):
    n = 0
    for p, q in ((a, b), (x, y), (s, t)):
        n = n * 2 + (p < q)
        n = n * 2 + (p <= q)
        n = n * 2 + (p == q)
        n = n * 2 + (p != q)
        n = n * 2 + (p > q)
        n = n * 2 + (p >= q)
    return n


def zero():
    return 1


def one(a):
    return a


def two(a, b):
    return a - b


def three(a, b, c):
    return a * b - c


def defaults(a=1, b=2, c=3, d=4):
    return a + 2 * b + 3 * c + 4 * d


class Point:
    def __init__(self):
        self.x = 0

    def zero(self):
        return self.x

    def one(self, a):
        return self.x + a

    def two(self, a, b):
        return self.x + a - b

    def three(self, a, b, c):
        return self.x + a * b - c


class Pair:
    def __init__(self, a):
        self.a = a


class Triple:
    def __init__(self, a, b):
        self.a = a + b


class Quad:
    def __init__(self, a, b, c):
        self.a = a + b + c


class Empty:
    pass


class Both:
    def __init__(self, a, b):
        self.a = a
        self.b = b


class All:
    def __init__(self, a, b, c):
        self.a = a
        self.b = b
        self.c = c


def made(i):
    # Constructions whose __init__ cannot leave, inside a call elided itself: each __init__ is
    # elided inside it (nested).
    return Point().x + Pair(i).a + Both(i, 1).b + All(i, 1, 2).c


# Read from a list, the functions are values the trace does not know: their versions are guarded
# (and the defaults a call leaves out are bound by the call, not pushed as constants).
FUNCS = [zero, one, two, three, defaults]
# The same for classes, whose versions are then checked at each construction.
CLASSES = [Point, Pair, Triple, Quad]


def calls(i):
    p = Point()
    total = zero() + one(i) + two(i, 3) + three(i, 2, 1)
    total += defaults() + defaults(i) + defaults(i, i) + defaults(i, i, i)
    total += p.zero() + p.one(i) + p.two(i, 1) + p.three(i, 2, 3)
    bound0, bound1, bound2, bound3 = p.zero, p.one, p.two, p.three
    total += bound0() + bound1(i) + bound2(i, 1) + bound3(i, 2, 3)
    total += Pair(i).a + Triple(i, 1).a + Quad(i, 1, 2).a + (Empty() is not None)
    total += FUNCS[0]() + FUNCS[1](i) + FUNCS[2](i, 3) + FUNCS[3](i, 2, 1)
    total += FUNCS[4]() + FUNCS[4](i) + FUNCS[4](i, i) + FUNCS[4](i, i, i)
    total += CLASSES[0]().x + CLASSES[1](i).a + CLASSES[2](i, 1).a + CLASSES[3](i, 1, 2).a
    total += made(i)
    # Pairs and triples, built and unpacked, as tuples and as lists.
    pair, triple = (i, i + 1), (i, i + 2, i + 3)
    a, b = pair
    c, d, e = triple
    f, g = [i, a]
    h, k, m = [b, c, i]
    total += a + b + c + d + e + f + g + h + k + m
    total += len("abc"[: i % 3]) + abs(i - 50) + pow(i, 1) + max(i, 5, 7) + "x y".count(" ")
    # Methods of built-in types: none, one and two arguments.
    items = [i]
    {i}.add(i + 1)
    items.append(i + 1)
    items.insert(0, i + 2)
    total += len("ab".upper()) + len(items) + items.pop() + "a-b".replace("-", "").count("a")
    # range() with one and two bounds, made and looped over; ord() of a character; math.sqrt()
    # of a float.
    total += len(range(i % 4)) + len(range(i % 3, 5)) + ord("abc"[i % 3])
    for k in range(i % 3):
        for m in range(k, 2):
            total += k * m
    total += int(math.sqrt(i + 0.25)) + int(math.sqrt(i + 0.5) * 2.0)
    return total


def locals_eight(a, b, c, d):
    a = a % 100
    e = a + b
    f = c + d
    g = e * f
    h = g - a
    return a + b + c + d + e + f + g + h


total = 0
ftotal = 0.0
for i in range(1, 400):
    total = (total + ints(i * 7 - 1000, i % 13 + 1) + ints(-i, 3)) % 1000003
    total = (total + by_constants(i * 7919 - 500000)) % 1000003
    ftotal += floats(i * 0.5, 3.25) + floats(-1.5, i + 0.25) + numbers(i, 0.75)
    ftotal += fresh_boxes(i, 0.5, 1.25) + unboxed_compares(i * 0.5, 1.5)
    total = (total + compares(i, 200, i * 0.5, 100.0, str(i), "200")) % 1000003
    total += mixed_compares(i, 200.0) + tuple_compares(i)
    total = (total + calls(i) + locals_eight(i, 2, 3, 4)) % 1000003
print(total, round(ftotal, 6))
