# copy and io from quack's lib/: shallow and deep copies (shared and cyclic references, slots,
# instances made without __init__) and io.StringIO as a print target and a line reader.
import copy
import io


class Node:
    def __init__(self, value, children=None):
        self.value = value
        self.children = children or []


class Slotted:
    __slots__ = ["a", "b"]

    def __init__(self):
        self.a = [1]
        self.b = {"k": [2]}


tree = Node(1, [Node(2), Node(3, [Node(4)])])
shallow = copy.copy(tree)
deep = copy.deepcopy(tree)
tree.children[0].value = 20
print(shallow.children[0].value, deep.children[0].value, shallow.children is tree.children)
shared = [1, 2]
data = {"a": shared, "b": shared, "t": (shared, 3), "s": {1, 2}}
d2 = copy.deepcopy(data)
print(d2, d2["a"] is d2["b"], d2["a"] is shared, d2["t"][0] is d2["a"])
loop = [1]
loop.append(loop)
l2 = copy.deepcopy(loop)
print(l2[1] is l2, l2 is loop)
s = Slotted()
s2 = copy.deepcopy(s)
s2.a.append(9)
print(s.a, s2.a, s2.b, copy.copy([1, [2]]), copy.copy((1, 2)), copy.deepcopy((1, 2)))
buf = io.StringIO()
buf.write("hello\n")
print("world", 42, file=buf)
print(repr(buf.getvalue()), buf.tell())
buf.seek(0)
print(repr(buf.readline()), buf.read(3), repr(buf.read()))
reader = io.StringIO("a\nb\nc")
print([line.strip() for line in reader], io.StringIO("x\ny\n").readlines())
with io.StringIO() as out:
    for i in range(200):
        out.write(f"{i},")
    print(len(out.getvalue()))
