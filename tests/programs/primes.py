# Primes by trial division, using for/else and break.
count = 0
last = 0
for n in range(2, 4000):
    d = 2
    while d * d <= n:
        if n % d == 0:
            break
        d += 1
    else:
        count += 1
        last = n
print("primes below 4000:", count, "largest:", last)


def is_prime(n):
    if n < 2:
        return False
    for d in range(2, n):
        if d * d > n:
            break
        if n % d == 0:
            return False
    return True


twins = 0
for n in range(3, 3000, 2):
    if is_prime(n) and is_prime(n + 2):
        twins += 1
print("twin prime pairs below 3000:", twins)
