# Float repr, arithmetic, floor division and modulo signs, rounding, int/float mixing.
values = [
    0.1 + 0.2,
    1e16,
    1e15,
    1e-5,
    1e-4,
    2.5,
    -0.0,
    0.0,
    float("inf"),
    -float("inf"),
    1 / 3,
    2 / 3,
    100.0,
    123456789012345.0,
    1234567890123456.0,
    12345678901234567.0,
    1.5e-7,
    5e-324,
    1.7976931348623157e308,
    0.5,
    3.0,
    -2.75,
    1e100,
    1e22,
    1e21,
]
for v in values:
    print(v, repr(v), str(v))
print(float("nan"), float("-inf"), float(" 1e3 "), float("-1.5"), float(7), float(True))
print(round(2.675, 2), round(2.5), round(3.5), round(-2.5), round(0.125, 2), round(1234.5678, -2))
print(round(7), round(15, -1), round(25, -1), round(2.5, 0), round(-0.5))
print(7 / 2, -7 / 2, 7 // 2, -7 // 2, 7 % 3, -7 % 3, 7 % -3, 7.5 // 2, -7.5 // 2, 7.5 % 2, -7.5 % 2)
print(7.0 % -3, -0.0 % 5, 5 % -0.5, divmod(7, 2), divmod(-7, 2), divmod(7.5, -2), divmod(-7, 2.0))
print(2**10, 2**-1, 2**-2, 2.0**3, 4**0.5, (-2) ** 3, 10**18, pow(3, 4, 5), pow(3, -1, 7))
print(1 + 2.5, 3 * 0.5, 10 - 0.25, True + 1.5, 1 == 1.0, 2 < 2.5, 3 > 2.9999, 1.0 != 1)
print(abs(-3.5), abs(-4), abs(True), 0.0 - (-2.0), 3.25, int(3.99), int(-3.99), int(2.0))
print(hash(1) == hash(1.0), hash(2.5), hash(-1), hash(True), hash(0.0), hash(1e300))
print(
    max(1, 2.5, 2),
    min(-1.5, -1),
    sum([0.1] * 10),
    sum([1, 2.5]),
    (2.5).is_integer(),
    (3.0).is_integer(),
)
total = 0.0
for i in range(200):
    total += i * 0.5
    if i % 50 == 0:
        print(i, total, total / 7, total // 3)
print(total, total * 1e-10, total * 1e20)
