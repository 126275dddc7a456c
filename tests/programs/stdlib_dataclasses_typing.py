# dataclasses and typing from quack's lib/: @dataclass (defaults, default_factory, order,
# frozen, inheritance, __post_init__), asdict/astuple/replace/fields, CPython's __init__
# messages, and annotations evaluated into __annotations__ as CPython does.
from dataclasses import asdict, astuple, dataclass, field, fields, replace, FrozenInstanceError
from typing import List, NamedTuple, Optional, Dict


@dataclass
class Point:
    x: int
    y: int = 0


@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    patch: int = 0


@dataclass
class Inventory:
    name: str
    items: List[str] = field(default_factory=list)
    counts: Dict[str, int] = field(default_factory=dict, repr=False)
    owner: Optional[str] = None

    def add(self, item):
        self.items.append(item)
        self.counts[item] = self.counts.get(item, 0) + 1


@dataclass
class Point3(Point):
    z: int = 0

    def __post_init__(self):
        self.norm = abs(self.x) + abs(self.y) + abs(self.z)


p = Point(1, 2)
print(p, Point(3), p == Point(1, 2), p != Point(2, 1), asdict(p), astuple(p))
print([f.name for f in fields(Point)], replace(p, y=9))
vs = sorted([Version(1, 2), Version(1, 0, 5), Version(0, 9)])
print(vs, Version(1) < Version(1, 1), hash(Version(1, 2)) == hash(Version(1, 2)))
try:
    vs[0].major = 3
except FrozenInstanceError as e:
    print("frozen:", e)
inv = Inventory("shop")
inv.add("apple")
inv.add("apple")
inv.add("pear")
print(inv, inv.counts)
q = Point3(1, -2, 3)
print(q, q.norm, isinstance(q, Point))
for bad in (lambda: Point(), lambda: Point(1, 2, 3), lambda: Point(1, z=2)):
    try:
        bad()
    except TypeError as e:
        print(e)
try:
    hash(p)
except TypeError as e:
    print(e)
total = 0
for i in range(3000):
    total += Point(i, i % 7).y
print(total)

x: int = 5
y: "list[str]"
class P:
    a: int
    b: float = 2.5
    c: list[int] = []
    if True:
        d: str = "x"
    def m(self):
        z: int = 3
        return z
print(__annotations__, x)
print(P.__annotations__, P.b, P().m())
try:
    print(P.a)
except AttributeError as e:
    print(e)

# typing.NamedTuple: class syntax (defaults, methods), the functional form, CPython's errors.


class Item(NamedTuple):
    name: str
    weight: int = 1
    value: float = 0.0

    def ratio(self):
        return self.value / self.weight


a = Item("x", 2, 3.0)
print(a, a.ratio(), Item("y"), Item._fields, Item._field_defaults, Item.__mro__, Item.__annotations__)
print(a._replace(weight=5), a._asdict(), isinstance(a, tuple), Item.__module__, Item.__qualname__)
P = NamedTuple("P", [("x", int), ("y", int)])
print(P(1, 2), P.__annotations__)
try:
    class Bad(NamedTuple):
        a: int = 1
        b: int
except TypeError as e:
    print(e)
try:
    class Bad2(NamedTuple):
        a: int
        def _asdict(self):
            return 1
except AttributeError as e:
    print(e)
