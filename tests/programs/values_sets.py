# Sets: iteration order (as CPython's table), operators, methods.
s = {3, 1, 2, 10, 100, 33}
print(s, len(s), 3 in s, 4 in s, set(), {1})
s.add(4)
s.add(3)
s.discard(100)
s.remove(10)
print(s, sorted(s))
a = {1, 2, 3, 4, 5}
b = {4, 5, 6, 7}
print(
    a | b,
    a & b,
    a - b,
    b - a,
    a ^ b,
    a <= b,
    {1, 2} <= a,
    a >= {1},
    {1, 2} < {1, 2},
    a == {5, 4, 3, 2, 1},
)
print(a.union([9, 8]), a.intersection(range(3)), a.difference({1}), a.symmetric_difference([1, 99]))
print(
    a.issubset(range(10)),
    a.issuperset([1, 2]),
    sorted(set("hello")),
    set([3, 3, 2]),
    set(range(20)),
)
c = set()
for i in range(60):
    c.add(i * 13 % 31)
    if i % 5 == 0:
        c.discard(i)
print(c, len(c))
p = {5, 6, 7}
popped = []
while p:
    popped.append(p.pop())
print(popped, p)
print({(1, 2), (1, 2), (2, 1)} == {(2, 1), (1, 2)}, set([1.0, 1, True]), {-1, -2, 0}, {2**40, 17})
u = {1, 2}
u.update([2, 3], {4})
print(u, u.copy(), {x % 3 for x in range(10)})
u.clear()
print(u)

# Storage: a set grows off its small table, goes back to it on clear() (so what is added next
# iterates in the small table's order), and rehashes away the dummies of many discards.
big = set(range(100))
big.clear()
big.update([9, 17, 1, 25])
print(big)
churn = set()
for round_ in range(40):
    for i in range(30):
        churn.add(i * 8 + round_)
    for i in range(30):
        churn.discard(i * 8 + round_)
    churn.add(round_ * 8)
print(sorted(churn)[:5], len(churn), churn == {r * 8 for r in range(40)})
# Keys of equal hash that are not identical: 1, 1.0 and True are one key; -1 and -2 share a hash.
mixed = set()
for key in [1.0, -1, -2, 2**61 - 1, 0, 1, True, 1.0, -1, -2, 0, 0.0, False, 2**61 - 1, 2**61 - 2]:
    mixed.add(key)
print(mixed, len(mixed), -2 in mixed, -3 in mixed)
