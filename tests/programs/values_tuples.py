# Tuples, unpacking, hashing, comparison, ranges.
t = (1, "a", 2.5, None, (2, 3))
print(t, len(t), t[1], t[-1][0], t[1:3], t[::-1], (), (1,), ((1,),), t.index(2.5), t.count(1))
print((1, 2) + (3,), (0,) * 3, (1, 2) < (1, 3), (1, 2) == (1, 2), (2,) > (1, 9), 2.5 in t)
print(hash((1, 2)), hash((1, 2)) == hash((1.0, 2)), hash((True, 2.0)) == hash((1, 2)))
a, b = 1, 2
a, b = b, a
print(a, b)
x, (y, z) = 1, (2, 3)
print(x, y, z, tuple([1, 2]), tuple(range(4)), tuple("ab"))
r = range(2, 20, 3)
print(
    r, len(r), r[0], r[-1], r[1:3], list(r), 5 in r, 6 in r, list(reversed(r)), range(5), range(0)
)
print(list(range(10, 0, -3)), len(range(0, -10, -2)), range(3) == range(0, 3), list(range(5)[::-1]))
pts = [(3, 1), (1, 2), (2, 2), (1, 1)]
for px, py in sorted(pts):
    print(px, py, px * py)
print(min(pts), max(pts, key=lambda p: p[1] - p[0]), sorted(pts, key=lambda p: (p[1], -p[0])))
acc = ()
for i in range(30):
    acc = acc + (i,)
    if i % 10 == 9:
        print(len(acc), acc[-3:], sum(acc))
