# A method the trace recorder has seen is replaced on every iteration, from code a builtin
# calls back (not part of the trace): the old function must stay alive for the recorder, the
# optimizer and the executor (run under quack-asan with the collector stressed).
class K:
    def m(self):
        return 1


def mut():
    K.m = lambda self: -1


class H:
    def key(self, x):
        mut()
        return x


def run(n):
    h = H()
    o = K()
    t = 0
    for i in range(n):
        t += o.m()
        x = max([1, 2], key=h.key)
    return t


print(run(300))


class P:
    scale = 1.5


def rebind(i):
    P.scale = float(i % 7) + 0.5


def attr(n):
    p = P()
    t = 0.0
    for i in range(n):
        t += p.scale
        sorted([2, 1], key=lambda x: rebind(i) or x)
    return t


print(attr(120))
