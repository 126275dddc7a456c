# Traces keep the top stack values in registers (generator/stack_cache.py). Every exit of such
# code stores them back where tier 1 expects them: guards that fail with one or two values cached
# (an int turning into a float or a str mid-loop, an overflow), an error raised with values
# cached, and a local unbound mid-loop, which a trace's load leaves to tier 1 to raise.


def mixed(items):
    total = 0
    for x in items:
        total = total + (x * 3 + 1) * 2
    return total


print(mixed(list(range(300)) + [0.5, 2.25] + list(range(200))))
print(mixed(list(range(300)) + [4611686018427387903 // 7]))
print(mixed(["a"] * 0 + list(range(250))))
try:
    mixed(list(range(300)) + ["no"])
except TypeError as e:
    print("TypeError:", e)


def ratios(pairs):
    out = []
    for a, b in pairs:
        out.append(a // b + a % b - (a < b) + (a == b))
    return out


pairs = [(i * 7 + 3, i % 9 + 1) for i in range(400)]
print(sum(ratios(pairs)))
try:
    ratios(pairs + [(5, 0)])
except ZeroDivisionError as e:
    print("ZeroDivisionError:", e)


def unbound(n):
    y = 0
    total = 0
    for i in range(n):
        if i == n - 1:
            del y
        total += y + i
    return total


try:
    unbound(500)
except UnboundLocalError as e:
    print("UnboundLocalError:", e)


def compares(xs):
    hits = 0
    for a in xs:
        if a < 100 and a != 50 and a >= 3:
            hits += a - 1
        elif a > 1000.5:
            hits -= 1
    return hits


print(compares(list(range(400)) + [2000.0, 3.5, 99.5] + list(range(100))))
