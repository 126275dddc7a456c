import sys

# Operator dunders a trace runs without pushing a frame (elided: the dunder works on its
# operands where the caller pushed them), with the __init__ of the instance each one makes
# elided inside them. Exits inside the dunder (an operand's attribute changes type, overflows, is
# deleted) build the dunder's frame with its stack as it was, and tier 1 goes on in it, before
# or after the __init__ inside; a dunder raises inside the trace; a dunder that may decline
# (NotImplemented) keeps its frame and the reflected operator runs; methods that call methods
# whose callee parts cannot leave run without either frame; near the recursion limit, the
# dunders' calls are made by tier 1 (their frames could not all be built at an exit).


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)

    def __repr__(self):
        return f"Vec({self.x}, {self.y})"


def moving(n):
    pos = Vec(0.0, 0.0)
    vel = Vec(0.5, -0.25)
    for i in range(n):
        pos = pos + vel * 0.5 - Vec(0.125, 0.0)
    return pos


def changing(n):
    # The operands' attributes change type inside the loop: the guards in the dunder exit.
    vecs = [Vec(float(i), 1.0) for i in range(n)]
    vecs[n - 9] = Vec(3, 4)
    vecs[n - 7] = Vec(2.5, 2**62)
    vecs[n - 5] = Vec("a", "b")
    vecs[n - 3] = Vec(1.0, "c")
    total = Vec(0.0, 0.0)
    out = []
    for i in range(n):
        try:
            s = vecs[i] + vecs[i]
        except TypeError as e:
            out.append(str(e))
            continue
        if isinstance(s.x, float) and isinstance(s.y, float):
            total = total + s
        else:
            out.append(repr(s))
    return total, out


def divided(n):
    # A dunder that raises inside the trace: the frame is built for the traceback's sake.
    v = Vec(6.0, 3.0)
    out = []
    caught = 0
    for i in range(n):
        try:
            out.append((v / float(n - 10 - i)).x)
        except ZeroDivisionError as e:
            caught += 1
            print("ZeroDivisionError:", e)
    return round(sum(out), 6), caught


def goes(n):
    a = Vec(1.0, 2.0)
    b = Vec(0.5, 0.5)
    seen = []
    for i in range(n):
        if i == n - 2:
            del b.y
        try:
            seen.append(repr(a - b))
        except AttributeError as e:
            seen.append(str(e))
    return seen[-3:]


class Scaled(Vec):
    def __mul__(self, k):
        return Scaled(self.x * k * 2, self.y * k * 2)


def mixed(n):
    # The right operands are known to fit (a float constant, a Vec just made): only the left
    # one's class is checked, and a subclass with its own dunder, then an int, exit there.
    items = [Vec(float(i), 1.0) for i in range(n)]
    items[n - 4] = Scaled(1.0, 1.0)
    items[n - 2] = 5
    total = Vec(0.0, 0.0)
    for i in range(n):
        try:
            total = total + (items[i] * 0.5 + Vec(1.0, 1.0))
        except TypeError as e:
            print("TypeError:", e)
    return total


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        return NotImplemented

    def __radd__(self, other):
        return Money(self.cents + other * 100)


def declining(n):
    m = Money(0)
    for i in range(n):
        m = m + Money(i % 7)
        if i % 500 == 0:
            m = 1 + m
    return m.cents


class Pair:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def first(self, v):
        return v

    def swapped(self):
        return Pair(self.b, self.a)

    def both(self, v):
        return self.first(v), self.swapped()

    def twice(self, v):
        return self.first(self.first(v))


def nested_methods(n):
    p = Pair(1, 2)
    out = 0
    for i in range(n):
        f, q = p.both(i)
        out = (out + f + q.a + p.twice(i)) % 1000003
    return out, q.a, q.b


def down(n, limit):
    if n < limit:
        return down(n + 1, limit)
    return moving(N)


def probe(n):
    try:
        return probe(n + 1)
    except RecursionError:
        return n


def near_the_limit():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    top = probe(0)
    for k in range(5, 12):
        print(k, down(0, top - k))
    sys.setrecursionlimit(old)


N = 3000
print(moving(N))
print(changing(N))
print(divided(N))
print(goes(N))
print(mixed(N))
print(declining(N))
print(nested_methods(N))
near_the_limit()
