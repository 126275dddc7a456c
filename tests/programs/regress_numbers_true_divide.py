# int / int is correctly rounded (CPython's long_true_divide): converting both operands to
# doubles first rounds twice once either has more than 53 bits. So is float(int).

seed = 77


def rand():
    global seed
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed


def rand62():
    v = (rand() << 31 | rand()) & 4611686018427387903
    v = v >> rand() % 62
    return -v if rand() % 2 else v


print(9007199254740993 / 3, 9007199254740993 / 1, 1 / 9007199254740993, -9007199254740993 / 3)
print(4611686018427387903 / 3, -4611686018427387904 / 7, 4611686018427387903 / 4611686018427387902)
print(0 / -9007199254740993, 0 / 9007199254740993, -0 / 5, 0 / -5, 10 / 4, -7 / 2)
print(float(9007199254740993), float(9007199254740995), float(-9007199254740993))
print(float(4611686018427387903), float(-4611686018427387904), float(2 ** 53 + 3), 2 ** 53 + 1.0)

# Ties of the last bit: a quotient just above, at and below halfway between two doubles.
for k in range(54, 62):
    for d in (1, 2, 3, 5, 6, 7, 10, 1000003):
        n = 2 ** k + d
        print(k, d, n / 1, n / 3, -n / 7, n / (2 ** 60 + 1), n / d, (n - 2 * d) / d, float(n))

for i in range(3000):
    a = rand62()
    b = rand62()
    if b != 0:
        print(a / b, float(a), a / (b | 1))

try:
    print(2 ** 60 / 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
try:
    print(0 / 0)
except ZeroDivisionError as e:
    print("ZeroDivisionError", e)
