# Instance attributes that shadow what their class provides, made while the loops that read the
# class's attribute are hot (specialized, traced, compiled): a method replaced on one instance
# (by assignment, setattr and the instance's __dict__), a class attribute overridden on one
# instance while the others keep the class's value, names a class or a base gains after some
# instance already has them in its dict, a shadowing attribute deleted again, subclasses, and
# __init__ replaced on a class whose construction is hot.


class Animal:
    legs = 4
    sound = "..."

    def speak(self):
        return self.sound

    def describe(self):
        return "animal"


class Dog(Animal):
    sound = "woof"

    def describe(self):
        return "dog"


class Puppy(Dog):
    pass


def speak_all(animals, rounds):
    out = []
    for _ in range(rounds):
        for a in animals:
            out.append(a.speak())
    return out


def legs_all(animals, rounds):
    total = 0
    for _ in range(rounds):
        for a in animals:
            total += a.legs
    return total


def summary(values):
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return sorted(counts.items())


def method_shadowed_on_one_instance():
    dogs = [Dog() for _ in range(5)]
    print("before", summary(speak_all(dogs, 100)))
    dogs[2].speak = lambda: "lambda"
    print("assigned", summary(speak_all(dogs, 100)))
    setattr(dogs[3], "speak", lambda: "setattr")
    print("setattr", summary(speak_all(dogs, 100)))
    dogs[4].__dict__["speak"] = lambda: "dict"
    print("__dict__", summary(speak_all(dogs, 100)))
    del dogs[2].speak
    delattr(dogs[3], "speak")
    print("deleted", summary(speak_all(dogs, 100)))
    print("fresh dogs", summary(speak_all([Dog(), Dog()], 100)))


def method_shadowed_inside_the_loop():
    dogs = [Dog() for _ in range(4)]
    out = []
    for i in range(400):
        for d in dogs:
            out.append(d.describe())
        if i == 200:
            dogs[1].describe = lambda: "patched"
        if i == 300:
            del dogs[1].describe
    print("inside the loop", summary(out), out[803], out[805], out[1205])


def class_attribute_shadowed_on_one_instance():
    animals = [Animal() for _ in range(4)]
    print("legs", legs_all(animals, 200))
    animals[0].legs = 3
    print("one shadowed", legs_all(animals, 200), [a.legs for a in animals])
    others = [Animal() for _ in range(3)]
    print("others", legs_all(others, 200))
    del animals[0].legs
    print("shown again", legs_all(animals, 200), animals[0].legs)


def shadowed_inside_the_loop():
    animals = [Animal() for _ in range(3)]
    total = 0
    for i in range(600):
        for a in animals:
            total += a.legs
        if i == 250:
            animals[1].legs = 100
        if i == 400:
            animals[2].legs = 1000
        if i == 500:
            del animals[1].legs
    print("shadowed inside the loop", total)


class Cat:
    lives = 9

    def meow(self):
        return "meow"


def through_the_instance_dict():
    cats = [Cat() for _ in range(3)]
    out = []
    for i in range(300):
        for c in cats:
            out.append(c.meow())
            out.append(str(c.lives))
        if i == 100:
            cats[1].__dict__["meow"] = lambda: "dict meow"
        if i == 200:
            d = cats[2].__dict__
            d["lives"] = 1
    print("through __dict__", summary(out))


class Gadget:
    def __init__(self, name):
        self.name = name


def tags(objects, rounds):
    out = []
    for _ in range(rounds):
        for o in objects:
            out.append(o.tag)
    return out


def class_gains_a_name_instances_have():
    old = Gadget("old")
    old.tag = "instance"  # Gadget has no `tag` yet: a plain new attribute
    plain = [Gadget("p%d" % i) for i in range(3)]
    Gadget.tag = "class"
    print("gained", summary(tags(plain + [old], 150)))
    print("hot then old", summary(tags(plain * 100 + [old] * 3, 1)))
    Gadget.tag = "class2"  # replacing: the old instance still shadows
    print("replaced", summary(tags([old] + plain, 150)))
    del old.tag
    print("old deleted", summary(tags([old] + plain, 150)))


def class_gains_a_method_instances_have():
    g = Gadget("g")
    g.greet = lambda: "instance greet"
    others = [Gadget("o%d" % i) for i in range(3)]

    def greet(self):
        return "class greet " + self.name

    Gadget.greet = greet
    out = []
    for _ in range(200):
        for o in others:
            out.append(o.greet())
    out.append(g.greet())
    for o in others + [g]:
        out.append(o.greet())
    print("method gained", len(out), out[-5:])


def base_gains_a_name_subclass_instances_have():
    p = Puppy()
    p.color = "brown"
    q = Puppy()
    d = Dog()
    d.color = "black"
    Animal.color = "grey"  # a base gains it: Dog and Puppy instances may shadow it
    out = []
    for _ in range(200):
        for x in (q, d, p, Animal()):
            out.append(x.color)
    print("base gained", summary(out))
    out = []
    for _ in range(200):
        for x in (q, q, q):
            out.append(x.color)
    out.append(p.color)
    out.append(d.color)
    print("then", summary(out), out[-2:])


def subclass_instances():
    animals = [Animal(), Dog(), Puppy(), Puppy()]
    print("sub", summary(speak_all(animals, 150)))
    animals[3].sound = "yip"  # shadows Dog.sound, found through the base
    print("sub shadowed", summary(speak_all(animals, 150)))
    animals[2].speak = lambda: "puppy lambda"
    print("sub method", summary(speak_all(animals, 150)))
    print("legs", legs_all(animals, 150))
    animals[1].legs = 5
    print("legs shadowed", legs_all(animals, 150))
    Dog.legs = 6  # Dog had no `legs` of its own: Dog and Puppy gain it
    print("legs on Dog", legs_all(animals, 150), [a.legs for a in animals])


class Counter:
    def __init__(self, start):
        self.value = start


class SubCounter(Counter):
    pass


def construct(cls, n):
    total = 0
    for i in range(n):
        total += cls(i).value
    return total


def init_replaced():
    print("init", construct(Counter, 300), construct(SubCounter, 300))

    def double_init(self, start):
        self.value = 2 * start

    Counter.__init__ = double_init  # the base's: both classes construct differently
    print("init replaced", construct(Counter, 300), construct(SubCounter, 300))

    def triple_init(self, start):
        self.value = 3 * start

    SubCounter.__init__ = triple_init
    print("sub init", construct(Counter, 300), construct(SubCounter, 300))
    c = Counter(1)
    c.__init__ = triple_init  # an instance attribute: construction is not affected
    print("instance init", construct(Counter, 300), c.value)


method_shadowed_on_one_instance()
method_shadowed_inside_the_loop()
class_attribute_shadowed_on_one_instance()
through_the_instance_dict()
shadowed_inside_the_loop()
class_gains_a_name_instances_have()
class_gains_a_method_instances_have()
base_gains_a_name_subclass_instances_have()
subclass_instances()
init_replaced()
