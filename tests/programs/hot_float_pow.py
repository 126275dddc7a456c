# ** in hot loops: a float, or a float and an int, with a positive finite base and a finite
# exponent is C's pow called straight (BINARY_OP_POW_FLOAT); every other case (zero and negative
# bases, infinities, nans, overflow, big ints, two ints, a class's __pow__ and __rpow__) is the
# generic operator's, whether it comes first or after the specialization.


class Meters:
    def __init__(self, v):
        self.v = v

    def __pow__(self, k):
        return Meters(self.v**k)

    def __rpow__(self, base):
        return ("rpow", base, self.v)

    def __repr__(self):
        return f"Meters({self.v!r})"


total = 0.0
for i in range(1, 3000):
    x = i * 0.37
    total += x**0.5 + (x + 1.0) ** 2 + 2 ** (x / 1000.0) + x**-1.5
    y = x
    y **= 0.25
    total += y
print("plain:", total)

seen = []
bases = [4.0, -8.0, 0.0, -0.0, float("inf"), float("-inf"), float("nan"), 2.5, 1.0, 3]
exponents = [0.5, 2, -1, 3.0, 0.0, float("inf"), -2.5, 1.0 / 3.0, 400, True]
for i in range(1200):
    b = bases[i % len(bases)]
    e = exponents[(i // len(bases)) % len(exponents)]
    try:
        r = b**e
    except (ZeroDivisionError, OverflowError, ValueError) as err:
        r = type(err).__name__ + ": " + str(err)
    if i < 100:
        seen.append(repr(r))
print("cases:", len(seen), seen)

errors = []
for i in range(400):
    base = 1e200 if i % 2 else 10.0
    try:
        r = base ** (2.0 + i % 3)
        r = r**1.5
    except OverflowError as err:
        errors.append(str(err))
print("overflow:", len(errors), sorted(set(errors)), r)

small = 0.0
for i in range(300):
    small += (1e-200 * (i + 1)) ** 2.0 + 0.5 ** (1000 + i)
print("underflow:", small)

mixed = []
for i in range(500):
    n = 2**53 + i if i % 5 == 0 else i + 1
    m = n**0.5
    k = (i + 2) ** 3
    mixed.append((type(m).__name__, type(k).__name__))
print("mixed:", sorted(set(mixed)), m, k, (2**60 + 1) ** 0.5, True**0.5)

objects = None
for i in range(300):
    objects = (Meters(i + 0.5) ** 2, 2.0 ** Meters(i), Meters(3.0) ** 0.5)
print("objects:", objects)
