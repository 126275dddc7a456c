# zip(..., strict=True): equal lengths pass; an argument shorter or longer than the ones before it
# raises CPython's ValueError, naming it ("argument 3 is shorter than arguments 1-2"), after
# stepping exactly the iterators CPython steps; an iterator that raises while the lengths are
# checked; strict given as any true or false value; zip in a hot loop, strict or not.


def attempt(*iterables, strict):
    try:
        return list(zip(*iterables, strict=strict))
    except ValueError as e:
        return f"ValueError: {e}"


def boom():
    yield 1
    raise KeyError("inner")


print(attempt([1, 2], "ab", strict=True))
print(attempt([1, 2], "a", strict=True))
print(attempt([1, 2], "ab", (5,), strict=True))
print(attempt([1], "ab", strict=True))
print(attempt([1], "a", (4, 5), strict=True))
print(attempt([1], "a", (4, 5), strict=False))
print(attempt([1], "ab", strict=0), attempt([1], "ab", strict=[]), attempt([1], "ab", strict="y"))
print(attempt(strict=True), attempt([], strict=True), attempt([], [], [], strict=True))

left, right = iter([1, 2, 3]), iter("ab")
print(attempt(left, right, strict=True), list(left), list(right))
left, right = iter([1]), iter("abc")
print(attempt(left, right, strict=True), list(left), list(right))
try:
    list(zip([7], boom(), strict=True))
except KeyError as e:
    print("KeyError", e)
try:
    list(zip([7, 8], boom(), strict=True))
except KeyError as e:
    print("KeyError", e)


def pairs(n, strict):
    total = 0
    for a, b in zip(range(n), range(0, 2 * n, 2), strict=strict):
        total += a * b
    return total


print(pairs(3000, True), pairs(3000, False))
try:
    print(sum(a - b for a, b in zip(range(3000), range(2999), strict=True)))
except ValueError as e:
    print("ValueError:", e)
