# Dunder methods of built-in objects, made from their slots: [].__len__(), it.__next__(),
# int.__add__(1, 2); their errors and reprs are CPython's.
print([1, 2].__len__(), (5).__add__(3), "ab".__contains__("a"), {1: 2}.__getitem__(1))
g = (x for x in range(3))
print(g.__next__(), next(g), g.__iter__() is g)
print((3).__eq__(3), (3).__lt__(2.5), "a".__mul__(3), [1].__add__([2]))
it = iter([1, 2])
print(it.__next__(), (1.5).__neg__(), abs(-2).__str__())
print(int.__add__(1, 2), str.__len__("abc"), list.__getitem__([4, 5], 1))
print((5).__radd__(1), (7).__hash__() == hash(7), "x".__repr__(), (2).__pow__(10))
print([3, 1].__iter__().__next__(), {1}.__len__(), (1, 2).__getitem__(0), range(5).__len__())
print([].__hash__, (1, 2).__hash__() == hash((1, 2)), (0).__bool__(), [].__bool__ if False else 0)
d = {}
d.__setitem__("k", 1)
d.__delitem__("k")
print(d, len.__call__([1, 2]), [1, 2, 3].__contains__(4))
print(int.__add__(3, 4), str.__mul__("ab", 2), (9).__floordiv__(2), (9).__rfloordiv__(20))
for bad in [lambda: [].__len__(1), lambda: (1).__add__(), lambda: list.__len__(5)]:
    try:
        bad()
    except TypeError as e:
        print(e)
it = iter([])
try:
    it.__next__()
except StopIteration as e:
    print("stop", repr(e))


def total(n):
    acc = 0
    for i in range(n):
        acc = acc.__add__(i.__mul__(2))
    return acc


print(total(3000))
print(list.__len__, int.__add__, list.append)
