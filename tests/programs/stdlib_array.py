# array: every typecode's items, ranges and CPython's overflow and type errors, float32 rounding,
# indexing, slicing and slice assignment, the methods, bytes round trips, operators, comparisons
# and reprs; hot loops (a sieve over array('b'), sums, appends, slice copies) run in traces.
import array as array_module
from array import array

print(array_module.typecodes, array_module.ArrayType is array, array.__name__, array)
VALUES = [-129, 128, 256, -1, 2**15, -(2**15) - 1, 2**16, 2**31, -(2**31) - 1, 2**32, 2**63,
          -(2**63) - 1, 2**64 - 1, 2**64, -(2**70), 1.5, "1", None, True, 2**1000]
for tc in array_module.typecodes:
    a = array(tc)
    print(tc, a, a.typecode, a.itemsize, len(a))
    for v in VALUES:
        try:
            a = array(tc, [v])
            print(" ", repr(v)[:12], a, a[0], a.tobytes())
        except (OverflowError, TypeError) as e:
            print(" ", repr(v)[:12], type(e).__name__, e)


def attempt(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


attempt("bad code", lambda: array("x"))
attempt("long code", lambda: array("bb"))
attempt("int code", lambda: array(3))
attempt("no args", lambda: array())
attempt("3 args", lambda: array("b", [1], 3))
attempt("keyword", lambda: array("b", initializer=[1]))
attempt("str init", lambda: array("b", "abc"))
attempt("u ints", lambda: array("u", [1]))
attempt("u str", lambda: array("u", "h\u00e9!"))
attempt("int init", lambda: array("b", 5))
attempt("bytes init", lambda: array("b", b"\x01\xff"))
attempt("bytes odd", lambda: array("h", b"\x01\xff\x02"))
attempt("array init", lambda: array("b", array("h", [1, 2])))
attempt("iter init", lambda: array("l", iter(range(4))))
attempt("bytes d", lambda: array("d", b"\x00" * 8 + b"\x00\x00\x00\x00\x00\x00\xf0?"))
attempt("f32", lambda: array("f", [0.1, 1e40, -1e300, float("nan"), 1e-46, 1.5e-45]))
attempt("f32 edge", lambda: array("f", [3.4028235677973366e38, 3.4028235e38 * 1.00000001]))
attempt("f32 bytes", lambda: array("f", [0.1, -2.5]).tobytes())
attempt("float ints", lambda: array("d", [True, 2**60, 3]))
attempt("float big", lambda: array("d", [2**2000]))
attempt("float str", lambda: array("f", ["1"]))

# ---- indexing, slicing, slice assignment ----
a = array("i", range(10))
print(a[0], a[-1], a[2:5], a[::3], a[::-2], a[7:2], a[-3:], len(a), 4 in a, 42 in a, "x" in a)
for key in [10, -11, "k", 1.0]:
    attempt(f"get {key!r}", lambda: a[key])
a[0] = -5
a[-1] = 99
a[1:3] = array("i", [7, 7, 7])
print(a)
a[::2] = array("i", [0] * 6)
print(a)
del a[::3]
print(a)
del a[1]
del a[::-2]
print(a)
a[0:0] = a
print(a)
a[:] = array("i")
print(a, len(a))


def assign(target, key, value):
    target[key] = value


b = array("b", range(6))
attempt("slice list", lambda: assign(b, slice(0, 1), [1]))
attempt("slice kind", lambda: assign(b, slice(0, 2), array("h", [1])))
attempt("ext size", lambda: assign(b, slice(None, None, 2), array("b", [1])))
attempt("set range", lambda: assign(b, 0, 128))
attempt("set float", lambda: assign(b, 0, 1.5))
attempt("set index", lambda: assign(b, 6, 1))
attempt("del index", lambda: b.__delitem__(6))

# ---- methods ----
c = array("h", [3, 1, 4, 1, 5])
c.append(9)
c.extend([2, 6])
c.extend(array("h", [5, 3]))
c.insert(0, 8)
c.insert(-100, 7)
c.insert(100, 0)
print(c, c.pop(), c.pop(0), c.pop(-2), c.index(1), c.index(1, 3), c.index(3, -2), c.count(1))
c.remove(1)
c.reverse()
print(c, c.tolist(), c.tobytes())
c.byteswap()
print(c)
c.byteswap()
c.frombytes(b"\x01\x00\xff\xff")
c.frombytes(bytearray(b"\x02\x00"))
c.fromlist([10, 11])
print(c)
attempt("fromlist atomic", lambda: c.fromlist([12, 2**20]))
print(c)
attempt("fromlist tuple", lambda: c.fromlist((1,)))
attempt("frombytes str", lambda: c.frombytes("ab"))
attempt("frombytes odd", lambda: c.frombytes(b"abc"))
attempt("extend kind", lambda: c.extend(array("b")))
attempt("extend int", lambda: c.extend(3))
attempt("extend bad item", lambda: c.extend([1, "x"]))
print(c)
attempt("pop empty", lambda: array("h").pop())
attempt("pop range", lambda: array("h", [1]).pop(5))
attempt("pop str", lambda: array("h", [1]).pop("a"))
attempt("remove", lambda: array("h", [1]).remove(3))
attempt("index", lambda: array("h", [1, 2, 3]).index(3, 0, 2))
attempt("append", lambda: array("B").append(-1))
u = array("u", "ab")
u.extend("cd")
u.append("\u00e9")
u.fromunicode("xy")
print(u, u[0], u.tounicode(), u.tobytes()[:8], len(u))
attempt("u item", lambda: u.append("no"))
attempt("tounicode", lambda: array("b").tounicode())
q = array("Q", [2**64 - 1, 0])
q.byteswap()
print(q, array("L", [2**63]) + array("L", [1]), array("q", [2**63 - 1, -(2**63)]))

# ---- operators and comparisons ----
x = array("b", [1, 2])
print(x + array("b", [3]), x * 3, 2 * x, x * 0, x * -1, x == array("b", [1, 2]), x != x)
print(x == array("d", [1.0, 2.0]), x < array("d", [1, 2.5]), x <= array("b", [1, 2, 0]), x > x)
print(x == [1, 2], array("f", [float("nan")]) == array("f", [float("nan")]))
y = x
x += array("b", [3])
x *= 2
print(x is y, y)
attempt("add kind", lambda: array("h") + array("b"))
attempt("add list", lambda: array("h") + [1])
attempt("add to list", lambda: [1] + array("h"))
attempt("mul str", lambda: array("h") * "a")
attempt("mul float", lambda: array("h") * 2.0)
attempt("str mul", lambda: "a" * array("h"))
attempt("lt list", lambda: array("h") < [1])
attempt("hash", lambda: hash(array("h")))


def assign_iadd(target):
    target += [1]


attempt("iadd list", lambda: assign_iadd(array("h")))
print(str(array("d", [0.5, -0.0])), repr(array("u")), list(reversed(array("b", [1, 2, 3]))))
print(sorted(array("i", [3, 1, 2])), sum(array("d", [0.5] * 10)), max(array("H", [4, 65535, 9])))

# ---- hot loops ----
N = 20000
sieve = array("b", [1]) * (N + 1)
sieve[0] = sieve[1] = 0
i = 2
while i * i <= N:
    if sieve[i]:
        for j in range(i * i, N + 1, i):
            sieve[j] = 0
    i += 1
primes = [k for k in range(N + 1) if sieve[k]]
print(len(primes), primes[-3:], sieve.count(1), sum(sieve))

floats = array("f")
doubles = array("d")
for k in range(3000):
    floats.append(k * 0.1)
    doubles.append(k * 0.1)
drift = 0.0
for k in range(len(floats)):
    drift += doubles[k] - floats[k]
print(round(drift, 6), floats[2999], doubles[2999], floats[1] == 0.1, floats[1])

counts = array("L", [0] * 16)
for k in range(5000):
    counts[k * 7 % 16] += k
print(counts, sum(counts))

window = array("h", range(100))
total = 0
for k in range(1500):
    part = window[k % 50 : k % 50 + 10]
    total += part[0] + part[-1] + len(part)
    window[k % 100] = (window[k % 100] * 3 + k) % 30000
print(total, window[:5], window.index(window[7]))

acc = 0
data = array("B", range(256))
for k in range(40):
    for v in data:
        acc += v
print(acc)
