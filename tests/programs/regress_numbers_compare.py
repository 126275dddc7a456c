# Comparisons between ints and floats compare exact values (2**53 + 1 is not 2.0**53, though it
# converts to it); nan compares unequal to everything; hashes of equal ints and floats agree;
# float(int) rounds half even; int(float) truncates, and inf and nan have CPython's messages.
import math

inf = float("inf")
nan = float("nan")
ints = [0, 1, -1, 2147483647, 2147483649, 9007199254740991, 9007199254740992, 9007199254740993,
        -9007199254740993, 9007199254740995, 4611686018427387903, 4611686018427387902,
        -4611686018427387904, -4611686018427387903, 4611686018427387392, 4611686018427387391,
        True, False]
floats = [0.0, -0.0, 1.0, -1.0, 0.5, 2147483649.0, 9007199254740992.0, 9007199254740994.0,
          -9007199254740992.0, 4.611686018427388e18, -4.611686018427388e18,
          4.6116860184273874e18, 9.223372036854776e18, -9.223372036854776e18, 1e308, 5e-324,
          inf, -inf, nan]

for a in ints + floats:
    for b in ints + floats:
        print(a, b, a < b, a <= b, a == b, a != b, a > b, a >= b)

print(2 ** 53 + 1 == 2.0 ** 53, 4611686018427387903 < 4.611686018427388e18,
      -4611686018427387904 == -4.611686018427388e18)
print(9007199254740993 in {9007199254740992.0}, 1.0 in {1}, {0.0: 1}[0], {2 ** 53: "i"}[2.0 ** 53])

for x in ints:
    f = float(x)
    exact = hash(x) == hash(f) if f == x else "inexact"
    print(x, f, exact, hash(x), int(f) if -4e18 < f < 4e18 else 0)
for x in floats:
    if x == x:
        print(x, hash(x))
for x in [0.5, -0.5, 0.9999999999999999, -1.5, 1e16, -1e18, 4.6e18, -4.6e18, True, 3]:
    print(x, int(x), math.floor(x), math.ceil(x), math.trunc(x), round(x))
for x in [inf, -inf, nan]:
    for f in (int, math.floor, math.ceil, math.trunc, round):
        try:
            print(f(x))
        except (OverflowError, ValueError) as e:
            print(type(e).__name__, e)

# In a loop: the specialized comparisons, mixed operands going the generic way.
count = 0
for i in range(2000):
    a = 9007199254740990 + i % 7
    b = a * 1.0
    if a == b:
        count += 1
    if a < b or i * 0.5 >= i // 2:
        count += 3
    if nan < i or nan == i or i > nan:
        count += 100
print(count)
