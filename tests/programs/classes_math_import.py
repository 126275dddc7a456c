# Modules: import math, from math import ..., and the functions classes use.
import math
from math import floor, sqrt


class Polar:
    def __init__(self, r, theta):
        self.r = r
        self.theta = theta

    def cartesian(self):
        return (round(self.r * math.cos(self.theta), 6), round(self.r * math.sin(self.theta), 6))


points = [Polar(i, math.pi / 4 * i) for i in range(8)]
for p in points:
    print(p.cartesian())
total = 0.0
for i in range(1, 200):
    total += sqrt(i) + math.log(i) + math.log2(i) + math.log10(i) + math.exp(-i)
print(round(total, 6), floor(total), math.ceil(total), math.trunc(-total))
print(math.pi, math.e, math.inf, -math.inf, math.isnan(math.nan), math.isinf(math.inf))
print(math.isqrt(99), math.gcd(84, 36), math.gcd(0, 0), math.factorial(15), math.fabs(-2))
print(math.pow(2, 10), math.hypot(3, 4), math.atan2(1, 1), math.log(1024, 2), math.tan(0.0))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isfinite(1e308), floor(-2.5))
for bad in (-1, 0):
    try:
        math.log(bad)
    except ValueError as e:
        print("ValueError:", e)
try:
    math.sqrt(-4)
except ValueError as e:
    print("ValueError:", e)
try:
    math.exp(1000)
except OverflowError as e:
    print("OverflowError:", e)
try:
    import nosuchmodule
except ImportError as e:
    print(type(e).__name__, e)
try:
    math.nope
except AttributeError as e:
    print("AttributeError:", e)
