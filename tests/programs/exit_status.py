# slice attributes, a builtin's __name__, globals(), and exit(): the program ends with
# SystemExit's status and message, as CPython's.
s = slice(1, 10, 2)
print(s.start, s.stop, s.step, slice(3).start, slice(3).stop, slice(None, 5).step)
print(len.__name__, print.__name__, [].append.__name__)
g = globals()
print(type(g).__name__, g["s"] is s, "g" in g)


def inner():
    return globals() is g


print(inner())
try:
    s.nothing
except AttributeError as e:
    print(e)
try:
    len.nothing
except AttributeError as e:
    print(e)


def spin(n):
    seen = 0
    for i in range(n):
        part = slice(i, i + 3, 1)
        seen += part.stop - part.start
    return seen


print(spin(4000))
exit("finished " + str(inner()))
