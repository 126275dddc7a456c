# Instance attributes kept inline (runtime/objects/instance.c) and every way they move to a dict:
# another order, a deletion, more than eight names, __dict__ asked for, the class changed, names
# built at run time; each while hot loops (and their traces) read and write them.


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def norm1(self):
        return abs(self.x) + abs(self.y)


class Other:
    def __init__(self, x, y):
        self.y = y
        self.x = x

    def norm1(self):
        return abs(self.x) + abs(self.y)


class Wide:
    def __init__(self, n):
        for i in range(n):
            setattr(self, "a" + str(i), i)


def reads(points):
    total = 0
    for p in points:
        total += p.x * 3 + p.y
        p.x += 1
    return total


points = [Point(i, -i) for i in range(200)]
print(reads(points), reads(points))

# Built in the other order: the same class, its names out of order from the fourth on.
mixed = []
for i in range(200):
    p = Point(i, i)
    if i % 4 == 3:
        del p.x
        p.x = i * 2
    if i % 7 == 0:
        p.z = i
    mixed.append(p)
print(reads(mixed), sorted(mixed[3].__dict__), sorted(mixed[7].__dict__), mixed[7].z)

# __dict__ handed out mid-loop: later reads see its changes.
for i, p in enumerate(points):
    if i == 100:
        d = p.__dict__
        d["x"] = 1000
        d["w"] = 5
    if i > 100 and i % 10 == 0:
        p.__dict__["y"] = 7
print(reads(points), points[100].w, points[110].y, points[100].__dict__)

# The class changed while the loop's trace runs: the instance's values move with it.
objs = [Point(i, 2 * i) for i in range(300)]
total = 0
for i, o in enumerate(objs):
    if i == 150:
        o.__class__ = Other
    total += o.norm1() + o.x
print(total, type(objs[150]).__name__, objs[150].x, objs[150].y)

# More names than fit inline, and names made at run time.
wide = [Wide(12) for _ in range(30)]
print(sum(w.a0 + w.a7 + w.a11 for w in wide), sorted(wide[0].__dict__)[:3], len(wide[1].__dict__))
names = ["p" + "q" * (i % 3) for i in range(60)]
holder = Point(0, 0)
for i, n in enumerate(names):
    setattr(holder, n, i)
print(holder.p, holder.pq, holder.pqq, getattr(holder, "p" + "qq"), hasattr(holder, "pqqq"))
print([k for k in holder.__dict__])

# Deleting, then reading: AttributeError with CPython's message and suggestion.
q = Point(1, 2)
del q.y
try:
    for i in range(100):
        q.x += q.y
except AttributeError as e:
    print("AttributeError:", e)
print(q.x, hasattr(q, "y"), hasattr(q, "x"))


class Slotted:
    __slots__ = ("a", "b")

    def __init__(self, a):
        self.a = a


s = [Slotted(i) for i in range(100)]
acc = 0
for o in s:
    o.b = o.a * 2
    acc += o.a + o.b
print(acc)
try:
    s[0].c = 1
except AttributeError as e:
    print("AttributeError:", e)


class Failure(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


codes = 0
for i in range(200):
    try:
        raise Failure(i)
    except Failure as e:
        e.extra = i
        codes += e.code + e.extra
print(codes, Failure(3).__dict__)
