# Traces make the functions, classes and builtins that globals name constants, and depend on
# those names: rebinding, shadowing or deleting one in the middle of a hot loop (even between two
# uses in one iteration) must be seen at once. Globals bound to immutable data (ints, floats, strs,
# tuples) are constants too, until something rebinds them; counters the loop itself stores stay
# loads.


def double(x):
    return x * 2


def triple(x):
    return x * 3


def rebind_mid_loop(n):
    global double
    total = 0
    for i in range(n):
        total += double(i)
        if i == n // 2:
            double = triple
        total += double(1)
    return total


print(rebind_mid_loop(400))
print(double(5))


def shadow_builtin(n):
    global abs
    total = 0
    for i in range(n):
        total += abs(-i)
        if i == n // 2:
            abs = lambda v: 1000  # noqa: E731 - a global that shadows the builtin
    return total


print(shadow_builtin(400))
del abs
print(abs(-3))  # noqa: F821 - the builtin again


class Point:
    def __init__(self, x):
        self.x = x


class Other:
    def __init__(self, x):
        self.x = -x


def build(n):
    global Point
    total = 0
    for i in range(n):
        total += Point(i).x
        if i == 300:
            Point = Other
    return total


print(build(600))


def helper(v):
    return v + 1


def delete_mid_loop(n):
    global helper
    total = 0
    try:
        for i in range(n):
            total += helper(i)
            if i == 250:
                del helper
    except NameError as e:
        print("NameError:", e)
    return total


print(delete_mid_loop(400))

counter = 0


def bump(n):
    global counter
    for i in range(n):
        counter += i % 3
    return counter


print(bump(2000), bump(10))

import math  # noqa: E402 - a module's functions made constants in a trace too


def roots(n):
    total = 0.0
    for i in range(n):
        total += math.sqrt(i)
        if i == n // 2:
            math.sqrt = math.floor
    return total


print(round(roots(400), 6), math.pi > 3)


MOD = 1000003
SCALE = 0.5
SEP = ","


def checksum(n):
    global MOD
    total = 0
    for i in range(n):
        total = (total * 31 + i) % MOD
        if i == n // 2:
            MOD = 997  # rebound between two uses: the trace that folded 1000003 must see it
        total += len(SEP) + int(SCALE * i) % MOD
    return total


print(checksum(600), MOD)

WEIGHTS = (3, 1, 4, 1, 5)


def rebind_weights():
    global WEIGHTS
    WEIGHTS = (2, 7)  # a shorter tuple, rebound by a call between two uses


def weighted(n):
    total = 0
    for i in range(n):
        total += WEIGHTS[i % len(WEIGHTS)]
        if i == n // 2:
            rebind_weights()
        total += len(WEIGHTS) * WEIGHTS[-1]
    return total


print(weighted(600), WEIGHTS)

calls = 0


def tick():
    global calls
    calls += 1  # bound in a function the loop calls


def tally(n):
    seen = 0
    for i in range(n):
        tick()
        seen += calls % 7
    return seen


print(tally(500), calls)
