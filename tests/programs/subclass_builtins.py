# Classes derived from list, dict and set: the base's behaviour inherited, dunders overriding
# it, calls up through super() and the base class, in hot loops the JIT traces.


class Stack(list):
    def __init__(self, items=(), name="stack"):
        super().__init__(items)
        self.name = name

    def push(self, x):
        self.append(x)

    def peek(self):
        return self[-1]


class Squares(list):
    def __getitem__(self, i):
        return list.__getitem__(self, i) ** 2

    def __len__(self):
        return list.__len__(self) + 100

    def __iter__(self):
        return iter(reversed(list(list.__iter__(self))))


class Letters(tuple):
    def __iter__(self):
        return iter(("z",) * len(self))


class Recording(dict):
    def __init__(self, *args, **kwargs):
        dict.__init__(self, *args, **kwargs)
        self.writes = 0

    def __setitem__(self, key, value):
        self.writes += 1
        super().__setitem__(key, value * 10)

    def __missing__(self, key):
        return -1


class Tally(dict):
    def __missing__(self, key):
        self[key] = 0
        return 0


class Reversed(dict):
    def __iter__(self):
        return reversed(list(dict.__iter__(self)))

    def keys(self):
        return list(self)


class Tagged(set):
    def __repr__(self):
        return "Tagged" + repr(sorted(self))

    def __eq__(self, other):
        return isinstance(other, Tagged) and set.__eq__(self, other)

    __hash__ = None


class Vector(list):
    def __add__(self, other):
        return Vector(a + b for a, b in zip(self, other))

    def __eq__(self, other):
        return list(self) == list(other)

    def __hash__(self):
        return hash(tuple(self))


def stacks():
    s = Stack([1, 2], name="main")
    total = 0
    for i in range(300):
        s.push(i)
        total += s.peek() + len(s)
        if i % 3 == 0:
            s.pop()
    print(s.name, len(s), total, s[:5], s[-1], 7 in s, -1 in s)
    print(type(s) is Stack, isinstance(s, list), issubclass(Stack, list), type(s).__mro__)
    print(s == list(s), s[:3] + [0], [0] + s[:3], sorted(Stack([3, 1, 2])), Stack("ab") * 2)
    list.append(s, "end")
    print(s[-1], s.count("end"), s.index("end") == len(s) - 1, repr(Stack([1])), str(Stack()))
    print(s.__dict__, Stack([1]) == Stack([1]), Stack([1]) < [2], bool(Stack()))


def overrides():
    q = Squares([1, 2, 3, 4])
    acc = 0
    for _ in range(200):
        acc += q[1] + q[3] + len(q)
    print(acc, list(q), [x for x in q], q, sum(q))
    a, b, *rest = q
    print(a, b, rest, min(q), max(q), sorted(q), tuple(q), set(q), "-".join(map(str, q)), [*q])
    print("".join(Letters("ab")), max(Letters("ab")), list(Letters("ab")), Letters("ab"))


def dicts():
    d = Recording(a=1)
    for i in range(200):
        d[i % 7] = i
        if d[i % 5] < 0:
            d["miss"] = d.get("miss", 0) + 1
    print(d.writes, len(d), d[3], d["nope"], d.get("nope"), "nope" in d, sorted(d.items(), key=str))
    print(
        isinstance(d, dict),
        dict(d) == d,
        list(d)[:3],
        sorted(d.keys(), key=str) == sorted(dict(d), key=str),
    )
    t = Tally()
    for word in "the cat and the hat and the bat".split() * 40:
        t[word] += 1
    print(t, len(t), type(t).__name__, {**t} == t, dict.fromkeys("ab", 0))
    print(Recording.fromkeys("xy", 2), type(Recording.fromkeys("x", 1)).__name__)
    u = Tally(t)
    u.update(zz=5)
    print(u.pop("zz"), u.setdefault("q", 9), u.popitem(), list(u.values()))
    r = Reversed(a=1, b=2)
    merged = {}
    merged.update(r)
    print(dict(r), merged, list(r), {**r}, dict(Reversed()))


def sets():
    seen = Tagged()
    for i in range(300):
        seen.add(i % 11)
        if i % 13 == 0:
            seen.discard(i % 11)
    print(seen, len(seen), 3 in seen, seen == Tagged(seen), seen == set(seen))
    print(set(seen) == seen, seen | {99} == set(seen) | {99}, type(seen | {1}).__name__)

    class Plain(set):
        pass

    p = Plain([3, 1])
    p.label = "p"
    print(p, Plain(), p.label, p & {1}, p.issubset({1, 2, 3}), frozenset(p) == p)


def vectors():
    v = Vector([0, 0])
    step = Vector([1, 2])
    for _ in range(250):
        v = v + step
    print(v, type(v).__name__, v == [250, 500], hash(v) == hash((250, 500)), {v: 1}[v])


stacks()
overrides()
dicts()
sets()
vectors()
