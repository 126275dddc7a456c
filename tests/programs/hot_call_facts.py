# What a trace knows of a call's arguments and of its result: the callee's parameters are the
# values the caller pushed, so a guard in the callee on a type the caller proved goes, and a plain
# call's result keeps what the callee proved of it. Each function here is hot with one set of
# types, then called with others (the caller's guard exits, or the callee's), and an __init__'s
# result is its instance, never the None it returns.


def add3(a, b, c):
    return a + b + c


def scale(x, k):
    return x * k


class Acc:
    def __init__(self, start, step):
        self.total = start
        self.step = step

    def bump(self, by):
        self.total = self.total + by * self.step
        return self.total


def ints(n):
    s = 0
    for i in range(n):
        s = add3(s, i, 1) % 1000003
    return s


def mixed(n):
    out = []
    s = 0
    for i in range(n):
        v = i if i < n - 3 else (i * 0.5 if i < n - 1 else "x")
        if isinstance(v, str):
            out.append(add3(v, "y", "z"))
        else:
            s = add3(s, v, 2)
    out.append(s)
    return out


def results(n):
    total = 0
    for i in range(n):
        r = scale(i, 3 if i < n - 2 else 1.5)
        total = total + r
    return total


def methods(n):
    acc = Acc(0, 2)
    seen = []
    for i in range(n):
        if i == n - 2:
            acc = Acc(0.25, 1)
        seen.append(acc.bump(i))
    return seen[-3:], type(Acc(1, 1)).__name__


print(ints(3000))
print(mixed(3000)[-2:])
print(results(3000))
print(methods(3000))
