# A method's self is the instance the call site found the method on: in a trace that follows the
# call, `self.w` needs no class guard where the call site proved the class. Each loop here
# breaks that once it is hot: an instance of a subclass, a class attribute rebound, an instance
# whose __class__ the method itself changes before reading self, a method replaced on the class.


class Box:
    scale = 1

    def __init__(self, w, h):
        self.w = w
        self.h = h

    def area(self, k):
        return self.w * self.h * k * self.scale

    def morph(self, i):
        if i == 1500:
            self.__class__ = Tall
        return self.w + self.h


class Wide(Box):
    scale = 3


class Tall(Box):
    @property
    def h(self):
        return 100

    @h.setter
    def h(self, value):
        pass


def areas(n):
    boxes = [Box(i % 7, i % 5) for i in range(n)]
    total = 0
    for i, b in enumerate(boxes):
        if i == n - 5:
            b = Wide(2, 3)
        if i == n // 2:
            Box.scale = 2
        total += b.area(i % 3)
    Box.scale = 1
    return total


def morphs(n):
    b = Box(4, 6)
    total = 0
    for i in range(n):
        total += b.morph(i)
    return total, type(b).__name__


def replaced(n):
    b = Box(2, 5)
    total = 0
    for i in range(n):
        if i == n - 10:
            Box.area = lambda self, k: -k
        total += b.area(1)
    return total


print(areas(3000))
print(morphs(3000))
print(replaced(3000))
