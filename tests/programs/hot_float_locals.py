# Float locals written in place (_STORE_FAST_FLOAT_INTO): a loop's float local keeps its box
# while nothing but float operations and guards read it. Each block below lets a box escape, or
# leaves the trace, while the loop is hot: the values seen must be CPython's.


def kept_in_list(n):
    a = 0.0
    seen = []
    for i in range(n):
        a = i * 0.5 + 1.0
        a = a * 2.0
        if i % 37 == 0:
            seen.append(a)  # the box escapes: the next store makes a new one
    return seen[:5], a


def copied_to_another_local(n):
    a = 1.0
    prev = 0.0
    grew = 0
    for i in range(n):
        prev = a
        a = a * 1.0001 + 0.5
        if a - prev > 0.5005:
            grew += 1
    return grew, prev, a


def swapped(n):
    x, y = 0.25, 0.75
    for i in range(n):
        x = x * 0.5 + y
        x, y = y, x
    return x, y


def chained(n):
    out = []
    for i in range(n):
        a = b = i * 0.5
        a = a + 1.0
        if i % 50 == 0:
            out.append((a, b))
    return out[:4]


def with_locals_snapshot(n):
    snaps = []
    a = 0.0
    for i in range(n):
        a = i * 1.5
        if i % 60 == 0:
            snaps.append(locals()["a"])
        a = a + 0.25
    return snaps[:4], a


def escapes_through_calls(n):
    keep = {}
    a = 0.0
    for i in range(n):
        a = i * 0.125
        keep[i % 7] = a
        a = a * 3.0
    return sorted(keep.items()), a


def leaves_by_exits(n, values, last):
    a = 0.0
    acc = 0.0
    i = 0
    try:
        for i in range(n):
            a = acc * 0.5 + 1.0
            acc = a / values[i % 7] + acc * 0.25  # an int leaves by a guard, and comes back
            if i == n - 20:
                values[i % 7] = last  # a zero divisor or a str: leaves, and raises
    except (ZeroDivisionError, TypeError) as e:
        return type(e).__name__, i, a, acc
    return i, a, acc


def pairs_assigned(n, cs):
    zr = zi = 0.0
    for i in range(n):
        c = cs[i % 5]
        # The first value waits unboxed under the second, which an int or a str makes leave.
        zr, zi = zr * 0.5 - zi * 0.25 + 1.0, zr * zi * 0.5 + c
    return zr, zi


def triples_assigned(n):
    a, b, c = 1.0, 2.0, 3.0
    for i in range(n):
        a, b, c = b * 0.5 + c, c * 0.25 + a, a * 0.125 + b
    return a, b, c


def read_while_stored(n):
    a = 1.0
    b = 0.0
    for i in range(n):
        a = a * 0.5 + 1.0
        b = a + (a := a * 0.25 + b * 0.001)  # the old box is on the stack when a is stored
    return a, b


def identity(n):
    a = 0.5
    boxes = []
    for i in range(n):
        a = a * 1.0
        if i == 100 or i == 200:
            boxes.append(a)
    return boxes[0] is boxes[1], boxes[0] == boxes[1]


def generator_locals(n):
    a = 0.0
    for i in range(n):
        a = a * 0.5 + i
        yield a


def after_the_loop(n):
    d = 0.0
    for i in range(n):
        d = i * 0.5 - 3.0
        d = d * d
    return d


print("list:", kept_in_list(400))
print("copied:", copied_to_another_local(400))
print("swapped:", swapped(400))
print("chained:", chained(400))
print("locals:", with_locals_snapshot(400))
print("escapes:", escapes_through_calls(400))
print("exits:", leaves_by_exits(400, [2.0, 4.0, 1.5, 3, 0.5, 8.0, -1.0], 0.0))
print("exits:", leaves_by_exits(400, [2.0, 4.0, 1.5, 3, 0.5, 8.0, -1.0], "s"))
print("exits:", leaves_by_exits(400, [2.0, 4.0, 1.5, 3, 0.5, 8.0, -1.0], 2))
print("identity:", identity(400))
print("read while stored:", read_while_stored(400))
print("pairs:", pairs_assigned(400, [0.5, 1.5, -0.25, 2.0, 0.75]))
print("pairs:", pairs_assigned(400, [0.5, 1.5, -0.25, 2, 0.75]))
try:
    pairs_assigned(400, [0.5, 1.5, -0.25, 2.0, "c"])
except TypeError as e:
    print("pairs:", e)
print("triples:", triples_assigned(400))
g = list(generator_locals(300))
print("generator:", g[:3], g[-1])
print("after:", after_the_loop(500))
