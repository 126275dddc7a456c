# Classes that define no __init__, constructed in hot loops: the call only allocates. A class that
# gains an __init__ (its own, or a base's) while the loop is hot, arguments to one that takes
# none, and a subclass with its own __new__-free construction must behave as in CPython.


class Duck:
    sound = "Quack!"


class Base:
    pass


class Derived(Base):
    pass


def make(cls, n):
    made = []
    for i in range(n):
        d = cls()
        d.n = i
        made.append(d)
    return sum(d.n for d in made), type(made[-1]).__name__


print(make(Duck, 300))
print(make(Derived, 300))


def init_base(self):
    self.tag = "base init"


def grow(n):
    tags = 0
    for i in range(n):
        d = Derived()
        if i == n // 2:
            Base.__init__ = init_base
        tags += len(getattr(d, "tag", ""))
    return tags


print(grow(400))

for i in range(3):
    try:
        Duck(i)
    except TypeError as e:
        print("TypeError:", e)


def counted(n):
    total = 0
    for i in range(n):
        total += len(Duck().sound)
    return total


print(counted(500))
