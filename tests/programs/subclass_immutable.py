# Classes derived from tuple, str and float, made through __new__; in hot loops the JIT traces.


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


points()
strings()
floats()
