# %, // and divmod for ints, floats and mixed operands, as CPython's long and float code: the
# remainder takes the divisor's sign (a zero remainder too), the quotient is floored and snapped
# to an integral value, infinities and nans propagate, and each zero divisor has its message.

inf = float("inf")
nan = float("nan")
values = [0, 1, -1, 2, -2, 3, -3, 7, -7, 10, True, False, 2147483649, -2147483649,
          9007199254740993, -9007199254740993, 4611686018427387903, -4611686018427387904,
          0.0, -0.0, 0.5, -0.5, 1.5, -2.5, 3.0, -3.0, 0.1, 1e16, -1e16, 1e308, -1e308, 5e-324,
          -5e-324, 4.611686018427388e18, inf, -inf, nan]


def show(f, a, b):
    try:
        return f(a, b)
    except ZeroDivisionError as e:
        return "ZeroDivisionError: " + str(e)


def mod(a, b):
    return a % b


def floordiv(a, b):
    return a // b


def quotient_fits(a, b):
    # -2**62 // -1 is 2**62, a big int in CPython.
    return not (a == -4611686018427387904 and b == -1 and type(b) is int)


for a in values:
    for b in values:
        if quotient_fits(a, b):
            print(a, b, show(mod, a, b), show(floordiv, a, b), show(divmod, a, b))

# The same operations in a hot loop, where they specialize and are traced.
total = 0
for i in range(-300, 300):
    a = i * 7919
    b = i % 13 - 6
    if b != 0:
        total += a % b + a // b
    x = a / 3.0
    y = b * 0.75
    if y != 0:
        print(x % y, x // y, divmod(x, y), a % y, x // b if b else -0.0)
print(total)

for a, b in [(1, 0), (1.0, 0), (1, 0.0), (-0.0, 0), (True, False), (5, -0.0)]:
    for f in (mod, floordiv, divmod):
        print(show(f, a, b))
x = 5
try:
    x %= 0
except ZeroDivisionError as e:
    print(e)
try:
    x //= 0.0
except ZeroDivisionError as e:
    print(e)
