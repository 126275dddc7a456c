# Uncaught ValueError from unpacking too many values.
pairs = [(1, 2), (3, 4), (5, 6, 7)]
total = 0
for i in range(20):
    a, b = pairs[i % 2]
    total += a * b
print(total)
for p in pairs:
    x, y = p
    print(x, y)
