# math.pow decides infinities and nans as CPython does (0 ** -inf is inf, not a domain error;
# the same rules as **), then its own errors: a domain error for 0 ** negative and a negative
# base to a fractional power, a range error for an overflow. degrees and radians are plain
# products, which may overflow to inf without an error.
import math

inf = float("inf")
nan = float("nan")
values = [0, -0.0, 1, -1, 0.5, -0.5, 2, -2.0, 3, 1.5, -1.5, 1e308, -1e308, 5e-324, 1075, -1075,
          inf, -inf, nan]

for i in range(20):
    for x in values:
        for y in values:
            try:
                r = math.pow(x, y)
            except (ValueError, OverflowError) as e:
                r = type(e).__name__ + ": " + str(e)
            if i == 0:
                print(x, y, r)

for x in [1e308, -1e308, 1.7976931348623157e308, 5e-324, 180.0, inf, -inf, nan, 0, -0.0, 7]:
    print(x, math.degrees(x), math.radians(x))
for x in [4.6e18, -4.6e18, 4.6116860184273874e18, 2.5, -2.5, -0.5, inf, -inf, nan]:
    for f in (math.floor, math.ceil, math.trunc):
        try:
            print(x, f(x))
        except (ValueError, OverflowError) as e:
            print(x, type(e).__name__, e)

# hypot is correctly rounded, as CPython 3.11's (the platform's is not always): random pairs
# and triples, exact ties between two doubles (to the even one), subnormals, huge values.
seed = 5


def rand():
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed


for i in range(1500):
    a = (rand() << 22 | rand() >> 9) * 2.0 ** (rand() % 80 - 40)
    b = (rand() << 22 | rand() >> 9) * 2.0 ** (rand() % 80 - 40)
    print(math.hypot(a, b), math.hypot(a, -b, 1.5))
for d in range(8192, 8232):
    a = 2 ** 26 + d + 1
    b = 2 ** 26 - d
    print(math.hypot(a * a - b * b, 2 * a * b))
print(math.hypot(1e308, 1e308), math.hypot(), math.hypot(-3), math.hypot(nan, inf))
print(math.hypot(nan, 1), math.hypot(5e-324, 5e-324), math.hypot(3e-320, 4e-320))
print(math.hypot(True, 2), math.hypot(-0.0, 0))
print(math.hypot(1e-310, 1e-300), math.hypot(2.2250738585072014e-308, 1e-320))
print(math.hypot(*range(1, 13)), math.hypot(*[0.1] * 100), math.hypot(1.7976931348623157e308, 1))
try:
    math.hypot(1, "2")
except TypeError as e:
    print(e)
