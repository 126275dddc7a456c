# print's sep/end, formatting corners, mixed int/float/bool ordering, non-ASCII text, iterators.
# ruff: noqa: UP030, UP031, UP032  (the old formatting styles are what is tested)
print("a", "b", sep="-", end="!\n")
print("x", 1, None, sep=None, end=None)
print()
print(*[1, 2, 3], sep=", ")
print("{:>{w}}|{:.{p}f}".format("r", 3.14159, w=6, p=2), "{0!s:^7}|".format([1]))
print(
    "{:,}".format(10**15),
    "{:e}".format(0.0),
    "{:.0e}".format(12345),
    "{:g}".format(1e-5),
    "{:G}".format(1e100),
)
print(f"{'nested':{'>'}{10}}", f"{3:{'0'}{5}}", f"{-0.0}", f"{0.1 + 0.2:.17f}")
print(
    round(0.5),
    round(1.5),
    round(-1.5),
    round(2.5, 1),
    round(0.05, 1),
    round(1e300, -300),
    round(123.456, -1),
    round(5.5, -1),
    round(-15, -1),
)
print(divmod(-7.5, 2), -7.5 % 2, 7.5 // -2, 1e308 * 10, -1e308 * 10, 2**0.5, 10**-2, (-8) ** 2)
print(float("infinity"), float("-NaN"), float("1_000.5"), int(-0.9), int(1e18), 3 / 4 * 2)
print(
    sorted([3.5, 1, True, 2.25, -1]),
    max(1, 1.0),
    min(1.0, 1),
    1 in [1.0],
    1.0 in {1},
    {1: "a"}[1.0],
)
print(str(1e-7), str(-1e-7), repr(1e-4), 1e16 - 1, 2**53 + 1.0, 0.1 * 3, 1 - 0.9)
print([1, 2, 3] == (1, 2, 3), [] != (), (1, 2) < (1, 2, 3), "a" < "b" < "c", 1 < 2.5 < 3)
x = [1, [2, 3]]
y = x.copy()
y[1].append(4)
print(x, y, x == y, x is y)
print(bool(range(0)), bool(range(1)), len(range(-5)), list(range(5, 0)), list(range(0, 10, 3)))
print("%-8s|%8.3s|%+.2e|%#x|%#X|%o" % ("left", "truncate", 12345.6789, 255, 255, 8))
print("%(x)d%%" % {"x": 50}, "%5.1f%%" % 99.44, "%c" % 9731, "%r" % (1.5,), "%s" % (None,))
print(ascii("ü€😀"), repr("😀\x1b"), "😀"[0], len("😀a"), "a😀b"[::-1])
print(
    list(enumerate(range(3), start=-1)),
    list(zip("ab", "cd", "ef", strict=True)),
    dict(enumerate("xy")),
)
it = iter(range(3))
print(next(it), list(it), next(it, "end"))
print(
    sum([0.1, 0.2, 0.3]),
    sum(range(5), 0.5),
    max("apple", "pear", key=len),
    min([[3], [1, 2]], key=len),
)
acc = []
for i in range(40):
    acc.append(f"{i / 8:.2f}" if i % 2 else "%3d" % i)
print(",".join(acc), sep="")
