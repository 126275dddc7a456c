# Primes by a sieve, then questions answered with bisect: how many primes below n, the next
# prime after n, prime gaps, twin primes and Goldbach pairs.
from bisect import bisect_left, bisect_right


def sieve(limit):
    flags = [True] * (limit + 1)
    flags[0] = flags[1] = False
    for i in range(2, int(limit**0.5) + 1):
        if flags[i]:
            for j in range(i * i, limit + 1, i):
                flags[j] = False
    return [i for i, is_prime in enumerate(flags) if is_prime]


primes = sieve(30000)
print(len(primes), primes[-3:])
for n in (10, 100, 1000, 9973, 25000):
    below = bisect_left(primes, n)
    after = primes[bisect_right(primes, n)]
    print(n, below, after)
gaps = [b - a for a, b in zip(primes, primes[1:])]
widest = max(range(len(gaps)), key=lambda i: (gaps[i], -i))
print(max(gaps), primes[widest], primes[widest + 1])
twins = sum(1 for g in gaps if g == 2)
print(twins)
prime_set = set(primes)


def goldbach(n):
    for p in primes:
        if n - p in prime_set:
            return p, n - p
    return None


print([goldbach(n) for n in range(4, 60, 6)], goldbach(29998))
