# Generators: yield, send values, return, yield from, generator expressions fed to builtins.


def countdown(n):
    while n > 0:
        yield n
        n -= 1
    return "liftoff"


def chain(*iterables):
    for it in iterables:
        yield from it


def delegate():
    result = yield from countdown(3)
    yield result


def accumulate():
    total = 0
    while True:
        value = yield total
        if value is None:
            return
        total += value


def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


print(list(countdown(5)))
print(list(chain([1, 2], "ab", range(3))))
print(list(delegate()))
acc = accumulate()
next(acc)
print(acc.send(10), acc.send(5))
taken = []
for f in fib():
    if f > 50:
        break
    taken.append(f)
print(taken)
print(sum(x for x in range(101)), list(x * 2 for x in [1, 2, 3]))
gen = countdown(2)
print(next(gen), next(gen), next(gen, "done"))
