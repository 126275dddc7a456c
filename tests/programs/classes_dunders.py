# Arithmetic, comparison, unary and container dunders.


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __add__(self, other):
        return Vec(self.x + other.x, self.y + other.y)

    def __sub__(self, other):
        return Vec(self.x - other.x, self.y - other.y)

    def __mul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __rmul__(self, k):
        return Vec(self.x * k, self.y * k)

    def __neg__(self):
        return Vec(-self.x, -self.y)

    def __abs__(self):
        return self.x * self.x + self.y * self.y

    def __eq__(self, other):
        return isinstance(other, Vec) and self.x == other.x and self.y == other.y

    def __lt__(self, other):
        return abs(self) < abs(other)

    def __repr__(self):
        return f"Vec({self.x}, {self.y})"

    def __bool__(self):
        return self.x != 0 or self.y != 0


v = Vec(0, 0)
for i in range(100):
    v = v + Vec(i, 1) - Vec(0, 2)
print(v, -v, v * 2, 3 * v, abs(Vec(3, 4)))
print(Vec(1, 2) == Vec(1, 2), Vec(1, 2) != Vec(1, 2), Vec(1, 2) == 5, Vec(1, 2) != 5)
print(sorted([Vec(3, 3), Vec(1, 0), Vec(2, 1)]))
print(min([Vec(5, 5), Vec(0, 1)]), max([Vec(5, 5), Vec(0, 1)]))
print(bool(Vec(0, 0)), bool(Vec(0, 1)), "yes" if Vec(1, 1) else "no")
try:
    hash(Vec(1, 1))
except TypeError as e:
    print("TypeError:", e)
try:
    Vec(1, 1) / 2
except TypeError as e:
    print("TypeError:", e)


class Money:
    def __init__(self, cents):
        self.cents = cents

    def __add__(self, other):
        if isinstance(other, int):
            return Money(self.cents + other)
        return NotImplemented

    def __radd__(self, other):
        return Money(self.cents + other)

    def __le__(self, other):
        return self.cents <= other.cents

    def __ge__(self, other):
        return self.cents >= other.cents

    def __str__(self):
        return "$" + str(self.cents // 100) + "." + str(self.cents % 100 // 10) + str(self.cents % 10)


m = Money(0)
for i in range(120):
    m = m + 7
print(m, 5 + m, Money(1) <= Money(2), Money(1) >= Money(2))
print(sum([1, 2, 3], Money(5)))
try:
    m + "x"
except TypeError as e:
    print("TypeError:", e)
