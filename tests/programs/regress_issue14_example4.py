# Issue 14, example 4, as filed (see docs/fuzzing.md).
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
print(run(300))  # CPython -298
