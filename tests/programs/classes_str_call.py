# __repr__ and __str__ in print and f-strings, __call__, and callable().


class Temperature:
    def __init__(self, degrees):
        self.degrees = degrees

    def __repr__(self):
        return f"Temperature({self.degrees!r})"

    def __str__(self):
        return f"{self.degrees:.1f}C"


class OnlyRepr:
    def __repr__(self):
        return "<only repr>"


t = Temperature(21.5)
print(t, repr(t), str(t), [t], f"{t}", f"{t!r}", OnlyRepr(), [OnlyRepr()], f"{OnlyRepr()}")
print("%s and %r" % (t, t))


class Adder:
    def __init__(self, n):
        self.n = n

    def __call__(self, x, times=1):
        return x + self.n * times


add3 = Adder(3)
total = 0
for i in range(100):
    total = add3(total)
print(total, add3(1, times=5), callable(add3), callable(t), callable(len), callable(Adder))
print(list(map(Adder(10), [1, 2, 3])))
readings = [Temperature(x / 4) for x in range(60, 80)]
print(", ".join(str(r) for r in readings[:5]))
print(max(readings, key=lambda r: r.degrees))
