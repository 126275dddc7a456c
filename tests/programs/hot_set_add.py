# set.add in hot loops, which a trace calls straight (_CALL_SET_ADD_KNOWN) when its receiver is
# an exact set: a subclass, an unhashable item, the unbound form and growth past the small table
# still behave as in CPython.


class Tagged(set):
    pass


class Logged(set):
    def add(self, item):
        set.add(self, ("logged", item))


def collect(receiver, n):
    for i in range(n):
        receiver.add(i % 37)
        receiver.add((i % 5, "x"))
    return len(receiver)


print("exact:", collect(set(), 500))
print("subclass:", collect(Tagged(), 500), type(Tagged()).__name__)
print("override:", collect(Logged(), 500))

seen = set()
errors = 0
for i in range(400):
    item = [i] if i % 50 == 7 else i * 3 % 101
    try:
        seen.add(item)
    except TypeError as e:
        errors += 1
        message = str(e)
print("unhashable:", len(seen), errors, message)

plain = set()
for i in range(300):
    set.add(plain, i % 11)
print("unbound:", sorted(plain))

sizes = []
for n in range(1, 60):
    s = set()
    for k in range(n):
        s.add(k * 7919 % 1000)
    sizes.append(len(s))
print("growth:", sum(sizes), sorted(set(range(20)) - s)[:5])
