# Binary operators on instances of Python classes, hot (BINARY_OP_PY_DUNDER): the left operand's
# dunder runs in place. NotImplemented must still go on to the right operand's reflected method
# (or TypeError), in-place operators use __iadd__ when there is one, a subclass's reflected
# method still goes first, and a class changed while hot is seen.


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        if not isinstance(other, Vec):
            return NotImplemented
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k):
        if isinstance(k, (int, float)):
            return Vec(self.x * k, self.y * k)
        return NotImplemented

    def __rmul__(self, k):
        return Vec(self.x * k * 10, self.y * k * 10)

    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)

    def __repr__(self):
        return "Vec(%r, %r)" % (self.x, self.y)


class Other:
    def __radd__(self, v):
        return "Other.__radd__(%r)" % (v,)


class SubVec(Vec):
    def __rsub__(self, other):
        return "SubVec.__rsub__"


acc = Vec(0, 0)
for i in range(400):
    v = Vec(i, 2 * i)
    acc = acc + v
    acc = acc - Vec(1, 1)
    acc = acc + v * 2
    acc = acc + 3 * v  # int * Vec: int declines, Vec.__rmul__ runs
    acc = acc / 1
    acc += Vec(1, 0)  # no __iadd__: __add__
print("sum:", acc)

seen = {}
for i in range(300):
    v = Vec(i, i)
    for rhs in (Vec(1, 1), Other(), 1, "s", SubVec(1, 2), [1]):
        try:
            r = v + rhs
            key = type(r).__name__ if not isinstance(r, str) else r[:14]
        except TypeError as e:
            key = str(e)
        seen[key] = seen.get(key, 0) + 1
        try:
            r = v - rhs
            key = "sub " + (type(r).__name__ if not isinstance(r, str) else r)
        except (TypeError, AttributeError) as e:
            key = "sub " + str(e)
        seen[key] = seen.get(key, 0) + 1
        try:
            r = v * rhs
            key = "mul " + type(r).__name__
        except TypeError as e:
            key = "mul " + str(e)
        seen[key] = seen.get(key, 0) + 1
for key in sorted(seen):
    print(seen[key], key)


# Same class, the dunder declines: TypeError (no reflected method for the same type).
class Picky:
    def __init__(self, ok):
        self.ok = ok

    def __add__(self, other):
        return Picky(True) if self.ok else NotImplemented

    def __radd__(self, other):
        return "never for the same type"


fails = 0
for i in range(300):
    try:
        Picky(i % 3 != 0) + Picky(True)
    except TypeError as e:
        fails += 1
        last = str(e)
print("picky:", fails, last)


# In-place operators with __iadd__, and a class changed while the site is hot.
class Acc:
    def __init__(self):
        self.total = 0

    def __iadd__(self, n):
        self.total += n
        return self

    def __add__(self, n):
        r = Acc()
        r.total = self.total + n + 1000
        return r


a = Acc()
b = Acc()
replaced = 0
for i in range(300):
    a += i
    r = b + i
    if isinstance(r, Acc):
        b = r
    else:
        replaced += 1
    if i == 200:
        Acc.__add__ = lambda self, n: "replaced"
print("iadd:", a.total, b.total, replaced)


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        return Money(self.cents + other.cents)


wallet = Money(0)
for i in range(300):
    if i == 150:

        def __add__(self, other):
            return Money(self.cents + 2 * other.cents)

        Money.__add__ = __add__
    wallet = wallet + Money(i)
print("money:", wallet.cents)


# Runaway recursion through an operator.
class Loop:
    def __add__(self, other):
        return self + other


for attempt in range(3):
    try:
        Loop() + 1
    except RecursionError as e:
        print("caught:", type(e).__name__)


class Chain:
    def __init__(self, n):
        self.n = n

    def __add__(self, k):
        if self.n == 0:
            return k
        return Chain(self.n - 1) + (k + 1)


print("chain:", sum(Chain(50) + 0 for _ in range(300)))


# What the trace knows of the operands goes into the dunder: an int, a float and a str the loop
# made, and an instance whose class changes under the hot site.
class Scale:
    def __init__(self, v):
        self.v = v

    def __mul__(self, k):
        return Scale(self.v * k)

    def __sub__(self, k):
        return self.v - k


class Loud(Scale):
    def __mul__(self, k):
        return "loud %r" % (k,)


kinds = {}
s = Scale(1)
for i in range(600):
    for k in (i % 7, i / 4, str(i % 3)):
        r = Scale(i) * k
        kinds[type(r.v).__name__] = kinds.get(type(r.v).__name__, 0) + 1
    t = Scale(i % 5)
    if i % 150 == 149:
        t.__class__ = Loud
    r = t * (i + 1)
    key = r if isinstance(r, str) else type(r).__name__
    kinds[key[:4]] = kinds.get(key[:4], 0) + 1
    s = Scale((s - i) % 1000)
print("kinds:", sorted(kinds.items()), s.v)
