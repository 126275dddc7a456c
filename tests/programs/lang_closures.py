# Closures: cells, nonlocal, counters, closures over loop variables and parameters.


def make_counter(start):
    count = start

    def increment(step=1):
        nonlocal count
        count += step
        return count

    return increment


def adders():
    fns = []
    for i in range(3):
        fns.append(lambda x, i=i: x + i)
    return fns


def outer(a):
    def middle(b):
        def inner(c):
            return a + b + c

        return inner

    return middle


def shared():
    value = 0

    def get():
        return value

    def put(v):
        nonlocal value
        value = v

    return get, put


counter = make_counter(10)
print(counter(), counter(5), counter())
print([f(10) for f in adders()])
print(outer(1)(2)(3))
get, put = shared()
put(42)
print(get())
late = [lambda: j for j in range(3)]  # noqa: B023 - late binding is the point
print([f() for f in late])
