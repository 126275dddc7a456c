# Issue 14, example 3, as filed (see docs/fuzzing.md).
class A:
    ca = 0.5
class B(A):
    pass
def run(n, k):
    objs = [B(), A()]
    acc = 0
    for i in range(n):
        o = objs[i % 2]
        acc = acc + (o.ca < 1.0)
        if i == k:
            A.ca = 2
    return acc
print(run(400, 8))  # CPython 9
