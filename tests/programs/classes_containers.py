# __len__, __getitem__, __setitem__, __delitem__, __contains__, __iter__ and __next__.


class Grid:
    def __init__(self, n):
        self.n = n
        self.cells = {}

    def __len__(self):
        return self.n * self.n

    def __getitem__(self, key):
        return self.cells.get(key, 0)

    def __setitem__(self, key, value):
        self.cells[key] = value

    def __delitem__(self, key):
        del self.cells[key]

    def __contains__(self, key):
        return key in self.cells


g = Grid(4)
for i in range(40):
    g[(i % 4, i % 3)] = g[(i % 4, i % 3)] + i
print(len(g), g[(0, 0)], g[(3, 2)], (1, 1) in g, (9, 9) in g)
del g[(0, 0)]
print((0, 0) in g, g[(0, 0)], len(g.cells))


class Countdown:
    def __init__(self, start):
        self.current = start

    def __iter__(self):
        return self

    def __next__(self):
        if self.current <= 0:
            raise StopIteration
        self.current -= 1
        return self.current + 1


print(list(Countdown(5)))
total = 0
for x in Countdown(100):
    total += x
print(total, sum(Countdown(10)), 3 in Countdown(5), 7 in Countdown(5))


class Deck:
    def __init__(self):
        self.cards = [r + s for s in "SH" for r in "A23"]

    def __len__(self):
        return len(self.cards)

    def __iter__(self):
        return iter(self.cards)


d = Deck()
print(len(d), list(d), sorted(d), bool(d), bool(Grid(0)))
a, b, *rest = Countdown(4)
print(a, b, rest)
print([x * 2 for x in Countdown(3)], dict(zip(Countdown(3), "abc")))
