# The sys module as programs use it: argv, the recursion limit (a recursion deeper than the
# default), writing to sys.stdout and sys.stderr directly and through print(file=...), print to
# any object with a write method, sys.modules, and sys.exit with a message (status 1).
import sys


def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)


print(len(sys.argv), isinstance(sys.argv[0], str), sys.platform, sys.byteorder)
print(sys.getrecursionlimit(), sys.maxsize, sys.maxsize == 2**63 - 1, type(sys.maxsize).__name__)
sys.setrecursionlimit(3000)
print(sys.getrecursionlimit(), depth(2500))
for i in range(300):
    sys.stdout.write(f"{i % 10}")
    if i % 100 == 99:
        n = sys.stdout.write("\n")
print(n, sys.stdout is sys.__stdout__, type(sys.stdout).__name__)
print(repr(sys.stdout), repr(sys.stderr))
print("to stderr", 42, file=sys.stderr)
sys.stderr.write("written to stderr\n")


class Collect:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)


sink = Collect()
for i in range(3):
    print(i, i * i, sep="-", end=";", file=sink)
print(sink.parts)
print(file=None, end="none\n")
print("sys" in sys.modules, sys.modules["sys"] is sys, sys.intern("ab") == "ab")
for bad in (0, -5):
    try:
        sys.setrecursionlimit(bad)
    except ValueError as error:
        print(error)
try:
    sys.stdout.write(5)
except TypeError as error:
    print(error)
try:
    print(1, file=3)
except AttributeError as error:
    print(error)
for status in ((), (3,), ((1, 2),), (None,)):
    try:
        sys.exit(*status)
    except SystemExit as error:
        print("exit", error.code, error.args)
sys.stdout.flush()
sys.exit("bye")
