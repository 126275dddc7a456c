# vars() and locals(): a function's bound variables (cells read through) in slot order, a class
# body's namespace, the module's globals; vars(obj) is obj.__dict__.
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y


p = P(1, 2)
print(vars(p), vars(p) is p.__dict__)
top = 5
print(vars() is globals(), locals() is globals(), "top" in vars())


def f(a, b=2):
    c = a + b
    captured = [c]

    def g():
        return captured

    unbound = None
    del unbound
    return locals(), vars(), g


print(list(f(1)[0]), sorted(f(1)[1]), f(1)[0]['c'])


def outer():
    v = 10

    def inner(w):
        return locals(), v

    return inner(3)


print(outer())


class C:
    a = 1
    names = sorted(vars())
    here = "a" in locals()


print(C.names, C.here)
try:
    vars(5)
except TypeError as e:
    print(e)


def hot(n):
    total = 0
    for i in range(n):
        total += len(locals())
    return total


print(hot(3000))
