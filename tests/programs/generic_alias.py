# list[int] at run time: subscripted built-in classes are GenericAlias objects (printing,
# comparing and calling as CPython's); a class's __class_getitem__; the errors.
Grid = list[list[int]]
Pair = tuple[int, str]


class F:
    pass


def g():
    pass


print(Grid, Pair, dict[str, F], set[g], tuple[()], list[None], list["x"], tuple[int, ...], type[int])
print(list[int].__origin__, list[int].__args__, dict[str, int] == dict[str, int], list[int] == list[str])
print(list[int]([1, 2]), Pair((1, "a")), type(Grid).__name__, hash(list[int]) == hash(list[int]))


class Box:
    def __class_getitem__(cls, item):
        return f"Box of {item.__name__}"


print(Box[int])
try:
    int[str]
except TypeError as e:
    print(e)
try:
    F[int]
except TypeError as e:
    print(e)


def build(n):
    rows: Grid = []
    for i in range(n):
        rows.append(list[int]([i, i * 2]))
    return sum(r[1] for r in rows)


print(build(3000))
