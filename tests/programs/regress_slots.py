# __slots__ without __dict__ restricts an instance's attributes to its slots, in hot loops too
# (no specialized store may add another name), and an empty slot reads as missing.


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Point:
    __slots__ = ("x", "y")
    kind = "point"

    def __init__(self, x):
        self.x = x

    def norm(self):
        return self.x * self.x + self.y * self.y


p = Point(3)
attempt(lambda: p.y)
p.y = 4
print(p.x, p.y, p.norm(), Point.x, Point.__slots__)
attempt(lambda: p.__dict__)


def store_b(o):
    o.b = 2


def store_kind(o):
    o.kind = "other"


attempt(lambda: store_b(p))
attempt(lambda: store_kind(p))


def delete(o):
    del o.y


delete(p)
attempt(lambda: p.y)
attempt(lambda: delete(p))


class One:
    __slots__ = "a"


class Two(One):
    __slots__ = ["b"]


class Open(One):
    pass


t = Two()
t.a, t.b = 1, 2
print(t.a, t.b)
attempt(lambda: store_b(One()))
o = Open()
o.c = 3
print(o.c, o.__dict__)

# Hot loops: the stores that succeed are specialized and traced; the one that must fail still
# fails from the same, by then specialized, site.
pts = [Point(i) for i in range(8)]
total = 0
for i in range(400):
    q = pts[i % 8]
    q.y = i
    total += q.norm()
print(total)
errors = 0
for i in range(300):
    q = pts[i % 8] if i < 299 else One()
    try:
        store_b(q)
    except AttributeError:
        errors += 1
print(errors)

def fresh_b(k):
    o = Open() if k < 299 else One()
    o.b = k
    return o.b


acc = 0
for k in range(300):
    try:
        acc += fresh_b(k)
    except AttributeError as e:
        print(k, e)
print(acc)


def conflict():
    class C:
        __slots__ = ("x",)
        x = 1


def not_str():
    class C:
        __slots__ = (1,)


attempt(conflict)
attempt(not_str)
