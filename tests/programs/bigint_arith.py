# Ints beyond 63 bits in the programs people write: factorials, Fibonacci, digits of pi, powers
# of two, Hamming numbers, FNV hashing with a 64-bit mask, and big ints mixed with floats. The
# loops are hot, so traces run the small-int fast paths until a result outgrows them.
import math


def factorial(n):
    r = 1
    for i in range(2, n + 1):
        r *= i
    return r


def fib(n):
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


def pi_digits(n):
    # Gibbons' unbounded spigot.
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    digits = []
    while len(digits) < n:
        if 4 * q + r - t < m * t:
            digits.append(m)
            q, r, t, k, m, x = 10 * q, 10 * (r - m * t), t, k, (10 * (3 * q + r)) // t - 10 * m, x
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2
    return "".join(str(d) for d in digits)


def hamming(n):
    h = [1]
    i = j = k = 0
    while len(h) < n:
        x2, x3, x5 = 2 * h[i], 3 * h[j], 5 * h[k]
        nxt = min(x2, x3, x5)
        h.append(nxt)
        if nxt == x2:
            i += 1
        if nxt == x3:
            j += 1
        if nxt == x5:
            k += 1
    return h


FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK64 = 0xFFFFFFFFFFFFFFFF


def fnv1a(text):
    h = FNV_OFFSET
    for ch in text:
        h ^= ord(ch)
        h = (h * FNV_PRIME) & MASK64
    return h


f100 = factorial(100)
print(f100)
print(sum(int(d) for d in str(f100)), len(str(factorial(500))))
print(factorial(25) == math.factorial(25), math.factorial(60))
print(fib(90), fib(93), fib(1000))
print(len(str(fib(5000))), fib(300) % 1000000007)
print(pi_digits(120))
p = 2**1000
print(sum(int(d) for d in str(p)), p.bit_length(), p >> 990, hex(p)[:10])
hs = hamming(1700)
print(hs[-1], hs[1690:1695])
for word in ["", "a", "quack", "big ints are python ints", "x" * 50]:
    print(word[:10], fnv1a(word), hex(fnv1a(word)))
# Mixed with floats: exact comparisons, correctly rounded conversion and division.
big = 3**80
print(float(big), big / 7, big / 3**40, big // 7.5, big * 0.5, big == float(big), big < float(big))
print(2**53 + 1 == float(2**53 + 1), 2**64 > 1.8446744073709552e19, 10**20 / 10**-1 if False else 10**20 / 10)
print(int(1e20), int(-2.5e30), int(1.7976931348623157e308) % 10**9, round(2**70, -10))
total = 0
for i in range(200):
    total += i * 10**17
print(total, -total // 3, -total % 7, divmod(total, -11))
acc = 1
for i in range(1, 120):
    acc = acc * 3 + i
    if acc % 1000 == 7:
        print("hit", i)
print(acc, acc & (2**64 - 1), acc >> 100, -acc >> 100, ~acc & 0xFFFF)
print(pow(3, 10**5, 10**9 + 7), pow(2**100, -1, 10**9 + 9), pow(-7, 3, -10**20))
print(math.gcd(f100, 2**200), math.lcm(2**64, 3**30), math.isqrt(10**60 + 12345), math.comb(200, 100))
print(sorted([2**70, -(2**70), 1, 2**64, 2.5e20, -1.5]), max(2**65, 2**64 + 0.5))
seen = {2**64: "a", 2**64 + 1: "b", -(2**64): "c", 1 << 100: "d", 2**61 - 1: "e", 2**61: "f"}
print(list(seen), seen[2**64], hash(2**64), hash(-(2**64)), hash(2**61), hash(1 << 100))
print(f"{2**70:,} {2**70:_x} {-(2**70):>30} {2**70:e} {2**70:.3f} {2**70:#o}")
print("%d %x %o %10.2e" % (2**70, 2**70, 2**70, 2**70))
print(int("1" * 100), int("-" + "f" * 40, 16), int("0b" + "1" * 80, 0), int("zz" * 20, 36))
print(str(-(10**50)), repr(10**40), (10**25).bit_length(), abs(-(10**30)), bool(10**30))
print(type(2**100) is int, isinstance(2**100, int), 2**100 is not None, type(2**100).__name__)
