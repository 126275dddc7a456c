import math


def f(*args):
    return args


def g(*args, **kwargs):
    return args, kwargs


class Box:
    def m(self, *args):
        return args


print(dict.fromkeys([1, 2]))
print(dict.fromkeys("ab", 0))
print(dict.fromkeys((3, 1, 3), []))
print({}.fromkeys(range(3), "x"))
d = {1: "a", 2: "b", 3: "c"}
e = {2: "b", 3: "z", 4: "d"}
print(sorted(d.keys() & {1, 5}))
print(sorted(d.keys() | {5}))
print(sorted(d.keys() - {2}))
print(sorted(d.keys() ^ {3, 9}))
print(sorted(d.keys() & e.keys()))
print(sorted(d.items() & e.items()))
print(sorted(d.items() - e.items()))
print(sorted(d.items() | {(7, "q")}))
print(sorted(d.items() ^ e.items()))
print(type(d.keys() & [1]).__name__, d.keys() & [])
print({1, 2}.isdisjoint([3, 4]), {1, 2}.isdisjoint({2}), set().isdisjoint([]))
print({1}.issubset([1, 2]), {1, 3}.issubset({1}), {1, 2}.issuperset([2]), {1}.issuperset({1, 2}))
print("a\tbc\td".expandtabs(), "a\tbc\td".expandtabs(4), "x\ty\nab\tc".expandtabs(tabsize=3))
print(repr("\t".expandtabs(0)), repr("ab\t".expandtabs(-1)), repr("abcdefgh\tz".expandtabs()))
print(math.fsum([0.1] * 10), sum([0.1] * 10), math.fsum([]), math.fsum([1e100, 1.0, -1e100]))
print(
    math.fsum(range(5)),
    math.fsum([1, 2.5]),
    math.fsum([0.1, 0.2, 0.3]),
    math.fsum((1e308, -1e308, 5e-324)),
)
try:
    f(*1)
except TypeError as exc:
    print(exc)
try:
    Box().m(*1)
except TypeError as exc:
    print(exc)
try:
    len(*1)
except TypeError as exc:
    print(exc)
try:
    f(1, *1)
except TypeError as exc:
    print(exc)
try:
    print([*1])
except TypeError as exc:
    print(exc)
try:
    print([0, *None])
except TypeError as exc:
    print(exc)
try:
    [].extend(1)
except TypeError as exc:
    print(exc)
try:
    math.log()
except TypeError as exc:
    print(exc)
try:
    math.fsum(1)
except TypeError as exc:
    print(exc)
try:
    math.fsum(["a"])
except TypeError as exc:
    print(exc)
try:
    "a".expandtabs("x")
except TypeError as exc:
    print(exc)
print(f(*(1, 2)), f(*[3]), f(*"ab"), Box().m(*range(2)))
print(1 and {1, 4} & d.keys(), sorted([1, 9] - d.keys()), sorted((1, 2) | d.keys()))
view = d.keys()
view &= {1, 2}
print(sorted(view), type(view).__name__)
print(
    repr("".expandtabs()), "é\tx\r\ty".expandtabs(4) == "é   x\r    y", {1}.isdisjoint(iter([2, 1]))
)
print(
    math.fsum([float("inf"), 1.0]),
    math.fsum([1e16, 1.0, 1e-16]),
    math.fsum([-0.0]),
    math.fsum(iter([2, 3])),
)
print(g(*[1], k=2), f(*iter("ab")), f(*{"q": 1}), f(*d.keys()))


def check(bad):
    try:
        print(bad())
    except (TypeError, ValueError, OverflowError) as exc:
        print(type(exc).__name__, exc)


check(lambda: dict.fromkeys(1))
check(lambda: dict.fromkeys())
check(lambda: dict.fromkeys([1], 2, 3))
check(lambda: dict.fromkeys([1], value=2))
check(lambda: d.values() & {1})
check(lambda: d.keys() & 1)
check(lambda: {1}.isdisjoint(1))
check(lambda: {1}.isdisjoint([[1]]))
check(lambda: math.log(1, 2, 3))
check(lambda: math.log(x=1))
check(lambda: math.fsum())
check(lambda: math.fsum([1e308, 1e308]))
check(lambda: math.fsum([float("inf"), -float("inf")]))
check(lambda: "a".expandtabs(1, 2))
check(lambda: print(*None, sep=""))
check(lambda: f(*1, **{}))
check(lambda: {*1})
