# Calls a trace runs without pushing a frame (elided: the callee works on the caller's stack),
# left from inside the callee: each exit or error there builds the frame the call would have
# pushed, with the callee's stack as it was, and tier 1 or a side trace goes on in it. Arguments
# change type (a guard in the callee fails), ints overflow, attributes go, doubles are live on the
# callee's stack at the exit, an exit gets hot enough for its own side trace, the callee raises
# after an exit and inside the trace, callees allocate, and calls made from a generator's frame
# stay ordinary calls.


def add3(a, b, c):
    return a + b + c


def sign(a):
    if a > 0:
        return a + 1
    t = a * 2
    return t - 1


def inside(x, y, z):
    return x * x + y * z > 2.5


class Account:
    def __init__(self, balance):
        self.balance = balance

    def get(self):
        return self.balance

    def scaled(self, k, extra):
        return self.balance * k + extra


def changing_types(n):
    # The caller cannot know the arguments' types (list items): the guards are in the callee.
    vals = list(range(n))
    vals[n - 5] = 0.5
    vals[n - 3] = 2**62
    vals[n - 2] = 2**61
    s = 0
    out = []
    for i in range(n):
        r = add3(s, vals[i], vals[i])
        if not isinstance(r, int) or r > 2**40:
            out.append(r)
            r = 1
        s = r % 1000003
    return s, out


def strings(n):
    vals = list(range(n))
    vals[n - 2] = "a"
    vals[n - 1] = "b"
    out = []
    for i in range(n):
        v = vals[i]
        out.append(add3(v, v, v))
    return out[-3:]


def branches(n):
    vals = [i if i % 7 or i < n - 20 else -i for i in range(n)]
    total = 0
    for i in range(n):
        total += sign(vals[i])
    return total


def doubles(n):
    xs = [0.5 + i * 0.01 for i in range(n)]
    zs = [x if i < n - 4 else i for i, x in enumerate(xs)]
    hits = 0
    for i in range(n):
        # At the end z is an int: the guard on it fails with x * x a double on the stack.
        if inside(xs[i], 1.5, zs[i]):
            hits += 1
    return hits


def alternating(n):
    # Every 20th call exits inside the callee (a bool is no int to its guard): the exit gets
    # hot and a side trace of its own, which its stub jumps to once it has built the frame.
    vals = [True if i % 20 == 0 else i for i in range(n)]
    s = 0
    for i in range(n):
        s = (s + add3(i, vals[i], 2)) % 1000003
    return s


def methods(n):
    a = Account(5)
    s = 0
    for i in range(n):
        s = (s + a.get() + a.scaled(3, i)) % 1000003
        if i == n - 10:
            a.balance = 1.5
        if i == n - 5:
            a.balance = 7
    return s


def attribute_goes(n):
    a = Account(3)
    seen = []
    for i in range(n):
        if i == n - 2:
            del a.balance
        try:
            seen.append(a.get())
        except AttributeError as e:
            seen.append(str(e))
    return seen[-3:]


def raises_after_exit(n):
    vals = [2] * n
    vals[n - 1] = None
    s = 0
    for i in range(n):
        try:
            s += add3(i, 1, vals[i])
        except TypeError as e:
            print("TypeError:", e)
    return s


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def mag2(self):
        return self.x * self.x + self.y * self.y


def tag(a, b):
    return a + "-" + b


def ratio(a, b):
    return a / b


def allocating(n):
    # The callees make floats and strs (a collection may run inside them: under
    # QUACK_GC_STRESS=1 one runs at every allocation) and raise inside the trace.
    pts = [Point(i * 0.5, 1.5) for i in range(n)]
    pts[n - 3] = Point(2, 3)
    total = 0.0
    names = []
    caught = 0
    for i in range(n):
        total += pts[i].mag2()
        names.append(tag("p", "q" if i % 3 else "r"))
        try:
            total += ratio(float(i), float(n - 10 - i))
        except ZeroDivisionError as e:
            caught += 1
            print("ZeroDivisionError:", e)
    return total, len(names), names[-3:], caught


class Scaled:
    def __init__(self, v, k):
        self.v = v * k + 1
        self.k = k


def inits(n):
    # __init__ frames elided too: the instance takes the slot beside the class. Exits inside
    # them (a float, then a str that cannot be scaled) build the frame, which returns the
    # instance as the call would have.
    vals = list(range(n))
    vals[n - 4] = 2.5
    vals[n - 2] = "s"
    total = 0
    out = []
    for i in range(n):
        try:
            obj = Scaled(vals[i], 3)
        except TypeError as e:
            out.append(str(e))
            continue
        if isinstance(obj.v, int):
            total = (total + obj.v) % 1000003
        else:
            out.append(obj.v)
    return total, out


def generator(n):
    s = 0
    for i in range(n):
        s = add3(s, i, 1) % 1000003
        if i % 100 == 99:
            yield s


def deep(depth):
    s = 0
    for i in range(50):
        s = add3(s, i, depth)
    return s + (deep(depth + 1) if depth < 60 else 0)


N = 3000
print(changing_types(N))
print(strings(N))
print(branches(N))
print(doubles(N))
print(alternating(N))
print(methods(N))
print(attribute_goes(N))
print(raises_after_exit(N))
print(allocating(N))
print(inits(N))
print(sum(generator(N)))
print(deep(0))
