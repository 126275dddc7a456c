# range() in hot loops, where a trace knows the callable is the builtin range: one, two and three
# small int bounds, empty and negative ranges, then bounds that are not small ints (a big int, a
# bool, a float and a zero step, which raise), and range rebound to something else while the loop
# is hot. A for loop over such a call makes the iterator at once (_CALL_RANGE_ITER): its bounds
# turn bad too, with the raise inside the loop's try.


def sums(n):
    total = 0
    for i in range(n):
        for j in range(i % 4):
            total += j
        for j in range(i % 5, i % 7):
            total += j * 2
        for j in range(i % 9, -3, -2):
            total -= j
    return total


def odd_bounds(n):
    total = 0
    big = 2**64
    for i in range(n):
        stop = 3 if i < n - 4 else [True, False, 2, -1][i - (n - 4)]
        start = i % 3 if i < n - 2 else big
        for j in range(stop):
            total += j % 5
        for j in range(start, start + 3):
            total += j % 7
    return total


def failures(n):
    seen = []
    for i in range(n):
        bad = 2 if i < n - 2 else (2.5 if i == n - 2 else 0)
        try:
            seen.append(len(range(0, 6, bad)))
        except (TypeError, ValueError) as e:
            seen.append(type(e).__name__)
    return seen[-3:]


def loop_failures(n):
    seen = []
    for i in range(n):
        step = -2 if i < n - 3 else [2.5, 0, 2**70][i - (n - 3)]
        try:
            for j in range(6, i % 4, step):
                seen.append(j)
        except (TypeError, ValueError) as e:
            seen.append(type(e).__name__)
    return len(seen), seen[-6:]


def rebound(n):
    global range
    total = 0
    for i in range(n):
        if i == n - 3:
            range = lambda *args: [len(args)] * 2
        for j in range(i % 4):
            total += j
    del range
    return total


print(sums(3000))
print(odd_bounds(3000))
print(failures(3000))
print(loop_failures(3000))
print(rebound(3000))
print(list(range(2**64, 2**64 + 2)), range(5)[-1])
