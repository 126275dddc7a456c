# An instance keeps its class alive: a class statement that rebinds the name of a class whose
# instances live on must not let the collector free the old class (found while testing sorts:
# under quack-asan with QUACK_GC_STRESS=1 the old class was freed and read).


class K:
    kind = "old"

    def __init__(self, v):
        self.v = v

    def m(self):
        return self.v + 1


keep = [K(1), K(2)]


class K:
    kind = "new"

    def __init__(self, v):
        self.v = v * 10

    def m(self):
        return self.v - 1


more = [K(3) for _ in range(5)]
print(keep[0].m(), keep[0].kind, type(keep[0]).__name__, more[0].m(), more[0].kind)


def make(i):
    class T:
        base = i

        def get(self):
            return self.base * 2

    return T()


def hot(n):
    objs = []
    total = 0
    for i in range(n):
        objs.append(make(i))
        total += objs[i // 2].get()
    return total, objs[-1].get(), type(objs[0]).base


print(hot(200))
