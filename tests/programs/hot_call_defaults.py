# Positional calls that leave trailing parameters to their defaults, hot (CALL_PY_WITH_DEFAULTS),
# and calls the general binder handles (*args, keyword-only parameters, closures: CALL_PY_GENERAL).


def clamp(x, lo=0, hi=255):
    if x < lo:
        return lo
    if x > hi:
        return hi
    return x


def collect(item, into=[]):  # the classic shared mutable default
    into.append(item)
    return into


def scale(x, factor=2, *rest, offset=1):
    return x * factor + offset + len(rest)


def kwonly(a, *, b=10):
    return a + b


def make_adder(n):
    def add(x, y=0):
        return x + y + n

    return add


class Counter:
    def __init__(self):
        self.count = 0

    def bump(self, by=1):
        self.count += by
        return self.count


total = 0
counter = Counter()
add5 = make_adder(5)
for i in range(400):
    total += clamp(i - 100)
    total += clamp(i, 10)
    total += clamp(i, 10, 300)
    total += len(collect(i))
    total += scale(i) + scale(i, 3) + scale(i, 3, 4, 5)
    total += kwonly(i)
    total += add5(i) + add5(i, 1)
    total += counter.bump() + counter.bump(2)
shared = collect(-1)
print("defaults:", total, shared[:3], len(shared), collect(-2, []), len(collect(-3)))


def missing(a, b, c=1):
    return a + b + c


for i in range(300):
    try:
        missing(1) if i % 100 == 99 else missing(1, 2)
    except TypeError as e:
        print("missing:", i, e)
    try:
        missing(1, 2, 3, 4) if i % 150 == 149 else missing(1, 2, 3)
    except TypeError as e:
        print("too many:", i, e)


# A function rebound while hot: the call site's version guard fails and the new one runs.
def f(x, y=1):
    return x + y


results = []
for i in range(300):
    if i == 150:

        def f(x, y=100, z=1000):
            return x + y + z

    if i == 250:
        f = clamp
    results.append(f(i))
print("rebound:", sum(results), results[149], results[150], results[250])


# Runaway recursion through a call with defaults.
def deep(n, step=1):
    return deep(n + step)


for attempt in range(3):
    try:
        deep(0)
    except RecursionError as e:
        print("caught:", type(e).__name__, e)


def countdown(n, acc=0):
    if n == 0:
        return acc
    return countdown(n - 1, acc + 1) if n % 2 else countdown(n - 1)


print("countdown:", sum(countdown(100) for _ in range(300)))


# Defaults a trace pushes as constants (the call made exact-arguments): the callee computes with
# them, and exits inside it (a float, then a str argument) build its frame with them in place.
def weigh(x, w=0.5, bias=3):
    return x * w + bias


weights = []
for i in range(600):
    x = i if i < 400 else (i * 0.5 if i < 500 else str(i))
    try:
        weights.append(weigh(x))
    except TypeError as e:
        weights.append(type(e).__name__ + ": " + str(e))
print("weigh:", weights[0], weights[399], weights[400], weights[599], len(weights))
