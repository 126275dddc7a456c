# frozenset: built from any iterable, hashable (CPython's hash, so sets of frozensets iterate
# in CPython's order), its operators giving the left operand's type, no mutating methods.
a = frozenset([3, 1, 2, 3])
b = frozenset(range(2, 6))
print(a, b, frozenset(), repr(frozenset("")), len(a), 2 in a, 9 in a)
print(a | b, a & b, a - b, a ^ b, {1, 9} | a, a | {9}, type(a | {9}).__name__, type({9} | a).__name__)
print(a == {1, 2, 3}, {1, 2, 3} == a, a < b, a <= frozenset([1, 2, 3, 4]), a.issubset([1, 2, 3]))
print(a.union([7], ), a.intersection({1, 2}), a.difference([1]), a.symmetric_difference([1, 8]))
# Hashes as CPython's (those that fit in 63 bits print; the rest order sets the same).
print(hash(a) == hash(frozenset([1, 2, 3])), hash(frozenset()), hash(frozenset([1, 2, 3])))
print(hash(frozenset(range(100))), hash(frozenset([1])))
print({frozenset([i, i + 1]) for i in range(12)}, {frozenset([i]): i for i in range(6)})
print(a.copy() is a, frozenset(a) is a, sorted(a), list(frozenset([5, 4, 9])), a.isdisjoint([7]))
d = {a: "x", frozenset([1]): "y"}
print(d[frozenset([3, 2, 1])], {frozenset([1, 2]), frozenset([2, 1])})
f = a
f |= {10}
print(f, a, f is a)
s = {1}
s |= a
print(s, type(s).__name__)
try:
    a.add(4)
except AttributeError as e:
    print(e)
try:
    frozenset([[1]])
except TypeError as e:
    print(e)


def states(n):
    seen = set()
    for i in range(n):
        seen.add(frozenset([i % 7, i % 11, i % 13]))
    return len(seen)


print(states(5000), frozenset[int])
