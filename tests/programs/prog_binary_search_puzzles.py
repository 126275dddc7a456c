# Binary search on answers: integer square roots, the smallest capacity to ship packages in D
# days, the k-th smallest pair distance, and a guessing game against a hidden number.
from bisect import bisect_left


def isqrt(n):
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if mid * mid <= n:
            lo = mid
        else:
            hi = mid - 1
    return lo


def ship_capacity(weights, days):
    def fits(capacity):
        needed, load = 1, 0
        for w in weights:
            if load + w > capacity:
                needed += 1
                load = 0
            load += w
        return needed <= days

    lo, hi = max(weights), sum(weights)
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid + 1
    return lo


def kth_pair_distance(values, k):
    values = sorted(values)

    def pairs_within(d):
        count, left = 0, 0
        for right, v in enumerate(values):
            while v - values[left] > d:
                left += 1
            count += right - left
        return count

    lo, hi = 0, values[-1] - values[0]
    while lo < hi:
        mid = (lo + hi) // 2
        if pairs_within(mid) >= k:
            hi = mid
        else:
            lo = mid + 1
    return lo


def guesses(secret, limit):
    lo, hi, tries = 1, limit, []
    while True:
        guess = (lo + hi) // 2
        tries.append(guess)
        if guess == secret:
            return tries
        if guess < secret:
            lo = guess + 1
        else:
            hi = guess - 1


print([isqrt(n) for n in (0, 1, 15, 16, 17, 10**12, 2**61)])
weights = [(i * 37) % 23 + 1 for i in range(200)]
print(ship_capacity(weights, 5), ship_capacity(weights, 17), ship_capacity([1, 2, 3], 3))
values = [(i * 7919) % 1000 for i in range(300)]
print([kth_pair_distance(values, k) for k in (1, 10, 1000, 20000)])
print(guesses(37, 100), len(guesses(999_999, 1_000_000)))
table = sorted({(i * i) % 1009 for i in range(1009)})
print(len(table), bisect_left(table, 500), table[bisect_left(table, 500)])
