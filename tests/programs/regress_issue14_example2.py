# Issue 14, example 2, as filed (see docs/fuzzing.md).
class A:
    def __init__(self, v):
        self.v = v % 16
class B(A):
    ca = 6
class C:
    ca = 6
    def __init__(self, v):
        self.v = -0.0
def poke(i, objs):
    objs[0 % len(objs)].__dict__['ca'] = 123.456
def run(n):
    objs = [B(7), C(9), B(1), B(0)]
    acc = 0
    for i in range(n):
        o = objs[i % len(objs)]
        acc += (o.ca < -0.0) + 2 * (o.ca == o.v) + 4 * (o.ca >= 16)
        poke(i, objs)
print(run(54))
