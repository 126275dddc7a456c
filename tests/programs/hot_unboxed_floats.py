# Float results that go straight into another float operation stay unboxed doubles in a trace
# (runtime/interp/unbox.c). Every exit taken while such doubles are on the stack must hand the
# interpreter boxes with the same values: a zero divisor under unboxed operands, a guard on the
# other operand that fails (an int, a float subclass, an object with its own operators) with
# one or several doubles live beneath it, often enough that side traces start from those exits.
# Signed zeros, infinities and NaN go through unboxed arithmetic and comparisons.


class Meters(float):
    def __add__(self, other):
        return Meters(float(self) + float(other) + 1000.0)

    __radd__ = __add__


class Weird:
    def __init__(self, v):
        self.v = v

    def __radd__(self, other):
        return other * 2.0 + self.v

    def __sub__(self, other):
        return self.v - other * 3.0


def divide(n):
    # (a * a + 1.0) / (b * b - 4.0): both operands unboxed; b * b == 4.0 at b == +-2.
    total = 0.0
    hits = 0
    for i in range(n):
        a = (i % 7) * 0.5
        b = (i % 5) - 2.0
        try:
            total += (a * a + 1.0) / (b * b - 4.0)
        except ZeroDivisionError:
            hits += 1
    return total, hits


def tail_operand(values, x, y):
    # x * y + v: the product is a double when v's guard fails.
    out = []
    for v in values:
        out.append(x * y + v)
    return out


def head_operand(values, x, y):
    # v - x * y: the guard on v fails with the product (a double) above it.
    out = []
    for v in values:
        out.append(v - x * y)
    return out


def deep(values, a, b):
    # Three products live at once when v, the innermost operand, is not a float.
    out = []
    for v in values:
        out.append(a * b + (b * b + (a * a + v)))
    return out


def compares(pairs):
    counts = [0, 0, 0, 0, 0, 0]
    for x, y in pairs:
        p = x * y
        counts[0] += x * y < y * 0.5
        counts[1] += x * y <= p
        counts[2] += x * x == y * y
        counts[3] += x - y != x - y
        counts[4] += x / (y * y + 1.0) > -0.0
        counts[5] += x + y >= y + x
    return counts


def signed(n):
    out = []
    for i in range(n):
        z = (i % 3 - 1) * 0.0
        out.append(repr(z * -1.0 + z * 1.0))
        out.append(repr(-(z * z) * 1.0))
    return out[-6:]


mixed = [1.5] * 40 + [2] * 40 + [Meters(0.25)] * 40 + [Weird(3.0)] * 5 + [0.5] * 40
print(divide(3000))
print(sum(tail_operand(mixed, 1.25, 3.0)), tail_operand(mixed, 1.25, 3.0)[38:46])
print(sum(head_operand(mixed, 1.25, 3.0)), head_operand(mixed, 0.5, 0.5)[118:127])
print(sum(deep(mixed, 0.75, 2.0)), deep(mixed, 0.75, 2.0)[78:83])
inf, nan = float("inf"), float("nan")
pairs = [(i * 0.25, 1.5 - i * 0.125) for i in range(-40, 40)] * 20
pairs += [(inf, 1.0), (nan, 2.0), (-0.0, 0.0), (1e308, 10.0), (inf, -inf)] * 30
print(compares(pairs))
print(signed(300))
