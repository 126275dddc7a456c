# functools, operator, string and collections from quack's lib/: lru_cache statistics,
# partial, wraps (docstrings kept), total_ordering, deque, defaultdict, Counter (most_common
# order), OrderedDict and namedtuple, with CPython's reprs and errors.
import functools
import operator
import string
from collections import Counter, OrderedDict, defaultdict, deque, namedtuple
from functools import cache, cmp_to_key, lru_cache, partial, reduce, total_ordering, wraps


@lru_cache(maxsize=None)
def fib(n):
    "Fibonacci, memoized."
    return n if n < 2 else fib(n - 1) + fib(n - 2)


print(fib(80), fib.cache_info(), fib.__name__, fib.__doc__)


@lru_cache(maxsize=2)
def sq(x):
    return x * x


for v in [1, 2, 1, 3, 2, 1]:
    sq(v)
print(sq.cache_info(), sq.cache_info().hits)
sq.cache_clear()
print(sq.cache_info())


@cache
def ways(n):
    return 1 if n <= 1 else ways(n - 1) + ways(n - 2)


print(ways(30), ways.cache_info().currsize)
print(reduce(operator.add, range(10)), reduce(lambda a, b: a * b, [1, 2, 3], 10))
try:
    reduce(operator.add, [])
except TypeError as e:
    print(e)
p = partial(int, base=2)
print(p("101"), partial(pow, 2)(10), partial(partial(max, 3), 9)(5))


def logged(func):
    @wraps(func)
    def inner(*args):
        return func(*args)

    return inner


@logged
def greet(name):
    """Say hello."""
    return "hi " + name


print(greet("x"), greet.__name__, greet.__doc__, greet.__wrapped__.__name__)
print(sorted([3, 1, 2], key=cmp_to_key(lambda a, b: b - a)))


@total_ordering
class V:
    def __init__(self, v):
        self.v = v

    def __eq__(self, o):
        return self.v == o.v

    def __lt__(self, o):
        return self.v < o.v


print(V(1) <= V(2), V(3) > V(2), V(2) >= V(2), V(1) > V(1))
print(operator.itemgetter(1)("abc"), operator.itemgetter(0, 2)("abc"), operator.attrgetter("v")(V(5)))
print(sorted([(1, "b"), (0, "c")], key=operator.itemgetter(1)), operator.neg(3), operator.not_(0))
print(operator.methodcaller("upper")("a"), operator.mul(3, 4), operator.abs(-2), operator.truth([]))
print(string.ascii_lowercase, string.digits, string.capwords("hello  world  x"), len(string.printable))
d = deque([1, 2, 3])
d.append(4)
d.appendleft(0)
print(d, d.pop(), d.popleft(), len(d), d[0], d[-1])
d.rotate(1)
print(d)
d.rotate(-2)
print(d, list(reversed(d)), 2 in d)
q = deque(maxlen=3)
for i in range(6):
    q.append(i)
print(q, q.maxlen)
try:
    deque().pop()
except IndexError as e:
    print(e)
big = deque()
for i in range(1000):
    big.append(i)
    if i % 3 == 0:
        big.popleft()
print(len(big), big[0], big[-1], sum(big))
dd = defaultdict(list)
for w in "apple avocado banana blueberry cherry".split():
    dd[w[0]].append(w)
print(dd, dict(dd), dd["z"], len(dd))
di = defaultdict(int)
for c in "mississippi":
    di[c] += 1
print(sorted(di.items()))
c = Counter("mississippi")
print(c, c.most_common(2), c["z"], c.total())
c.update("ss")
c.subtract({"i": 2})
print(c, Counter("aab") + Counter("bc"), Counter("aab") - Counter("ab"))
print(Counter({"a": 3, "b": 1}) | Counter(a=1, b=2), Counter("aab") & Counter("ab"))
print(sorted(Counter("hello").elements()))
od = OrderedDict()
od["b"] = 1
od["a"] = 2
od.move_to_end("b")
print(od, od.popitem(), od)
Point = namedtuple("Point", "x y")
pt = Point(1, y=2)
print(pt, pt.x, pt[1], pt == (1, 2), tuple(pt), pt._asdict(), pt._replace(x=5))
x, y = pt
print(x + y, Point._fields, Point._make([3, 4]), hash(pt) == hash((1, 2)), Point.__name__)
P3 = namedtuple("P3", ["a", "b", "c"], defaults=[0])
print(P3(1, 2), sorted([Point(2, 1), Point(1, 5)]))
try:
    Point(1)
except TypeError as e:
    print(e)

words = Counter()
for i in range(2000):
    words[(i * 31) % 17] += 1
print(words.most_common(3))


@total_ordering
class ByLe:
    def __init__(self, v):
        self.v = v

    def __le__(self, o):
        return self.v <= o.v


@total_ordering
class ByGt:
    def __init__(self, v):
        self.v = v

    def __gt__(self, o):
        return self.v > o.v


@total_ordering
class ByGe:
    def __init__(self, v):
        self.v = v

    def __ge__(self, o):
        return self.v >= o.v


for cls in (ByLe, ByGt, ByGe):
    a, b = cls(1), cls(2)
    print(cls.__name__, a < b, a <= b, a > b, a >= b, b > a, a < a, a <= a, ByLe.__gt__.__name__)
try:

    @total_ordering
    class Nothing:
        pass

except ValueError as error:
    print(error)
