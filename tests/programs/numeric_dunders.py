# The numeric conversion dunders: int() through __int__, __index__ and __trunc__, float()
# through __float__ and __index__ (a big int too), math.floor/ceil through __floor__/__ceil__,
# and CPython's errors for results of the wrong type.
import math


class I:
    def __int__(self):
        return 42


class X:
    def __index__(self):
        return 5


class T:
    def __trunc__(self):
        return 9


class Bad:
    def __int__(self):
        return "x"


class F:
    def __float__(self):
        return 2.5


class G:
    def __float__(self):
        return 3


class Big:
    def __index__(self):
        return 2**80


print(int(I()), int(X()), float(F()), float(X()), float(Big()))
for bad in (lambda: int(Bad()), lambda: float(G()), lambda: int(object()), lambda: float([])):
    try:
        bad()
    except TypeError as e:
        print(e)


class C:
    def __floor__(self):
        return 1

    def __ceil__(self):
        return 2


print(math.floor(C()), math.ceil(C()))
total = 0
for i in range(500):
    total += int(I()) + int(float(F()))
print(total)
