# Uncaught NameError from a function that ran hot first: the printed line suggests the nearest
# local (then global, then builtin) name, as CPython 3.11 does; str(e) never carries it.
try:
    prnt("x")  # noqa: F821 (the point of the test)
except NameError as e:
    print(str(e))


def step(i):
    total = 0
    for k in range(i):
        total += k
    if i == 299:
        return totl  # noqa: F821 (the point of the test)
    return total


acc = 0
for i in range(300):
    acc += step(i)
print(acc)
