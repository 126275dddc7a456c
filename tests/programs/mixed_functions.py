# A realistic mix: closures with nonlocal, decorators forwarding *args/**kwargs, recursive generators,
# an RPN evaluator, an iterable tree class, string slicing and methods, exception chaining.
def counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c = counter()
print(c(), c(), c(5))
def deco(f):
    def wrapper(*args, **kwargs):
        print("call", f.__name__, args, sorted(kwargs.items()))
        return f(*args, **kwargs)
    return wrapper
@deco
def add(a, b=2, *rest, scale=1, **extra):
    return (a + b + sum(rest)) * scale
print(add(1), add(1, 2, 3, 4, scale=2, tag="x"))
def flatten(xs):
    for x in xs:
        if isinstance(x, list):
            yield from flatten(x)
        else:
            yield x
print(list(flatten([1, [2, [3, [4]], 5], 6])))
def parse(tokens):
    stack = []
    for t in tokens:
        if t in "+-*/":
            b, a = stack.pop(), stack.pop()
            stack.append({"+": a + b, "-": a - b, "*": a * b, "/": a / b}[t])
        else:
            stack.append(float(t))
    return stack[0]
print(parse("3 4 + 2 * 7 /".split()))
class Node:
    def __init__(self, val, children=()):
        self.val, self.children = val, list(children)
    def __iter__(self):
        yield self.val
        for ch in self.children:
            yield from ch
    def __len__(self):
        return sum(1 for _ in self)
tree = Node(1, [Node(2, [Node(4)]), Node(3)])
print(list(tree), len(tree), 4 in tree, sorted(tree, reverse=True))
s = "Hello, World"
print(s[::-1], s[7:], s[-5:-1], s.lower().count("l"), s.replace("l", "L", 2), s.find("o", 5), s.title(), s.split(", "))
print(", ".join(f"{i}:{c}" for i, c in enumerate("abc", 1)))
try:
    try:
        1 / 0
    except ZeroDivisionError as e:
        raise ValueError("bad") from e
except ValueError as e:
    print(type(e.__cause__).__name__, e)
x = [1, 2, 3, 4, 5]
x[1:3] = [9]
del x[-1]
a, *b, c = x
print(x, a, b, c)
print(divmod(-7, 2), -7 // 2, -7 % 2, 7.5 // 2, 2 ** -1, pow(3, 4, 5), round(2.5), round(3.5), abs(-3.2))
print(int("ff", 16), float("1e3"), str(1.0), bool([]), list("ab"), tuple([1]), dict(a=1), set([1, 1]))
print(chr(65), ord("a"), hex(255), bin(5), oct(8), 10 / 4, 1e16, 1e-7, 0.1 + 0.2, float("inf"), -0.0)
