# range, enumerate and int <-> str conversion beyond 64 bits: what CPython computes in big ints.
import sys

BIG = 10**20


def show(label, value):
    print(label, value)


# Bounds beyond the 63-bit tagged ints, and items that cross it.
show("list", list(range(BIG, BIG + 3)))
show("cross up", list(range(2**62 - 2, 2**62 + 2)))
show("cross down", list(range(-(2**62) + 1, -(2**62) - 3, -1)))
show("int64 edge", list(range(2**63 - 2, 2**63 + 2)))
show("reversed", list(reversed(range(BIG, BIG + 4, 3))))
show("reversed small", list(reversed(range(2**62 - 3, 2**62 - 1))))

r = range(-BIG, BIG, 3**30)
show("attrs", (r.start, r.stop, r.step))
show("index", (r[5], r[-1], r[0], r[-len(range(7))]))
show("contains", (BIG in r, -BIG in r, (-BIG + 3**30) in r, (BIG - 1) in r, 2.5 in r))
show("index()", r.index(-BIG + 3**30 * 4))
show("count", (r.count(-BIG), r.count(-BIG + 1), range(5).count(2.0)))
show("slice", (r[10:20:3], r[::-1][:2], r[-3:], range(BIG)[BIG // 2 :: BIG // 3]))
show("slice of huge", range(2**70)[2**69 : 2**69 + 2])
show("big index", range(BIG)[BIG // 2])
show("repr", repr(range(2**64, 2**65, 2**60)))
show("eq", (range(BIG) == range(0, BIG, 1), range(BIG, BIG) == range(0), range(BIG) != range(BIG + 1)))
show("hash", (hash(range(BIG)) == hash(range(0, BIG)), hash(range(3, 3)) == hash(range(0))))
show("bool", (bool(range(BIG, BIG)), bool(range(2**64))))
show("small range", (range(1, 10, 2).start, range(9).index(4), range(1, 20, 3).count(7)))
show("hash small", hash(range(1, 10, 2)) == hash(range(1, 11, 2)))
show("iter types", (type(iter(range(5))).__name__, type(iter(range(BIG, BIG + 1))).__name__))

try:
    len(range(2**64))
except OverflowError as e:
    print("len:", e)
try:
    range(2**64)[2**65]
except IndexError as e:
    print("index:", e)
try:
    r.index(BIG + 1)
except ValueError as e:
    print("index():", e)
try:
    range(5).index("a")
except ValueError as e:
    print("index() str:", e)
try:
    range(BIG, 0, 0)
except ValueError as e:
    print("step:", e)
try:
    range(1.5)
except TypeError as e:
    print("float:", e)
try:
    range(10)[::0]
except ValueError as e:
    print("slice step:", e)

# enumerate counting past 2**63 and from a big start.
for i, ch in enumerate("ab", start=2**64):
    print("enumerate", i, ch)
for i, ch in enumerate("xyz", start=2**63 - 2):
    print("enumerate edge", i, ch)
print(list(zip(range(2**64, 2**64 + 2), "xy")))

# Hot loops over big ranges: the traces must leave the big items to the generic iterator.
total = 0
for x in range(2**64, 2**64 + 3000):
    total += x & 0xFFFF
print("hot sum", total)
count = 0
for i in range(2**62 - 1500, 2**62 + 1500):
    if i >= 2**62:
        count += 1
print("hot cross", count)
acc = 0
for k, v in enumerate(range(2000), start=2**63 - 1000):
    acc = (acc + k - v) % 1000003
print("hot enumerate", acc)

# The int <-> str digit limit, as a program sets it.
print(sys.get_int_max_str_digits())
try:
    str(10**5000)
except ValueError as e:
    print(e)
sys.set_int_max_str_digits(6000)
print(len(str(10**5000)), sys.get_int_max_str_digits())
try:
    int("7" * 6001)
except ValueError as e:
    print(e)
sys.set_int_max_str_digits(0)
print(len(str(10**9000)), len(str(int("3" * 7000))))
for bad in (5, 639, -1):
    try:
        sys.set_int_max_str_digits(bad)
    except ValueError as e:
        print(bad, e)
sys.set_int_max_str_digits(maxdigits=640)
print(sys.get_int_max_str_digits())
