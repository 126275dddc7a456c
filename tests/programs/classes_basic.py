# Class and instance attributes, methods, __init__ and defaults.


class Point:
    dims = 2

    def __init__(self, x, y=0):
        self.x = x
        self.y = y

    def norm2(self):
        return self.x * self.x + self.y * self.y

    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)


p = Point(3, 4)
print(p.x, p.y, p.norm2(), Point.dims, p.dims)
q = Point(1)
print(q.x, q.y)
total = 0
for i in range(100):
    p = p.moved(1, -1)
    total += p.norm2()
print(p.x, p.y, total)
p.dims = 3
print(p.dims, Point.dims, q.dims)
Point.dims = 4
print(p.dims, Point.dims, q.dims)
p.label = "origin"
print(p.label, hasattr(p, "label"), hasattr(q, "label"))
print(type(p).__name__, type(p) is Point, isinstance(p, Point), isinstance(3, Point))


class Counter:
    count = 0

    def bump(self):
        Counter.count += 1
        return Counter.count


c = Counter()
for _ in range(50):
    c.bump()
print(Counter.count, c.count)
