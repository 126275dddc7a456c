"""Metaclasses: __new__/__init__ at class creation through super(), __call__ intercepting
construction (in a hot loop, and after the metaclass changes), dunders and methods of the
metaclass on the class, type(name, bases, ns), the metaclass calculation and its errors,
class keywords, a class's __class__ assignment, __prepare__ (a mapping the class body reads and writes)."""


class Meta(type):
    def __new__(mcs, name, bases, ns):
        print(
            "Meta.__new__",
            mcs.__name__,
            name,
            [b.__name__ for b in bases],
            sorted(k for k in ns if not k.startswith("__")),
        )
        cls = super().__new__(mcs, name, bases, ns)
        cls.registered = True
        return cls

    def __init__(cls, name, bases, ns):
        print("Meta.__init__", name)
        super().__init__(name, bases, ns)

    def __call__(cls, *args, **kw):
        print("Meta.__call__", cls.__name__, args, kw)
        return super().__call__(*args, **kw)

    def __iter__(cls):
        return iter(cls.items)

    def __len__(cls):
        return len(cls.items)

    def __getitem__(cls, key):
        return cls.items[key]

    def __contains__(cls, x):
        return x in cls.items

    def __repr__(cls):
        return "<Meta class " + cls.__name__ + ">"

    def describe(cls):
        return "described " + cls.__name__


class C(metaclass=Meta):
    items = [1, 2, 3]

    def __init__(self, x, y=0):
        self.x = x
        self.y = y


class D(C):
    items = ["a"]


c = C(1, y=2)
print(c.x, c.y, type(c).__name__)
print(type(C) is Meta, isinstance(C, Meta), isinstance(C, type), type(D) is Meta)
print(list(C), len(C), C[1], 2 in C, 5 in C, repr(C), C, D)
print(C.describe(), D.describe(), C.registered)
print(type(Meta), Meta.__name__, C.__class__ is Meta)
d = D(5)
print(d.x, isinstance(d, C))

X = type("X", (), {"a": 1})
print(X, X.a, type(X))
Y = Meta("Y", (C,), {"items": [9]})
print(list(Y), Y.__base__ is C)


class Registry(type):
    classes = []

    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        mcs.classes.append(name)
        return cls

    def __getattr__(cls, name):
        return "missing " + name

    @property
    def tag(cls):
        return cls.__name__.lower()


class Base(metaclass=Registry):
    pass


class A(Base):
    x = 1


print(Registry.classes, A.x, A.nothing, A.tag, Base.tag)


class Singleton(type):
    instances = {}

    def __call__(cls, *args):
        if cls not in Singleton.instances:
            Singleton.instances[cls] = super().__call__(*args)
        return Singleton.instances[cls]


class S(metaclass=Singleton):
    def __init__(self, v):
        self.v = v


s1 = S(1)
s2 = S(2)
print(s1 is s2, s1.v)


# hot loop: the metaclass's __call__ runs in every tier
class Counting(type):
    calls = 0

    def __call__(cls, *args):
        Counting.calls += 1
        return super().__call__(*args)


class P(metaclass=Counting):
    def __init__(self, x):
        self.x = x


class Q:
    def __init__(self, x):
        self.x = x


total = 0
for i in range(3000):
    total += P(i).x + Q(i).x
    if i == 1500:

        def counting_call(cls, *args):
            Counting.calls += 10
            return type.__call__(cls, *args)

        Counting.__call__ = counting_call
print(total, Counting.calls)

for bad in [
    lambda: type.__new__(1, "a", (), {}),
    lambda: type.__new__(int, "a", (), {}),
    lambda: type.__new__(type, "a", ()),
    lambda: type.__new__(type, 1, (), {}),
    lambda: type.__new__(type, "a", [], {}),
    lambda: type.__new__(type, "a", (), []),
    lambda: type("a", ()),
    lambda: type.__init__(A, 1, 2),
]:
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


class M1(type):
    pass


class M2(type):
    pass


class Y(metaclass=M1):
    pass


try:

    class Z(Y, metaclass=M2):
        pass
except TypeError as e:
    print("TypeError:", e)


class M3(M1):
    pass


class W(Y, metaclass=M3):
    pass


class V(W, metaclass=M1):
    pass


print(type(W).__name__, type(V).__name__)


def func_meta(name, bases, ns):
    return name + "!"


class F(metaclass=func_meta):
    pass


print(F)


class MA(type):
    pass


class MB(type):
    pass


class CA(metaclass=MA):
    pass


try:
    CA.__class__ = MB
except TypeError as e:
    print(e)
try:

    class D(metaclass=MA, flag=1):
        pass
except TypeError as e:
    print(e)
print(type(CA), CA.__class__, MA.__class__, MA.__mro__)


class Plain:
    pass


for target, value in [(Plain, MA), (CA, Plain), (CA, MA)]:
    try:
        target.__class__ = value
        print("ok", type(target).__name__)
    except TypeError as e:
        print(e)


class Recording(dict):
    def __setitem__(self, key, value):
        print("set", key)
        super().__setitem__(key, value)

    def __getitem__(self, key):
        if key == "magic":
            return 42
        return super().__getitem__(key)


class MP(type):
    @classmethod
    def __prepare__(mcs, name, bases):
        print("prepare", mcs.__name__, name, bases)
        return Recording()

    def __new__(mcs, name, bases, ns):
        print("new", type(ns).__name__, sorted(k for k in ns if not k.startswith("__")))
        return super().__new__(mcs, name, bases, ns)


class CP(metaclass=MP):
    x = 1
    y = magic + x
    del x

    def f(self):
        return 1


print(CP.y, hasattr(CP, "x"))


class Bad(type):
    def __prepare__(name, bases):
        return 5


try:

    class E(metaclass=Bad):
        pass
except TypeError as e:
    print(e)
