# BINARY_OP_INT (// % & | ^ << >>) and BINARY_OP_FLOAT's division, hot enough for traces: the
# cases the specialized forms hand back to the generic instruction (zero divisors, negative
# shifts) raise exactly as CPython's do.

values = [7, -7, 3, -3, 1, 0, 5, 62, 100, -100, 1 << 40, -(1 << 40)]
ops = {
    "//": lambda a, b: a // b,
    "%": lambda a, b: a % b,
    "&": lambda a, b: a & b,
    "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b,
    "<<": lambda a, b: a << (b % 20),
    ">>": lambda a, b: a >> b,
}
for name, op in ops.items():
    total = 0
    errors = {}
    for round_ in range(20):
        for a in values:
            for b in values:
                try:
                    total += op(a, b)
                except (ZeroDivisionError, ValueError) as e:
                    errors[str(e)] = errors.get(str(e), 0) + 1
    print(name, total, sorted(errors.items()))

checksum = 0
for i in range(3000):
    checksum = (checksum * 31 + i // 7 - i % 11 + (i & 255) - (i | 3) + (i ^ 85) + (i >> 2)) % 1000003
print("mixed", checksum)

x = 0.0
caught = 0
for i in range(500):
    try:
        x += 1.0 / float(i % 4) - 3.5 / (i + 0.5)
    except ZeroDivisionError as e:
        caught += 1
        message = str(e)
print("division", round(x, 6), caught, message)
