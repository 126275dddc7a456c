# Lists: methods, indexing, slicing, slice assignment, sorting, comparison.
a = [5, 3, 8, 1, 9, 2]
a.append(7)
a.extend([4, 6])
a.insert(0, 10)
a.insert(-1, 11)
a.insert(100, 12)
print(a, len(a), a[0], a[-1], a[2:5], a[::3], a[::-2], a[-3:], a[:-3])
print(a.pop(), a.pop(0), a.pop(-2), a, a.index(8), a.count(1), 9 in a, 99 not in a)
a.remove(8)
a.reverse()
print(a)
b = a.copy()
b.sort()
print(b, a, sorted(a, reverse=True), sorted(["bb", "a", "ccc"], key=len))
pairs = [(2, "b"), (1, "z"), (2, "a"), (1, "y")]
print(
    sorted(pairs),
    sorted(pairs, key=lambda p: p[0]),
    sorted(pairs, key=lambda p: p[0], reverse=True),
)
c = list(range(10))
c[2:5] = ["x", "y"]
print(c)
c[::2] = [0, 0, 0, 0, 0]
print(c)
del c[1]
del c[::3]
print(c)
c[1:1] = [7, 7, 7]
c[-1] = "last"
print(c, c[:])
d = [1, 2] + [3]
e = [0] * 3
print(
    d, e, [[1]] * 2, [1, 2] == [1, 2], [1, 2] < [1, 3], [1, 2] < [1, 2, 0], [2] > [1, 9], [] == []
)
nested = [[1, 2], [3, [4, 5]], []]
print(nested, nested[1][1][0], len(nested[2]))
nested[2].append(nested[0])
print(nested)
m = []
m.append(m)
print(m, [m, m])
f = [3, 1, 2]
f.clear()
print(f, list("ab"), list((1, 2)), list({"k": 1}), list(range(3)), list(x * 2 for x in [1, 2]))
grid = []
for i in range(40):
    grid.append(i * i % 17)
    if len(grid) > 5:
        grid.pop(0)
    if i % 8 == 0:
        print(i, grid, sorted(grid), max(grid), min(grid), sum(grid))
x, y, *rest = [1, 2, 3, 4, 5]
first, *middle, last = "abcde"
print(x, y, rest, first, middle, last)
(p, q), r = (1, 2), 3
print(p, q, r)
