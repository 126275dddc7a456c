# Floor division and remainder of ints by constants, which traces compute by multiplying by the
# divisor's reciprocal (_BINARY_OP_INT_BY_CONSTANT): divisors small and large, powers of two and
# not, a module-level constant, and dividends at the edges of the 63-bit small ints, negative
# ones, and multiples of the divisor and their neighbours.

MOD = 1000003


def run(values):
    out = 0
    for n in values:
        out += n % 7 + n // 7 + n % MOD + n // MOD + n % 2147483648 + n // 2147483648
        out += n % 3 + n // 3 + n % 2 + n // 2
        out += n % 4611686018427387903 + n // 4611686018427387903
        out += n % 10 + n // 10 + n % 641 + n // 641 + n % 1024 + n // 1024
        q = n
        q //= 12345
        r = n
        r %= 12345
        out += q * 12345 + r - n
    return out


values = []
for k in range(62):
    for delta in (-2, -1, 0, 1, 2):
        x = (1 << k) + delta
        values += [x, -x]
values += [4611686018427387903, -4611686018427387904, 4611686018427387902, -4611686018427387903]
values += list(range(-300, 300))
values += [i * MOD + j for i in range(-5, 5) for j in (-1, 0, 1)]
values += [i * 7919 * 7919 * 7919 for i in range(-40, 40)]
for _ in range(30):
    print(run(values))
