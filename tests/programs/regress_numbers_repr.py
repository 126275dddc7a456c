# repr of floats is the shortest decimal that reads back as the same double, and among those the
# nearest: at a power of two the doubles reading back lie further above than below, so 2**-24 is
# 5.960464477539063e-08, not the 17 digits 5.9604644775390625e-08 nor the tie's even ...062.

seed = 2024


def rand():
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed


print(2 ** -24, 2 ** -53, 2.0 ** -24, 2 ** -1, 2 ** -1074, 2 ** -1075)
print(0.0, -0.0, 1.0, -1.0, 0.1, 0.2 + 0.1, 1 / 3, 2 / 3, 1e16, 1e15, 123456789012345678.0)
print(1e-4, 1e-5, 0.0001234, 5e-324, -5e-324, 2.2250738585072014e-308, 2.225073858507201e-308)
print(1.7976931348623157e308, -1.7976931348623157e308, 9007199254740993.0, 4.35, 0.3)
print(float("inf"), float("-inf"), float("nan"), [1.5, -0.0], (2.5,), {1: 0.1})
print(str(9.999999999999999e22), repr(1e23), f"{1e22} {2.0 ** 60} {-2.0 ** 70}")

# Every power of two a double holds, as floats and as int ** negative int.
for k in range(-1074, 1024, 1):
    if k % 7 == 0 or k < -1020 or k > 1015 or -60 < k < 60:
        print(k, 2.0 ** k, 2 ** k if k < 0 else 0)

# Powers of ten and their neighbours in the last place.
for k in range(-323, 309):
    x = 10.0 ** k
    print(k, x, x * (1 + 2 ** -52), x * (1 - 2 ** -53))

# Random doubles over the whole range, subnormals among them: m * 2**e is exact, or rounded
# once into the subnormals.
for i in range(1500):
    m = rand() << 22 | rand() >> 9
    e = rand() % 2150 - 1126
    x = m * 2.0 ** e
    print(x, -x / 7)

# Decimal fractions with few digits, which read back from short strings.
for i in range(600):
    n = rand() % 100000
    print(n / 1000, n / 100000, n * 1e-300, n * 1e300, n / 3)
