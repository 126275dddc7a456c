# abc and collections.abc: isinstance/issubclass of built-in values and one-trick ponies against
# every ABC, registration, mixin methods of MutableMapping, Sequence, Set and friends, abstract
# classes refused with CPython's message, and hot loops over isinstance checks and mixins.
import collections.abc
from abc import ABC, ABCMeta, abstractmethod, get_cache_token, update_abstractmethods
from collections.abc import (
    Callable,
    Collection,
    Container,
    Generator,
    Hashable,
    ItemsView,
    Iterable,
    Iterator,
    KeysView,
    Mapping,
    MappingView,
    MutableMapping,
    MutableSequence,
    MutableSet,
    Reversible,
    Sequence,
    Set,
    Sized,
    ValuesView,
)

ABCS = [
    Hashable,
    Iterable,
    Iterator,
    Reversible,
    Generator,
    Sized,
    Container,
    Callable,
    Collection,
    Sequence,
    MutableSequence,
    Set,
    MutableSet,
    Mapping,
    MutableMapping,
    MappingView,
    KeysView,
    ItemsView,
    ValuesView,
]


def gen():
    yield 1


def bits(test):
    return "".join("1" if test(a) else "0" for a in ABCS)


VALUES = [
    [],
    (),
    "",
    b"",
    bytearray(),
    {},
    set(),
    frozenset(),
    range(3),
    3,
    3.5,
    None,
    True,
    gen(),
    iter([]),
    iter(()),
    iter({}),
    {}.keys(),
    {}.items(),
    {}.values(),
    len,
    lambda: 0,
    object(),
    int,
    iter(range(2)),
    zip(),
    map(len, []),
    enumerate([]),
    filter(None, []),
]
for v in VALUES:
    print(f"{type(v).__name__:22}", bits(lambda a: isinstance(v, a)))
for a in ABCS:
    print(f"{a.__name__:16}", bits(lambda b: issubclass(a, b)), sorted(a.__abstractmethods__))
print(collections.abc.Mapping is Mapping, type(Mapping) is ABCMeta)
print(isinstance([], (int, Mapping, Sized)), issubclass(dict, (int, Sequence)))


# ---- one-trick ponies ----
class NoHash:
    __hash__ = None


class OnlyIter:
    def __iter__(self):
        return iter([1, 2])


class Counter3:
    def __init__(self):
        self.n = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.n += 1
        if self.n > 3:
            raise StopIteration
        return self.n


class Sizes:
    def __len__(self):
        return 4

    def __contains__(self, x):
        return True

    def __call__(self):
        return 0


class NotIterable(OnlyIter):
    __iter__ = None


class WithEq:
    def __eq__(self, other):
        return True


for cls in (NoHash, OnlyIter, Counter3, Sizes, NotIterable, WithEq):
    print(cls.__name__, bits(lambda a: issubclass(cls, a)), bits(lambda a: isinstance(cls(), a)))
print(list(Counter3()))


# ---- register ----
class Record:
    pass


print(
    Mapping.register(Record) is Record, issubclass(Record, Mapping), isinstance(Record(), Mapping)
)
print(
    issubclass(Record, MutableMapping), issubclass(Record, Collection), issubclass(Record, Iterable)
)


@Sequence.register
class Row:
    pass


print(isinstance(Row(), Sequence), isinstance(Row(), Reversible), Row.__name__)
token = get_cache_token()
MutableSet.register(Row)
print(get_cache_token() != token, isinstance(Row(), Set))
try:
    Sized.register(3)
except TypeError as e:
    print("TypeError:", e)
try:
    Sequence.register(Collection)
except RuntimeError as e:
    print("RuntimeError:", e)
print(Iterable.register(list) is list)
try:
    issubclass(3, Iterable)
except TypeError as e:
    print("TypeError:", e)
try:
    issubclass(3, int)
except TypeError as e:
    print("TypeError:", e)
try:
    isinstance(3, 4)
except TypeError as e:
    print("TypeError:", e)


# ---- MutableMapping ----
class Bag(MutableMapping):
    def __init__(self, *args, **kwargs):
        self.d = {}
        self.update(*args, **kwargs)

    def __getitem__(self, k):
        return self.d[k]

    def __setitem__(self, k, v):
        self.d[k] = v

    def __delitem__(self, k):
        del self.d[k]

    def __iter__(self):
        return iter(self.d)

    def __len__(self):
        return len(self.d)

    def __repr__(self):
        return f"Bag({self.d})"


b = Bag([("a", 1)], b=2)
b["x"] = 1
b.update({"y": 2}, z=3)
b.update(Bag(w=0))
print(b, len(b), b.get("x"), b.get("q", 9), "x" in b, "q" in b)
print(list(b.keys()), list(b.items()), list(b.values()), 3 in b.values(), ("a", 1) in b.items())
print(type(b.keys()).__name__, type(b.items()).__name__, type(b.values()).__name__)
print(b.keys() & {"a", "x", "nope"} == {"a", "x"}, sorted(b.keys() | ["k"]), len(b.values()))
print(b.pop("x"), b.pop("x", "gone"), b.setdefault("w", 4), b.setdefault("v", 5), b.popitem())
print(b == {"b": 2, "y": 2, "z": 3, "w": 0, "v": 5}, b != {}, b == [1], Bag() == Bag())
try:
    b.pop("nope")
except KeyError as e:
    print("KeyError", e)
b.clear()
print(len(b), b)
try:
    b.popitem()
except KeyError as e:
    print("KeyError", repr(e))
print(Bag.__hash__, isinstance(b, Hashable), isinstance(b, Reversible))


# ---- Sequence and MutableSequence ----
class Squares(Sequence):
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("index out of range")
        return i * i

    def __len__(self):
        return self.n


s = Squares(6)
print(list(s), 9 in s, 10 in s, list(reversed(s)), s.index(4), s.index(16, -3), s.count(16), s[-1])
for args in [(7,), (4, 3), (0, 1, 0)]:
    try:
        s.index(*args)
    except ValueError as e:
        print("ValueError", repr(e))


class Stack(MutableSequence):
    def __init__(self, items=()):
        self.items = list(items)

    def __getitem__(self, i):
        return self.items[i]

    def __setitem__(self, i, v):
        self.items[i] = v

    def __delitem__(self, i):
        del self.items[i]

    def __len__(self):
        return len(self.items)

    def insert(self, i, v):
        self.items.insert(i, v)


st = Stack([3, 1])
st.append(4)
st.extend([1, 5])
st += (9,)
st.reverse()
print(st.items, st.pop(), st.pop(0), st.items)
st.remove(1)
print(st.items, st.index(1), st.count(1), 4 in st)
st.extend(st)
print(st.items)
st.clear()
print(st.items, isinstance(st, Sequence), isinstance(st, Hashable))


# ---- Set and MutableSet ----
class ListSet(Set):
    def __init__(self, it=()):
        self.items = list(dict.fromkeys(it))

    def __contains__(self, x):
        return x in self.items

    def __iter__(self):
        return iter(self.items)

    def __len__(self):
        return len(self.items)

    def __repr__(self):
        return f"ListSet({self.items})"


a = ListSet([1, 2, 3])
c = ListSet([2, 3, 4])
print(a & c, a | c, a - c, a ^ c, c - [2], [5, 1] - a, {4, 9} & a, {7} | a)
print(a <= c, ListSet([2]) < a, a == ListSet([3, 2, 1]), a != c, a >= {1}, a > frozenset({1, 2}))
print(a == {1, 2, 3}, {1, 2, 3} == a, a.isdisjoint([7]), a.isdisjoint([3]), a == [1, 2, 3])
print(ListSet._hash(a) == hash(frozenset({1, 2, 3})), ListSet([])._hash() == hash(frozenset()))
try:
    a & 3
except TypeError as e:
    print("TypeError:", e)


class Tags(MutableSet):
    def __init__(self, it=()):
        self.items = set(it)

    def __contains__(self, x):
        return x in self.items

    def __iter__(self):
        return iter(sorted(self.items))

    def __len__(self):
        return len(self.items)

    def add(self, x):
        self.items.add(x)

    def discard(self, x):
        self.items.discard(x)


t = Tags("abc")
t |= "cd"
t -= "a"
t ^= "bz"
print(sorted(t.items), t.pop(), sorted(t.items))
t &= "dzq"
print(sorted(t.items))
t.remove("d")
try:
    t.remove("d")
except KeyError as e:
    print("KeyError", e)
t.clear()
print(len(t))


# ---- abstract classes ----
class Shape(ABC):
    @abstractmethod
    def area(self):
        pass

    @property
    @abstractmethod
    def name(self):
        pass

    @classmethod
    @abstractmethod
    def unit(cls):
        pass

    @staticmethod
    @abstractmethod
    def sides():
        pass

    def describe(self):
        return f"{self.name} {self.area()} {self.unit()} {self.sides()}"


class Square(Shape):
    def __init__(self, side):
        self.side = side

    def area(self):
        return self.side**2

    @property
    def name(self):
        return "square"

    @classmethod
    def unit(cls):
        return cls.__name__

    @staticmethod
    def sides():
        return 4


class Half(Shape):
    def area(self):
        return 0


print(
    sorted(Shape.__abstractmethods__), sorted(Half.__abstractmethods__), Square.__abstractmethods__
)
print(Square(3).describe(), isinstance(Square(2), Shape), issubclass(Square, ABC))
for cls in (Shape, Half, Bag.__mro__[1], Sized, Collection):
    try:
        cls()
    except TypeError as e:
        print(e)


class Plain(metaclass=ABCMeta):
    @abstractmethod
    def run(self):
        pass

    def __new__(cls, *args):
        return super().__new__(cls)


try:
    Plain(1)
except TypeError as e:
    print(e)
Plain.run = lambda self: "ran"
update_abstractmethods(Plain)
print(Plain(1).run(), Plain.__abstractmethods__)


# ---- a metaclass's __instancecheck__ and __subclasscheck__ ----
class Even(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, int) and obj % 2 == 0

    def __subclasscheck__(cls, sub):
        return sub is bool


class EvenNumber(metaclass=Even):
    pass


print(isinstance(4, EvenNumber), isinstance(3, EvenNumber), isinstance(EvenNumber(), EvenNumber))
print(issubclass(bool, EvenNumber), issubclass(int, EvenNumber), isinstance(6, (str, EvenNumber)))


class Logged(type):
    def __instancecheck__(cls, obj):
        print("instancecheck", cls.__name__, type(obj).__name__)
        return super().__instancecheck__(obj)

    def __subclasscheck__(cls, sub):
        return super().__subclasscheck__(sub)


class Node(metaclass=Logged):
    pass


class Leaf(Node):
    pass


print(isinstance(Node(), Node), isinstance(Leaf(), Node), isinstance(3, (int, Node)))
print(isinstance(3, (Node, int)), issubclass(Leaf, Node), issubclass(int, Node))
for bad in (lambda: issubclass(3, Node), lambda: type.__instancecheck__(Node)):
    try:
        bad()
    except TypeError as e:
        print("TypeError:", e)


# ---- hot loops: checks and mixins in traces ----
def classify(items):
    counts = [0, 0, 0, 0]
    for x in items:
        if isinstance(x, Mapping):
            counts[0] += 1
        elif isinstance(x, Sequence):
            counts[1] += 1
        elif isinstance(x, Iterable):
            counts[2] += 1
        else:
            counts[3] += 1
    return counts


print(classify([{}, [], "s", (), {1}, 5, b, s, a, None, 2.5, range(2)] * 250))

total = 0
bag = Bag()
for i in range(3000):
    bag[i % 97] = bag.get(i % 97, 0) + i
    if i % 7 in bag:
        total += bag.setdefault(i % 7, 0)
print(len(bag), total, sum(bag.values()))

squares = Squares(50)
hits = 0
for i in range(2000):
    if (i % 60) in squares:
        hits += squares.index(i % 60) if (i % 60) in (0, 1, 4, 9, 16) else 1
print(hits, sum(squares), squares.count(49))

checks = 0
for i in range(2000):
    checks += issubclass(Square, Shape) + isinstance(i, Hashable) + isinstance(i, EvenNumber)
print(checks)

# CPython's hierarchy, on multiple inheritance.
from collections.abc import (
    Collection,
    Sequence,
    KeysView,
    ItemsView,
    ValuesView,
    MutableSequence,
    MutableMapping,
    Set,
    Reversible,
    MappingView,
    Container,
)

for k in (
    Collection,
    Sequence,
    KeysView,
    ItemsView,
    ValuesView,
    MutableSequence,
    MutableMapping,
    Set,
):
    print(k.__name__, [b.__name__ for b in k.__mro__])
print(
    issubclass(list, Reversible),
    isinstance({}.keys(), MappingView),
    isinstance({}.values(), Collection),
    issubclass(Sequence, Container),
)


class L(Sequence):
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError
        return i * i


l = L(5)
print(list(reversed(l)), 9 in l, l.index(16), isinstance(l, Reversible))
print(repr({1: 2}.keys()), KeysView({1: 2}), len(ItemsView({1: 2, 3: 4})), ValuesView({1: 5}))
