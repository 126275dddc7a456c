# list(x), tuple(x), sorted(x), [*x], (*x,), f(*x) and list.extend ask x's __len__ once, after
# __iter__ (CPython's length hint); a TypeError from it counts as no hint, other errors pass.
# set(x), unpacking, str.join, min/max/sum and dict(x) never ask.


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Sized:
    def __init__(self):
        self.log = []

    def __iter__(self):
        self.log.append("iter")
        return iter(["a", "b"])

    def __len__(self):
        self.log.append("len")
        return 2


def show(label, f):
    x = Sized()
    r = f(x)
    print(label, r, x.log)


def spread(*args):
    return args


show("list", list)
show("tuple", tuple)
show("sorted", sorted)
show("star", lambda x: [*x])
show("startuple", lambda x: (*x,))
show("call", lambda x: spread(*x))
show("extend", lambda x: [0].extend(x))
def iadd(x):
    l = [0]
    l += x
    return l


def assign_slice(x):
    l = [1, 2, 3]
    l[0:1] = x
    return l


show("iadd", iadd)
show("set", lambda x: sorted(set(x)))
show("join", lambda x: "-".join(x))
show("unpack", lambda x: [v for v in x])
show("minmax", lambda x: min(x))
show("slice", assign_slice)


class Negative:
    def __iter__(self):
        return iter([1])

    def __len__(self):
        return -1


class TypeErr:
    def __iter__(self):
        return iter([1])

    def __len__(self):
        raise TypeError("no")


class ValueErr:
    def __iter__(self):
        return iter([1])

    def __len__(self):
        raise ValueError("no")


class NotInt:
    def __iter__(self):
        return iter([1])

    def __len__(self):
        return "x"


attempt(lambda: list(Negative()))
attempt(lambda: list(TypeErr()))
attempt(lambda: tuple(ValueErr()))
attempt(lambda: (list(NotInt()), tuple(NotInt())))


# In a hot loop: the count of __len__ calls is what CPython's is.
class Counted:
    lens = 0

    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return iter(range(self.n))

    def __len__(self):
        Counted.lens += 1
        return self.n


def hot():
    total = 0
    for i in range(300):
        c = Counted(i % 4)
        total += len(list(c)) + len(tuple(c)) + len([*c]) + sum(c)
    return total


print(hot(), Counted.lens)
