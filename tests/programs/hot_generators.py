# Generators a for loop resumes in place, hot enough for traces: the trace enters the generator's
# frame, follows its loop to the yield and goes on in the loop. Everything that can change under
# such a trace: where the generator stopped, its end, exceptions, and next() from C in between.


def count(n):
    i = 0
    while i < n:
        yield i * 2
        i += 1
    return "done"


def two_yields(n):
    for i in range(n):
        yield i
        if i % 7 == 3:
            continue
        yield -i


def tree(depth):
    if depth == 0:
        yield 1
        return
    for leaf in tree(depth - 1):
        yield leaf
    for leaf in tree(depth - 1):
        yield leaf + depth


def fails_at(n, bad):
    for i in range(n):
        if i == bad:
            raise ValueError("bad item %d" % i)
        yield i


def stops_itself(n):
    for i in range(n):
        yield i
    raise StopIteration


total = 0
for round_ in range(40):
    for v in count(50):
        total += v
print("count", total)

total = 0
for round_ in range(30):
    for v in two_yields(40):
        total += v
print("two_yields", total)

print("tree", sum(x for x in tree(9)), len(list(tree(6))))

caught = 0
for bad in range(40, 80):
    try:
        s = 0
        for v in fails_at(100, bad):
            s += v
    except ValueError as e:
        caught += 1
        last = (str(e), s)
print("caught", caught, last)

# Left suspended by break, then resumed from C (next) and inline again.
g = count(1000)
seen = []
for round_ in range(30):
    for v in g:
        if v % 40 == 38:
            break
    seen.append(next(g))
print("resumed", seen[:5], seen[-1])
print("rest", sum(g), list(g))

# A finished generator iterated again: the loop ends at once.
g = count(3)
print(list(g), list(g), [v for v in g])

# The generator's return value ends the loop quietly.
total = 0
for round_ in range(50):
    for v in count(round_):
        total += v
print("varying", total)

try:
    for v in stops_itself(30):
        pass
except RuntimeError as e:
    print("RuntimeError", e)
