# Factorials that stay within 63 bits (20! is the largest), computed over and over.
def factorial(n):
    result = 1
    i = 2
    while i <= n:
        result *= i
        i += 1
    return result


def factorial_rec(n):
    if n <= 1:
        return 1
    return n * factorial_rec(n - 1)


for n in range(0, 21, 4):
    print(n, factorial(n))

checksum = 0
for round in range(200):
    n = round % 21
    if factorial(n) != factorial_rec(n):
        print("mismatch at", n)
    checksum = (checksum ^ factorial(n)) % 1000000007
print("checksum:", checksum)
