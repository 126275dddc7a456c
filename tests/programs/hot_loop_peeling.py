# Traces peel a loop's first round: the loop proper keeps what that round proved about values it
# never replaces and about locals whose type it keeps (an int counter), so their guards go. Each
# loop here then breaks one of those assumptions mid-run: a counter turns float or big, an
# invariant object's class changes inside a call, a local is deleted; the output must stay
# CPython's.


def counter_turns_float(n):
    x = 0
    total = 0
    for i in range(n):
        x = x + 1
        if i == n // 2:
            x = x + 0.5
        total += x * 2
    return total, x


print(counter_turns_float(400))


def counter_turns_big(n):
    x = 3
    steps = 0
    while steps < n:
        x = x * 3 + 1
        steps += 1
    return x, steps


print(counter_turns_big(60))


class Meters:
    def __init__(self, v):
        self.v = v

    def scaled(self, k):
        return self.v * k


class Feet(Meters):
    def scaled(self, k):
        return self.v * k * 3


def switch(obj):
    obj.__class__ = Feet


def class_changes(n):
    m = Meters(2)
    total = 0
    for i in range(n):
        total += m.scaled(i)
        if i == 300:
            switch(m)
        total += m.scaled(1)
    return total


print(class_changes(600))


def deleted_local(n):
    total = 0
    for i in range(n):
        tmp = i * 2
        total += tmp
        del tmp
    return total


print(deleted_local(300))


def nested(rows, cols):
    grid = 0
    for r in range(rows):
        step = r % 3 + 1
        for c in range(cols):
            grid += c * step
    return grid


print(nested(40, 50))


def string_then_int(n):
    acc = ""
    out = []
    for i in range(n):
        acc = acc + "a" if i < n // 2 else i * 2
        out.append(acc if isinstance(acc, int) else len(acc))
    return sum(out)


print(string_then_int(300))
