# Exact rational arithmetic with a small Fraction class over big ints: harmonic numbers,
# Bernoulli numbers by the Akiyama-Tanigawa algorithm, and continued fractions of sqrt(2).
from math import gcd


class Fraction:
    def __init__(self, num, den=1):
        if den == 0:
            raise ZeroDivisionError("Fraction(%s, 0)" % num)
        g = gcd(num, den)
        if den < 0:
            g = -g
        self.num, self.den = num // g, den // g

    def __add__(self, other):
        other = other if isinstance(other, Fraction) else Fraction(other)
        return Fraction(self.num * other.den + other.num * self.den, self.den * other.den)

    def __sub__(self, other):
        other = other if isinstance(other, Fraction) else Fraction(other)
        return Fraction(self.num * other.den - other.num * self.den, self.den * other.den)

    def __mul__(self, other):
        other = other if isinstance(other, Fraction) else Fraction(other)
        return Fraction(self.num * other.num, self.den * other.den)

    def __truediv__(self, other):
        other = other if isinstance(other, Fraction) else Fraction(other)
        return Fraction(self.num * other.den, self.den * other.num)

    def __eq__(self, other):
        return (self.num, self.den) == (other.num, other.den)

    def __repr__(self):
        return f"{self.num}/{self.den}" if self.den != 1 else str(self.num)

    def __float__(self):
        return self.num / self.den


harmonic = Fraction(0)
for k in range(1, 61):
    harmonic = harmonic + Fraction(1, k)
print(harmonic, round(float(harmonic), 12))


def bernoulli(n):
    a = [Fraction(0)] * (n + 1)
    for m in range(n + 1):
        a[m] = Fraction(1, m + 1)
        for j in range(m, 0, -1):
            a[j - 1] = (a[j - 1] - a[j]) * j
    return a[0]


print([bernoulli(n) for n in (0, 1, 2, 4, 6, 8, 10, 12, 20)])
x = Fraction(1)
for _ in range(40):
    x = Fraction(1) + Fraction(1) / (Fraction(1) + x)
print(x, float(x) - 2 ** 0.5)
