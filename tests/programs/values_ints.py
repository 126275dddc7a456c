# Int and bool arithmetic, comparisons, conversions and bases.
print(True + True, True * 10, False - 1, True & False, True | False, True ^ True, 5 & True)
print(-7 // 2, -7 % 2, 7 // -2, 7 % -2, 1 << 10, 1024 >> 3, -1 >> 5, ~5, ~-1, 6 & 3, 6 | 3, 6 ^ 3)
print(
    int("42"),
    int(" -17 "),
    int("1_000"),
    int("ff", 16),
    int("0x1f", 16),
    int("0x1f", 0),
    int("0b101", 0),
    int("0o17", 0),
    int("z", 36),
    int(True),
    int("+5"),
    int("101", base=2),
)
print(hex(255), hex(-255), oct(8), bin(10), bin(-3), hex(0))
print(abs(-7), divmod(17, 5), divmod(-17, 5), pow(2, 62 - 1), pow(2, 10, 1000), pow(-2, 3, 5))
print(3 < 5 < 7, 5 == 5, 5 != 6, 4 >= 4, True == 1, False == 0, True is True, 1 < True + 1)
print(bool(0), bool(3), bool(""), bool("a"), bool([]), bool([0]), bool({}), bool(None), bool(0.0))
print(str(123), repr(-5), str(True), repr(False), str(None), (5).bit_length(), (255).bit_length())
print(
    max(3, 9, 4), min([7, 2, 8]), sum(range(101)), sum([1, 2], 10), round(1234, -2), round(1250, -2)
)
print(chr(65), chr(0x263A), ord("A"), ord("é"), ord("€"))
n = 1
acc = 0
for i in range(1, 60):
    n = n * 2
    acc = acc + n % 7 - i // 3
    if i % 10 == 0:
        print(i, n, acc, n > acc, -n // 3, n % 1000)
print(2**61, -(2**61), 4611686018427387903, -4611686018427387904)
