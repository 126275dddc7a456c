# divmod() as CPython: built-in non-numbers name divmod() in the TypeError (not // or %), and
# classes answer through __divmod__ and __rdivmod__, in a binary operator's order, never through
# their // and %. Found by the fuzzer (seed 15629: divmod of an attribute that became a str).

for a, b in [(7, 2), (-7, 2), (7.5, 2), (True, 3), ('s', 1.0), ('%d', 5), ([1], 2), (3, 's'), (None, 1), (4611686018427387903, -3), (5, 0), (5.0, 0)]:
    try:
        print(divmod(a, b))
    except Exception as e:
        print(type(e).__name__, e)
class N:
    def __floordiv__(self, o):
        return 'fd'
class D:
    def __divmod__(self, o):
        return ('d', o)
    def __rdivmod__(self, o):
        return ('r', o)
class E(D):
    def __rdivmod__(self, o):
        return ('E.r', o)
class F:
    def __divmod__(self, o):
        return NotImplemented
for a, b in [(N(), 3), (D(), 3), (3, D()), (D(), E()), (E(), D()), (F(), D()), (F(), 2), ("x", N())]:
    try:
        r = divmod(a, b)
        print(r[0], type(r[1]).__name__)
    except Exception as e:
        print(type(e).__name__, e)


def hot(n):
    vals = [7, 2.5, "s", D(), -3]
    acc = []
    for i in range(n):
        try:
            r = divmod(vals[i % 5], vals[(i + 1) % 5])
            acc.append(r[0] if not isinstance(r[0], float) else round(r[0], 3))
        except TypeError as e:
            acc.append(str(e)[-12:])
    return acc[-10:], len(acc)


print(hot(200))
