# Builtins consuming a generator expression: the loop the front end makes in their place must do
# what each builtin does, and a rebound name must get its own call.


class Loud:
    def __init__(self, n):
        self.n = n

    def __lt__(self, other):
        log.append(("lt", self.n, other.n))
        return self.n < other.n

    def __gt__(self, other):
        log.append(("gt", self.n, other.n))
        return self.n > other.n

    def __repr__(self):
        return f"Loud({self.n})"


class Joiner:
    def join(self, items):
        return "joined:" + type(items).__name__


log = []


def consumed(items):
    seen = []

    def gen():
        return (seen.append(x) or x for x in items)

    results = (
        any(x > 2 for x in gen()),
        all(x < 2 for x in gen()),
        len(seen),
    )
    return results


def kernels(n):
    data = [(i * 7) % 11 - 3 for i in range(n)]
    total = 0
    for rep in range(60):
        total += sum(x * x for x in data)
        total += sum(1 for x in data if x > 0)
        total += len(list(x for x in data if x % 2))
        total += len(tuple(x + rep for x in data))
        total += len(set(x for x in data))
        total += min(x for x in data) + max(x - rep for x in data)
        total += sorted(x for x in data)[rep % n]
        if any(x == rep for x in data):
            total += 1
        if all(x > -4 for x in data):
            total += 2
        total += len(",".join(str(x) for x in data))
    return total


print(kernels(40))
print(sum(x / 2 for x in range(5)), sum(x for x in [0.5, 1, True]))
print(sum(x for x in []), list(x for x in ()), tuple(x for x in "ab"), set(x for x in "aa"))
print(sorted(x for x in [3, 1, 2]), "-".join(c.upper() for c in "abc"))
print(min(x for x in [3, 1, 1.0, 2]), max(x for x in [1, 3, 3.0, 2]))
print(max(Loud(n) for n in [1, 3, 2]), min(Loud(n) for n in [2, 1, 3]), log)
print(consumed([1, 2, 3, 4]))
print(any(x for x in []), all(x for x in []), any(x for x in [0, "", 5]), all(x for x in [1, None]))
print(Joiner().join(x for x in "ab"))

for name, make in [("min", lambda: min(x for x in [])), ("max", lambda: max(x for x in ()))]:
    try:
        make()
    except ValueError as e:
        print(name, e)

try:
    sum(x for x in [[1], [2]])
except TypeError as e:
    print("sum", e)

try:
    min(x for x in [1, "a"])
except TypeError as e:
    print("min", e)

try:
    set(x for x in [[1]])
except TypeError as e:
    print("set", e)

try:
    print(sum(1 / x for x in [1, 0]))
except ZeroDivisionError as e:
    print("genexpr", e)


def shadowed(sum, items):
    return sum(x for x in items)


print(shadowed(lambda g: "mine:" + str(list(g)), [1, 2]))
sorted = lambda g: "rebound"  # noqa: E731
print(sorted(x for x in [2, 1]))
del sorted
print(sorted(x for x in [2, 1]))
