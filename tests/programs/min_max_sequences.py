# min() and max() read a tuple or list in place (a list again after each key call, which may
# change it), compare ints inline, and keep CPython's errors and empty-sequence default.
print(min((3, -5, 7)), max([3, -5, 7]), min([2**40, -2**40]), max("abc"), min([], default=9))
l = [5, 1, 9, 3]
def k(x):
    if len(l) > 2:
        l.pop()
    return -x
print(max(l, key=k), l)
try:
    min(())
except ValueError as e:
    print(e)
try:
    max([1, "a"])
except TypeError as e:
    print(e)
try:
    max([1, 2], key=lambda x: 1 / 0)
except ZeroDivisionError as e:
    print("zde", e)
print(min(3, 1, 2), max((1.5, 2), key=lambda v: -v), min(x * x for x in range(-3, 3)))
total = 0
for i in range(300):
    row = (i % 7, -i, i * 3 % 11)
    total += min(row) + max(list(row)) + max(row, key=lambda v: v % 5) + min(i, 150)
print(total)
