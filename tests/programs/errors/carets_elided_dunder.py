# An error raised inside an operator dunder whose frame the trace elided (runtime/interp/elide.c),
# after the __init__ elided inside it ran many times: the error stub builds the dunder's frame,
# and the traceback shows it under its caller's, as CPython's does.


class Vec:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __truediv__(self, k):
        return Vec(self.x / k, self.y / k)


def shrink(v, ks):
    total = 0.0
    for k in ks:
        total += (v / k).x
    return total


ks = [float(i + 1) for i in range(3000)]
print(round(shrink(Vec(6.0, 3.0), ks), 6))
ks[2500] = 0.0
print(shrink(Vec(6.0, 3.0), ks))
