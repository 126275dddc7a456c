# Exact linear algebra with a hand-written Rational class (gcd-normalised, full set of arithmetic
# and comparison dunders, hashable): determinants by fraction-exact Gaussian elimination, the
# inverse of a Hilbert matrix, and solving a linear system, checked by multiplying back.
from functools import reduce, total_ordering
from math import gcd


@total_ordering
class Rational:
    __slots__ = ("num", "den")

    def __init__(self, num, den=1):
        if den == 0:
            raise ZeroDivisionError(f"Rational({num}, 0)")
        if den < 0:
            num, den = -num, -den
        g = gcd(num, den)
        self.num, self.den = num // g, den // g

    @staticmethod
    def of(x):
        return x if isinstance(x, Rational) else Rational(x)

    def __add__(self, other):
        o = Rational.of(other)
        return Rational(self.num * o.den + o.num * self.den, self.den * o.den)

    __radd__ = __add__

    def __neg__(self):
        return Rational(-self.num, self.den)

    def __sub__(self, other):
        return self + -Rational.of(other)

    def __rsub__(self, other):
        return Rational.of(other) - self

    def __mul__(self, other):
        o = Rational.of(other)
        return Rational(self.num * o.num, self.den * o.den)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = Rational.of(other)
        return Rational(self.num * o.den, self.den * o.num)

    def __rtruediv__(self, other):
        return Rational.of(other) / self

    def __eq__(self, other):
        if isinstance(other, (int, Rational)):
            o = Rational.of(other)
            return self.num == o.num and self.den == o.den
        return NotImplemented

    def __lt__(self, other):
        o = Rational.of(other)
        return self.num * o.den < o.num * self.den

    def __hash__(self):
        return hash(self.num) if self.den == 1 else hash((self.num, self.den))

    def __bool__(self):
        return self.num != 0

    def __float__(self):
        return self.num / self.den

    def __repr__(self):
        return f"Rational({self.num}, {self.den})"

    def __str__(self):
        return str(self.num) if self.den == 1 else f"{self.num}/{self.den}"


def determinant(matrix):
    m = [[Rational.of(x) for x in row] for row in matrix]
    n, det = len(m), Rational(1)
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col]), None)
        if pivot is None:
            return Rational(0)
        if pivot != col:
            m[col], m[pivot] = m[pivot], m[col]
            det = -det
        det = det * m[col][col]
        for r in range(col + 1, n):
            factor = m[r][col] / m[col][col]
            m[r] = [a - factor * b for a, b in zip(m[r], m[col])]
    return det


def inverse(matrix):
    n = len(matrix)
    aug = [[Rational.of(x) for x in row] + [Rational(int(i == j)) for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if aug[r][col])
        aug[col], aug[pivot] = aug[pivot], aug[col]
        lead = aug[col][col]
        aug[col] = [x / lead for x in aug[col]]
        for r in range(n):
            if r != col and aug[r][col]:
                f = aug[r][col]
                aug[r] = [a - f * b for a, b in zip(aug[r], aug[col])]
    return [row[n:] for row in aug]


def matmul(a, b):
    return [[sum((x * y for x, y in zip(row, col)), Rational(0)) for col in zip(*b)] for row in a]


hilbert = [[Rational(1, i + j + 1) for j in range(5)] for i in range(5)]
print("det H5 =", determinant(hilbert))
inv = inverse(hilbert)
for row in inv:
    print(" ".join(f"{str(x):>8}" for x in row))
identity = matmul(hilbert, inv)
print("H * H^-1 == I:", all(identity[i][j] == int(i == j) for i in range(5) for j in range(5)))
print(determinant([[2, 0, 1], [1, 3, 2], [1, 1, 1]]), determinant([[1, 2], [2, 4]]), determinant([[0, 1], [1, 0]]))

coeffs = [[3, 2, -1], [2, -2, 4], [-1, Rational(1, 2), -1]]
rhs = [1, -2, 0]
solution = [sum((a * b for a, b in zip(row, rhs)), Rational(0)) for row in inverse(coeffs)]
print("solution:", [str(x) for x in solution], [float(x) for x in solution])
values = [Rational(1, n) for n in range(1, 40)]
harmonic = reduce(lambda a, b: a + b, values)
print("H39 =", harmonic, f"~ {float(harmonic):.6f}")
print(sorted([Rational(1, 3), Rational(-2, 7), Rational(5, 11), 0]), Rational(6, -4), len({Rational(2, 4), Rational(1, 2), Rational(3)}))
print(1 - Rational(1, 3), 2 / Rational(4, 5), Rational(1, 2) == 0.5, Rational(3) == 3, hash(Rational(3)) == hash(3))
try:
    Rational(1, 2) / 0
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)
