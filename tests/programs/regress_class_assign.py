# obj.__class__ = B: CPython's checks, and in hot loops every specialized instruction and trace
# that knew the object's class (by a guard, or a fact proven earlier in the trace) sees the
# change, even when a method the trace follows makes it between two uses in one iteration.


def attempt(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", e)


class Off:
    kind = "off"
    weight = 1

    def who(self):
        return "Off"

    def flip(self):
        self.__class__ = On


class On:
    kind = "on"
    weight = 10

    def who(self):
        return "On"

    def flip(self):
        object.__setattr__(self, "__class__", Off)


# The loop reads a class attribute, calls a method that changes the class, and reads again.
def switch():
    lamp = Off()
    log = []
    total = 0
    for i in range(300):
        before = lamp.kind
        total += lamp.weight
        if i % 7 == 0:
            lamp.flip()
        total += lamp.weight
        if i < 16:
            log.append(before + ">" + lamp.kind + ":" + lamp.who())
    print(total, type(lamp).__name__)
    print(log)


switch()


# The assignment is on the trace's path every iteration (no branch leaves the trace), and the
# class changes once: a trace that proved `pet` a Cat before the call must not reuse that after.
class Cat:
    sound = "meow"


class Dog:
    sound = "woof"


def morph(o, cls):
    o.__class__ = cls


def listen():
    pet = Cat()
    classes = [Cat, Dog]
    heard = []
    for i in range(300):
        first = pet.sound
        morph(pet, classes[i // 250])
        heard.append(first + "/" + pet.sound)
    return heard


heard = listen()
print(heard[248:253], heard.count("meow/meow"), heard.count("woof/woof"))


# A state machine: each step may replace the class; the loop never looks at the class itself.
class Idle:
    def step(self, n):
        if n % 3 == 0:
            self.__class__ = Busy
        return 0


class Busy:
    def step(self, n):
        self.done = self.done + 1
        if n % 5 == 0:
            setattr(self, "__class__", Idle)
        return n


def machine():
    m = Idle()
    m.done = 0
    acc = 0
    for n in range(500):
        acc += m.step(n)
    print(acc, m.done, type(m).__name__)


machine()


# The instance's dict shadows a method of the class it moves to.
class Plain:
    pass


class WithMethod:
    def tag(self):
        return "method"


objs = [Plain() for i in range(6)]
for i, o in enumerate(objs):
    if i % 2:
        o.tag = lambda: "own"
seen = []
for r in range(50):
    for o in objs:
        if type(o) is Plain:
            o.__class__ = WithMethod
        seen.append(o.tag())
print(seen[:6], len(seen))

# Errors, including from a hot site.
a = Off()
attempt(lambda: setattr(a, "__class__", 1))
attempt(lambda: setattr(1, "__class__", Off))
attempt(lambda: setattr(a, "__class__", int))


class E(Exception):
    pass


class E2(Exception):
    pass


attempt(lambda: setattr(a, "__class__", E))
attempt(lambda: setattr(E(), "__class__", Off))
e = E("x")
e.__class__ = E2
print(type(e).__name__, e.args)


def delete(o):
    del o.__class__


attempt(lambda: delete(a))
attempt(lambda: setattr(Off, "__class__", On))


class S1:
    __slots__ = ("x",)


class S2:
    __slots__ = ("x",)


class S3:
    __slots__ = ("y",)


s = S1()
s.x = 5
s.__class__ = S2
print(type(s).__name__, s.x)
attempt(lambda: setattr(s, "__class__", S3))
attempt(lambda: setattr(a, "__class__", S1))
bad = 0
for i in range(200):
    try:
        a.__class__ = On if i % 50 else 5
    except TypeError:
        bad += 1
print(bad, type(a).__name__)
