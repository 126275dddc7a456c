# Fibonacci: iterative in a hot loop, recursive called from inside a loop.
# fib_iter(n) also computes fib(n + 1), so n stays <= 88 to keep within 63 bits.
def fib_iter(n):
    a = 0
    b = 1
    for _ in range(n):
        t = a + b
        a = b
        b = t
    return a


def fib_rec(n):
    if n < 2:
        return n
    return fib_rec(n - 1) + fib_rec(n - 2)


checksum = 0
for k in range(300):
    checksum = (checksum + fib_iter(k % 89)) % 1000000007
print("iterative checksum:", checksum)
print("fib(88) =", fib_iter(88))

total = 0
for k in range(16):
    total += fib_rec(k)
print("sum of fib_rec(0..15) =", total)
