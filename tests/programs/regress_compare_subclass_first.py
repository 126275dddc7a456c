# A comparison tries the right operand's reflected method first when its class derives from the
# left operand's, whether or not the subclass overrides it (CPython checks only the subtype
# relation for comparisons, unlike binary operators). Found by the fuzzer (seed 11839).


class A:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        print("A.__eq__")
        return NotImplemented

    def __lt__(self, other):
        print("A.__lt__")
        return True


class B(A):
    def __eq__(self, other):
        print("B.__eq__")
        return self.v == getattr(other, "v", None)

    def __gt__(self, other):
        print("B.__gt__")
        return False


class C(A):
    pass


def run(n):
    a, b, c = A(1), B(1), C(2)
    acc = 0
    log = []
    for i in range(n):
        acc += (a == b) + 2 * (a < b) + 4 * (a == c) + 8 * (c < a)
        if i == n - 1:
            log.append((a == b, a < b, b == a, a < c, c < a))
    return acc, log


print(run(3))
print(run(40)[1])
