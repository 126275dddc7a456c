# Issue 14, examples 5 and 6, as filed: numbers, __class__, __setattr__, __slots__, Unicode,
# __len__ as a length hint, property messages, the old sequence protocol.
print(9007199254740993 / 3)
print(2 ** -24)
class A:
    pass
class B:
    def hello(self):
        return "B"
a = A()
a.__class__ = B
print(type(a).__name__, a.hello())
class S:
    def __setattr__(self, k, v):
        object.__setattr__(self, k, v * 2)
s = S()
s.x = 3
print(s.x)
class SL:
    __slots__ = ('a',)
sl = SL()
sl.a = 1
try:
    sl.b = 2
except AttributeError as e:
    print(e)
print(repr(chr(0x9cf)), repr('\u1a8c'))
print('ß'.upper(), 'ß'.title(), 'straße'.upper())
class L:
    def __len__(self):
        print("len called")
        return 2
    def __iter__(self):
        return iter([1, 2])
print(list(L()), tuple(L()))
class P:
    p = property(lambda self: 1)
class Q(P):
    pass
try:
    Q().p = 3
except AttributeError as e:
    print(e)
class Seq:
    def __getitem__(self, i):
        if i >= 3:
            raise IndexError(i)
        return i * 10
print(list(Seq()))
for x in Seq():
    print(x)
