# Unpacking: tuples, lists, starred targets, nested targets in assignments and for loops.

a, b = 1, 2
a, b = b, a
print(a, b)
first, *middle, last = range(6)
print(first, middle, last)
*init, tail = "abc"
print(init, tail)
(x, y), z = (1, 2), 3
print(x, y, z)
[p, q] = [10, 20]
print(p + q)
for i, (name, score) in enumerate([("ann", 3), ("bob", 5)]):
    print(i, name, score)
for k, *rest in [(1, 2, 3), (4,)]:
    print(k, rest)
pairs = {"one": 1, "two": 2}
for key, value in sorted(pairs.items()):
    print(key, value)
m = n = 7
print(m, n)
print([*range(3), *"ab", 9], (*[1, 2],), {**pairs, "three": 3})
print({*[1, 2], 3} == {1, 2, 3})
items = [0, 1, 2, 3, 4, 5]
items[1:3] = ["a", "b", "c"]
print(items, items[::2], items[-2:], items[:2])
del items[0], items[1:3]
print(items)
