# Classes: methods, inheritance, super(), class attributes, decorators, properties.


def loud(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs).upper()

    return wrapper


class Animal:
    kind = "animal"

    def __init__(self, name):
        self.name = name

    def speak(self):
        return f"{self.name} makes a sound"

    @staticmethod
    def legs():
        return 4

    @classmethod
    def create(cls, name):
        return cls(name)

    @property
    def title(self):
        return self.name.title()


class Dog(Animal):
    kind = "dog"

    def __init__(self, name, trick):
        super().__init__(name)
        self.trick = trick

    @loud
    def speak(self):
        return super().speak() + " and barks"


d = Dog("rex", "roll")
print(d.speak(), d.trick, d.kind, Animal.kind)
print(Animal.legs(), Animal.create("fido").name, d.title)
print(isinstance(d, Animal), issubclass(Dog, Animal), type(d).__name__)


def make_class(base_value):
    class Local:
        value = base_value

        def get(self):
            return self.value * 2

    return Local


print(make_class(21)().get())
