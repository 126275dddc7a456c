# ** and pow() on floats follow CPython's float_pow: its special cases for zeros, infinities,
# nans and negative bases come before the platform's pow, whose overflow is an OverflowError.
# An int ** negative int is a float power. A negative base to a fractional power is complex in
# CPython, which quack lacks: that is an error (not printed here, its message differs).

inf = float("inf")
nan = float("nan")
values = [0, 1, -1, 2, -2, 3, 10, 0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, -3.0, 1.5,
          2.5, 1e10, 1e-10, 1e308, -1e308, 5e-324, 1075.0, -1075.0, 1e16, -1e16, 9007199254740993,
          inf, -inf, nan, True, False]

for i in range(3):
    for x in values:
        for y in values:
            if x < 0 and y % 1 != 0 and y - y == 0:
                continue
            big = type(x) is int and abs(x) > 1 and (y > 8 or abs(x) > 10)
            if big and type(y) is int and y > 0:
                continue
            try:
                r = x ** y
                if i == 0:
                    print(x, y, r, pow(x, y))
            except (ZeroDivisionError, OverflowError) as e:
                if i == 0:
                    print(x, y, type(e).__name__, e)

for k in range(-1100, 1024, 37):
    print(k, 2 ** k if k < 0 else 2.0 ** k, 10 ** (k // 10) if k < 0 else 0, (-3) ** (k // 50))
for x, y in [(10.0, 308), (10.0, 309), (2.0, 1024), (-2.0, 1025), (0.1, -400), (1.0001, 1e10),
             (10, -400), (-10, -401), (2, -1074), (2, -1075), (-0.5, 1e400), (-1.0, 1e300)]:
    try:
        print(x, y, x ** y)
    except OverflowError as e:
        print(x, y, "OverflowError", e)
for x, y in [(0.0, -1), (0, -1), (-0.0, -1.5), (0, -0.5), (-0.0, -inf), (0, -2)]:
    try:
        print(x ** y)
    except ZeroDivisionError as e:
        print(x, y, "ZeroDivisionError", e)
