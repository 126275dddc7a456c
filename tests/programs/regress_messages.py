# Behaviour differences from CPython found by differential testing, one or two lines each.
import math


def show(thunk):
    try:
        print(thunk())
    except Exception as e:
        print(type(e).__name__, e)


def kw(a, *, b, c=3):
    return a, b, c


def po(a, b, /, c):
    return a, b, c


def va(*a, **k):
    return a, k


class A:
    def m(self, **k):
        return k


class B(A):
    pass


def gen():
    yield 1
    return 'done'


# % by zero names the modulo alone; divmod names both.
show(lambda: 1 % 0)
show(lambda: divmod(1, 0))
# A keyword-only parameter with a default is not missing.
show(lambda: kw(1))
# Positional-only parameters passed by keyword.
show(lambda: po(1, b=2, c=3))
show(lambda: po(a=1, b=2, c=3, d=4))
# Call errors name the callable as CPython's _PyObject_FunctionStr does.
show(lambda: va(**{'a': 1}, a=2))
show(lambda: A().m(**1))
show(lambda: A(**1))
show(lambda: [].append(**1))
show(lambda: math.sqrt(**1))
show(lambda: math.floor(x=1))
show(lambda: math.isnan())
# Functions have __name__, __qualname__, __module__ and attributes of their own.
va.tag = 'x'
print(va.__name__, A.m.__qualname__, va.__module__, va.tag)
# A bound method's repr names the class that defines it.
print(repr(B().m).split(' of ')[0])
# generator.send() raises StopIteration with the return value; next() raises one without args.
g = gen()
next(g)
show(lambda: g.send(None))
show(lambda: next(g))
