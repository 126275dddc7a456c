# Multiple inheritance: C3 MROs, diamonds, mixins, cooperative super(), dunders from mixins,
# mixins over built-in types, and hot loops over mixin methods while a base changes.
from typing import Generic, Protocol, TypeVar


def names(cls):
    return [k.__name__ for k in cls.__mro__]


# ---- a diamond: every class once, in MRO order ----
class Root:
    tag = "root"

    def hello(self):
        return ["Root"]

    def where(self):
        return "Root.where"


class Left(Root):
    tag = "left"

    def hello(self):
        return ["Left"] + super().hello()


class Right(Root):
    side = "right"

    def hello(self):
        return ["Right"] + super().hello()

    def where(self):
        return "Right.where"


class Bottom(Left, Right):
    def hello(self):
        return ["Bottom"] + super().hello()


print(names(Bottom), [k.__name__ for k in Bottom.mro()])
print(Bottom().hello(), Bottom().where(), Bottom.tag, Bottom.side, Bottom().side)
print(Bottom.__bases__ == (Left, Right), Bottom.__base__ is Left, Left.__bases__, Root.__bases__)
print(isinstance(Bottom(), Right), issubclass(Bottom, Root), issubclass(Right, Left))
print(isinstance(Bottom(), (int, Right)), issubclass(Left, (Right, Bottom)))
print(super(Left, Bottom()).hello(), super(Bottom, Bottom()).where())


# The classic: O, then A..F (CPython's own MRO example).
class O:
    pass


class F(O):
    pass


class E(O):
    pass


class D(O):
    pass


class C(D, F):
    pass


class B(D, E):
    pass


class A(B, C):
    pass


print(names(A), names(B), names(C))


# ---- cooperative __init__ with **kwargs ----
class Component:
    def __init__(self, **kwargs):
        self.log = ["Component"]
        super().__init__(**kwargs)


class Named(Component):
    def __init__(self, name="?", **kwargs):
        super().__init__(**kwargs)
        self.name = name
        self.log.append("Named")


class Sized(Component):
    def __init__(self, size=0, **kwargs):
        super().__init__(**kwargs)
        self.size = size
        self.log.append("Sized")


class Widget(Named, Sized):
    def __init__(self, color="grey", **kwargs):
        super().__init__(**kwargs)
        self.color = color
        self.log.append("Widget")


w = Widget(name="button", size=3, color="red")
print(w.name, w.size, w.color, w.log, names(Widget))
try:
    Widget(weight=5)
except TypeError as e:
    print("TypeError:", e)


# ---- mixins: dunders, class attributes, properties, classmethods ----
class ReprMixin:
    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in sorted(vars(self).items()))
        return f"{type(self).__name__}({fields})"


class OrderMixin:
    def __eq__(self, other):
        return type(self) is type(other) and self.key() == other.key()

    def __lt__(self, other):
        return self.key() < other.key()

    def __hash__(self):
        return hash(self.key())


class CountMixin:
    made = 0

    @classmethod
    def make(cls, *args):
        cls.made += 1
        return cls(*args)

    @property
    def double(self):
        return self.key() * 2


class Point(ReprMixin, OrderMixin, CountMixin):
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def key(self):
        return (self.x, self.y)


ps = [Point.make(2, 1), Point.make(1, 5), Point.make(1, 2)]
print(sorted(ps), Point.made, CountMixin.made, ps[0].double)
print(Point(1, 2) == Point(1, 2), Point(1, 2) != Point(2, 1), len({Point(1, 2), Point(1, 2)}))
print(repr(Point(0, 0)), str(Point(3, 4)), names(Point))


# ---- mixins over built-in types ----
class LoudList(ReprMixin, list):
    def __repr__(self):
        return "Loud" + list.__repr__(self)

    def shout(self):
        return [str(x).upper() for x in self]


ll = LoudList(["a", "b"])
ll.append("c")
ll.extra = 1
print(ll, len(ll), ll.shout(), ll[1:], LoudList.__base__, names(LoudList), ll.extra)


class Shouting:
    def shout(self):
        return self.upper() + "!"


class Word(Shouting, str):
    pass


word = Word("quack")
print(word, word.shout(), word + "s", Word.__base__, isinstance(word, str), names(Word))


class Tagged:
    def tagged(self):
        return f"<{self!r}>"


class Count(Tagged, int):
    pass


print(Count(7).tagged(), Count(7) + 1, Count.__base__, names(Count))


class LogMixin:
    def describe(self):
        return f"{type(self).__name__}: {self}"


class AppError(LogMixin, ValueError):
    pass


try:
    raise AppError("bad value")
except ValueError as e:
    print(e.describe(), AppError.__base__, names(AppError))


class Both(KeyError, IndexError):
    pass


try:
    raise Both("k")
except IndexError as e:
    print("caught", type(e).__name__, names(Both))


# ---- a metaclass with a mixin ----
class Registry:
    def registered(cls):
        return f"registered {cls.__name__}"


class Meta(Registry, type):
    pass


class Plugin(metaclass=Meta):
    pass


print(Plugin.registered(), type(Plugin).__name__, names(Meta))

# ---- typing's Protocol and Generic as bases ----
T = TypeVar("T")


class SupportsClose(Protocol):
    def close(self):
        ...


class Box(SupportsClose, Generic[T]):
    def __init__(self, item):
        self.item = item

    def close(self):
        return f"closed {self.item}"


print(Box(3).close(), [k.__name__ for k in Box.__mro__])


# ---- errors, caught ----
def attempt(make):
    try:
        return make()
    except TypeError as e:
        return f"TypeError: {e}"


class Slot1:
    __slots__ = ("a",)


class Slot2:
    __slots__ = ("b",)


class M1(type):
    pass


class M2(type):
    pass


class WithM1(metaclass=M1):
    pass


class WithM2(metaclass=M2):
    pass


print(attempt(lambda: type("Bad", (Root, Left), {})))
print(attempt(lambda: type("Bad", (Left, Left), {})))
print(attempt(lambda: type("Bad", (int, str), {})))
print(attempt(lambda: type("Bad", (list, dict), {})))
print(attempt(lambda: type("Bad", (Slot1, Slot2), {})))
print(attempt(lambda: type("Bad", (WithM1, WithM2), {})))
print(attempt(lambda: type("Bad", (Root, 3), {})))
print(names(type("Good", (Right, Left), {})), names(type("Good", (Slot1, Root), {})))

# ---- hot loops: mixin methods, dunders and attributes through the MRO ----
total = 0
p = Point(1, 2)
for i in range(3000):
    q = Point(i % 7, 1)
    total += len(q.key()) + (q == p) + (q < p) + len(Bottom().hello())
    total += len(Bottom.tag) + len(Bottom().side)
print(total)


# ---- a base changed after its subclasses were made, inside hot loops ----
class Speaker:
    def speak(self):
        return 1


class Volume:
    level = 10


class Loud(Volume, Speaker):
    pass


def speak_twice(self):
    return 2


def count_speech(n):
    s = 0
    for i in range(n):
        if i == n // 2:
            Speaker.speak = speak_twice
            Volume.level = 20
        s += Loud().speak() + Loud().level
    return s


print(count_speech(2000), count_speech(2000))


def mixin_gains(n):
    s = 0
    for i in range(n):
        if i == n // 2:
            # Found earlier in the MRO than Speaker's from now on.
            Volume.speak = lambda self: 100
        s += Loud().speak()
    return s


print(mixin_gains(2000))
del Volume.speak
print(mixin_gains(1000))


# ---- more of the object model through the MRO ----
class StrMixin:
    def __str__(self):
        return "custom:" + repr(self.args)


class E1(StrMixin, ValueError):
    pass


class E2(ValueError, StrMixin):
    pass


print(str(E1(1)), str(E2(2)), names(E2))


class InitMixin:
    def __init__(self, *args, **kwargs):
        self.extra = kwargs.pop("extra", None)
        super().__init__(*args)


class E3(InitMixin, KeyError):
    pass


e3 = E3("k", extra=5)
print(e3.extra, e3.args, str(e3))


class Missing:
    def __missing__(self, key):
        return key * 2


class DefaultDict(Missing, dict):
    pass


dd = DefaultDict(a=1)
print(dd["a"], dd["zz"], dd)


class Maker:
    @classmethod
    def make(cls):
        return ["Maker", cls.__name__]

    @staticmethod
    def scale(x):
        return x + 1


class MakerB(Maker):
    @classmethod
    def make(cls):
        return ["B"] + super().make()


class MakerC(Maker):
    @classmethod
    def make(cls):
        return ["C"] + super().make()

    @staticmethod
    def scale(x):
        return x * 10


class MakerD(MakerB, MakerC):
    @classmethod
    def make(cls):
        return ["D"] + super().make()

    def scales(self):
        return super().scale(3), super(MakerC, self).scale(3)


print(MakerD.make(), MakerD().make(), MakerD().scales(), super(MakerB, MakerD()).make())


class Late:
    pass


class LateSub(Late, Maker):
    pass


x, y = LateSub(), LateSub()
print(x == y, repr(x) == repr(y))
Late.__eq__ = lambda self, other: True
Late.__repr__ = lambda self: "LATE"
print(x == y, repr(x), str(x))


class HasProperty:
    @property
    def v(self):
        return "property"


class HasAttribute:
    v = "class attribute"


class AttributeFirst(HasAttribute, HasProperty):
    pass


class PropertyFirst(HasProperty, HasAttribute):
    pass


o1, o2 = AttributeFirst(), PropertyFirst()
o1.__dict__["v"] = "instance"
o2.__dict__["v"] = "instance"
print(o1.v, o2.v)


class NoSlots:
    __slots__ = ()


class OneSlot:
    __slots__ = ("a",)


class Slotted(OneSlot, NoSlots):
    __slots__ = ("c",)


s = Slotted()
s.a = 1
s.c = 2
try:
    s.d = 3
except AttributeError as e:
    print(s.a, s.c, e)


class Y1(Left, Shouting):
    pass


class Y2(Left, Shouting):
    pass


yy = Y1()
yy.__class__ = Y2
print(type(yy).__name__, yy.hello())


class Upper(Shouting, str):
    def __new__(cls, s):
        return super().__new__(cls, s.upper())


print(Upper("abc"), Upper("abc").shout(), type(Upper("x")).__name__)


class MetaA(type):
    def hello(cls):
        return "MetaA " + cls.__name__


class MetaB(MetaA):
    pass


class K1(metaclass=MetaA):
    pass


class K2(metaclass=MetaB):
    pass


class K3(K1, K2):
    pass


print(type(K3).__name__, K3.hello(), names(MetaB))
print(object.__bases__, int.__mro__, bool.__mro__, type.__mro__, type.mro(int))


class Real(float):
    pass


class RealTagged(Real, Tagged):
    pass


class Pair(tuple):
    pass


class TaggedPair(Pair, Tagged):
    pass


print(RealTagged(2.5) * 2, RealTagged(1).tagged(), RealTagged.__base__)
print(TaggedPair((1, 2)), TaggedPair.__base__, TaggedPair((1, 2)).tagged())
print(attempt(lambda: type("Bad", (Pair, Real), {})))


# A mixin earlier in the MRO gains and loses what a later base has, from inside a call the
# loop's trace makes between two loads of the attribute.
class RateBase:
    rate = 1

    def get(self):
        return 10


class RateMixin:
    pass


class Rated(RateMixin, RateBase):
    pass


def change_rates(i):
    if i == 700:
        RateMixin.rate = 5
    if i == 1400:
        RateMixin.get = lambda self: 20
    if i == 2100:
        del RateMixin.rate
        del RateMixin.get
        RateBase.rate = 3


def rated_sum():
    t = Rated()
    s = 0
    for i in range(3000):
        a = t.rate
        change_rates(i)
        s += a + t.rate + t.get()
    return s


print(rated_sum(), rated_sum())
