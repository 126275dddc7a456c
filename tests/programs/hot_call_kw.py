# Keyword calls to Python functions, hot (CALL_KW_PY): keywords in any order, mixed with
# positional arguments and defaults, *args/**kwargs, closures, methods; the errors CPython
# reports for a wrong keyword, a missing or a doubled argument; a function rebound while hot;
# a runaway recursion through keyword calls.


def mix(a, b, weight=3, bias=0):
    return a * weight + b + bias


def record(name, *args, sep="-", **kwargs):
    return name + sep + str(len(args)) + sep + ",".join(sorted(kwargs))


def posonly(a, b, /, c=5):
    return a - b + c


def make_scaler(k):
    def scale(x, by=1):
        return x * k * by

    return scale


class Account:
    def __init__(self, balance):
        self.balance = balance

    def deposit(self, amount, fee=0):
        self.balance += amount - fee
        return self.balance


total = 0
scale = make_scaler(3)
acct = Account(0)
for i in range(400):
    total += mix(i, 1, weight=5)
    total += mix(b=i, a=2)
    total += mix(i, b=2, bias=7, weight=1)
    total += mix(bias=1, weight=2, b=3, a=i)
    total += len(record("r", i, i, sep="+", x=1, y=2))
    total += len(record(name="n"))
    total += posonly(i, 1, c=2)
    total += scale(i, by=2)
    total += acct.deposit(i, fee=1)
    total += Account(i).deposit(amount=1)
print("keywords:", total, acct.balance)


def probe(i, call):
    try:
        call()
    except TypeError as e:
        print(i, e)


for i in range(300):
    if i % 100 == 99:
        probe(i, lambda: mix(1, 2, wieght=3))
        probe(i, lambda: mix(1, weight=3))
        probe(i, lambda: mix(1, 2, a=3))
        probe(i, lambda: posonly(1, b=2))
        probe(i, lambda: posonly(a=1, b=2, d=4))
        probe(i, lambda: acct.deposit(fee=2))
    else:
        mix(1, 2, weight=i)


# The same errors from hot, specialized sites (each fails every time).
errors = {}
for i in range(300):
    for call in (
        lambda: mix(1, 2, wieght=i),
        lambda: mix(i, bias=3),
        lambda: mix(i, 2, a=3),
        lambda: posonly(i, b=2),
        lambda: record(i, name="x"),
    ):
        try:
            call()
        except TypeError as e:
            errors[str(e)] = errors.get(str(e), 0) + 1
for message, count in errors.items():
    print(count, message)


def g(a, b=0):
    return a + b


results = []
for i in range(300):
    if i == 120:

        def g(a, b=0, c=10):
            return a * b + c

    if i == 240:
        g = mix
    results.append(g(i, b=2))
print("rebound:", sum(results), results[119], results[120], results[240])


def dive(n, step=1):
    return dive(n=n + step, step=step)


for attempt in range(3):
    try:
        dive(n=0)
    except RecursionError as e:
        print("caught:", type(e).__name__, e)
