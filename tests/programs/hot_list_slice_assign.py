# Slice assignment in hot loops: an exact list with small-int or absent bounds, given the items
# of another exact list or tuple, takes them in place (qk_setslice's fast path); the list itself,
# other bounds, other values and subclasses take the general path. Slices made whole hold exactly
# their items, then grow by appends.


class Logged(list):
    def __setitem__(self, key, value):
        list.__setitem__(self, key, value)
        self.log = getattr(self, "log", 0) + 1


def next_permutation(seq):
    i = len(seq) - 2
    while i >= 0 and seq[i] >= seq[i + 1]:
        i -= 1
    if i < 0:
        return False
    j = len(seq) - 1
    while seq[j] <= seq[i]:
        j -= 1
    seq[i], seq[j] = seq[j], seq[i]
    seq[i + 1 :] = seq[i + 1 :][::-1]
    return True


seq = list(range(6))
count = 0
check = 0
while next_permutation(seq):
    count += 1
    check = (check * 31 + seq[0] * 6 + seq[-1]) % 1000003
print("permutations:", count, check, seq)

shapes = 0
for i in range(400):
    a = list(range(10))
    lo, hi = i % 15 - 4, i % 13 - 2
    value = (i, -i) * (i % 4) if i % 2 else [i] * (i % 5)
    a[lo:hi] = value
    a[:1] = ()
    a[len(a) :] = [None]
    a[-100:2] = a[3:5]
    shapes = (shapes * 7 + len(a) + sum(x for x in a if x is not None)) % 1000003
print("shapes:", shapes, a)

# The list itself, a bool or big bound, a generator, a str, a subclass: the general path.
for i in range(200):
    b = list(range(8))
    b[2:4] = b
    b[1:] = b
    b[True:] = "xy"
    b[: 2**70] = (x * 2 for x in range(3))
    b[-(2**70) : 1] = [9]
print("general:", b, len(b))

logged = Logged(range(5))
for i in range(150):
    logged[1:3] = [i, i + 1]
print("subclass:", logged, logged.log)

# Big lists go past the small arrays' sizes; a slice made whole then grows by appends.
big = list(range(300))
for i in range(60):
    big[i : i + 100] = big[200:300][::-1]
    part = big[i:]
    for k in range(20):
        part.append(k)
    big[:5] = part[-5:]
print("big:", len(big), sum(big), big[:8], len(part))

errors = []
for i in range(120):
    c = list(range(4))
    try:
        if i % 3 == 0:
            c[1:2] = 5
        elif i % 3 == 1:
            c[::2] = [1, 2, 3]
        else:
            c[1.5:] = [1]
    except (TypeError, ValueError) as e:
        errors.append(type(e).__name__ + ": " + str(e))
print("errors:", len(errors), sorted(set(errors)))
print("extended:", [c.__setitem__(slice(None, None, 2), "ab"), c][1])
