# Issue 14, example 1, as filed (see docs/fuzzing.md).
class A:
    ca = 7
    def __init__(self, v):
        self.v = v % 16
        self.w = 0.001
    def m(self, x):
        return (round(self.w, 2) - x) % 16
class B(A):
    def m(self, x):
        return (super().m(x) + self.w) % 16
class C:
    ca = 1e-07
    def __init__(self, v):
        self.v = -2.25
        self.w = v % 16
    def m(self, x):
        return abs(self.v * self.w) % 16
def run(n):
    objs = [B(2), B(1), A(15), C(16)]
    acc = 0
    for i in range(n):
        o = objs[i % len(objs)]
        acc = (acc + o.m(i % 16) + o.v + o.ca) % 16
        acc += (o.ca < 0.0) + 2 * (o.ca == o.v) + 4 * (o.ca >= 123.456)
print(run(303))
