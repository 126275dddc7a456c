# Constructions and operators in hot loops, where the trace knows the frame it returns from: an
# __init__ it entered (its instance is of the class it checked, so the guards of that class in
# __init__ and after the call go, and None is what it returns) or an operator's dunder (whose
# result, of a known class, is not NotImplemented). Each block breaks one of those while hot.


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        if other.x == -13:
            return NotImplemented  # the reflected operator runs instead
        return Vec(self.x + other.x, self.y + other.y)


class Pinned:
    def __init__(self, x):
        self.x = x

    def __radd__(self, other):
        return Vec(-1, -1)


class Odd:
    def __init__(self, i):
        self.i = i
        if i == 310:
            return i  # TypeError: __init__() should return None


class Shifty:
    def __init__(self, i):
        self.a = i
        if i >= 200:
            self.__class__ = Other  # the instance changes class inside __init__
        self.b = i * 2


class Other:
    @property
    def b(self):
        return -self.a

    @b.setter
    def b(self, value):
        self.c = value


def sums(n):
    total = Vec(0, 0)
    for i in range(n):
        v = Vec(i, 2 * i)
        total = total + v
    return total.x, total.y


def reflected(n):
    out = 0
    for i in range(n):
        r = Vec(i, i) + (Pinned(-13) if i % 50 == 49 else Vec(1, 1))
        out += r.x
    return out


def odd(n):
    made = 0
    for i in range(n):
        try:
            Odd(i)
            made += 1
        except TypeError as e:
            print("odd:", e)
    return made


def shifty(n):
    seen = []
    for i in range(n):
        s = Shifty(i)
        seen.append((type(s).__name__, s.a, s.b))
    return seen[198:202], seen[-1]


def grown(n):
    t = 0
    for i in range(n):
        v = Vec(i, 1)
        if i == 250:
            Vec.z = 5  # the class changes under the loop
        t += v.x + v.y + getattr(v, "z", 0)
    return t


class Vec3(Vec):
    pass


class Grown:
    """Attributes appended by __init__, by a method it calls, and through another reference."""

    def __init__(self, i, keep):
        self.a = i
        self.fill(i)  # the method appends b to the same instance
        keep.append(self)
        keep[-1].c = i + 1  # the same instance through the list: it has three values now
        self.d = i + 2
        self.a = -i  # replaces a value: not an append
        self.e = i + 3

    def fill(self, i):
        self.b = i * 2


class Wide:
    def __init__(self, i):
        self.v0 = i
        self.v1 = i + 1
        self.v2 = i + 2
        self.v3 = i + 3
        self.v4 = i + 4
        self.v5 = i + 5
        self.v6 = i + 6
        self.v7 = i + 7
        self.v8 = i + 8
        self.v9 = i + 9


def grown(n):
    keep = []
    t = 0
    for i in range(n):
        g = Grown(i, keep)
        w = Wide(i)
        t += g.a + g.b + g.c + g.d + g.e + w.v0 + w.v9 + len(vars(w))
        if i % 100 == 0:
            keep.clear()
    return t, sorted(vars(keep[-1]).items()), sorted(vars(w).items())[:3]


def rebind():
    global Maker
    Maker = Vec3


def made(n):
    t = 0
    for i in range(n):
        v = Maker(i, 1)  # a constant class to the trace, until rebind() changes the name
        t += v.x + (10 if type(v) is Vec3 else 0)
        if i == 200:
            rebind()
    return t


Maker = Vec
print("sums:", sums(400))
print("made:", made(400))
print("grown appends:", grown(400))
print("reflected:", reflected(400))
print("odd:", odd(400))
print("shifty:", shifty(400))
print("grown:", grown(400))
