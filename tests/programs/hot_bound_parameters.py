# A call a trace follows binds every parameter of the callee, so the trace loads them without a
# test; these callees unbind one (del, a cell, a generator resumed after deleting it) or take
# them in every form (defaults, keyword-only, *args, **kwargs), in hot loops.


def drop_then_load(a, b):
    total = a + b
    del b
    try:
        return total + b  # noqa: F821 - unbound on purpose
    except UnboundLocalError as e:
        return total + len(str(e))


def shapes(a, b=2, *rest, c, **extra):
    return a + b + len(rest) + c + len(extra)


def captured(a, b):
    def inner():
        return a * b

    return inner()


def gen(a, b):
    yield a
    del a
    yield b
    try:
        yield a  # noqa: F821 - unbound on purpose
    except UnboundLocalError:
        yield -1


def run(n):
    total = 0
    for i in range(n):
        total += drop_then_load(i, 1)
        total += shapes(i, c=3) + shapes(i, 5, 6, 7, c=1, z=2)
        total += captured(i, 2)
        for v in gen(i, 7):
            total += v
    return total


print(run(400))
