# Functions that C code calls while traces run around them: key functions of sorted(), min() and
# max(), the comparison and hash dunders a sort or a dict calls, a __getitem__ and a __len__ a C
# loop iterates through. The same functions are called from Python too, one raises through C,
# and one's argument changes type once it is hot.


class Item:
    def __init__(self, key, name):
        self.key = key
        self.name = name

    def __lt__(self, other):
        return self.key < other.key

    def __eq__(self, other):
        return isinstance(other, Item) and self.key == other.key

    def __hash__(self):
        return self.key % 97


class Grid:
    def __init__(self, n):
        self.n = n

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i >= self.n:
            raise IndexError(i)
        return i * i % 13


def weight(pair):
    return (pair[1] * 7) % 11, pair[0]


def fragile(x):
    if x == 777:
        raise ValueError("fragile", x)
    return -x


def main():
    pairs = [(i, i * 31 % 101) for i in range(3000)]
    print(sorted(pairs, key=weight)[:3], max(pairs, key=weight), min(pairs, key=weight))
    print(sum(weight(p)[0] for p in pairs))
    items = [Item(i * 37 % 1000, "n%d" % i) for i in range(2000)]
    ordered = sorted(items)
    print([(x.key, x.name) for x in ordered[:3]], ordered[-1].key)
    table = {}
    for it in items:
        table[it] = table.get(it, 0) + 1
    print(len(table), max(table.values()))
    grid = Grid(500)
    print(len(grid), sum(grid), list(grid)[-3:])
    for _ in range(4):
        print(sorted(range(700), key=fragile)[:2])
    try:
        sorted(range(800), key=fragile)
    except ValueError as e:
        print("raised", e.args)
    mixed = [3, 1.5, 2, 0.25] * 600
    print(sorted(mixed, key=fragile)[:3], max(mixed, key=fragile))


main()
