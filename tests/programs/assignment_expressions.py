# Assignment expressions (PEP 572) and unary +: a := target in a comprehension binds in the
# enclosing function or module; __pos__ runs for +obj.
import math

data = [3, 8, 1, 9, 4, 7]
if (n := len(data)) > 5:
    print("long", n)
print(+3, +-2, +2.5, +True, -+7)


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __pos__(self):
        return Money(abs(self.cents))

    def __repr__(self):
        return f"Money({self.cents})"


print(+Money(-5))
try:
    print(+"text")
except TypeError as e:
    print(e)


def chunks(values):
    total = 0
    out = []
    i = 0
    while (chunk := values[i : i + 2]) and i < 100:
        out.append(sum(chunk))
        i += 2
    filtered = [y for x in values if (y := x * 2) > 6]
    print("last y", y, filtered)
    running = [total := total + v for v in values]
    print(running, total)
    nested = [[(z := a * b) for b in range(3)] for a in range(3)]
    print(nested, z)

    def inner():
        return [w for v in values if (w := v + 1) % 2]

    print(inner())
    return out


print(chunks(data))
found = any((hit := v) > 8 for v in data)
print(found, hit)
print([m := 10, m + 1], m)
roots = {k: r for k in range(1, 30) if (r := math.isqrt(k)) ** 2 == k}
print(roots, r)


def counter():
    hits = 0
    for x in range(5000):
        if (sq := x * x) % 7 == 1:
            hits += sq % 10
    return hits


print(counter())
lines = ["a=1", "bad", "c=3"]
pairs = [
    (k, v)
    for line in lines
    if (eq := line.find("=")) >= 0
    for k, v in [(line[:eq], line[eq + 1 :])]
]
print(pairs)
