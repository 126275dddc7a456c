# A tuple subclass whose __new__ hands tuple.__new__ a class that does not derive from tuple.
class Point(tuple):
    def __new__(cls, x, y):
        return super().__new__(cls, (x, y))


class Other(list):
    pass


class Broken(tuple):
    def __new__(cls, *items):
        return tuple.__new__(Other, items)


print(Point(1, 2), Other([3]))
for make in (lambda: object.__new__(Point), lambda: object.__new__(Other), lambda: list.__new__(5)):
    try:
        make()
    except TypeError as e:
        print(e)
print(Broken(1, 2))
