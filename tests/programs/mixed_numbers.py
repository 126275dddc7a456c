# int and float operands mixed in arithmetic and comparisons (BINARY_OP_NUMBERS,
# COMPARE_OP_NUMBERS), and ints divided by `/`: hot enough to be specialized and traced, with
# the cases that must leave the fast path (ints beyond 2**53, a zero divisor, nan, bools).


def mixed(n):
    total = 0.0
    above = 0
    for i in range(n):
        x = i * 0.5
        if x > 3:
            total += x - 1
        if 2 < x <= 40:
            above += 1
        total = total + i / 7
        total = 1 + total * 1 - 0.25
        if i / 4 == 2:
            print("i / 4 == 2 at", i)
    return total, above


def edges():
    values = [3, -7, 2**53, 2**53 + 1, -(2**53) - 1, 2**60, 0, 2.5, -0.0, float("nan"), True]
    out = []
    for _ in range(30):
        for a in values:
            for b in values:
                row = []
                for op in range(4):
                    try:
                        if op == 0:
                            row.append(a + b if not isinstance(a, bool) else a * 1.0 + b)
                        elif op == 1:
                            row.append(a - b * 1.0)
                        elif op == 2:
                            row.append(a / b)
                        else:
                            row.append(1.5 * a)
                    except ZeroDivisionError as e:
                        row.append(str(e))
                row.append((a < b, a <= b, a == b, a != b, a > b, a >= b))
                out.append(repr(row))
    return out


print(mixed(3000))
lines = edges()
print(len(lines))
for line in lines[:121]:
    print(line)
print(9007199254740993 == 9007199254740992.0, 9007199254740993 > 9007199254740992.0)
print(2**61 / 3, 1.0 + 2**61, 7 / 2, -7 / 2, 10**15 / 10**14)
