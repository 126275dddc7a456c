# Class construction in hot loops (specialized: the instance is allocated and __init__ pushed in
# place), including subclasses and an __init__ that wrongly returns a value.
class P:
    def __init__(self, x, y):
        self.x = x
        self.y = y
class Q(P):
    pass
class Bad:
    def __init__(self):
        return 5
total = 0
for i in range(200):
    p = P(i, i + 1)
    q = Q(i, 2)
    total += p.x + p.y + q.y
print(total)
for i in range(50):
    try:
        Bad()
    except TypeError as e:
        msg = str(e)
print(msg)
