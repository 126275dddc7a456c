# Classes derived from tuple, str, float and int, made through __new__; in hot loops the JIT
# traces.
import math


class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))

    @property
    def x(self):
        return self[0]

    @property
    def y(self):
        return self[1]

    def __add__(self, other):
        return Point(self.x + other[0], self.y + other[1])

    def __repr__(self):
        return f"Point({self.x}, {self.y})"


class Pair(tuple):
    __slots__ = ()


class Name(str):
    def shout(self):
        return self.upper() + "!"

    def __len__(self):
        return str.__len__(self) * 2


class Label(str):
    def __new__(cls, text, weight=1):
        obj = str.__new__(cls, text)
        obj.weight = weight
        return obj

    def __eq__(self, other):
        return str.__eq__(self.lower(), other.lower())

    def __hash__(self):
        return hash(self.lower())


class Celsius(float):
    def __new__(cls, degrees=0.0):
        return float.__new__(cls, degrees)

    def fahrenheit(self):
        return self * 9 / 5 + 32

    def __repr__(self):
        return f"{float(self):.1f}C"


class Count(int):
    def double(self):
        return self * 2


class Flag(int):
    def __new__(cls, value, name):
        obj = super().__new__(cls, value)
        obj.name = name
        return obj

    def __repr__(self):
        return f"<Flag {self.name}={int(self)}>"

    def __or__(self, other):
        return Flag(int(self) | int(other), self.name + "|" + other.name)


def points():
    p = Point(0, 0)
    for i in range(300):
        p = p + (1, i % 3)
    print(p, p.x, p.y, len(p), p[0], list(p), tuple(p), p == (300, 300), type(p).__name__)
    print(isinstance(p, tuple), hash(p) == hash((300, 300)), p < (301, 0), {p: "p"}[(300, 300)])
    a, b = p
    print(a, b, Point(1, 2) + Point(3, 4), tuple.__new__(Point, [5, 6]), repr(Pair([1, 2])))
    q = Pair("ab")
    print(q, q + ("c",), q * 2, q.count("a"), q.index("b"), type(q[:1]).__name__, sorted(q))


def strings():
    n = Name("quack")
    total = 0
    for i in range(250):
        total += len(n) + n.count("a") + (i % 2)
    print(total, n, repr(n), n.shout(), type(n.upper()).__name__, n + "!", n * 2, n[1:3])
    print(n == "quack", "quack" == n, n in {"quack": 1}, f"<{n}>", "-".join([n, Name("x")]))
    print(n.startswith("qu"), n.split("a"), str(n), type(str(n)).__name__, "%s!" % n)
    labels = {}
    for word in ["Duck", "duck", "DUCK", "Goose"] * 50:
        key = Label(word, len(word))
        labels[key] = labels.get(key, 0) + key.weight
    print(sorted(labels.items()), Label("A") == "a", isinstance(Label("z"), str))


def floats():
    t = Celsius(20.5)
    acc = 0.0
    for i in range(300):
        acc += t.fahrenheit() + t * 2 - i
    print(acc, t, t.fahrenheit(), t + 1, type(t + 1).__name__, int(t), round(t), str(t))
    print(Celsius(), t == 20.5, t > 3, isinstance(t, float), float(t), -t, abs(Celsius(-2)))


def ints():
    m = Count(5)
    total = 0
    for i in range(300):
        total += m + i + m.double() + (m < i) + [1, 2, 3, 4, 5, 6][m]
    print(total, m, repr(m), m + 1, type(m + 1).__name__, m * 2, -m, abs(Count(-3)), m == 5, 5 == m)
    print(
        hash(m) == hash(5),
        {m: 1}[5],
        {5: 2}[m],
        int(m),
        type(int(m)).__name__,
        float(m),
        m.bit_length(),
    )
    print(
        range(m), f"{m:03d}", f"{m}", m // 2, m % 3, 2**m, m**2, 1.5 + m, divmod(m, 2), pow(m, 2, 3)
    )
    print(
        bool(Count(0)),
        isinstance(m, int),
        str(m),
        Count("12"),
        Count("ff", 16),
        Count(),
        Count(2**70) + 1,
    )
    print(
        sorted([Count(3), 1, Count(2)]),
        max(m, 3),
        m.to_bytes(2, "big"),
        int.__add__(m, 1),
        Count.__mro__,
    )
    print(
        "%d %x" % (m, m),
        [0] * m,
        "ab" * Count(2),
        hex(m),
        bin(m),
        math.gcd(m, 15),
        (1, 2, 3, 4)[Count(1) : Count(3)],
    )
    r, w = Flag(1, "r"), Flag(2, "w")
    flags = r
    for _ in range(100):
        flags = flags | w
    print(
        repr(flags)[:12],
        r | w,
        r + w,
        r.name,
        [r, w],
        int(flags),
        flags.name.count("w"),
        r == 1,
        sum([r, w]),
        "ab"[r],
    )


points()
strings()
floats()
ints()
