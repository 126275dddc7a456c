# __new__: a class's own __new__ (a static method even when written as a plain function) runs
# before __init__, which runs only on an instance of the class; object.__new__'s checks.
class B:
    def __new__(cls, x):
        obj = super().__new__(cls)
        obj.x = x * 2
        return obj


b = B(5)
print(b.x, type(b).__name__)


class C:
    def __new__(cls, *args, **kw):
        print("new", args, kw)
        return super().__new__(cls)

    def __init__(self, a, b=2):
        self.s = a + b


print(C(1, b=5).s)


class Singleton:
    _it = None

    def __new__(cls):
        if cls._it is None:
            cls._it = object.__new__(cls)
        return cls._it


print(Singleton() is Singleton())


class Other:
    def __new__(cls, v):
        return v  # not an instance: __init__ is skipped

    def __init__(self, v):
        print("never")


print(Other(42))


class Point:
    __slots__ = ("x", "y")

    def __new__(cls, x, y):
        self = super().__new__(cls)
        self.x = x
        return self

    def __init__(self, x, y):
        self.y = y


p = Point(1, 2)
print(p.x, p.y)


class Base:
    def __new__(cls, *args):
        inst = object.__new__(cls)
        inst.made_by = cls.__name__
        return inst


class Derived(Base):
    def __init__(self, v):
        self.v = v


d = Derived(7)
print(d.made_by, d.v, isinstance(d, Base))


def make_many(n):
    total = 0
    for i in range(n):
        total += Derived(i).v + B(i).x
    return total


print(make_many(3000))


class Plain:
    pass


print(type(object.__new__(Plain)).__name__, type(Plain.__new__(Plain)).__name__)
for bad in [
    lambda: object.__new__(),
    lambda: object.__new__(5),
    lambda: object.__new__(int),
    lambda: Plain(1),
    lambda: B(),
    lambda: B(1, 2),
]:
    try:
        bad()
    except TypeError as e:
        print(e)


class Strict:
    def __new__(cls, a):
        return super().__new__(cls, a)


try:
    Strict(1)
except TypeError as e:
    print(e)


class Late:
    def __init__(self, v):
        self.v = v


def build(n):
    return [Late(i).v for i in range(n)]


print(sum(build(2000)))
Late.__new__ = lambda cls, v: "replaced " + str(v)
print(Late(3), sum(build(10)) if False else "")
