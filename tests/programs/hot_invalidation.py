# Changes a hot trace relies on, made from inside the traced loop itself: a class attribute the
# optimizer turned into a constant, a method replaced on the class, a global function rebound,
# and an instance attribute whose type changes. Each must take effect at once.


class Duck:
    echo = False

    def quack(self):
        return "Quack!"


def loud_quack(self):
    return "QUACK!"


def double(x):
    return x * 2


def triple(x):
    return x * 3


class Point:
    def __init__(self, x):
        self.x = x


def class_attribute():
    d = Duck()
    out = []
    for i in range(200):
        sound = d.quack()
        if d.echo:
            sound += sound
        out.append(len(sound))
        if i == 120:
            Duck.echo = True
    Duck.echo = False
    return sum(out), out[119], out[121]


def method_replaced():
    d = Duck()
    total = 0
    for i in range(200):
        total += len(d.quack())
        if i == 150:
            Duck.quack = loud_quack
    return total, d.quack()


def global_rebound():
    global double
    total = 0
    for i in range(200):
        total += double(i)
        if i == 100:
            double = triple
    return total


def attribute_type_changes():
    p = Point(1)
    total = 0.0
    for i in range(200):
        total += p.x + 1
        if i == 90:
            p.x = 2.5
        if i == 160:
            p.x = "s" == "s"
    return total


print(class_attribute())
print(method_replaced())
print(global_rebound())
print(attribute_type_changes())
