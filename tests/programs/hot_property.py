# Property getters written in Python, hot (LOAD_ATTR_PROPERTY): the getter's frame is pushed in
# place. A getter that raises, a property replaced while hot, a subclass overriding it, and a
# runaway recursion through a getter.


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    @property
    def norm2(self):
        return self.x * self.x + self.y * self.y

    @property
    def checked(self):
        if self.x < 0:
            raise ValueError("negative x: %d" % self.x)
        return self.x

    @property
    def missing(self):
        return self.nothing


class Tagged(Vec):
    @property
    def norm2(self):
        return -1


total = 0
errors = {}
for i in range(400):
    v = Vec(i - 50, 2)
    total += v.norm2
    try:
        total += v.checked
    except ValueError as e:
        errors["ValueError"] = str(e)
    try:
        total += v.missing
    except AttributeError as e:
        errors["AttributeError"] = str(e)
print("norms:", total, sorted(errors.items()))

mixed = 0
for i in range(300):
    mixed += (Tagged(i, i) if i % 3 == 0 else Vec(i, 1)).norm2
    if i == 200:
        Vec.norm2 = property(lambda self: 7)
print("mixed:", mixed)


class Node:
    def __init__(self, parent):
        self.parent = parent

    @property
    def depth(self):
        return 0 if self.parent is None else self.parent.depth + 1

    @property
    def forever(self):
        return self.forever


node = None
for i in range(60):
    node = Node(node)
print("depth:", sum(node.depth for _ in range(300)))
for attempt in range(3):
    try:
        node.forever
    except RecursionError as e:
        print("caught:", type(e).__name__)
