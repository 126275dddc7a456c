# In traces, a float operation may write its result into the box of an operand that a previous
# float operation just made and nobody else references (`reuse` in docs/dsl.md). Every line below
# keeps some such box referenced (a local, a list, a copy, a constant, a caller's value...): were
# the optimizer to reuse it anyway, a value printed at the end would change.


def ident(v):
    return v


def twice(v):
    return v * 2.0


def scaled(a, b):
    return a * b


def gen(a, b):
    yield a * b


kept = []
pairs = []
walrus = []  # (the tuple case)
chained = []
stored = [0.0, 0.0]
constants = 0.0
calls = 0.0
errors = 0
flips = 0.0
a = 1.5
b = 2.25
c = 0.125
for i in range(400):
    x = float(i)
    t = x * a  # stored in a local, then used: t must keep its value
    u = t + c
    kept.append(t)
    p = q = x * b  # copied: both names see the same box
    r = p + c
    chained.append((q, r))
    lst = [x * a]  # in a list, then read back and used
    s = lst[0] * b + c
    pairs.append((lst[0], s))
    tup = (x * c, 0.0)  # in a tuple, then read back and used
    y = tup[0]
    w = tup[0] + a
    walrus.append((y, w))
    stored[0] = x * a  # a store, then the stored box is read back
    stored[1] = stored[0] + b
    constants = constants + (0.5 + 0.25) * 1.0  # a constant operand is shared, never reused
    calls += ident(x * a) + twice(x * b) + scaled(x, c) * a  # boxes made in callees
    for g in gen(x, a):
        calls += g * c
    z = x * a + x * b + x * c  # the chain that reuses: still the right value
    if i % 7 == 0:
        flips += (x * a) + (c if i % 2 else b)  # a side exit between producer and consumer
    else:
        flips -= (x * b) - c
    try:
        bad = (x * a) + "s"  # the generic path still raises
    except TypeError:
        errors += 1
    try:
        bad = (x * a) / 0.0
    except ZeroDivisionError:
        errors += 1
    if t + c != u or p is not q or y + a != w:
        print("mismatch at", i)

print(u, t, r, p, q, s, w, y, z)
print(sum(kept), sum(v for v, _ in chained), sum(v for _, v in chained))
print(sum(v for v, _ in pairs), sum(v for _, v in pairs))
print(sum(v for v, _ in walrus), sum(v for _, v in walrus))
print(stored, constants, 0.5 + 0.25, calls, errors, flips)
print(kept[:5], kept[-3:], chained[-1], pairs[-1], walrus[-1])
