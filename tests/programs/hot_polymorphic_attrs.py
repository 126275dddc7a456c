# Attribute sites that see instances of several classes while hot (a base-class method used by
# subclasses): the polymorphic members must keep CPython's semantics when a property of the same
# name appears in a class or a base, goes again, instance attributes shadow class attributes,
# instances of different classes hold their attributes in different orders, instance attributes
# are deleted, and subclasses are created later.


class Base:
    kind = "base"

    def __init__(self, x, y):
        self.x = x
        self.y = y

    def total(self):
        return self.x + self.y

    def bump(self, d):
        self.x += d
        self.y = self.y - 1
        return self.x


class Left(Base):
    kind = "left"


class Right(Base):
    def __init__(self, x, y):
        # Another insertion order: the dict index of x and y differs from Base's.
        self.y = y
        self.extra = 0
        self.x = x


class Deep(Left):
    pass


def run(objs, n):
    acc = 0
    for i in range(n):
        o = objs[i % len(objs)]
        acc += o.total()
        acc += o.bump(1)
        acc += len(o.kind)
    return acc


def read_x(objs, n):
    acc = 0
    for i in range(n):
        acc += objs[i % len(objs)].x
    return acc


def try_read(objs, n):
    out = []
    for i in range(n):
        o = objs[i % len(objs)]
        try:
            out.append(o.x)
        except AttributeError as e:
            out.append(str(e))
    return out


def try_write(objs, n):
    out = []
    for i in range(n):
        o = objs[i % len(objs)]
        try:
            o.x = i
            out.append(o.x)
        except AttributeError as e:
            out.append(type(e).__name__)  # CPython versions word a missing setter differently
    return out


def main():
    objs = [Base(1, 2), Left(3, 4), Right(5, 6), Deep(7, 8)]
    print("warm", run(objs, 600), read_x(objs, 400))

    # A property named x on one subclass while hot: its instances' dict entry is hidden.
    Left.x = property(lambda self: -100)
    print("left property", read_x(objs, 400), run([objs[0], objs[2]], 300))
    print("left try", try_write(objs, 8)[:8])
    del Left.x
    print("left deleted", read_x(objs, 400), run(objs, 300))

    # A property with a setter on the base: every class sees it.
    def get_x(self):
        return self.__dict__["x"] + 1

    def set_x(self, v):
        self.__dict__["x"] = v - 3

    Base.x = property(get_x, set_x)
    print("base property", read_x(objs, 400), run(objs, 300))
    del Base.x
    print("base deleted", read_x(objs, 400), run(objs, 300))

    # A property with no setter: stores raise the same error as CPython's.
    Right.y = property(lambda self: 7)
    try:
        run(objs, 40)
    except AttributeError as e:
        print("no setter:", type(e).__name__)
    del Right.y
    print("after no setter", run(objs, 300))

    # Instance attributes shadowing class attributes, on some instances only.
    objs[1].kind = "shadowed"
    objs[3].kind = "deep-own"
    print("shadow", run(objs, 600))
    del objs[1].kind
    print("unshadow", run(objs, 600))

    # Deleting instance attributes while hot: the messages match CPython's.
    victims = [Base(1, 1), Left(2, 2), Right(3, 3), Deep(4, 4)]
    print("before delete", read_x(victims, 400))
    del victims[2].x
    del victims[0].x
    print("after delete", try_read(victims, 8))
    try:
        read_x(victims, 400)
    except AttributeError as e:
        print("read error:", e)
    print("rewrite", try_write(victims, 8))
    print("restored", read_x(victims, 400))

    # Subclasses created later, one of them with a property, one with a class attribute x.
    class Late(Right):
        pass

    class LateProp(Base):
        @property
        def x(self):
            return 1000

        @x.setter
        def x(self, v):
            self.__dict__["x"] = v

    class LateAttr(Left):
        x = 5

    late = [Late(9, 9), LateProp(1, 1), LateAttr(2, 2)]
    mixed = objs + late
    print("late", read_x(mixed, 700))
    print("late try", try_write(mixed, 7))
    del late[2].x
    print("class attr x", read_x(mixed, 700))
    print("late run", run([o for o in mixed if not isinstance(o, LateProp)], 700))
    print("final", [(type(o).__name__, sorted(o.__dict__.items())) for o in mixed])


main()
