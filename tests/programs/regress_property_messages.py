# A property without a setter, deleter or getter is named in the error as CPython 3.11 names
# it: by the name a class statement bound it to (whatever its getter is called), or not at all
# for one no class statement named; the class by its __qualname__.


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


def getter(self):
    return 3


class Q:
    p = property(lambda self: 1)
    alias = p
    z = property(getter)
    nothing = property(None)

    @property
    def r(self):
        return 2


class Outer:
    class Inner:
        @property
        def r(self):
            return 2


def store(o, name):
    setattr(o, name, 0)


def delete(o, name):
    delattr(o, name)


q = Q()
print(q.p, q.alias, q.z, q.r)
for name in ["p", "alias", "z", "r"]:
    attempt(lambda: store(q, name))
    attempt(lambda: delete(q, name))
attempt(lambda: q.nothing)
attempt(lambda: store(Outer.Inner(), "r"))
Q.late = property(getter)
attempt(lambda: store(q, "late"))
print(repr(Outer.Inner)[:30], repr(Outer.Inner())[:32])


# From hot sites: the specialized load runs the getter, the failing store still names it.
def hot(o):
    total = 0
    failures = 0
    for i in range(300):
        total += o.r + o.z
        try:
            o.r = i
        except AttributeError as e:
            failures += 1
            last = str(e)
    return total, failures, last


print(hot(q))
