# A recursive function called inside a loop, plus mutual recursion.
def ackermann_small(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann_small(m - 1, 1)
    return ackermann_small(m - 1, ackermann_small(m, n - 1))


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def power(base, exp):
    if exp == 0:
        return 1
    half = power(base, exp // 2)
    if exp % 2 == 0:
        return half * half
    return half * half * base


total = 0
for i in range(200):
    total += ackermann_small(2, i % 20)
print("ackermann total:", total)

evens = 0
for i in range(300):
    if is_even(i % 50):
        evens += 1
print("evens:", evens)

acc = 0
for i in range(500):
    acc = (acc + power(3, i % 39)) % 1000000007
print("power checksum:", acc)
