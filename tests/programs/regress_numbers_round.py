# round(x) and round(x, n) as CPython: a float's exact value rounded half even at the digit
# 10**-n and read back (round(2.675, 2) is 2.67: the double is below the tie), also for n < 0,
# where a fraction below the integer part breaks a tie; huge n leave x alone or give a zero of
# its sign; ints round half even to multiples of 10**-n.

seed = 99


def rand():
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed


inf = float("inf")
nan = float("nan")
floats = [0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 3.5, 0.125, 0.375, 2.675, 1.005, 0.285, 5e-324,
          -5e-324, 1e-300, 123.456, -123.456, 1234.5, 1250.0, 1350.0, -1250.0, 1250.0000000000002,
          15.0, 25.0, 5e22, 1.5e22, 2.5e22, 1e16, 4503599627370497.0, 9007199254740993.0,
          1.7976931348623157e308, -1.7976931348623157e308, 9.5e307, 0.049999999999999996]
digits = [0, 1, 2, 3, -1, -2, -3, -5, -15, -16, -22, -23, -307, -308, -309, 15, 16, 17, 300, 322,
          323, 324, 4611686018427387903, -4611686018427387904]

for x in floats:
    if abs(x) < 4e18:
        print(x, round(x), round(x, None), type(round(x)).__name__)
    for n in digits:
        try:
            print(x, n, round(x, n))
        except OverflowError as e:
            print(x, n, "OverflowError", e)
for x in [inf, -inf, nan]:
    print(round(x, 2), round(x, -400), round(x, 400))
    try:
        print(round(x))
    except (OverflowError, ValueError) as e:
        print(type(e).__name__, e)

for k in range(-20, 21):
    x = k + 0.5
    print(k, round(x), round(-x), round(x / 10, 1), round(x * 10, -1), round(k * 5, -1))

ints = [0, 1, -1, 5, 15, 25, -25, 35, 45, 149, 150, 151, 250, -250, 1234567, 4611686018427387903,
        -4611686018427387904, 449999999999999999, 450000000000000000, -450000000000000000, True]
for x in ints:
    print(x, round(x), round(x, 2), round(x, -400), round(x, 4611686018427387903))
    # Near the ends of the 63-bit range most roundings leave it (CPython's result is a big int).
    for n in range(-20, 1) if -4e18 < x < 4e18 else [-20, -19, -17, -9, -1, 0]:
        print(x, n, round(x, n))

for i in range(2000):
    m = rand() << 22 | rand() >> 9
    x = m * 2.0 ** (rand() % 120 - 80)
    n = rand() % 40 - 20
    print(round(x, n), round(-x, n // 2), round(x) if x < 1e18 else 0)
