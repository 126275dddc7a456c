# STORE_SUBSCR_LIST_INT and UNPACK_SEQUENCE_TUPLE/_LIST, hot: negative indices, an index out of
# range, sequences of the wrong length or type fall back to the generic instructions.
pairs = [(i, i * 2) for i in range(50)]
lists = [[i, -i, i * i] for i in range(50)]
t = 0
for k in range(40):
    for a, b in pairs:
        t += a - b
    for x, y, z in lists:
        t += x * y + z
    data = [0] * 20
    for i in range(100):
        data[i % 20] += i
        data[-1 - i % 20] -= 1
    t += sum(data)
print(t)
mixed = [(1, 2), [3, 4], (5, 6, 7), "ab", [8, 9]]
for k in range(30):
    for m in mixed:
        try:
            p, q = m
            t += p if isinstance(p, int) else len(p)
        except ValueError as e:
            last = str(e)
print(t, last)
try:
    lst = [1, 2, 3]
    for i in range(40):
        lst[i % 4] = i
except IndexError as e:
    print("IndexError", e)
d = {}
for i in range(40):
    d[i % 7] = i
print(d)
