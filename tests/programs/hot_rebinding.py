# Run-time changes while loops are hot: a global function rebound, a global value rebound,
# a method replaced on the class, a builtin shadowed by a global. Traces and specialized
# instructions must notice every one.


def scale(x):
    return x * 2


def other_scale(x):
    return x * 3


factor = 10


class Counter:
    step = 1

    def bump(self, n):
        return n + self.step


def run(n):
    total = 0
    c = Counter()
    for i in range(n):
        total += scale(i) + factor + c.bump(i)
    return total


print(run(500))
scale = other_scale
print(run(500))
factor = 0.5
print(run(500))
Counter.step = 7
print(run(500))
Counter.bump = lambda self, n: n - self.step
print(run(500))


def len(x):  # noqa: A001 - shadows the builtin on purpose
    return 42


def measure(items):
    total = 0
    for _ in range(300):
        total += len(items)
    return total


print(measure([1, 2, 3]))
del len
print(measure([1, 2, 3]))
