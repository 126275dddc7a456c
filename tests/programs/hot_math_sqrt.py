# math.sqrt() in hot loops, where a trace knows math.sqrt is called (_CALL_MATH_SQRT_KNOWN): a
# float of at least zero is rooted inline; anything else goes through the call and returns or
# raises what CPython does.
import math
from math import sqrt


class Real(float):
    pass


class Halves:
    def __init__(self, n):
        self.n = n

    def __float__(self):
        return self.n / 2


def norms(points):
    total = 0.0
    for x, y in points:
        total += math.sqrt(x * x + y * y)
    return total


print("floats:", norms([(i * 0.5, i * 0.25 - 3.0) for i in range(600)]))
print("alias:", sum(sqrt(i + 0.5) for i in range(500)))
print("ints:", norms([(i, i + 1) for i in range(300)]))
print("mixed:", sum(math.sqrt(v) for v in [2.0, 3, True, Real(7.5), Halves(9), 0.0] * 80))

odd = [-0.0, float("inf"), float("nan"), 1e-320, 1e308, 4.0]
for i in range(240):
    r = math.sqrt(odd[i % len(odd)])
    if i < len(odd):
        print("edge:", r, math.copysign(1.0, r))

bad = [-1.0, -1e-300, float("-inf"), "4", None, 2.0]
for i in range(300):
    try:
        r = math.sqrt(bad[i % len(bad)])
    except (ValueError, TypeError) as e:
        if i < len(bad):
            print("error:", type(e).__name__, e)
    else:
        if i < len(bad):
            print("root:", r)

for i in range(200):
    try:
        math.sqrt(*[4.0] * (1 + i % 2))
    except TypeError as e:
        if i < 2:
            print("arity:", e)


def scaled(values):
    s = 0.0
    for v in values:
        s = s + math.sqrt(v) * 0.5  # the root stays a double, unless the argument leaves
    return s


print("scaled:", scaled([i * 0.75 for i in range(300)] + [2, True, 0.0]))
try:
    scaled([i * 0.75 for i in range(300)] + [-2.0])
except ValueError as e:
    print("scaled:", e)


def roots(n):
    return [math.sqrt(k + 0.5) for k in range(n)]


total = 0.0
for i in range(400):
    total += sum(roots(6))
    if i == 250:
        math.sqrt = math.floor  # rebinds the module's function while the loop is hot
print("rebound:", total)
