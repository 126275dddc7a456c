# A realistic mix: a vector class with dunders and __slots__, word counts, generators, f-strings and
# %-formatting, properties, class and static methods, inheritance with super().
from math import sqrt
import math

class Vector:
    __slots__ = ("x", "y")
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __add__(self, o): return Vector(self.x + o.x, self.y + o.y)
    def __mul__(self, k): return Vector(self.x * k, self.y * k)
    __rmul__ = __mul__
    def __abs__(self): return sqrt(self.x ** 2 + self.y ** 2)
    def __repr__(self): return f"Vector({self.x!r}, {self.y!r})"
    def __eq__(self, o): return isinstance(o, Vector) and (self.x, self.y) == (o.x, o.y)
    def __hash__(self): return hash((self.x, self.y))

vs = [Vector(i, i * 0.5) for i in range(10)]
total = Vector(0, 0)
for v in vs:
    total = total + 2 * v
print(total, abs(total), round(abs(total), 3))
print(len({Vector(1, 2), Vector(1, 2), Vector(2, 1)}))
words = "the quick brown fox jumps over the lazy dog the end".split()
freq = {}
for w in words:
    freq[w] = freq.get(w, 0) + 1
for w, n in sorted(freq.items(), key=lambda kv: (-kv[1], kv[0])):
    print(f"{w:>6}: {'*' * n} ({n})")
print(max(words, key=len), min(words), sorted(words, reverse=True)[:3])
def fib():
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b
import_gen = (x for x in fib() if x % 2 == 0)
print([next(import_gen) for _ in range(10)])
print({k: v for k, v in zip("abc", range(3))}, [*range(3), *"xy"], {*"aab"} == {"a", "b"})
matrix = [[i * j for j in range(4)] for i in range(4)]
print(list(map(sum, matrix)), list(zip(*matrix))[1], any(x > 8 for row in matrix for x in row))
try:
    {}["missing"]
except KeyError as e:
    print("KeyError", e, repr(e))
finally:
    print("finally")
print("%5.2f|%-6s|%03d|%x" % (math.pi, "ab", 7, 255), "{:^9}|{:,}".format("mid", 1234567))
class Account:
    interest = 0.02
    def __init__(self, owner, balance=0):
        self.owner = owner
        self.balance = balance
    def deposit(self, amount):
        if amount <= 0:
            raise ValueError("amount must be positive")
        self.balance += amount
        return self
    @property
    def yearly(self):
        return self.balance * self.interest
    @classmethod
    def empty(cls, owner):
        return cls(owner)
    @staticmethod
    def fee():
        return 1.5
    def __str__(self):
        return f"{self.owner}: {self.balance:.2f}"
class Savings(Account):
    interest = 0.05
    def deposit(self, amount):
        super().deposit(amount)
        self.balance += 1
        return self
accts = [Account("ann", 100), Savings.empty("bob"), Account("cy")]
for a in accts:
    a.deposit(50)
    print(a, a.yearly, a.fee(), type(a).__name__, isinstance(a, Account), issubclass(type(a), Savings))
try:
    accts[0].deposit(-1)
except ValueError as e:
    print("error:", e)
Account.interest = 0.1
print([round(a.yearly, 2) for a in accts])
