# List slices in hot loops: an exact list with small-int or absent bounds is sliced without a
# slice object (qk_getslice); every other bound and container takes the general path.


class Items(list):
    def __getitem__(self, key):
        return ("Items", key) if isinstance(key, slice) else list.__getitem__(self, key)


data = list(range(20))
total = 0
shapes = {}
for i in range(600):
    lo, hi = i % 25 - 12, i % 23 - 3
    for part in (data[lo:hi], data[lo:], data[:hi], data[:], data[hi:lo], data[-100:100]):
        total += sum(part) + len(part)
    key = (len(data[lo:hi]), len(data[hi:]))
    shapes[key] = shapes.get(key, 0) + 1
print("total:", total, len(shapes), sorted(shapes.items())[:5])

odd = 0
for i in range(300):
    big = 2**70 if i % 2 else -(2**70)
    odd += len(data[big:]) + len(data[:big]) + len(data[True:]) + len(data[: i % 3 == 0])
    odd += len(data[::2][i % 5 :]) + len(data[i % 7 :: 3])
print("odd bounds:", odd)

sub = Items(range(10))
print("subclass:", sub[2:5], type(data[2:5]).__name__, type(list(sub)[2:5]).__name__)
print("tuple, str:", tuple(data)[3:6], "abcdefgh"[2:-2], (1, 2, 3)[:])

errors = 0
for i in range(200):
    try:
        data[1.5:]
    except TypeError as e:
        errors += 1
        message = str(e)
print("errors:", errors, message)

# The slice is a copy: changing it, or the list after, changes neither.
grid = [[0] * 4 for _ in range(4)]
for i in range(300):
    row = grid[i % 4][:]
    row[i % 4] += 1
    grid[i % 4] = row
    head = grid[:2]
    head.append(None)
print("grid:", grid, len(grid))
