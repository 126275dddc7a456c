# COPY and SWAP under the trace optimizer: the copies keep what is known about a value (an
# augmented subscript assignment copies the container and its int index, which then needs no
# guard), a copied float box is shared and must not be reused in place, and swapped values keep
# their own facts.


def drift(bodies, steps, dt):
    for _ in range(steps):
        for b in bodies:
            b[3] -= b[0] * dt
            b[4] += b[1] * dt
    return round(sum(b[3] + b[4] for b in bodies), 6)


def shared(n):
    total = 0.0
    for i in range(n):
        x = y = i * 0.5
        x += 1.0
        total += x - y
    return total


def swaps(n):
    a, b = 1, 2.5
    acc = 0.0
    for i in range(n):
        a, b = b, a
        acc += a * 2
        if i == n // 2:
            b = "text"
            try:
                acc += b * 2
            except TypeError as e:
                print("TypeError", e)
            b = 3
    return acc


def rotate(n):
    p, q, r = 1, 2, 3
    for _ in range(n):
        p, q, r = q, r, p
    return p, q, r


bodies = [[1.0, 2.0, 3.0, 4.0, 5.0], [0.5, 0.25, 0.125, 1.0, 2.0]]
print(drift(bodies, 2000, 0.01))
print(shared(3000))
print(swaps(3001))
print(rotate(3001))
counts = {"a": 0, "b": 0}
for i in range(3000):
    key = "ab"[i % 2]
    counts[key] += i
print(counts)
