"""enum: members as instances (name, value, lookup by value and by name, iteration in definition
order, aliases, auto, unique, _missing_, members with __init__ and methods), IntEnum, Flag and
IntFlag (combinations, pseudo-members, inversion, kept and refused bits), and the errors CPython
raises (a member named twice among them), the functional API; enumerations mixing in a data type
(str, float, a mixin class; IntEnum, IntFlag and StrEnum derive from Enum through ReprEnum); hot
loops look members up, compare and combine them."""

import enum
from enum import Enum, Flag, IntEnum, IntFlag, ReprEnum, StrEnum, auto, unique


class Color(Enum):
    RED = 1
    GREEN = 2
    BLUE = 3
    CRIMSON = 1


print(Color.RED, repr(Color.RED), Color.RED.name, Color.RED.value, Color(2), Color["BLUE"])
print(list(Color), len(Color), Color.RED in Color, Color.CRIMSON is Color.RED, repr(Color))
print(
    Color.RED == Color.RED, Color.RED == 1, Color.RED != Color.GREEN, hash(Color.RED) == hash("RED")
)
print(
    type(Color.RED) is Color, isinstance(Color.RED, Color), isinstance(Color.RED, Enum), type(Color)
)
print({Color.RED: "r", Color.GREEN: "g"}[Color.CRIMSON], sorted(Color.__members__))
print(list(reversed(Color)), f"{Color.RED}", "%s" % Color.GREEN, str(Color.BLUE))
for bad in [lambda: Color(5), lambda: Color["PURPLE"], lambda: Color.RED < Color.GREEN]:
    try:
        bad()
    except (ValueError, KeyError, TypeError) as e:
        print(type(e).__name__, e)
try:
    Color.RED = 5
except AttributeError as e:
    print(e)
try:
    del Color.RED
except AttributeError as e:
    print(e)
try:

    class More(Color):
        X = 3
except TypeError as e:
    print(e)


class Shape(Enum):
    SQUARE = auto()
    CIRCLE = auto()
    TRIANGLE = 10
    LINE = auto()


print(list(Shape), Shape.LINE.value)


class Planet(Enum):
    MERCURY = (3.303e23, 2.4397e6)
    EARTH = (5.976e24, 6.37814e6)

    def __init__(self, mass, radius):
        self.mass = mass
        self.radius = radius

    @property
    def gravity(self):
        return 6.673e-11 * self.mass / (self.radius * self.radius)

    def describe(self):
        return "%s %.2f" % (self.name, self.gravity)

    @classmethod
    def heaviest(cls):
        return max(cls, key=lambda p: p.mass)


print(Planet.EARTH.describe(), Planet.heaviest(), Planet.EARTH.value)


class Number(IntEnum):
    ONE = 1
    TWO = 2
    THREE = auto()


print(Number.ONE, repr(Number.TWO), Number.THREE + 1, Number.ONE == 1, Number.TWO < 3, Number(3))
print(
    sorted([Number.THREE, Number.ONE]),
    [1, 2, 3][Number.ONE],
    hash(Number.TWO),
    str(Number.TWO),
    f"{Number.TWO}",
)
print(Number.ONE.name, isinstance(Number.ONE, int), list(Number))

try:

    @unique
    class Dup(Enum):
        A = 1
        B = 2
        C = 1
except ValueError as e:
    print(e)


@unique
class Fine(Enum):
    A = 1


print(Fine.A)


class Status(Enum):
    ACTIVE = "active"
    INACTIVE = "inactive"

    @classmethod
    def _missing_(cls, value):
        if isinstance(value, str):
            for m in cls:
                if m.value == value.lower():
                    return m
        return None


print(Status("ACTIVE"), Status("inactive"))

counts = {c: 0 for c in Color}
total = 0
for i in range(3000):
    c = Color((i % 3) + 1)
    counts[c] += 1
    if c is Color.RED:
        total += c.value
    total += Number.TWO
print(counts[Color.RED], counts[Color.BLUE], total)


class Perm(Flag):
    R = 4
    W = 2
    X = 1
    RW = 6


print(list(Perm), list(Perm.__members__), str(Perm(0)), repr(Perm.RW), Perm(6) is Perm.RW)
print(list(Perm.R | Perm.W), len(Perm.R | Perm.X), repr(Perm.R | Perm.X), str(Perm.R | Perm.X))
print(~Perm.RW, ~Perm(0), repr(~Perm.R), repr(Perm))
print(Perm(-1), Perm.R ^ Perm.RW, Perm.R & Perm.W, Perm(7), repr(Perm(0)))
print(Perm.R in (Perm.R | Perm.W), Perm.X in Perm.RW, bool(Perm(0)), bool(Perm.X))


class P2(IntFlag):
    R = 4
    W = 2


print(repr(~P2.R), P2.R | P2.W, repr(P2.R & 4), repr(3 | P2.R), P2.R + 1, repr(P2(0)), str(P2(0)))
print(P2.R in (P2.R | P2.W), P2.R == 4, repr(P2.R | 8), isinstance(P2.W, int), list(P2))
for bad in [lambda: Perm.R | 1, lambda: 1 in Perm.R, lambda: Perm(8), lambda: Perm("x")]:
    try:
        bad()
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


class A(Flag):
    X = auto()
    Y = auto()
    Z = auto()


print(list(A), repr(A.X | A.Z), bool(A(0)), bool(A.X))

acc = A(0)
n = 0
for i in range(2000):
    acc = acc | [A.X, A.Y, A.Z][i % 3]
    if A.Y in acc:
        n += 1
    if i % 7 == 0:
        acc = acc & ~A.Y
print(acc, n)


try:

    class Twice(Enum):
        A = 1
        A = 2
except TypeError as e:
    print(e)
try:

    class Shadow(Enum):
        A = 1

        def A(self):
            pass
except TypeError as e:
    print(e)


Animal = Enum("Animal", "ANT BEE CAT")
print(list(Animal), Animal.BEE, Animal(3), repr(Animal))
Pets = Enum("Pets", ["DOG", "FISH"], start=10)
print(list(Pets))
Pairs = IntEnum("Pairs", [("LOW", 1), ("HIGH", 9)])
print(list(Pairs), Pairs.HIGH + 1)
Mapped = Enum("Mapped", {"X": "x", "Y": "y"})
print(list(Mapped), Mapped("y"))
Bits = Flag("Bits", "A B C")
print(list(Bits), repr(Bits.A | Bits.C))
Commas = Enum("Commas", "ONE,TWO, THREE")
print(list(Commas))


class Lists(Enum):
    A = [1, 2]
    B = [3]
    C = [1, 2]


print(list(Lists), Lists([3]), Lists.C is Lists.A)
try:
    Lists([9])
except ValueError as e:
    print(e)


# ---- mixed-in data types ----
print(isinstance(Number.ONE, Enum), isinstance(P2.R, Flag), isinstance(P2.R, IntEnum))
print(f"{Number.ONE:03d}", [k.__name__ for k in Number.__mro__])
print([k.__name__ for k in IntFlag.__mro__], hash(Number.ONE) == hash(1))


class Hue(str, Enum):
    RED = "red"
    GREEN = "green"


print(Hue.RED, repr(Hue.RED), Hue.RED == "red", Hue("green"), Hue.RED.upper(), len(Hue.GREEN))
print(isinstance(Hue.RED, str), Hue.RED.value, Hue.RED.name, f"{Hue.RED}", hash(Hue.RED) == hash("red"))
print([k.__name__ for k in Hue.__mro__], list(Hue), {"red": 1}[Hue.RED])


class Pet(StrEnum):
    CAT = auto()
    DOG = "dog"


print(Pet.CAT, repr(Pet.DOG), Pet.CAT == "cat", Pet("dog"), f"{Pet.CAT}", Pet.CAT.value)


class Planet(float, Enum):
    MERCURY = 3.3
    VENUS = 4.8


print(Planet.MERCURY * 2, repr(Planet.VENUS), str(Planet.VENUS), Planet(4.8))


class Describe:
    def describe(self):
        return f"{self.name}={self.value}"


class Status(Describe, Enum):
    OK = 0
    ERR = 1


print(Status.OK.describe(), repr(Status.ERR), [k.__name__ for k in Status.__mro__])


def refused(make):
    try:
        make()
    except TypeError as e:
        print(e)


def str_enum_of_int():
    class Bad(StrEnum):
        X = 1


def enum_first():
    class Wrong(Enum, str):
        A = "a"


def repr_enum_alone():
    class Plain(ReprEnum):
        A = 1


for make in (str_enum_of_int, enum_first, repr_enum_alone):
    refused(make)
total = 0
for i in range(2000):
    total += Number.ONE + len(Hue.RED) + (Hue.RED == "red") + (P2.R | P2.W) + (Pet.CAT == "cat")
print(total)
