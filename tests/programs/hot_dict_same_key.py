# One key looked up twice in a row (d[k] = d.get(k, 0) + 1, `if k in d: d[k] += 1`): a dict
# remembers its last lookup of an int, str or tuple key. Every change to its keys in between must
# be seen, and a lookup that runs Python code (__eq__, __hash__) must run it every time.


def counting():
    counts = {}
    words = ["ab", "cd", "ab", "ef", "cd", "ab"] * 50
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    pairs = {}
    for i in range(len(words) - 1):
        key = (words[i], words[i + 1])
        pairs[key] = pairs.get(key, 0) + 1
    seen = {}
    for n in range(400):
        k = n % 7
        if k in seen:
            seen[k] += 1
        else:
            seen[k] = 1
    print(sorted(counts.items()), sorted(pairs.items()), sorted(seen.items()))


def changes_between():
    d = {}
    for i in range(300):
        key = ("k", i % 5)
        absent = d.get(key)
        if i % 3 == 0:
            d[("other", i)] = i  # an insert (and now and then a resize) between the two lookups
        if i % 4 == 0 and key in d:
            del d[key]  # the key itself deleted between
        if i % 50 == 49:
            d.clear()
        if i % 60 == 59 and d:
            d.popitem()
        d[key] = (absent or 0) + 1
    print(len(d), sorted((k, v) for k, v in d.items() if k[0] == "k"))
    e = {}
    for i in range(200):
        k = i % 3
        e.get(k)
        e.pop(k, None)
        e[k] = i
        e.setdefault(k, -1)
    print(e)


class Loud:
    """Equal to a str key with the same hash; says so every time it is compared."""

    calls = 0

    def __init__(self, s):
        self.s = s

    def __hash__(self):
        return hash(self.s)

    def __eq__(self, other):
        Loud.calls += 1
        return other == self.s if isinstance(other, str) else self is other


class Drifting:
    """A key whose hash changes between lookups."""

    def __init__(self):
        self.n = 0

    def __hash__(self):
        self.n += 1
        return self.n // 2

    def __eq__(self, other):
        return self is other


def code_runs_every_time():
    d = {Loud("x"): 1}
    for _ in range(100):
        d["x"] = d.get("x", 0) + 1  # each lookup compares with the Loud key: __eq__ runs
    print(Loud.calls, list(d.values()))
    k = Drifting()
    e = {}
    found = []
    for _ in range(6):
        found.append(e.get(k))
        e[k] = len(e)
    print(found, sorted(e.values()))
    nan = float("nan")
    f = {}
    for _ in range(100):
        f[nan] = f.get(nan, 0) + 1
    print(f)
    t = (1, [2])
    try:
        f[t] = f.get(t)
    except TypeError as exc:
        print("TypeError", exc)


def equal_not_identical():
    d = {}
    for i in range(500):
        a = str(i % 10)  # a new str each time: equal keys, not the same object
        b = str(i % 10)
        d[a] = d.get(b, 0) + 1
        t1 = (i % 4, str(i % 2))
        t2 = (i % 4, str(i % 2))
        d[t1] = d.get(t2, 0) + 1
    print(sorted(d.items(), key=repr))


counting()
changes_between()
code_runs_every_time()
equal_not_identical()
