# Big-number exercises people post: factorial digit sums, the first Fibonacci number with 500
# digits, digits of pi by a spigot, 2**1000's digit sum, Catalan numbers and a Mersenne check.
from math import comb, factorial


def pi_digits(n):
    q, r, t, k, m, x = 1, 0, 1, 1, 3, 3
    digits = []
    while len(digits) < n:
        if 4 * q + r - t < m * t:
            digits.append(m)
            q, r, t, k, m, x = 10 * q, 10 * (r - m * t), t, k, (10 * (3 * q + r)) // t - 10 * m, x
        else:
            q, r, t, k, m, x = q * k, (2 * q + r) * x, t * x, k + 1, (q * (7 * k + 2) + r * x) // (t * x), x + 2
    return "".join(map(str, digits))


print(sum(map(int, str(factorial(100)))), len(str(factorial(500))))
a, b, index = 1, 1, 2
while len(str(b)) < 500:
    a, b, index = b, a + b, index + 1
print(index, str(b)[:20], str(b)[-10:])
print(pi_digits(60))
print(sum(int(d) for d in str(2**1000)), 2**127 - 1)
catalan = [comb(2 * n, n) // (n + 1) for n in range(0, 40, 5)]
print(catalan)


def lucas_lehmer(p):
    m, s = (1 << p) - 1, 4
    for _ in range(p - 2):
        s = (s * s - 2) % m
    return s == 0


print([p for p in (3, 5, 7, 11, 13, 17, 19, 23, 31, 61, 89, 107, 127) if lucas_lehmer(p)])
print(pow(3, 10**18, 10**9 + 7), pow(2, -1, 97), divmod(10**40 + 7, 12345678901234567890))
