# getattr, setattr, hasattr, delattr, __slots__, type(), properties, class- and staticmethods.


class Config:
    __slots__ = ("name", "level")
    default_level = 1

    def __init__(self, name):
        self.name = name
        self.level = Config.default_level


c = Config("app")
for i in range(30):
    setattr(c, "level", getattr(c, "level") + i)
print(c.name, c.level, getattr(c, "missing", "fallback"), hasattr(c, "name"), hasattr(c, "nope"))
delattr(c, "level")
print(hasattr(c, "level"), getattr(c, "level", None))
print(type(c).__name__, type(c) is Config, type(3).__name__, type("s").__name__, type(None).__name__)


class Circle:
    count = 0

    def __init__(self, r):
        self._r = r
        Circle.count += 1

    @property
    def radius(self):
        return self._r

    @radius.setter
    def radius(self, value):
        if value < 0:
            raise ValueError("negative radius")
        self._r = value

    @property
    def diameter(self):
        return 2 * self._r

    @classmethod
    def unit(cls):
        return cls(1)

    @staticmethod
    def describe(x):
        return "circle of " + str(x)


cs = [Circle(i) for i in range(20)]
acc = 0
for circle in cs:
    circle.radius = circle.radius + 1
    acc += circle.diameter
print(acc, Circle.count, Circle.unit().radius, Circle.describe(5), cs[0].describe(6))
try:
    cs[0].radius = -1
except ValueError as e:
    print("ValueError:", e)
try:
    cs[0].diameter = 3
except AttributeError as e:
    print("AttributeError:", e)
try:
    print(cs[0].nothing)
except AttributeError as e:
    print("AttributeError:", e)
try:
    print(Circle.nothing)
except AttributeError as e:
    print("AttributeError:", e)
print(isinstance(cs[0], (int, Circle)), isinstance(1, (str, float)), isinstance(True, int))
print(isinstance(Circle, type), isinstance(c, object), issubclass(bool, int))
