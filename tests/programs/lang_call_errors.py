# TypeErrors from calls name the function by its qualified name, with CPython's wording.
class Duck:
    def quack(self, n):
        return n
try:
    Duck().quack(1, 2)
except TypeError as e:
    print(e)
def outer():
    def inner(a, *, b):
        return a
    return inner
try:
    outer()(1)
except TypeError as e:
    print(e)
def f(a, b=2):
    pass
try:
    f()
except TypeError as e:
    print(e)
try:
    f(1, 2, 3)
except TypeError as e:
    print(e)
try:
    f(1, c=3)
except TypeError as e:
    print(e)
