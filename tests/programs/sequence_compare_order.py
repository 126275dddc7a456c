# Which item comparisons run when lists and tuples are compared, and in what order: lists of
# different lengths are unequal without comparing an item, tuples compare their common prefix
# first (as CPython does); a list emptied by an item's __eq__ is read again. Then a hot loop of
# tuple keys and tuple orderings, as in Dijkstra's heap of (distance, node) pairs.


class E:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        print("eq", self.v, other.v)
        return self.v == other.v

    def __lt__(self, other):
        print("lt", self.v, other.v)
        return self.v < other.v


a, b, c = E(1), E(1), E(2)
print([a] == [b, c])
print([a] != [b, c])
print((a,) == (b, c))
print((a,) != (b, c))
print([a, c] < [b, a])
print((a, c) < (b, a))
print((1, 2) < (1, 2, 3), (1, 2) == (1, 2), [1, 2] >= [1, 2], (1, 3) > (1, 2), [] < [0])
x = [1, 2, 3]


class M:
    def __eq__(self, other):
        x.clear()
        return True


print([M(), 5] == [0, 5], x)
print(((1, 2), 3) == ((1, 2), 3), ((1, 2), 3) < ((1, 3), 0))

seen = {}
order = 0
for i in range(3000):
    node = (i % 37, i % 11)
    key = (i % 5, node)
    if key not in seen:
        seen[key] = i
    if key < (2, (18, 5)):
        order += 1
    if node != (i % 37, i % 11) or [i, node] == [i, node, 0]:
        order -= 1000
print(len(seen), order, min(seen), max(seen))
