# A class attribute that a trace reads as a constant changes from a float to an int while the
# loop runs: the comparison is still specialized for floats when the next trace is recorded,
# and the optimizer must not fold a float comparison of the int constant.
class A:
    ca = 0.5


class B(A):
    pass


def run(n, k):
    A.ca = 0.5
    objs = [B(), A()]
    acc = 0
    for i in range(n):
        o = objs[i % 2]
        acc = acc + (o.ca < 1.0)
        if i == k:
            A.ca = 2
    return acc


print(run(400, 8))
for k in (0, 3, 15, 16, 17, 20, 40, 100):
    print(k, run(150, k))


def scaled(n, k):
    A.ca = 0.25
    acc = 0.0
    o = B()
    for i in range(n):
        acc += o.ca * 2.0 if o.ca < 1.0 else o.ca * 3
        if i == k:
            A.ca = 5
    return acc


print(scaled(60, 10), scaled(60, 30))
