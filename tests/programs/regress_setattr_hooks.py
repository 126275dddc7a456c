# A class's own __setattr__, __delattr__ and __getattribute__ run for every access, in hot
# loops too (no specialized store or load may bypass them), and object's are callable.


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Doubler:
    def __setattr__(self, k, v):
        object.__setattr__(self, k, v * 2)

    def __delattr__(self, k):
        print("del", k)
        object.__delattr__(self, k)


s = Doubler()
s.x = 3
print(s.x)
del s.x
attempt(lambda: s.x)
attempt(lambda: object.__delattr__(s, "nope"))
total = 0
for i in range(200):
    s.x = i
    total += s.x
print(total)


class Counter:
    def __init__(self):
        self.n = 0

    def bump(self):
        self.n = self.n + 1


class Audited(Counter):
    writes = 0

    def __setattr__(self, k, v):
        Audited.writes += 1
        super().__setattr__(k, v + 1)


c = Counter()
a = Audited()
for i in range(300):
    c.bump()
    a.bump()
print(c.n, a.n, Audited.writes)


class Lazy:
    def __getattribute__(self, k):
        if k == "magic":
            return 42
        return object.__getattribute__(self, k)

    def __getattr__(self, k):
        return "fallback " + k


g = Lazy()
g.y = 1
print(g.magic, g.y, g.zzz, object.__getattribute__(g, "y"))
attempt(lambda: object.__getattribute__(g, "q"))
acc = 0
for i in range(300):
    acc += g.magic + g.y
print(acc)


# A hook added to a class after its instances' stores were specialized and traced.
class Late:
    def __init__(self, v):
        self.v = v


objs = [Late(i) for i in range(4)]
for r in range(3):
    for i in range(100):
        o = objs[i % 4]
        o.v = i
    print(r, [o.v for o in objs])
    if r == 0:
        Late.__setattr__ = lambda self, k, v: object.__setattr__(self, k, -v)
    if r == 1:
        Late.__getattribute__ = lambda self, k: 7


attempt(lambda: object.__setattr__(1, "a", 2))
attempt(lambda: object.__setattr__(Late, "a", 2))
setattr(s, "w", 5)
print(s.w)
