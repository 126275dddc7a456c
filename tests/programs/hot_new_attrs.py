# STORE_ATTR_INSTANCE_NEW, hot: attributes added to fresh instances go straight into their dicts
# while the class has nothing of that name; once the class gains a property, a class attribute or a
# __setattr__-free subclass, the stores must behave as CPython's do.


class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y


def build(n):
    total = 0
    for i in range(n):
        p = Point(i, -i)
        total += p.x - p.y
    return total


print("plain", build(300))

# A class attribute of the same name appears: instance stores still shadow it.
Point.x = "class x"
print("class attribute", build(300), Point.x)

# A property without a setter: the store raises as in CPython.
Point.y = property(lambda self: 42)
try:
    build(300)
except AttributeError as e:
    print("AttributeError", type(e).__name__)
del Point.y
print("property gone", build(300))


# A property with a setter: the store runs it.
class Logged(Point):
    log = 0

    def _set(self, value):
        Logged.log += 1
        self.__dict__["_x"] = value

    x = property(lambda self: self.__dict__["_x"], _set)


total = 0
for i in range(300):
    p = Logged(i, i)
    total += p.x + p.y
print("setter", total, Logged.log)

# Many instances of several classes through one site.
class A:
    pass


class B(A):
    pass


def tag(obj, i):
    obj.tag = i
    obj.extra = i * 2
    return obj.tag + obj.extra


print("sites", sum(tag(A() if i % 3 else B(), i) for i in range(600)))


# One site meets instances off the order the class first saw: some already hold the name's
# predecessor in another place, some have a dict (their __dict__ was asked for), some hold more
# attributes than fit inline. Each store takes the generic path and must land all the same.
class Bag:
    pass


def fill(bag, i):
    if i % 5 == 1:
        bag.late = i
    if i % 7 == 2:
        bag.__dict__
    if i % 11 == 3:
        for k in range(10):
            setattr(bag, "f%d" % k, k)
    bag.first = i
    bag.second = -i
    return bag


bags = [fill(Bag(), i) for i in range(400)]
print("orders", sum(b.first - b.second for b in bags), sum(len(vars(b)) for b in bags))
print("keys", list(vars(bags[1])), list(vars(bags[3]))[:3], list(vars(bags[2])))
