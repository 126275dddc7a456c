# Collatz sequences: the longest chain below a bound with a cache, record setters, and
# trajectories of starting values whose peaks go far beyond 63 bits.
def chain_length(n, cache):
    path = []
    while n not in cache:
        path.append(n)
        n = n // 2 if n % 2 == 0 else 3 * n + 1
    length = cache[n]
    for m in reversed(path):
        length += 1
        cache[m] = length
    return length


cache = {1: 1}
best, records = (0, 0), []
for start in range(1, 30000):
    length = chain_length(start, cache)
    if length > best[0]:
        best = (length, start)
        records.append(start)
print(best, records[-6:])


def peak(n):
    high, steps = n, 0
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        high = max(high, n)
        steps += 1
    return steps, high


for start in (27, 77031, 2**62 + 1, 2**100 - 1):
    print(start, peak(start))
