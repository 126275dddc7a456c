# Chained comparisons and boolean operators in value and condition context.
inside = 0
edges = 0
for i in range(-50, 550):
    if 0 <= i < 500:
        inside += 1
    if i == 0 or i == 499 or not 0 < i < 1000:
        edges += 1
print("inside:", inside, "edges:", edges)

mix = 0
for i in range(600):
    v = i % 7 and i % 5
    w = i % 3 or i % 11
    z = 1 < i % 10 <= 5 != i % 4
    mix += v + w
    if z:
        mix += 1000
print("mix:", mix)
print(1 < 2 < 3, 3 < 2 < 1, 0 and 5, "" or "fallback", None or 0)
