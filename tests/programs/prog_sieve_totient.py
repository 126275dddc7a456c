# Number theory toolkit: a sieve of Eratosthenes on a bytearray, a smallest-prime-factor sieve used
# for fast factorisation, Euler's totient by sieve and by formula, divisor functions, perfect and
# amicable numbers, and Pollard's rho for the big ints the sieve cannot reach.
from collections import Counter
from functools import reduce
from math import gcd, isqrt, prod

LIMIT = 1500


def primes_up_to(n):
    flags = bytearray([1]) * (n + 1)
    flags[0:2] = b"\0\0"
    for p in range(2, isqrt(n) + 1):
        if flags[p]:
            flags[p * p::p] = bytes(len(range(p * p, n + 1, p)))
    return [i for i, f in enumerate(flags) if f]


def spf_table(n):
    spf = list(range(n + 1))
    for p in range(2, isqrt(n) + 1):
        if spf[p] == p:
            for m in range(p * p, n + 1, p):
                if spf[m] == m:
                    spf[m] = p
    return spf


SPF = spf_table(LIMIT)


def factorise(n):
    factors = Counter()
    while n > 1:
        p = SPF[n]
        factors[p] += 1
        n //= p
    return factors


def totient_table(n):
    phi = list(range(n + 1))
    for p in range(2, n + 1):
        if phi[p] == p:
            for m in range(p, n + 1, p):
                phi[m] -= phi[m] // p
    return phi


def totient(n):
    return prod(p ** (k - 1) * (p - 1) for p, k in factorise(n).items())


def sigma(n):
    return prod((p ** (k + 1) - 1) // (p - 1) for p, k in factorise(n).items())


def pollard_rho(n):
    if n % 2 == 0:
        return 2
    for c in range(1, 20):
        x = y = 2
        d = 1
        while d == 1:
            x = (x * x + c) % n
            y = (y * y + c) % n
            y = (y * y + c) % n
            d = gcd(abs(x - y), n)
        if d != n:
            return d
    raise ValueError(f"no factor found for {n}")


primes = primes_up_to(LIMIT)
print(len(primes), primes[:10], primes[-3:])
phi = totient_table(LIMIT)
assert all(phi[n] == totient(n) for n in range(2, LIMIT + 1))
print("phi:", phi[1:13], sum(phi[1:LIMIT + 1]))
for n in (360, 1001, 1499, 1260, 2 ** 10):
    f = factorise(n)
    shown = " * ".join(f"{p}^{k}" if k > 1 else str(p) for p, k in sorted(f.items()))
    print(f"{n:6} = {shown:<22} phi={totient(n):6} sigma={sigma(n):6} divisors={prod(k + 1 for k in f.values())}")
perfect = [n for n in range(2, LIMIT) if sigma(n) - n == n]
amicable = sorted({(n, m) for n in range(2, LIMIT) if (m := sigma(n) - n) != n and m < LIMIT + 1 and m > 1 and sigma(m) - m == n and n < m})
print("perfect:", perfect, "amicable:", amicable)
twins = sum(1 for a, b in zip(primes, primes[1:]) if b - a == 2)
gaps = Counter(b - a for a, b in zip(primes, primes[1:]))
print("twin pairs:", twins, "common gaps:", gaps.most_common(4))
big = 1000003 * 998244353
d = pollard_rho(big)
print(big, "=", min(d, big // d), "*", max(d, big // d))
print(reduce(gcd, [2 ** 40 - 1, 2 ** 60 - 1, 2 ** 100 - 1]), pollard_rho(2 ** 64 + 1))
