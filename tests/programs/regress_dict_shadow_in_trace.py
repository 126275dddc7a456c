# An instance's __dict__ written directly shadows a class attribute that traces read as a
# constant, or stops shadowing it: the first write inside a running trace, later ones every
# iteration, through a dict handed out long before, and a shadowing key deleted again. A trace
# recorded meanwhile may hold a float comparison (specialized while the attribute was a float in
# the dict) of the class's int constant.
class S:
    ca = 2


class T(S):
    pass


def unshadow(n, k):
    objs = [T(), S()]
    for o in objs:
        o.__dict__['ca'] = 0.5
    acc = 0
    for i in range(n):
        o = objs[i % 2]
        acc = acc + (o.ca < 1.0)
        if i == k:
            del objs[0].__dict__['ca']
            del objs[1].__dict__['ca']
    return acc


print(unshadow(400, 8), unshadow(100, 30))


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
    return acc


print(run(54))


class K:
    ca = 1

    def m(self):
        return 10


def held(n):
    k = K()
    d = k.__dict__
    t = 0
    for i in range(n):
        t += k.ca + k.m()
        if i == n // 3:
            d['ca'] = 100
            d['m'] = lambda: 1000
        if i == 2 * n // 3:
            del d['ca']
            del d['m']
        t += k.ca
    return t


print(held(60))


class L:
    ca = 2.5


def late(n):
    objs = [L(), L()]
    t = 0.0
    for i in range(n):
        o = objs[i % 2]
        t += o.ca
        if i == 20:
            objs[1].__dict__['ca'] = 4
        t += o.ca < 3.0
    return t


print(late(50))
