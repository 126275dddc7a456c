# __hash__ and __eq__: instances as dict keys and set members; identity by default.


class Key:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __eq__(self, other):
        return self.a == other.a and self.b == other.b

    def __hash__(self):
        return hash((self.a, self.b))

    def __repr__(self):
        return "Key(%d, %d)" % (self.a, self.b)


counts = {}
for i in range(200):
    k = Key(i % 5, i % 2)
    counts[k] = counts.get(k, 0) + 1
print(len(counts), counts[Key(0, 0)], counts[Key(4, 1)])
s = {Key(1, 2), Key(1, 2), Key(2, 1)}
print(len(s), Key(1, 2) in s, Key(3, 3) in s)
print(sorted(counts.items(), key=lambda kv: (kv[0].a, kv[0].b))[:3])


class Plain:
    pass


p1, p2 = Plain(), Plain()
d = {p1: "one", p2: "two"}
print(d[p1], d[p2], p1 == p2, p1 == p1, p1 != p2, hash(p1) == hash(p1))


class OnlyEq:
    def __eq__(self, other):
        return True


try:
    {OnlyEq(): 1}
except TypeError as e:
    print("TypeError:", e)
print(OnlyEq() == 3, OnlyEq() != 3)
