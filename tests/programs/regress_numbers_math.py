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
