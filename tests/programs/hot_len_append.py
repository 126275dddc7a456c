# CALL_LEN and CALL_LIST_APPEND, hot: len() of every kind of sized value (a class's __len__ that
# raises, returns a bool, a big int or a negative number), len and list.append rebound or reached
# through other names (a local the trace cannot see through), called unbound and on list and set
# subclasses: each reaches a site specialized on the plain cases and answers as CPython does.


class Sized:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        if self.n == "boom":
            raise ValueError("no size")
        return self.n


class Tally(list):
    def append(self, x):
        list.append(self, x * 10)


class Log:
    def __init__(self):
        self.lines = []

    def append(self, line):
        self.lines.append("log: " + str(line))


def size(x):
    return len(x)


def add(target, x):
    target.append(x)


def main():
    total = 0
    items = []
    for i in range(300):
        items.append(i)
        total += len(items) + len((i, i)) + len({i: i}) + len("ab" * (i % 5))
    print(total, len(items), items[-3:])
    # len through a local: the trace does not know the callable, so its call tests it. A set
    # subclass's add through a method the trace knows: the call tests only the instance.
    ln = len

    class Bag(set):
        pass

    hidden = 0
    bag = Bag()
    for i in range(300):
        hidden += ln(items) + ln("abc")
        bag.add(i % 11)
    print(hidden, len(bag), sorted(bag)[:3])
    odd = [
        [1, 2],
        (),
        {},
        "añb",
        {1, 2, 3},
        frozenset(),
        b"xyz",
        range(7),
        Sized(3),
        Sized(True),
        Sized(2**70),
        Sized(-1),
        Sized("boom"),
        Sized(1.5),
        5,
        None,
        Tally([1]),
    ]
    for k in range(30):
        for x in ([1], "abc"):
            total += size(x)
        for x in odd:
            try:
                r = size(x)
            except (TypeError, ValueError, OverflowError) as e:
                r = type(e).__name__ + ": " + str(e)
            if k == 29:
                print(type(x).__name__, "->", r)
    print(total)
    tally, log, plain = Tally(), Log(), []
    for k in range(40):
        for target in (plain, tally, log):
            add(target, k)
        list.append(plain, -k)
    print(len(plain), plain[:6], tally[:4], len(tally), log.lines[:2])
    appender = plain.append
    for k in range(3):
        appender(k * 100)
    print(plain[-3:])
    try:
        list.append((), 1)
    except TypeError as e:
        print("TypeError", e)
    length = len
    print(sum(length(w) for w in ["a", "bb", "ccc"]))


main()
len = lambda x: 42
print(size([1, 2, 3]))
