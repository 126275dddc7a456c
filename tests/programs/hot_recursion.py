# Hot recursion without loops in the recursive functions, so their traces start at function entry
# and go on from their top when the recursion enters the function again: plain, mutual and
# through __init__, methods and operator dunders; exceptions raised and caught at various depths,
# RecursionError caught and the recursion going on, and functions and methods replaced while hot.


def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


def ackermann(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ackermann(m - 1, 1)
    return ackermann(m - 1, ackermann(m, n - 1))


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def tree_sum(depth, value):
    if depth == 0:
        return value % 7
    return tree_sum(depth - 1, value * 2) + tree_sum(depth - 1, value * 2 + 1)


print("fib:", fib(20), [fib(i) for i in range(12)])
print("ackermann:", ackermann(2, 50), ackermann(3, 3))
print("parity:", sum(1 for n in range(200) if is_even(n)), is_odd(77))
print("tree_sum:", tree_sum(10, 1))


# Raised at the bottom, caught at various depths on the way up.
class Bottom(Exception):
    pass


def dive(n, catch_at):
    if n == 0:
        raise Bottom("bottom")
    if n == catch_at:
        try:
            return dive(n - 1, catch_at)
        except Bottom:
            return -n
    return dive(n - 1, catch_at) + 1


caught = []
for catch_at in range(0, 40, 3):
    try:
        caught.append(dive(30, catch_at))
    except Bottom as e:
        caught.append(str(e))
print("dive:", caught)


def checked_div(n, d):
    if n <= 0:
        return 10 // d
    return checked_div(n - 1, d - 1) + 1


results = []
for start in range(40):
    try:
        results.append(checked_div(start % 12, 6))
    except ZeroDivisionError as e:
        results.append(type(e).__name__)
print("div:", results)


# RecursionError caught, then the same recursion goes on normally.
def down(n):
    if n < 0:
        return 0
    return down(n + 1) + 1


def countdown(n):
    if n == 0:
        return 0
    return 1 + countdown(n - 1)


for attempt in range(3):
    try:
        down(0)
    except RecursionError as e:
        print("caught:", type(e).__name__)
    print("after:", countdown(300), fib(15))


# A recursive function rebound (a global) while hot: the old traces must not call the old one.
def walk(n):
    if n == 0:
        return 0
    return walk(n - 1) + 1


def walk_twice(n):
    if n == 0:
        return 0
    return walk(n - 1) + 2


totals = []
for i in range(60):
    if i == 30:
        walk = walk_twice  # noqa: F811
    totals.append(walk(20))
print("rebinding:", totals)


# A recursive method on a class, the method replaced while hot.
class Node:
    def __init__(self, value, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right

    def total(self):
        s = self.value
        if self.left is not None:
            s += self.left.total()
        if self.right is not None:
            s += self.right.total()
        return s


def build(depth, value):
    if depth == 0:
        return Node(value)
    return Node(value, build(depth - 1, value * 2), build(depth - 1, value * 2 + 1))


tree = build(6, 1)
sums = []
for i in range(40):
    if i == 20:

        def doubled_total(self):
            s = self.value * 2
            if self.left is not None:
                s += self.left.total()
            if self.right is not None:
                s += self.right.total()
            return s

        Node.total = doubled_total
    sums.append(tree.total())
print("method:", sums)


# Recursion through __init__: each chain link builds the rest of the chain.
class Chain:
    def __init__(self, n):
        self.n = n
        self.rest = Chain(n - 1) if n > 0 else None

    def length(self):
        if self.rest is None:
            return 1
        return 1 + self.rest.length()


print("chain:", [Chain(i).length() for i in range(0, 60, 7)])


# Recursion through an operator dunder.
class Peano:
    def __init__(self, n):
        self.n = n

    def __add__(self, other):
        if other == 0:
            return self.n
        return Peano(self.n + 1) + (other - 1)


print("peano:", [Peano(i) + 30 for i in range(10)])


# Recursion through a C call (sorted's key, map) in the middle.
def depth_of(x):
    if isinstance(x, list):
        return 1 + max(map(depth_of, x), default=0)
    return 0


nested = [1, [2, [3, [4, [5]]]], [[[[[[6]]]]]]]
print("depth:", [depth_of(nested) for _ in range(30)][-1], sorted(nested[1:], key=depth_of)[0])


# A recursive generator (its frames are never entry traces) and a recursive function using it.
def flatten(x):
    if isinstance(x, list):
        for item in x:
            yield from flatten(item)
    else:
        yield x


def count_leaves(x):
    if not isinstance(x, list):
        return 1
    if not x:
        return 0
    return count_leaves(x[0]) + count_leaves(x[1:])


for _ in range(20):
    leaves = list(flatten(nested))
print("flatten:", leaves, count_leaves(nested), sum(count_leaves(nested) for _ in range(50)))
