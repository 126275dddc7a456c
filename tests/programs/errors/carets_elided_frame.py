# An exit inside a call whose frame the trace elided (runtime/interp/elide.c), then an error in
# that callee: the exit builds the frame, and the traceback shows it under its caller's, as
# CPython's does.


class Box:
    def __init__(self, v):
        self.v = v

    def scaled(self, k):
        return self.v * k + 1


def total(boxes):
    s = 0
    for b in boxes:
        s += b.scaled(3)
    return s


boxes = [Box(i) for i in range(2000)]
print(total(boxes))
boxes[-1].v = None
print(total(boxes))
