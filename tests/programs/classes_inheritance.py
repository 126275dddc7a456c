# Inheritance, overriding and super() in both forms.


class Animal:
    kind = "animal"

    def __init__(self, name):
        self.name = name

    def speak(self):
        return self.name + " makes a sound"

    def describe(self):
        return self.name + " is an " + self.kind


class Dog(Animal):
    kind = "dog"

    def __init__(self, name, tricks):
        super().__init__(name)
        self.tricks = tricks

    def speak(self):
        return self.name + " barks"


class Puppy(Dog):
    def __init__(self, name):
        super(Puppy, self).__init__(name, 0)

    def speak(self):
        return super().speak() + " softly"


animals = [Animal("generic"), Dog("rex", 3), Puppy("bit")]
for a in animals:
    print(a.speak(), "|", a.describe())
print(isinstance(animals[2], Animal), isinstance(animals[2], Dog), isinstance(animals[1], Puppy))
print(issubclass(Puppy, Animal), issubclass(Animal, Dog), issubclass(Dog, (int, Animal)))
print(Puppy.__name__, Puppy.__base__.__name__, Puppy("x").tricks)

n = 0
for i in range(200):
    a = animals[i % 3]
    if a.speak().endswith("softly"):
        n += 1
print(n)


class Base:
    def hello(self):
        return "base"


class Child(Base):
    pass


ch = Child()
print(ch.hello())
Base.hello = lambda self: "patched"
print(ch.hello())
